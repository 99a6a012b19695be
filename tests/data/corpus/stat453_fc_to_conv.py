# Source: Sebastian Raschka, STAT 453 Intro to Deep Learning, course code (https://github.com/rasbt/stat453-deep-learning-ss21)
# File: L14/4-fc-to-conv.ipynb
# Commit: 2202699c5fd38af398e2682f289a0868b1b91f0e
# License: MIT
# Changes: notebook code cells concatenated in order; nothing dropped
import torch

inputs = torch.tensor([[[[1., 2.],
                         [3., 4.]]]])

inputs.shape

fc = torch.nn.Linear(4, 2)

weights = torch.tensor([[1.1, 1.2, 1.3, 1.4],
                        [1.5, 1.6, 1.7, 1.8]])
bias = torch.tensor([1.9, 2.0])
fc.weight.data = weights
fc.bias.data = bias

torch.relu(fc(inputs.view(-1, 4)))

kernel_size = inputs.squeeze(dim=(0)).squeeze(dim=(0)).size()
kernel_size

conv = torch.nn.Conv2d(in_channels=1,
                       out_channels=2,
                       kernel_size=kernel_size)
print(conv.weight.size())
print(conv.bias.size())

# use same values as before
conv.weight.data = weights.view(2, 1, 2, 2)
conv.bias.data = bias

torch.relu(conv(inputs))

conv = torch.nn.Conv2d(in_channels=4,
                       out_channels=2,
                       kernel_size=(1, 1))

conv.weight.data = weights.view(2, 4, 1, 1)
conv.bias.data = bias
torch.relu(conv(inputs.view(1, 4, 1, 1)))
