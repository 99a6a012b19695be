# desc: Tensor.gather / torch.gather as softmax cross-entropy from scratch uses it (y_hat.gather(1, y.view(-1, 1))), repeated indices accumulating in the backward, an int32 index, and PyTorch's errors
# features: gather, indexing, jacobian
import torch
y_hat = torch.tensor([[0.1, 0.3, 0.6], [0.3, 0.2, 0.5]], requires_grad=True)
y = torch.LongTensor([0, 2])
picked = y_hat.gather(1, y.view(-1, 1))
print(picked, picked.grad_fn.name())
loss = -torch.log(picked).sum()
loss.backward()
print(y_hat.grad)
a = torch.arange(12.).reshape(3, 4).requires_grad_()
b = torch.gather(a, 0, torch.tensor([[0, 1, 2, 0], [2, 2, 2, 2]]))
c = a.gather(1, torch.tensor([[0, 0], [3, 1], [1, 1]], dtype=torch.int32))
(b.sum() + (c * c).sum()).backward()
print(b, c, a.grad)
print(torch.gather(torch.tensor(3.), 0, torch.tensor(0)))
d = a.gather(1, torch.tensor([[0], [5], [1]]))
