"""The second derivatives, when the program builds a graph of its backward.

With ``create_graph=True`` the program means to differentiate its gradient
again, so the analysis shows d²(v·out)/dx² for each leaf twice: symbolically
(symengine differentiates the weighted output twice, evaluated at the leaves'
values) and as the engine builds it (the gradient made with
``create_graph=True``, then differentiated element by element).
"""
from __future__ import annotations

import numpy as np
import symengine as se

from core.analysis.verdict import compare
from core.autograd import engine
from core.symbolic.jacobian import to_float
from core.tensor.tensor import Tensor

MAX_ELEMENTS = 64   # per leaf: a Hessian of n² entries, each a backward


def witness(out, leaves, v, values, max_elements: int = MAX_ELEMENTS):
    """{leaf: {"symbolic", "engine", "max_abs_diff", "match"}}, or None when a
    leaf is too large (or the output has no expressions)."""
    if any(t.numel() > max_elements for _, t in leaves) or out._sym is None:
        return None
    vs = np.asarray(v, dtype=np.float64).ravel()
    s = sum((se.RealDouble(float(w)) * e for w, e in zip(vs, np.asarray(out._sym).ravel()) if w != 0),
            se.Integer(0))
    result = {}
    vt = Tensor._make(np.asarray(v, dtype=out._data.dtype))
    for name, t in leaves:
        syms = list(np.asarray(t._sym).ravel()) if t._sym is not None else []
        n = t.numel()
        H = np.zeros((n, n))
        if syms:
            grad = se.DenseMatrix([s]).jacobian(se.DenseMatrix(syms))
            hess = se.DenseMatrix(list(grad)).jacobian(se.DenseMatrix(syms)).subs(values)
            H = np.array([[to_float(hess[i, j]) for j in range(n)] for i in range(n)])
        with np.errstate(all="ignore"):
            g = engine.grad([out], [t], [vt], retain_graph=True, create_graph=True, allow_unused=True)[0]
            E = np.zeros((n, n))
            if g is not None and g.requires_grad:
                flat = g.reshape(-1)
                for i in range(n):
                    row = engine.grad([flat[i]], [t], retain_graph=True, allow_unused=True)[0]
                    if row is not None:
                        E[i] = np.asarray(row._data, dtype=np.float64).ravel()
        d, ok = compare(H, E)
        shape = tuple(t.shape) * 2
        result[name] = {"symbolic": H.reshape(shape), "engine": E.reshape(shape), "max_abs_diff": d, "match": ok}
    return result
