# desc: printing a list and a tuple of tensors (repr inside brackets, multi-line matrices), and a list of tensors requiring grad
# features: print, list, tuple, repr
import torch
a = torch.tensor([1., 2.])
b = torch.tensor([[1, 2], [3, 4]])
print([a, b])
print((a, a * 2))
x = torch.tensor([1.], requires_grad=True)
print([x, x * 2])
print((torch.tensor(1.),))
