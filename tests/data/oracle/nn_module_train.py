# a seeded program module trained by hand: zero_grad, backward, updates under no_grad
import torch
import torch.nn as nn

torch.manual_seed(1)


class Model(nn.Module):
    def __init__(self):
        super(Model, self).__init__()
        self.w = nn.Parameter(torch.randn(3, 1))
        self.b = nn.Parameter(torch.zeros(1))

    def forward(self, x):
        return torch.sigmoid(x @ self.w + self.b)


model = Model()
criterion = nn.MSELoss()
bce = nn.BCELoss(reduction="sum")
x = torch.randn(8, 3)
y = (x.sum(dim=1, keepdim=True) > 0).float()
for step in range(5):
    pred = model(x)
    loss = criterion(pred, y)
    model.zero_grad()
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p -= 0.5 * p.grad
    print(step, round(loss.item(), 6))
print(model.w.grad is not None, bce(model(x), y))
model.zero_grad(set_to_none=False)
print(model.w.grad)
model.zero_grad()
print(model.w.grad)
print(model.eval().training, model.train().training)
model.requires_grad_(False)
print([p.requires_grad for p in model.parameters()])
out = nn.L1Loss(reduction="none")(torch.tensor([1.0, -2.0]), torch.zeros(2))
print(out)
