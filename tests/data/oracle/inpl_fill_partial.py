# desc: out = x*2; out[1].fill_(5.) fills through a view -> out.grad_fn is CopySlices and the filled element gets no gradient
# features: in-place, fill_, view, CopySlices, version, jacobian
import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
out = x * 2
out[1].fill_(5.)
print(out, out.grad_fn.name(), out._version)
print([n.name() if n is not None else None for n, _ in out.grad_fn.next_functions])
v = torch.tensor([1., 1., 1.])
out.backward(v)
print(x.grad)
