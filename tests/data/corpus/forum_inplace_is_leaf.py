# Source: PyTorch Forums, thread 120297, "Inplace operation changes is_leaf attribute" (https://discuss.pytorch.org/t/inplace-operation-changes-is-leaf-attribute/120297), the question's code
# Changes: the forum page lost the code's indentation; it is restored (4 spaces per level); `import torch`, which the post assumes, added; nothing else changed
import torch
c = torch.randn(10, 3, 2, 32, requires_grad=True)
print(c.is_leaf)
# operation 1
try:
    c += 1 # RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.
except RuntimeError:
    print(RuntimeError)
# operation 2
try:
    torch.add(c, 1, out=c) # RuntimeError: add(): functions with out=... arguments don't support automatic differentiation, but one of the arguments requires grad. Grad will not be copied (only data will be copied).
except RuntimeError:
    print(RuntimeError)
# operation 3
try:
    c.add_(1) # RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.
except RuntimeError:
    print(RuntimeError)
# operation 4
try:
    c.index_copy_(3, torch.tensor(10), torch.randn(10, 3, 2, 1)) # RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.
except RuntimeError:
    print(RuntimeError)
# operation 5
d = c.detach()
d += 1 # no error, and still leaf
print(c.is_leaf)
# operation 6
c[:] += 1 # no error, but not leaf anymore
print(c.is_leaf)
