# desc: norm of the zero vector is 0 and its gradient is 0 (not nan)
# features: norm, zero-input, jacobian
import torch
x = torch.tensor([0., 0., 0.], requires_grad=True)
out = x.norm()
print(out, out.grad_fn.name())
out.backward()
print(x.grad)
