# The tutorial "Jacobians, Hessians, hvp, vhp, and more: composing function transforms", its small steps
from functools import partial
import torch
import torch.nn.functional as F
from torch.func import jacrev, jacfwd, vmap, vjp, jvp, hessian

torch.manual_seed(0)


def predict(weight, bias, x):
    return F.linear(x, weight, bias).tanh()


D = 4
weight = torch.randn(D, D)
bias = torch.randn(D)
x = torch.randn(D)

xp = x.clone().requires_grad_()
unit_vectors = torch.eye(D)


def compute_jac(xp):
    jacobian_rows = [torch.autograd.grad(predict(weight, bias, xp), xp, vec)[0] for vec in unit_vectors]
    return torch.stack(jacobian_rows)


jacobian = compute_jac(xp)
print(jacobian.shape)
print(jacobian[0])

_, vjp_fn = vjp(partial(predict, weight, bias), x)
ft_jacobian, = vmap(vjp_fn)(unit_vectors)
print(ft_jacobian.shape)

ft_jacobian = jacrev(predict, argnums=2)(weight, bias, x)
print(ft_jacobian)
print(torch.allclose(ft_jacobian, jacobian))
print(ft_jacobian.requires_grad, ft_jacobian.grad_fn)

ft_jac_weight, ft_jac_bias = jacrev(predict, argnums=(0, 1))(weight, bias, x)
print(ft_jac_weight.shape, ft_jac_bias.shape)
print(ft_jac_bias)

jacfwd_jac = jacfwd(predict, argnums=2)(weight, bias, x)
print(torch.allclose(jacfwd_jac, ft_jacobian))

hess_api = hessian(predict, argnums=2)(weight, bias, x)
hess_fwdfwd = jacfwd(jacfwd(predict, argnums=2), argnums=2)(weight, bias, x)
hess_revrev = jacrev(jacrev(predict, argnums=2), argnums=2)(weight, bias, x)
print(hess_api.shape)
print(torch.allclose(hess_api, hess_fwdfwd), torch.allclose(hess_api, hess_revrev, atol=1e-6))
print(hess_api[0])


def f(x):
    return x.sin().sum()


def hvp(f, primals, tangents):
    return jvp(jacrev(f), primals, tangents)[1]


x = torch.randn(2048 // 512)
tangent = torch.randn(4)
result = hvp(f, (x,), (tangent,))
print(result)
print(torch.allclose(result, hessian(f)(x) @ tangent))


def hvp_revrev(f, primals, tangents):
    _, vjp_fn = vjp(jacrev(f), *primals)
    return vjp_fn(*tangents)


print(hvp_revrev(f, (x,), (tangent,)))
