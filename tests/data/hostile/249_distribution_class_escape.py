# expect: rejected
# why: a distribution class's dunder attributes (a way to its module's globals) are refused before the run
from torch.distributions import Categorical
print(Categorical.__init__.__globals__)
