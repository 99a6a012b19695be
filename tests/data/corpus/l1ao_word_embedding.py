# Source: L1aoXingyu/code-of-learn-deep-learning-with-pytorch (https://github.com/L1aoXingyu/code-of-learn-deep-learning-with-pytorch)
# File: chapter5_RNN/nlp/word-embedding.ipynb
# Commit: ea24810dc26265e85e3eec34e1d091d21202d800
# License: not stated
# Changes: notebook code cells concatenated
import torch
from torch import nn
from torch.autograd import Variable
# 定义词嵌入
embeds = nn.Embedding(2, 5) # 2 个单词，维度 5
# 得到词嵌入矩阵
embeds.weight
# 直接手动修改词嵌入的值
embeds.weight.data = torch.ones(2, 5)
embeds.weight
# 访问第 50 个词的词向量
embeds = nn.Embedding(100, 10)
single_word_embed = embeds(Variable(torch.LongTensor([50])))
single_word_embed
