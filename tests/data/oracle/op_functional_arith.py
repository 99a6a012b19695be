# desc: torch.mul, torch.div, torch.pow, torch.neg, torch.sub combined; grad_fn names of each step
# features: mul, div, pow, neg, sub, jacobian
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = torch.tensor([2., 2., 4.], requires_grad=True)
a = torch.mul(x, y)
b = torch.div(a, y + 1)
c = torch.pow(b, 2)
out = torch.sub(torch.neg(c), x)
print([t.grad_fn.name() for t in (a, b, c, out)])
v = torch.tensor([1., 1., 1.])
out.backward(v)
print(out, out.grad_fn.name(), x.grad, y.grad)
