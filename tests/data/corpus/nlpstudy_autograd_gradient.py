# Source: HxCodeWarrior/NLP_Study (Chinese study notes) (https://github.com/HxCodeWarrior/NLP_Study)
# File: 1.Basic_Grammar/1.2.Automatic_Derivation/1.2.2.Gradient.ipynb
# Changes: notebook code cells concatenated
import torch
# 创建一个张量，并设置requires-grad = True用来追踪其计算历史
x = torch.ones(2, 2, requires_grad=True)
print(x)
# 对这个张量做一次运算
y = x ** 2
print(y)
# y是计算的结果，所以它有grad_fn属性
print(y.grad_fn)
# 对y进行更多的操作
z = y * y * 3
out = z.mean()
print(z)
print(out)

out.backward()
print(x.grad)

print(x.requires_grad)
print((x ** 2).requires_grad)

# 通过代码块终止求导
with torch.no_grad():
    print((x ** 2).requires_grad)

print(x.requires_grad)
y = x.detach()
print(y.requires_grad)
print(x.eq(y).all())
