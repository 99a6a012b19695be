# Source: mrdbourke/pytorch-deep-learning (https://github.com/mrdbourke/pytorch-deep-learning), Zero to Mastery Learn PyTorch (learnpytorch.io), exercise solutions for 00. PyTorch Fundamentals
# File: extras/solutions/00_pytorch_fundamentals_exercise_solutions.ipynb (commit baa27b691617461c173ecf3439793cd8cde74e13)
# License: MIT
# Changes: the code cells concatenated in order

# No code solution (reading)

# Import torch
import torch 

# Create random tensor
X = torch.rand(size=(7, 7))
X, X.shape

# Create another random tensor
Y = torch.rand(size=(1, 7))
# Z = torch.matmul(X, Y) # will error because of shape issues
Z = torch.matmul(X, Y.T) # no error because of transpose
Z, Z.shape

# Set manual seed
torch.manual_seed(0)

# Create two random tensors
X = torch.rand(size=(7, 7))
Y = torch.rand(size=(1, 7))

# Matrix multiply tensors
Z = torch.matmul(X, Y.T)
Z, Z.shape

# Set random seed on the GPU
torch.cuda.manual_seed(1234)

# Set random seed
torch.manual_seed(1234)

# Check for access to GPU
device = "cuda" if torch.cuda.is_available() else "cpu"
print(f"Device: {device}")

# Create two random tensors on GPU
tensor_A = torch.rand(size=(2,3)).to(device)
tensor_B = torch.rand(size=(2,3)).to(device)
tensor_A, tensor_B

# Perform matmul on tensor_A and tensor_B
# tensor_C = torch.matmul(tensor_A, tensor_B) # won't work because of shape error
tensor_C = torch.matmul(tensor_A, tensor_B.T)
tensor_C, tensor_C.shape

# Find max
max = torch.max(tensor_C)

# Find min
min = torch.min(tensor_C)
max, min

# Find arg max
arg_max = torch.argmax(tensor_C)

# Find arg min
arg_min = torch.argmin(tensor_C)
arg_max, arg_min

# Set seed
torch.manual_seed(7)

# Create random tensor
tensor_D = torch.rand(size=(1, 1, 1, 10))

# Remove single dimensions
tensor_E = tensor_D.squeeze()

# Print out tensors
print(tensor_D, tensor_D.shape)
print(tensor_E, tensor_E.shape)
