# Source: HyLiu-cn/Learning_pytorch (学习笔记, Chinese notes on Dive-into-DL-PyTorch) (https://github.com/HyLiu-cn/Learning_pytorch)
# File: chapter_02/2.3_自动求梯度.ipynb
# Changes: notebook code cells concatenated
import torch

x = torch.ones(2,2,requires_grad=True)
print(x)

print(x.grad_fn) # 每个Tensor都有一个.grad_fn属性,即该Tensor如果通过运算得到的，则 grad_fn 返回一个与这些运算相关的对象，否则是 None

y = x + 1
print(y)
print(y.grad_fn)

z = y * y * 3
out = z.mean()
out

out.backward()

print(x.grad) 
# grad在反向传播过程中是累加的(accumulated)，这意味着每一次运行反向传播，梯度都会累加之前的梯度，所以一般在反向传播之前需把梯度清零

out_2 = x.sum()
out_2

out_2.backward()
print(x.grad)

out_3 = x.sum()

x.grad.data.zero_() # 在反向传播之前需把梯度清零
out_3.backward()
print(x.grad)
