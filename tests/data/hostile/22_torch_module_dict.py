# expect: rejected
# why: torch.__dict__ would expose the real module
import torch
print(torch.__dict__['sys'])
