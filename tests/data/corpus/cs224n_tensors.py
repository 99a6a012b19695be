# Source: Stanford CS224N, "CS224N: PyTorch Tutorial (Winter '22)" notebook by Dilara Soylu and Ethan Chi, as kept in https://github.com/1170300504/CS224n-Winter-2022
# File: CS224N_PyTorch_Tutorial.ipynb, section "Part 1: Tensors"
# Commit: 284e71758ca2635e605f337edf9d06b95cf37c93
# License: not stated (Stanford course material)
# Changes: the notebook's first code cell (its imports: torch, torch.nn, pprint) put before the section's code cells, concatenated in order; nothing dropped
import torch
import torch.nn as nn

# Import pprint, module we use for making our print statements prettier
import pprint

pp = pprint.PrettyPrinter()

list_of_lists = [
    [1, 2, 3],
    [4, 5, 6],
]
print(list_of_lists)

# Initializing a tensor
data = torch.tensor([
    [0, 1],
    [2, 3],
    [4, 5]
])
print(data)

# Initializing a tensor with an explicit data type
# Notice the dots after the numbers, which specify that they're floats
data = torch.tensor([
    [0, 1],
    [2, 3],
    [4, 5]
], dtype=torch.float32)
print(data)

# Initializing a tensor with an explicit data type
# Notice the dots after the numbers, which specify that they're floats
data = torch.tensor([
    [0.11111111, 1],
    [2, 3],
    [4, 5]
], dtype=torch.float32)
print(data)

# Initializing a tensor with an explicit data type
# Notice the dots after the numbers, which specify that they're floats
data = torch.tensor([
    [0.11111111, 1],
    [2, 3],
    [4, 5]
])
print(data)

zeros = torch.zeros(2, 5)  # a tensor of all zeros
print(zeros)

ones = torch.ones(3, 4)  # a tensor of all ones
print(ones)

rr = torch.arange(1, 10)  # range from [1, 10)
print(rr)

rr + 2

rr * 2

a = torch.tensor([[1, 2], [2, 3], [4, 5]])  # (3, 2)
b = torch.tensor([[1, 2, 3, 4], [5, 6, 7, 8]])  # (2, 4)  (3, 4)

print("A is", a)
print("B is", b)
print("The product is", a.matmul(b))
print("The other product is", a @ b)  # +, -, *, @

v = torch.tensor([1, 2, 3])

v.shape

torch.tensor([[1, 2, 3], [4, 5, 6]]) @ v  #(2, 3) @ (3)  -> (2)

matr_2d = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(matr_2d.shape)
print(matr_2d)

matr_3d = torch.tensor([[[1, 2, 3, 4], [-2, 5, 6, 9]], [[5, 6, 7, 2], [8, 9, 10, 4]], [[-3, 2, 2, 1], [4, 6, 5, 9]]])
print(matr_3d)
print(matr_3d.shape)

rr = torch.arange(1, 16)
print("The shape is currently", rr.shape)
print("The contents are currently", rr)
print()
rr = rr.view(5, 3)
print("After reshaping, the shape is currently", rr.shape)
print("The contents are currently", rr)

import numpy as np

# numpy.ndarray --> torch.Tensor:
arr = np.array([[1, 0, 5]])
data = torch.tensor(arr)
print("This is a torch.tensor", data)

# torch.Tensor --> numpy.ndarray:
new_arr = data.numpy()
print("This is a np.ndarray", new_arr)

data = torch.arange(1, 36, dtype=torch.float32).reshape(5, 7)
print("Data is:", data)

# We can perform operations like *sum* over each row...
print("Taking the sum over columns:")
print(data.sum(dim=0))

# or over each column.
print("Taking thep sum over rows:")
print(data.sum(dim=1))

# Other operations are available:
print("Taking the stdev over rows:")
print(data.std(dim=1))


data.sum()

data = torch.tensor([[1, 2.2, 9.6], [4, -7.2, 6.3]])

row_avg = data.mean(dim=1)
col_avg = data.mean(dim=0)

print(row_avg.shape)
print(row_avg)

print(col_avg.shape)
print(col_avg)

# Initialize an example tensor
x = torch.Tensor([
    [[1, 2], [3, 4]],
    [[5, 6], [7, 8]],
    [[9, 10], [11, 12]]
])
x

x.shape

# Access the 0th element, which is the first row
x[0]  # Equivalent to x[0, :]

x[:, 0]

matr = torch.arange(1, 16).view(5, 3)
print(matr)

matr[0]

matr[0, :]

matr[:, 0]

matr[0:3]

matr[:, 0:2]

matr[0:3, 0:2]

matr[0][2]

matr[0:3, 2]

matr[0:3][2]

matr[0:3]

matr[[0, 2, 4]]

# Get the top left element of each element in our tensor
print(x)
x[:, 0, 0]

x[:, :, :]

# Print x again to see our tensor
x

# Let's access the 0th and 1st elements, each twice
i = torch.tensor([0, 0, 1, 1])
x[i]  # Access a tensor with a tensor.

# Let's access the 0th elements of the 1st and 2nd elements
print(x)
i = torch.tensor([1, 2])
j = torch.tensor([0])
x[i, j]

x[0, 0, 0]

x[0, 0, 0].item()  # Get a scalar with item().

x = torch.tensor([[1, 2.2, 9.6], [4, -7.2, 6.3]])
col = x[:, 0]
row = x[0]

pp.pprint(col)
pp.pprint(row)
