# desc: asking for a CUDA tensor where there is no CUDA: torch.ones(..., device='cuda') raises AssertionError (Torch not compiled with CUDA enabled)
# features: device, cuda, error
import torch
x = torch.ones(2, requires_grad=True)
print(x.to("cpu"))
y = torch.ones(2, device="cuda")
