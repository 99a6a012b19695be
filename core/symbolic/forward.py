"""The symbolic forward of every registered op (symengine expressions).

``SYMBOLIC[name](s, n, **params)`` gets each input twice: ``s[i]`` as an
object array of symengine expressions (or a Python number) and ``n[i]`` as
its numeric value at the program's point.  Piecewise ops (relu, abs, clamp,
max) use the numbers to pick the branch that is active at that point, so the
expression equals the op near the point and its derivative is the one
PyTorch uses there (ties split as PyTorch splits them).  Ops that only move
elements (views, indexing, cat...) run their numpy forward on object arrays
(``STRUCTURAL``).  None of this reads a vjp rule: the Jacobian built from
these expressions is an independent witness.
"""
from __future__ import annotations

import numpy as np
import symengine as se

from core.ops.registry import REGISTRY
from core.symbolic.numbers import const


def _ew(f):
    """Apply a scalar symengine function elementwise (keeps 0-dim)."""
    uf = np.frompyfunc(f, 1, 1)

    def g(a):
        r = uf(a)
        return r if isinstance(r, np.ndarray) else np.array(r, dtype=object)
    return g


def _obj(a):
    return a if isinstance(a, np.ndarray) and a.dtype == object else np.array(a, dtype=object)


def _pick(cond, a, b):
    """Elementwise ``a if cond else b`` with numeric ``cond`` (the active branch)."""
    return _obj(np.where(np.asarray(cond, dtype=bool), _obj(a), _obj(b)))


exp_, log_, sqrt_, sin_, cos_, tan_, tanh_ = (_ew(f) for f in (se.exp, se.log, se.sqrt, se.sin, se.cos, se.tan,
                                                             se.tanh))
ZERO = se.Integer(0)
ONE = se.Integer(1)


def _zeros_like(n):
    return np.full(np.shape(n), ZERO, dtype=object)


def _const(n):
    return const(np.asarray(n))


SYMBOLIC = {}


def sym(name):
    def deco(f):
        SYMBOLIC[name] = f
        return f
    return deco


# -- arithmetic -----------------------------------------------------------------
@sym("add")
def _(s, n, alpha=1):
    return _obj(s[0] + s[1] * alpha if alpha != 1 else s[0] + s[1])


@sym("sub")
def _(s, n, alpha=1):
    return _obj(s[0] - s[1] * alpha if alpha != 1 else s[0] - s[1])


@sym("rsub")
def _(s, n, other=0, alpha=1):
    return _obj(other - s[0] * alpha)


@sym("mul")
def _(s, n):
    return _obj(s[0] * s[1])


@sym("div")
def _(s, n):
    return _obj(s[0] / s[1])


@sym("reciprocal")
def _(s, n):
    return _obj(ONE / s[0])


@sym("neg")
def _(s, n):
    return _obj(-s[0])


@sym("pow")
def _(s, n, exponent=1.0):
    e = se.Integer(exponent) if float(exponent).is_integer() else se.RealDouble(float(exponent))
    return _obj(_ew(lambda x: x ** e)(s[0]))


@sym("pow_tensor")
def _(s, n):
    return _obj(s[0] ** s[1])


@sym("rpow")
def _(s, n, base=1.0):
    b = se.Integer(base) if float(base).is_integer() else se.RealDouble(float(base))
    return _obj(_ew(lambda x: b ** x)(s[0]))


@sym("floor_divide")
def _(s, n):
    return _const(np.floor_divide(n[0], n[1]))


# -- unary -------------------------------------------------------------------------
SYMBOLIC["exp"] = lambda s, n: exp_(s[0])
SYMBOLIC["log"] = lambda s, n: log_(s[0])
SYMBOLIC["sqrt"] = lambda s, n: sqrt_(s[0])
SYMBOLIC["sin"] = lambda s, n: sin_(s[0])
SYMBOLIC["cos"] = lambda s, n: cos_(s[0])
SYMBOLIC["tan"] = lambda s, n: tan_(s[0])
SYMBOLIC["tanh"] = lambda s, n: tanh_(s[0])
SYMBOLIC["sigmoid"] = lambda s, n: _obj(ONE / (ONE + exp_(-_obj(s[0]))))
# NOTE: sign(0) = 0 makes |x| at 0 the constant 0, whose derivative 0 is PyTorch's.
SYMBOLIC["abs"] = lambda s, n: _obj(s[0] * _const(np.sign(n[0])))
# NOTE: relu'(0) = 0 in PyTorch, so the branch at 0 is the constant 0.
SYMBOLIC["relu"] = lambda s, n: _pick(np.asarray(n[0]) > 0, s[0], _zeros_like(n[0]))
for _name in ("sign", "floor", "ceil", "round", "trunc"):
    SYMBOLIC[_name] = (lambda op: lambda s, n: _const(np.asarray(REGISTRY[op].forward(np.asarray(n[0])))))(_name)


