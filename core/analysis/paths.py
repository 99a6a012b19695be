"""Chain-rule paths: how one output element depends on one leaf element.

J[i, k] is the sum, over every path from output element i down the graph to
leaf element k, of the product of the local partial derivatives along it.
A node's local partials are read off its vjp with a one-hot gradient (the
node's own rule: this is the engine's chain rule laid open, while the
symbolic J is the independent check on it).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from core.analysis.trace import node_id
from core.autograd.engine import node_apply
from core.naming import element_name
from core.ops.vjp import NumpyF
from core.tensor.node import AccumulateGrad


@dataclass
class PathStep:
    node: str            # graph node id
    grad_fn: str
    name: str | None     # the program's name for the node's output, where it has one
    element: tuple       # index into the node's output
    partial: float       # d(this element) / d(next step's element); 1.0 at the leaf
    via: int | None = None        # which input of the node the path goes on through (None at the leaf)
    via_name: str | None = None   # PyTorch's name for that input ("self", "other", "mat2"), where known
    inputs: int = 0               # how many inputs the node has (a path through one of two says which)

    @property
    def label(self) -> str | None:
        """The element as the J names it (``y_12``), when the node's output has a name."""
        return None if self.name is None else element_name(self.name, self.element)


@dataclass
class ChainPath:
    steps: list = field(default_factory=list)
    product: float = 1.0

    def to_json(self):
        return {"product": self.product,
                "steps": [{"node": s.node, "grad_fn": s.grad_fn, "name": s.name, "element": list(s.element),
                           "label": s.label, "partial": s.partial, "via": s.via, "via_name": s.via_name,
                           "inputs": s.inputs} for s in self.steps]}


class LocalPartials:
    """One-hot vjps of graph nodes, computed once each."""

    def __init__(self):
        self._cache = {}

    def rows(self, fn, shape, o_flat):
        """For output element ``o_flat`` of ``fn``: one gradient array per input (or None)."""
        key = (id(fn), o_flat)
        entry = self._cache.get(key)  # (fn, grads): fn kept alive so its id stays unique
        if entry is None:
            size = int(np.prod(shape)) if shape else 1
            g = np.zeros(size, dtype=np.float64)
            g[o_flat] = 1.0
            g = g.reshape(shape)
            dt = _out_dtype(fn)
            with np.errstate(all="ignore"):
                grads = node_apply(fn, g.astype(dt) if dt is not None else g, NumpyF)
            grads = [None if x is None else np.asarray(x, dtype=np.float64) for x in grads]
            entry = self._cache[key] = (fn, grads)
        return entry[1]


def _out_dtype(fn):
    meta = getattr(fn, "_in_meta", None)
    if meta:
        for m in meta:
            if m is not None:
                return m[1]
    return None


def chain_paths(out, leaf, i: int, k: int, names=None, max_paths: int = 200, partials=None):
    """Paths from element ``i`` (flat) of ``out`` to element ``k`` (flat) of
    ``leaf``.  Returns (paths, total, complete): ``complete`` is False when
    more than ``max_paths`` paths exist (the total is then of those listed)."""
    partials = partials or LocalPartials()
    target = leaf._acc() if leaf._acc is not None else None
    paths: list[ChainPath] = []
    root = out.grad_fn
    if root is None or target is None:
        return paths, 0.0, True
    shapes = _output_shapes(out)
    complete = True

    def name_of(fn):
        return names.of(fn) if names is not None else None

    def walk(fn, o_flat, steps, product):
        nonlocal complete
        if len(paths) >= max_paths:
            complete = False
            return
        shape = shapes.get(id(fn))
        if isinstance(fn, AccumulateGrad):
            if fn is target and o_flat == k:
                paths.append(ChainPath(steps + [PathStep(node_id(fn), "AccumulateGrad", name_of(fn),
                                                         _unflat(o_flat, shape), 1.0)], product))
            return
        rows = partials.rows(fn, shape, o_flat)
        input_names = _input_names(fn)
        for position, ((nxt, _), grad) in enumerate(zip(fn.next_functions, rows)):
            if nxt is None or grad is None:
                continue
            flat = grad.ravel()
            for e in np.flatnonzero(flat):
                p = float(flat[e])
                step = PathStep(node_id(fn), type(fn).__name__, name_of(fn), _unflat(o_flat, shape), p,
                                via=position, via_name=input_names[position] if input_names else None,
                                inputs=len(fn.next_functions))
                walk(nxt, int(e), steps + [step], product * p)
    walk(root, i, [], 1.0)
    return paths, float(sum(p.product for p in paths)), complete


def _input_names(fn) -> tuple:
    """PyTorch's names for a node's inputs, in next_functions order (empty when not known)."""
    op = getattr(fn, "op", None)
    names = getattr(op, "input_names", None) or ()
    return tuple(names) if len(names) == len(fn.next_functions) else ()


def _unflat(o_flat, shape):
    return tuple(int(x) for x in np.unravel_index(o_flat, shape)) if shape else ()


def _output_shapes(out):
    """The shape of each node's output: the root's is out's; a node's inputs
    are the outputs of the nodes they come from."""
    shapes = {id(out.grad_fn): tuple(out.shape)}
    stack, seen = [out.grad_fn], {id(out.grad_fn)}
    while stack:
        fn = stack.pop()
        if isinstance(fn, AccumulateGrad):
            shapes[id(fn)] = tuple(fn.variable.shape)
            continue
        for (nxt, _), meta in zip(fn.next_functions, fn._in_meta):
            if nxt is None:
                continue
            if isinstance(nxt, AccumulateGrad):
                shapes[id(nxt)] = tuple(nxt.variable.shape)
            elif meta is not None:
                shapes.setdefault(id(nxt), tuple(meta[0]))
            if id(nxt) not in seen:
                seen.add(id(nxt))
                stack.append(nxt)
    return shapes
