"""The symbolic forward of the registered ops: the namespace ``S`` and the dispatch.

Every op declares its symbolic rule beside its numeric forward and its vjp
(``@op.def_symbolic`` in :mod:`core.ops`), written against the namespace
:class:`S` defined here, as vjps are written against ``F``: ``rule(S, s, n,
**params)`` gets each input twice, ``s[i]`` as an object array of symengine
expressions (or a Python number) and ``n[i]`` as its numeric value at the
program's point.  Piecewise rules (relu, abs, clamp, max...) use the numbers
to pick the branch that is active at that point, so the expression equals the
op near the point and its derivative is the one PyTorch uses there (ties
split as PyTorch splits them).  Ops that only move elements (views, indexing,
cat, matmul...) are declared ``structural`` and run their numpy forward on
object arrays.  ``core.ops`` never imports symengine: the namespace is handed
to the rule here.  No rule reads a vjp, so the Jacobian built from these
expressions is an independent witness.
"""
from __future__ import annotations

from functools import partial

import numpy as np
import symengine as se

from core.ops import REGISTRY
from core.symbolic.numbers import const as _const


def _ew(f):
    """Apply a scalar symengine function elementwise (keeps 0-dim)."""
    uf = np.frompyfunc(f, 1, 1)

    def g(a):
        r = uf(a)
        return r if isinstance(r, np.ndarray) else np.array(r, dtype=object)
    return g


def _obj(a):
    return a if isinstance(a, np.ndarray) and a.dtype == object else np.array(a, dtype=object)


def _add_over(a, axes, keepdims):
    """np.sum of an object array, each sum one ``se.Add`` of its terms: numpy adds them one by one,
    each addition copying the terms so far (10,000 terms: 7 s, where one Add takes 4 ms)."""
    axes = tuple(range(a.ndim)) if axes is None else tuple(sorted(axes))
    kept = [d for d in range(a.ndim) if d not in axes]
    terms = np.transpose(a, kept + list(axes)).reshape([a.shape[d] for d in kept] + [-1])
    out = np.empty(terms.shape[:-1], dtype=object)
    for index in np.ndindex(out.shape):
        out[index] = se.Add(*terms[index])
    if keepdims:
        out = out.reshape([1 if d in axes else a.shape[d] for d in range(a.ndim)])
    return out if out.ndim else out[()]


def _axes(dim, ndim):
    if dim is None:
        return None
    dims = (dim,) if isinstance(dim, int) else tuple(dim)
    return tuple(d % ndim for d in dims) if ndim else None


class S:
    """What a symbolic rule may use: elementwise functions, constants, branch
    picking and the reductions, all on object arrays of expressions."""

    ZERO = se.Integer(0)
    ONE = se.Integer(1)
    Integer = se.Integer
    exp, log, sqrt, sin, cos, tan, tanh, erf = (staticmethod(_ew(f)) for f in (se.exp, se.log, se.sqrt, se.sin,
                                                                                se.cos, se.tan, se.tanh, se.erf))
    asin, acos, atan = (staticmethod(_ew(f)) for f in (se.asin, se.acos, se.atan))
    ew = staticmethod(_ew)
    obj = staticmethod(_obj)
    axes = staticmethod(_axes)

    @staticmethod
    def number(x):
        """A Python number as an exact integer when it is one, else a float."""
        return se.Integer(int(x)) if float(x).is_integer() else se.RealDouble(float(x))

    @staticmethod
    def const(n):
        """Numbers (no symbols): the constants an expression may contain."""
        return _const(np.asarray(n))

    @staticmethod
    def zeros_like(n):
        return np.full(np.shape(n), se.Integer(0), dtype=object)

    @staticmethod
    def pick(cond, a, b):
        """Elementwise ``a if cond else b`` with numeric ``cond`` (the active branch)."""
        return _obj(np.where(np.asarray(cond, dtype=bool), _obj(a), _obj(b)))

    @staticmethod
    def sum(a, dim=None, keepdim=False):
        a = _obj(a)
        return _obj(_add_over(a, _axes(dim, a.ndim), keepdim))

    @staticmethod
    def count(shape, dim):
        """How many elements a reduction over ``dim`` of ``shape`` takes together."""
        if dim is None:
            return int(np.prod(shape)) if shape else 1
        return int(np.prod([shape[d] for d in _axes(dim, len(shape))]))

    @staticmethod
    def prod(a, dim=None, keepdim=False):
        a = _obj(a)
        return _obj(np.prod(a, axis=dim, keepdims=keepdim) if dim is not None else np.prod(a))

    @staticmethod
    def reduce(x, reduction):
        """A loss's reduction: "mean", "sum" or "none"."""
        x = _obj(x)
        if reduction == "mean":
            return _obj(S.sum(x) / se.Integer(max(x.size, 1)))
        if reduction == "sum":
            return S.sum(x)
        return x


# the ops whose forward only moves elements (their rule is the numpy forward on object arrays)
STRUCTURAL = frozenset(name for name, op in REGISTRY.items() if op.structural)


def symbolic_rule(op):
    """The symbolic forward rule of ``op`` as ``rule(s, n, **params)`` (None for
    structural ops and ops without a derivative).  Every reader looks the rule up here."""
    return None if op.symbolic is None else partial(op.symbolic, S)


def symbolic_forward(op, s, n, params):
    """The op's symbolic value on symbolic inputs ``s`` (numbers ``n``)."""
    if op.symbolic is not None:
        return _obj(op.symbolic(S, s, n, **params))
    if op.structural:
        r = op.forward(*s, **params)
        if op.has_aux:
            r = r[0]
        return _obj(r)
    return None  # not differentiable (comparisons, argmax): a constant
