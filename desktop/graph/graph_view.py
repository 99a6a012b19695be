"""The graph view: shows core's laid-out graph and a step of the backward pass on it.

The view only zooms, pans and fits; :mod:`desktop.graph.scene` builds the items
and :mod:`desktop.graph.items` draws them.

Fitting never shrinks the text below a readable size (:data:`MIN_TEXT_PIXELS` on
screen, times the presenter text scale in presenter mode): a graph too big for
the view at that size is shown at it, centred on the current step's node (before
the first step, the first node to be stepped), and the view follows the node as
the pass is stepped; the rest is a drag or a scroll away.  Only the user's own
zooming (Ctrl+wheel, Ctrl+-) goes smaller, and Ctrl+0 comes back.

A large graph comes folded (core.analysis.folding).  With the analysis service at hand
(:meth:`GraphView.serve_folds`, the window's), double-clicking a fold node opens that fold only: core
lays the graph out again with its nodes shown and the other folds as they were ("graph" job), and
double-clicking one of those nodes folds them again.  Without it, double-clicking a fold node shows
every node (when core sent the graph unfolded too), centred on the first node it hid, and
double-clicking any node then folds the graph again.

nn.Module calls are drawn as labelled boxes around their nodes: double-clicking a box collapses the
call to one node ("fc1 (Linear): 3 nodes"), double-clicking that node expands it again.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, Qt, Signal, Slot
from PySide6.QtGui import QPainter, QTransform
from PySide6.QtWidgets import QGraphicsView, QWidget

from desktop.graph.boxes import COLLAPSED_PREFIX
from desktop.graph.items import EdgeItem, GraphStyle, ModuleBoxItem, NodeItem
from desktop.graph.scene import GraphScene

ZOOM_STEP = 1.2
MIN_SCALE, MAX_SCALE = 0.1, 8.0
MAX_FIT_SCALE = 2.5     # a two-node graph should not fill a projector screen
MIN_TEXT_PIXELS = 11.0  # fitting never draws graph text smaller than this on screen (times the presenter scale)


class GraphView(QGraphicsView):
    """Zoom with Ctrl+wheel or Ctrl+= / Ctrl+- (Ctrl+0 fits), pan by dragging."""

    message = Signal(object)   # something to tell the user (a fold that could not be opened): a call making it

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.style_ = GraphStyle(self.palette(), self.font())
        self.graph_scene = GraphScene(self.style_, self)
        self.setScene(self.graph_scene)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName(self.tr("Computational graph"))
        self._trace = None
        self._auto_fit = True   # until the user zooms, resizing keeps the whole graph in view
        self._follow = None     # presenter mode: the smallest scale the current step's node is shown at
        self._host = None       # the analysis service's host, once serve_folds is called
        self._fold_job = None   # the "graph" job awaited: (its id, the open folds it asks for, the node to centre)

    # data ----------------------------------------------------------------------
    def set_graph(self, graph: dict | None, empty_text: str | None = None) -> None:
        """Show core's ``analysis["graph"]`` (nodes and edges with dot's coordinates); with no
        nodes, ``empty_text`` says why (by default: the output has no grad_fn)."""
        self._trace = None
        self._fold_job = None   # an answer about the graph shown before is not this one's
        self.graph_scene.set_graph(graph, empty_text)
        self.fit()

    # folds opened one at a time, laid out by core ---------------------------------------------------
    def serve_folds(self, host) -> None:
        """Open and close fold nodes one at a time with ``host`` (:class:`desktop.worker.WorkerHost`): a
        "graph" job each, the answer shown at the same step (see the module docstring)."""
        from desktop.worker import Job   # (the view itself runs without the service)
        self._host, self._job = host, Job
        self.graph_scene.opens_one_by_one = True
        host.worker.graphReady.connect(self._graph_ready)

    def open_fold(self, fold_id: str) -> bool:
        """Ask core for the graph with fold node ``fold_id`` open too; False when it is no fold that can
        be opened (or there is no service)."""
        item = self.node_item(fold_id)
        if self._host is None or item is None or item.kind != "fold" or item.node.get("fold") == "module" \
                or not self.graph_scene.can_expand():
            return False
        hidden = list(item.node.get("folded") or [])
        self._ask({**self.graph_scene.open_folds, fold_id: hidden}, hidden[0] if hidden else None)
        return True

    def close_fold(self, node_id: str) -> bool:
        """Fold again the nodes of the open fold that hid ``node_id``; False when none did."""
        fold = self.graph_scene.open_fold_of(node_id)
        if self._host is None or fold is None:
            return False
        self._ask({f: ids for f, ids in self.graph_scene.open_folds.items() if f != fold}, fold)
        return True

    def _ask(self, folds: dict, centre: str | None) -> None:
        job = self._host.submit(self._job("graph", expand=list(folds)))
        self._fold_job = (job.id, folds, centre)

    @Slot(int, object)
    def _graph_ready(self, job_id: int, result) -> None:
        if self._fold_job is None or job_id != self._fold_job[0]:
            return
        _, folds, centre = self._fold_job
        self._fold_job = None
        if not isinstance(result, dict) or result.get("graph") is None:
            from desktop.i18n.composed import translate_text
            why = result.get("error") if isinstance(result, dict) else None
            self.message.emit(lambda: translate_text(why) or self.tr("The fold could not be opened."))
            return
        self.graph_scene.show_open_folds(result["graph"], folds)
        self._settle(centre)

    def expand_fold(self, fold_id: str | None = None) -> bool:
        """Show the graph unfolded (see the module docstring), centred on the first node the fold
        node ``fold_id`` hid (or the current step's); False when there is nothing to expand."""
        fold = self.node_item(fold_id) if fold_id is not None else None
        hidden = (fold.node.get("folded") or [None])[0] if fold is not None else None
        if not self.graph_scene.expand():
            return False
        self._settle(hidden)
        return True

    def collapse_folds(self, node_id: str | None = None) -> bool:
        """Back to the folded graph, centred on what shows ``node_id``; False when not expanded."""
        if not self.graph_scene.collapse():
            return False
        self._settle(self.graph_scene.replay.shown(node_id) if node_id is not None else None)
        return True

    def is_expanded(self) -> bool:
        return self.graph_scene.folded_graph is not None

    def _settle(self, node_id: str | None) -> None:
        self.fit()
        item = self.node_item(node_id) if node_id is not None else None
        if item is not None:
            self.centerOn(item)

    def collapse_box(self, module_id: str) -> bool:
        """Show the module call ``module_id`` as one node (centred on it); False when there is no
        box for it."""
        if not self.graph_scene.collapse_box(module_id):
            return False
        self._settle(COLLAPSED_PREFIX + module_id)
        return True

    def expand_box(self, module_id: str) -> bool:
        """Show the nodes of a collapsed module call again; False when it is not collapsed."""
        if not self.graph_scene.expand_box(module_id):
            return False
        self._settle(None)
        box = self.graph_scene.boxes.get(module_id)
        if box is not None and self.transform().m11() > self._whole_scale() + 1e-9:
            self.centerOn(box)
        return True

    def box_items(self) -> list[ModuleBoxItem]:
        return list(self.graph_scene.boxes.values())

    def mouseDoubleClickEvent(self, event) -> None:
        item = self.itemAt(event.position().toPoint())
        while item is not None and not isinstance(item, (NodeItem, ModuleBoxItem)):
            item = item.parentItem()
        if isinstance(item, ModuleBoxItem) and self.collapse_box(item.module_id):
            event.accept()
            return
        if isinstance(item, NodeItem) and item.node.get("fold") == "module":
            if self.expand_box(item.node.get("module_box")):
                event.accept()
                return
        if isinstance(item, NodeItem) and self._host is not None and not self.is_expanded():
            done = self.open_fold(item.node_id) if item.kind == "fold" else self.close_fold(item.node_id)
            if done:
                event.accept()
                return
        if isinstance(item, NodeItem):
            done = (self.collapse_folds(item.node_id) if self.is_expanded()
                    else item.kind == "fold" and self.expand_fold(item.node_id))
            if done:
                event.accept()
                return
        super().mouseDoubleClickEvent(event)

    def placeholder_text(self) -> str:
        """Why there is no graph, as shown ("" when there is one)."""
        return self.graph_scene.placeholder_text()

    def show_step(self, trace: list | None, index: int) -> None:
        """Show the graph after step ``index`` of ``trace`` (-1: before the first step)."""
        trace = trace or []
        if trace is not self._trace:
            self._trace = trace
            self.graph_scene.set_trace(trace)
            if self._auto_fit:
                self.fit()
        self.graph_scene.show_step(index)
        self._follow_current()

    def set_follow(self, scale: float | None) -> None:
        """Presenter mode: when the whole graph would be drawn smaller than ``scale``, show the
        current step's node at ``scale`` (or the readable minimum, if larger) instead, centred
        (None: off; the readable minimum still holds)."""
        self._follow = scale
        self.fit()

    def min_scale(self) -> float:
        """The smallest scale the view fits at: the graph's smallest text at least
        :data:`MIN_TEXT_PIXELS` on screen, times the presenter text scale (the style's label
        scale: 1 outside presenter mode), and never below presenter mode's follow scale."""
        style = self.style_
        readable = MIN_TEXT_PIXELS * style.label_scale / style.smallest_text_pixels()
        return min(MAX_SCALE, max(readable, self._follow or 0.0))

    def _follow_current(self) -> None:
        """Keep the current step's node in view: in the automatic view, centred whenever the graph
        is larger than the view; after the user's own zoom, scrolled to when it is out of view."""
        node = self._focus_node()
        if node is None:
            return
        if self._auto_fit:
            if self.transform().m11() > self._whole_scale() + 1e-9:
                self.centerOn(node)
        else:
            self.ensureVisible(node, 20, 20)

    def _focus_node(self) -> NodeItem | None:
        """The current step's node; before the first step, the first to be stepped (else the output)."""
        node_id = self.current_node_id()
        if node_id is None and len(self.graph_scene.replay):
            node_id = self.graph_scene.replay.state(0).current
        node = self.node_item(node_id) if node_id is not None else None
        if node is None:
            node = next((item for item in self.node_items() if item.kind == "output"), None)
        return node

    def _whole_scale(self) -> float:
        """The scale at which the whole graph fits the view (at most ``MAX_FIT_SCALE``)."""
        rect = self.sceneRect()
        view = self.viewport().rect()
        if rect.isEmpty() or view.width() < 2 or view.height() < 2:
            return MAX_FIT_SCALE
        return min(view.width() / rect.width(), view.height() / rect.height(), MAX_FIT_SCALE)

    def highlight_path(self, steps: list | None) -> None:
        """Mark one chain-rule path (core's path steps; ``None`` clears) and bring it into view:
        the whole path when it fits at the current zoom, else its first node."""
        marked = self.graph_scene.highlight_path(steps)
        if not marked:
            return
        box = marked[0].sceneBoundingRect()
        for item in marked[1:]:
            box = box.united(item.sceneBoundingRect())
        visible = self.mapToScene(self.viewport().rect()).boundingRect()
        if box.width() <= visible.width() and box.height() <= visible.height():
            self.ensureVisible(box, 8, 8)
        else:
            self.centerOn(marked[0])

    def path_item_ids(self) -> list:
        """The node ids and (source, target, input) edges marked as the chain-rule path."""
        scene = self.graph_scene
        return ([n for n, item in scene.nodes.items() if item.on_path]
                + [(e.edge.get("source"), e.edge.get("target"), e.edge.get("input")) for e in scene.edges if e.on_path])

    def current_node_id(self) -> str | None:
        """The node of the step shown (None before the first step)."""
        return self.graph_scene.current_node_id

    def node_item(self, node_id: str) -> NodeItem | None:
        return self.graph_scene.nodes.get(node_id)

    def node_items(self) -> list[NodeItem]:
        return list(self.graph_scene.nodes.values())

    def edge_items(self) -> list[EdgeItem]:
        return list(self.graph_scene.edges)

    # zoom ----------------------------------------------------------------------
    @Slot()
    def fit(self) -> None:
        """Scale so the whole graph is in view (never above ``MAX_FIT_SCALE``), but never below
        :meth:`min_scale`: a graph too big to read whole is shown at the readable scale, centred
        on the current step's node."""
        self._auto_fit = True
        rect = self.sceneRect()
        view = self.viewport().rect()
        if rect.isEmpty() or view.width() < 2 or view.height() < 2:
            return
        whole = self._whole_scale()
        scale = max(whole, min(self.min_scale(), MAX_SCALE))
        self.setTransform(QTransform.fromScale(scale, scale))
        if scale <= whole + 1e-9:
            self.centerOn(rect.center())
            return
        node = self._focus_node()
        self.centerOn(node if node is not None else QPointF(rect.center().x(), rect.top()))

    @Slot()
    def zoom_in(self) -> None:
        self.zoom_by(ZOOM_STEP)

    @Slot()
    def zoom_out(self) -> None:
        self.zoom_by(1 / ZOOM_STEP)

    def zoom_by(self, factor: float) -> None:
        current = self.transform().m11()
        factor = max(MIN_SCALE / current, min(factor, MAX_SCALE / current))
        self._auto_fit = False
        self.scale(factor, factor)

    def zoom_level(self) -> float:
        return self.transform().m11()

    # events --------------------------------------------------------------------
    def wheelEvent(self, event) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            steps = event.angleDelta().y() / 120
            if steps:
                self.zoom_by(ZOOM_STEP ** steps)
            event.accept()
            return
        super().wheelEvent(event)

    def keyPressEvent(self, event) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            key = event.key()
            if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
                self._zoom_about_centre(ZOOM_STEP)
                return
            if key == Qt.Key.Key_Minus:
                self._zoom_about_centre(1 / ZOOM_STEP)
                return
            if key == Qt.Key.Key_0:
                self.fit()
                return
        super().keyPressEvent(event)

    def _zoom_about_centre(self, factor: float) -> None:
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.zoom_by(factor)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self._auto_fit:
            self.fit()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._auto_fit:
            self.fit()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self.setAccessibleName(self.tr("Computational graph"))
        if getattr(self, "graph_scene", None) is None:   # during construction
            return
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange,
                            QEvent.Type.StyleChange):
            self.style_.update(self.palette(), self.font())
            self.graph_scene.restyle()
