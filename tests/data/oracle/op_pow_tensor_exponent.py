# desc: x ** p with a (2,2) base and a broadcast (2,) exponent tensor requiring grad: d/dp = x^p log x
# features: pow, broadcast, pow-tensor-exponent, jacobian
import torch
x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
p = torch.tensor([2., 0.5], requires_grad=True)
out = x ** p
print(out, out.grad_fn.name())
v = torch.tensor([[1., 1.], [1., 1.]])
out.backward(v)
print(x.grad, p.grad)
