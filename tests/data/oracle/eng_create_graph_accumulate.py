# desc: out.backward(create_graph=True) then x.grad.backward() WITHOUT clearing x.grad: 18 is added IN PLACE into the first grad (x.grad is g, both print 45, grad_fn still CopyBackwards)
# features: create_graph, second-derivative, accumulation, backward, warning
import torch
x = torch.tensor(3., requires_grad=True)
out = x ** 3
out.backward(create_graph=True)
g = x.grad
print(g)
g.backward()
print(x.grad, g, x.grad is g)
