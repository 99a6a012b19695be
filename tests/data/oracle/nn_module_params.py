# parameters, buffers, children and state_dict of a program's module, in registration order
import torch
import torch.nn as nn

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(3, 4)
        self.w = nn.Parameter(torch.ones(2))
        self.register_buffer("steps", torch.zeros(1))
        self.register_buffer("scratch", torch.ones(1), persistent=False)
        self.out = nn.Linear(4, 2)
        self.shared = self.out
        self.plain = torch.ones(3, requires_grad=True)
        self.register_parameter("nothing", None)
        self.add_module("extra", nn.ReLU())

    def forward(self, x):
        return self.out(self.extra(self.hidden(x))) * self.w


net = Net()
for name, p in net.named_parameters():
    print(name, tuple(p.shape), p.requires_grad, isinstance(p, nn.Parameter), type(p).__name__)
print(sum(p.numel() for p in net.parameters()))
print(len(list(net.parameters(recurse=False))))
print([n for n, _ in net.named_buffers()])
print([n for n, _ in net.named_children()])
print([n for n, _ in net.named_modules()])
print([n for n, _ in net.named_parameters(prefix="model", remove_duplicate=False)])
sd = net.state_dict()
print(list(sd.keys()))
print(sd["w"], sd["hidden.bias"])
print(sd["hidden.bias"].requires_grad, net.hidden.bias.requires_grad)
print(net.w)
print(net.nothing, net.plain.requires_grad)
print(net.hidden.in_features, net.hidden.out_features, net.training)
print(isinstance(net.hidden, nn.Linear), isinstance(net, nn.Module), isinstance(net.w, torch.Tensor))
print(type(net.w), type(net.hidden), type(net))
print(hasattr(net, "hidden"), hasattr(net, "missing"), hasattr(net, "steps"))
print(net.get_submodule("hidden"), net.get_parameter("out.bias").shape)
p = nn.Parameter(torch.tensor([1.0, 2.0]))
print(p)
print(p * 2)
print(nn.Parameter(torch.ones(2), requires_grad=False))
