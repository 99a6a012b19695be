"""The computational graph as a standalone SVG picture, from the analysis JSON's ``graph``.

The graph (core.analysis.trace.build_graph) comes with Graphviz dot's layout
in points, origin top left, y downwards: each node's centre ``x, y`` and size
``w, h``, and each edge's spline ``points`` (a start point, then three control
points per cubic piece), running from a node to one of its inputs, the way the
gradient flows.  Here that is only drawn: a box per node (its grad_fn name and
the program's name for it; a leaf's name and AccumulateGrad; a fold node of a large
graph, core.analysis.folding, as a stack of boxes with what it hides), a curve and an
arrowhead per edge, and behind them a dashed, labelled rectangle per nn.Module call (the box dot
placed for the call's cluster: ``fc1 (Linear)``).  A step whose node a fold node hides lights that fold node.  Text is XML-escaped; nothing else is interpreted.
"""
from __future__ import annotations

import math
from xml.sax.saxutils import escape, quoteattr

SVG_NS = "http://www.w3.org/2000/svg"
MARGIN = 8.0
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
ARROW_LENGTH, ARROW_HALF_WIDTH = 9.0, 4.0

# kind -> (fill, stroke)
COLOURS = {"output": ("#fde7c8", "#b86e00"), "op": ("#e8eef9", "#4a6fa5"), "leaf": ("#dff3e2", "#2e7d32"),
           "fold": ("#eeeeee", "#616161")}
STACK = 3.0   # a fold node (core.analysis.folding) is drawn as a stack of boxes this far apart
HIGHLIGHT, HIGHLIGHT_FILL, EDGE = "#d81b60", "#fce4ec", "#555555"
MODULE_FILL, MODULE_STROKE, MODULE_LABEL_SIZE = "#f3efe6", "#7a6a4f", 10.0   # an nn.Module call's box


def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _fallback_layout(nodes: list[dict]) -> None:
    """Nodes without dot's coordinates (a graph built without layout): one column."""
    for k, n in enumerate(nodes):
        if "x" not in n:
            n.update(x=90.0, y=40.0 + 70.0 * k, w=160.0, h=43.2)


def _lines(node: dict) -> tuple[str, str]:
    """The box's two lines: the main one (grad_fn, or a leaf's name) and a smaller one."""
    if node.get("kind") == "leaf":
        return node.get("name") or node.get("label") or "leaf", node.get("grad_fn") or "AccumulateGrad"
    if node.get("kind") == "fold":
        count = node.get("count") or len(node.get("folded") or [])
        many = node.get("fold") == "repeat" and len(node.get("pattern") or []) > 1
        return node.get("label") or f"+{count} nodes", (f"{count} nodes" if many else "")
    return node.get("grad_fn") or node.get("label") or "?", node.get("name") or ""


def _font_size(text: str, width: float, preferred: float) -> float:
    """A size at which ``text`` (about 0.6 em per character) fits in ``width``."""
    if not text:
        return preferred
    return max(6.0, min(preferred, (width - 8.0) / (0.6 * len(text))))


def _box_entry(px: float, py: float, dx: float, dy: float, box: tuple) -> float | None:
    """How far along the unit ray (px, py) + t (dx, dy) it first meets the box (cx, cy, w, h)."""
    cx, cy, w, h = box
    t_near, t_far = -math.inf, math.inf
    for p, d, lo, hi in ((px, dx, cx - w / 2, cx + w / 2), (py, dy, cy - h / 2, cy + h / 2)):
        if abs(d) < 1e-12:
            if not lo <= p <= hi:
                return None
            continue
        t0, t1 = sorted(((lo - p) / d, (hi - p) / d))
        t_near, t_far = max(t_near, t0), min(t_far, t1)
    if t_near > t_far or t_far < 0:
        return None
    return max(t_near, 0.0)


