# desc: torch.linalg.cross of a batch of float32 vectors with one vector broadcast (1, 3) -> (4, 3): LinalgCrossBackward0, the broadcast operand's gradient summed over the batch; a float64 cross along dim 0 printed to the last digit
# features: cross, broadcasting, backward
import torch
torch.manual_seed(3)
a = torch.randn(4, 3, requires_grad=True)
b = torch.randn(1, 3, requires_grad=True)
out = torch.linalg.cross(a, b)
print(out)
print(out.grad_fn.name())
out.backward(torch.randn(4, 3))
print(a.grad)
print(b.grad)
x = torch.randn(3, 5, dtype=torch.float64)
y = torch.randn(3, 5, dtype=torch.float64)
torch.set_printoptions(precision=17)
print(torch.linalg.cross(x, y, dim=0))
print(x.cross(y, dim=0).sum(0))
