# desc: xavier needs fan in and fan out: a 1-D tensor has neither
# features: nn.init, xavier_uniform_, error
import torch
import torch.nn as nn

nn.init.xavier_uniform_(torch.empty(5))
