# Source: chenyuntc/pytorch-book (https://github.com/chenyuntc/pytorch-book)
# File: Chapter3/chapter3.ipynb
# License: MIT
# Changes: notebook code cells concatenated. only code cells 0:82 (0-based) kept
# Note: sections 3.1-3.2 (Tensor) kept
# 查看PyTorch的版本号
import torch as t
t.__version__

# 指定Tensor的形状
a = t.Tensor(2, 3)
a # 数值取决于内存空间的状态，print时候可能overflow

# 用list的数据创建Tensor
b = t.Tensor([[1,2,3],[4,5,6]])
b

b.tolist() # 把Tensor转为list

b_size = b.size()
b_size

# 统计b中元素总个数，2*3，两种方式等价
b.numel(), b.nelement()

# 创建一个和b形状一样的Tensor c
c = t.Tensor(b_size)
# 创建一个元素为2和3的Tensor d
d = t.Tensor((2, 3))
c, d

# torch.Tensor能直接创建空的张量
t.Tensor()

# torch.tensor不能直接创建空的张量，需要传入一个空的data
# t.tensor() # TypeError: tensor() missing 1 required positional arguments: "data"
t.tensor(())

a = t.tensor([2,3])
print(a.type())
b = t.Tensor([2,3])
print(b.type())

import numpy as np
arr = np.ones((2, 3), dtype=np.float64)
a = t.tensor(arr)
a

# 创建一个形状是(2,3)值全为1的Tensor
t.ones(2, 3)

input_tensor = t.tensor([[1, 2, 3], [4, 5, 6]])
t.ones_like(input_tensor)

# 创建一个形状是(2,3)的全0的Tensor
t.zeros(2, 3)

# 创建一个对角线为1，其余为0的Tensor,不要求行列数一致
t.eye(2, 3, dtype=t.int)

# 创建一个起始值为1，上限为6，步长为2的Tensor
t.arange(1, 6, 2)

# 创建一个均匀间距的Tensor，将1到10的数分为3份
t.linspace(1, 10, 3)

# 创建一个形状是(2,3)的Tensor，其取值为从标准正态分布中抽取的随机数
t.randn(2, 3)

# 创建一个长度为5的随机排列的Tensor
t.randperm(5) 

# 创建一个大小为(2，3)值全1的Tensor，保留原始的torch.dtype和torch.device
tensor3 = t.tensor((), dtype=t.int32)
tensor3.new_ones((2, 3))

# 命名张量API在后续还有可能还有变化，所以会系统会提示warning，在此忽略
import warnings
warnings.filterwarnings("ignore")
# 直接使用names参数创建命名张量
imgs = t.randn(1, 2, 2, 3, names=('N', 'C', 'H', 'W'))
imgs.names

# 查看旋转操作造成的维度变换
imgs_rotate = imgs.transpose(2, 3)
imgs_rotate.names

# 通过refine_names()函数对未命名的张量命名，其中不需要名字的可以用None表示
another_imgs = t.rand(1, 3, 2, 2)
another_imgs = another_imgs.refine_names('N', None, 'H', 'W')
another_imgs.names

# 修改部分维度的名称
renamed_imgs = imgs.rename(H='height', W='width')
renamed_imgs.names

# 通过维度的名称做维度转换
convert_imgs = renamed_imgs.align_to('N', 'height', 'width', 'C')
convert_imgs.names

# 更改默认Tensor的类型
a = t.rand(2, 3)
print(a.dtype)
# 设置默认类型为DoubleTensor
t.set_default_tensor_type('torch.DoubleTensor')
a = t.rand(2, 3)
print(a.dtype)
# 恢复之前的默认设置
t.set_default_tensor_type('torch.FloatTensor')

# 通过type方法和快捷方法修改Tensor的类型
b1 = a.type(t.FloatTensor)
b2 = a.float()
a.dtype, b1.dtype, b2.dtype

# new方法相当于利用DoubleTensor的构造函数，因为此时a是torch.float64类型
a.new(2,3)

a = t.randn(3, 4)
a

print("查看第1行结果：", a[0])
print("查看第2列结果：", a[:,1])
print("查看第2行最后两个元素：", a[1, -2:])

# 返回一个ByteTensor
print(a > 0) # bool型
print((a > 0).int()) # 整型

