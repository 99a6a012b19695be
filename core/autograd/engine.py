"""The backward engine: walks the graph from the outputs to the leaves.

Order of execution follows PyTorch's CPU engine: a node runs once every
gradient for it has arrived; among ready nodes the most recently created
runs first, and leaf accumulation runs as soon as it is ready.  At each node:
tensor hooks of its output, then retain_grad, then node pre-hooks, then the
node's vjp, then node post-hooks.

A :class:`Recorder` (optional) sees every step; the analysis builds the
chain-rule trace from it.  Without one the loop does nothing extra.
"""
from __future__ import annotations

import heapq
import warnings
from sys import getrefcount

import numpy as np

from core.tensor import grad_mode
from core.tensor.errors import size_str
from core.tensor.node import AccumulateGrad, GradSlots
from core.tensor.tensor import Tensor
from core.ops import drift
from core.ops.vjp import NumpyF, TensorF, node_apply, raw as _raw
from core.ops.inplace import copy_
from core.ops.registry import edge_of
from core.context import anomaly

CREATE_GRAPH_WARNING = (
    "Using backward() with create_graph=True will create a reference cycle between the parameter "
    "and its gradient which can cause a memory leak. We recommend using autograd.grad when creating "
    "the graph to avoid this. If you have to use this function, make sure to reset the .grad fields "
    "of your parameters to None after use to break the cycle and avoid the leak. (Triggered "
    "internally at /__w/pytorch/pytorch/torch/csrc/autograd/engine.cpp:1307.)")

# The recorder of the running backward, if any (see core.analysis).
_recorder = [None]
# Called as observer(kind, outputs, grads, retain_graph, create_graph) when a program asks for a backward or
# autograd.grad, before anything runs (the analysis finds the output and v this way).
observer = [None]
# Tensor hooks and node (grad_fn) hooks run unless this is False (the analysis's witness run leaves
# them out, as the Jacobian is the mathematical one).
hooks_enabled = [True]
# The running backwards (a hook may start another), innermost last: (task id, the nodes that will run or None
# when every node reached does, the nodes reached: their dependency counts, and the roots).  register_multi_grad_hook reads them.
_tasks = []
_task_ids = iter(range(1, 1 << 62))


def current_graph_task():
    """(id, will_execute(node)) of the innermost running backward, or None outside one."""
    if not _tasks:
        return None
    task_id, needed, deps, roots, accumulate = _tasks[-1]

    def will_execute(fn):
        if not accumulate and isinstance(fn, AccumulateGrad):
            raise RuntimeError("A leaf node was passed to _will_engine_execute_node but we are currently running "
                               "autograd.grad(). This is currently not supported.")
        return fn in needed if needed is not None else (fn in deps or fn in roots)
    return task_id, will_execute


def _as_tuple(x):
    if x is None:
        return ()
    if isinstance(x, Tensor):
        return (x,)
    return tuple(x)


