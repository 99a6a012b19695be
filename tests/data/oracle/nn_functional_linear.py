# desc: F.linear on 1-D, 2-D and 3-D inputs with and without a bias: the grad_fn chain PyTorch builds (AddmmBackward0 with a bias, matmul's MmBackward0 without; views around addmm for other ranks), torch.addmm with beta/alpha, and the gradients
# features: nn.functional, linear, addmm, grad_fn, next_functions
import torch
import torch.nn.functional as F
torch.manual_seed(0)
w = torch.randn(4, 3, requires_grad=True)
b = torch.randn(4, requires_grad=True)
x1 = torch.randn(3, requires_grad=True)
x2 = torch.randn(2, 3, requires_grad=True)
x3 = torch.randn(2, 2, 3, requires_grad=True)
for x in (x1, x2, x3):
    for bias in (b, None):
        y = F.linear(x, w, bias)
        print(tuple(y.shape), y.grad_fn.name(), [f.name() if f is not None else None for f, _ in y.grad_fn.next_functions])
y = F.linear(x2, w, b)
print(y)
print(y.grad_fn.name())
y1 = F.linear(x1, w, b)
print(y1)
z = torch.addmm(b, x2, w.t(), beta=0.5, alpha=2.0)
print(z)
out = (F.linear(x3, w, b) * F.linear(x3, w)).sum() + y1.sum() + z.sum()
out.backward()
print(w.grad)
print(b.grad)
print(x1.grad, x2.grad, x3.grad, sep="\n")
