# Source: datawhalechina/thorough-pytorch (《深入浅出PyTorch》) (https://github.com/datawhalechina/thorough-pytorch)
# File: notebook/第二章 PyTorch基础知识/代码演示：PyTorch基础知识.ipynb
# Commit: 80cdfceb31e37266cfe6fe9e867445bf711f4afa
# License: CC BY-NC-SA 4.0
# Changes: notebook code cells concatenated; the notebook's second part (自动求导示例: code cells 17-26, 0-based), a self-contained section (it imports torch itself), without its empty cells 25-26
import torch

x1 = torch.tensor(1.0, requires_grad=True)
x2 = torch.tensor(2.0, requires_grad=True)
y = x1 + 2*x2
print(y)
# 首先查看每个变量是否需要求导
print(x1.requires_grad)
print(x2.requires_grad)
print(y.requires_grad)
# 查看每个变量导数大小。此时因为还没有反向传播，因此导数都不存在
print(x1.grad.data)
print(x2.grad.data)
print(y.grad.data)
x1
## 反向传播后看导数大小
y = x1 + 2*x2
y.backward()
print(x1.grad.data)
print(x2.grad.data)
# 导数是会累积的，重复运行相同命令，grad会增加
y = x1 + 2*x2
y.backward()
print(x1.grad.data)
print(x2.grad.data)
# 所以每次计算前需要清除当前导数值避免累积，这一功能可以通过pytorch的optimizer实现。后续会讲到
# 尝试，如果不允许求导，会出现什么情况？
x1 = torch.tensor(1.0, requires_grad=False)
x2 = torch.tensor(2.0, requires_grad=False)
y = x1 + 2*x2
y.backward()
