# desc: out = (x * 2).sum() backward twice -> error too: multiplying by a Python scalar saves the wrapped scalar tensor
# features: retain_graph, saved-tensors, mul-scalar, error
import torch
x = torch.tensor([1., 2.], requires_grad=True)
out = (x * 2).sum()
out.backward()
print(x.grad)
out.backward()
