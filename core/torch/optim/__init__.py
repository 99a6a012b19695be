"""``torch.optim``: SGD, Adam, AdamW, RMSprop, Adagrad, Rprop, Adamax, ASGD and the learning-rate schedulers,
updating parameters with PyTorch 2.13's arithmetic (:mod:`core.torch.optim.kernels`)."""
from __future__ import annotations

from core.torch.optim import lr_scheduler
from core.torch.optim.adagrad import Adagrad
from core.torch.optim.adam import Adam, AdamW
from core.torch.optim.optimizer import Optimizer
from core.torch.optim.rmsprop import RMSprop
from core.torch.optim.classic import ASGD, Adamax, Rprop
from core.torch.optim.sgd import SGD

__all__ = ["Optimizer", "SGD", "Adam", "AdamW", "RMSprop", "Adagrad", "Rprop", "Adamax", "ASGD", "lr_scheduler"]
