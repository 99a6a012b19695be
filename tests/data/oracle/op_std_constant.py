# desc: std of a constant vector is 0; its gradient comes out as 0 (not nan from 0/0)
# features: std, zero-std, jacobian
import torch
x = torch.tensor([2., 2., 2.], requires_grad=True)
out = x.std()
print(out, out.grad_fn.name())
out.backward()
print(x.grad)
