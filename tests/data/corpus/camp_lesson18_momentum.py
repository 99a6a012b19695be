# Source: JansonYuan/Pytorch-Camp (深度之眼《PyTorch框架班》 course code "hello pytorch" by TingsongYu) (https://github.com/JansonYuan/Pytorch-Camp)
# File: hello pytorch/lesson/lesson-18/momentum.py
# Commit: 358ce2197e6aaa0e870254f9b38217b87d852575
# Changes: plotting lines dropped: import matplotlib.pyplot as plt; plt.plot(time_list, weights, '-ro', label="Beta: {}\ny = B^t * (1-B)".format(beta)); plt.xlabel("time"); plt.ylabel("weight"); plt.legend(); plt.title("exponentially weighted average"); plt.show(); plt.plot(time_list, w, label="Beta: {}".format(beta_list[i])); plt.xlabel("time"); plt.ylabel("weight"); plt.legend(); plt.show(); plt.plot(range(len(loss_r)), loss_r, label="LR: {} M:{}".format(lr_list[i], momentum_list[i])); plt.legend(); plt.xlabel('Iterations'); plt.ylabel('Loss value'); plt.show(); for i, w in enumerate(w_list): (its body was only plotting); for i, loss_r in enumerate(loss_rec): (its body was only plotting)
# -*- coding:utf-8 -*-
"""
@file name  : momentum.py
# @author     : TingsongYu https://github.com/TingsongYu
@date       : 2019-10-17
@brief      : 梯度下降的动量 momentum
"""
import torch
import numpy as np
import torch.optim as optim
torch.manual_seed(1)


def exp_w_func(beta, time_list):
    return [(1 - beta) * np.power(beta, exp) for exp in time_list]


beta = 0.9
num_point = 100
time_list = np.arange(num_point).tolist()

# ------------------------------ exponential weight ------------------------------
flag = 0
# flag = 1
if flag:
    weights = exp_w_func(beta, time_list)


    print(np.sum(weights))


# ------------------------------ multi weights ------------------------------
flag = 0
# flag = 1
if flag:
    beta_list = [0.98, 0.95, 0.9, 0.8]
    w_list = [exp_w_func(beta, time_list) for beta in beta_list]


# ------------------------------ SGD momentum ------------------------------
# flag = 0
flag = 1
if flag:
    def func(x):
        return torch.pow(2*x, 2)    # y = (2x)^2 = 4*x^2        dy/dx = 8x

    iteration = 100
    m = 0.9     # .9 .63

    lr_list = [0.01, 0.03]

    momentum_list = list()
    loss_rec = [[] for l in range(len(lr_list))]
    iter_rec = list()

    for i, lr in enumerate(lr_list):
        x = torch.tensor([2.], requires_grad=True)

        momentum = 0. if lr == 0.03 else m
        momentum_list.append(momentum)

        optimizer = optim.SGD([x], lr=lr, momentum=momentum)

        for iter in range(iteration):

            y = func(x)
            y.backward()

            optimizer.step()
            optimizer.zero_grad()

            loss_rec[i].append(y.item())
