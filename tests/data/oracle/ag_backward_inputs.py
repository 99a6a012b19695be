# desc: backward(inputs=[x]) only accumulates into x (w.grad stays None); backward(inputs=[y]) on a non-leaf fills y.grad without touching leaves
# features: backward-inputs, retain_graph, non-leaf-grad, mul
import torch
x = torch.tensor([1., 2.], requires_grad=True)
w = torch.tensor([3., 4.], requires_grad=True)
y = x * w
out = (y * y).sum()
out.backward(inputs=[x], retain_graph=True)
print(x.grad, w.grad)
out.backward(inputs=[y])
print(y.grad, x.grad, w.grad, y.retains_grad)
