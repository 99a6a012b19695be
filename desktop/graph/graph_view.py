"""The graph view: shows core's laid-out graph and a step of the backward pass on it.

The view only zooms, pans and fits; :mod:`desktop.graph.scene` builds the items
and :mod:`desktop.graph.items` draws them.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Slot
from PySide6.QtGui import QPainter, QTransform
from PySide6.QtWidgets import QGraphicsView, QWidget

from desktop.graph.items import EdgeItem, GraphStyle, NodeItem
from desktop.graph.scene import GraphScene

ZOOM_STEP = 1.2
MIN_SCALE, MAX_SCALE = 0.1, 8.0
MAX_FIT_SCALE = 2.5     # a two-node graph should not fill a projector screen


class GraphView(QGraphicsView):
    """Zoom with Ctrl+wheel or Ctrl+= / Ctrl+- (Ctrl+0 fits), pan by dragging."""

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

    # data ----------------------------------------------------------------------
    def set_graph(self, graph: dict | None, empty_text: str | None = None) -> None:
        """Show core's ``analysis["graph"]`` (nodes and edges with dot's coordinates); with no
        nodes, ``empty_text`` says why (by default: the output has no grad_fn)."""
        self._trace = None
        self.graph_scene.set_graph(graph, empty_text)
        self.fit()

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
        current step's node at ``scale`` instead, centred, so a projected label stays readable
        (None: off, the whole graph again)."""
        self._follow = scale
        if scale is None:
            self.fit()
        else:
            self._follow_current()

    def _follow_current(self) -> None:
        if not self._follow or not self._auto_fit:
            return  # off, or the user has zoomed: their view wins
        node_id = self.current_node_id()
        if node_id is None and len(self.graph_scene.replay):
            node_id = self.graph_scene.replay.state(0).current     # before the first step: the first to come
        node = self.node_item(node_id) if node_id is not None else None
        self.fit()
        if node is None or self.transform().m11() >= self._follow:
            return
        self.setTransform(QTransform.fromScale(self._follow, self._follow))
        self.centerOn(node)

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
        """Scale so the whole graph is in view (never above ``MAX_FIT_SCALE``)."""
        self._auto_fit = True
        rect = self.sceneRect()
        view = self.viewport().rect()
        if rect.isEmpty() or view.width() < 2 or view.height() < 2:
            return
        scale = min(view.width() / rect.width(), view.height() / rect.height(), MAX_FIT_SCALE)
        self.setTransform(QTransform.fromScale(scale, scale))
        self.centerOn(rect.center())

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
            self._follow_current()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._auto_fit:
            self.fit()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if getattr(self, "graph_scene", None) is None:   # during construction
            return
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange,
                            QEvent.Type.StyleChange):
            self.style_.update(self.palette(), self.font())
            self.graph_scene.restyle()
