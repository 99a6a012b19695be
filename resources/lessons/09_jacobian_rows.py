# One-hot v picks one row of the Jacobian: backward(e_i) gives d out_i / d x.
# retain_graph=True keeps the graph for the next row; zero_() clears x.grad.
import torch
x = torch.tensor([[1., 2., 3., 4.]], requires_grad=True)
out = 2 * x * x
out.backward(torch.tensor([[1., 0., 0., 0.]]), retain_graph=True)
print(x.grad)
x.grad.zero_()
out.backward(torch.tensor([[0., 1., 0., 0.]]), retain_graph=True)
print(x.grad)
x.grad.zero_()
out.backward(torch.tensor([[1., 1., 1., 1.]]))
print(x.grad)
