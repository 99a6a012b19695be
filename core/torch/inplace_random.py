"""The in-place random fills: ``x.uniform_``, ``normal_``, ``bernoulli_``,
``exponential_``, ``random_`` and ``torch.bernoulli``, drawing PyTorch's numbers
(:mod:`core.torch.random` says how each is formed).

Each is written like ``copy_``: PyTorch's check on a leaf that requires grad
(so ``nn.init`` runs them under ``no_grad``), the version counter bumped.
"""
from __future__ import annotations

import numpy as np

from core import dtypes
from core.ops.reduce import top_k
from core.ops.inplace import copy_ as _copy_
from core.tensor.tensor import Tensor
from core.torch.creation import default_generator
from core.torch.random import Generator

_DRAW_DTYPES = {np.dtype(np.float64): np.float64}


def _generator(generator):
    if generator is None:
        return default_generator
    if not isinstance(generator, Generator):
        raise TypeError(f"generator must be a torch.Generator, not {type(generator).__name__}")
    return generator


def _draw_dtype(t):
    """float64 tensors draw float64 numbers, every other float tensor float32 ones."""
    return _DRAW_DTYPES.get(t._data.dtype, np.float32)


def _fill(t, values):
    values = np.asarray(values).reshape(t.shape).astype(t._data.dtype)
    return _copy_(t, Tensor._make(values if values.ndim else values[()]))


def _check_float(t, kernel):
    if not t.dtype.is_floating_point:
        raise NotImplementedError(f'"{kernel}" not implemented for \'{t.dtype.scalar_name}\'')


def uniform_(self, a=0.0, b=1.0, *, generator=None, **bounds):
    """Fill with uniforms in [a, b) (PyTorch names them ``from`` and ``to``, which a program can
    only give as ``**{'from': ...}`` or ``to=``)."""
    a, b = bounds.pop("from", a), bounds.pop("to", b)
    if a > b:
        raise RuntimeError(f"uniform_ expects to return a [from, to) range, but found from={a} > to={b}")
    _check_float(self, "check_uniform_bounds")
    return _fill(self, _generator(generator).uniform_between(self.numel(), _draw_dtype(self), a, b))


def normal_(self, mean=0.0, std=1.0, *, generator=None):
    if std < 0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {std}")
    _check_float(self, "normal_kernel_cpu")
    return _fill(self, _generator(generator).normal(self.numel(), _draw_dtype(self), float(mean), float(std)))


def bernoulli_(self, p=0.5, *, generator=None):
    """Each element 1 with probability ``p`` (a number; a tensor of probabilities as ``torch.bernoulli``)."""
    g = _generator(generator)
    if isinstance(p, Tensor):
        probs = np.broadcast_to(p._data, self.shape)
        return _fill(self, g.uniform(self.numel(), np.float32 if p._data.dtype != np.float64 else np.float64)
                     .reshape(self.shape) < probs)
    if not 0 <= p <= 1:
        raise RuntimeError(f"bernoulli_ expects p to be in [0, 1], but got p={p}")
    return _fill(self, g.bernoulli(self.numel(), p))


def exponential_(self, lambd=1.0, *, generator=None):
    if lambd <= 0:
        raise RuntimeError(f"exponential_ expects lambda > 0.0, but found lambda={lambd}")
    if not self.dtype.is_floating_point:
        raise RuntimeError("Exponential distribution is a continuous probability distribution. dtype must be a "
                           f"floating point but you specified {self.dtype.scalar_name}")
    return _fill(self, _generator(generator).exponential(self.numel(), lambd))


def random_(self, *args, generator=None, **kwargs):
    """``random_()``: [0, 2^mantissa] or the integer type's range; ``random_(to)``: [0, to);
    ``random_(from, to)``: [from, to)."""
    g = _generator(generator)
    bounds = list(args)
    if "from" in kwargs:
        bounds.insert(0, kwargs.pop("from"))
    if "to" in kwargs:
        bounds.append(kwargs.pop("to"))
    if kwargs:
        raise TypeError(f"random_() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if not bounds:
        return _fill(self, g.full_range(self.numel(), self._data.dtype))
    low, high = (0, bounds[0]) if len(bounds) == 1 else bounds[:2]
    if high is None:
        return _fill(self, g.full_range(self.numel(), self._data.dtype) + low)
    if low >= high:
        raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got from={low} >= to={high}")
    return _fill(self, g.integers(self.numel(), int(low), int(high)))


def bernoulli(input, p=None, *, generator=None, out=None):
    """``torch.bernoulli(probs)``: a new tensor, 1 where a float uniform falls below its probability."""
    result = Tensor._make(np.zeros(input.shape, dtype=input._data.dtype)[()])
    if p is not None:
        return bernoulli_(result, p, generator=generator)
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"bernoulli_tensor_cpu_p_\" not implemented for '{input.dtype.scalar_name}'")
    u = _generator(generator).uniform(input.numel(), _draw_dtype(input)).reshape(input.shape)
    result._data = np.asarray(u < input._data).astype(input._data.dtype)[()] if input.dim() == 0 else \
        (u < input._data).astype(input._data.dtype)
    return result


