# expect: raised
# why: which kind of backward hook a module holds is the host's own state; a program cannot set it
import torch.nn as nn
lin = nn.Linear(2, 2)
lin.register_full_backward_hook(lambda m, gi, go: None)
lin._is_full_backward_hook = False
lin._backward_hooks.clear()
