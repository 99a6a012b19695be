# desc: << and >> on tensors (bitwise_left_shift / bitwise_right_shift, the reflected 1 << t, in-place <<= >>= keeping the tensor and bumping _version): shifts past the width, negative counts, dtype promotion (uint8 with int8, a 0-d int64 operand), PyTorch's refusals of float and bool; &= |= ^= in place; Python ints shifted as Python shifts them
# features: bitwise, printing, inplace
import torch
def t(f):
    try: r = f(); print(r)
    except Exception as ex: print(type(ex).__name__, ex)
a = torch.tensor([1, 2, 3])
t(lambda: 1 << a)
t(lambda: 16 >> a)
t(lambda: a << 64)
t(lambda: a << 63)
t(lambda: a >> 64)
t(lambda: torch.tensor([-8]) >> 70)
t(lambda: a << -1)
t(lambda: a >> -1)
t(lambda: a << torch.tensor([-1, 65, 2]))
t(lambda: torch.tensor([1, 2], dtype=torch.uint8) << 7)
t(lambda: torch.tensor([1, 2], dtype=torch.uint8) << 8)
t(lambda: torch.tensor([1, 2], dtype=torch.int8) << 7)
t(lambda: torch.tensor([-128], dtype=torch.int8) >> 9)
t(lambda: torch.tensor([1, 2], dtype=torch.int32) << 31)
t(lambda: torch.tensor([1, 2], dtype=torch.int32) << torch.tensor([3]))
t(lambda: torch.tensor([1, 2], dtype=torch.int32) << torch.tensor(3, dtype=torch.int64))
t(lambda: torch.tensor([1, 2], dtype=torch.uint8) << torch.tensor([3, 1], dtype=torch.int8))
t(lambda: torch.tensor([True, False]) << 1)
t(lambda: torch.tensor([True, False]) << True)
t(lambda: torch.tensor([1., 2.]) << 1)
t(lambda: a << 1.5)
t(lambda: a >> 2.0)
t(lambda: 2.0 << a)
t(lambda: a << torch.tensor([1., 2., 3.]))
t(lambda: torch.bitwise_left_shift(3, a))
t(lambda: torch.bitwise_left_shift(a, 2))
t(lambda: torch.bitwise_right_shift(a, torch.tensor(1)))
t(lambda: a.bitwise_left_shift(1))
t(lambda: a.bitwise_left_shift_(1))
b = torch.tensor([1, 2, 3]); c = b
b <<= 2
print(b, c, b is c, b._version)
b >>= torch.tensor([1, 1, 2])
print(b, c, b is c, b._version)
y = torch.tensor([1.])
try:
    y <<= 1
except Exception as ex: print(type(ex).__name__, ex)
x = torch.tensor([1, 2])
try:
    x <<= 1.5
except Exception as ex: print(type(ex).__name__, ex)
print(x)
t(lambda: a << 2**63)
t(lambda: a << -2**63)
t(lambda: torch.tensor([1], dtype=torch.int16) << 20)
t(lambda: torch.tensor(5) << torch.tensor([1,2]))
b = torch.tensor([True, False, True]); c = b
b &= torch.tensor([True, True, False])
print(b, c is b, b._version)
i = torch.tensor([5, 6]); j = i
i |= 8
i ^= torch.tensor([1, 1])
print(i, j is i, i._version)
f = torch.tensor([1., 2.])
try:
    f &= 1
except Exception as ex: print(type(ex).__name__, ex)
print(f, f._version)
print(1 << 100, (1 << 100) >> 98, 5 << 0, True << 3, 7 >> 10, -7 >> 10)
try:
    print(1 << -1)
except Exception as ex: print(type(ex).__name__, ex)
try:
    print(1.0 << 1)
except Exception as ex: print(type(ex).__name__, ex)
import numpy as np
print(np.int64(3) << 2, np.array([1, 2]) << 3)
