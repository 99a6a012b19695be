"""``torch.nn.functional``: activations and losses."""
from __future__ import annotations

from core.torch.functional import (binary_cross_entropy, cross_entropy, l1_loss, leaky_relu, log_softmax, mse_loss,
                          nll_loss, relu, sigmoid, softmax, tanh)

__all__ = ["binary_cross_entropy", "cross_entropy", "l1_loss", "leaky_relu", "log_softmax", "mse_loss",
           "nll_loss", "relu", "sigmoid", "softmax", "tanh"]
