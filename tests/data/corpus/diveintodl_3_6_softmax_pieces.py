# Source: ShusenTang/Dive-into-DL-PyTorch (https://github.com/ShusenTang/Dive-into-DL-PyTorch)
# File: code/chapter03_DL-basics/3.6_softmax-regression-scratch.ipynb (commit 09c8bacc08599eb86236551454ba43b82cb91498)
# License: Apache-2.0
# Changes: notebook code cells concatenated. only code cells 0,4,5,6,7,8,9,10,11 (0-based) kept. dropped lines: import torchvision; sys.path.append("..") # 为了导入上层目录的d2lzh_pytorch; import d2lzh_pytorch as d2l; print(torchvision.__version__)
# Note: the d2lzh_pytorch import block (sys.path.append(".."); import d2lzh_pytorch as d2l) dropped: the kept cells do not use the d2l package; torchvision (imported only to print its version) dropped; cells 1-3 (Fashion-MNIST loading, parameters from unseeded np.random) and 12-16 (training on Fashion-MNIST) not taken
import torch
import numpy as np
import sys

print(torch.__version__)

X = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(X.sum(dim=0, keepdim=True))
print(X.sum(dim=1, keepdim=True))

def softmax(X):
    X_exp = X.exp()
    partition = X_exp.sum(dim=1, keepdim=True)
    return X_exp / partition  # 这里应用了广播机制

X = torch.rand((2, 5))
X_prob = softmax(X)
print(X_prob, X_prob.sum(dim=1))

def net(X):
    return softmax(torch.mm(X.view((-1, num_inputs)), W) + b)

y_hat = torch.tensor([[0.1, 0.3, 0.6], [0.3, 0.2, 0.5]])
y = torch.LongTensor([0, 2])
y_hat.gather(1, y.view(-1, 1))

def cross_entropy(y_hat, y):
    return - torch.log(y_hat.gather(1, y.view(-1, 1)))

def accuracy(y_hat, y):
    return (y_hat.argmax(dim=1) == y).float().mean().item()

print(accuracy(y_hat, y))
