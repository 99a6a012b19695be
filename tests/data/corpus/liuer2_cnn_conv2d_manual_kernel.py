# Source: leon6657/PyTorch-Deep-Learning-Practice-LiuEr (notes on 刘二大人's 《PyTorch深度学习实践》) (https://github.com/leon6657/PyTorch-Deep-Learning-Practice-LiuEr)
# File: 09_CNN/Conv2d_manual_kernel.py
# Changes: nothing dropped
import torch

input = [3, 4, 6, 5, 7,
         2, 4, 6, 8, 2,
         1, 6, 7, 8, 4,
         9, 7, 4, 6, 2,
         3, 7, 5, 4, 1]

"""
（1， 1， 5， 5）--- batch， 通道， width，height
卷积核：输入通道， 输出通道， 卷积核3*3， padding = 1， 不设置偏置
重写卷积核参数
数据训练
"""
input = torch.Tensor(input).view(1, 1, 5, 5)

conv_layer = torch.nn.Conv2d(1, 1, kernel_size=3, padding=1, bias=False)

kernel = torch.Tensor([1, 2, 3, 4, 5, 6, 7, 8, 9]).view(1, 1, 3, 3)
conv_layer.weight.data = kernel.data

output = conv_layer(input)
print(output)
