# desc: F.relu and F.sigmoid (functional forms; no deprecation warning in 2.13): ReluBackward0 / SigmoidBackward0; out = F.relu(x) + F.sigmoid(x)
# features: F.relu, F.sigmoid, relu, sigmoid, jacobian
import torch
import torch.nn.functional as F
x = torch.tensor([-1., 0., 2.], requires_grad=True)
r = F.relu(x)
s = F.sigmoid(x)
print(r, r.grad_fn.name(), s, s.grad_fn.name())
out = r + s
print(out.grad_fn.name())
v = torch.tensor([1., 1., 1.])
out.backward(v)
print(x.grad)
