# Source: ShusenTang/Dive-into-DL-PyTorch (https://github.com/ShusenTang/Dive-into-DL-PyTorch)
# File: code/chapter03_DL-basics/3.13_dropout.ipynb (commit 09c8bacc08599eb86236551454ba43b82cb91498)
# License: Apache-2.0
# Changes: notebook code cells concatenated. only code cells 0,1,2,3,4 (0-based) kept. dropped lines: %matplotlib inline; sys.path.append(".."); import d2lzh_pytorch as d2l
# Note: the d2lzh_pytorch import block (sys.path.append(".."); import d2lzh_pytorch as d2l) dropped: the kept cells do not use the d2l package; the rest of the notebook (training on Fashion-MNIST with d2l) not taken
import torch
import torch.nn as nn
import numpy as np
import sys

print(torch.__version__)

def dropout(X, drop_prob):
    X = X.float()
    assert 0 <= drop_prob <= 1
    keep_prob = 1 - drop_prob
    # 这种情况下把全部元素都丢弃
    if keep_prob == 0:
        return torch.zeros_like(X)
    mask = (torch.rand(X.shape) < keep_prob).float()
    
    return mask * X / keep_prob

X = torch.arange(16).view(2, 8)
dropout(X, 0)

dropout(X, 0.5)

dropout(X, 1.0)
