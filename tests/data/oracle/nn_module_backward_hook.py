# register_full_backward_hook: grad_input and grad_output as the hook sees them, the identity node
# (BackwardHookFunctionBackward) on the outputs, a hook's returned grad_input used
import torch
import torch.nn as nn
torch.manual_seed(0)
lin = nn.Linear(3, 2)
log = []
def hook(module, grad_input, grad_output):
    log.append((type(module).__name__, [None if g is None else tuple(g.shape) for g in grad_input],
                [tuple(g.shape) for g in grad_output]))
    print("grad_output", grad_output)
    print("grad_input", grad_input)
h = lin.register_full_backward_hook(hook)
x = torch.randn(4, 3, requires_grad=True)
y = lin(x)
print(y.grad_fn.name())
y.sum().backward()
xr = torch.randn(4, 3, requires_grad=True)
z = lin(xr)
print(z.grad_fn.name())
(z * 2).sum().backward()
print(xr.grad)
def double(module, grad_input, grad_output):
    return tuple(g * 2 for g in grad_input)
h.remove()
h2 = lin.register_full_backward_hook(double)
xr.grad = None
lin(xr).sum().backward()
print(xr.grad)
print(log)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(3, 3)
        self.b = nn.Tanh()
    def forward(self, x):
        return self.b(self.a(x))
net = Net()
grads = {}
net.b.register_full_backward_hook(lambda m, gi, go: grads.update(b=(gi[0].shape, go[0].shape)))
out = net(torch.ones(2, 3, requires_grad=True)).sum()
out.backward()
print(grads, out.grad_fn.name())
