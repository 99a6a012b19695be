# Source: ShusenTang/Dive-into-DL-PyTorch (https://github.com/ShusenTang/Dive-into-DL-PyTorch)
# File: code/chapter06_RNN/6.2_rnn.ipynb
# License: Apache-2.0
# Changes: notebook code cells concatenated
import torch

print(torch.__version__)

X, W_xh = torch.randn(3, 1), torch.randn(1, 4)
H, W_hh = torch.randn(3, 4), torch.randn(4, 4)
torch.matmul(X, W_xh) + torch.matmul(H, W_hh)

torch.matmul(torch.cat((X, H), dim=1), torch.cat((W_xh, W_hh), dim=0))
