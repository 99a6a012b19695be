# torch.nn.utils: parameters as one vector and back, gradient clipping by value and by norm
import torch
from torch import nn
from torch.nn.utils import parameters_to_vector, vector_to_parameters

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 2), nn.Tanh(), nn.Linear(2, 1))
vec = parameters_to_vector(model.parameters())
print(vec.shape, vec.grad_fn.name(), vec.requires_grad)
print(vec)
new = torch.arange(vec.numel(), dtype=torch.float32) / 10
vector_to_parameters(new, model.parameters())
for name, p in model.named_parameters():
    print(name, p.shape, p.requires_grad, p.is_leaf, p)
new[0] = 100.0                          # the parameters are views of the vector
print(model[0].weight[0, 0].item())
x = torch.randn(4, 3)
loss = model(x).pow(2).sum()
loss.backward()
print(torch.nn.utils.parameters_to_vector([p.grad for p in model.parameters()]))
torch.nn.utils.clip_grad_value_(model.parameters(), clip_value=0.5)
print([p.grad for p in model.parameters()])
loss = model(x).pow(2).sum() * 5
loss.backward()
total = torch.nn.utils.get_total_norm([p.grad for p in model.parameters()])
print(total)
torch.nn.utils.clip_grads_with_norm_(model.parameters(), 1.0, total)
print(torch.nn.utils.get_total_norm([p.grad for p in model.parameters()], norm_type=1.0))
print(torch.nn.utils.clip_grad_norm(model.parameters(), 0.5, norm_type=float("inf")))
try:
    vector_to_parameters([1.0, 2.0], model.parameters())
except TypeError as e:
    print(e)
