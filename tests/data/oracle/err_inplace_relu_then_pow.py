# desc: relu_ saves its output; a following pow_ modifies it -> backward raises the inplace-modification error ('output 0 of Relu, is at version 2; expected version 1')
# features: in-place, relu_, pow_, saved-tensors, version, error
import torch
x = torch.tensor([-1., 0.5, 2.], requires_grad=True)
out = x * 2
out.relu_()
out.pow_(2)
print(out.grad_fn.name(), out._version)
v = torch.tensor([1., 1., 1.])
out.backward(v)
print(x.grad)
