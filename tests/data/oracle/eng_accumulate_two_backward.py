# desc: two separate graphs backpropagated into the same leaf accumulate: 3 + 2x
# features: accumulation, backward, leaf
import torch
x = torch.tensor([1., 2.], requires_grad=True)
out = (x * 3).sum()
out.backward()
print(x.grad)
out2 = (x * x).sum()
out2.backward()
print(x.grad)
