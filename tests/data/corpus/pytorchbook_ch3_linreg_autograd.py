# Source: chenyuntc/pytorch-book (https://github.com/chenyuntc/pytorch-book)
# File: Chapter3/chapter3.ipynb
# License: MIT
# Changes: notebook code cells concatenated. only code cells 124:129 (0-based) kept. dropped lines (magics/plotting/display): %matplotlib inline; display.clear_output(wait=True); from IPython import display; from matplotlib import pyplot as plt; plt.pause(0.5); plt.plot(losses); plt.plot(x.numpy(), y.numpy()) # predicted; plt.scatter(x.squeeze().numpy(), y.squeeze().numpy()); plt.scatter(x2.numpy(), y2.numpy()) # true data; plt.show(); plt.xlim(0,5); plt.ylim(0,13); plt.ylim(5,50)
# Note: section 3.4.4 (linear regression with autograd) kept
import torch as t
import numpy as np

# 设置随机数种子，以保证结果可复现
t.manual_seed(1000) 

def get_fake_data(batch_size=8):
    ''' 产生随机数据：y = x * 2 + 3，加上了一些噪声'''
    x = t.rand(batch_size,1) * 5
    y = x * 2 + 3 + t.randn(batch_size, 1)
    return x, y

# 来看看产生x-y分布是什么样的
x, y = get_fake_data()

# 随机初始化参数
w = t.rand(1,1, requires_grad=True)
b = t.zeros(1,1, requires_grad=True)
losses = np.zeros(500)

lr =0.005 # 学习率

for ii in range(500):
    x, y = get_fake_data(batch_size=32)
    
    # forward：计算loss
    y_pred = x.mm(w) + b.expand_as(y)
    loss = 0.5 * (y_pred - y) ** 2
    loss = loss.sum()
    losses[ii] = loss.item()
    
    # backward：自动计算梯度
    loss.backward()
    
    # 更新参数
    w.data.sub_(lr * w.grad.data)
    b.data.sub_(lr * b.grad.data)
    
    # 梯度清零
    w.grad.data.zero_()
    b.grad.data.zero_()
    
    if ii%50 ==0:
        # 画图
        x = t.arange(0, 6).float().view(-1, 1)
        y = x.mm(w.data) + b.data.expand_as(x)
        
        x2, y2 = get_fake_data(batch_size=20) 
        
        
print(w.item(), b.item())
