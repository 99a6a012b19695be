# What torch.func refuses, with PyTorch's messages
import torch
from torch.func import grad, vjp, jvp, jacrev, vmap, functional_call

x = torch.arange(6.0).reshape(2, 3)


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, "->", e)


show(lambda: grad(lambda t: t ** 2)(x))
show(lambda: grad(lambda t: 3)(x))
show(lambda: grad(lambda t: (t.sum(), 2))(x))
show(lambda: grad(lambda t: t.sum(), argnums=1)(x))
show(lambda: grad(lambda t: t.sum(), has_aux=True)(x))
show(lambda: grad(lambda t: t * 2)(3.0))
show(lambda: grad(lambda t: t.sum())(torch.tensor([1, 2])))
show(lambda: jacrev(lambda t: t.sum(), argnums=2)(x))
show(lambda: jacrev(lambda t: 3)(x))
show(lambda: jvp(torch.sin, (x,), (torch.ones(3),)))
show(lambda: jvp(torch.sin, x, x))
show(lambda: vjp(torch.sin, x)[1](torch.ones(3)))
show(lambda: vmap(lambda a: 3.0)(x))
show(lambda: vmap(lambda a: a, in_dims=2)(x))
show(lambda: vmap(lambda a, b: a + b)(x, torch.ones(3, 3)))
show(lambda: vmap(lambda a: a, in_dims=None)(x))
show(lambda: vmap(lambda a: a, in_dims=(None,))(x))
show(lambda: vmap(lambda a: a)(3.0))
show(lambda: vmap(lambda a: torch.rand(3))(x))
show(lambda: vmap(lambda a: a, randomness="bogus")(x))
show(lambda: vmap(lambda a, b: a + b, in_dims=(0,))(x, x))
show(lambda: vmap(lambda a: a)(torch.tensor(1.0)))
m = torch.nn.Linear(3, 2)
show(lambda: functional_call(m, {"weight": torch.ones(2, 3)}, x, strict=True))
show(lambda: functional_call(m, {"weight": torch.ones(2, 3), "bias": torch.zeros(2)}, (x,)))
show(lambda: functional_call(m, {"weight": 3}, x))
show(lambda: functional_call(m, [1], x))
show(lambda: functional_call(m, ({"weight": x}, {"weight": x}), x))
show(lambda: grad(lambda t: t.sum(), argnums=(0, 0))(x))
show(lambda: grad(lambda t: t.sum(), argnums=1.5)(x))
show(lambda: grad(lambda t, u: t.sum(), argnums=(0, -2))(x, x))
show(lambda: grad(lambda t: t.sum(), argnums=())(x))
show(lambda: grad(lambda t: t.sum(), argnums=[0])(x))
show(lambda: grad(lambda t: t.sum(), argnums=(0, 1.5))(x))
