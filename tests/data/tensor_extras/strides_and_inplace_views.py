import torch
x = torch.arange(24.).reshape(2, 3, 4)
print(x.stride(), x.stride(1), x.stride(-1), x.storage_offset())
print(x[1:, 1].storage_offset(), x[1:, 1].stride(), x[:, :, 2].storage_offset())
print(x.transpose(0, 2).stride(), x.permute(2, 0, 1).stride(), x[..., ::2].stride())
z = torch.ones(3, 4)
print(z.t().unsqueeze(2).stride(), z[:, None].stride(), z.expand(2, 3, 4).stride(), z[None].stride())
print(z.unsqueeze(1).stride(), z.view(4, 3).stride(), z.reshape(12).stride(), z[1].view(2, 2).storage_offset())
print(torch.tensor(3.).stride(), z.is_contiguous(), z.t().is_contiguous(), z.narrow(1, 1, 2).storage_offset())
a = torch.ones(1, 2, 1, 3, requires_grad=True)
b = a * 2
print(b.squeeze_(0).grad_fn.name(), b.shape, b._version)
print(b.squeeze_((0, 1)).grad_fn.name(), b.shape)
print(b.unsqueeze_(-1).grad_fn.name(), b.shape, b.stride())
print(b.squeeze_().grad_fn.name(), b.shape)
print(b.t_().grad_fn.name(), b.shape, b.stride(), b.is_contiguous())
print(b.transpose_(0, 1).grad_fn.name(), b.shape, b._version)
c = (b * b).sum()
c.backward()
print(a.grad)
try:
    a.t_()
except RuntimeError as e:
    print(e)
try:
    a[0].unsqueeze_(0)
except RuntimeError as e:
    print(e)
with torch.no_grad():
    a.squeeze_()
print(a.shape, a.requires_grad, a.is_leaf)
w = torch.zeros(4, 3)
v = w[1:]
v.t_()
print(v.stride(), v.storage_offset())
v.fill_(2)
print(w)
y = torch.zeros(2, 3)
y.t_()
print(y.shape, y.stride())
try:
    torch.zeros(2, 3, 4).t_()
except RuntimeError as e:
    print(e)
try:
    torch.zeros(3).unsqueeze_(2)
except IndexError as e:
    print(e)
try:
    torch.zeros(3).stride(1)
except IndexError as e:
    print(e)
try:
    torch.tensor(1.).stride(0)
except IndexError as e:
    print(e)
