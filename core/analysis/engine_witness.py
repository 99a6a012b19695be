"""The second witness: what the engine's backward gives on the captured graph.

With a v, ``backward(v)`` for each leaf beside vᵀJ; and, when the output is
small enough, one backward per one-hot v: the rows of J as the engine builds
them (``engine_jacobian``, what "J row by row" shows, and the verdict itself
when there is no v).  Hooks are left out here, as the Jacobian is the
mathematical one; :func:`trace` then records the backward the program asks
for, hooks and all, node by node.

The engine raising is a result (PyTorch raises there too): :func:`witness`
lets it through for the analysis to report, except when the program itself
freed the graph, which :class:`GraphFreed` names.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from core.analysis.trace import TraceRecorder
from core.analysis.verdict import cancelling_scale, compare, mismatch
from core.autograd import engine
from core.interp.limits import LimitExceeded
from core.tensor.tensor import Tensor

# one-hot rows: at most this many output elements (100 when there is also a v)
MAX_ROWS, MAX_ROWS_WITH_V = 400, 100
MAX_ROW_ELEMENTS = 4_000_000   # and at most this many numbers in all the rows


class GraphFreed(Exception):
    """The program's own backward of another output freed the graph this output uses."""


@dataclass
class EngineWitness:
    vjp: dict | None = None        # vᵀJ from the symbolic J (set by against())
    backward: dict | None = None   # the engine's backward(v)
    jacobian: dict = field(default_factory=dict)   # the engine's one-hot rows, shaped like J
    max_abs_diff: float = 0.0
    match: bool = True
    mismatch: dict = field(default_factory=dict)   # per leaf: True where vᵀJ and backward(v) disagree


def grads(out, leaves, v) -> list:
    """The engine's vᵀJ for each leaf (hooks off), zeros where unused."""
    engine.hooks_enabled[0] = False
    try:
        vt = Tensor._make(np.asarray(v, dtype=out._data.dtype))
        with np.errstate(all="ignore"):  # inf and nan are results here, as in PyTorch
            gs = engine.grad([out], [t for _, t in leaves], [vt], retain_graph=True, allow_unused=True)
    except RuntimeError as e:
        if "second time" in str(e):
            raise GraphFreed() from None
        raise
    finally:
        engine.hooks_enabled[0] = True
    return [np.zeros(t.shape) if g is None else np.asarray(g._data, dtype=np.float64) for g, (_, t) in zip(gs, leaves)]


def witness(out, leaves, v, rows: bool = True) -> EngineWitness:
    """The engine's own numbers: backward(v) for each leaf, and its one-hot rows when the output is
    small enough (``rows``; else later, :func:`add_rows`).  :func:`against` then sets them beside
    the symbolic J, when there is one."""
    w = EngineWitness()
    if not (out.requires_grad and leaves):
        return w
    if v is not None:
        w.backward = {name: g for (name, _), g in zip(leaves, grads(out, leaves, v))}
    if rows:
        add_rows(w, out, leaves, v)
    return w


def add_rows(w: EngineWitness, out, leaves, v) -> None:
    """The engine's one-hot rows (``w.jacobian``) when the output is small enough: one backward per
    element of the output (what "J row by row" shows, and J's check without a v)."""
    if not (out.requires_grad and leaves) or w.jacobian:
        return
    if out.numel() <= (MAX_ROWS if v is None else MAX_ROWS_WITH_V) and out.numel() * sum(
            t.numel() for _, t in leaves) <= MAX_ROW_ELEMENTS:
        if w.backward is not None and out.numel() == 1 and np.all(np.asarray(v) == 1):
            # one element and v = 1: backward(v) is the one row (a loss's usual case: one backward, not two)
            w.jacobian = {name: g.reshape(tuple(out.shape) + tuple(t.shape))
                          for (name, t), g in zip(leaves, w.backward.values())}
        else:
            w.jacobian = one_hot_rows(out, leaves)


def against(w: EngineWitness, out, leaves, v, J) -> None:
    """Set the engine's backward(v) beside vᵀJ (or, with no v, its one-hot rows beside J)."""
    if not (out.requires_grad and leaves):
        return
    if v is not None and w.backward is not None:
        w.vjp = {name: np.tensordot(v, J[name], axes=out.dim()) for name, _ in leaves}
        # an entry near zero beside large ones is compared to a share of the largest entry of vᵀJ (of any leaf)
        least = cancelling_scale(w.vjp.values())
        for name, _ in leaves:
            size = np.tensordot(np.abs(v), np.abs(np.nan_to_num(J[name], posinf=0.0, neginf=0.0)), axes=out.dim())
            scale = np.maximum(size, least)
            _tally(w, compare(w.vjp[name], w.backward[name], scale))
            w.mismatch[name] = mismatch(w.vjp[name], w.backward[name], scale)
    elif v is None and w.jacobian:
        for name, _ in leaves:
            _tally(w, compare(J[name], w.jacobian[name]))


def one_hot_rows(out, leaves) -> dict:
    """J as the engine builds it: one backward per one-hot v, row by row."""
    rows = [[] for _ in leaves]
    for i in range(out.numel()):
        onehot = np.zeros(out.numel())
        onehot[i] = 1.0
        for k, g in enumerate(grads(out, leaves, onehot.reshape(out.shape))):
            rows[k].append(g)
    return {name: np.array(rows[k]).reshape(tuple(out.shape) + tuple(t.shape)) for k, (name, t) in enumerate(leaves)}


def _tally(w, diff_ok):
    d, ok = diff_ok
    w.max_abs_diff, w.match = max(w.max_abs_diff, d), w.match and ok


def trace(out, v, names, frees):
    """Record ``out.backward(v)`` on the captured prefix, hooks and all:
    (the steps, and the exception that stopped it or None).  The graph is
    kept (for the chain-rule paths); ``frees`` says whether the program's
    own call releases saved tensors, which the steps then show."""
    rec = TraceRecorder(names)
    rec.frees = frees
    engine._recorder[0] = rec
    stopped = None
    try:
        with np.errstate(all="ignore"):
            engine.backward(out, Tensor._make(np.asarray(v, dtype=out._data.dtype)), retain_graph=True)
    except (Exception, LimitExceeded) as e:  # noqa: BLE001 - a hook may raise: the trace stops there
        stopped = e
    finally:
        engine._recorder[0] = None
    return rec.steps, stopped