def _make_grads(outputs, grads):
    """Fill in implicit ones for scalar outputs; check the given gradients' shapes."""
    out = []
    for i, (t, g) in enumerate(zip(outputs, grads)):
        if g is None:
            if t._rg:
                if t._data.size != 1:
                    raise RuntimeError("grad can be implicitly created only for scalar outputs")
                if t._data.dtype.kind == "c":
                    raise RuntimeError(f"grad can be implicitly created only for real scalar outputs but got {t.dtype}")
                out.append(np.ones(t._data.shape, dtype=t._data.dtype)[()])
            else:
                out.append(None)
            continue
        if not isinstance(g, Tensor):
            raise TypeError("gradients can be either Tensors or None, but got " + type(g).__name__)
        if g._data.shape != t._data.shape:
            raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of {size_str(g.shape)} and "
                               f"output[{i}] has a shape of {size_str(t.shape)}.")
        out.append(g)
    return out


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, inputs=None,
             grad_variables=None):
    """``torch.autograd.backward``: accumulate d(tensors)/d(leaves) into ``.grad``."""
    outputs = _as_tuple(tensors)
    grads = _as_tuple(grad_tensors) if grad_tensors is not None else (None,) * len(outputs)
    if isinstance(grad_tensors, Tensor):
        grads = (grad_tensors,)
    if observer[0] is not None:
        observer[0]("backward", outputs, grads, retain_graph, create_graph)
    if len(grads) != len(outputs):
        raise RuntimeError(f"got {len(grads)} tensors and {len(outputs)} gradients")
    inputs = _as_tuple(inputs) or None
    grads = _make_grads(outputs, grads)
    for t in inputs or ():
        if t.grad_fn is not None:
            t.retain_grad()  # PyTorch fills .grad of non-leaf inputs through retain_grad
    if retain_graph is None:
        retain_graph = create_graph
    if create_graph:
        warnings.warn(CREATE_GRAPH_WARNING, UserWarning, stacklevel=3)
    run(outputs, grads, retain_graph, create_graph, inputs=inputs, accumulate=True)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         only_inputs=True, allow_unused=None, is_grads_batched=False, materialize_grads=False):
    """``torch.autograd.grad``: the gradients of ``outputs`` w.r.t. ``inputs``, returned."""
    outs = _as_tuple(outputs)
    ins = _as_tuple(inputs)
    if grad_outputs is None:
        gos = (None,) * len(outs)
    else:
        gos = _as_tuple(grad_outputs) if not isinstance(grad_outputs, Tensor) else (grad_outputs,)
    if len(gos) != len(outs):
        raise RuntimeError(f"grad requires one grad_output per output: got {len(gos)} grad_outputs and "
                           f"{len(outs)} outputs")
    if observer[0] is not None:
        observer[0]("autograd.grad", outs, gos, retain_graph, create_graph)
    if allow_unused is None:
        allow_unused = materialize_grads
    for t in ins:
        if not t._rg:
            raise RuntimeError("One of the differentiated Tensors does not require grad")
    gos = _make_grads(outs, gos)
    if retain_graph is None:
        retain_graph = create_graph
    captured = run(outs, gos, retain_graph, create_graph, inputs=ins, accumulate=False)
    result = []
    for i, (t, g) in enumerate(zip(ins, captured)):
        if g is None:
            if not allow_unused:
                raise RuntimeError(f"The differentiated Tensor at index {i} appears to not have been used "
                                   "in the graph. Set allow_unused=True if this is the desired behavior.")
            if materialize_grads:
                g = Tensor._make(np.zeros_like(t._ensure_array()))
        result.append(g)
    return tuple(result)


def _to_tensor(g):
    return g if isinstance(g, Tensor) else Tensor._make(g)


def _from_tensor(t, F):
    return t if F is TensorF else t._data


def _hook_name(hook):
    return getattr(hook, "__name__", type(hook).__name__)


def _run_tensor_hooks(hooks, g, F, rec, node):
    """Tensor hooks see the gradient as a Tensor; a returned Tensor replaces it."""
    for entry in list(hooks.values()):
        hook = entry[1] if isinstance(entry, tuple) else entry
        gt = _to_tensor(g)
        r = hook(gt)
        if rec is not None:
            rec.hook(node, _hook_name(hook), gt, r)
        if r is not None:
            if not isinstance(r, Tensor):
                raise TypeError(f"hook '{_hook_name(hook)}' returned {type(r).__name__}, expected a Tensor or None")
            if r._data.shape != np.shape(_raw(g)):
                raise RuntimeError(f"hook '{_hook_name(hook)}' has changed the size of value")
            g = _from_tensor(r, F)
    return g


def _node_hook_values(hook, r, current) -> tuple:
    """What a node's pre- or post-hook returned, checked as PyTorch checks it against the
    gradients it replaces (``current``: one array, Tensor or None each)."""
    if not isinstance(r, tuple):
        raise TypeError(f"expected tuple, but hook returned '{type(r).__name__}'")
    if len(r) != len(current):
        raise RuntimeError(f"hook '{_hook_name(hook)}' has returned an incorrect number of values (got {len(r)}, "
                           f"but expected {len(current)})")
    for x, old in zip(r, current):
        if x is not None and not isinstance(x, Tensor):
            raise TypeError(f"expected Variable, but hook returned '{type(x).__name__}'")
        if x is not None and old is not None and x._data.shape != np.shape(_raw(old)):
            raise RuntimeError(f"hook '{_hook_name(hook)}' has changed the size of value")
    return r


def _held_once():
    """What ``getrefcount`` says of an array that one local variable holds (the interpreter's own count)."""
    probe = np.empty(1)
    return getrefcount(probe)


def _base_refs(a):
    return getrefcount(a.base)


def _owner_count():
    """What :func:`_base_refs` says of a view whose owner nothing else holds."""
    owner = np.empty((1, 1))
    view = owner.T
    del owner
    return _base_refs(view)


_HELD_ONCE = _held_once()
_OWNER_ONLY_IN_VIEW = _owner_count()


