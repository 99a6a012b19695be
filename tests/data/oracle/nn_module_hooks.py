# forward pre-hooks and forward hooks: what they see, what they replace, remove()
import torch
import torch.nn as nn


class Scale(nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = nn.Parameter(torch.tensor(k))

    def forward(self, x):
        return x * self.k


seen = []


def pre(module, inputs):
    seen.append(("pre", type(module).__name__, len(inputs)))
    return inputs[0] + 1


def post(module, inputs, output):
    seen.append(("post", inputs[0].tolist(), output.tolist()))
    return output * 10


m = Scale(2.0)
h1 = m.register_forward_pre_hook(pre)
h2 = m.register_forward_hook(post)
x = torch.tensor([1.0, 2.0])
y = m(x)
print(y)
h1.remove()
z = m(x)
print(z)
h2.remove()
out = m(x)
print(out, seen)
out.sum().backward()
print(m.k.grad)
seq = nn.Sequential(Scale(3.0), nn.ReLU())
acts = {}
seq[0].register_forward_hook(lambda mod, inp, o: acts.update({"scale": o.detach()}))
print(seq(torch.tensor([-1.0, 1.0])), acts)
print(m.forward(x))
