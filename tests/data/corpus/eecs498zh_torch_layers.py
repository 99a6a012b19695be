# Source: HuangHuangZhengZheng/EECS498-007 (Chinese course notes for EECS 498-007) (https://github.com/HuangHuangZhengZheng/EECS498-007)
# File: Reminder_and_Starter/get_started_for_cvpr/introPyTorch/torchLayers.ipynb
# Changes: notebook code cells concatenated
import torch
import torch.nn as nn

# 创建一个线性层，输入特征数为20，输出特征数为30
linear_layer = nn.Linear(20, 30)

# 创建一个输入张量，
input_tensor = torch.randn(4, 6, 128, 20)

# 通过线性层进行前向传播
output = linear_layer(input_tensor)

# 输出张量的形状
print(output.size())  
