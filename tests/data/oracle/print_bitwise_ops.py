# desc: bitwise & | ^ ~ on integer and bool tensors (PyTorch's bitwise ops, not the logical ones), the torch.bitwise_* functions and methods, dtype promotion, and the refusal for float tensors
# features: printing, dtypes
import torch
a = torch.tensor([1, 5, 11])
b = torch.tensor([2, 7, 10])
t = torch.tensor([True, False, True])
print(a ^ b, a & b, a | b, ~a)
print(a ^ 3, 3 ^ a, a ^ True)
print(t ^ t, t & torch.tensor([True, True, False]), ~t, t | False)
print(torch.bitwise_xor(a, b), torch.bitwise_not(a), a.bitwise_and(b), a.bitwise_or(b))
print(torch.bitwise_left_shift(a, 2), torch.bitwise_right_shift(a, 1))
print(torch.tensor([1], dtype=torch.int16) ^ torch.tensor([2], dtype=torch.uint8))
out = torch.tensor([1.0, 2.0]) ^ torch.tensor([1.0, 0.0])
