"""``torch.distributions``: Normal, Bernoulli, Categorical and Uniform, with PyTorch 2.13's behaviour.

What the tutorials that use them do (REINFORCE's ``Categorical(probs).sample()`` and ``-m.log_prob(action)
* reward``, a VAE's ``Normal(mu, std).rsample()``, ``kl_divergence``): the same draws from torch's generator
(``sample`` through ``torch.normal``, ``torch.bernoulli``, ``torch.multinomial``, ``rsample`` through
``normal_`` and ``rand``), the same formulas written as the same chain of tensor operations (so ``log_prob``
and ``entropy`` have PyTorch's values and grad_fn nodes), argument validation with PyTorch's messages, and
PyTorch's repr.  Learnt from PyTorch's documentation and its torch/distributions sources; written here.

>>> import core.torch as torch
>>> Normal(0.0, 1.0)
Normal(loc: 0.0, scale: 1.0)
"""
from __future__ import annotations

import math
import warnings

import numpy as np

from core import dtypes
from core.tensor.grad_mode import no_grad
from core.tensor.tensor import Size, Tensor
from core.torch import creation
from core.torch import functional as _f
from core.torch import inplace_random as _random
from core.torch.nn import functional as _nnf
from core.torch.type_info import finfo

__all__ = ["Distribution", "Normal", "Bernoulli", "Categorical", "Uniform", "kl_divergence"]

_NUMBER = (int, float)


# ---------------------------------------------------------------------------
# constraints: what a parameter or a value must satisfy, named as PyTorch names them
# ---------------------------------------------------------------------------

class Constraint:
    _bpl_public = ("check", "is_discrete", "event_dim")
    is_discrete = False
    event_dim = 0

    def check(self, value):
        raise NotImplementedError

    def __repr__(self):
        return type(self).__name__.lstrip("_") + "()"


class _Real(Constraint):
    def check(self, value):
        return value == value       # False for nan


class _Boolean(Constraint):
    is_discrete = True

    def check(self, value):
        return (value == 0) | (value == 1)


class _GreaterThan(Constraint):
    _bpl_public = Constraint._bpl_public + ("lower_bound",)

    def __init__(self, lower_bound):
        self.lower_bound = lower_bound

    def check(self, value):
        return self.lower_bound < value

    def __repr__(self):
        return f"GreaterThan(lower_bound={self.lower_bound})"


class _LessThan(Constraint):
    _bpl_public = Constraint._bpl_public + ("upper_bound",)

    def __init__(self, upper_bound):
        self.upper_bound = upper_bound

    def check(self, value):
        return value < self.upper_bound

    def __repr__(self):
        return f"LessThan(upper_bound={self.upper_bound})"


class _Interval(Constraint):
    _bpl_public = Constraint._bpl_public + ("lower_bound", "upper_bound")

    def __init__(self, lower_bound, upper_bound):
        self.lower_bound, self.upper_bound = lower_bound, upper_bound

    def check(self, value):
        return (self.lower_bound <= value) & (value <= self.upper_bound)

    def __repr__(self):
        return f"{type(self).__name__.lstrip('_')}(lower_bound={self.lower_bound}, upper_bound={self.upper_bound})"


class _IntegerInterval(_Interval):
    is_discrete = True

    def check(self, value):
        return (value % 1 == 0) & (self.lower_bound <= value) & (value <= self.upper_bound)


class _Simplex(Constraint):
    event_dim = 1

    def check(self, value):
        return _f.all(value >= 0, -1) & ((value.sum(-1) - 1).abs() < 1e-6)


class _IndependentConstraint(Constraint):
    def __init__(self, base, reinterpreted_batch_ndims):
        self.base_constraint, self.reinterpreted_batch_ndims = base, reinterpreted_batch_ndims
        self.event_dim = base.event_dim + reinterpreted_batch_ndims

    def check(self, value):
        result = self.base_constraint.check(value)
        if result.dim() < self.reinterpreted_batch_ndims:
            raise ValueError(f"Expected value.dim() >= {self.reinterpreted_batch_ndims} but got {value.dim()}")
        return _f.all(result.reshape(tuple(result.shape)[:result.dim() - self.reinterpreted_batch_ndims] + (-1,)), -1)

    def __repr__(self):
        return f"IndependentConstraint({self.base_constraint!r}, {self.reinterpreted_batch_ndims})"


