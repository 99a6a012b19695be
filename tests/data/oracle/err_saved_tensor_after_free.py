# desc: reading grad_fn._saved_self after backward freed the buffers -> RuntimeError (same text as the second-backward error); before backward it is x
# features: saved-tensors, grad_fn, error
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = x * x
print(y.grad_fn._saved_self is x, y.grad_fn._saved_self.equal(x))
y.sum().backward()
s = y.grad_fn._saved_self
print(s)
