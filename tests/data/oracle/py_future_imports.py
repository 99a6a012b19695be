"""A docstring, then __future__ imports: they are accepted and change nothing in Python 3."""
# desc: from __future__ import print_function, division, absolute_import after a docstring
# features: __future__, import
from __future__ import print_function, division
from __future__ import absolute_import
import torch
x = torch.tensor([3., 4.], requires_grad=True)
print(7 / 2, 7 // 2)
(x / 2).sum().backward()
print(x.grad)
