# desc: parameter groups with their own lr, add_param_group, step(closure), zero_grad(set_to_none=False)
# features: param_groups, add_param_group, closure, zero_grad, error
import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0], requires_grad=True)
opt = torch.optim.SGD([{"params": [a]}, {"params": b, "lr": 0.5}], lr=0.1, momentum=0.9)
print(opt)
def closure():
    opt.zero_grad()
    loss = (a ** 2).sum() + (b ** 3).sum()
    loss.backward()
    return loss
for i in range(3):
    print(opt.step(closure).item(), a.data, b.data)
c = torch.zeros(2, requires_grad=True)
opt.add_param_group({"params": [c], "lr": 1.0})
print(len(opt.param_groups), opt.param_groups[2]["momentum"], opt.param_groups[1]["lr"])
opt.zero_grad(set_to_none=False)
print(a.grad, b.grad, c.grad)
for g in opt.param_groups:
    g["lr"] = g["lr"] * 0.1
print([g["lr"] for g in opt.param_groups])
opt.add_param_group({"params": [a]})
