# expect: raised
# why: a transformed function (grad(f), vjp's vjp_fn) is a host closure: a program reads its name only, and getattr of a dunder built at run time is refused like any other
import torch
from torch.func import grad, vjp
f = grad(lambda t: (t * t).sum())
print(f(torch.ones(2)))
out, vjp_fn = vjp(torch.sin, torch.ones(2))
print(vjp_fn.__name__)
g = getattr(vjp_fn, "__clo" + "sure__")
print(g[0].cell_contents)
print(getattr(f, "__glob" + "als__")["__builtins__"])
