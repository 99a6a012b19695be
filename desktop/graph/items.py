"""Scene items for the computational graph: nodes, edges, gradient labels.

Geometry comes from core (Graphviz dot, in points, y down); these items only
draw it.  Scene units are points, and fonts use pixel sizes so that text keeps
its size relative to the boxes dot measured for it.  Colours come from a
:class:`GraphStyle` read from the widget's palette, so a light and a dark
palette both read well; items look their colours up when they paint, so a
palette change only needs a repaint.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import (QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath,
                           QPainterPathStroker, QPalette, QPen, QPolygonF)
from PySide6.QtWidgets import QGraphicsItem

from core.graph_json import NODESEP
from desktop.graph.format import format_shape, format_value
from desktop.graph.summary import describe, value_or_summary

PENDING, VISITED, CURRENT = "pending", "visited", "current"
NODE_VALUE_CHARS = 28      # a value on a node is cut here (the tooltip has it whole)
LABEL_CHARS = 28           # a gradient on an edge is cut here
BADGE_CHARS = 30
# Text sizes in scene units (dot's points, drawn as pixels at 100 % zoom); the view's readable
# minimum scale is reckoned from the smallest (graph_view.MIN_TEXT_PIXELS).
TITLE_PX, DETAIL_PX, SMALL_PX, LABEL_PX = 11, 10, 9, 9
NODE_GAP = NODESEP * 72    # the least room dot leaves between two nodes of a rank (scene units: points)
STACK = 3.0                # a fold node is drawn over two more boxes, each this much up and right


def fold_title(node: dict) -> str:
    """A fold node's label (core.analysis.folding) in the app's language: the repeated pattern
    ``SinBackward0 ×500``, or ``+37 nodes``."""
    count = int(node.get("count") or len(node.get("folded") or []))
    if node.get("fold") == "module":   # a module box collapsed in the window (desktop.graph.boxes)
        return QCoreApplication.translate("GraphItems", "{0}: {1} nodes").format(node.get("module_label"), count)
    calls = node.get("module_calls")
    if node.get("fold") == "repeat" and calls:   # each repetition one call of the same module
        return "{0} ×{1}".format(calls.get("label"), node.get("repeats") or count)
    if node.get("fold") == "repeat" and node.get("pattern"):
        return "{0} ×{1}".format(" · ".join(node["pattern"]), node.get("repeats") or count)
    return QCoreApplication.translate("GraphItems", "+{0} nodes").format(count)


PATTERN_NAMES_A_LINE = 2     # a fold's repeated pattern is drawn this many grad_fn names a line


def fold_title_lines(node: dict) -> list[str]:
    """:func:`fold_title` as the node draws it: a long repeated pattern over several lines
    (``AddBackward0 · MulBackward0`` / ``· SinBackward0 ×40``), so that the node stays as narrow as
    its other lines and a 1024-px graph pane shows it whole (the tooltip has it on one line)."""
    pattern = node.get("pattern") or []
    if node.get("fold") != "repeat" or node.get("module_calls") or len(pattern) <= PATTERN_NAMES_A_LINE:
        return [fold_title(node)]
    count = int(node.get("count") or len(node.get("folded") or []))
    chunks = [" · ".join(pattern[i:i + PATTERN_NAMES_A_LINE]) for i in range(0, len(pattern), PATTERN_NAMES_A_LINE)]
    lines = [chunks[0]] + ["· " + chunk for chunk in chunks[1:]]
    lines[-1] = "{0} ×{1}".format(lines[-1], node.get("repeats") or count)
    return lines


def module_title(module: dict) -> str:
    """A module box's label: ``fc1 (Linear)``, a top-level module by the program's name for it
    (``net (Net)``), and which call when the graph holds several calls of one module."""
    head = module.get("path") or module.get("name")
    title = "{0} ({1})".format(head, module.get("type")) if head else str(module.get("type") or "")
    label = module.get("label") or ""
    if " · " in label:   # core's "call 2": said in the app's language
        ordinal = label.rsplit(" ", 1)[-1]
        title = QCoreApplication.translate("GraphItems", "{0} · call {1}").format(title, ordinal)
    return title


def mix(a: QColor, b: QColor, t: float) -> QColor:
    """``a`` moved a fraction ``t`` of the way towards ``b``."""
    return QColor.fromRgbF(a.redF() + (b.redF() - a.redF()) * t,
                           a.greenF() + (b.greenF() - a.greenF()) * t,
                           a.blueF() + (b.blueF() - a.blueF()) * t)


def _full(value) -> str:
    return describe(value)        # a large array core left out: its summary in words


class GraphStyle:
    """Colours and fonts of the graph, from a widget's palette and font."""

    def __init__(self, palette: QPalette, font: QFont):
        self.label_scale = 1.0   # presenter mode: the text scale the view zooms all graph text by,
        self.line_scale = 1.0    # and thicker lines and highlight
        self.update(palette, font)

    def set_presentation(self, label_scale: float = 1.0, line_scale: float = 1.0) -> None:
        """Presenter mode: the text scale (the view's zoom applies it to all graph text alike,
        so a gradient label is never drawn larger than the node titles: GraphView.min_scale) and
        every line's width.  Rebuild the scene after this."""
        self.label_scale, self.line_scale = float(label_scale), float(line_scale)

    def update(self, palette: QPalette, font: QFont) -> None:
        base = palette.color(QPalette.ColorRole.Base)
        text = palette.color(QPalette.ColorRole.Text)
        highlight = palette.color(QPalette.ColorRole.Highlight)
        self.dark = base.lightness() < 128
        if self.dark and highlight.lightness() < 110:
            highlight = highlight.lighter(150)   # a deep blue vanishes on a dark background
        green = QColor("#74c476") if self.dark else QColor("#2f8a3b")

        self.background = base
        self.text = text
        self.muted = mix(text, base, 0.35)
        self.node_fill = mix(base, text, 0.06)
        self.node_border = mix(text, base, 0.45)
        self.output_fill = mix(base, text, 0.10)
        self.output_border = text
        self.leaf_fill = mix(base, green, 0.25 if self.dark else 0.16)
        self.leaf_border = green
        self.highlight = highlight
        self.current_fill = mix(base, highlight, 0.30 if self.dark else 0.22)
        self.halo = QColor(highlight)
        self.halo.setAlphaF(0.30)
        self.edge_idle = mix(text, base, 0.60)
        self.edge_carried = mix(text, base, 0.20)
        self.edge_active = highlight
        self.label_fill = base
        self.fresh_fill = mix(base, highlight, 0.30 if self.dark else 0.20)
        self.path = QColor("#fd8d3c") if self.dark else QColor("#d94801")   # a chain-rule path (orange)
        brown = QColor("#c8b48a") if self.dark else QColor("#7a6a4f")
        self.module_fill = mix(base, brown, 0.07 if self.dark else 0.05)   # an nn.Module call's box
        self.module_border = mix(brown, base, 0.25)
        self.module_text = mix(brown, text, 0.35)

        def sized(pixels: int, bold: bool = False) -> QFont:
            f = QFont(font)
            f.setPixelSize(pixels)
            f.setBold(bold)
            return f

        # Graph text stays at dot's size (the boxes were measured for it).  The view scales the whole
        # graph so that none of it is drawn smaller than readable (GraphView.min_scale).
        self.title_font = sized(TITLE_PX, bold=True)
        self.detail_font = sized(DETAIL_PX)
        self.small_font = sized(SMALL_PX)
        self.label_font = sized(LABEL_PX)
        self.label_bold_font = sized(LABEL_PX, bold=True)

    @staticmethod
    def smallest_text_pixels() -> float:
        """The pixel size of the graph's smallest text at 100 % zoom (before presenter mode's text scale)."""
        return float(min(TITLE_PX, DETAIL_PX, SMALL_PX, LABEL_PX))


