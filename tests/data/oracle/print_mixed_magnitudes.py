# desc: printing vectors/matrices whose magnitudes differ enough to switch to scientific notation, and ones that do not
# features: print, sci-notation, precision
import torch
print(torch.tensor([1e-5, 1., 1000.]))
print(torch.tensor([0.001, 123456.]))
print(torch.tensor([1., 2.5, 100.]))
print(torch.tensor([[1e-8, 1.], [2., 3e8]]))
print(torch.tensor([1e10, 2e10]))
print(torch.tensor([0.1, 0.25, 0.333333]))
print(torch.tensor([123456789., 1.]))
print(torch.tensor([1e-4, 1e-3]))
