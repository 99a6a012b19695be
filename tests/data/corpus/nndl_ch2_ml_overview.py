# Source: nndl/nndl-practice (https://github.com/nndl/nndl-practice), the PyTorch practice notebooks of 邱锡鹏《神经网络与深度学习》(nndl), chapter 2 机器学习概述 (part 1)
# File: pytorch/chap2机器学习概述/机器学习概述-上.ipynb (commit 3892d1919f346d55c580589ad2691d2bc1a3715e)
# License: none stated in the repository
# Changes: the code cells concatenated in order; plotting dropped: the matplotlib import and the plt.* lines, and in cell 20 the figure `fig, axes = plt.subplots(2, 2, ...)` with the loop over its axes that only draws four fits (`for ax, M in zip(axes.flat, [0, 1, 3, 8]): y_hat = fit_predict(...); ax.scatter/plot/set_ylim/set_title/legend`)

import math
import torch
import torch.nn as nn
import torch.optim as optim

torch.manual_seed(0)


def linear_data(n, w=1.2, b=0.5, noise=2.0, interval=(-10, 10)):
    """按 y = w x + b + 高斯噪声 采样 n 个点。"""
    x = torch.empty(n, 1).uniform_(*interval)
    y = w * x + b + noise * torch.randn_like(x)
    return x, y


# 训练集 100 个，测试集 50 个；额外采一组 5000 个的"放大版"，用来后面对比样本量的影响
X_train, y_train = linear_data(100)
X_test,  y_test  = linear_data(50)
X_large, y_large = linear_data(5000)

# 可视化 ToyLinear150
xs = torch.linspace(-10, 10, 200).unsqueeze(1)

class Op(object):
    """第 1 章定义的算子基类：要求子类实现 forward / backward。"""

    def __init__(self):
        pass

    def __call__(self, inputs):
        return self.forward(inputs)

    def forward(self, inputs):
        raise NotImplementedError

    def backward(self, outputs_grads):
        raise NotImplementedError


class Linear(Op):
    """y = X w + b 的线性算子（行向量样本）。"""

    def __init__(self, input_size):
        self.input_size = input_size
        # 模型参数（不参与 autograd，由最小二乘法直接赋值）
        self.params = {
            'w': torch.randn(input_size, 1),
            'b': torch.zeros(1),
        }

    def __call__(self, X):
        return self.forward(X)

    def forward(self, X):
        # X: [N, D]   ->   y_pred: [N, 1]
        assert X.shape[1] == self.input_size
        return X @ self.params['w'] + self.params['b']


# 简单测试：2 个样本、3 维特征
torch.manual_seed(0)
model_demo = Linear(input_size=3)
X_demo = torch.randn(2, 3)
print('y_pred:\n', model_demo(X_demo))

def mean_squared_error(y_true, y_pred):
    """逐元素均方误差。"""
    assert y_true.shape[0] == y_pred.shape[0]
    return ((y_true - y_pred) ** 2).mean()


# 构造一个简单样例进行测试: [N, 1], N=2
y_true_t = torch.tensor([[-0.2], [4.9]])
y_pred_t = torch.tensor([[ 1.3], [2.5]])
print('error:', mean_squared_error(y_true_t, y_pred_t).item())

def optimizer_lsm(model, X, y, reg_lambda=0.0):
    """最小二乘法（可带 L2 正则化）求解 Linear 算子的参数。"""
    N, D = X.shape

    # 特征均值（行向量）与标签均值（标量）
    x_bar = X.mean(dim=0, keepdim=True)        # [1, D]
    y_bar = y.mean()

    x_sub = X - x_bar                          # 广播：每行减去均值
    if torch.all(x_sub == 0):
        model.params['b'] = y_bar.unsqueeze(0)
        model.params['w'] = torch.zeros(D, 1)
        return model

    # (X' X + lam I)^-1 X' (y - y_bar)
    A = x_sub.T @ x_sub + reg_lambda * torch.eye(D, dtype=X.dtype, device=X.device)
    rhs = x_sub.T @ (y - y_bar)
    w = torch.linalg.solve(A, rhs)
    b = y_bar - x_bar @ w                       # [1, 1]

    model.params['w'] = w                       # [D, 1]
    model.params['b'] = b.squeeze(0)            # [1]
    return model

