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

from core.translatable import _T


class Cancelled(Exception):
    """The caller cancelled a long symbolic computation."""


def display_names(name: str, shape) -> list:
    """Tutorial-style element names: x, x_1.., x_11.. (1-based), x_{1,2,3}."""
    shape = tuple(shape)
    if not shape:
        return [name]
    idx = np.indices(shape).reshape(len(shape), -1).T + 1
    out = []
    for tup in idx:
        if len(shape) <= 2 and all(i <= 9 for i in tup):
            out.append(f"{name}_{''.join(str(i) for i in tup)}")
        else:
            out.append(f"{name}_{{{','.join(str(i) for i in tup)}}}")
    return out


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


def jacobian(out_sym, leaf_syms, values: dict, progress=None, cancel=None, block_rows: int = 64):
    """Numeric Jacobians (float64), one per leaf, shape ``out.shape + leaf.shape``,
    and the symbolic matrices (rows: out elements, columns: leaf elements)."""
    out_flat = list(np.asarray(out_sym, dtype=object).ravel())
    n_out = len(out_flat)
    total = max(1, n_out * len(leaf_syms))
    done = 0
    numeric, symbolic = [], []
    start = time.monotonic()
    for leaf in leaf_syms:
        cols = se.DenseMatrix(list(np.asarray(leaf, dtype=object).ravel()))
        n_in = cols.rows
        J = np.zeros((n_out, n_in))
        rows = []
        for a in range(0, n_out, block_rows):
            if cancel is not None and cancel():
                raise Cancelled()
            block = se.DenseMatrix(out_flat[a:a + block_rows]).jacobian(cols)
            rows.append(block)
            evaluated = block.subs(values) if values else block
            J[a:a + block.rows] = np.asarray(_to_float(np.array(evaluated.tolist(), dtype=object)), dtype=float)
            done += block.rows
            if progress is not None:
                progress(done / total, _T("Jacobian rows {done} of {total} ({seconds:.1f} s)").format(
                    done=done, total=total, seconds=time.monotonic() - start))
        numeric.append(J.reshape(np.shape(out_sym) + np.shape(leaf)))
        symbolic.append(rows)
    return numeric, symbolic


def latex_matrix(blocks, rename: dict, max_entries: int = 400, max_chars: int = 6000) -> str:
    """LaTeX of a symbolic Jacobian (row blocks), with display names; empty if
    too big to read (or to typeset in reasonable time: sympy's LaTeX printer is
    slow, so the size is judged first from symengine's own text)."""
    entries = sum(b.rows * b.cols for b in blocks)
    if entries == 0 or entries > max_entries:
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
