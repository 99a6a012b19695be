# desc: F.normalize along dim 1 and dim 0 (LinalgVectorNormBackward0, ClampMinBackward0, ExpandBackward0, DivBackward0), a zero row held by eps, and F.softmax/log_softmax without dim (the implicit-dimension warning)
# features: nn.functional, normalize, softmax, warnings
import torch
import torch.nn.functional as F
x = torch.tensor([[3.0, 4.0, 0.0], [0.0, 0.0, 0.0], [1.0, -2.0, 2.0]], requires_grad=True)
y = F.normalize(x)
print(y)
denom = y.grad_fn.next_functions[1][0]
print(y.grad_fn.name(), denom.name(), denom.next_functions[0][0].name(),
      denom.next_functions[0][0].next_functions[0][0].name())
y1 = F.normalize(x, p=1.0, dim=0)
print(y1)
s = F.softmax(x)
ls = F.log_softmax(x[0])
print(s, ls, sep="\n")
out = (y * torch.tensor([1.0, 2.0, 3.0])).sum() + y1[2].sum()
out.backward()
print(x.grad)
