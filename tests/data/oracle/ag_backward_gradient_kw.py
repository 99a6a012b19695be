# desc: out = x**2 (2x2); out.backward(gradient=v) gives 2*x*v
# features: backward-with-gradient, gradient-kwarg, pow, jacobian
import torch
x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
out = x ** 2
print(out.grad_fn.name())
v = torch.tensor([[1., 0.5], [0.1, 2.]])
out.backward(gradient=v)
print(x.grad)