model = Linear(input_size=1)
optimizer_lsm(model, X_train, y_train)

print(f"w_pred: {model.params['w'].item():.4f}   b_pred: {model.params['b'].item():.4f}")

y_train_pred = model(X_train)
train_error  = mean_squared_error(y_train, y_train_pred).item()
y_test_pred  = model(X_test)
test_error   = mean_squared_error(y_test,  y_test_pred).item()
print(f'train error: {train_error:.4f}')
print(f'test  error: {test_error:.4f}')

model_large = Linear(input_size=1)
optimizer_lsm(model_large, X_large, y_large)

print(f"100 sample : w={model.params['w'].item():.4f}  b={model.params['b'].item():.4f}")
print(f"5000 sample: w={model_large.params['w'].item():.4f}  b={model_large.params['b'].item():.4f}")

torch.manual_seed(0)
model_sgd = nn.Linear(1, 1)
opt = optim.SGD(model_sgd.parameters(), lr=0.005)
for _ in range(2000):
    loss = nn.functional.mse_loss(model_sgd(X_train), y_train)
    opt.zero_grad(); loss.backward(); opt.step()
print(f'SGD: w={model_sgd.weight.item():.4f}  b={model_sgd.bias.item():.4f}')

torch.manual_seed(0)


def sin_data(n, noise=0.5):
    x = torch.rand(n, 1)
    y = torch.sin(2 * math.pi * x) + noise * torch.randn_like(x)
    return x, y


X_train, y_train = sin_data(15)
X_test,  y_test  = sin_data(10)

# 真实函数曲线（无噪声），用于可视化对比
x_under = torch.linspace(0, 1, 200).unsqueeze(1)
y_under = torch.sin(2 * math.pi * x_under)

def poly_basis(x, degree):
    """[N, 1] -> [N, degree]：列依次为 x, x^2, …, x^M。
    degree=0 时返回空列；偏置项由 fit_predict 里独立拼上去。"""
    if degree == 0:
        return torch.empty(x.shape[0], 0)
    return torch.cat([x ** k for k in range(1, degree + 1)], dim=1)


def fit_predict(X_train, y_train, X_eval, degree, lam=0.0):
    """多项式基 + （带正则的）闭式最小二乘拟合，再在 X_eval 上预测。"""
    Phi_t = poly_basis(X_train, degree)
    Phi_e = poly_basis(X_eval,  degree)
    Phi_t1 = torch.cat([Phi_t, torch.ones_like(X_train[:, :1])], dim=1)
    Phi_e1 = torch.cat([Phi_e, torch.ones_like(X_eval[:,  :1])], dim=1)
    D = Phi_t1.shape[1]
    I = torch.eye(D); I[-1, -1] = 0    # 偏置不参与正则化
    A = Phi_t1.T @ Phi_t1 + lam * I
    w = torch.linalg.solve(A, Phi_t1.T @ y_train)
    return Phi_e1 @ w



def mse(y_hat, y):
    return ((y_hat - y) ** 2).mean().item()


train_errs, test_errs = [], []
for M in range(9):
    y_train_pred = fit_predict(X_train, y_train, X_train, degree=M)
    y_test_pred  = fit_predict(X_train, y_train, X_test,  degree=M)
    train_errs.append(mse(y_train_pred, y_train))
    test_errs.append(mse(y_test_pred,   y_test))

print('train MSE per M:', [round(e, 4) for e in train_errs])
print('test  MSE per M:', [round(e, 4) for e in test_errs])

M, lam = 8, 0.1
y0 = fit_predict(X_train, y_train, x_under, degree=M, lam=0.0)
yr = fit_predict(X_train, y_train, x_under, degree=M, lam=lam)

# 在干净的 (x_under, y_under) 上算 MSE，反映"拟合曲线 vs 真分布"的距离
print(f'MSE on true sin surface  no-reg  M=8     :  {mse(y0, y_under):.4f}')
print(f'MSE on true sin surface  L2     λ={lam}  :  {mse(yr, y_under):.4f}')
