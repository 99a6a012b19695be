# desc: torch.einsum with an output subscript no input has -> RuntimeError with PyTorch's message
# features: einsum, error
import torch
a = torch.ones(2, 3)
b = torch.ones(3, 4)
print(torch.einsum('ij,jk->ik', a, b).sum())
c = torch.einsum('ij,jk->il', a, b)
