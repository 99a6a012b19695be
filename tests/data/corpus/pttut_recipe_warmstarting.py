# Source: pytorch/tutorials (https://github.com/pytorch/tutorials), PyTorch Recipes, "Warmstarting model using parameters from a different model in PyTorch"
# File: recipes_source/recipes/warmstarting_model_using_parameters_from_a_different_model.py (commit 0a7e68666de5faceafa90276ad2b7874cd32c5e0)
# License: BSD-3-Clause
# Changes: the recipe's prose (module docstring, comment blocks between code sections) omitted; code as written
import torch
import torch.nn as nn
import torch.optim as optim


class NetA(nn.Module):
    def __init__(self):
        super(NetA, self).__init__()
        self.conv1 = nn.Conv2d(3, 6, 5)
        self.pool = nn.MaxPool2d(2, 2)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = self.pool(F.relu(self.conv2(x)))
        x = x.flatten(start_dim=1)
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        x = self.fc3(x)
        return x

netA = NetA()

class NetB(nn.Module):
    def __init__(self):
        super(NetB, self).__init__()
        self.conv1 = nn.Conv2d(3, 6, 5)
        self.pool = nn.MaxPool2d(2, 2)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = self.pool(F.relu(self.conv2(x)))
        x = x.flatten(start_dim=1)
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        x = self.fc3(x)
        return x

netB = NetB()

# Specify a path to save to
PATH = "model.pt"

torch.save(netA.state_dict(), PATH)

netB.load_state_dict(torch.load(PATH), strict=False)
