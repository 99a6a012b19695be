# desc: nn.Embedding.from_pretrained: the weight is the given tensor (frozen by default, trainable with freeze=False), lookups, the gradient reaching only the looked-up rows
# features: nn, embedding
import torch
import torch.nn as nn
weight = torch.FloatTensor([[1, 2.3, 3], [4, 5.1, 6.3]])
emb = nn.Embedding.from_pretrained(weight)
print(emb(torch.LongTensor([1])), emb.weight.requires_grad, emb)
train = nn.Embedding.from_pretrained(weight, freeze=False, padding_idx=0)
out = train(torch.tensor([[0, 1, 1]]))
out.sum().backward()
print(out, train.weight.grad, train.weight.requires_grad)
