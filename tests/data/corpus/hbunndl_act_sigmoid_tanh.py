# Source: luner0991/hbu_nndl-Experiment (https://github.com/luner0991/hbu_nndl-Experiment), 河北大学《神经网络与深度学习》(nndl) course experiments and homework in PyTorch (lxy), experiment 5 (feed-forward network 1), logistic and tanh activations
# File: 实验5-前馈神经网络（1）（神经元、激活函数）/act_fun__sigmod_torch.py (commit db7926390eed805d3fada9426198159c38d3764c)
# License: none stated in the repository
# Changes: plotting dropped: the matplotlib imports, matplotlib.use('TkAgg') and the plt.* lines

import torch
import torch.nn.functional as F

# 生成输入值
z = torch.linspace(-10, 10, 100)  # 在[-10, 10]范围内生成100个均匀分布的点
# 计算 Logistic 函数（Sigmoid）
logistic_output = F.sigmoid(z)  # 使用 torch.nn.functional.sigmoid 计算 Logistic 函数
# 计算 Tanh 函数
tanh_output = F.tanh(z)  # 使用 torch.tanh 计算 Tanh 函数
# 打印结果
print("输入 z:", z)
print("Logistic 函数输出:", logistic_output)
print("Tanh 函数输出:", tanh_output)
# 可视化结果
# 绘制 Logistic 函数
# 绘制 Tanh 函数
# 设置图形属性
