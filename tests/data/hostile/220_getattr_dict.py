# expect: raised
# why: getattr(obj, '__dict__') stays refused, as every dunder through getattr
import torch
m = torch.nn.Linear(2, 2)
d = getattr(m, '__dict__')
print(d)
