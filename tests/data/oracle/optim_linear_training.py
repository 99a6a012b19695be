# desc: a seeded nn.Linear regression trained by SGD with momentum and by Adam through a shuffled DataLoader: PyTorch's losses and weights
# features: nn.Linear, default init, MSELoss, optim.SGD, optim.Adam, DataLoader, StepLR, training loop
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(42)
x = torch.rand(40, 1) * 4 - 2
y = 3 * x - 1 + 0.1 * torch.randn(40, 1)
for make in (lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9), lambda p: torch.optim.Adam(p, lr=0.1)):
    model = nn.Linear(1, 1)
    print(model.weight, model.bias)
    criterion = nn.MSELoss()
    optimizer = make(model.parameters())
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.5)
    loader = DataLoader(TensorDataset(x, y), batch_size=10, shuffle=True)
    for epoch in range(4):
        for xb, yb in loader:
            optimizer.zero_grad()
            loss = criterion(model(xb), yb)
            loss.backward()
            optimizer.step()
        scheduler.step()
        print(epoch, round(loss.item(), 4), scheduler.get_last_lr())
    print(model.weight.data, model.bias.data)
out = model(torch.tensor([[0.5]]))
