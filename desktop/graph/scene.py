"""The graph scene: builds items from core's graph and shows a step of the trace on them.

A large graph comes folded (core.analysis.folding: fold nodes stand for the nodes they hide);
when core also sent it unfolded (``graph["unfolded"]``, laid out), :meth:`GraphScene.expand`
shows that instead and :meth:`GraphScene.collapse` goes back, at the same step.

Each nn.Module call dot placed a box for (``graph["modules"]``) is a :class:`ModuleBoxItem` behind
its nodes; :meth:`GraphScene.collapse_box` shows the call as one node (desktop.graph.boxes) and
:meth:`GraphScene.expand_box` brings its nodes back, at the same step.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRectF
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QGraphicsScene, QGraphicsTextItem

from core.graph_json import module_chain
from desktop.graph.boxes import collapse_calls
from desktop.graph.items import (CURRENT, PENDING, VISITED, EdgeItem, EdgeLabelItem, GraphStyle, ModuleBoxItem,
                                 NodeItem)
from desktop.graph.replay import BackwardReplay

MARGIN = 20.0
PLACEHOLDER_CHARS = 28   # the text in place of a graph wraps at about this many characters, so that
                         # fitting it in the view does not shrink a long sentence to a thin line
LABEL_GAP = 3.0


class GraphScene(QGraphicsScene):
    """One :class:`NodeItem` per node and one :class:`EdgeItem` per edge, at core's coordinates."""

    def __init__(self, style: GraphStyle, parent=None):
        super().__init__(parent)
        self.style = style
        self.nodes: dict[str, NodeItem] = {}
        self.edges: list[EdgeItem] = []
        self.replay = BackwardReplay({}, [])
        self.step_index = -1
        self.current_node_id: str | None = None
        self.folded_graph: dict | None = None   # while the unfolded graph is shown: the folded one
        self.base_graph: dict = {"nodes": [], "edges": []}   # the graph given, before any box is collapsed
        self.collapsed: set = set()             # the module calls shown as one node (desktop.graph.boxes)
        self.open_folds: dict = {}              # fold nodes shown open (core laid the graph out so): id -> ids it hid
        self.opens_one_by_one = False           # a double-click opens one fold (GraphView.serve_folds), not all
        self.boxes: dict[str, ModuleBoxItem] = {}
        self._placeholder = None
        self.setBackgroundBrush(style.background)

    # building ------------------------------------------------------------------
    def set_graph(self, graph: dict | None, empty_text: str | None = None) -> None:
        """Build the items of core's ``graph``; with no nodes, show ``empty_text`` (why there is
        no graph; by default, that the output has no grad_fn)."""
        self.folded_graph = None
        self.base_graph = graph or {"nodes": [], "edges": []}
        self.collapsed = set()
        self.open_folds = {}
        self._build(self.base_graph, empty_text)

    def _build(self, graph: dict, empty_text: str | None = None) -> None:
        self.clear()
        self.nodes, self.edges, self.boxes, self._placeholder = {}, [], {}, None
        self.graph = graph
        modules = {m["id"]: m for m in self.graph.get("modules") or []}
        for module in modules.values():
            if module.get("box"):
                item = ModuleBoxItem(module, len(module_chain(module["id"], modules)), self.style)
                self.boxes[item.module_id] = item
                self.addItem(item)
        can_expand = bool((self.graph.get("unfolded") or {}).get("nodes"))
        for node in self.graph.get("nodes", []):
            item = NodeItem(node, self.style)
            if can_expand and item.kind == "fold" and item.node.get("fold") != "module":
                item.setToolTip(item.toolTip() + "\n" + (
                    QCoreApplication.translate("GraphItems", "Double-click to show its nodes.") if self.opens_one_by_one
                    else QCoreApplication.translate("GraphItems", "Double-click to show every node.")))
            elif self.open_fold_of(item.node_id) is not None:
                item.setToolTip(item.toolTip() + "\n" + QCoreApplication.translate(
                    "GraphItems", "Double-click to fold these nodes again."))
            self.nodes[item.node_id] = item
            self.addItem(item)
        for i, edge in enumerate(self.graph.get("edges", [])):
            source, target = self.nodes.get(edge.get("source")), self.nodes.get(edge.get("target"))
            if source is None or target is None:
                continue
            item = EdgeItem(edge, i, source, target, self.style)
            self.edges.append(item)
            self.addItem(item)
        if not self.nodes:
            self._placeholder = QGraphicsTextItem()
            self._placeholder.setPlainText(
                empty_text or QCoreApplication.translate("GraphScene", "No graph: the output has no grad_fn."))
            self._placeholder.setFont(self.style.detail_font)
            self._placeholder.setTextWidth(QFontMetricsF(self.style.detail_font).averageCharWidth() * PLACEHOLDER_CHARS)
            self._placeholder.setDefaultTextColor(self.style.muted)
            self.addItem(self._placeholder)
        self.set_trace([])

    # module boxes --------------------------------------------------------------
    def collapse_box(self, module_id: str) -> bool:
        """Show the nodes of the module call ``module_id`` as one node, at the same step; False
        when the graph draws no box for it."""
        if module_id not in self.boxes:
            return False
        self.collapsed.add(module_id)
        self._rebuild()
        return True

    def expand_box(self, module_id: str) -> bool:
        """Show the nodes of a collapsed module call again; False when it is not collapsed."""
        if module_id not in self.collapsed:
            return False
        self.collapsed.discard(module_id)
        self._rebuild()
        return True

    def _rebuild(self) -> None:
        trace, index = self.replay.trace, self.step_index
        self._build(collapse_calls(self.base_graph, self.collapsed))
        self.set_trace(trace)
        self.show_step(index)

    # folding -------------------------------------------------------------------
    def show_open_folds(self, graph: dict, folds: dict) -> None:
        """Show ``graph`` (core's graph laid out again with some fold nodes open) at the same step;
        ``folds``: each open fold's id -> the ids of the nodes it hid (a double-click on one of them
        folds them again: :meth:`open_fold_of`)."""
        trace, index = self.replay.trace, self.step_index
        self.folded_graph = None
        self.base_graph, self.collapsed, self.open_folds = graph, set(), dict(folds)
        self._build(graph)
        self.set_trace(trace)
        self.show_step(index)

    def open_fold_of(self, node_id: str | None) -> str | None:
        """The open fold that had hidden node ``node_id``, or None."""
        return next((fold for fold, ids in self.open_folds.items() if node_id in ids), None)

    def can_expand(self) -> bool:
        """The graph shown is folded and core sent it unfolded too."""
        return self.folded_graph is None and bool((self.graph.get("unfolded") or {}).get("nodes"))

    def expand(self) -> bool:
        """Show every node (core's unfolded graph) at the same step; False when there is none."""
        if not self.can_expand():
            return False
        folded, trace, index = self.base_graph, self.replay.trace, self.step_index
        self.set_graph(folded["unfolded"])
        self.folded_graph = folded
        hint = QCoreApplication.translate("GraphItems", "Double-click to fold the graph again.")
        for item in self.nodes.values():
            item.setToolTip(item.toolTip() + "\n" + hint)
        self.set_trace(trace)
        self.show_step(index)
        return True

    def collapse(self) -> bool:
        """Back to the folded graph at the same step; False when it is not expanded."""
        if self.folded_graph is None:
            return False
        folded, trace, index = self.folded_graph, self.replay.trace, self.step_index
        self.set_graph(folded)
        self.set_trace(trace)
        self.show_step(index)
        return True

    def placeholder_text(self) -> str:
        """What the scene says in place of a graph ("" when it shows one)."""
        return self._placeholder.toPlainText() if self._placeholder is not None else ""

    def set_trace(self, trace: list) -> None:
        """Attach a backward trace: one gradient label per edge it uses, placed once
        for the whole pass so labels do not move while stepping."""
        for edge in self.edges:
            if edge.label is not None:
                self.removeItem(edge.label)
                edge.label = None
        self.replay = BackwardReplay(self.graph, trace)
        by_index = {edge.index: edge for edge in self.edges}
        for index, grad in self.replay.final_edge_grads().items():
            edge = by_index.get(index)
            if edge is None:
                continue
            edge.label = EdgeLabelItem(edge, grad, self.style)
            edge.label.setPos(edge.label_anchor())
            self.addItem(edge.label)
        self._spread_labels([e.label for e in self.edges if e.label is not None])
        self._place_titles()
        self.show_step(len(self.replay) - 1)   # everything visible: measure the whole pass
        self.setSceneRect(self._extent())
        self.show_step(-1)

    def _place_titles(self) -> None:
        """Write each module box's label on the side of its top (left, else right) that no gradient
        label, node or other box's label covers; left when both are covered."""
        labels = [e.label.sceneBoundingRect() for e in self.edges if e.label is not None]
        nodes = [item.scene_box() for item in self.nodes.values()]
        taken = []
        for box in self.boxes.values():
            for side in ("left", "right"):
                rect = box.title_rect(side)
                if not any(rect.intersects(r) for r in labels + nodes + taken):
                    break
            else:
                side = "left"
            box.set_side(side)
            taken.append(box.title_rect(side))

    @staticmethod
    def _spread_labels(labels: list) -> None:
        """Push overlapping labels apart sideways (siblings leave a node side by side)."""
        for _ in range(30):
            moved = False
            labels.sort(key=lambda item: (item.pos().x(), item.edge.index))
            for i, a in enumerate(labels):
                for b in labels[i + 1:]:
                    ra, rb = a.sceneBoundingRect(), b.sceneBoundingRect()
                    if not ra.intersects(rb):
                        continue
                    overlap = min(ra.right(), rb.right()) - max(ra.left(), rb.left()) + LABEL_GAP
                    a.moveBy(-overlap / 2, 0)
                    b.moveBy(overlap / 2, 0)
                    moved = True
            if not moved:
                return

    def _extent(self) -> QRectF:
        rect = QRectF(0, 0, float(self.graph.get("width") or 0), float(self.graph.get("height") or 0))
        for item in self.items():   # children too: the leaves' grad badges
            rect = rect.united(item.sceneBoundingRect())
        return rect.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)

    # stepping ------------------------------------------------------------------
    def show_step(self, index: int) -> None:
        """Show the graph after step ``index`` of the trace (-1: before the first step)."""
        state = self.replay.state(index)
        self.step_index = state.index
        self.current_node_id = state.current
        for node_id, item in self.nodes.items():
            item.set_state(CURRENT if node_id == state.current
                           else VISITED if node_id in state.visited else PENDING)
            if item.kind == "leaf":
                item.set_grad(state.leaf_grads.get(node_id), node_id in state.fresh_leaves)
        for edge in self.edges:
            carried = edge.index in state.edge_grads
            active = edge.index in state.active_edges
            edge.set_state(EdgeItem.ACTIVE if active else EdgeItem.CARRIED if carried else EdgeItem.IDLE)
            if edge.label is not None:
                edge.label.setVisible(carried)
                edge.label.set_active(active)

    # a chain-rule path ---------------------------------------------------------
    def highlight_path(self, steps: list | None) -> list:
        """Mark the nodes of one chain-rule path (core's path steps, from the output down to the
        leaf) and the edges it runs along (each step leaves its node through input ``via``);
        ``None`` clears the mark.  Returns the items marked, nodes first."""
        steps = steps or []
        shown = self.replay.shown      # a node a fold node hides: that fold node
        on_nodes = {shown(step.get("node")) for step in steps}
        on_edges = {(shown(a.get("node")), shown(b.get("node")), a.get("via")) for a, b in zip(steps, steps[1:])}
        marked = []
        for node_id, item in self.nodes.items():
            item.set_on_path(node_id in on_nodes)
            if item.on_path:
                marked.append(item)
        for edge in self.edges:
            key = (edge.edge.get("source"), edge.edge.get("target"), edge.edge.get("input"))
            folded = edge.source.kind == "fold" or edge.target.kind == "fold"   # one edge for several
            edge.set_on_path(key in on_edges or folded and any(key[:2] == on[:2] for on in on_edges))
            if edge.on_path:
                marked.append(edge)
        return marked

    def restyle(self) -> None:
        """Repaint with the style's current colours (after a palette change)."""
        self.setBackgroundBrush(self.style.background)
        if self._placeholder is not None:
            self._placeholder.setDefaultTextColor(self.style.muted)
        for item in self.items():
            item.update()
