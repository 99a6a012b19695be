# recurrent layers and cells: parameters in PyTorch's order and initialisation, outputs, h_n, gradients
import torch
import torch.nn as nn

torch.manual_seed(0)
rnn = nn.RNN(3, 2, 2)
gru = nn.GRU(3, 2, bidirectional=True)
lstm = nn.LSTM(3, 2)
cell = nn.RNNCell(3, 2)
gcell = nn.GRUCell(3, 2)
lcell = nn.LSTMCell(3, 2)
print(rnn, gru, lstm, cell, gcell, lcell, nn.RNN(2, 2, nonlinearity="relu", batch_first=True, bias=False))
print([name for name, _ in gru.named_parameters()])
print(rnn.weight_hh_l1)
x = torch.randn(4, 1, 3)
h0 = torch.zeros(2, 1, 2)
out, hn = rnn(x, h0)
print(out.shape, hn.shape)
print(out)
print(hn)
gout, ghn = gru(x)
print(gout.shape, ghn)
lh, lc = lstm(x)[1]
print(lh, lc)
h = cell(x[0])
g = gcell(x[0], h)
hc = lcell(x[0])
print(h, g, hc[0], hc[1])
loss = out.sum() + ghn.sum() + lh.sum() + g.sum()
loss.backward()
w_grad = rnn.weight_ih_l0.grad
g_grad = gru.weight_hh_l0_reverse.grad
print(cell(x[1, 0]).shape)
