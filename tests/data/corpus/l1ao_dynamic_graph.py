# Source: L1aoXingyu/code-of-learn-deep-learning-with-pytorch (https://github.com/L1aoXingyu/code-of-learn-deep-learning-with-pytorch)
# File: chapter2_PyTorch-Basics/dynamic-graph.ipynb
# Commit: ea24810dc26265e85e3eec34e1d091d21202d800
# License: not stated
# Changes: notebook code cells concatenated; only code cells 5:8 (0-based) kept
# Note: the notebook compares TensorFlow (cells 0-4, which need tensorflow) with PyTorch; this program is the PyTorch part
# pytorch
import torch
first_counter = torch.Tensor([0])
second_counter = torch.Tensor([10])
while (first_counter < second_counter)[0]:
    first_counter += 2
    second_counter += 1
print(first_counter)
print(second_counter)
