# desc: result computed under torch.no_grad() from a grad leaf -> backward raises RuntimeError
# features: backward, no_grad, error
import torch
x = torch.tensor([1., 2.], requires_grad=True)
with torch.no_grad():
    out = (x * 2).sum()
out.backward()
