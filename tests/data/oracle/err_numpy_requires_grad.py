# desc: .numpy() on a tensor that requires grad -> RuntimeError suggesting detach().numpy()
# features: numpy, requires_grad, error
import torch
y = torch.tensor([1., 2.], requires_grad=True)
print(y.detach().numpy().tolist())
z = y.numpy()
print(z)
