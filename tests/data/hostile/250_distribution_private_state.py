# expect: raised
# why: a distribution's attributes are the ones PyTorch documents; its private state is not reachable
import torch
from torch.distributions import Categorical
m = Categorical(torch.tensor([0.5, 0.5]))
print(m._param)
