# desc: backward on a result of tensors that do not require grad -> RuntimeError (element 0 of tensors does not require grad)
# features: backward, requires_grad, error
import torch
x = torch.tensor([1., 2.])
out = (x * 2).sum()
print(out.requires_grad, out.grad_fn)
out.backward()
