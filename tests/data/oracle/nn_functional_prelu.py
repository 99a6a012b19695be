# desc: F.prelu with one shared weight and with one weight per channel (dim 1), PreluKernelBackward0, the gradients of input and weight; Tensor.prelu
# features: nn.functional, prelu, channels
import torch
import torch.nn.functional as F
torch.manual_seed(1)
x = torch.randn(2, 3, 2, requires_grad=True)
a1 = torch.tensor([0.25], requires_grad=True)
a3 = torch.tensor([0.1, 0.2, 0.3], requires_grad=True)
y1 = F.prelu(x, a1)
y3 = x.prelu(a3)
print(y1.grad_fn.name(), y3.grad_fn.name())
print(y3)
out = y1 * 2 + y3
out.backward(torch.ones_like(out))
print(x.grad)
print(a1.grad, a3.grad)
