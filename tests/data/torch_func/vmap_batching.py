# torch.vmap: in_dims, out_dims, nesting and pytrees, as the vmap docs show them
import torch
from torch.func import vmap

torch.manual_seed(0)
batched_dot = torch.func.vmap(torch.dot)
x, y = torch.randn(2, 5), torch.randn(2, 5)
print(batched_dot(x, y))
print(torch.allclose(batched_dot(x, y), (x * y).sum(1)))

batch_size, feature_size = 3, 5
weights = torch.randn(feature_size, requires_grad=False)


def model(feature_vec):
    assert feature_vec.dim() == 1
    return feature_vec.dot(weights).relu()


examples = torch.randn(batch_size, feature_size)
result = torch.vmap(model)(examples)
print(result)

batched_pow = torch.vmap(lambda a, n: a ** n, in_dims=(0, None))
print(batched_pow(torch.arange(4.0), 2))

x = torch.randn(2, 3, 5)
print(vmap(vmap(torch.sum))(x).shape)
print(vmap(torch.sum, in_dims=1)(x))
print(vmap(lambda t: t.sum(0), in_dims=2, out_dims=1)(x).shape)
print(vmap(lambda t: (t.max(), t.min()), in_dims=-1)(torch.arange(6.0).reshape(2, 3)))
print(vmap(lambda d: d["a"] + d["b"])({"a": torch.ones(2, 2), "b": torch.arange(4.0).reshape(2, 2)}))
print(vmap(lambda t: {"sq": t * t, "neg": -t})(torch.arange(3.0)))
print(vmap(lambda t, s: t * s, in_dims=(1, None), out_dims=1)(torch.ones(2, 3), 10.0))
print(vmap(torch.outer)(torch.arange(4.0).reshape(2, 2), torch.ones(2, 3)))

# batched matrix-vector products, and a Jacobian by vmapping over the rows of the identity
A = torch.randn(3, 3)
print(vmap(lambda v: A @ v)(torch.eye(3)))
print(vmap(lambda t: t, out_dims=1)(torch.arange(6).reshape(2, 3)))
r = vmap(lambda t: t * 2)(torch.ones(2, requires_grad=True))
print(r.requires_grad)
