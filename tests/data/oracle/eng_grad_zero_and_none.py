# desc: x.grad.zero_() keeps the same grad tensor object (later accumulation is in place into it); x.grad = None makes the next backward allocate a fresh one
# features: grad-zero_, grad-none, accumulation, identity
import torch
x = torch.tensor([1., 2.], requires_grad=True)
(x * 2).sum().backward()
g = x.grad
x.grad.zero_()
print(x.grad, g)
(x * 3).sum().backward()
print(x.grad, g is x.grad)
x.grad = None
print(x.grad)
(x * 4).sum().backward()
print(x.grad, g, g is x.grad)
