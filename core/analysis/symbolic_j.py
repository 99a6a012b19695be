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

from core.interp.limits import Limits
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
MAX_SECONDS = Limits.max_symbolic_seconds


def values_of(cap) -> dict:
    """{symbol: its number} for every leaf the capture's shadow saw."""
    return _values(cap.shadow.leaves)


def _values(shadow_leaves) -> dict:
    values = {}
    for t, syms in shadow_leaves:
        for s, x in zip(np.asarray(syms).ravel(), np.asarray(t._data, dtype=np.float64).ravel()):
            values[s] = se.RealDouble(float(x))
    return values


def display_rename(leaves: list, shadow_leaves: list, values: dict) -> dict:
    """For the LaTeX: each leaf's symbols as their display names (``x_12``), and the symbols of
    leaves the program did not bind at top level as their numbers (constants here, as in J)."""
    rename = {}
    for name, t in leaves:
        if t._sym is not None:
            for s, shown in zip(np.asarray(t._sym).ravel(), display_names(name, t.shape)):
                rename[s] = se.Symbol(shown)
    leaf_ids = {id(t) for _, t in leaves}
    for t, syms in shadow_leaves:
        if id(t) not in leaf_ids:
            for s in np.asarray(syms).ravel():
                rename[s] = values[s]
    return rename


@dataclass
class Expressions:
    """What symbolic entries of J on demand need (:mod:`core.analysis.entries`), kept with the
    analysis: the output's expressions, each leaf's symbols and every leaf the shadow saw (for
    their values).  ``over`` is the capture's ``shadow.over``: when the shadow stopped following
    the forward, the expressions are incomplete and no entry can be computed from them."""

    output_name: str          # the output as a selection names it (its name, else "out")
    output: object            # the capture's output tensor
    leaves: list              # (name, tensor) pairs, as the analysis's leaves
    shadow_leaves: list       # (tensor, symbols) of every leaf the shadow saw
    over: dict | None
    _values: dict | None = None
    _rename: dict | None = None

    @classmethod
    def of(cls, cap, leaves: list, output_name: str) -> Expressions:
        return cls(output_name, cap.output, list(leaves), cap.shadow.leaves, cap.shadow.over)

    def values(self) -> dict:
        if self._values is None:
            self._values = _values(self.shadow_leaves)
        return self._values

    def rename(self) -> dict:
        if self._rename is None:
            self._rename = display_rename(self.leaves, self.shadow_leaves, self.values())
        return self._rename

    def output_symbols(self) -> list:
        return list(np.asarray(_symbols(self.output), dtype=object).ravel())

    def leaf_symbols(self, name: str) -> list | None:
        """The leaf's symbols, flat (None: the shadow gave it none, so J's entries for it are 0)."""
        t = dict(self.leaves)[name]
        return None if t._sym is None else list(np.asarray(t._sym, dtype=object).ravel())


def witness(cap, leaves: list, progress=None, cancel=None, deadline: float | None = None,
            values: dict | None = None) -> SymbolicJ:
    """J of ``cap.output`` with respect to each of ``leaves`` ((name, tensor) pairs).  Raises
    :class:`~core.symbolic.jacobian.OverBudget` past ``deadline`` (``time.monotonic()``; by default
    :data:`MAX_SECONDS` from now); call it only when the capture's shadow followed the whole
    forward (``cap.shadow.over`` is None).  ``values``: the leaves' numbers (:func:`values_of`), when
    the caller took them already."""
    values = values_of(cap) if values is None else values
    leaf_syms = [t._sym if t._sym is not None else np.zeros(tuple(t.shape), dtype=object) for _, t in leaves]
    numeric, symbolic = jacobian(_symbols(cap.output), leaf_syms, values, progress, cancel,
                                 deadline=time.monotonic() + MAX_SECONDS if deadline is None else deadline)

    rename = display_rename(leaves, cap.shadow.leaves, values)
    return SymbolicJ({name: j for (name, _), j in zip(leaves, numeric)},
                     {name: latex_matrix(blocks, rename) for (name, _), blocks in zip(leaves, symbolic)},
                     values)
