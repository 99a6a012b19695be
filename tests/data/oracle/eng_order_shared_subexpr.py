# desc: shared subexpression s = x*x used by p, q, r: consumer hooks fire r, q, p (reverse creation), then s once with the summed gradient
# features: execution-order, hooks, shared-subexpression, accumulation
import torch
x = torch.tensor(2., requires_grad=True)
s = x * x
p = s + 1
q = s * 3
r = s.exp()
s.register_hook(lambda g: print("s", g))
p.register_hook(lambda g: print("p", g))
q.register_hook(lambda g: print("q", g))
r.register_hook(lambda g: print("r", g))
out = p * q + r
out.backward()
print(x.grad)
