# y is filled by index assignment (a CopySlices node); the full Jacobian is
# built row by row with one-hot v, deepcopy and cat.
import torch
import copy
x = torch.tensor([[3., 4.]], requires_grad=True)
y = torch.zeros(1, 2)
y[0, 0] = x[0, 0] ** 2 + x[0, 1]
y[0, 1] = x[0, 1] ** 3 + x[0, 0]
out = 2 * y
out.backward(torch.tensor([[1., 1.]]), retain_graph=True)
print(x.grad)
x.grad.zero_()
out.backward(torch.tensor([[1., 0.]]), retain_graph=True)
g1 = copy.deepcopy(x.grad)
x.grad.zero_()
out.backward(torch.tensor([[0., 1.]]))
g2 = copy.deepcopy(x.grad)
J = torch.cat((g1, g2), 0)
print(J)
