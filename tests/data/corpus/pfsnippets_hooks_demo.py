# Source: mrluin/Pytorch-Forums-Code-Snippet, code snippets from PyTorch Forums answers collected by a learner (https://github.com/mrluin/Pytorch-Forums-Code-Snippet)
# File: hooks_demo.py (commit 854e7f770eeae7f17c954db37a6c520d361de833)
# License: none stated
# Changes: nothing dropped
import torch

torch.manual_seed(1)

x = torch.randn(1, 1)
w = torch.randn(1, 1, requires_grad=True)
w.register_hook(lambda x: print(x))
y = torch.randn(1, 1)

out = x * w
loss = (out - y)**2
loss.register_hook(lambda x: print(x))
#loss.mean().backward()
loss.mean().backward(gradient=torch.tensor([0.1]))  # prints the gradient in w and loss

# backward中的gradient参数指的是初始的gradient
# default init_gradient = 1 -> set to torch.tensor([0.1])