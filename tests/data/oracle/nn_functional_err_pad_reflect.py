# desc: F.pad in reflect mode with a padding as large as the dimension: PyTorch's argument error
# features: nn.functional, pad, reflect, error
import torch
import torch.nn.functional as F
x = torch.ones(2, 3)
print(F.pad(x, (2, 2), mode="reflect").shape)
y = F.pad(x, (3, 3), mode="reflect")