class NodeItem(QGraphicsItem):
    """One grad_fn node or leaf: a rounded box at dot's place and size."""

    def __init__(self, node: dict, style: GraphStyle):
        super().__init__()
        self.node = node
        self.node_id = node["id"]
        self.kind = node.get("kind", "op")
        self.style = style
        w, h = float(node.get("w") or 90), float(node.get("h") or 40)
        self.box = QRectF(-w / 2, -h / 2, w, h)
        self.setPos(float(node.get("x") or 0), float(node.get("y") or 0))
        self.setZValue(2)
        self.state = PENDING
        self.on_path = False    # on the chain-rule path picked in the Paths tab
        self.badge = GradBadge(self) if self.kind == "leaf" else None
        self.setToolTip(self._tooltip())

    # state ---------------------------------------------------------------------
    def set_state(self, state: str) -> None:
        if state != self.state:
            self.state = state
            self.update()

    def set_on_path(self, on: bool) -> None:
        if on != self.on_path:
            self.on_path = on
            self.update()

    def set_grad(self, grad, fresh: bool = False) -> None:
        """A leaf's ``.grad`` (``None`` reads "None"); ``fresh`` when this step wrote it."""
        if self.badge is not None:
            self.badge.set_grad(grad, fresh)

    def grad_text(self) -> str | None:
        return None if self.badge is None else self.badge.text

    def scene_box(self) -> QRectF:
        return self.box.translated(self.pos())

    # drawing -------------------------------------------------------------------
    def _lines(self) -> list:
        """(text, font, colour) from top to bottom."""
        s, node = self.style, self.node
        shape = format_shape(node.get("shape"))
        name = node.get("name")
        if self.kind == "leaf":
            head = name or node.get("label") or QCoreApplication.translate("GraphItems", "leaf")
            lines = [(f"{head}  ·  {shape}" if shape else head, s.title_font, s.text),
                     ("AccumulateGrad", s.small_font, s.muted)]
        elif self.kind == "fold":
            lines = [(text, s.title_font, s.text) for text in fold_title_lines(node)]
            if node.get("fold") == "module":
                lines.append((QCoreApplication.translate("GraphItems", "double-click to expand"), s.small_font, s.muted))
            elif node.get("fold") == "repeat" and (len(node.get("pattern") or []) > 1 or node.get("module_calls")):
                lines.append((QCoreApplication.translate("GraphItems", "{0} nodes").format(node.get("count")),
                              s.small_font, s.muted))
        else:
            lines = [(node.get("grad_fn") or node.get("label") or "", s.title_font, s.text)]
            if name or (self.kind == "output" and shape):
                named = " · ".join(part for part in (name, shape) if part)
                lines.append((named, s.detail_font, s.text))
        value = value_or_summary(node, "value")
        if value is not None:
            lines.append((format_value(value, NODE_VALUE_CHARS), s.detail_font, s.muted))
        return lines

    def _tooltip(self) -> str:
        node = self.node
        if self.kind == "fold" and node.get("fold") == "module":
            return "\n".join([fold_title(node), QCoreApplication.translate(
                "GraphItems", "The nodes of this module call, collapsed into one. Double-click to expand it.")])
        if self.kind == "fold" and node.get("module_calls"):
            return "\n".join([fold_title(node), QCoreApplication.translate(
                "GraphItems", "{0} calls of {1} folded into one ({2} nodes: {3} each): the graph has more nodes "
                              "than it can show readably").format(
                node["module_calls"].get("calls"), node["module_calls"].get("label"), node.get("count"),
                " · ".join(node.get("pattern") or []))])
        if self.kind == "fold":
            return "\n".join([fold_title(node), QCoreApplication.translate(
                "GraphItems", "{0} nodes folded into one: the graph has more nodes than it can show "
                              "readably").format(node.get("count"))])
        parts = [node.get("grad_fn") or ""]
        if node.get("name"):
            parts.append(QCoreApplication.translate("GraphItems", "name: {0}").format(node["name"]))
        if node.get("param") and node.get("param") != node.get("name"):
            parts.append(QCoreApplication.translate("GraphItems", "parameter: {0}").format(node["param"]))
        if node.get("shape") is not None:
            shape = format_shape(node["shape"]) or QCoreApplication.translate("GraphItems", "scalar")
            parts.append(QCoreApplication.translate("GraphItems", "shape: {0}").format(shape))
        value = value_or_summary(node, "value")
        if value is not None:
            parts.append(QCoreApplication.translate("GraphItems", "value: {0}").format(_full(value)))
        return "\n".join(parts)

    def boundingRect(self) -> QRectF:
        return self.box.adjusted(-6, -6 - 2 * STACK, 6 + 2 * STACK, 6)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        s = self.style
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill, border, width = s.node_fill, s.node_border, 1.2
        if self.kind == "leaf":
            fill, border, width = s.leaf_fill, s.leaf_border, 1.6
        elif self.kind == "output":
            fill, border, width = s.output_fill, s.output_border, 2.6
        if self.state == CURRENT:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(s.halo)
            painter.drawRoundedRect(self.box.adjusted(-5, -5, 5, 5), 10, 10)
            fill, border, width = s.current_fill, s.highlight, 3.0
        if self.kind == "fold":   # a stack: the nodes it hides, behind it
            painter.setPen(QPen(border, 1.0 * s.line_scale))
            painter.setBrush(fill)
            for k in (2, 1):
                painter.drawRoundedRect(self.box.translated(k * STACK, -k * STACK), 7, 7)
        if self.on_path:   # an outer ring, so the step's own highlight stays visible inside it
            painter.setPen(QPen(s.path, 3.0 * s.line_scale))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(self.box.adjusted(-4, -4, 4, 4), 10, 10)
        painter.setPen(QPen(border, width * s.line_scale))
        painter.setBrush(fill)
        painter.drawRoundedRect(self.box, 7, 7)
        if self.state == VISITED:   # a small dot: this node has run
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(s.highlight)
            painter.drawEllipse(QPointF(self.box.right() - 6, self.box.top() + 6), 2.6, 2.6)

        lines = self._lines()
        metrics = [QFontMetricsF(font) for _, font, _ in lines]
        total = sum(m.height() for m in metrics)
        y = -total / 2
        inner = self.box.width() - 10
        for (text, font, colour), m in zip(lines, metrics):
            painter.setFont(font)
            painter.setPen(colour)
            shown = m.elidedText(text, Qt.TextElideMode.ElideRight, inner)
            painter.drawText(QRectF(self.box.left() + 5, y, inner, m.height()),
                             Qt.AlignmentFlag.AlignCenter, shown)
            y += m.height()


