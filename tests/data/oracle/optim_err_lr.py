# desc: PyTorch's argument checks: a negative learning rate
# features: optim.SGD, argument-errors
import torch

w = torch.zeros(2, requires_grad=True)
for bad in ({"lr": 0.1, "momentum": -0.5}, {"lr": 0.1, "nesterov": True}):
    try:
        torch.optim.SGD([w], **bad)
    except ValueError as e:
        print(e)
try:
    torch.optim.Adam([w], betas=(1.0, 0.999))
except ValueError as e:
    print(e)
try:
    torch.optim.SGD(w, lr=0.1)
except TypeError as e:
    print(e)
torch.optim.SGD([w], lr=-1)