# ``torch.distributions.constraints``: the constraints these distributions use (core.interp.sandbox makes the module)
real, boolean, simplex = _Real(), _Boolean(), _Simplex()
positive, unit_interval = _GreaterThan(0.0), _Interval(0.0, 1.0)
real_vector = _IndependentConstraint(real, 1)
CONSTRAINTS = {"Constraint": Constraint, "real": real, "boolean": boolean, "simplex": simplex, "positive": positive,
               "unit_interval": unit_interval, "real_vector": real_vector, "greater_than": _GreaterThan,
               "less_than": _LessThan, "interval": _Interval, "integer_interval": _IntegerInterval}


# ---------------------------------------------------------------------------
# the base class
# ---------------------------------------------------------------------------

def _broadcast_all(*values):
    """Numbers become tensors of the first tensor's dtype (else the default dtype); then all broadcast."""
    if not all(isinstance(v, (Tensor, *_NUMBER)) for v in values):
        raise ValueError("Input arguments must all be instances of Number, torch.Tensor or objects implementing "
                         "__torch_function__.")
    dtype = next((v.dtype for v in values if isinstance(v, Tensor)), None)
    tensors = [v if isinstance(v, Tensor) else creation.tensor(v, dtype=dtype) for v in values]
    return _f.broadcast_tensors(*tensors)


def _all_true(t) -> bool:
    return bool(np.all(np.asarray(t._data)))


class _Lazy:
    """A parameter computed from the other one on first use, then kept (and shown in the repr)."""

    def __init__(self, compute):
        self.compute, self.name = compute, compute.__name__

    def __get__(self, instance, owner):
        if instance is None:
            return self
        value = self.compute(instance)
        instance.__dict__[self.name] = value
        return value


