# Source: dragen1860/Deep-Learning-with-PyTorch-Tutorials (https://github.com/dragen1860/Deep-Learning-with-PyTorch-Tutorials), code for 龙良曲《深度学习与PyTorch入门实战》 course, lesson 02 (开发环境安装)
# File: lesson02-开发环境安装/main.py (commit 7535c8fa04b69ac224189d201e1628282691e9a5)
# License: none stated in the repository
# Changes: none (the script as written)

import  torch

print(torch.__version__)
print('gpu:', torch.cuda.is_available())