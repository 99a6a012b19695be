import warnings
import torch

x = torch.ones(2, requires_grad=True)
z = x * 2
names = dir(z)
print("grad" in names, "backward" in names, "requires_grad" in names)
warnings.filterwarnings("ignore")
y = z.sum()
y.backward(create_graph=True)
print(x.grad)