class ModuleBoxItem(QGraphicsItem):
    """The rectangle dot placed around the nodes of one nn.Module call, labelled with its module
    path (``fc1 (Linear)``); drawn behind the edges and nodes, inner calls over outer ones.
    Double-clicking it collapses the call to one node (GraphView)."""

    def __init__(self, module: dict, depth: int, style: GraphStyle):
        super().__init__()
        self.module = module
        self.module_id = module["id"]
        self.style = style
        left, top, width, height = (float(v) for v in module["box"])
        self.rect = QRectF(left, top, width, height)
        self.title = module_title(module)
        self.side = "left"
        self.setZValue(0.1 + 0.01 * min(depth, 50))
        self.setToolTip("\n".join([self.title, QCoreApplication.translate(
            "GraphItems", "The nodes this module call made. Double-click to collapse it into one node.")]))

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-2, -2, 2, 2)

    def shape(self) -> QPainterPath:
        # the whole rectangle: a double-click anywhere in it but on a node collapses the call
        path = QPainterPath()
        path.addRect(self.rect)
        return path

    def title_rect(self, side: str | None = None) -> QRectF:
        """Where the label is written (scene units): top left, or top right (``side``)."""
        m = QFontMetricsF(self.style.detail_font)
        width = min(m.horizontalAdvance(self.title) + 2, self.rect.width() - 12)
        left = self.rect.left() + 6 if (side or self.side) == "left" else self.rect.right() - 6 - width
        return QRectF(left, self.rect.top() + 3, width, m.height())

    def set_side(self, side: str) -> None:
        """Write the label at the top ``"left"`` or ``"right"`` (the scene picks the side no gradient
        label covers)."""
        if side != self.side:
            self.side = side
            self.update()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        s = self.style
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(s.module_border, 1.0 * s.line_scale, Qt.PenStyle.DashLine))
        painter.setBrush(s.module_fill)
        painter.drawRoundedRect(self.rect, 6, 6)
        painter.setFont(s.detail_font)
        painter.setPen(s.module_text)
        m = QFontMetricsF(s.detail_font)
        rect = self.title_rect()
        painter.drawText(rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         m.elidedText(self.title, Qt.TextElideMode.ElideRight, rect.width()))


