# Source: HuangHuangZhengZheng/EECS498-007 (Chinese course notes for EECS 498-007) (https://github.com/HuangHuangZhengZheng/EECS498-007)
# File: Reminder_and_Starter/get_started_for_cvpr/introPyTorch/Autograd.ipynb
# Changes: notebook code cells concatenated
import torch

x = torch.rand(2,2)
x.requires_grad

x = torch.rand(2,2)
x.requires_grad = True

z = 4 * x
z

z = torch.ones(2,1)
x = torch.Tensor([[2, 3], [1, 2]])
x.requires_grad = True
y = x.mm(z)
y

y.backward(torch.ones_like(y))

x.grad

# manual_backward()参见pytorch_lightning的文档

x = torch.tensor([1.0, 2.0], requires_grad=False)

detached_tensor = original_tensor.detach()

with torch.no_grad():
    output = model(input_data)

# 用于单个函数或方法上，以禁止计算该函数或方法中所有张量操作的梯度
@torch.no_grad()
def doubler(x):
    return x * 2

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
z = doubler(x)
print(z.requires_grad)  # 输出: False

torch.set_grad_enabled(False)
y = x ** 2

for param in model.parameters():
    param.requires_grad = False
