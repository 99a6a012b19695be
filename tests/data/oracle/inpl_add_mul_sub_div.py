# desc: in-place add_/mul_/sub_/div_ on a non-leaf: grad_fn name and _version after each, backward through the chain
# features: in-place, add_, mul_, sub_, div_, version, jacobian
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
out = x * 1
out.add_(1)
print(out.grad_fn.name(), out._version)
out.mul_(x)
print(out.grad_fn.name(), out._version)
out.sub_(0.5)
out.div_(2)
print(out, out.grad_fn.name(), out._version)
v = torch.tensor([1., 1., 1.])
out.backward(v)
print(x.grad)
