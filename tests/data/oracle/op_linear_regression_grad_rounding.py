# desc: a tiny nn.Linear regression trained for 300 steps: the weight's gradient is a 1x3 @ 3x1 product summed with fused multiply-adds as MKL's sgemm sums it, then a 2x200 @ 200x3 product; printed losses and parameters bit for bit
# features: nn, linear, optim, matmul
import torch
torch.manual_seed(0)
x = torch.tensor([[1.0], [2.0], [3.0]])
y = torch.tensor([[0.0], [0.0], [1.0]])
model = torch.nn.Linear(1, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
for epoch in range(300):
    loss = torch.nn.functional.binary_cross_entropy(torch.sigmoid(model(x)), y, reduction='sum')
    opt.zero_grad()
    loss.backward()
    opt.step()
    if epoch % 50 == 0:
        print(epoch, loss.item(), model.weight.grad.item())
print(model.weight.item(), model.bias.item())
w = torch.randn(2, 200, requires_grad=True)
h = torch.randn(200, 3)
out = (w @ h).relu().sum()
out.backward()
print(out.item(), w.grad.sum().item(), torch.bmm(torch.randn(3, 2, 5), torch.randn(3, 5, 4)).sum().item())
