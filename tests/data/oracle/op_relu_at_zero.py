# desc: relu with an exactly-0 input: gradient at 0 is 0
# features: relu, zero-input, subgradient, jacobian
import torch
x = torch.tensor([-1., 0., 2.], requires_grad=True)
out = torch.relu(x)
print(out, out.grad_fn.name(), x.relu().grad_fn.name())
v = torch.tensor([1., 1., 1.])
out.backward(v)
print(x.grad)