def _edge_path(points: list, source: dict, target: dict) -> tuple[str, list]:
    """The SVG path of an edge and its arrowhead polygon (tip at the target's box)."""
    pts = [(float(x), float(y)) for x, y in points]
    if len(pts) < 2:  # no route from dot: straight from box to box
        pts = [(source["x"], source["y"] + source["h"] / 2), (target["x"], target["y"] - target["h"] / 2 - 6)]
    d = f"M {_fmt(pts[0][0])} {_fmt(pts[0][1])}"
    if (len(pts) - 1) % 3 == 0:
        for i in range(1, len(pts), 3):
            d += " C " + " ".join(f"{_fmt(x)} {_fmt(y)}" for x, y in pts[i:i + 3])
    else:
        d += "".join(f" L {_fmt(x)} {_fmt(y)}" for x, y in pts[1:])
    (ex, ey) = pts[-1]
    tail = next((p for p in reversed(pts[:-1]) if p != pts[-1]), pts[0])
    dx, dy = ex - tail[0], ey - tail[1]
    length = math.hypot(dx, dy) or 1.0
    dx, dy = dx / length, dy / length
    # dot's own arrow end is left out of the points: the line stops short of the box
    gap = _box_entry(ex, ey, dx, dy, (target["x"], target["y"], target["w"], target["h"]))
    gap = ARROW_LENGTH if gap is None else max(4.0, min(gap, 16.0))
    tip = (ex + dx * gap, ey + dy * gap)
    base = (tip[0] - dx * ARROW_LENGTH, tip[1] - dy * ARROW_LENGTH)
    if gap > ARROW_LENGTH:  # extend the line to the arrow's base
        d += f" L {_fmt(base[0])} {_fmt(base[1])}"
    arrow = [tip, (base[0] - dy * ARROW_HALF_WIDTH, base[1] + dx * ARROW_HALF_WIDTH),
             (base[0] + dy * ARROW_HALF_WIDTH, base[1] - dx * ARROW_HALF_WIDTH)]
    return d, arrow


def _module_boxes(graph: dict) -> list:
    """A labelled rectangle per nn.Module call dot placed a box for (the graph's ``modules``; outer
    calls first, so inner boxes are drawn over them), behind the edges and nodes."""
    out = []
    for m in graph.get("modules") or []:
        box = m.get("box")
        if not box or len(box) != 4:
            continue
        x, y, w, h = (float(v) for v in box)
        out.append(f'<g class="module" data-id={quoteattr(str(m.get("id")))} data-path={quoteattr(str(m.get("path")))}>'
                   f'<rect x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(w)}" height="{_fmt(h)}" rx="6" fill="{MODULE_FILL}" '
                   f'fill-opacity="0.35" stroke="{MODULE_STROKE}" stroke-width="1" stroke-dasharray="4 3"/>'
                   f'<text x="{_fmt(x + 6)}" y="{_fmt(y + MODULE_LABEL_SIZE + 2)}" font-size="{MODULE_LABEL_SIZE}" '
                   f'fill="{MODULE_STROKE}">{escape(str(m.get("label") or m.get("type") or ""))}</text></g>\n')
    return out