class Distribution:
    """``torch.distributions.Distribution``: batch and event shapes, argument validation, sampling shapes."""

    _bpl_public = ("batch_shape", "event_shape", "sample", "rsample", "sample_n", "log_prob", "cdf", "icdf",
                   "entropy", "perplexity", "mean", "mode", "variance", "stddev", "expand", "has_rsample",
                   "has_enumerate_support", "enumerate_support", "support", "arg_constraints")
    has_rsample = False
    has_enumerate_support = False
    _validate_args = True
    arg_constraints: dict = {}

    def __init__(self, batch_shape=Size(()), event_shape=Size(()), validate_args=None):
        self._batch_shape, self._event_shape = Size(tuple(batch_shape)), Size(tuple(event_shape))
        if validate_args is not None:
            self._validate_args = validate_args
        if self._validate_args:
            for param, constraint in self.arg_constraints.items():
                if param not in self.__dict__ and isinstance(type(self).__dict__.get(param), _Lazy):
                    continue    # a parameter computed lazily is not checked
                value = getattr(self, param)
                if not _all_true(constraint.check(value)):
                    raise ValueError(f"Expected parameter {param} ({type(value).__name__} of shape "
                                     f"{tuple(value.shape)}) of distribution {self!r} to satisfy the constraint "
                                     f"{constraint!r}, but found invalid values:\n{value}")

    @property
    def batch_shape(self):
        return self._batch_shape

    @property
    def event_shape(self):
        return self._event_shape

    @property
    def stddev(self):
        return self.variance.sqrt()

    def sample(self, sample_shape=Size(())):
        with no_grad():
            return self.rsample(sample_shape)

    def rsample(self, sample_shape=Size(())):
        raise NotImplementedError

    def sample_n(self, n):
        warnings.warn("`sample_n(n)` will be deprecated. Use `sample((n,))` instead.", FutureWarning)
        return self.sample(Size((n,)))

    def perplexity(self):
        return _f.exp(self.entropy())

    def cdf(self, value):
        raise NotImplementedError

    def icdf(self, value):
        raise NotImplementedError

    def enumerate_support(self, expand=True):
        raise NotImplementedError

    def _support_values(self, n, dtype, expand):
        """0..n-1 along dim 0, one singleton dim per batch dim (expanded over the batch shape when ``expand``)."""
        values = creation.arange(n, dtype=dtype).view(*((-1,) + (1,) * len(self._batch_shape)))
        return values.expand((-1,) + tuple(self._batch_shape)) if expand else values

    def _extended_shape(self, sample_shape=Size(())):
        return Size(tuple(sample_shape) + tuple(self._batch_shape) + tuple(self._event_shape))

    def _validate_sample(self, value):
        if not isinstance(value, Tensor):
            raise ValueError("The value argument to log_prob must be a Tensor")
        start = value.dim() - len(self._event_shape)
        if tuple(value.shape)[start:] != tuple(self._event_shape):
            raise ValueError(f"The right-most size of value must match event_shape: {value.shape} vs "
                             f"{self._event_shape}.")
        actual, expected = tuple(value.shape), tuple(self._batch_shape) + tuple(self._event_shape)
        for i, j in zip(reversed(actual), reversed(expected)):
            if i != 1 and j != 1 and i != j:
                raise ValueError(f"Value is not broadcastable with batch_shape+event_shape: {Size(actual)} vs "
                                 f"{Size(expected)}.")
        support = self.support
        if not _all_true(support.check(value)):
            raise ValueError(f"Expected value argument ({type(value).__name__} of shape {tuple(value.shape)}) to be "
                             f"within the support ({support!r}) of the distribution {self!r}, but found invalid "
                             f"values:\n{value}")

    def _checked_expand(self, batch_shape):
        new = object.__new__(type(self))
        return new, Size(tuple(batch_shape))

    def _finish_expand(self, new, batch_shape):
        Distribution.__init__(new, batch_shape, self._event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def __repr__(self):
        shown = []
        for p in self.arg_constraints:
            if p in self.__dict__:
                v = self.__dict__[p]
                shown.append(f"{p}: {v if v.numel() == 1 else v.shape}")
        return type(self).__name__ + "(" + ", ".join(shown) + ")"


# ---------------------------------------------------------------------------
# the distributions
# ---------------------------------------------------------------------------

class Normal(Distribution):
    _bpl_public = Distribution._bpl_public + ("loc", "scale")
    arg_constraints = {"loc": real, "scale": positive}
    support = real
    has_rsample = True

    def __init__(self, loc, scale, validate_args=None):
        self.loc, self.scale = _broadcast_all(loc, scale)
        batch = Size(()) if isinstance(loc, _NUMBER) and isinstance(scale, _NUMBER) else self.loc.shape
        super().__init__(batch, validate_args=validate_args)

    mean = mode = property(lambda self: self.loc)
    stddev = property(lambda self: self.scale)
    variance = property(lambda self: self.stddev.pow(2))

    def expand(self, batch_shape, _instance=None):
        new, batch_shape = self._checked_expand(batch_shape)
        new.loc, new.scale = self.loc.expand(tuple(batch_shape)), self.scale.expand(tuple(batch_shape))
        return self._finish_expand(new, batch_shape)

    def sample(self, sample_shape=Size(())):
        shape = tuple(self._extended_shape(sample_shape))
        with no_grad():
            return creation.normal(self.loc.expand(tuple(shape)), self.scale.expand(tuple(shape)))

    def rsample(self, sample_shape=Size(())):
        shape = tuple(self._extended_shape(sample_shape))
        eps = _random.normal_(creation.empty(*shape, dtype=self.loc.dtype))
        return self.loc + eps * self.scale

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        var = self.scale ** 2
        log_scale = math.log(self.scale) if isinstance(self.scale, _NUMBER) else self.scale.log()
        return -((value - self.loc) ** 2) / (2 * var) - log_scale - math.log(math.sqrt(2 * math.pi))

    def cdf(self, value):
        if self._validate_args:
            self._validate_sample(value)
        return 0.5 * (1 + _f.erf((value - self.loc) * self.scale.reciprocal() / math.sqrt(2)))

    def entropy(self):
        return 0.5 + 0.5 * math.log(2 * math.pi) + _f.log(self.scale)


def _clamp_probs(probs):
    eps = finfo(probs.dtype).eps
    return probs.clamp(min=eps, max=1 - eps)


class Bernoulli(Distribution):
    _bpl_public = Distribution._bpl_public + ("probs", "logits", "param_shape")
    arg_constraints = {"probs": unit_interval, "logits": real}
    support = boolean
    has_enumerate_support = True

    def __init__(self, probs=None, logits=None, validate_args=None):
        if (probs is None) == (logits is None):
            raise ValueError("Either `probs` or `logits` must be specified, but not both.")
        given = probs if probs is not None else logits
        (value,) = _broadcast_all(given)
        self.__dict__["probs" if probs is not None else "logits"] = value
        self._param = value
        super().__init__(Size(()) if isinstance(given, _NUMBER) else value.shape, validate_args=validate_args)

    @_Lazy
    def logits(self):
        p = _clamp_probs(self.probs)
        return _f.log(p) - _f.log1p(-p)

    @_Lazy
    def probs(self):
        return _f.sigmoid(self.logits)

    param_shape = property(lambda self: self._param.shape)
    mean = property(lambda self: self.probs)
    variance = property(lambda self: self.probs * (1 - self.probs))

    @property
    def mode(self):
        mode = (self.probs >= 0.5).to(self.probs)
        mode[self.probs == 0.5] = math.nan
        return mode

    def expand(self, batch_shape, _instance=None):
        new, batch_shape = self._checked_expand(batch_shape)
        for name in ("probs", "logits"):
            if name in self.__dict__:
                new.__dict__[name] = new._param = self.__dict__[name].expand(tuple(batch_shape))
        return self._finish_expand(new, batch_shape)

    def sample(self, sample_shape=Size(())):
        shape = tuple(self._extended_shape(sample_shape))
        with no_grad():
            return _random.bernoulli(self.probs.expand(tuple(shape)))

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        logits, value = _broadcast_all(self.logits, value)
        return -_nnf.binary_cross_entropy_with_logits(logits, value, reduction="none")

    def entropy(self):
        return _nnf.binary_cross_entropy_with_logits(self.logits, self.probs, reduction="none")

    def enumerate_support(self, expand=True):
        return self._support_values(2, self._param.dtype, expand)


class Categorical(Distribution):
    _bpl_public = Distribution._bpl_public + ("probs", "logits", "param_shape")
    arg_constraints = {"probs": simplex, "logits": real_vector}
    has_enumerate_support = True

    def __init__(self, probs=None, logits=None, validate_args=None):
        if (probs is None) == (logits is None):
            raise ValueError("Either `probs` or `logits` must be specified, but not both.")
        if probs is not None:
            if probs.dim() < 1:
                raise ValueError("`probs` parameter must be at least one-dimensional.")
            self.__dict__["probs"] = self._param = probs / probs.sum(-1, keepdim=True)
        else:
            if logits.dim() < 1:
                raise ValueError("`logits` parameter must be at least one-dimensional.")
            self.__dict__["logits"] = self._param = logits - logits.logsumexp(dim=-1, keepdim=True)
        self._num_events = self._param.shape[-1]
        batch = tuple(self._param.shape)[:-1] if self._param.dim() > 1 else ()
        super().__init__(Size(batch), validate_args=validate_args)

    @_Lazy
    def logits(self):
        return _f.log(_clamp_probs(self.probs))

    @_Lazy
    def probs(self):
        return _f.softmax(self.logits, -1)

    @property
    def support(self):
        return _IntegerInterval(0, self._num_events - 1)

    param_shape = property(lambda self: self._param.shape)

    @property
    def mean(self):
        return creation.full(tuple(self._extended_shape()), math.nan, dtype=self.probs.dtype)

    variance = mean

    @property
    def mode(self):
        return self.probs.argmax(dim=-1)

    def expand(self, batch_shape, _instance=None):
        new, batch_shape = self._checked_expand(batch_shape)
        shape = tuple(batch_shape) + (self._num_events,)
        for name in ("probs", "logits"):
            if name in self.__dict__:
                new.__dict__[name] = new._param = self.__dict__[name].expand(tuple(shape))
        new._num_events = self._num_events
        return self._finish_expand(new, batch_shape)

    def sample(self, sample_shape=Size(())):
        sample_shape = Size(tuple(sample_shape))
        probs_2d = self.probs.reshape(-1, self._num_events)
        samples_2d = _random.multinomial(probs_2d, sample_shape.numel(), True).T
        return samples_2d.reshape(tuple(self._extended_shape(sample_shape)))

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        value = value.long().unsqueeze(-1)
        value, log_pmf = _f.broadcast_tensors(value, self.logits)
        value = value[..., :1]
        return log_pmf.gather(-1, value).squeeze(-1)

    def entropy(self):
        logits = _f.clamp(self.logits, min=finfo(self.logits.dtype).min)
        return -(logits * self.probs).sum(-1)

    def enumerate_support(self, expand=True):
        return self._support_values(self._num_events, dtypes.int64, expand)


class Uniform(Distribution):
    _bpl_public = Distribution._bpl_public + ("low", "high")
    has_rsample = True

    def __init__(self, low, high, validate_args=None):
        self.low, self.high = _broadcast_all(low, high)
        batch = Size(()) if isinstance(low, _NUMBER) and isinstance(high, _NUMBER) else self.low.shape
        super().__init__(batch, validate_args=validate_args)

    @property
    def arg_constraints(self):
        return {"low": _LessThan(self.high), "high": _GreaterThan(self.low)}

    @property
    def support(self):
        return _Interval(self.low, self.high)

    mean = property(lambda self: (self.high + self.low) / 2)
    mode = property(lambda self: math.nan * self.high)
    stddev = property(lambda self: (self.high - self.low) / 12 ** 0.5)
    variance = property(lambda self: (self.high - self.low).pow(2) / 12)

    def expand(self, batch_shape, _instance=None):
        new, batch_shape = self._checked_expand(batch_shape)
        new.low, new.high = self.low.expand(tuple(batch_shape)), self.high.expand(tuple(batch_shape))
        return self._finish_expand(new, batch_shape)

    def rsample(self, sample_shape=Size(())):
        shape = tuple(self._extended_shape(sample_shape))
        rand = creation.rand(*shape, dtype=self.low.dtype)
        return self.low + rand * (self.high - self.low)

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        lb = self.low.le(value).type_as(self.low)
        ub = self.high.gt(value).type_as(self.low)
        return _f.log(lb.mul(ub)) - _f.log(self.high - self.low)

    def cdf(self, value):
        if self._validate_args:
            self._validate_sample(value)
        return ((value - self.low) / (self.high - self.low)).clamp(min=0, max=1)

    def icdf(self, value):
        return value * (self.high - self.low) + self.low

    def entropy(self):
        return _f.log(self.high - self.low)


# ---------------------------------------------------------------------------
# KL divergences between two distributions of one family
# ---------------------------------------------------------------------------

def _kl_normal_normal(p, q):
    var_ratio = (p.scale / q.scale).pow(2)
    t1 = ((p.loc - q.loc) / q.scale).pow(2)
    return 0.5 * (var_ratio + t1 - 1 - var_ratio.log())


def _kl_bernoulli_bernoulli(p, q):
    t1 = p.probs * (_nnf.softplus(-q.logits) - _nnf.softplus(-p.logits))
    t1[q.probs == 0] = math.inf
    t1[p.probs == 0] = 0
    t2 = (1 - p.probs) * (_nnf.softplus(q.logits) - _nnf.softplus(p.logits))
    t2[q.probs == 1] = math.inf
    t2[p.probs == 1] = 0
    return t1 + t2


def _kl_categorical_categorical(p, q):
    t = p.probs * (p.logits - q.logits)
    t[(q.probs == 0).expand_as(t)] = math.inf
    t[(p.probs == 0).expand_as(t)] = 0
    return t.sum(-1)


def _kl_uniform_uniform(p, q):
    result = ((q.high - q.low) / (p.high - p.low)).log()
    result[(q.low > p.low) | (q.high < p.high)] = math.inf
    return result


def _kl_normal_uniform(p, q):
    return creation.full_like(p.loc, math.inf)     # a normal's tails lie outside every interval


def _kl_uniform_normal(p, q):
    common_term = p.high - p.low
    t1 = (math.sqrt(math.pi * 2) * q.scale / common_term).log()
    t2 = common_term.pow(2) / 12
    t3 = ((p.high + p.low - 2 * q.loc) / 2).pow(2)
    return t1 + 0.5 * (t2 + t3) / q.scale.pow(2)


_KL = {(Normal, Normal): _kl_normal_normal, (Bernoulli, Bernoulli): _kl_bernoulli_bernoulli,
       (Categorical, Categorical): _kl_categorical_categorical, (Uniform, Uniform): _kl_uniform_uniform,
       (Normal, Uniform): _kl_normal_uniform, (Uniform, Normal): _kl_uniform_normal}


def kl_divergence(p, q):
    fun = _KL.get((type(p), type(q)))
    if fun is None:
        raise NotImplementedError(f"No KL(p || q) is implemented for p type {type(p).__name__} and q type "
                                  f"{type(q).__name__}")
    return fun(p, q)
