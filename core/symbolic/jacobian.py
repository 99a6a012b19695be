"""J = d vec(out) / d vec(leaf) from symbolic expressions, and its display.

Differentiation is symengine's; evaluation substitutes the program's values
row block by row block (symengine's Lambdify compiles far too slowly for
these sizes), reporting progress and honouring cancellation between blocks.
"""
from __future__ import annotations

import math
import time

import numpy as np
import symengine as se
import sympy

from core.naming import element_names
from core.translatable import _T


class Cancelled(Exception):
    """The caller cancelled a long symbolic computation."""


class OverBudget(Exception):
    """A symbolic computation passed its deadline; ``done`` of ``total`` rows were finished."""

    def __init__(self, done: int, total: int):
        super().__init__(f"{done} of {total} rows")
        self.done, self.total = done, total


def display_names(name: str, shape) -> list:
    """Tutorial-style element names: x, x_1.., x_11.. (1-based), x_{1,2,3} (:mod:`core.naming`)."""
    return element_names(name, shape)


def to_float(e) -> float:
    """A symengine number as a float (nan/±inf included)."""
    try:
        return float(e)
    except (TypeError, RuntimeError, ValueError):
        if e == se.oo:
            return math.inf
        if e == -se.oo:
            return -math.inf
        if e == se.zoo:
            return math.inf
        try:
            c = complex(e)
            return c.real if abs(c.imag) < 1e-12 else math.nan
        except (TypeError, RuntimeError, ValueError):
            return math.nan


_to_float = np.frompyfunc(to_float, 1, 1)


BLOCK_ENTRIES = 4096    # at most this many entries of J between two checks of cancel and deadline
MAX_KEPT = 400          # J with more entries is not typeset (latex_matrix), so its expressions are not kept
CHUNK_SECONDS = 0.1     # a chunk of entries is sized to take about this long
FIRST_PACE = 0.025      # the pace assumed for the first chunk (seconds per entry): 4 entries (one derivative
                        # of a sum of 10,000 terms takes 30 ms: a first chunk of 100 took 3 s past a 0.25-s budget)


def jacobian(out_sym, leaf_syms, values: dict, progress=None, cancel=None, block_rows: int = 64,
             deadline: float | None = None):
    """Numeric Jacobians (float64), one per leaf, shape ``out.shape + leaf.shape``,
    and the symbolic matrices (rows: out elements, columns: leaf elements).  Past ``deadline``
    (``time.monotonic()``), between two blocks of rows, raises :class:`OverBudget`."""
    out_flat = list(np.asarray(out_sym, dtype=object).ravel())
    n_out = len(out_flat)
    total = max(1, n_out * len(leaf_syms))
    done = 0
    pace = FIRST_PACE       # seconds per entry, as measured on the last chunk
    numeric, symbolic = [], []
    start = time.monotonic()
    for leaf in leaf_syms:
        cols = se.DenseMatrix(list(np.asarray(leaf, dtype=object).ravel()))
        n_in = cols.rows
        J = np.zeros((n_out, n_in))
        rows = []
        keep = n_out * n_in <= MAX_KEPT     # the symbolic entries are kept for the LaTeX of small J only
        step = max(1, min(block_rows, BLOCK_ENTRIES // max(1, n_in)))   # rows per block, so a block stays short
        leaf_flat = list(np.asarray(leaf, dtype=object).ravel())
        for a in range(0, n_out, step):
            parts, c = [], 0
            while c < n_in:
                # the deadline first: a cancel() that also watches a later deadline of the caller's
                # (the whole analysis's) then never turns a budget passed into a cancel
                if deadline is not None and time.monotonic() > deadline:
                    raise OverBudget(done, total)
                if cancel is not None and cancel():
                    raise Cancelled()
                # as many columns as take about CHUNK_SECONDS at the pace of the last chunk (entries of
                # a deep expression can take 0.1 s each to differentiate and evaluate)
                width = int(max(1, min(n_in, CHUNK_SECONDS / (pace * step))))
                width = min(width, max(1, BLOCK_ENTRIES // step))
                begun = time.monotonic()
                part = se.DenseMatrix(out_flat[a:a + step]).jacobian(
                    cols if c == 0 and width >= n_in else se.DenseMatrix(leaf_flat[c:c + width]))
                evaluated = part.subs(values) if values else part
                J[a:a + part.rows, c:c + part.cols] = np.asarray(
                    _to_float(np.array(evaluated.tolist(), dtype=object)), dtype=float).reshape(part.rows, part.cols)
                pace = (time.monotonic() - begun) / max(1, part.rows * part.cols)
                parts.append(part)
                c += part.cols
            if keep and parts:          # (an empty leaf has no columns: nothing to keep)
                block = parts[0]
                for part in parts[1:]:
                    block = block.row_join(part)
                rows.append(block)
            done += len(out_flat[a:a + step])
            if progress is not None:
                progress(done / total, _T("Jacobian rows {done} of {total} ({seconds:.1f} s)").format(
                    done=done, total=total, seconds=time.monotonic() - start))
        numeric.append(J.reshape(np.shape(out_sym) + np.shape(leaf)))
        symbolic.append(rows)
    return numeric, symbolic


def latex_matrix(blocks, rename: dict, max_entries: int = MAX_KEPT, max_chars: int = 6000) -> str:
    """LaTeX of a symbolic Jacobian (row blocks), with display names; empty if
    too big to read (or to typeset in reasonable time: sympy's LaTeX printer is
    slow, so the size is judged first from symengine's own text)."""
    entries = sum(b.rows * b.cols for b in blocks)
    if entries == 0 or entries > max_entries:
        return ""
    # the printed size of an expression can be far larger than its shared tree in memory: count its
    # nodes first, stopping early, so an expression too long to show costs no more than that count
    nodes = [0]
    for b in blocks:
        for e in b:
            if not _within(e, nodes, max_chars // 2):
                return ""
    renamed = [b.subs(rename) if rename else b for b in blocks]
    if sum(len(str(e)) for m in renamed for e in m) > max_chars:
        return ""
    rows = []
    for m in renamed:
        for i in range(m.rows):
            rows.append([m[i, j]._sympy_() for j in range(m.cols)])
    tex = sympy.latex(sympy.Matrix(rows))
    return tex if len(tex) <= max_chars else ""


def _within(e, count: list, budget: int) -> bool:
    """Add the nodes of ``e`` (as printed: a shared subexpression once per use) to ``count[0]``;
    False as soon as it passes ``budget``."""
    stack = [e]
    while stack:
        node = stack.pop()
        count[0] += 1
        if count[0] > budget:
            return False
        stack.extend(node.args)
    return True