def graph_svg(graph: dict, step: dict | None = None, *, standalone: bool = True, title: str | None = None) -> str:
    """The graph as SVG text.

    ``step`` (one entry of the analysis's ``trace``) highlights that step's node and
    the edges its gradient leaves along.  ``standalone=True`` gives a complete SVG
    file (XML declaration, namespace); ``False`` gives an ``<svg>`` element to put in
    an HTML page.  ``title`` becomes the picture's ``<title>``.
    """
    nodes = [dict(n) for n in graph.get("nodes") or []]
    _fallback_layout(nodes)
    by_id = {n["id"]: n for n in nodes}
    owner = {h: n["id"] for n in nodes for h in n.get("folded") or []}   # a hidden node -> its fold node
    lit_node = owner.get(step.get("node"), step.get("node")) if step else None
    lit_targets = {owner.get(g.get("to"), g.get("to")) for g in (step or {}).get("grads_out") or []}

    if nodes:
        width = max([float(graph.get("width") or 0)] + [n["x"] + n["w"] / 2 for n in nodes]) + 2 * MARGIN
        height = max([float(graph.get("height") or 0)] + [n["y"] + n["h"] / 2 for n in nodes]) + 2 * MARGIN
    else:
        width, height = 240.0, 40.0
    ns = f' xmlns="{SVG_NS}"' if standalone else ""
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n'] if standalone else []
    out.append(f'<svg{ns} class="graph" width="{_fmt(width)}" height="{_fmt(height)}" '
               f'viewBox="0 0 {_fmt(width)} {_fmt(height)}" font-family={quoteattr(FONT)}>\n')
    if title:
        out.append(f"<title>{escape(title)}</title>\n")
    if not nodes:
        out.append(f'<text x="{MARGIN}" y="24" font-size="12">(no graph: the output has no grad_fn)</text>\n')
    out.append(f'<g transform="translate({_fmt(MARGIN)} {_fmt(MARGIN)})">\n')
    out.extend(_module_boxes(graph))

    for e in graph.get("edges") or []:
        source, target = by_id.get(e.get("source")), by_id.get(e.get("target"))
        if source is None or target is None:
            continue
        lit = lit_node is not None and e["source"] == lit_node and e["target"] in lit_targets
        colour, stroke_width = (HIGHLIGHT, 2.4) if lit else (EDGE, 1.2)
        d, arrow = _edge_path(e.get("points") or [], source, target)
        out.append(f'<g class="edge{" highlight" if lit else ""}" data-source={quoteattr(str(e["source"]))} '
                   f'data-target={quoteattr(str(e["target"]))}>'
                   f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{stroke_width}"/>'
                   f'<polygon points="{" ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in arrow)}" fill="{colour}"/></g>\n')

    for n in nodes:
        lit = n["id"] == lit_node
        fill, stroke = COLOURS.get(n.get("kind"), COLOURS["op"])
        if lit:
            fill, stroke = HIGHLIGHT_FILL, HIGHLIGHT
        x, y, w, h = n["x"] - n["w"] / 2, n["y"] - n["h"] / 2, n["w"], n["h"]
        main, sub = _lines(n)
        size_main, size_sub = _font_size(main, w, 12.0), _font_size(sub, w, 9.5)
        out.append(f'<g class="node {escape(str(n.get("kind", "op")))}{" highlight" if lit else ""}" '
                   f'data-id={quoteattr(str(n["id"]))}>')
        if n.get("kind") == "fold":   # a stack: the boxes it hides, behind it
            for k in (2, 1):
                out.append(f'<rect x="{_fmt(x + k * STACK)}" y="{_fmt(y - k * STACK)}" width="{_fmt(w)}" '
                           f'height="{_fmt(h)}" rx="5" fill="{fill}" stroke="{stroke}" stroke-width="1"/>')
        out.append(f'<rect x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(w)}" height="{_fmt(h)}" rx="5" '
                   f'fill="{fill}" stroke="{stroke}" stroke-width="{2.4 if lit else 1.2}"/>')
        main_y = n["y"] - (2 if sub else -size_main * 0.35)
        weight = ' font-weight="bold"' if n.get("kind") == "leaf" else ""
        out.append(f'<text x="{_fmt(n["x"])}" y="{_fmt(main_y)}" font-size="{_fmt(size_main)}" '
                   f'text-anchor="middle" fill="#1a1a1a"{weight}>{escape(main)}</text>')
        if sub:
            out.append(f'<text x="{_fmt(n["x"])}" y="{_fmt(n["y"] + size_sub + 2)}" font-size="{_fmt(size_sub)}" '
                       f'text-anchor="middle" fill="#444444">{escape(sub)}</text>')
        out.append("</g>\n")
    out.append("</g>\n</svg>\n")
    return "".join(out)
