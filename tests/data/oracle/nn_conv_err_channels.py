# desc: F.conv2d with a weight for 1 input channel on a 3-channel image: RuntimeError "Given groups=1, weight of size [...], expected input[...] to have 1 channels, but got 3 channels instead"
# features: nn.functional, conv2d, error, channels
import torch
import torch.nn.functional as F
img = torch.ones(1, 3, 5, 5)
k = torch.ones(2, 1, 3, 3, requires_grad=True)
print(F.conv2d(img[:, :1], k).shape)
y = F.conv2d(img, k)