def multinomial(input, num_samples, replacement=False, *, generator=None):
    """Indices drawn from each row's categorical distribution (weights need not sum to 1), as PyTorch's CPU
    draws them: without replacement (or one sample) each weight over an Exp(1) number, the largest ones
    taken; with replacement a float64 uniform per sample looked up in the row's normalised cumulative sums."""
    if not input.dtype.is_floating_point:
        raise RuntimeError(f"multinomial only supports floating-point dtypes for input, got: {input.dtype.scalar_name}")
    if input.dim() not in (1, 2):
        raise RuntimeError("prob_dist must be 1 or 2 dim")
    n, categories = int(num_samples), input.shape[-1]
    if not replacement and n > categories:
        raise RuntimeError("cannot sample n_sample > prob_dist.size(-1) samples without replacement")
    if n <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    if categories > 2 ** 24:
        raise RuntimeError("number of categories cannot exceed 2^24")
    g = _generator(generator)
    probs = np.asarray(input._data)
    rows = probs.reshape(-1, categories)
    out = np.zeros((rows.shape[0], n), np.int64)
    if not replacement or n == 1:
        with np.errstate(invalid="ignore"):
            if not (rows.size and np.max(rows) < np.inf and np.min(rows) >= 0):
                raise RuntimeError("probability tensor contains either `inf`, `nan` or element < 0")
        if np.any(np.sum(rows, axis=-1) == 0):
            raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
        kind = probs.dtype.type
        q = rows / g.exponential(rows.size, 1.0).astype(kind).reshape(rows.shape)
        for r, row in enumerate(q):
            out[r] = [int(np.argmax(row))] if n == 1 else top_k(row, n)   # (PyTorch's topk, ties included)
    else:
        for r, row in enumerate(rows):
            if np.any(~(row >= 0)):
                raise RuntimeError("invalid multinomial distribution (encountering probability entry < 0)")
            if not np.all(np.isfinite(row)):
                raise RuntimeError("invalid multinomial distribution (encountering probability entry = infinity "
                                   "or NaN)")
            cumulative = np.cumsum(row)   # (one addition after another, in the row's dtype)
            if not cumulative[-1] > 0:
                raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
            cumulative = cumulative / cumulative[-1]
            cumulative[-1] = 1
            for j in range(n):
                u = g.uniform(1, np.float64)[0]
                # the first bucket whose cumulative probability is not below u (a binary search)
                out[r, j] = int(np.searchsorted(cumulative, u, side="left"))
    return Tensor._make(out.reshape(tuple(input.shape[:-1]) + (n,)))


def _long_out(out, **kwargs):
    if out.dtype is not dtypes.int64:
        raise RuntimeError(f"multinomial expects Long tensor out, got: {out.dtype.scalar_name}")


multinomial._bpl_out_check = _long_out   # (out= itself is written by core.torch.functional._writes_out)


def get_rng_state():
    """``torch.get_rng_state()``: the default generator's state, for ``set_rng_state``."""
    return default_generator.get_state()


def set_rng_state(new_state):
    default_generator.set_state(new_state)


def initial_seed():
    return default_generator.initial_seed()


def attach():
    """The methods on Tensor (called once by core.torch.tensor_methods)."""
    for fn in (uniform_, normal_, bernoulli_, exponential_, random_):
        setattr(Tensor, fn.__name__, fn)
    Tensor.bernoulli = lambda self, p=None, *, generator=None: _bernoulli(self, p, generator=generator)
    Tensor.multinomial = lambda self, num_samples, replacement=False, *, generator=None: _multinomial(
        self, num_samples, replacement, generator=generator)


_bernoulli = bernoulli   # the method's, whatever torch.bernoulli is made (core.torch checks its arguments)
_multinomial = multinomial


__all__ = ["bernoulli", "multinomial", "get_rng_state", "set_rng_state", "initial_seed"]
