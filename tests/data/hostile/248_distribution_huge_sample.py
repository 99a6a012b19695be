# expect: limit
# why: a sample's shape is checked against the size limit before anything is drawn
import torch
from torch.distributions import Normal
x = Normal(0.0, 1.0).sample((100000, 100000))
