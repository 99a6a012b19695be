# expect: limit
# why: gradgradcheck's central differences and Jacobians grow with the square of the inputs: a big input is stopped by a limit, not left to run or fill the memory
import torch
x = torch.rand(20000, dtype=torch.double, requires_grad=True)
print(torch.autograd.gradgradcheck(torch.sin, x))