@sym("clamp")
def _(s, n, min=None, max=None):
    # NOTE: at the boundary the input passes (PyTorch's gradient is 1 there)
    x = np.asarray(n[0])
    out = s[0]
    if min is not None:
        out = _pick(x >= min, out, _const(np.full(x.shape, min)))
    if max is not None:
        out = _pick(x <= max, out, _const(np.full(x.shape, max)))
    return _obj(out)


SYMBOLIC["clamp_min"] = lambda s, n, min=0.0: SYMBOLIC["clamp"](s, n, min=min)
SYMBOLIC["clamp_max"] = lambda s, n, max=0.0: SYMBOLIC["clamp"](s, n, max=max)


@sym("clamp_tensor")
def _(s, n):
    x = np.asarray(n[0])
    lo, hi = n[1], n[2]
    out = s[0]
    if lo is not None:
        out = _pick(x < np.asarray(lo), s[1], out)
    if hi is not None:
        below = x < np.asarray(lo) if lo is not None else np.zeros(x.shape, bool)
        out = _pick((x > np.asarray(hi)) & ~below, s[2], out)
    return _obj(out)


def _extreme2(kind):
    def f(s, n):
        a, b = np.asarray(n[0]), np.asarray(n[1])
        wins = a > b if kind == "maximum" else a < b
        # NOTE: a tie is the mean of both, so each input gets half the gradient (PyTorch)
        tie = _obj((_obj(s[0]) + _obj(s[1])) / 2)
        return _pick(a == b, tie, _pick(wins, s[0], s[1]))
    return f


SYMBOLIC["maximum"] = _extreme2("maximum")
SYMBOLIC["minimum"] = _extreme2("minimum")


@sym("where")
def _(s, n, condition=None):
    return _pick(condition, s[0], s[1])


SYMBOLIC["fill_"] = lambda s, n, value=0: _const(np.full(np.shape(n[0]), value))
SYMBOLIC["zero_"] = lambda s, n: _const(np.zeros(np.shape(n[0])))
SYMBOLIC["to"] = lambda s, n, dtype=None: _obj(s[0]).copy()
SYMBOLIC["clone"] = lambda s, n, order="K": _obj(s[0]).copy()


# -- reductions --------------------------------------------------------------------
def _axes(dim, ndim):
    if dim is None:
        return None
    dims = (dim,) if isinstance(dim, int) else tuple(dim)
    return tuple(d % ndim for d in dims) if ndim else None


def _sum(a, dim=None, keepdim=False):
    a = _obj(a)
    return _obj(np.sum(a, axis=_axes(dim, a.ndim), keepdims=keepdim))


def _count(shape, dim):
    if dim is None:
        return int(np.prod(shape)) if shape else 1
    return int(np.prod([shape[d] for d in _axes(dim, len(shape))]))


SYMBOLIC["sum"] = lambda s, n: _sum(s[0])
SYMBOLIC["sum_dim"] = lambda s, n, dim=None, keepdim=False: _sum(s[0], dim, keepdim)
SYMBOLIC["mean"] = lambda s, n: _obj(_sum(s[0]) / se.Integer(_count(np.shape(n[0]), None)))
SYMBOLIC["mean_dim"] = lambda s, n, dim=None, keepdim=False: _obj(
    _sum(s[0], dim, keepdim) / se.Integer(_count(np.shape(n[0]), dim)))


def _prod(a, dim=None, keepdim=False):
    a = _obj(a)
    return _obj(np.prod(a, axis=dim, keepdims=keepdim) if dim is not None else np.prod(a))


SYMBOLIC["prod"] = lambda s, n: _prod(s[0])
SYMBOLIC["prod_dim"] = lambda s, n, dim=0, keepdim=False: _prod(s[0], dim, keepdim)


def _var(s, n, dim, correction, keepdim):
    a = _obj(s[0])
    shape = np.shape(n[0])
    cnt = _count(shape, dim)
    mean = _sum(a, dim, True) / se.Integer(cnt)
    dev = a - mean
    return _obj(_sum(dev * dev, dim, keepdim) / se.Integer(cnt - correction))


SYMBOLIC["var"] = lambda s, n, dim=None, correction=1, keepdim=False: _var(s, n, dim, correction, keepdim)


