# Source: L1aoXingyu/code-of-learn-deep-learning-with-pytorch (https://github.com/L1aoXingyu/code-of-learn-deep-learning-with-pytorch)
# File: chapter5_RNN/pytorch-rnn.ipynb
# Commit: ea24810dc26265e85e3eec34e1d091d21202d800
# License: not stated
# Changes: notebook code cells concatenated
import torch
from torch.autograd import Variable
from torch import nn
# 定义一个单步的 rnn
rnn_single = nn.RNNCell(input_size=100, hidden_size=200)
# 访问其中的参数
rnn_single.weight_hh
# 构造一个序列，长为 6，batch 是 5， 特征是 100
x = Variable(torch.randn(6, 5, 100)) # 这是 rnn 的输入格式
# 定义初始的记忆状态
h_t = Variable(torch.zeros(5, 200))
# 传入 rnn
out = []
for i in range(6): # 通过循环 6 次作用在整个序列上
    h_t = rnn_single(x[i], h_t)
    out.append(h_t)
h_t
len(out)
out[0].shape # 每个输出的维度
rnn_seq = nn.RNN(100, 200)
# 访问其中的参数
rnn_seq.weight_hh_l0
out, h_t = rnn_seq(x) # 使用默认的全 0 隐藏状态
h_t
len(out)
# 自己定义初始的隐藏状态
h_0 = Variable(torch.randn(1, 5, 200))
out, h_t = rnn_seq(x, h_0)
h_t
out.shape
lstm_seq = nn.LSTM(50, 100, num_layers=2) # 输入维度 100，输出 200，两层
lstm_seq.weight_hh_l0 # 第一层的 h_t 权重
lstm_input = Variable(torch.randn(10, 3, 50)) # 序列 10，batch 是 3，输入维度 50
out, (h, c) = lstm_seq(lstm_input) # 使用默认的全 0 隐藏状态
h.shape # 两层，Batch 是 3，特征是 100
c.shape
out.shape
h_init = Variable(torch.randn(2, 3, 100))
c_init = Variable(torch.randn(2, 3, 100))
out, (h, c) = lstm_seq(lstm_input, (h_init, c_init))
h.shape
c.shape
out.shape
gru_seq = nn.GRU(10, 20)
gru_input = Variable(torch.randn(3, 32, 10))

out, h = gru_seq(gru_input)
gru_seq.weight_hh_l0
h.shape
out.shape
