# expect: raised
# why: torch.__dict__ would expose the real module (refused at run time)
import torch
print(torch.__dict__['sys'])
