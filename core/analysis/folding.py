"""Folding a large backward graph so that it stays readable (issue 13, item 4).

:func:`fold_graph` takes the graph :func:`core.analysis.trace.build_graph` describes (before its
layout) and, when it has more than a node budget of nodes, replaces parts of it by *fold nodes*:

1. **Repeated structure.**  The graph's non-leaf nodes are put in one topological order (output
   first); a node no edge jumps over (leaves left aside: a weight every iteration uses does not
   count) starts a *segment*.  A loop's iterations are consecutive segments of the same shape
   (``SinBackward0``; ``AddBackward0`` over ``MulBackward0`` for ``y = y * y + y``): a run of at
   least :data:`MIN_REPEATS` of them becomes one node, labelled ``SinBackward0 ×500``, or
   ``AddBackward0 · MulBackward0 ×24``.
2. **Whatever is still over the budget**: the non-leaf nodes other than the output are cut, in
   the same order, into consecutive blocks, each one node labelled ``+37 nodes``.

The output and the leaves (AccumulateGrad) are always shown.  A fold node has ``"kind": "fold"``,
``"folded"``: the ids of the original nodes it hides (in the topological order) and ``"count"``
(their number), ``"fold": "repeat"`` (with ``"pattern"``, the grad_fn names of one repetition,
and ``"repeats"``) or ``"fold": "block"``.  Every original node id is either a shown node or in
exactly one fold node's ``folded``; the graph's ``"folding"`` says how many nodes there were (and
which folds were asked to be open: ``expanded``).
When each repetition of a repeat fold is the nodes of one call of the same nn.Module (a loop
calling ``net`` or ``cell`` again and again; the graph's ``"modules"``, core.analysis.trace), the
fold says so: ``"module_calls"`` (``{"path", "type", "label", "calls"}``) and the label
``cell (Cell) ×39``.  Every fold node has ``"module"``: the innermost module call all the nodes it
hides were made in (None when there is none), and the folded graph's ``"modules"`` keeps only the
calls its shown nodes need.
Edges inside a fold node are left out; edges into or out of one are kept once per pair of shown
nodes.  A graph within the budget is returned unchanged (the same object); a folded graph shares
no dict with the one it was made from.  Everything here is deterministic (the
order comes from the nodes' order and the edges' order, never from a hash).
"""
from __future__ import annotations

from core.graph_json import module_chain

NODE_BUDGET = 60      # a graph with more nodes than this is folded
MIN_REPEATS = 3       # a run of fewer identical segments stays as it is
MAX_PERIOD = 8        # a repetition of up to this many segments is recognised