class GradBadge(QGraphicsItem):
    """``grad: ...`` under a leaf: its ``.grad`` as the backward pass fills it in."""

    def __init__(self, parent: NodeItem):
        super().__init__(parent)
        self.node_item = parent
        self.grad = None
        self.fresh = False
        self.text = ""
        self._rect = QRectF()
        self.set_grad(None, False)

    def set_grad(self, grad, fresh: bool) -> None:
        self.prepareGeometryChange()
        self.grad, self.fresh = grad, fresh
        self.text = QCoreApplication.translate("GraphItems", "grad: {0}").format(
            format_value(grad, BADGE_CHARS))
        self.setToolTip(QCoreApplication.translate("GraphItems", ".grad = {0}").format(_full(grad)))
        style = self.node_item.style
        m = QFontMetricsF(style.label_bold_font if fresh else style.label_font)
        # no wider than its node and half the gap to each neighbour: two leaves side by side (W and
        # X of X @ W) drew their badges over each other; the whole value is in the tooltip
        widest = self.node_item.box.width() + NODE_GAP - 4
        if m.horizontalAdvance(self.text) + 10 > widest:
            self.text = m.elidedText(self.text, Qt.TextElideMode.ElideRight, widest - 10)
        w, h = m.horizontalAdvance(self.text) + 10, m.height() + 4
        self._rect = QRectF(-w / 2, self.node_item.box.bottom() + 3, w, h)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        s = self.node_item.style
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(s.highlight if self.fresh else s.leaf_border,
                            (1.6 if self.fresh else 1.0) * s.line_scale))
        painter.setBrush(s.fresh_fill if self.fresh else s.leaf_fill)
        painter.drawRoundedRect(self._rect, 4, 4)
        painter.setFont(s.label_bold_font if self.fresh else s.label_font)
        painter.setPen(s.text)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.text)


