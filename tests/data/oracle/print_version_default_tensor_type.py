# desc: torch.version of the CPU build (cuda/hip None), the deprecated torch.set_default_tensor_type by name and by legacy type with its warning given once, its refusals (integer, CUDA and non-type names), and torch.cuda.get_device_name without CUDA
# features: printing, errors, warnings
import torch
print(torch.version.cuda, torch.version.hip, torch.version.debug, torch.version.git_version)
torch.set_default_tensor_type('torch.DoubleTensor')
print(torch.tensor([1.]).dtype)
torch.set_default_tensor_type(torch.FloatTensor)
print(torch.get_default_dtype())
for t in ('torch.IntTensor', 'torch.cuda.FloatTensor', 'torch.float32', 'foo.Bar', torch.LongTensor, torch.float64):
    try:
        torch.set_default_tensor_type(t)
    except Exception as e:
        print(type(e).__name__, e)
try:
    torch.cuda.get_device_name(0)
except Exception as e:
    print(type(e).__name__, e)
