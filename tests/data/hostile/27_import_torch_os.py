# expect: rejected
# why: a submodule of torch that is not on the list
import torch.os
