# desc: shape/size()/size(1)/size(-1)/dim()/ndim/numel()/len/item()/tolist()/numpy().tolist() on a detached tensor, float()/int()
# features: shape, size, dim, numel, item, tolist, numpy, detach, float, int
import torch
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
print(x.shape, x.size(), x.size(1), x.size(-1))
print(x.dim(), x.ndim, x.numel(), len(x))
print(x[1, 2].item(), type(x[1, 2].item()).__name__)
print(x.tolist(), torch.tensor(5).tolist(), torch.tensor(5).dim())
print(torch.tensor([3]).item(), type(torch.tensor([3]).item()).__name__)
y = torch.tensor([1., 2.], requires_grad=True)
print(y.detach().numpy().tolist(), x.numpy().tolist())
print(float(x[0, 0]), int(x[1, 1]), float(torch.tensor([2.5])), int(torch.tensor(-2.7)))
print(x.shape[0], x.size()[1], type(x.shape).__name__, y.numel())
