# desc: F.layer_norm over the last one and two dims, with and without weight and bias: NativeLayerNormBackward0 (None edges where there is no weight/bias), values and gradients of input, weight and bias
# features: nn.functional, layer_norm, normalization
import torch
import torch.nn.functional as F
torch.manual_seed(2)
x = torch.randn(2, 3, 4, requires_grad=True)
w = torch.randn(4, requires_grad=True)
b = torch.randn(4, requires_grad=True)
y = F.layer_norm(x, (4,), w, b)
print(y)
print(y.grad_fn.name(), [f is None for f, _ in y.grad_fn.next_functions])
y0 = F.layer_norm(x, (3, 4), eps=1e-3)
print(y0.grad_fn.name(), [f is None for f, _ in y0.grad_fn.next_functions])
print(y0[0])
v = torch.randn(2, 3, 4)
(y * v).sum().backward(retain_graph=True)
print(x.grad)
print(w.grad, b.grad, sep="\n")
x.grad = None
(y0 * v).sum().backward()
print(x.grad)
xs = torch.tensor([[1.0, 2.0, 4.0], [0.5, -0.5, 3.0]], requires_grad=True)
out = F.layer_norm(xs, [3], torch.tensor([1.0, 2.0, 0.5]), torch.tensor([0.0, 0.1, 0.2]))
out.backward(torch.tensor([[1.0, 0.0, -1.0], [2.0, 1.0, 0.0]]))
print(out, xs.grad, sep="\n")
