# desc: retain_grad on several intermediates of a chain a=x+1, b=a*a, c=b.mean(): grads of every stage
# features: retain_grad, non-leaf-grad, chain, mean
import torch
x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
a = x + 1
b = a * a
c = b.mean()
a.retain_grad()
b.retain_grad()
c.retain_grad()
c.backward()
print(c.grad, b.grad, a.grad, x.grad)
print(a.is_leaf, c.retains_grad)