def _sole_owner(g) -> bool:
    """Whether the array ``g``, which the engine's loop holds in one local variable (and counted
    ``_HELD_ONCE`` references to), owns its memory alone: no other array, tensor or list holds it or
    a view of it.  A view qualifies when it spans the whole of an owner that nothing else holds."""
    if g.base is None:
        return g.flags.owndata
    if _base_refs(g) != _OWNER_ONLY_IN_VIEW:     # counted before a local name holds the owner too
        return False
    base = g.base
    return base.__class__ is np.ndarray and base.base is None and base.flags.owndata and base.nbytes == g.nbytes


def accumulate_grad(var, g, create_graph=False, owned=False):
    """AccumulateGrad: add ``g`` into ``var.grad`` as PyTorch does.  ``owned``: nothing else holds the
    array ``g``, so that a first gradient in the leaf's layout becomes ``.grad`` itself (PyTorch steals
    such a buffer rather than copy it)."""
    _accumulate(var, g, create_graph, owned)
    if drift._marked and var._grad is not None and drift.marked(_raw(g)):
        drift.mark(var._grad._data)


def _accumulate(var, g, create_graph, owned=False):
    old = var._grad
    if old is None:
        if owned and (d := var._data).__class__ is np.ndarray and g.ndim and g.shape == d.shape \
                and g.strides == d.strides and g.dtype == d.dtype and g.flags.writeable:
            var._grad = Tensor._make(g)     # the leaf's layout already: kept, as PyTorch steals it
        elif create_graph and isinstance(g, Tensor) and g._rg:
            new = Tensor._make(np.empty_like(g._ensure_array()))
            copy_(new, g)  # records CopyBackwards, as PyTorch's clone-by-copy does
            var._grad = new
        elif isinstance(var._data, np.ndarray) and var._data.ndim:
            arr = np.empty_like(var._data)  # the leaf's own layout, as PyTorch's grad layout contract gives it
            arr[...] = _raw(g)
            var._grad = Tensor._make(arr)
        else:
            arr = np.array(_raw(g), dtype=var._data.dtype, copy=True)
            var._grad = Tensor._make(arr if arr.ndim else arr[()])
    elif create_graph:
        var._grad = old + _to_tensor(g)
    else:
        d = old._data
        if isinstance(d, np.ndarray):
            d += _raw(g)
        else:
            old._data = (d + _raw(g)).astype(d.dtype)
        old._bump_version()


COMPLEX_REFUSAL = ("Backprop Lens does not differentiate complex tensors: {node} has a complex {where}. PyTorch's "
                   "gradients of complex numbers (conjugate Wirtinger derivatives) are not modelled; the program's "
                   "values are, so it runs up to here.")


def has_complex_input(fn) -> bool:
    """Whether a complex tensor goes into node ``fn`` (its inputs' recorded dtypes)."""
    return any(m is not None and m[1].kind == "c" for m in getattr(fn, "_in_meta", None) or ())


def _complex_refusal(fn) -> str:
    """The refusal for a backward pass that reaches a complex tensor (an input of ``fn``, else a root)."""
    if fn is None:
        return COMPLEX_REFUSAL.format(node="the tensor", where="value")
    return COMPLEX_REFUSAL.format(node=fn.name(), where="input" if has_complex_input(fn) else "output")


def _dependencies(roots):
    """How many gradients each node waits for (a node is visited once: the
    first time it is counted, unless it is a root, already on the stack).
    A node with a complex input is refused here, before any gradient flows."""
    deps = {}
    stack = list(roots)
    root_set = set(roots)
    while stack:
        fn = stack.pop()
        if has_complex_input(fn):
            raise NotImplementedError(_complex_refusal(fn))
        for nxt, _ in fn.next_functions:
            if nxt is None:
                continue
            if nxt in deps:
                deps[nxt] += 1
            else:
                deps[nxt] = 1
                if nxt not in root_set:
                    stack.append(nxt)
    return deps


def _needed(roots, targets):
    """Nodes from which a target node can be reached (only they must run)."""
    memo = {}

    def visit(fn):
        stack = [(fn, iter(fn.next_functions))]
        memo[fn] = fn in targets
        while stack:
            node, it = stack[-1]
            for nxt, _ in it:
                if nxt is None:
                    continue
                if nxt not in memo:
                    memo[nxt] = nxt in targets
                    stack.append((nxt, iter(nxt.next_functions)))
                    break
                if memo[nxt]:
                    memo[node] = True
            else:
                stack.pop()
                if stack and memo[node]:
                    memo[stack[-1][0]] = True
    for r in roots:
        if r not in memo:
            visit(r)
    return {fn for fn, need in memo.items() if need}


