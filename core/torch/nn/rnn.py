"""``nn.RNN``, ``nn.LSTM``, ``nn.GRU`` and their cells, computed as PyTorch's CPU kernels compute them.

PyTorch's CPU recurrent layers project the whole input sequence through ``weight_ih`` at once,
then step through time adding ``linear(h, weight_hh, bias_hh)``; each layer's outputs are
stacked (so the output's grad_fn is StackBackward0), the directions of a bidirectional layer
concatenated, and ``h_n`` stacked over layers.  The gate formulas and their order of operations
follow PyTorch's cells (GRU: ``n = tanh(i_n + r * h_n)``, ``h' = (h - n) * z + n``).
PyTorch runs a one-directional LSTM layer through oneDNN on CPU: the same formulas, its output
under one node, MkldnnRnnLayerBackward0 (here a node of that name over the stacked states).
"""
from __future__ import annotations

import math
import warnings

from core.ops.registry import REGISTRY as R, apply
from core.torch import creation
from core.torch import functional as T
from core.torch.nn import functional, init
from core.torch.nn.module import Module, Parameter


def _linear(x, w, b):
    return functional.linear(x, w, b)


def _tanh_step(xw, h, w_hh, b_hh):
    return T.tanh(_linear(h, w_hh, b_hh) + xw)


def _relu_step(xw, h, w_hh, b_hh):
    return T.relu(_linear(h, w_hh, b_hh) + xw)


def _gru_step(xw, h, w_hh, b_hh):
    ir, iz, in_ = T.chunk(xw, 3, 1)
    hr, hz, hn = T.chunk(_linear(h, w_hh, b_hh), 3, 1)
    r = T.sigmoid(hr + ir)
    z = T.sigmoid(hz + iz)
    n = T.tanh(in_ + hn * r)
    return (h - n) * z + n


def _lstm_step(xw, state, w_hh, b_hh):
    h, c = state
    i, f, g, o = T.chunk(_linear(h, w_hh, b_hh) + xw, 4, 1)
    c = T.sigmoid(f) * c + T.sigmoid(i) * T.tanh(g)
    h = T.sigmoid(o) * T.tanh(c)
    return h, c


_STEPS = {"RNN_TANH": (_tanh_step, 1), "RNN_RELU": (_relu_step, 1), "GRU": (_gru_step, 3), "LSTM": (_lstm_step, 4)}


