# Source: JansonYuan/Pytorch-Camp (深度之眼《PyTorch框架班》 course code "hello pytorch" by TingsongYu) (https://github.com/JansonYuan/Pytorch-Camp)
# File: hello pytorch/lesson/lesson-01/hello pytorch.py
# Commit: 358ce2197e6aaa0e870254f9b38217b87d852575
# Changes: the GPU-only line dropped: print("\ndevice_name: {}".format(torch.cuda.get_device_name(0)))
# -*- coding:utf-8 -*-
"""
@file name  : hello pytorch.py
@author     : TingsongYu https://github.com/TingsongYu
@date       : 2020-07-24
@brief      : 问世代码
"""

import torch

print("Hello World, Hello PyTorch {}".format(torch.__version__))

print("\nCUDA is available:{}, version is {}".format(torch.cuda.is_available(), torch.version.cuda))
