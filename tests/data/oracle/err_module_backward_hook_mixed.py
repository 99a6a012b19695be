# a module takes one kind of backward hook: the deprecated one after a full one is an error
import torch.nn as nn

lin = nn.Linear(2, 2)
lin.register_full_backward_hook(lambda m, gi, go: None)
lin.register_backward_hook(lambda m, gi, go: None)
