# expect: raised
# why: grad_fn.op would reach the op registry
import torch
x = torch.ones(2, requires_grad=True)
y = (x * 2).sum()
op = y.grad_fn.op
print(op)
