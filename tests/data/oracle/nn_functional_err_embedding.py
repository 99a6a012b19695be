# desc: F.embedding with an index past the table: IndexError "index out of range in self"
# features: nn.functional, embedding, error
import torch
import torch.nn.functional as F
table = torch.ones(3, 2, requires_grad=True)
print(F.embedding(torch.tensor([2, 0]), table))
e = F.embedding(torch.tensor([1, 3]), table)
