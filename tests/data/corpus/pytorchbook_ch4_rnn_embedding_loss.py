# Source: chenyuntc/pytorch-book (https://github.com/chenyuntc/pytorch-book)
# File: Chapter4/Chapter4.ipynb
# Commit: 688951721d11cd3f92440801e1b68b65ae2e439f
# License: MIT
# Changes: notebook code cells concatenated. only code cells 0,21:27 (0-based) kept
# Note: the chapter's notebook is a series of sections; this program is one section with the chapter's first cell (import torch as t, from torch import nn): sections 4.2.3 RNN (LSTM, LSTMCell, Embedding) and 4.2.4 (CrossEntropyLoss)
import torch as t
from torch import nn
print(t.__version__)
t.manual_seed(2021)
# 输入：batch_size=3，序列长度都为2，序列中每个元素占4维
input = t.randn(2, 3, 4).float()
# lstm输入向量4维，3个隐藏元，1层
lstm = nn.LSTM(4, 3, 1)
# 初始状态：1层，batch_size=3，3个隐藏元
h0 = t.randn(1, 3, 3)
c0 = t.randn(1, 3, 3)
out1, hn = lstm(input, (h0, c0))
out1.shape
t.manual_seed(2021)
input = t.randn(2, 3, 4).float()
# 一个LSTMCell对应的层数只能是一层
lstm = nn.LSTMCell(4, 3)
hx = t.randn(3, 3)
cx = t.randn(3, 3)
out = []
for i_ in input:
    hx, cx=lstm(i_, (hx, cx))
    out.append(hx)
out2=t.stack(out)
out2.shape
#受限于精度问题，这里使用allclose函数说明结果的一致性
out1.allclose(out2)
# 有4个词，每个词用5维的向量表示
embedding = nn.Embedding(4, 5)
# 可以用预训练好的词向量初始化embedding
weight = t.arange(0,20).view(4,5).float()
nn.Embedding.from_pretrained(weight)
input = t.arange(3, 0, -1).long()
output = embedding(input)
output
# batch_size=3，计算对应每个类别的分数（只有两个类别）
score = t.randn(3, 2)
# 三个样本分别属于1，0，1类，label必须是LongTensor
label = t.Tensor([1, 0, 1]).long()

# loss与普通的layer无差异
criterion = nn.CrossEntropyLoss()
loss = criterion(score, label)
loss
