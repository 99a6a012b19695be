# Source: luner0991/hbu_nndl-Experiment (https://github.com/luner0991/hbu_nndl-Experiment), 河北大学《神经网络与深度学习》(nndl) course experiments and homework in PyTorch (lxy), experiment 8 (optimization), Gaussian and uniform weight samples
# File: 实验8-前馈神经网络（4）-优化问题/gaosiandjunyun.py (commit db7926390eed805d3fada9426198159c38d3764c)
# License: none stated in the repository
# Changes: plotting dropped: the matplotlib imports, matplotlib.use('TkAgg') and the plt.* lines (plt.savefig among them: it writes a PDF)

import torch

# 使用'torch.normal'实现高斯分布采样，其中'mean'为高斯分布的均值，'std'为高斯分布的标准差，'shape'为输出形状
gausian_weights = torch.normal(mean=0.0, std=1.0, size=[10000])
# 使用'torch.uniform'实现在[min,max)范围内的均匀分布采样，其中'shape'为输出形状
uniform_weights = torch.Tensor(10000)
uniform_weights.uniform_(-1,1)
gausian_weights=gausian_weights.numpy()
uniform_weights=uniform_weights.numpy()
print(uniform_weights)
# 绘制两种参数分布
