# A non-scalar output needs a gradient argument v: backward(v) computes v^T J.
# out = x @ a with x 2x3 and a 3x4 of ones, v = [[1,2,3,4],[5,6,7,8]].
import torch
x = torch.ones(2, 3, requires_grad=True)
a = torch.ones(3, 4)
out = torch.mm(x, a)
print(out)
print(out.grad_fn.name())
v = torch.tensor([[1., 2., 3., 4.], [5., 6., 7., 8.]])
out.backward(v)
print(x.grad)
print(a.grad)
