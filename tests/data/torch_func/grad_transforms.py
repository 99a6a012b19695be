# torch.func.grad and its relatives on small functions, as the torch.func docs show them
import torch
from torch.func import grad, grad_and_value, vjp, jvp, vmap

x = torch.randn(3, generator=torch.Generator().manual_seed(1))
cos_x = grad(lambda x: torch.sin(x))(torch.tensor(0.5))
print(cos_x, torch.cos(torch.tensor(0.5)))

neg_sin_x = grad(grad(lambda x: torch.sin(x)))(torch.tensor(0.5))
print(neg_sin_x)

batch_x = torch.linspace(0, 3, 5)
print(vmap(grad(torch.sin))(batch_x))


def loss(w, b, inp, target):
    return ((inp @ w + b - target) ** 2).mean()


w = torch.tensor([0.5, -1.0, 2.0])
b = torch.tensor(0.1)
inp = torch.arange(6.0).reshape(2, 3)
target = torch.tensor([1.0, 2.0])
gw = grad(loss)(w, b, inp, target)
print(gw, gw.requires_grad, gw.grad_fn)
gw, gb = grad(loss, argnums=(0, 1))(w, b, inp, target)
print(gw, gb)
g, value = grad_and_value(loss)(w, b, inp, target)
print(g, value)


def with_aux(x):
    y = (x ** 3).sum()
    return y, {"cube": x ** 3}


g, aux = grad(with_aux, has_aux=True)(x)
print(g)
print(aux)
print(grad_and_value(with_aux, has_aux=True)(x)[1][0])

# dicts of tensors, as model parameters are passed
params = {"w": w, "b": b}
print(grad(lambda p: loss(p["w"], p["b"], inp, target))(params))

# the input requires grad: the gradient joins its graph (grad of grad)
xr = torch.tensor([1.0, 2.0], requires_grad=True)
g = grad(lambda t: (t ** 3).sum())(xr)
print(g.requires_grad)
g.sum().backward()
print(xr.grad)

out, vjp_fn = vjp(torch.sin, x)
print(out)
print(vjp_fn(torch.ones(3)))
print(jvp(lambda a, c: a * c, (x, torch.ones(3)), (torch.ones(3), torch.zeros(3))))
with torch.no_grad():
    print(grad(lambda t: (t * t).sum())(x))
