# expect: raised
# why: dict.update through a module's __dict__ (bypassing nn.Module's registration) is refused
import torch
m = torch.nn.Linear(2, 2)
m.__dict__.update({'_parameters': {'weight': print}})
print(m.weight)
