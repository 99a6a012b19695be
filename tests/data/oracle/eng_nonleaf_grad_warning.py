# desc: reading .grad of a non-leaf that did not retain_grad returns None and emits a UserWarning
# features: non-leaf-grad, warning, is_leaf
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
out = y.sum()
out.backward()
print(y.grad, y.is_leaf, x.grad)
