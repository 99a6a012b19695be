"""The chain rule, node by node: a record of one backward pass, and its graph.

:class:`TraceRecorder` is installed as the engine's recorder for the one
backward the analysis follows (the program's own call, with its hooks,
retain_grad and accumulation).  Each :class:`BackwardStep` says, for one node,
what gradient arrived, the node's local derivative (a formula derived from
the op's symbolic rule by :mod:`core.symbolic.derivative`, or a sentence, and
the saved numbers it uses), what it sent to each input, and at leaves ``.grad`` before
and after.  :func:`build_graph` describes the graph (nodes, edges, names,
shapes, values) with layout coordinates from Graphviz's dot, so the app only
draws what it is given.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from core.graph_json import HEIGHT, NODESEP, RANKSEP, module_chain
from core.analysis.folding import fold_graph
from core.analysis.verdict import compare
from core.autograd import engine
from core.report_json import array_summary, finite_json
from core.symbolic.derivative import node_local
from core.tensor.node import AccumulateGrad, GradSlots
from core.tensor.tensor import Tensor
from core.torch.autograd.function import CustomBackward
from core.torch.nn.module import Module
from core.translatable import _T


# an array of a step or a graph node is kept (and written) in full up to this many elements; past it,
# as its summary (issue 13, item 5: a chain of views of a 10⁶-element tensor kept 6.9 GB)
MAX_SHOWN_ELEMENTS = 10_000


class Omitted:
    """An array too large to keep in a step or a node: its summary (:func:`core.report_json.array_summary`)."""

    def __init__(self, arr):
        self.summary = array_summary(arr, f"{np.size(arr):,} elements, more than the {MAX_SHOWN_ELEMENTS:,} "
                                          "a step or a graph node keeps")


def _float64(x):
    """``x`` (a tensor, an array, a custom Function's slots) as a float64 array, or None."""
    if isinstance(x, GradSlots):   # a custom Function's node with several outputs: the first output's
        x = x[0]
    if x is None:
        return None
    d = x._data if hasattr(x, "_data") else x
    return np.array(d, dtype=np.float64)


def _arr(x):
    """What a step or a node keeps of ``x``: a float64 array, or :class:`Omitted` past
    :data:`MAX_SHOWN_ELEMENTS`, or None."""
    if isinstance(x, GradSlots):
        x = x[0]
    if x is None:
        return None
    d = x._data if isinstance(x, Tensor) else getattr(x, "_data", x)
    if isinstance(d, np.ndarray):       # (the usual case, without np.size's dispatch: a node of a long chain)
        return Omitted(d) if d.size > MAX_SHOWN_ELEMENTS else d.astype(np.float64)
    if np.size(d) > MAX_SHOWN_ELEMENTS:
        return Omitted(d)
    return np.array(d, dtype=np.float64)


def _nested(a):
    if a is None or isinstance(a, Omitted):
        return None
    a = np.asarray(a, dtype=np.float64)
    if a.size == 1:     # (most steps' arrays, in a chain of scalars: no walk of the nested lists)
        x = a.item()
        if math.isfinite(x):
            return a.tolist()
    return finite_json(a.tolist())


def _put(record: dict, key: str, a) -> dict:
    """``record[key]``: ``a`` as nested lists; for an :class:`Omitted` array, None and its summary
    as ``record[key + "_summary"]`` (the convention of :mod:`core.report_json`)."""
    record[key] = _nested(a)
    if isinstance(a, Omitted):
        record[key + "_summary"] = a.summary
    return record


@dataclass(slots=True)
class BackwardStep:
    """One node of the backward pass, in the order the engine ran it."""

    index: int
    node: str                      # node id in the graph
    grad_fn: str                   # MulBackward0, CopySlices, AccumulateGrad...
    output_name: str | None        # the program's name for what the node produced
    input_names: list              # the program's names for its inputs (None where unnamed)
    grad_in: np.ndarray | None     # the gradient that arrived (after tensor hooks)
    local: str | None = None       # the local derivative as LaTeX (derived from the op's symbolic rule)
    local_notes: list = field(default_factory=list)  # sentences instead of, or beside, it (English; _T templates)
    saved: dict = field(default_factory=dict)   # the saved numbers the local derivative uses
    grads_out: list = field(default_factory=list)  # (target node id, input name, gradient, input index)
    leaf: str | None = None        # AccumulateGrad: the leaf's name
    grad_before: np.ndarray | None = None
    grad_after: np.ndarray | None = None
    hooks: list = field(default_factory=list)   # (hook name, replaced the gradient?)
    retained: list = field(default_factory=list)  # (tensor name, .grad after)
    freed: bool = False            # saved tensors released after this step
    # a custom autograd.Function: per input, what the forward the program wrote implies
    # (g times its symbolic local Jacobian) beside what the program's backward sent
    implied: list = field(default_factory=list)  # (input name, gradient implied, agrees with the one sent?)

    def to_json(self) -> dict:
        """The step as JSON; an array past :data:`MAX_SHOWN_ELEMENTS` is null with a ``KEY_summary`` beside
        it (``grad_in_summary``, ``grad_summary`` in ``grads_out``, ``saved_summary: {name: ...}``)."""
        # (the empty lists of most steps written as such: 20,000 steps are written in one go)
        record = {
            "index": self.index, "node": self.node, "grad_fn": self.grad_fn, "output_name": self.output_name,
            "input_names": self.input_names, "local": self.local, "local_notes": list(self.local_notes),
            "saved": {k: _nested(v) for k, v in self.saved.items()},
            # input_index: the position among the node's inputs (next_functions): the graph's edge["input"]
            "grads_out": [_put({"to": t, "input": n, "input_index": k}, "grad", g) for t, n, g, k in self.grads_out],
            "leaf": self.leaf,
            "hooks": [{"name": n, "replaced": r} for n, r in self.hooks] if self.hooks else [],
            "retained": [_put({"name": n}, "grad", g) for n, g in self.retained] if self.retained else [],
            "freed": self.freed,
            "implied": [{"input": n, "grad": _nested(g), "match": m} for n, g, m in self.implied]
            if self.implied else [],
        }
        _put(record, "grad_in", self.grad_in)
        for key, a in (("grad_before", self.grad_before), ("grad_after", self.grad_after)):
            if a is None:
                record[key] = None
            else:
                _put(record, key, a)
        if self.saved:
            omitted = {k: v.summary for k, v in self.saved.items() if isinstance(v, Omitted)}
            if omitted:
                record["saved_summary"] = omitted
        return record


def _implied(fn, jacobians, grad_in, outs, names) -> list:
    """For each input of a custom Function's node: the gradient its forward implies
    (g · d out / d input, from the symbolic trace) and whether the program's backward
    sent the same (the analysis's tolerance)."""
    result = []
    g = np.asarray(grad_in, dtype=np.float64).ravel()
    for J, (nxt, _), sent, name, meta in zip(jacobians, fn.next_functions, outs, names, fn._in_meta):
        if J is None or nxt is None or meta is None:
            continue
        implied = (g @ J).reshape(meta[0])
        got = np.zeros(meta[0]) if sent is None else _float64(sent)
        result.append((name, implied, compare(implied, got)[1]))
    return result


class GraphNames:
    """The program's names for nodes and leaves (from its namespace), and the module paths of the
    parameters the graph's module calls use (:meth:`learn_parameters`).

    A leaf the program binds to a variable (``w = torch.randn(3, requires_grad=True)``, or
    ``w = model.fc1.weight``) is named by it: that is the name the program's text uses, the one the
    Jacobian's leaves and the console show.  A parameter no variable names (``model.fc1.weight``
    reached only through the model) is named by its module path under the top-level module the
    program called (``fc1.weight``, ``0.bias``), as ``named_parameters()`` prints it."""

    def __init__(self, namespace: dict):
        self.by_node = {}
        self.by_leaf = {}
        self.by_param = {}     # id(parameter) -> module path, for parameters no variable names
        self.modules = {}      # id(module) -> the program's top-level name for it
        for name, t in namespace.items():
            if isinstance(t, Module):
                self.modules.setdefault(id(t), name)
            if not isinstance(t, Tensor):
                continue
            if t.grad_fn is not None:
                self.by_node.setdefault(id(t.grad_fn), name)
            elif t.requires_grad:
                self.by_leaf.setdefault(id(t), name)

    def of(self, fn):
        if isinstance(fn, AccumulateGrad):
            key = id(fn.variable)
            return self.by_leaf.get(key) or self.by_param.get(key)
        return self.by_node.get(id(fn))

    def learn_parameters(self, roots: list) -> None:
        """Name the parameters of the top-level module calls ``roots`` by module path; with several
        top-level modules (a GAN's G and D both have ``0.weight``), the path starts with the
        program's name for the module (``G.0.weight``) where it has one."""
        modules = {id(c.module): list(c.module.named_parameters()) for c in roots}
        several = sum(1 for params in modules.values() if params) > 1
        for key, params in modules.items():
            prefix = self.modules.get(key) if several else None
            for path, p in params:
                self.by_param.setdefault(id(p), f"{prefix}.{path}" if prefix else path)

    def param_path(self, fn):
        """A parameter leaf's module path (also when a variable names it), else None."""
        return self.by_param.get(id(fn.variable)) if isinstance(fn, AccumulateGrad) else None


def node_id(fn) -> str:
    return f"n{id(fn):x}"


class TraceRecorder:
    """Collects :class:`BackwardStep` records while the engine runs."""

    def __init__(self, names: GraphNames):
        self.names = names
        self.steps: list[BackwardStep] = []
        self._open = {}
        self._locals = {}     # _local's derivations, by kind of node
        self._pending_hooks = []    # tensor hooks and retain_grad run before their node's step opens
        self._pending_retain = []
        self.done = False

    # engine callbacks -------------------------------------------------------------
    def begin(self, outputs, roots, keep_graph, create_graph):
        self.keep_graph = keep_graph

    def enter(self, fn, g):
        local = self._local(fn)
        step = BackwardStep(len(self.steps), node_id(fn), type(fn).__name__, self.names.of(fn),
                            [self.names.of(n) if n is not None else None for n, _ in fn.next_functions],
                            _arr(g), local=local.latex, local_notes=list(local.notes))
        step.saved = self._saved(fn)
        self._take_pending(step)
        self.steps.append(step)
        self._open[id(fn)] = step

    def leave(self, fn, outs, released=False):
        step = self._open.pop(id(fn), None)
        if step is None:
            return
        for k, ((nxt, _), g, name) in enumerate(zip(fn.next_functions, outs, step.input_names)):
            if nxt is not None and g is not None:
                step.grads_out.append((node_id(nxt), name, _arr(g), k))
        # (a custom Function's node; asked of others, the attribute would go through Node.__getattr__'s raise)
        jacobians = fn.local_jacobians if isinstance(fn, CustomBackward) else None
        if jacobians is not None and isinstance(step.grad_in, np.ndarray):
            step.implied = _implied(fn, jacobians, step.grad_in, outs, step.input_names)
        step.freed = bool(getattr(self, "frees", released) and fn._has_saved)

    def accumulate(self, fn, var, before, g):
        name = self.names.by_leaf.get(id(var)) or self.names.by_param.get(id(var))
        local = self._local(fn)
        step = BackwardStep(len(self.steps), node_id(fn), "AccumulateGrad", name, [], _arr(g), leaf=name,
                            local=local.latex, local_notes=list(local.notes))
        step.grad_before = _arr(before)
        step.grad_after = _arr(var._grad)
        self._take_pending(step)
        self.steps.append(step)

    def hook(self, node, hook_name, grad, result):
        self._pending_hooks.append((hook_name, result is not None))

    def retain(self, fn, t, before, after):
        self._pending_retain.append((self.names.of(fn), _arr(after)))

    def _take_pending(self, step):
        step.hooks, self._pending_hooks = self._pending_hooks, []
        step.retained, self._pending_retain = self._pending_retain, []

    def end(self):
        self.done = True
        if engine._recorder[0] is self:
            engine._recorder[0] = None

    # helpers ----------------------------------------------------------------------
    def _local(self, fn):
        """:func:`node_local`, once per kind of node, op, input shapes and inputs taking a gradient
        when the node has no parameters (a chain of 20,000 sin nodes: one derivation looked up, not
        20,000); a node with parameters, or of another kind, asks each time."""
        op = getattr(fn, "op", None)
        kind = type(fn)
        if op is None or fn.params or kind.__name__ in ("CopySlices", "AsStridedBackward0") \
                or isinstance(fn, CustomBackward):
            return node_local(fn)
        meta = getattr(fn, "_in_meta", None) or ()
        key = (kind, id(op), tuple(None if m is None else tuple(m[0]) for m in meta),
               tuple(nxt is not None for nxt, _ in fn.next_functions))
        local = self._locals.get(key)
        if local is None:
            local = self._locals[key] = node_local(fn)
        return local

    @staticmethod
    def _saved(fn):
        op = getattr(fn, "op", None)
        out = {}
        if op is None or fn._released:
            return out
        if fn._saved is not None:
            for name, x in zip(op.input_names, fn._saved):
                if x is not None and hasattr(x, "_data"):
                    out[name] = _arr(x)
                elif isinstance(x, (int, float)):
                    out[name] = np.array(x, dtype=np.float64)
        if op.saves_result and fn._result is not None:
            out["result"] = _arr(fn._result)
        return out


# ---------------------------------------------------------------------------
# the graph and its layout
# ---------------------------------------------------------------------------

def build_graph(out, names: GraphNames, output_label: str, layout: bool = True) -> dict:
    """Nodes (grad_fn nodes and leaves), edges along the backward direction, and
    dot's coordinates (points; y grows downwards) for each node and edge.

    The graph's JSON (``analysis["graph"]``): ``nodes`` (``id``, ``kind``: output, op, leaf or
    fold, ``grad_fn``, ``label``, ``name``, ``shape``, ``value``; ``module``: the id of the
    nn.Module call that made it; a parameter leaf's ``param``, its module path ``fc1.weight``;
    ``x, y, w, h``), ``edges`` (``source``, ``target``, ``input``, ``points``), ``width``,
    ``height``; when modules made nodes, ``modules`` (:func:`_module_calls`; laid out by dot, each
    with its ``box``: left, top, width, height of the rectangle around its nodes); past the node
    budget ``folding`` and ``unfolded`` (:mod:`core.analysis.folding`)."""
    nodes, edges, fns = {}, [], {}
    root = out.grad_fn
    if root is None:
        return {"nodes": [], "edges": [], "width": 0, "height": 0}
    stack, seen = [root], {id(root)}
    while stack:
        fn = stack.pop()
        nid = node_id(fn)
        fns[nid] = fn
        if isinstance(fn, AccumulateGrad):
            v = fn.variable
            nodes[nid] = _put({"id": nid, "kind": "leaf", "label": names.of(fn) or "leaf", "grad_fn": "AccumulateGrad",
                               "name": names.of(fn), "shape": list(v.shape)}, "value", _arr(v))
        else:
            nodes[nid] = {"id": nid, "kind": "op", "label": type(fn).__name__, "grad_fn": type(fn).__name__,
                          "name": names.of(fn), "shape": None, "value": None}
        for k, (nxt, _) in enumerate(fn.next_functions):
            if nxt is None:
                continue
            edges.append({"source": nid, "target": node_id(nxt), "input": k})
            if id(nxt) not in seen:
                seen.add(id(nxt))
                stack.append(nxt)
    rid = node_id(root)
    nodes[rid]["kind"] = "output"
    nodes[rid]["name"] = nodes[rid]["name"] or output_label
    nodes[rid]["shape"] = list(out.shape)
    _put(nodes[rid], "value", _arr(out))
    modules = _module_calls(nodes, fns, names)
    whole = {"nodes": list(nodes.values()), "edges": edges, "width": 0, "height": 0}
    if modules:
        whole["modules"] = modules
    graph = fold_graph(whole)   # past a node budget, repeated structure and long stretches folded
    if layout:
        (_ranks if len(graph["nodes"]) > MAX_DOT_NODES else _layout)(graph)
    if layout and graph is not whole and len(whole["nodes"]) <= MAX_UNFOLDED_NODES:
        _ranks(whole)   # in linear time: dot took 500 s on 243 nodes of tanh(y * w) sharing one leaf
        graph["unfolded"] = whole   # the graph as it is, laid out, for the app to expand a fold node
    return graph


class ExpandError(ValueError):
    """The folds cannot be expanded (a text for the user: a _T)."""


def expand_folds(graph: dict, expanded) -> dict:
    """``graph`` (a folded graph :func:`build_graph` made, with its ``unfolded`` self) folded again with
    the fold nodes ``expanded`` open, laid out; ``unfolded`` kept.  Raises :class:`ExpandError` when the
    graph carries no unfolded self or the result would have over :data:`MAX_DOT_NODES` nodes (it is laid
    out by dot, as the folded graph was)."""
    import copy

    unfolded = graph.get("unfolded")
    if not (unfolded and unfolded.get("nodes")):
        raise ExpandError(_T("this graph is too large to expand a fold of it (over {limit:,} nodes)").format(
            limit=MAX_UNFOLDED_NODES))
    whole = copy.deepcopy({k: v for k, v in unfolded.items() if k != "unfolded"})   # laid out anew
    folded = fold_graph(whole, expanded=expanded)
    if len(folded["nodes"]) > MAX_DOT_NODES:
        raise ExpandError(_T("expanding these folds would show {nodes:,} nodes; the graph shows at most {limit} "
                             "(collapse another fold first)").format(nodes=len(folded["nodes"]),
                                                                     limit=MAX_DOT_NODES))
    _layout(folded)
    folded["unfolded"] = unfolded
    return folded


def _module_calls(nodes: dict, fns: dict, names: GraphNames) -> list:
    """The nn.Module calls that made the graph's nodes (issue 12, item 5), as the graph's
    ``"modules"``: one record per call, in the order the calls began, with every call a shown one
    runs inside (``{"id": "m0", "path": "fc1", "type": "Linear", "call": 2, "parent": "m0" | null,
    "name": the program's name for a top-level module | null, "label": "fc1 (Linear)"}``; a label
    says ``call 2`` when the graph holds several calls of one module).  Each node made inside a call
    gets ``"module"``: the innermost call's id; a parameter leaf gets ``"param"``, its module path,
    and ``"module"``, the one call of its module in the graph (or the call all of them run in), and
    is named by that path unless a variable names it (:class:`GraphNames`).  At most one record per
    node of the graph and per call above it."""
    calls = {}
    for fn in fns.values():
        c = fn.module_call
        while c is not None and id(c) not in calls:
            calls[id(c)] = c
            c = c.parent
    if not calls:
        return []
    ordered = sorted(calls.values(), key=lambda c: c.start)
    ids = {id(c): f"m{k}" for k, c in enumerate(ordered)}
    names.learn_parameters([c for c in ordered if c.root is c])
    same, ordinal = {}, {}
    for c in ordered:
        group = same.setdefault((id(c.root.module), c.path), [])
        group.append(c)
        ordinal[id(c)] = len(group)
    records, owners = [], {}
    for c in ordered:
        name = names.modules.get(id(c.module)) if c.root is c else None
        label = f"{c.path or name or ''} ({c.type})" if (c.path or name) else c.type
        if len(same[(id(c.root.module), c.path)]) > 1:
            label += f" · call {ordinal[id(c)]}"
        records.append({"id": ids[id(c)], "path": c.path, "type": c.type, "call": c.number,
                        "parent": ids.get(id(c.parent)) if c.parent is not None else None,
                        "name": name, "label": label})
        for p in (c.module.__dict__.get("_parameters") or {}).values():
            if p is not None:
                owners.setdefault(id(p), []).append(c)
    for nid, fn in fns.items():
        node = nodes[nid]
        if not isinstance(fn, AccumulateGrad):
            node["module"] = ids[id(fn.module_call)] if fn.module_call is not None else None
            continue
        path = names.param_path(fn)
        if path is None:
            continue
        node["param"] = path
        if node["name"] is None:
            node["name"] = node["label"] = path
        mine = owners.get(id(fn.variable)) or []
        parents = {id(c.parent) for c in mine}
        node["module"] = (ids[id(mine[0])] if len(mine) == 1
                          else ids.get(id(mine[0].parent)) if mine and len(parents) == 1 and mine[0].parent is not None
                          else None)
    return records


# dot lays out a graph of this many nodes in a fraction of a second; its time grows much faster than
# the graph (a 1,929-node graph took 58 s, a chain of 20,000 over 3 s): past it, _ranks places the nodes
MAX_DOT_NODES = 500
MAX_UNFOLDED_NODES = 2_000    # a folded graph carries its unfolded self (laid out) up to this many nodes


def _label_and_width(n) -> tuple[str, float]:
    """A node's label (dot's escaped newline) and its box's width in inches."""
    label = n["label"] if not n["name"] or n["kind"] == "leaf" else f"{n['label']}\\n{n['name']}"
    measured = label
    if n["kind"] == "leaf" and n.get("shape"):   # the app writes a leaf's shape beside its name: fc1.weight · 4×3
        measured = f"{label}  ·  {'×'.join(str(k) for k in n['shape'])}"
    return label, max(1.2, 0.11 * max(len(part) for part in measured.split("\\n")) + 0.3)


def _ranks(graph):
    """A layered layout in linear time, for graphs past :data:`MAX_DOT_NODES`: each node on the rank
    of its longest path from the output (output at the top), side by side within a rank; edges
    without a route (drawn straight from box to box)."""
    ids = [n["id"] for n in graph["nodes"]]
    below = {i: [] for i in ids}
    waiting = dict.fromkeys(ids, 0)
    for e in graph["edges"]:
        below[e["source"]].append(e["target"])
        waiting[e["target"]] += 1
    rank = dict.fromkeys(ids, 0)
    ready = [i for i in ids if waiting[i] == 0]
    while ready:
        i = ready.pop()
        for j in below[i]:
            rank[j] = max(rank[j], rank[i] + 1)
            waiting[j] -= 1
            if waiting[j] == 0:
                ready.append(j)
    x_at, width = {}, 0.0
    for n in graph["nodes"]:
        w = _label_and_width(n)[1] * 72
        r = rank[n["id"]]
        x = x_at.get(r, 0.0)
        n["x"], n["y"], n["w"], n["h"] = x + w / 2, r * (HEIGHT + RANKSEP) * 72 + HEIGHT * 36, w, HEIGHT * 72
        x_at[r] = x + w + NODESEP * 72
        width = max(width, x + w)
    graph["width"] = width
    graph["height"] = (max(rank.values(), default=0) + 1) * (HEIGHT + RANKSEP) * 72 - RANKSEP * 72
    for e in graph["edges"]:
        e["points"] = []


MODULE_LABEL_SIZE = 10    # points: a module box's label (dot leaves room for it above the box's nodes)


def _clusters(G, graph) -> list:
    """One dot cluster per module call of the graph (nested as the calls are), holding the nodes
    made in it; returns (module record, subgraph) for reading the boxes back after the layout.
    Only calls with a node in the graph, or a call inside them, get a cluster."""
    modules = graph.get("modules") or []
    members = {}
    for n in graph["nodes"]:
        if n.get("module") is not None:
            members.setdefault(n["module"], []).append(n["id"])
    by_id = {m["id"]: m for m in modules}
    used = {c for mid in members for c in module_chain(mid, by_id)}
    subgraphs, out = {}, []
    for m in modules:   # parents begin before their children: they come first
        if m["id"] not in used:
            continue
        owner = subgraphs.get(m.get("parent"), G)
        sub = owner.add_subgraph(name=f"cluster_{m['id']}", label=m["label"], labeljust="l",
                                 fontsize=str(MODULE_LABEL_SIZE), margin="4")
        for nid in members.get(m["id"], ()):
            sub.add_node(nid)
        subgraphs[m["id"]] = sub
        out.append((m, sub))
    return out


BADGE = 0.3   # inches: room the app's ".grad" badge takes under a leaf


def _badge(n) -> float:
    """The room dot keeps under a node for the app's ``.grad`` badge: a leaf in a module box
    (which would otherwise hang over the box's edge); the node itself keeps its height."""
    return BADGE if n["kind"] == "leaf" and n.get("module") is not None else 0.0


def _layout(graph, boxes: bool = True):
    """dot's layered layout: output at the top, leaves at the bottom; a box (dot's cluster) per
    module call unless ``boxes`` is False (or dot fails on the clusters: then without them)."""
    import pygraphviz as pgv  # Graphviz's library: loaded when a graph is laid out, not by every run
    G = pgv.AGraph(directed=True, strict=False, rankdir="TB", nodesep=str(NODESEP), ranksep=str(RANKSEP))
    for n in graph["nodes"]:
        label, width = _label_and_width(n)
        G.add_node(n["id"], label=label, shape="box", width=f"{width:.2f}",
                   height=str(HEIGHT + (_badge(n) if boxes else 0.0)), fixedsize="true", fontsize="12")
    for e in graph["edges"]:
        G.add_edge(e["source"], e["target"], key=str(e["input"]))
    clusters = _clusters(G, graph) if boxes else []
    try:
        G.layout(prog="dot")
    except Exception:   # NOTE: dot has failed on clusters ("trouble in init_rank"); the graph matters more
        if not clusters:
            raise
        _layout(graph, boxes=False)
        return
    x0, y0, x1, y1 = (float(v) for v in G.graph_attr["bb"].split(","))
    graph["width"], graph["height"] = x1 - x0, y1 - y0
    for record, sub in clusters:
        bx0, by0, bx1, by1 = (float(v) for v in sub.graph_attr["bb"].split(","))
        record["box"] = [bx0 - x0, y1 - by1, bx1 - bx0, by1 - by0]   # left, top, width, height
    for n in graph["nodes"]:
        node = G.get_node(n["id"])
        x, y = (float(v) for v in node.attr["pos"].split(","))
        badge = _badge(n) if boxes else 0.0
        n["x"], n["y"] = x - x0, y1 - y - badge * 36  # top-left origin, y downwards (Qt's convention)
        n["w"], n["h"] = float(node.attr["width"]) * 72, (float(node.attr["height"]) - badge) * 72
    for e in graph["edges"]:
        edge = G.get_edge(e["source"], e["target"], key=str(e["input"]))
        points = []
        for tok in edge.attr["pos"].split():
            if tok.startswith(("e,", "s,")):
                continue
            x, y = (float(v) for v in tok.split(","))
            points.append([x - x0, y1 - y])
        e["points"] = points
