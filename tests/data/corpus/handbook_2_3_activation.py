# Source: zergtant/pytorch-handbook (https://github.com/zergtant/pytorch-handbook)
# File: chapter2/2.3-deep-learning-neural-network-introduction.ipynb
# Commit: e9a149200971933395c54e516e0e0fbeb62d384a
# Changes: notebook code cells concatenated. dropped lines (magics/plotting/display): %matplotlib inline; import matplotlib.pyplot as plt; ax = plt.gca(); ax.spines['right'].set_color('none'); ax.spines['top'].set_color('none'); ax.xaxis.set_ticks_position('bottom'); ax.spines['bottom'].set_position(('data', 0)); ax.yaxis.set_ticks_position('left'); ax.spines['left'].set_position(('data', 0)); plt.ylim((0, 1)); plt.plot(x.numpy(),sigmod.numpy()); plt.ylim((-1, 1)); plt.plot(x.numpy(),tanh.numpy()); plt.ylim((-3, 10)); plt.plot(x.numpy(),relu.numpy()); plt.plot(x.numpy(),l_relu.numpy())
# 初始化一些信息
import torch
import torch.nn.functional as F
import numpy as np
x= torch.linspace(-10,10,60)
sigmod=torch.sigmoid(x)
tanh=torch.tanh(x)
relu=F.relu(x)
l_relu=F.leaky_relu(x,0.1) # 这里的0.1是为了方便展示，理论上应为0.01甚至更小的值
