# desc: one training step of a small LeNet-style CNN written with torch.nn.functional (conv2d, relu, max_pool2d, flatten, linear as matmul, cross_entropy) on seeded random data; the loss before and after an SGD step
# features: nn.functional, conv2d, max_pool2d, relu, cross_entropy, training-step, manual_seed
import torch
import torch.nn.functional as F
torch.manual_seed(0)
images = torch.randn(4, 1, 12, 12)
labels = torch.tensor([3, 0, 1, 3])
w1 = (torch.randn(6, 1, 5, 5) * 0.2).requires_grad_()
b1 = torch.zeros(6, requires_grad=True)
w2 = (torch.randn(6 * 4 * 4, 4) * 0.1).requires_grad_()
def forward(x):
    h = F.max_pool2d(F.relu(F.conv2d(x, w1, b1)), 2)
    return torch.flatten(h, 1) @ w2
loss = F.cross_entropy(forward(images), labels)
print(loss)
loss.backward()
print(b1.grad)
print(w1.grad[0, 0])
with torch.no_grad():
    for p in (w1, b1, w2):
        p -= 0.1 * p.grad
print(F.cross_entropy(forward(images), labels))
