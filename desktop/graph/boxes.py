"""Module boxes collapsed to one node (pure Python, no Qt).

Core's graph lists the nn.Module calls that made its nodes (``graph["modules"]``: id, path, type,
label, parent, and where dot placed the call's box) and gives each node the id of the innermost call
that made it (``node["module"]``).  :func:`collapse_calls` returns the graph with the nodes of some
calls replaced, each call by one node at the top of its box (``"fc1 (Linear): 3 nodes"``), the way
a fold node of core.analysis.folding stands for the nodes it hides: ``kind`` "fold", ``fold``
"module", ``folded`` the ids of every original node it hides (those the call's fold nodes hide
too), so stepping onto a hidden node shows on it (desktop.graph.replay).  No layout is redone:
the other nodes stay where dot put them and an edge into or out of a collapsed call is drawn
straight.
"""

from __future__ import annotations

from core.graph_json import module_chain

COLLAPSED_PREFIX = "box:"
COLLAPSED_W, COLLAPSED_H = 150.0, 43.2   # points: the collapsed node (dot's height for a node)
TITLE_BAND = 24.0   # points: the collapsed node sits this far down its box (where the first nodes were)


def collapse_calls(graph: dict, collapsed) -> dict:
    """``graph`` with each module call of ``collapsed`` (ids; a call inside another collapsed one
    goes with it) shown as one node.  ``graph`` itself is left as it is."""
    modules = {m["id"]: m for m in graph.get("modules") or []}
    wanted = {mid for mid in collapsed if mid in modules and modules[mid].get("box")}
    if not wanted:
        return graph
    # the outermost collapsed call each node is in
    owner, members = {}, {}
    for node in graph.get("nodes") or []:
        outer = next((mid for mid in reversed(module_chain(node.get("module"), modules)) if mid in wanted), None)
        if outer is not None:
            owner[node["id"]] = COLLAPSED_PREFIX + outer
            members.setdefault(outer, []).append(node)
    nodes = [dict(n) for n in graph.get("nodes") or [] if n["id"] not in owner]
    for mid, inside in members.items():
        record = modules[mid]
        left, top, width, height = (float(v) for v in record["box"])
        hidden = []
        for n in inside:
            hidden.extend(n.get("folded") or [] if n.get("kind") == "fold" else [n["id"]])
        nodes.append({"id": COLLAPSED_PREFIX + mid, "kind": "fold", "fold": "module", "module_box": mid,
                      "module": record.get("parent"), "module_label": record.get("label") or record.get("type"),
                      "label": record.get("label"), "grad_fn": None, "name": None, "shape": None, "value": None,
                      "folded": hidden, "count": len(hidden),
                      "x": left + width / 2, "y": top + min(TITLE_BAND + COLLAPSED_H / 2, height / 2),
                      "w": min(max(COLLAPSED_W, 0.6 * width), width), "h": COLLAPSED_H})
    edges, pairs = [], set()
    for e in graph.get("edges") or []:
        s, t = owner.get(e["source"], e["source"]), owner.get(e["target"], e["target"])
        if s == t:
            continue
        if s == e["source"] and t == e["target"]:
            edges.append(dict(e))
        elif (s, t) not in pairs:
            pairs.add((s, t))
            edges.append({"source": s, "target": t, "input": e.get("input"), "points": []})
    inside_collapsed = {mid for mid in modules
                        if any(c in wanted for c in module_chain(modules[mid].get("parent"), modules))}
    shown = dict(graph)
    shown.update(nodes=nodes, edges=edges,
                 modules=[dict(m) for m in modules.values() if m["id"] not in wanted and m["id"] not in inside_collapsed])
    return shown