class EdgeItem(QGraphicsItem):
    """An edge along which a gradient flows: dot's spline and an arrowhead at the target."""

    IDLE, CARRIED, ACTIVE = "idle", "carried", "active"

    def __init__(self, edge: dict, index: int, source: NodeItem, target: NodeItem, style: GraphStyle):
        super().__init__()
        self.edge = edge
        self.index = index
        self.source, self.target = source, target
        self.style = style
        self.state = self.IDLE
        self.on_path = False    # on the chain-rule path picked in the Paths tab
        self.label: EdgeLabelItem | None = None
        self.setZValue(1)
        self.path, self.arrow = self._geometry(edge.get("points") or [])
        stroker = QPainterPathStroker()
        stroker.setWidth(8)
        self._shape = stroker.createStroke(self.path)
        self._shape.addPolygon(self.arrow)
        self._bounds = self._shape.boundingRect().adjusted(-2, -2, 2, 2)

    def _geometry(self, points: list):
        pts = [QPointF(float(x), float(y)) for x, y in points]
        target_box = self.target.scene_box()
        if self.target.kind == "fold":   # the arrow stops at the stack drawn over a fold node's box
            target_box = target_box.adjusted(0, -2 * STACK, 0, 0)
        if len(pts) < 2:   # no route from dot: a straight line between the boxes
            pts = [QPointF(self.source.pos().x(), self.source.scene_box().bottom()),
                   QPointF(self.target.pos().x(), target_box.top() - 8)]
        path = QPainterPath(pts[0])
        if (len(pts) - 1) % 3 == 0:       # dot's B-spline: start, then 3 control points per piece
            for i in range(1, len(pts), 3):
                path.cubicTo(pts[i], pts[i + 1], pts[i + 2])
        else:
            for p in pts[1:]:
                path.lineTo(p)
        end = pts[-1]
        tail = pts[-2] if pts[-2] != end else pts[0]
        dx, dy = end.x() - tail.x(), end.y() - tail.y()
        length = math.hypot(dx, dy) or 1.0
        dx, dy = dx / length, dy / length
        # core leaves out dot's arrow end point: the tip lies where the line meets the box.
        reach = _ray_to_box(end, dx, dy, target_box)
        reach = 10.0 if reach is None else max(6.0, min(reach, 14.0))
        tip = QPointF(end.x() + dx * reach, end.y() + dy * reach)
        half = 4.0 * self.style.line_scale ** 0.5   # a thicker line needs a wider head
        arrow = QPolygonF([tip, QPointF(end.x() - dy * half, end.y() + dx * half),
                           QPointF(end.x() + dy * half, end.y() - dx * half)])
        return path, arrow

    def set_state(self, state: str) -> None:
        if state != self.state:
            self.state = state
            self.update()

    def set_on_path(self, on: bool) -> None:
        if on != self.on_path:
            self.on_path = on
            self.setZValue(1.5 if on else 1)   # over the edges it crosses
            self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return self._shape

    def paint(self, painter: QPainter, option, widget=None) -> None:
        s = self.style
        colour, width = {self.IDLE: (s.edge_idle, 1.2), self.CARRIED: (s.edge_carried, 1.6),
                         self.ACTIVE: (s.edge_active, 2.8)}[self.state]
        if self.on_path:
            colour, width = s.path, max(width, 3.0)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(colour, width * s.line_scale, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self.path)
        painter.setPen(QPen(colour, 1.0))
        painter.setBrush(colour)
        painter.drawPolygon(self.arrow)

    def label_anchor(self) -> QPointF:
        """Where the gradient's label goes: just below the source box, on the edge,
        so it reads as what the source sent (and stays in the gap between ranks)."""
        wanted = self.source.scene_box().bottom() + 17
        best = self.path.pointAtPercent(0.5)
        if best.y() <= wanted:
            return best
        for k in range(1, 51):
            p = self.path.pointAtPercent(k / 50)
            if p.y() >= wanted:
                return p
        return best


