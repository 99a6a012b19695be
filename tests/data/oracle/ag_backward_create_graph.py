# desc: backward(create_graph=True): x.grad = 3x^2 requires grad and has a grad_fn; backprop through x.grad.sum() after resetting x.grad gives 6x (warning about reference cycle recorded)
# features: create_graph, second-derivative, backward, grad-none, warning
import torch
x = torch.tensor([1., 2.], requires_grad=True)
out = (x ** 3).sum()
out.backward(create_graph=True)
print(x.grad, x.grad.requires_grad, x.grad.grad_fn.name())
g = x.grad.sum()
x.grad = None
g.backward()
print(x.grad)
