"""``torch.optim``: SGD, Adam, AdamW, RMSprop, Adagrad, Rprop, Adamax, ASGD, LBFGS and the learning-rate schedulers,
updating parameters with PyTorch 2.13's arithmetic (:mod:`core.torch.optim.kernels`)."""
from __future__ import annotations

from core.torch.optim import lr_scheduler
from core.torch.optim.adagrad import Adagrad
from core.torch.optim.adam import Adam, AdamW
from core.torch.optim.lbfgs import LBFGS
from core.torch.optim.optimizer import Optimizer
from core.torch.optim.rmsprop import RMSprop
from core.torch.optim.classic import ASGD, Adamax, Rprop
from core.torch.optim.sgd import SGD

__all__ = ["Optimizer", "SGD", "Adam", "AdamW", "RMSprop", "Adagrad", "Rprop", "Adamax", "ASGD", "LBFGS", "lr_scheduler"]

# the modules PyTorch defines them in: type(opt) prints <class 'torch.optim.sgd.SGD'>, and torch.load's
# weights-only refusal names torch.optim.sgd.SGD
for _cls in (Optimizer, SGD, Adam, AdamW, RMSprop, Adagrad, Rprop, Adamax, ASGD, LBFGS):
    _cls.__module__ = "torch.optim." + {"Optimizer": "optimizer"}.get(_cls.__name__, _cls.__name__.lower())
for _name in lr_scheduler.__all__:
    getattr(lr_scheduler, _name).__module__ = "torch.optim.lr_scheduler"
