# desc: device boilerplate of tutorials on a machine without CUDA: cuda.is_available() False, torch.device('cpu') printed, device= arguments, .to(device), .to('cpu'), .cpu(), then .cuda() raises PyTorch's error
# features: device, cuda, to, cpu
import torch
print(torch.cuda.is_available(), torch.cuda.device_count())
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print(device, repr(device), device.type, device.index, [device], device == torch.device("cpu"))
print(torch.device("cuda:0"), repr(torch.device("cuda", 1)))
torch.cuda.manual_seed(0)
x = torch.ones(2, 2, device=device, requires_grad=True)
w = torch.tensor([1., 2.], device=device).to(device)
b = torch.zeros(2, device="cpu").to("cpu").cpu()
y = torch.full((2,), 3., device=device).to(device, torch.float64)
print(x.device, repr(x.device), x.device == device, x.is_cuda, y.dtype, x.to(device=device) is x)
out = ((x @ w) + b).sum()
out.backward()
print(x.grad)
x.cuda()
