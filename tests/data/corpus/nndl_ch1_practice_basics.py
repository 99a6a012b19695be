# Source: nndl/nndl-practice (https://github.com/nndl/nndl-practice), the PyTorch practice notebooks of 邱锡鹏《神经网络与深度学习》(nndl), chapter 1 实践基础
# File: pytorch/chap1实践基础/实践基础.ipynb (commit 3892d1919f346d55c580589ad2691d2bc1a3715e)
# License: none stated in the repository
# Changes: the code cells concatenated in order, from the first (import torch) to the TinyMLP training (cells 4-81); the cells after it (84, 87, 90: a runner that torch.saves into a temporary directory and loads back, and a state_dict saved and loaded through a temporary file) not taken: they write files

# 导入 PyTorch
import torch

# 创建一维张量
ndim_1_Tensor = torch.tensor([2.0, 3.0, 4.0])
print(ndim_1_Tensor)

# 创建二维张量
ndim_2_Tensor = torch.tensor([[1.0, 2.0, 3.0],
                              [4.0, 5.0, 6.0]])
print(ndim_2_Tensor)

# 创建三维张量
ndim_3_Tensor = torch.tensor([[[1, 2, 3, 4, 5],
                               [6, 7, 8, 9, 10]],
                              [[11, 12, 13, 14, 15],
                               [16, 17, 18, 19, 20]]])
print(ndim_3_Tensor)
print('shape:', ndim_3_Tensor.shape)

# 尝试定义在不同维度上元素数量不等的张量（会报错）
try:
    bad = torch.tensor([[1.0, 2.0],
                        [4.0, 5.0, 6.0]])
except (ValueError, TypeError) as e:
    print('捕获到异常：', e)

m, n = 2, 3

# torch.zeros：全 0，形状为 (m, n)
zeros_Tensor = torch.zeros(m, n)

# torch.ones：全 1
ones_Tensor = torch.ones(m, n)

# torch.full：全部填充为指定值
full_Tensor = torch.full((m, n), 10)

print('zeros Tensor:\n', zeros_Tensor)
print('ones  Tensor:\n', ones_Tensor)
print('full  Tensor:\n', full_Tensor)

# torch.arange：以步长 step 均匀分隔区间 [start, end)，得到一维张量
arange_Tensor = torch.arange(start=1, end=5, step=1)

# torch.linspace：将区间 [start, end] 等分为 steps 份，得到一维张量
linspace_Tensor = torch.linspace(start=1, end=5, steps=5)

print('arange   Tensor:', arange_Tensor)
print('linspace Tensor:', linspace_Tensor)

ndim_4_Tensor = torch.ones(2, 3, 4, 5)

print('Number of dimensions:', ndim_4_Tensor.ndim)
print('Shape of Tensor     :', ndim_4_Tensor.shape)
print('Elements along axis 0:', ndim_4_Tensor.shape[0])
print('Elements along last axis:', ndim_4_Tensor.shape[-1])
print('Number of elements  :', ndim_4_Tensor.numel())

# 定义一个形状为 [3, 2, 5] 的三维张量
ndim_3_Tensor = torch.tensor([[[1, 2, 3, 4, 5],
                               [6, 7, 8, 9, 10]],
                              [[11, 12, 13, 14, 15],
                               [16, 17, 18, 19, 20]],
                              [[21, 22, 23, 24, 25],
                               [26, 27, 28, 29, 30]]])
print('the shape of ndim_3_Tensor:', ndim_3_Tensor.shape)

# 在保持数据不变的情况下改变形状
reshape_Tensor = torch.reshape(ndim_3_Tensor, (2, 5, 3))
print('After reshape:\n', reshape_Tensor)

# -1 表示自动推断
new_Tensor1 = ndim_3_Tensor.reshape(-1)
print('new Tensor 1 shape:', new_Tensor1.shape)

# 也可以直接显式给出每个维度的大小
new_Tensor2 = ndim_3_Tensor.reshape(3, 5, 2)
print('new Tensor 2 shape:', new_Tensor2.shape)

ones_Tensor = torch.ones(5, 10)

# 在第 0 维插入一个尺寸为 1 的新维度
new_Tensor1 = torch.unsqueeze(ones_Tensor, dim=0)
print('new Tensor 1 shape:', new_Tensor1.shape)

# 也可以连续插入多次
new_Tensor2 = ones_Tensor.unsqueeze(1).unsqueeze(2)
print('new Tensor 2 shape:', new_Tensor2.shape)

# squeeze 去掉所有为 1 的维
print('squeeze        :', new_Tensor2.squeeze().shape)

# 通过已知数据来创建张量并查看 dtype
print('Tensor dtype from Python integers      :', torch.tensor(1).dtype)
print('Tensor dtype from Python floating point:', torch.tensor(1.0).dtype)

