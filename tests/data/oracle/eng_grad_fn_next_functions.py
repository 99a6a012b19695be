# desc: grad_fn.name() and next_functions of a small graph: AccumulateGrad for leaves, None for constants, input_nr indices, .variable of AccumulateGrad
# features: grad_fn, next_functions, AccumulateGrad, name, backward
import torch
x = torch.tensor([1., 2.], requires_grad=True)
w = torch.tensor([3., 4.])
y = x * w
out = y.sum() + x.mean()
print(out.grad_fn.name(), type(out.grad_fn).__name__)
print([n.name() if n is not None else None for n, _ in out.grad_fn.next_functions])
print([n.name() if n is not None else None for n, _ in y.grad_fn.next_functions])
print([i for _, i in y.grad_fn.next_functions], x.grad_fn)
print(y.grad_fn.next_functions[0][0].variable is x)
print([n.name() if n is not None else None for n, _ in (x + 1).grad_fn.next_functions])
out.backward()
print(x.grad)
