# desc: std() of a vector (unbiased) and std(dim=0, keepdim=True) shape; gradient (x - mean)/((n-1) std)
# features: std, unbiased, keepdim, jacobian
import torch
x = torch.tensor([1., 2., 4., 7.], requires_grad=True)
print(x.std(dim=0, keepdim=True).shape, x.std(unbiased=False))
out = x.std()
print(out, out.grad_fn.name())
out.backward()
print(x.grad)
