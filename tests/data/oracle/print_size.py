# desc: torch.Size printing, comparison with tuple/list, indexing and len, numel, empty Size
# features: print, Size, shape
import torch
x = torch.zeros(2, 3, 1)
s = x.shape
print(s, x.size(), s == (2, 3, 1), s == [2, 3, 1])
print(s[1], len(s), s.numel(), s[1:], type(s[1:]).__name__)
print(torch.Size([4, 5]), torch.tensor(1.).shape, torch.Size([]))
print(list(s), tuple(s), x.size(-1))
