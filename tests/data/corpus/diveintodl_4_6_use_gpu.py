# Source: ShusenTang/Dive-into-DL-PyTorch (https://github.com/ShusenTang/Dive-into-DL-PyTorch)
# File: code/chapter04_DL_computation/4.6_use-gpu.ipynb (commit 09c8bacc08599eb86236551454ba43b82cb91498)
# License: Apache-2.0
# Changes: notebook code cells concatenated. dropped code cells [0, 4, 5, 7, 13, 14] (the !nvidia-smi shell magic and the GPU-only cells (current_device, get_device_name, .cuda()))
import torch
from torch import nn

print(torch.__version__)

torch.cuda.is_available() # cuda是否可用

torch.cuda.device_count() # gpu数量

x = torch.tensor([1, 2, 3])
x

x.device

device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

x = torch.tensor([1, 2, 3], device=device)
# or
x = torch.tensor([1, 2, 3]).to(device)
x

y = x**2
y

# z = y + x.cpu()

net = nn.Linear(3, 1)
list(net.parameters())[0].device
