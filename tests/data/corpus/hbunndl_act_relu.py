# Source: luner0991/hbu_nndl-Experiment (https://github.com/luner0991/hbu_nndl-Experiment), 河北大学《神经网络与深度学习》(nndl) course experiments and homework in PyTorch (lxy), experiment 5 (feed-forward network 1), ReLU and leaky ReLU activations
# File: 实验5-前馈神经网络（1）（神经元、激活函数）/act_fun_relu_torch.py (commit db7926390eed805d3fada9426198159c38d3764c)
# License: none stated in the repository
# Changes: plotting dropped: the matplotlib imports, matplotlib.use('TkAgg') and the plt.* lines

import torch
import torch.nn.functional as F

# 生成输入值
z = torch.linspace(-10, 10, 100)  # 在[-10, 10]范围内生成100个均匀分布的点
# 计算 ReLU 函数
relu_output=F.relu(z)
# 计算带泄露的 ReLU 函数
leaky_relu_output = F.leaky_relu(z, negative_slope=0.1)
# 打印结果
print("输入 z:", z)
print("ReLU 函数输出:", relu_output)
print("带泄露的 ReLU 函数输出:", leaky_relu_output)

# 可视化结果
# 绘制 ReLU 函数
# 绘制带泄露的 ReLU 函数
# 设置图形属性
