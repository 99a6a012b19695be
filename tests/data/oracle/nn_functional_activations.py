# desc: the activations of torch.nn.functional, the piecewise ones on values at their kinks (0, the hardtanh/hardsigmoid/hardswish bounds), the smooth ones across 0 and softplus's threshold: values, grad_fn names (relu6 is HardtanhBackward0, selu is EluBackward0, softsign and tanhshrink are composites) and the gradient of their sum
# features: nn.functional, activations, grad_fn
import torch
import torch.nn.functional as F
xk = torch.tensor([-4.0, -3.0, -1.0, -0.5, 0.0, 0.25, 1.0, 3.0, 6.0, 6.5], requires_grad=True)
x = torch.tensor([-2.5, -1.5, -1.0, -0.5, 0.0, 0.25, 1.0, 2.0, 6.5, 12.0], requires_grad=True)
for name, y in {"relu": F.relu(xk), "relu6": F.relu6(xk), "leaky_relu": F.leaky_relu(xk, 0.1),
                "hardtanh": F.hardtanh(xk), "hardtanh_m2_2": F.hardtanh(xk, -2.0, 2.0),
                "hardsigmoid": F.hardsigmoid(xk), "hardswish": F.hardswish(xk)}.items():
    print(name, y.grad_fn.name())
    print(y)
    g, = torch.autograd.grad(y.sum(), xk)
    print(g)
ys = {
    "elu": F.elu(x, 0.7),
    "selu": F.selu(x), "celu": F.celu(x, 2.0), "gelu": F.gelu(x), "gelu_tanh": F.gelu(x, approximate="tanh"),
    "silu": F.silu(x), "softplus": F.softplus(x), "softplus_b2": F.softplus(x, beta=2.0, threshold=5.0),
    "logsigmoid": F.logsigmoid(x), "mish": F.mish(x), "softsign": F.softsign(x),
    "tanhshrink": F.tanhshrink(x), "sigmoid": F.sigmoid(x), "tanh": F.tanh(x),
}
for name, y in ys.items():
    print(name, y.grad_fn.name())
    print(y)
    g, = torch.autograd.grad(y.sum(), x)
    print(g)
out = F.gelu(x) * F.silu(x) + F.elu(x) - F.mish(x) + F.softplus(x, beta=2.0, threshold=5.0)
print(torch.erf(x))
out.backward(torch.tensor([-1.0, -0.5, 0.5, 1.0, 2.0, 0.25, 1.5, -2.0, 0.75, 1.0]))
print(x.grad)
