# expect: rejected
# why: deleting an object's __dict__ is refused before the program runs
import torch
m = torch.nn.Linear(2, 2)
del m.__dict__
