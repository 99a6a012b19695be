# desc: nn.init.sparse_ after manual_seed: normal(0, std) entries, then ceil(sparsity * rows) zeros per column at rows drawn by randperm (PyTorch's draws in its order); the deprecated nn.init.sparse with its FutureWarning; a 1-D tensor refused
# features: nn, init, random
import torch
import torch.nn as nn
torch.manual_seed(0)
w = torch.empty(5, 3)
nn.init.sparse_(w, sparsity=0.4)
print(w)
v = nn.init.sparse_(torch.empty(4, 2), 0.5, std=1.0)
print(v, (v == 0).sum(0))
nn.init.sparse(torch.empty(2, 2), 0.5)
nn.init.sparse_(torch.empty(3), 0.1)
