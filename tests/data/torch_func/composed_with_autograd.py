# torch.func composed with the program's own autograd: inputs and captured tensors that require grad
import torch
from torch.func import grad, jacrev, jacfwd, vjp, jvp, hessian, vmap
x = torch.tensor([0.3, -1.2, 2.0], requires_grad=True)
w = torch.tensor([1.5, 0.5, -2.0], requires_grad=True)
J = jacrev(lambda t: t.sin() * w)(x)
print(J.requires_grad)
J.sum().backward()
print(x.grad, w.grad)
x.grad = None; w.grad = None
g = grad(lambda t: (t * w).pow(2).sum())(torch.ones(3))
print(g.requires_grad)
g.sum().backward()
print(w.grad, x.grad)
H = hessian(lambda t: (t ** 3 * w).sum())(x)
print(H.requires_grad)
H.trace().backward()
print(x.grad)
_, t = jvp(lambda a: a.exp() * w, (x,), (torch.ones(3),))
print(t.requires_grad)
t.sum().backward()
print(w.grad)
print(vmap(grad(lambda a: (a ** 2 * w.detach()).sum()))(torch.arange(6.0).reshape(2, 3)))
print(jacfwd(jacfwd(lambda t: t.sin().sum()))(x.detach()))
with torch.no_grad():
    print(grad(lambda t: (t * w).sum())(x).requires_grad)