def run(outputs, grads, keep_graph, create_graph, inputs=None, accumulate=True):
    """Execute the backward pass.  Returns the captured gradients of ``inputs``
    when ``accumulate`` is False (autograd.grad), else None."""
    F = TensorF if create_graph else NumpyF
    rec = _recorder[0]
    roots = []
    for i, (t, g) in enumerate(zip(outputs, grads)):
        if not t._rg:
            raise RuntimeError(f"element {i} of tensors does not require grad and does not have a grad_fn")
        if g is None:
            continue
        if t._data.dtype.kind == "c":
            raise NotImplementedError(_complex_refusal(t.grad_fn))
        node, nr = edge_of(t)
        gv = g
        if isinstance(g, Tensor):
            gv = g if create_graph else g._data
            if _raw(gv).dtype != t._data.dtype:
                gv = F.cast(gv if create_graph else np.asarray(gv), t._data.dtype)
        elif create_graph:
            gv = Tensor._make(g)
        if node._n_outputs != 1:
            gv = GradSlots.at(node._n_outputs, nr, gv)
        roots.append((node, gv))

    # targets: where gradients are captured (autograd.grad) or accumulated (backward(inputs=...))
    targets = None
    if inputs:
        targets = {}
        for k, t in enumerate(inputs):
            node, _ = edge_of(t)
            targets.setdefault(node, []).append((k, t))
    captured = [None] * len(inputs) if inputs else None

    root_nodes = list(dict.fromkeys(n for n, _ in roots))
    deps = _dependencies(root_nodes)
    needed = _needed(root_nodes, targets) if targets is not None else None
    buffers = {}
    for node, gv in roots:
        buffers[node] = gv if node not in buffers else buffers[node] + gv
    heap = []
    tie = 0
    for node in root_nodes:
        if deps.get(node, 0) == 0:
            heapq.heappush(heap, (-node._seq, tie, node))
            tie += 1

    prev_mode = grad_mode._state[0]
    grad_mode._state[0] = create_graph
    if rec is not None:
        rec.begin(outputs, roots, keep_graph, create_graph)
    # local names: this loop runs once per node
    heappop, heappush, buffers_get, pop = heapq.heappop, heapq.heappush, buffers.get, buffers.pop
    plain = targets is None and rec is None
    _tasks.append((next(_task_ids), needed, deps, root_nodes, accumulate))
    try:
        while heap:
            fn = heappop(heap)[2]
            g = pop(fn, None)
            if needed is not None and fn not in needed:
                continue
            if fn._hooked and g is not None:
                g = _before_node(fn, g, F, rec, create_graph)
            if fn.__class__ is AccumulateGrad:
                # NOTE: the gradient is the loop's alone when no other reference than ``g`` is counted
                # (``outs`` and ``og`` were let go below); a user's grad_tensors, a value a hook kept or
                # one sent along two edges are held elsewhere too, and are copied
                owned = plain and g.__class__ is np.ndarray and getrefcount(g) == _HELD_ONCE and _sole_owner(g)
                _run_leaf(fn, g, F, rec, targets, captured, accumulate, create_graph, owned)
                continue
            if not plain:
                if targets is not None and fn in targets and not accumulate:
                    for k, t in targets[fn]:
                        got = g[t._output_nr] if isinstance(g, GradSlots) else g
                        captured[k] = _to_tensor(got) if got is not None else None
                if rec is not None:
                    rec.enter(fn, g)
            outs = node_apply(fn, g, F) if g is not None else [None] * len(fn.next_functions)
            if anomaly[0] and anomaly[1]:
                _refuse_nan(fn, outs)
            if not keep_graph and fn._has_saved:
                fn.release()
            if rec is not None:
                rec.leave(fn, outs, released=not keep_graph)
            if fn._hooked and fn._post_hooks and hooks_enabled[0]:
                for hook in list(fn._post_hooks.values()):
                    r = hook(tuple(_to_tensor(o) if o is not None else None for o in outs), _as_grads(g))
                    if r is not None:   # a post-hook may replace the gradients the node sends (PyTorch)
                        outs = [None if x is None else _from_tensor(x, F) for x in _node_hook_values(hook, r, outs)]
            for (nxt, nr), og in zip(fn.next_functions, outs):
                if nxt is None:
                    continue
                if og is not None:
                    # NOTE: one attribute read per edge; only a custom Function has several outputs
                    if nxt._n_outputs != 1:
                        og = GradSlots.at(nxt._n_outputs, nr, og)
                    prev = buffers_get(nxt)
                    buffers[nxt] = og if prev is None else prev + og
                left = deps[nxt] - 1
                deps[nxt] = left
                if left == 0:
                    heappush(heap, (-nxt._seq, tie, nxt))
                    tie += 1
            outs = og = None    # the buffers hold the gradients now (see the AccumulateGrad branch)
    finally:
        grad_mode._state[0] = prev_mode
        _tasks.pop()
        if rec is not None:
            rec.end()
    return captured