def fold_graph(graph: dict, budget: int = NODE_BUDGET, expanded=()) -> dict:
    """``graph`` folded to about ``budget`` nodes (itself when it has no more than that); the fold
    nodes whose ids are in ``expanded`` (ids of this same folding: ``fold:`` and the first node each
    hides) show their nodes instead, the others stay folded (the app's per-fold expansion)."""
    nodes = graph.get("nodes") or []
    if len(nodes) <= budget:
        return graph
    by_id = {n["id"]: n for n in nodes}
    edges = graph.get("edges") or []
    order = _topological(nodes, edges)
    inner = [i for i in order if by_id[i]["kind"] != "leaf"]

    # 1. repeated segments ------------------------------------------------------------------
    groups = []   # (kind, [ids], extra) in topological order; kind "node", "repeat"
    segments = _segments(inner, edges, by_id)
    leaving = {}   # node id -> the edges leaving it, in the edges' order
    for e in edges:
        leaving.setdefault(e["source"], []).append(e)
    signatures = [_signature(seg, leaving, by_id) for seg in segments]
    k = 0
    while k < len(segments):
        period, repeats = _repetition(signatures, k)
        if repeats >= MIN_REPEATS:
            j = k + period * repeats
            ids = [i for seg in segments[k:j] for i in seg]
            units = [[i for seg in segments[r:r + period] for i in seg] for r in range(k, j, period)]
            groups.append(("repeat", ids, {"pattern": [by_id[i]["grad_fn"] for seg in segments[k:k + period]
                                                       for i in seg], "repeats": repeats, "units": units}))
            k = j
        else:
            groups.extend(("node", [i], None) for i in segments[k])
            k += 1

    # 2. blocks, while still over the budget -----------------------------------------------
    leaves = len(nodes) - len(inner)
    if len(groups) + leaves > budget:
        groups = _blocks(groups, by_id, max(budget - leaves, 3))

    # 3. the folds asked to be open, as their nodes -----------------------------------------
    opened = {"fold:" + ids[0] for kind, ids, _ in groups if kind != "node"} & set(expanded)
    if opened:
        groups = [group for kind, ids, extra in groups
                  for group in ([("node", [i], None) for i in ids] if "fold:" + ids[0] in opened
                                else [(kind, ids, extra)])]

    # the folded graph ------------------------------------------------------------------------
    modules = {m["id"]: m for m in graph.get("modules") or []}
    shown, owner = [], {}
    for kind, ids, extra in groups:
        if kind == "node":
            shown.append(dict(by_id[ids[0]]))   # copies: the folded graph is laid out on its own
            owner[ids[0]] = ids[0]
            continue
        fid = "fold:" + ids[0]
        fold = {"id": fid, "kind": "fold", "grad_fn": None, "name": None, "shape": None, "value": None,
                "folded": list(ids), "count": len(ids)}
        if kind == "repeat":
            fold.update(fold="repeat", pattern=extra["pattern"], repeats=extra["repeats"],
                        label=f"{' · '.join(extra['pattern'])} ×{extra['repeats']}")
            calls = _repeated_call(extra["units"], by_id, modules)
            if calls is not None:   # each repetition is one call of the same module
                fold.update(module_calls=calls, label=f"{calls['label']} ×{extra['repeats']}")
        else:
            fold.update(fold="block", label=f"+{len(ids)} nodes")
        fold["module"] = _common_call([by_id[i].get("module") for i in ids], modules)
        fold["grad_fn"] = fold["label"]   # readers that name every node by its grad_fn name it by this
        shown.append(fold)
        for i in ids:
            owner[i] = fid
    for i in order:
        if by_id[i]["kind"] == "leaf":
            shown.append(dict(by_id[i]))
            owner[i] = i
    kept, pairs = [], set()
    for e in edges:
        s, t = owner[e["source"]], owner[e["target"]]
        if s == t:
            continue
        if s == e["source"] and t == e["target"]:
            kept.append(dict(e))    # between two shown nodes: as it was (y * y keeps its two edges)
        elif (s, t) not in pairs:
            pairs.add((s, t))
            kept.append({"source": s, "target": t, "input": e["input"]})
    folded = dict(graph)
    folded.update(nodes=shown, edges=kept,
                  folding={"budget": budget, "nodes": len(nodes), "edges": len(edges), "shown": len(shown),
                           "expanded": sorted(opened)})
    if modules:
        folded["modules"] = _used_calls(shown, modules)
    return folded


def _common_call(mids: list, modules: dict):
    """The innermost module call every one of ``mids`` runs in (None when one runs in none)."""
    common = None
    for mid in dict.fromkeys(mids):
        chain = module_chain(mid, modules)
        if not chain:
            return None
        if common is None:
            common = chain
            continue
        inside = set(chain)
        common = [c for c in common if c in inside]
        if not common:
            return None
    return common[0] if common else None


def _repeated_call(units: list, by_id: dict, modules: dict):
    """When each repetition of a fold is the nodes of one call of one module (each a different
    call: a loop calling ``net`` or a cell again and again): that module's path, type and label
    (``{"path": "cell", "type": "RNNCell", "label": "cell (RNNCell)", "calls": 500}``); else None."""
    calls = [_common_call([by_id[i].get("module") for i in unit], modules) for unit in units]
    if None in calls or len(set(calls)) != len(calls):
        return None
    kinds = {(modules[c]["path"], modules[c]["type"], modules[c].get("name")) for c in calls}
    if len(kinds) != 1:
        return None
    first = modules[calls[0]]
    label = first["label"].split(" · ")[0]    # without "call 2": it stands for all of them
    return {"path": first["path"], "type": first["type"], "label": label, "calls": len(calls)}


def _used_calls(shown: list, modules: dict) -> list:
    """The module records a folded graph still needs: the calls of its shown nodes and the calls
    they run in (a call whose nodes are all folded away has no box)."""
    used = set()
    for n in shown:
        used.update(module_chain(n.get("module"), modules))
    return [dict(m) for m in modules.values() if m["id"] in used]