def _ray_to_box(p: QPointF, dx: float, dy: float, box: QRectF) -> float | None:
    """Distance along the ray p + t(dx, dy) to where it enters ``box`` (None: it misses)."""
    t_near, t_far = 0.0, math.inf
    for origin, d, lo, hi in ((p.x(), dx, box.left(), box.right()), (p.y(), dy, box.top(), box.bottom())):
        if abs(d) < 1e-9:
            if not lo <= origin <= hi:
                return None
            continue
        t1, t2 = (lo - origin) / d, (hi - origin) / d
        t_near, t_far = max(t_near, min(t1, t2)), min(t_far, max(t1, t2))
    return t_near if t_near <= t_far else None


class EdgeLabelItem(QGraphicsItem):
    """The gradient an edge carried, in a small box on the edge."""

    def __init__(self, edge: EdgeItem, grad, style: GraphStyle):
        super().__init__()
        self.edge = edge
        self.style = style
        self.grad = grad
        self.text = format_value(grad, LABEL_CHARS)
        self.active = False
        self.setZValue(3)
        self.setToolTip(QCoreApplication.translate("GraphItems", "gradient sent: {0}").format(_full(grad)))
        m = QFontMetricsF(style.label_bold_font)   # sized bold, so emphasis does not reflow
        w, h = m.horizontalAdvance(self.text) + 8, m.height() + 2
        self._rect = QRectF(-w / 2, -h / 2, w, h)

    def set_active(self, active: bool) -> None:
        if active != self.active:
            self.active = active
            self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        s = self.style
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(s.edge_active if self.active else s.edge_carried,
                            (1.6 if self.active else 0.8) * s.line_scale))
        painter.setBrush(QBrush(s.fresh_fill if self.active else s.label_fill))
        painter.drawRoundedRect(self._rect, 3, 3)
        painter.setFont(s.label_bold_font if self.active else s.label_font)
        painter.setPen(s.text)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.text)
