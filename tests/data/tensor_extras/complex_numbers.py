# complex tensors as values: promotion, printing, parts, conjugates, random draws, the eigen-decomposition,
# a complex module (a backward pass through them is refused: tests/core/test_tensor_extras.py)
import torch
from torch import nn
torch.manual_seed(0)
print(torch.tensor([1.5+2j, -3-0.25j, 0.001j]))
print(torch.tensor(1j), torch.tensor(-2.5-1j), torch.tensor(3+0j, dtype=torch.complex128))
print(torch.ones(2) + 1j, torch.ones(2, dtype=torch.float64) * (2-1j))
print((torch.ones(2, dtype=torch.float64) + torch.tensor(1j)).dtype, (torch.tensor([1, 2]) + 1j).dtype)
print((torch.ones(2, dtype=torch.complex64) + torch.ones(2, dtype=torch.float64)).dtype)
print((torch.ones(2, dtype=torch.complex64) + torch.tensor(1., dtype=torch.float64)).dtype)
print(torch.tensor([[1+1j, 2-2j, 1e-5j], [1e6+0j, -1j, float('nan')]]))
z = torch.tensor([[1+2j, 3-4j], [0.5j, -1.25]])
print(z @ z, z * z, z - 1, z / 2, -z, z.sum(), z.mean())
print(z.real, z.imag, z.abs(), z.angle(), z.conj(), torch.abs(z), z.sgn())
print(z.t(), z.reshape(4), z[0], z[1, 1], z.dtype, z.shape, z.is_complex(), torch.is_complex(z))
print(z.exp(), z ** 2)
print(torch.zeros(2, 2, dtype=torch.cfloat, requires_grad=True))
w = torch.tensor([1+2j, 3-4j], requires_grad=True)
y = (w * w).sum()
print(y, y.grad_fn.name(), w.real.grad_fn.name(), w.conj().grad_fn.name(), w.abs().grad_fn.name())
x = torch.tensor([1.0, -2.0, 0.0], requires_grad=True)
print(x.real is x, x.conj() is x, x.angle(), torch.complex(x, x), torch.polar(x.abs(), x))
print(torch.view_as_real(torch.tensor([1+2j, 3-4j])), torch.view_as_complex(torch.ones(2, 2)))
print(torch.randn(3, dtype=torch.cfloat), torch.rand(2, dtype=torch.cdouble))
print(torch.randn(20, dtype=torch.cfloat))
print(torch.arange(20, dtype=torch.float32).reshape(4, 5) * (1+1j))
print(torch.tensor([1+1j]).item(), z.tolist())
print(torch.linalg.eig(torch.tensor([[1.0, 2], [-5, 4]])))
print(torch.linalg.eigvals(torch.tensor([[2.0, 0], [0, 3]], dtype=torch.float64)))
linear = nn.Linear(2, 2, bias=None).to(torch.cdouble)
print(linear.weight.dtype, linear(torch.ones(3, 2, dtype=torch.cdouble)).grad_fn.name())
for bad in (lambda: x.imag, lambda: torch.view_as_real(x), lambda: torch.complex(x, x.double()),
            lambda: torch.view_as_complex(torch.ones(2, 3)), lambda: torch.complex(torch.tensor([1]), torch.tensor([1])),
            lambda: torch.linalg.eig(torch.ones(2, 3)), lambda: torch.linalg.eig(torch.ones(2, 2, dtype=torch.int64)),
            lambda: y.backward()):
    try:
        bad()
    except RuntimeError as e:
        print("RuntimeError:", e)