# 返回Tensor中满足条件的结果，下面两种写法等价
# 选择返回的结果与原Tensor不共享内存空间
print(a[a > 0])
print(a.masked_select(a>0)) 
# 用torch.where保留原始的索引位置，不满足条件的位置置0
print(t.where(a > 0, a, t.zeros_like(a)))

a = t.arange(0, 16).view(4, 4)
a

# 选取对角线的元素
index = t.tensor([[0,1,2,3]])
a.gather(0, index)

# 选取反对角线上的元素
index = t.tensor([[3,2,1,0]]).t()
a.gather(1, index)

# 选取两个对角线上的元素
index = t.tensor([[0,1,2,3],[3,2,1,0]]).t()
b = a.gather(1, index)
b

# 把两个对角线元素放回去到指定位置
c = t.zeros(4,4).long()
c.scatter_(1, index, b)

t.Tensor([1.]).item()
# t.Tensor([1, 2]).item()  ->
# raise ValueError: only one element tensors can be converted to Python scalars

x = t.arange(0,16).view(2,2,4)
x

x[[1, 0], [1, 1], [2, 0]] # x[1,1,2]和x[0,1,0]

x[[1, 0], [0], [1]] # x[1,0,1],x[0,0,1]

a = t.arange(0, 6).float().view(2, 3)
t.cos(a)

# 取模运算的运算符重载，二者等价
print(a % 3)
print(t.fmod(a, 3))

# 将a中的值进行上下限截断
print(a)
print(t.clamp(a, min=2, max=4))

# 注意对比是否保留维度1的区别
b = t.ones(2, 3)
print(b.sum(dim=0, keepdim=True ),b.sum(dim=0, keepdim=True ).shape)
print(b.sum(dim=0, keepdim=False), b.sum(dim=0, keepdim=False).shape)

a = t.arange(2, 8).view(2, 3)
print(a)
print(a.cumsum(dim=1)) # 沿着行累加

a = t.linspace(0, 15, 6).view(2, 3)
b = t.linspace(15, 0, 6).view(2, 3)
print(a > b)
print("a中大于b的元素: ", a[a > b]) # 返回a中大于b的元素
print("a中最大的元素: ", t.max(a)) # 返回a中最大的元素

t.max(b, dim=1)
# 第一个返回值15和6分别表示第0行和第1行最大的元素
# 第二个返回值的0和0表示上述最大的数是该行第0个元素

t.max(a, b) # 两个Tensor对应位置上较大的元素

a = t.linspace(0, 15, 6).view(2, 3)
b = a.t()
b.is_contiguous()

b = b.contiguous()
b.is_contiguous()

import numpy as np
a = np.ones([2, 3],dtype=np.float32)
a

# 从NumPy转化为Tensor，下面两种方式等价
b = t.from_numpy(a)
# 注意此时是大写的Tensor，torch.tensor()只进行数据拷贝，不会共享内存。
# b = t.Tensor(a)
b

# 此时，NumPy和Tensor是共享内存的
a[0, 1] = -1
b # 修改a的值，b的值也会被修改

a = np.ones([2, 3])
# 注意和上面的a的区别（dtype不是float32）
a.dtype

b = t.Tensor(a) # 此处进行拷贝，不共享内存
b.dtype

c = t.from_numpy(a) # 注意c的类型（DoubleTensor）
c

a[0, 1] = -1
print(b) # b与a不共享内存，所以即使a改变了，b也不变
print(c) # c与a共享内存

a_tensor = t.tensor(a)
a_tensor[0, 1] = 1
a # a和a_tensor不共享内存

a = t.arange(0, 6).float()
b = a.view(2, 3)
# id(变量)可以查看它在内存中的地址
# Storage的内存地址一样，即它们是同一个Storage
id(b.storage()) == id(a.storage())

# a改变，b也随之改变，因为他们共享Storage
a[1] = 100
b

# c取得a的部分索引，只改变了head信息，Storage相同
c = a[2:] 
id(c.storage()) == id(a.storage())

c.data_ptr(), a.data_ptr() # data_ptr返回Tensor首元素的内存地址
# 可以看出两个内存地址相差8，这是因为2*4=8：相差两个元素，每个元素占4个字节(float)
# 如果差值不是8（如16），可以用a.type()查看一下数据类型是不是torch.FloatTensor

