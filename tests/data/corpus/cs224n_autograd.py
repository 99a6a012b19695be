# Source: Stanford CS224N, "CS224N: PyTorch Tutorial (Winter '22)" notebook by Dilara Soylu and Ethan Chi, as kept in https://github.com/1170300504/CS224n-Winter-2022
# File: CS224N_PyTorch_Tutorial.ipynb, section "Autograd"
# Commit: 284e71758ca2635e605f337edf9d06b95cf37c93
# License: not stated (Stanford course material)
# Changes: the notebook's first code cell (its imports: torch, torch.nn, pprint) put before the section's code cells, concatenated in order; nothing dropped
import torch
import torch.nn as nn

# Import pprint, module we use for making our print statements prettier
import pprint

pp = pprint.PrettyPrinter()

# Create an example tensor
# requires_grad parameter tells PyTorch to store gradients
x = torch.tensor([2.], requires_grad=True)

# Print the gradient if it is calculated
# Currently None since x is a scalar
pp.pprint(x.grad)

# Calculating the gradient of y with respect to x
y = x * x * 3  # 3x^2
y.backward()
pp.pprint(x.grad)  # d(y)/d(x) = d(3x^2)/d(x) = 6x = 12

z = x * x * 3  # 3x^2
z.backward()
pp.pprint(x.grad)