# 定义 dtype 为 float32 的张量
float32_Tensor = torch.tensor(1.0)

# 转换为 int64
int64_Tensor = float32_Tensor.to(torch.int64)
print('Tensor after cast to int64:', int64_Tensor.dtype)

# 创建 CPU 上的张量
cpu_Tensor = torch.tensor(1, device='cpu')
print('cpu Tensor:', cpu_Tensor.device)

# 如果检测到 GPU，再演示一下
if torch.cuda.is_available():
    gpu_Tensor = torch.tensor(1, device='cuda')
    print('gpu Tensor:', gpu_Tensor.device)
else:
    print('当前环境未检测到 GPU，跳过 GPU 张量创建演示。')

import numpy as np

ndim_1_Tensor = torch.tensor([1., 2.])

# Tensor -> NumPy
print('Tensor to NumPy:', ndim_1_Tensor.numpy())

# NumPy -> Tensor
arr = np.array([3., 4., 5.])
print('NumPy to Tensor:', torch.from_numpy(arr))

# 定义一维张量
ndim_1_Tensor = torch.tensor([0, 1, 2, 3, 4, 5, 6, 7, 8])

print('Origin Tensor:', ndim_1_Tensor)
print('First element:', ndim_1_Tensor[0])
print('Last element :', ndim_1_Tensor[-1])
print('All element  :', ndim_1_Tensor[:])
print('Before 3     :', ndim_1_Tensor[:3])
print('Interval of 3:', ndim_1_Tensor[::3])
print('Reverse      :', ndim_1_Tensor.flip(0))   # PyTorch 不支持 [::-1]，用 flip 等价

# 定义二维张量
ndim_2_Tensor = torch.tensor([[0, 1, 2, 3],
                              [4, 5, 6, 7],
                              [8, 9, 10, 11]])

print('Origin Tensor:\n', ndim_2_Tensor)
print('First row     :', ndim_2_Tensor[0])
print('First row     :', ndim_2_Tensor[0, :])
print('First column  :', ndim_2_Tensor[:, 0])
print('Last column   :', ndim_2_Tensor[:, -1])
print('Element [0,1] :', ndim_2_Tensor[0, 1])

ndim_2_Tensor = torch.ones(2, 3, dtype=torch.float32)
print('Origin Tensor:\n', ndim_2_Tensor)

# 把第 0 行整体改成 0
ndim_2_Tensor[0] = 0
print('change Tensor:\n', ndim_2_Tensor)

# 用切片改：把第 0 行改成 2.1
ndim_2_Tensor[0:1] = 2.1
print('change Tensor:\n', ndim_2_Tensor)

# 全部改成 3
ndim_2_Tensor[...] = 3
print('change Tensor:\n', ndim_2_Tensor)

# 定义两个张量
x = torch.tensor([[1.1, 2.2], [3.3, 4.4]], dtype=torch.float64)
y = torch.tensor([[5.5, 6.6], [7.7, 8.8]], dtype=torch.float64)

# 三种等价写法
print('Method 1 (torch.add):\n', torch.add(x, y))
print('Method 2 (x.add)    :\n', x.add(y))
print('Method 3 (x + y)    :\n', x + y)

x = torch.tensor([1.0, 2.0, 3.0])
y = torch.tensor([1.0, 2.5, 3.0])

print('x == y :', x == y)
print('x <= y :', x <= y)
print('allclose:', torch.allclose(x, y))

A = torch.randn(3, 4)
B = torch.randn(4, 5)
print('A @ B shape :', (A @ B).shape)
print('A.matmul(B) :', A.matmul(B).shape)

# 转置与范数
print('A.t() shape :', A.t().shape)
print('Frobenius   :', torch.norm(A, p='fro').item())

# 1. 两个形状一致的张量当然可以广播
x = torch.ones(2, 3, 4)
y = torch.ones(2, 3, 4)
z = x + y
print('broadcasting with two same shape tensor:', z.shape)

# 2. 不同形状但可广播
x = torch.ones(2, 3, 1, 5)
y = torch.ones(   3, 4, 1)
# 从后往前比较：
#  第 1 次：y 是 1，可以
#  第 2 次：x 是 1，可以
#  第 3 次：都是 3，相等
#  第 4 次：y 不存在，可以
z = x + y
print('broadcasting with two different shape tensor:', z.shape)

x = torch.ones(2, 3, 4)
y = torch.ones(2, 3, 6)
try:
    z = x + y
except RuntimeError as e:
    print('捕获到广播失败：', e)

x = torch.ones(10, 1, 5, 2)
y = torch.ones(    3, 2, 5)
z = torch.matmul(x, y)
print('After matmul:', z.shape)