c[0] = -100 # c[0]的内存地址对应a[2]的内存地址
a

d = t.Tensor(c.storage()) # 此处拷贝共享了内存
d[0] = 6666
b

# 下面４个Tensor共享Storage
id(a.storage()) == id(b.storage()) == id(c.storage()) == id(d.storage())

# c取得a的部分索引，改变了偏移量
a.storage_offset(), c.storage_offset(), d.storage_offset()

e = b[::2, ::2] # 隔2行/列取一个元素
print(id(e.storage()) == id(a.storage())) # 共享内存
print(e.is_contiguous()) # e的存储空间是不连续的

import torch as t
tensor = t.arange(24).reshape(2, 3, 4)
# tensor.shape 和tensor.size() 等价
print(f"a.shape={tensor.shape}. a.size()={tensor.size()}")

f'这是个{tensor.dim()}维Tensor, 总共{tensor.numel()}个元素'

a = t.arange(1, 13)
b = a.view(2, 6)
c = a.reshape(2, 6) # 此时view和reshape等价，因为Tensor是contiguous
# a,b,c三个对象的内存地址是不一样的，其中保存的是Tensor的形状(size)、步长(stride)、数据类型(type)等信息
id(a)==id(b)==id(c)

# view和reshape存储在与原始对象不同的地址内存中，但是它们共享存储器Storage，也就意味着它们共享基础数据
id(a.storage())==id(b.storage())==id(c.storage())

b = b.t() # b 不再连续
b.reshape(-1, 4) # reshape 可以

# 下面会报错，view无法在改变数据存储的情况下进行形状变化
# b.view(-1, 4)

# 创建一张噪声图像, 并计算RGB每一个通道的噪声均值
img_3xHxW = t.randn(3,128,256) 

# 将img_3xHxW的后两维合并
img_3xHW = img_3xHxW.view(3, -1)
# 写法等价于img_3xHxW.view(3,128*256)
# 也等价于img_3xHxW.flatten(1,2)
img_3xHW.mean(dim=1)

# 图片除了RGB通道，还可以有alpha通道用来表示透明度
alpha_HxW = t.rand(128,256)
alpha_1xHxW = alpha_HxW[None] # 等价于 alpha.unsqueeze(0)
rgba_img = t.cat([alpha_1xHxW, img_3xHxW], dim=0)
rgba_img.shape 

# 去掉第一维的1
# 也可以使用alpha_1xHxW.squeeze()：去掉所有为1的维度
# 也可以使用alpha_1xHxW.flatten(0,1): 1和128合并
# 也可以使用alpha_1xHxW[0]： 通过索引取出第一维的数据
alpha_HxW = alpha_1xHxW.view(128, 256)

mask = t.arange(6).view(2,3) # 一张高为2，宽为3的图片
mask

# 将图片旋转90度, 也就是第一个维度(0)和第二个维度交换
# 等价于mask.transpose(1,0)
# 等价于mask.t() 或 img.T
# 等价于mask.permute(1,0), 不等价于img.permute(0,1)
mask.transpose(0,1)

# 单纯地改变图片的形状
# 注意和上面的区别，结果仍然是连续的
mask.view(3,2)

# PyTorch等深度学习框架中图片一般存储为3xHxW
img_3xHxW = t.randn(3,128,256) 

# 而在OpenCV/NumPy/skimage 中，图片一般存储为HxWx3
# img_3xHxW的形状为shape=[3,H,W],经过permute(1,2,0)得到的形状为:
# [shape[1], shape[2], shape[0]] = [H, W, 3]
img_HxWx3 = img_3xHxW.permute(1,2,0)

img_HxWx3.is_contiguous()

img_HxWx3.reshape(-1) # .view 会报错，因为img_HxWx3不连续

H, W = 4, 5
img_3xHxW = t.randn(3, H, W)

# 目标数据排列和输入一样，直接使用reshape
img_3xHW = img_3xHxW.reshape(3, -1)

# 目标数据排列和输入不一样，先通过transpose变成(3,W,H), 再变成(3,WH)
img_3xWH = img_3xHxW.transpose(1, 2).reshape(3, -1)

# 再变形为3xWxH的形式
img_3xWxH = img_3xWH.reshape(3, W, H)
