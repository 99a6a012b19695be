# One training step of a tiny MLP: forward, loss, backward, then a manual SGD
# update under torch.no_grad() so the update is not recorded in the graph.
import torch
x = torch.tensor([[1.0, 2.0]])
t = torch.tensor([[1.0]])
W1 = torch.tensor([[0.5, -1.0], [0.25, 1.5]], requires_grad=True)
W2 = torch.tensor([[1.0], [-0.25]], requires_grad=True)
h = torch.relu(x @ W1)
y = h @ W2
out = ((y - t) ** 2).mean()
print(h, y, out)
out.backward()
print(W1.grad)
print(W2.grad)
with torch.no_grad():
    W1 -= 0.1 * W1.grad
    W2 -= 0.1 * W2.grad
print(W1)
print(W2)
