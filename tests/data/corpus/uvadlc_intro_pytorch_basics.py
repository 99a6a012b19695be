# Source: phlippe/uvadlc_notebooks (https://github.com/phlippe/uvadlc_notebooks), UvA Deep Learning Tutorials, Tutorial 2 "Introduction to PyTorch", section "The Basics of PyTorch"
# File: docs/tutorial_notebooks/tutorial2/Introduction_to_PyTorch.ipynb (commit 0da8037c7abc32f478ff6142acceb72dbcf088ee)
# License: MIT (LICENSE.md)
# Changes: the code cells of the first part (imports to "GPU support") concatenated in order; the plotting, seaborn and progress-bar imports and the %matplotlib magic dropped; the cell timing a 5000x5000 matmul on CPU against the GPU dropped (GPU-only: it uses torch.cuda.Event)

## Standard libraries
import os
import math
import numpy as np
import time

import torch
print("Using torch", torch.__version__)

torch.manual_seed(42) # Setting the seed

x = torch.Tensor(2, 3, 4)
print(x)

# Create a tensor from a (nested) list
x = torch.Tensor([[1, 2], [3, 4]])
print(x)

# Create a tensor with random values between 0 and 1 with the shape [2, 3, 4]
x = torch.rand(2, 3, 4)
print(x)

shape = x.shape
print("Shape:", x.shape)

size = x.size()
print("Size:", size)

dim1, dim2, dim3 = x.size()
print("Size:", dim1, dim2, dim3)

np_arr = np.array([[1, 2], [3, 4]])
tensor = torch.from_numpy(np_arr)

print("Numpy array:", np_arr)
print("PyTorch tensor:", tensor)

tensor = torch.arange(4)
np_arr = tensor.numpy()

print("PyTorch tensor:", tensor)
print("Numpy array:", np_arr)

x1 = torch.rand(2, 3)
x2 = torch.rand(2, 3)
y = x1 + x2

print("X1", x1)
print("X2", x2)
print("Y", y)

x1 = torch.rand(2, 3)
x2 = torch.rand(2, 3)
print("X1 (before)", x1)
print("X2 (before)", x2)

x2.add_(x1)
print("X1 (after)", x1)
print("X2 (after)", x2)

x = torch.arange(6)
print("X", x)

x = x.view(2, 3)
print("X", x)

x = x.permute(1, 0) # Swapping dimension 0 and 1
print("X", x)

x = torch.arange(6)
x = x.view(2, 3)
print("X", x)

W = torch.arange(9).view(3, 3) # We can also stack multiple operations in a single line
print("W", W)

h = torch.matmul(x, W) # Verify the result by calculating it by hand too!
print("h", h)

x = torch.arange(12).view(3, 4)
print("X", x)

print(x[:, 1])   # Second column

print(x[0])      # First row

print(x[:2, -1]) # First two rows, last column

print(x[1:3, :]) # Middle two rows

x = torch.ones((3,))
print(x.requires_grad)

x.requires_grad_(True)
print(x.requires_grad)

x = torch.arange(3, dtype=torch.float32, requires_grad=True) # Only float tensors can have gradients
print("X", x)

a = x + 2
b = a ** 2
c = b + 3
y = c.mean()
print("Y", y)

y.backward()

print(x.grad)

gpu_avail = torch.cuda.is_available()
print(f"Is the GPU available? {gpu_avail}")

device = torch.device("cuda") if torch.cuda.is_available() else torch.device("cpu")
print("Device", device)

x = torch.zeros(2, 3)
x = x.to(device)
print("X", x)

# GPU operations have a separate seed we also want to set
if torch.cuda.is_available():
    torch.cuda.manual_seed(42)
    torch.cuda.manual_seed_all(42)

# Additionally, some operations on a GPU are implemented stochastic for efficiency
# We want to ensure that all operations are deterministic on GPU (if used) for reproducibility
torch.backends.cudnn.deterministic = True
torch.backends.cudnn.benchmark = False