@sym("std")
def _(s, n, dim=None, correction=1, keepdim=False):
    value = np.asarray(REGISTRY["std"].forward(np.asarray(n[0], dtype=np.float64), dim, correction, keepdim))
    # NOTE: where std is 0 PyTorch's gradient is 0 (not 0/0): the constant 0 there
    return _pick(value == 0, _zeros_like(value), sqrt_(_var(s, n, dim, correction, keepdim)))


@sym("norm")
def _(s, n, p=2, dim=None, keepdim=False):
    a = _obj(s[0])
    x = np.asarray(n[0])
    absolute = a * _const(np.sign(x))
    if p == 2:
        value = np.sqrt(np.sum(x.astype(np.float64) ** 2, axis=_axes(dim, x.ndim), keepdims=keepdim))
        # NOTE: the norm of a zero vector has gradient 0 in PyTorch: the constant 0 there
        return _pick(value == 0, _zeros_like(value), sqrt_(_sum(a * a, dim, keepdim)))
    if p == 1:
        return _sum(absolute, dim, keepdim)
    pe = se.RealDouble(float(p))
    return _obj(_ew(lambda v: v ** (1 / pe))(_sum(_ew(lambda v: v ** pe)(absolute), dim, keepdim)))


def _even(kind, full):
    """Full max/min (and amax/amin): the mean of the tied extreme elements."""
    def f(s, n, dim=None, keepdim=False):
        a = _obj(s[0])
        x = np.asarray(n[0])
        if full:
            dim = None
        ax = _axes(dim, x.ndim)
        ext = (np.max if kind == "max" else np.min)(x, axis=ax, keepdims=True)
        hit = x == ext
        count = np.sum(hit, axis=ax, keepdims=True)
        weights = _const(hit / count)
        return _sum(a * weights, dim, keepdim)
    return f


SYMBOLIC["max_all"] = _even("max", True)
SYMBOLIC["min_all"] = _even("min", True)
SYMBOLIC["amax"] = _even("max", False)
SYMBOLIC["amin"] = _even("min", False)


def _select_dim(kind):
    def f(s, n, dim=0, keepdim=False):
        x = np.asarray(n[0])
        a = _obj(s[0])
        if x.ndim == 0:
            return a
        idx = (np.argmax if kind == "max" else np.argmin)(x, axis=dim, keepdims=True)
        out = np.take_along_axis(a, idx, axis=dim)
        return _obj(out if keepdim else np.squeeze(out, axis=dim))
    return f


SYMBOLIC["max_dim"] = _select_dim("max")
SYMBOLIC["min_dim"] = _select_dim("min")


@sym("dot")
def _(s, n):
    return _sum(_obj(s[0]) * _obj(s[1]))


@sym("softmax")
def _(s, n, dim=-1):
    e = exp_(s[0])
    return _obj(e / _sum(e, dim, True))


@sym("log_softmax")
def _(s, n, dim=-1):
    a = _obj(s[0])
    return _obj(a - log_(_sum(exp_(a), dim, True)))


# -- losses ------------------------------------------------------------------------
def _reduce(x, reduction):
    x = _obj(x)
    if reduction == "mean":
        return _obj(_sum(x) / se.Integer(max(x.size, 1)))
    if reduction == "sum":
        return _sum(x)
    return x


SYMBOLIC["mse_loss"] = lambda s, n, reduction="mean": _reduce((_obj(s[0]) - s[1]) ** 2, reduction)


@sym("nll_loss")
def _(s, n, target=None, reduction="mean"):
    a = _obj(s[0])
    t = np.asarray(target)
    picked = -a[t] if a.ndim == 1 else -a[np.arange(a.shape[0]), t]
    return _reduce(picked, reduction)


@sym("binary_cross_entropy")
def _(s, n, reduction="mean"):
    p, y = _obj(s[0]), _obj(s[1])
    return _reduce(-(y * log_(p) + (ONE - y) * log_(ONE - p)), reduction)


# ops whose forward only moves elements: run it on object arrays
STRUCTURAL = {"view", "reshape_copy", "unsafe_view", "transpose", "t", "permute", "unsqueeze", "squeeze",
              "squeeze_dim", "squeeze_dims", "expand", "select", "slice", "index", "repeat", "cat", "stack",
              "mm", "mv", "dot", "bmm", "copy_", "index_put", "index_backward"}


def symbolic_forward(op, s, n, params):
    """The op's symbolic value on symbolic inputs ``s`` (numbers ``n``)."""
    f = SYMBOLIC.get(op.name)
    if f is not None:
        return _obj(f(s, n, **params))
    if op.name in STRUCTURAL:
        r = op.forward(*s, **params)
        if op.has_aux:
            r = r[0]
        return _obj(r)
    return None  # not differentiable (comparisons, argmax): a constant
