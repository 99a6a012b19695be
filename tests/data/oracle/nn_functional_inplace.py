# desc: activations with inplace=True write into their input (version bump) and record PyTorch's in-place node names: ReluBackward0, LeakyReluBackward1, EluBackward1 (elu and selu), CeluBackward1, HardtanhBackward0 (hardtanh, relu6), SiluBackward0; the gradients flow through them
# features: nn.functional, inplace, activations, grad_fn, _version
import torch
import torch.nn.functional as F
x = torch.tensor([-2.0, -0.5, 0.0, 0.5, 2.0, 7.0], requires_grad=True)
outs = []
for name, f in [("relu", lambda t: F.relu(t, inplace=True)), ("leaky_relu", lambda t: F.leaky_relu(t, 0.2, True)),
                ("elu", lambda t: F.elu(t, 0.5, inplace=True)), ("selu", lambda t: F.selu(t, True)),
                ("celu", lambda t: F.celu(t, 1.5, inplace=True)), ("hardtanh", lambda t: F.hardtanh(t, inplace=True)),
                ("relu6", lambda t: F.relu6(t, inplace=True)), ("silu", lambda t: F.silu(t, inplace=True))]:
    h = x * 1.5
    v = h._version
    y = f(h)
    print(name, y is h, h._version - v, y.grad_fn.name())
    print(y)
    outs.append(y)
out = torch.stack(outs)
out.backward(torch.ones_like(out))
print(x.grad)
