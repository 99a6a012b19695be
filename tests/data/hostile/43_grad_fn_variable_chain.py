# expect: raised
# why: next_functions[..].variable is public (the leaf), but what lies past it is not
import torch
x = torch.ones(2, requires_grad=True)
y = (x * 2).sum()
acc = y.grad_fn.next_functions[0][0].next_functions[0][0]
v = acc.variable
print(v is x)
v.detach().numpy().tofile('CANARY')