class RNNBase(Module):
    _torch_module = "rnn"
    _bpl_methods = frozenset({"reset_parameters", "flatten_parameters"})

    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0,
                 bidirectional=False, proj_size=0, device=None, dtype=None):
        super().__init__()
        if not (0 <= dropout <= 1) or isinstance(dropout, bool):
            raise ValueError("dropout should be a number in range [0, 1] representing the probability of an "
                             "element being zeroed")
        if dropout > 0 and num_layers == 1:
            # NOTE: dropout acts between layers only: on one layer it does nothing, and PyTorch says so (each time)
            warnings.warn("dropout option adds dropout after all but last recurrent layer, so non-zero dropout "
                          f"expects num_layers greater than 1, but got dropout={dropout} and num_layers={num_layers}")
        if proj_size:
            raise NotImplementedError("LSTM(proj_size=...) is not available in Backprop Lens")
        if hidden_size <= 0:
            raise ValueError("hidden_size must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        self.mode, self.input_size, self.hidden_size = mode, input_size, hidden_size
        self.num_layers, self.bias, self.batch_first = num_layers, bias, batch_first
        self.dropout, self.bidirectional, self.proj_size = float(dropout), bidirectional, proj_size
        gate_size = _STEPS[mode][1] * hidden_size
        directions = 2 if bidirectional else 1
        for layer in range(num_layers):
            for direction in range(directions):
                layer_input = input_size if layer == 0 else hidden_size * directions
                suffix = f"_l{layer}" + ("_reverse" if direction == 1 else "")
                self.register_parameter("weight_ih" + suffix, Parameter(creation.empty(gate_size, layer_input)))
                self.register_parameter("weight_hh" + suffix, Parameter(creation.empty(gate_size, hidden_size)))
                if bias:
                    self.register_parameter("bias_ih" + suffix, Parameter(creation.empty(gate_size)))
                    self.register_parameter("bias_hh" + suffix, Parameter(creation.empty(gate_size)))
        self._method("reset_parameters")()

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def flatten_parameters(self):
        return None

    def _weights(self, layer, direction):
        suffix = f"_l{layer}" + ("_reverse" if direction == 1 else "")
        p = self.__dict__["_parameters"]
        return (p["weight_ih" + suffix], p["weight_hh" + suffix], p.get("bias_ih" + suffix),
                p.get("bias_hh" + suffix))

    def forward(self, input, hx=None):
        lstm = self.mode == "LSTM"
        batched = input.dim() == 3
        if input.dim() not in (2, 3):
            raise ValueError(f"{type(self).__name__}: Expected input to be 2D or 3D, got {input.dim()}D instead")
        if not batched:
            input = input.unsqueeze(1)
        elif self.batch_first:
            input = input.transpose(0, 1)
        directions = 2 if self.bidirectional else 1
        shape = (self.num_layers * directions, input.shape[1], self.hidden_size)
        if hx is None:
            zeros = creation.zeros(*shape, dtype=input.dtype)
            hx = (zeros, zeros) if lstm else zeros
        else:
            if not batched:
                hx = tuple(t.unsqueeze(1) for t in hx) if lstm else hx.unsqueeze(1)
            for t in (hx if lstm else (hx,)):
                if tuple(t.shape) != shape:
                    raise RuntimeError(f"Expected hidden size {shape}, got {list(t.shape)}")
        step = _STEPS[self.mode][0]
        finals_h, finals_c = [], []
        x = input
        for layer in range(self.num_layers):
            outs = []
            for direction in range(directions):
                w_ih, w_hh, b_ih, b_hh = self._weights(layer, direction)
                k = layer * directions + direction
                state = (hx[0][k], hx[1][k]) if lstm else hx[k]
                xw = _linear(x, w_ih, b_ih)
                steps = range(x.shape[0]) if direction == 0 else range(x.shape[0] - 1, -1, -1)
                seq = []
                for t in steps:
                    state = step(xw[t], state, w_hh, b_hh)
                    seq.append(state[0] if lstm else state)
                if direction == 1:
                    seq.reverse()
                out = T.stack(seq, 0)
                if lstm and directions == 1:    # PyTorch's CPU LSTM: one oneDNN op per layer
                    out = apply(R["rnn_layer"], (out,))
                outs.append(out)
                finals_h.append(state[0] if lstm else state)
                if lstm:
                    finals_c.append(state[1])
            x = outs[0] if directions == 1 else T.cat(outs, 2)
            if self.dropout and self.training and layer < self.num_layers - 1:
                x = functional.dropout(x, self.dropout, True)
        h_n = T.stack(finals_h, 0)
        hidden = (h_n, T.stack(finals_c, 0)) if lstm else h_n
        if not batched:
            x = x.squeeze(1)
            hidden = tuple(t.squeeze(1) for t in hidden) if lstm else hidden.squeeze(1)
        elif self.batch_first:
            # PyTorch's LSTM transposes its output out of place, RNN and GRU in place (TransposeBackward1)
            x = x.transpose(0, 1) if lstm else apply(R["transpose_in_place"], (x,), {"dim0": 0, "dim1": 1})
        return x, hidden

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        if self.num_layers != 1:
            s += f", num_layers={self.num_layers}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        if self.batch_first is not False:
            s += f", batch_first={self.batch_first}"
        if self.dropout != 0:
            s += f", dropout={self.dropout}"
        if self.bidirectional is not False:
            s += f", bidirectional={self.bidirectional}"
        return s


class RNN(RNNBase):
    def __init__(self, *args, nonlinearity="tanh", **kwargs):
        if len(args) > 3:   # RNN(input, hidden, layers, nonlinearity, bias, ...) positionally
            nonlinearity, args = args[3], args[:3] + args[4:]
        if nonlinearity not in ("tanh", "relu"):
            raise ValueError(f"Unknown nonlinearity '{nonlinearity}'. Select from 'tanh' or 'relu'.")
        self.__dict__["nonlinearity"] = nonlinearity
        super().__init__("RNN_TANH" if nonlinearity == "tanh" else "RNN_RELU", *args, **kwargs)



class LSTM(RNNBase):
    def __init__(self, *args, **kwargs):
        super().__init__("LSTM", *args, **kwargs)


class GRU(RNNBase):
    def __init__(self, *args, **kwargs):
        super().__init__("GRU", *args, **kwargs)


class RNNCellBase(Module):
    _torch_module = "rnn"
    _bpl_methods = frozenset({"reset_parameters"})
    _gates = 1

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__()
        self.input_size, self.hidden_size, self.bias = input_size, hidden_size, bias
        self.weight_ih = Parameter(creation.empty(self._gates * hidden_size, input_size))
        self.weight_hh = Parameter(creation.empty(self._gates * hidden_size, hidden_size))
        if bias:
            self.bias_ih = Parameter(creation.empty(self._gates * hidden_size))
            self.bias_hh = Parameter(creation.empty(self._gates * hidden_size))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        self._method("reset_parameters")()

    reset_parameters = RNNBase.reset_parameters

    def _prepare(self, input, hx, pair=False):
        if input.dim() not in (1, 2):
            raise ValueError(f"{type(self).__name__}: Expected input to be 1D or 2D, got {input.dim()}D instead")
        batched = input.dim() == 2
        if not batched:
            input = input.unsqueeze(0)
        if hx is None:
            zeros = creation.zeros(input.shape[0], self.hidden_size, dtype=input.dtype)
            hx = (zeros, zeros) if pair else zeros
        elif not batched:
            hx = tuple(t.unsqueeze(0) for t in hx) if pair else hx.unsqueeze(0)
        return input, hx, batched

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        nonlinearity = self.__dict__.get("nonlinearity", "tanh")
        if nonlinearity != "tanh":
            s += f", nonlinearity={nonlinearity}"
        return s


class RNNCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None, dtype=None):
        self.__dict__["nonlinearity"] = nonlinearity
        super().__init__(input_size, hidden_size, bias)

    def forward(self, input, hx=None):
        input, hx, batched = self._prepare(input, hx)
        step = _tanh_step if self.nonlinearity == "tanh" else _relu_step
        h = step(_linear(input, self.weight_ih, self.bias_ih), hx, self.weight_hh, self.bias_hh)
        return h if batched else h.squeeze(0)


class GRUCell(RNNCellBase):
    _gates = 3

    def forward(self, input, hx=None):
        input, hx, batched = self._prepare(input, hx)
        h = _gru_step(_linear(input, self.weight_ih, self.bias_ih), hx, self.weight_hh, self.bias_hh)
        return h if batched else h.squeeze(0)


class LSTMCell(RNNCellBase):
    _gates = 4

    def forward(self, input, hx=None):
        input, hx, batched = self._prepare(input, hx, pair=True)
        h, c = _lstm_step(_linear(input, self.weight_ih, self.bias_ih), hx, self.weight_hh, self.bias_hh)
        return (h, c) if batched else (h.squeeze(0), c.squeeze(0))


RECURRENT = [RNN, LSTM, GRU, RNNCell, LSTMCell, GRUCell]
__all__ = [c.__name__ for c in RECURRENT]
for _c in RECURRENT:   # type(layer) prints as PyTorch's class
    _c.__module__ = "torch.nn.modules.rnn"
