# Source: HxCodeWarrior/NLP_Study (Chinese study notes) (https://github.com/HxCodeWarrior/NLP_Study)
# File: 1.Basic_Grammar/1.1.Tensors/1.1.4.Broadcasting_Mechanism.ipynb
# Changes: notebook code cells concatenated
import torch

x = torch.arange(1, 3).view(1, 2)
y = torch.arange(1, 4).view(3, 1)
print(x)
print(y)
print(x + y)
