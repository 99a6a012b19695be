"""``torch.nn``: Module and Parameter, the containers, layers, activations and losses,
and ``functional``."""
from __future__ import annotations

from core.torch.nn import functional, init, utils  # noqa: F401  (torch.nn.init, torch.nn.utils)
from core.torch.nn.containers import ModuleDict, ModuleList, ParameterDict, ParameterList, Sequential
from core.torch.nn.layers import *  # noqa: F401,F403  (the names in layers.LAYERS)
from core.torch.nn.layers import LAYERS
from core.torch.nn.module import Module, Parameter
from core.torch.nn.rnn import GRU, LSTM, RNN, RECURRENT, GRUCell, LSTMCell, RNNCell  # noqa: F401
from core.torch.nn.spatial import *  # noqa: F401,F403  (the names in spatial.SPATIAL)
from core.torch.nn.spatial import SPATIAL

__all__ = ["functional", "Module", "Parameter", "Sequential", "ModuleList", "ModuleDict", "ParameterList",
           "ParameterDict"] + [
    c.__name__ for c in LAYERS + RECURRENT + SPATIAL]
