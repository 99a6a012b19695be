# Source: Atcold/pytorch-Deep-Learning (https://github.com/Atcold/pytorch-Deep-Learning), NYU Deep Learning (Alfredo Canziani, Yann LeCun), notebook 01 "Tensor tutorial"
# File: 01-tensor_tutorial.ipynb (commit bc404ef668856fdb21b0236ed809dce5c2d66fde)
# License: CC BY-NC-SA 4.0
# Changes: the code cells concatenated in order; the IPython-only cells dropped (cell 3 `torch.sq  # <Tab>`, a tab-completion demo; the help lines `torch.*Tensor?`, `torch.nn.Module?`, `torch.nn.Module??`; `!ls -lh`, the `%%bash` cell, `%magic`); plotting dropped (the res.plot_lib and matplotlib imports, `set_default()`, the three `plt.hist(...)` cells)

import torch  # <Ctrl> / <Shift> + <Return>

torch.nn.Module()  # <Shift>+<Tab>

# Generate a tensor of size 2x3x4
t = torch.Tensor(2, 3, 4)
type(t)

# Get the size of the tensor
t.size()

# t.size() is a classic tuple =>
print('t size:', ' \u00D7 '.join(map(str, t.size())))

# prints dimensional space and sub-dimensions
print(f'point in a {t.numel()} dimensional space')
print(f'organised in {t.dim()} sub-dimensions')

t

# Mind the underscore!
# Any operation that mutates a tensor in-place is post-fixed with an _.
# For example: x.copy_(y), x.t_(), x.random_(n) will change x.
t.random_(10)

t

# This resizes the tensor permanently 
r = torch.Tensor(t)
r.resize_(3, 8)
r

# As you can see zero_ would replace r with 0's which was originally filled with integers
r.zero_()

t

# This *is* important, sigh...
s = r.clone()

# In-place fill of 1's
s.fill_(1)
s

# Because we cloned r, even though we did an in-place operation, this doesn't affect r
r

# Creates a 1D tensor of integers 1 to 4
v = torch.Tensor([1, 2, 3, 4])
v

# Print number of dimensions (1D) and size of tensor
print(f'dim: {v.dim()}, size: {v.size()[0]}')

w = torch.Tensor([1, 0, 2, 0])
w

# Element-wise multiplication
v * w

# Scalar product: 1*1 + 2*0 + 3*2 + 4*0
v @ w

# In-place replacement of random number from 0 to 10
x = torch.Tensor(5).random_(10)
x

print(f'first: {x[0]}, last: {x[-1]}')

# Extract sub-Tensor [from:to)
x[1:2 + 1]

v

# Create a tensor with integers ranging from 1 to 5, excluding 5
v = torch.arange(1, 4 + 1)
v

# Square all elements in the tensor
print(v.pow(2), v)

# Create a 2x4 tensor
m = torch.Tensor([[2, 5, 3, 7],
                  [4, 2, 1, 9]])
m

m.dim()

print(m.size(0), m.size(1), m.size(), sep=' -- ')

# Returns the total number of elements, hence num-el (number of elements)
m.numel()

# Indexing row 0, column 2 (0-indexed)
m[0][2]

# Indexing row 0, column 2 (0-indexed)
m[0, 2]

# Indexing column 1, all rows (returns size 2)
m[:, 1]

# Indexing column 1, all rows (returns size 2x2)
m[:, [1]]

# Indexes row 0, all columns (returns 1x4)
m[[0], :]

# Indexes row 0, all columns (returns size 4)
m[0, :]

# Create tensor of numbers from 1 to 5 (excluding 5)
v = torch.arange(1., 4 + 1)
v

m

# Scalar product
m @ v

# Calculated by 1*2 + 2*5 + 3*3 + 4*7
m[[0], :] @ v

# Calculated by 
m[[1], :] @ v

# Add a random tensor of size 2x4 to m
m + torch.rand(2, 4)

# Subtract a random tensor of size 2x4 to m
m - torch.rand(2, 4)

# Multiply a random tensor of size 2x4 to m
m * torch.rand(2, 4)

# Divide m by a random tensor of size 2x4
m / torch.rand(2, 4)

m.size()

# Transpose tensor m, which is essentially 2x4 to 4x2
m.t()

# Same as
m.transpose(0, 1)

# Create tensor from 3 to 8, with each having a space of 1
torch.arange(3., 8 + 1)

# Create tensor from 5.7 to -2.1 with each having a space of -3
torch.arange(5.7, -2.1, -3)

# returns a 1D tensor of steps equally spaced points between start=3, end=8 and steps=20
torch.linspace(3, 8, 20).view(1, -1)

# Create a tensor filled with 0's
torch.zeros(3, 5)

# Create a tensor filled with 1's
torch.ones(3, 2, 5)

# Create a tensor with the diagonal filled with 1
torch.eye(3)

m

# This is basically a 64 bit float tensor
m_double = m.double()
m_double

# This creates a tensor of type int8
m_byte = m.byte()
m_byte

# Move your tensor to GPU device 0 if there is one (first GPU in the system)
device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
m.to(device)

# Converts tensor to numpy array
m_np = m.numpy()
m_np

# In-place fill of column 0 and row 0 with value -1
m_np[0, 0] = -1
m_np

m

# Create a tensor of integers ranging from 0 to 4
import numpy as np
n_np = np.arange(5)
n = torch.from_numpy(n_np)
print(n_np, n)

# In-place multiplication of all elements by 2 for tensor n
# Because n is essentiall n_np, not a clone, this affects n_np
n.mul_(2)
n_np

# Creates two tensor of size 1x4
a = torch.Tensor([[1, 2, 3, 4]])
b = torch.Tensor([[5, 6, 7, 8]])
print(a.size(), b)

# Concatenate on axis 0, so you get 2x4
torch.cat((a, b), 0)

# Concatenate on axis 1, so you get 1x8
torch.cat((a, b), 1)