class Op(object):
    def __init__(self):
        pass

    def __call__(self, inputs):
        return self.forward(inputs)

    # 前向函数
    # 输入：张量 inputs
    # 输出：张量 outputs
    def forward(self, inputs):
        raise NotImplementedError

    # 反向函数
    # 输入：最终输出对 outputs 的梯度 outputs_grads
    # 输出：最终输出对 inputs 的梯度 inputs_grads
    def backward(self, outputs_grads):
        raise NotImplementedError

class add(Op):
    def __init__(self):
        super().__init__()

    def __call__(self, x, y):
        return self.forward(x, y)

    def forward(self, x, y):
        self.x = x
        self.y = y
        outputs = x + y
        return outputs

    def backward(self, grads):
        grads_x = grads * 1
        grads_y = grads * 1
        return grads_x, grads_y

x = 1
y = 4
add_op = add()
z = add_op(x, y)
grads_x, grads_y = add_op.backward(grads=1)
print('z         :', z)
print("x's grad is:", grads_x)
print("y's grad is:", grads_y)

class multiply(Op):
    def __init__(self):
        super().__init__()

    def __call__(self, x, y):
        return self.forward(x, y)

    def forward(self, x, y):
        self.x = x
        self.y = y
        outputs = x * y
        return outputs

    def backward(self, grads):
        grads_x = grads * self.y
        grads_y = grads * self.x
        return grads_x, grads_y

import math


class exponential(Op):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        self.x = x
        outputs = math.exp(x)
        return outputs

    def backward(self, grads):
        grads = grads * math.exp(self.x)
        return grads

a, b, c, d = 2, 3, 2, 2

multiply_op = multiply()
add_op      = add()
exp_op      = exponential()

g = exp_op(add_op(multiply_op(a, b), multiply_op(c, d)))
print('g:', g)

# 定义张量 a，requires_grad=True 代表参与梯度计算
a = torch.tensor(2.0, requires_grad=True)
# 定义张量 b，requires_grad=False 代表不参与梯度计算
b = torch.tensor(5.0, requires_grad=False)

c = a * b
# 自动计算反向梯度
c.backward()

print("Tensor a's grad is:", a.grad)
print("Tensor b's grad is:", b.grad)   # 没有梯度，输出 None
print("Tensor c's grad is:", c.grad)   # 中间张量默认不保留 grad

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)

# 第一次 backward
y = (x ** 2).sum()
y.backward()
print('1st backward, dy/dx =', x.grad)   # [2., 4., 6.]

# 不清零，再做一次 —— 梯度会累加
y2 = (x ** 2).sum()
y2.backward()
print('2nd backward, dy/dx =', x.grad)   # [4., 8., 12.] —— 累加了

# 训练循环里要先清零再 backward
x.grad.zero_()
(x ** 2).sum().backward()
print('after zero_() , dy/dx =', x.grad)  # 回到 [2., 4., 6.]

# 推理阶段关掉 autograd，节省内存
with torch.no_grad():
    pred = x * 2
print('pred.requires_grad:', pred.requires_grad)

# detach：切断计算图，但仍共享存储
z = (x * 3).detach()
print('z.requires_grad   :', z.requires_grad)

from torch.utils.data import Dataset, DataLoader


class XOR(Dataset):
    """一个 4 条样本的玩具数据集，用来演示 Dataset 接口。"""

    def __init__(self):
        self.X = torch.tensor([[0., 0.], [0., 1.], [1., 0.], [1., 1.]])
        self.y = torch.tensor([0, 1, 1, 0])

    def __len__(self):
        return len(self.X)

    def __getitem__(self, i):
        return self.X[i], self.y[i]


ds = XOR()
print('数据集大小:', len(ds))
print('第 0 个样本:', ds[0])

loader = DataLoader(ds, batch_size=2, shuffle=True)

for batch_idx, (x, y) in enumerate(loader):
    print(f'batch {batch_idx}: x={x.tolist()} y={y.tolist()}')

import torch.nn as nn
import torch.optim as optim


class TinyMLP(nn.Module):
    """一个两层的小型多层感知机，用来拟合 y = x1 + x2 + 噪声。"""

    def __init__(self, in_dim=2, hid=16, out=1):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(in_dim, hid),
            nn.ReLU(),
            nn.Linear(hid, out),
        )

    def forward(self, x):
        return self.net(x)


torch.manual_seed(0)

# 合成回归数据 y = sum(x) + 噪声
X = torch.randn(256, 2)
y = X.sum(dim=1, keepdim=True) + 0.1 * torch.randn(256, 1)

model   = TinyMLP()
opt     = optim.Adam(model.parameters(), lr=0.05)
loss_fn = nn.MSELoss()

for epoch in range(200):
    pred = model(X)                # 前向
    loss = loss_fn(pred, y)        # 求 loss
    opt.zero_grad()                # 清零梯度
    loss.backward()                # 反向
    opt.step()                     # 更新参数

    if epoch % 50 == 0:
        print(f'epoch {epoch:3d}  loss {loss.item():.4f}')