def _topological(nodes: list, edges: list) -> list:
    """The node ids, each before its inputs (the output first); ties in the nodes' order."""
    position = {n["id"]: k for k, n in enumerate(nodes)}
    below = {n["id"]: [] for n in nodes}
    waiting = dict.fromkeys(position, 0)
    for e in edges:
        below[e["source"]].append(e["target"])
        waiting[e["target"]] += 1
    import heapq
    ready = [(position[i], i) for i in position if waiting[i] == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        _, i = heapq.heappop(ready)
        order.append(i)
        for j in below[i]:
            waiting[j] -= 1
            if waiting[j] == 0:
                heapq.heappush(ready, (position[j], j))
    return order


def _segments(inner: list, edges: list, by_id: dict) -> list:
    """``inner`` (topological, no leaves) cut before every node that no edge between non-leaf
    nodes jumps over."""
    pos = {i: k for k, i in enumerate(inner)}
    cover = [0] * (len(inner) + 1)
    for e in edges:
        s, t = pos.get(e["source"]), pos.get(e["target"])
        if s is None or t is None or t <= s + 1:
            continue
        cover[s + 1] += 1
        cover[t] -= 1
    segments, running = [], 0
    for k, i in enumerate(inner):
        running += cover[k]
        if k == 0 or running == 0:
            segments.append([i])
        else:
            segments[-1].append(i)
    return segments


def _signature(segment: list, leaving: dict, by_id: dict):
    """What a segment looks like, whatever its nodes' ids: its nodes' kinds and grad_fns in order
    and its edges as (position, position or where outside, input); None for the output's."""
    if len(segment) == 1:     # (a chain's usual segment: the same signature as below, sooner)
        node = by_id[segment[0]]
        if node["kind"] == "output":
            return None
        edges = leaving.get(segment[0], ())
        return (node["grad_fn"],), tuple(sorted(((0, 0 if e["target"] == segment[0] else "out", e["input"])
                                                 for e in edges), key=_edge_order))
    if any(by_id[i]["kind"] == "output" for i in segment):
        return None
    pos = {i: k for k, i in enumerate(segment)}
    shape = []
    for i in segment:   # (sorted below: the order the edges come in does not matter)
        s = pos[i]
        for e in leaving.get(i, ()):
            t = pos.get(e["target"])
            shape.append((s, t if t is not None else "out", e["input"]))
    # (any fixed order will do: signatures are only compared for equality; "out" sorts after positions)
    return tuple(by_id[i]["grad_fn"] for i in segment), tuple(sorted(shape, key=_edge_order))


def _edge_order(edge: tuple) -> tuple:
    s, t, k = edge
    return (s, t == "out", 0 if t == "out" else t, k)


def _repetition(signatures: list, k: int) -> tuple[int, int]:
    """(period, repeats) of the longest run of repeated segments from ``k`` (a period of up to
    :data:`MAX_PERIOD` segments: ``tanh(y * w)`` repeats MulBackward0 then TanhBackward0); the
    shortest period among the longest runs."""
    best = (1, 1)
    if signatures[k] is None:
        return best
    for period in range(1, MAX_PERIOD + 1):
        unit = signatures[k:k + period]
        if len(unit) < period or None in unit:
            break
        repeats = 1
        while signatures[k + repeats * period:k + (repeats + 1) * period] == unit:
            repeats += 1
        if repeats >= MIN_REPEATS and repeats * period > best[0] * best[1]:
            best = (period, repeats)
    return best


def _blocks(groups: list, by_id: dict, room: int) -> list:
    """``groups`` (after repetitions) with consecutive groups, the output's aside, merged into
    blocks so that about ``room`` groups remain."""
    first = [g for g in groups[:1] if by_id[g[1][0]]["kind"] == "output"]
    rest = groups[len(first):]
    if len(rest) <= room - len(first):
        return groups
    slots = max(room - len(first), 1)
    size = -(-len(rest) // slots)
    out = list(first)
    for k in range(0, len(rest), size):
        chunk = rest[k:k + size]
        if len(chunk) == 1:
            out.append(chunk[0])
        else:
            out.append(("block", [i for g in chunk for i in g[1]], None))
    return out
