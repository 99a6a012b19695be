# desc: index_select (d2l data_iter): rows picked twice get their gradients added, a 0-d index, a 0-d input, and PyTorch's errors (float index, 2-d index, out of range, bad dim, a list, a negative index, several values for a scalar)
# features: indexing, backward, error
import torch
x=torch.arange(6.).reshape(3,2).requires_grad_()
i=torch.tensor([2,0,2])
y=x.index_select(0,i); print(y, y.grad_fn.name()); y.sum().backward(); print(x.grad)
print(torch.index_select(x, 1, torch.tensor(1)))
s = torch.tensor(5., requires_grad=True)
t = s.index_select(0, torch.tensor([0]))
t.backward(); print(t, s.grad)
for f in (lambda: x.index_select(0, torch.tensor([0.])), lambda: x.index_select(0, torch.tensor([[0]])), lambda: x.index_select(0, torch.tensor([3])), lambda: x.index_select(2, i), lambda: x.index_select(0, [0]), lambda: x.index_select(0, torch.tensor([-1])), lambda: torch.tensor(5.).index_select(0, torch.tensor([0,0]))):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, str(e))
