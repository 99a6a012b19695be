# desc: print(x.grad, y.grad) before backward (None None), and after backward where one leaf was unused (tensor, None)
# features: print, grad-none, backward
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = torch.tensor([3.], requires_grad=True)
print(x.grad, y.grad)
out = (x * 2).sum()
out.backward()
print(x.grad, y.grad)
