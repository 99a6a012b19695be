# Source: TingsongYu/PyTorch-Tutorial-2nd (https://github.com/TingsongYu/PyTorch-Tutorial-2nd)
# File: code/chapter-1/01-hello-pytorch.py
# Commit: 0f188c18d572e6a54f71d24b2c2e8c0fb5ea0037
# Changes: none
# -*- coding:utf-8 -*-
"""
@file name  : 01_hello_pytorch.py
@author     : TingsongYu https://github.com/TingsongYu
@date       : 2021-12-22
@brief      : 问世代码
"""

import torch

print("Hello World, Hello PyTorch {}".format(torch.__version__))

print("\nCUDA is available:{}, version is {}".format(torch.cuda.is_available(), torch.version.cuda))

print("\ndevice_name: {}".format(torch.cuda.get_device_name(0)))
