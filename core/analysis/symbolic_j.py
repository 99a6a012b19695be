"""The first witness: J from symbols, never from the engine's rules.

The capture run gave every leaf element a symbol and every result an
expression of them (:class:`~core.symbolic.shadow.Shadow`).  J is the
derivative of the output's expressions (symengine), evaluated at the values
the leaves had; its LaTeX names the entries the tutorials' way (``x_11``).
Leaves the program made but did not bind at top level are constants here:
their symbols are replaced by their numbers in the LaTeX, as in J.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
import symengine as se

from core.symbolic.jacobian import display_names, jacobian, latex_matrix


@dataclass
class SymbolicJ:
    jacobian: dict        # leaf name -> J, shape out.shape + leaf.shape
    latex: dict           # leaf name -> J in LaTeX
    values: dict          # symbol -> its number (every leaf the shadow saw)


def _symbols(t):
    """A tensor's expressions; zeros when the shadow gave it none (a constant)."""
    return t._sym if t._sym is not None else np.zeros(tuple(t.shape), dtype=object) * se.Integer(0)


# the time the symbolic derivatives and their evaluation may take, after the capture run, when the
# caller gives the symbolic stage seconds of its own (the app's default; core.analysis.budget)
MAX_SECONDS = 6.0


def values_of(cap) -> dict:
    """{symbol: its number} for every leaf the capture's shadow saw."""
    values = {}
    for t, syms in cap.shadow.leaves:
        for s, x in zip(np.asarray(syms).ravel(), np.asarray(t._data, dtype=np.float64).ravel()):
            values[s] = se.RealDouble(float(x))
    return values


def witness(cap, leaves: list, progress=None, cancel=None, deadline: float | None = None) -> SymbolicJ:
    """J of ``cap.output`` with respect to each of ``leaves`` ((name, tensor) pairs).  Raises
    :class:`~core.symbolic.jacobian.OverBudget` past ``deadline`` (``time.monotonic()``; by default
    :data:`MAX_SECONDS` from now); call it only when the capture's shadow followed the whole
    forward (``cap.shadow.over`` is None)."""
    values = values_of(cap)
    leaf_syms = [t._sym if t._sym is not None else np.zeros(tuple(t.shape), dtype=object) for _, t in leaves]
    numeric, symbolic = jacobian(_symbols(cap.output), leaf_syms, values, progress, cancel,
                                 deadline=time.monotonic() + MAX_SECONDS if deadline is None else deadline)

    rename = {}
    for name, t in leaves:
        if t._sym is not None:
            for s, shown in zip(np.asarray(t._sym).ravel(), display_names(name, t.shape)):
                rename[s] = se.Symbol(shown)
    leaf_ids = {id(t) for _, t in leaves}
    for t, syms in cap.shadow.leaves:
        if id(t) not in leaf_ids:
            for s in np.asarray(syms).ravel():
                rename[s] = values[s]
    return SymbolicJ({name: j for (name, _), j in zip(leaves, numeric)},
                     {name: latex_matrix(blocks, rename) for (name, _), blocks in zip(leaves, symbolic)},
                     values)