def _refuse_nan(fn, outs):
    """Anomaly mode with check_nan: PyTorch's error for a node whose gradient holds a NaN."""
    for i, o in enumerate(outs):
        if o is None:
            continue
        arr = np.asarray(getattr(o, "_data", o))
        if arr.dtype.kind in "fc" and np.isnan(arr).any():
            raise RuntimeError(f"Function '{fn.name()}' returned nan values in its {i}th output.")


def _before_node(fn, g, F, rec, create_graph):
    """PyTorch's order at a node: tensor hooks, retain_grad, node pre-hooks."""
    if isinstance(g, GradSlots):
        return _before_multi(fn, g, F, rec, create_graph)
    if fn._tensor_hooks and hooks_enabled[0]:
        g = _run_tensor_hooks(fn._tensor_hooks, g, F, rec, fn)
    if fn._retains is not None:
        _retain(fn, g, create_graph, rec)
    if fn._pre_hooks and hooks_enabled[0]:
        for hook in list(fn._pre_hooks.values()):
            r = hook((_to_tensor(g),))
            if r is not None:
                g = _from_tensor(_node_hook_values(hook, r, [g])[0], F)
    return g


def _before_multi(fn, g, F, rec, create_graph):
    """:func:`_before_node` for a node with several outputs: each tensor hook and
    retain_grad sees its own output's slot, pre-hooks all of them."""
    g = GradSlots(g)
    if fn._tensor_hooks and hooks_enabled[0]:
        for key, entry in list(fn._tensor_hooks.items()):
            nr = entry[0]
            if g[nr] is not None:
                g[nr] = _run_tensor_hooks({key: entry}, g[nr], F, rec, fn)
    if fn._retains is not None and g[fn._retains[0]] is not None:
        _retain(fn, g[fn._retains[0]], create_graph, rec)
    if fn._pre_hooks and hooks_enabled[0]:
        for hook in list(fn._pre_hooks.values()):
            r = hook(_as_grads(g))
            if r is not None:
                g = GradSlots(None if x is None else _from_tensor(x, F) for x in _node_hook_values(hook, r, list(g)))
    return g


def _as_grads(g) -> tuple:
    """What node hooks see of a node's incoming gradient: one Tensor (or None) per output."""
    if isinstance(g, GradSlots):
        return tuple(None if x is None else _to_tensor(x) for x in g)
    return (_to_tensor(g) if g is not None else None,)


def _retain(fn, g, create_graph, rec):
    nr, ref = fn._retains
    t = ref()
    if t is None:
        return
    before = t._grad
    if t._grad is None:
        gt = _to_tensor(g)
        t._grad = gt.clone() if create_graph else Tensor._make(np.array(_raw(g), copy=True)[()])
    else:
        t._grad = t._grad + _to_tensor(g)
    if rec is not None:
        rec.retain(fn, t, before, t._grad)


def _run_post_accumulate_hooks(var):
    """``register_post_accumulate_grad_hook``'s hooks, after ``var.grad`` is accumulated (not by autograd.grad)."""
    if var._post_acc_hooks and hooks_enabled[0]:
        for hook in list(var._post_acc_hooks.values()):
            r = hook(var)
            if r is not None and not isinstance(r, Tensor):   # a returned tensor changes nothing (PyTorch)
                raise TypeError(f"expected Variable, but hook returned '{type(r).__name__}'")


def _run_leaf(fn, g, F, rec, targets, captured, accumulate, create_graph, owned=False):
    var = fn.variable
    if g is None:
        return
    if var._hooks and hooks_enabled[0]:
        g = _run_tensor_hooks(var._hooks, g, F, rec, fn)
        owned = False
    if targets is not None:
        hits = targets.get(fn)
        if hits is None:
            return
        for k, t in hits:
            if accumulate:
                before = None if var._grad is None or rec is None else np.array(var._grad._data, copy=True)
                accumulate_grad(var, g, create_graph)
                if rec is not None:
                    rec.accumulate(fn, var, before, g)
                _run_post_accumulate_hooks(var)
            else:
                captured[k] = _to_tensor(g)
        return
    if accumulate:
        before = var._grad
        # what .grad held before, for the trace only (a copy: the accumulation is in place)
        before_value = None if before is None or rec is None else np.array(before._data, copy=True)
        accumulate_grad(var, g, create_graph, owned)
        if rec is not None:
            rec.accumulate(fn, var, before_value, g)
        _run_post_accumulate_hooks(var)
