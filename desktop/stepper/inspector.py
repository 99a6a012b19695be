"""The node inspector: one step of the backward pass, spelled out.

For the step's node: what it is (grad_fn and the program's names), the gradient
that arrived, the local derivative and the saved numbers it uses, what it sent
to each input, the hooks that fired, retain_grad writes, and at a leaf its
``.grad`` before and after.  Everything shown is read from core's trace entry
(:class:`desktop.view_model.TraceStep`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape

from PySide6.QtCore import QEvent, QPoint, Qt, QTimer
from PySide6.QtGui import QFontDatabase, QImage, QPixmap, QTextDocument
from PySide6.QtWidgets import (QFormLayout, QFrame, QLabel, QScrollArea, QSizePolicy, QVBoxLayout,
                               QWidget)

from desktop.graph.format import format_lines, is_summary
from desktop.graph.summary import summary_lines
from desktop.i18n.composed import translate_text
from desktop.results.labels import keep_lines
from desktop.results.math_view import MathLabel
from desktop.view_model import Graph, HookFired, TraceStep

# The inspector's least size: fixed, so that what a step shows (a long grad_fn name in the header,
# a wide formula) never changes it, and the panes around it do not jump while stepping or playing
# (what does not fit scrolls, or wraps: a node's name may wrap between its words, "Accumulate|Grad").
# Wide enough for the header to show WIDE_WORD whole, and MIN_LINES lines of its text high.
WIDE_WORD = "Accumulate"
MIN_LINES = 8
# below this many widths of the widest caption in view, each caption goes above its value (a 1024x768
# projector leaves the inspector about 140 px: beside "Gradient arriving" the values were cut off)
CAPTIONS_BESIDE = 2.2
UNBOUNDED = (1 << 24) - 1     # Qt's QWIDGETSIZE_MAX: no maximum width
_WORD_START = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
# where a long name in core's notes may break too: "autograd.|Function", "Copy|Backwards", "retain_|graph"
_NAME_BREAK = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Za-z][._])(?=[A-Za-z])")
ZWSP = "\u200b"        # a zero-width space: where a line may break

ROWS = ("output", "inputs", "grad_in", "local", "saved", "sent", "implied", "hooks", "retained", "grad", "freed")


class NodeInspector(QWidget):
    """Shows one trace step (``show_step``); ``set_latex_renderer`` plugs in a math renderer."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._renderer: Callable | None = None
        self._rendered: QWidget | None = None
        self._node_labels: dict[str, str] = {}
        self._step: TraceStep | None = None
        self._mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont).family()

        self.header = QLabel(self)
        font = self.header.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.header.setFont(font)
        self.header.setWordWrap(True)
        self.header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.placeholder = QLabel(self)
        self.placeholder.setWordWrap(True)
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)

        body = QWidget(self)
        self.form = QFormLayout(body)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.fields: dict[str, QLabel] = {}
        self.captions: dict[str, QLabel] = {}
        for key in ROWS:
            caption = QLabel(body)
            bold = caption.font()
            bold.setBold(True)      # only the weight: the size still follows the app's (presenter mode)
            caption.setFont(bold)
            caption.setWordWrap(True)   # "Gradient arriving" wraps between its words in a narrow pane
            caption.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            field = self._field(body)
            if key == "local":
                self.local_box = QWidget(body)
                box = QVBoxLayout(self.local_box)
                box.setContentsMargins(0, 0, 0, 0)
                field.setParent(self.local_box)
                box.addWidget(field)
                self.form.addRow(caption, self.local_box)
                # core's sentences (views, CopySlices, AccumulateGrad...): a row across the form under
                # "Local derivative" (and its formula, if any), so they start at the left edge and wrap
                # within the width in view (_fit_notes); beside the caption they were cut in a narrow pane
                self.local_notes_label = self._field(body, _NotesLabel)
                self.local_notes_label.setTextFormat(Qt.TextFormat.PlainText)
                self.form.addRow(self.local_notes_label)
            else:
                self.form.addRow(caption, field)
            self.fields[key], self.captions[key] = field, caption
        self.latex_label = self.fields["local"]

        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        self.body = body
        self.scroll = scroll
        # the captions and core's sentences fit the width in view, even when a wider row (a value, a formula)
        # makes the body scroll sideways: wrapped at the body's width they ran past the pane's edge, cut
        self._fit_timer = QTimer(self)
        self._fit_timer.setSingleShot(True)
        self._fit_timer.setInterval(0)
        self._fit_timer.timeout.connect(self._fit_to_view)
        scroll.viewport().installEventFilter(self)
        body.installEventFilter(self)

        layout = QVBoxLayout(self)
        layout.addWidget(self.header)
        layout.addWidget(self.placeholder)
        layout.addWidget(scroll, 1)
        for label in (self.header, self.placeholder):
            label.setMinimumWidth(1)    # a long word wraps or is cut, never widens the pane
        self._fix_minimum_size()
        self.header.installEventFilter(self)    # its own font changes apart (presenter mode, text size)
        self._retranslate()     # shows no step yet

    def eventFilter(self, obj, event) -> bool:
        if obj is self.header and event.type() == QEvent.Type.FontChange:
            self._fix_minimum_size()
        elif obj in (self.scroll.viewport(), self.body) and event.type() in (QEvent.Type.Resize,
                                                                           QEvent.Type.LayoutRequest):
            self._fit_timer.start()
        return super().eventFilter(obj, event)

    def _fit_rows(self) -> None:
        """Captions beside their values where the pane has room, else above them (every value then
        starts at the pane's left edge and has its whole width)."""
        widths = {key: caption.fontMetrics().horizontalAdvance(caption.text()) + 2
                  for key, caption in self.captions.items()}
        view = self.scroll.viewport().width()
        beside = view >= CAPTIONS_BESIDE * max(widths.values())
        policy = QFormLayout.RowWrapPolicy.WrapLongRows if beside else QFormLayout.RowWrapPolicy.WrapAllRows
        if self.form.rowWrapPolicy() != policy:
            self.form.setRowWrapPolicy(policy)
        # above their values, captions wrap only where the width in view is too small for them (a wide
        # value makes the body wider than the view; a wrapping label's own choice broke "叶子张量" in two)
        # (QFormLayout gives a caption the height of its size hint, not the height its lines need at
        # the width it gets: a wrapped caption is told how high it is)
        for key, caption in self.captions.items():
            least, most = (0, UNBOUNDED) if beside else (min(widths[key], view), view)
            if (caption.minimumWidth(), caption.maximumWidth()) != (least, most):
                caption.setMinimumWidth(least)
                caption.setMaximumWidth(most)
            if beside:
                caption.setMinimumHeight(0)
            else:
                keep_lines(caption, view)

    def _fit_to_view(self) -> None:
        self._fit_rows()
        self._fit_notes()

    def _fit_notes(self) -> None:
        """The notes at most as wide as the viewport (their row spans the form: they start at its left)."""
        label = self.local_notes_label
        self.body.layout().activate()
        start = label.mapTo(self.body, QPoint(0, 0)).x()
        width = max(1, self.scroll.viewport().width() - start)
        if label.maximumWidth() != width:
            label.setMaximumWidth(width)

    def _fix_minimum_size(self) -> None:
        margins = self.layout().contentsMargins()
        width = self.header.fontMetrics().horizontalAdvance(WIDE_WORD) + margins.left() + margins.right() + 4
        self.setMinimumSize(width, self.fontMetrics().lineSpacing() * MIN_LINES)

    def _field(self, parent: QWidget, kind: type = QLabel) -> QLabel:
        label = kind(parent)
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setWordWrap(True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        return label

    # configuration -------------------------------------------------------------
    def set_latex_renderer(self, renderer: Callable[[str], object] | None) -> None:
        """``renderer(latex)`` returns a QWidget, QPixmap or QImage showing the formula
        (or None: the inspector's own :class:`MathLabel`); None removes the renderer, and the
        inspector typesets with its own."""
        self._renderer = renderer
        self.show_step(self._step)

    def set_graph(self, graph: Graph | None) -> None:
        """Optional: name unnamed inputs by their node's grad_fn (``→ SelectBackward0``)."""
        self._node_labels = {node.id: node.title for node in (graph.nodes if graph is not None else ())}

    def text(self) -> str:
        """Everything shown as plain text, one line per row (for tests and copying)."""
        parts = [self.header.text().replace(ZWSP, "")]
        for key in ROWS:
            if key == "local":
                shown = [_plain(self.fields[key].text()) if self.form.isRowVisible(self.local_box) else "",
                         self.local_notes_label.text().replace(ZWSP, "")
                         if self.form.isRowVisible(self.local_notes_label) else ""]
                if any(shown):
                    parts.append(f"{self.captions[key].text()}: {' '.join(filter(None, shown))}")
            elif self.form.isRowVisible(self.fields[key]):
                parts.append(f"{self.captions[key].text()}: {_plain(self.fields[key].text())}")
        return "\n".join(parts)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:     # presenter mode, the text size
            self._fix_minimum_size()
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "captions"):
            self._retranslate()

    def _retranslate(self) -> None:
        """Every text in the UI's language (at the start and on LanguageChange): the fixed ones here,
        the step's (core's sentences among them) drawn again from the step kept."""
        self.placeholder.setText(self.tr("Step through the backward pass to see what each node "
                                         "receives, computes and sends."))
        captions = {
            "output": self.tr("Produces"), "inputs": self.tr("Inputs"),
            "grad_in": self.tr("Gradient arriving"), "local": self.tr("Local derivative"),
            "saved": self.tr("Saved values used"), "sent": self.tr("Gradient sent"),
            "implied": self.tr("The forward implies"),
            "hooks": self.tr("Hooks fired"), "retained": self.tr("retain_grad"),
            "grad": self.tr(".grad"), "freed": self.tr("Saved tensors"),
        }
        for key, caption in self.captions.items():
            caption.setText(captions[key])
        self.show_step(self._step)

    # display -------------------------------------------------------------------
    def show_step(self, step: TraceStep | None) -> None:
        self._step = step
        self._clear_rendered()
        self.placeholder.setVisible(step is None)
        self.body.setVisible(step is not None)
        if step is None:
            self.header.setText(self.tr("Node inspector"))
            return
        leaf = step.is_leaf
        index = step.index
        title = _WORD_START.sub(ZWSP, step.grad_fn)   # "MulBackward0" may wrap as "Mul|Backward0"
        self.header.setText(self.tr("Step {0}: {1}").format(index + 1, title) if isinstance(index, int)
                            else title)

        unnamed = self.tr("(unnamed)")   # outside the f-string below: lupdate skips f-strings
        values = {
            "output": self._name(step.leaf if leaf else step.output_name),
            "inputs": None if leaf else (", ".join(self._name(n) for n in step.input_names) or self.tr("none")),
            "grad_in": self._value(step.grad_in),
            "local": None,
            "saved": _table([(escape(name) + " =", self._value(value)) for name, value in step.saved]),
            "sent": None if leaf else self._sent(step),
            "implied": self._implied(step),
            "hooks": "<br>".join(self._hook(hook) for hook in step.hooks) or None,
            "retained": "<br>".join(f"{escape(r.name or unnamed)}.grad = {self._value(r.grad)}"
                                    for r in step.retained) or None,
            "grad": (f"{self._value(step.grad_before)} &nbsp;→&nbsp; {self._value(step.grad_after)}"
                     if leaf else None),
            "freed": self.tr("freed after this step (no retain_graph)") if step.freed else None,
        }
        self.captions["output"].setText(self.tr("Leaf") if leaf else self.tr("Produces"))
        for key, html in values.items():
            if key == "local":
                continue
            self.fields[key].setText(html or "")
            self.form.setRowVisible(self.fields[key], html is not None)
        self._show_local(step.local, step.local_notes)
        self.scroll.verticalScrollBar().setValue(0)
        self.scroll.horizontalScrollBar().setValue(0)
        self._fit_timer.start()
        if any(not item.match for item in step.implied):
            # a custom backward that disagrees with its forward: the point of the step, brought into view
            # (a narrow inspector, as in presenter mode on a projector, would otherwise hide it below)
            QTimer.singleShot(0, self._bring_implied_into_view)

    def _bring_implied_into_view(self) -> None:
        """Down to "The forward implies", and back to the left edge: a value wider than the pane scrolled
        it sideways, and the rows' captions and the notes (which start there) lost their first letters."""
        self.scroll.ensureWidgetVisible(self.fields["implied"], 0, 0)
        self.scroll.horizontalScrollBar().setValue(0)

    def _show_local(self, latex: str | None, notes) -> None:
        self.form.setRowVisible(self.local_box, bool(latex) or bool(notes))   # its caption over the notes
        self.form.setRowVisible(self.local_notes_label, bool(notes))
        # the LaTeX is kept here (text(), copying) but never shown as text: the formula is typeset
        self.latex_label.setText(f'<span style="font-family:\'{self._mono}\'">{escape(latex or "")}</span>'
                                 if latex else "")
        self.latex_label.setVisible(False)
        self.local_notes_label.setText(_NAME_BREAK.sub(ZWSP, " ".join(translate_text(note) for note in notes)))
        if not latex:
            return
        shown = None
        if self._renderer is not None:
            try:
                shown = self._renderer(latex)
            except Exception:   # noqa: BLE001 - a plugged-in renderer that fails: the app's own typesetting
                shown = None
        if isinstance(shown, QImage):
            shown = QPixmap.fromImage(shown)
        if isinstance(shown, QPixmap):
            label = QLabel(self.local_box)
            label.setPixmap(shown)
            shown = label
        if not isinstance(shown, QWidget):
            shown = MathLabel(latex)   # "formula loading…" until the picture arrives, never the source
        shown.setParent(self.local_box)
        self.local_box.layout().addWidget(shown)
        self._rendered = shown

    def _clear_rendered(self) -> None:
        if self._rendered is not None:
            self._rendered.hide()
            self._rendered.deleteLater()
            self._rendered = None

    # pieces --------------------------------------------------------------------
    def _name(self, name: str | None) -> str:
        unnamed = self.tr("(unnamed)")   # outside the f-string: lupdate skips f-strings
        return f"<b>{escape(name)}</b>" if name else f"<i>{escape(unnamed)}</i>"

    def _value(self, value) -> str:
        # a large array core left out: its summary (shape, min, max, mean, first values), never "None"
        lines = summary_lines(value) if is_summary(value) else format_lines(value, max_rows=8, max_chars=72)
        body = "<br>".join(escape(line).replace(" ", "&nbsp;") for line in lines)
        return f'<span style="font-family:\'{escape(self._mono)}\'">{body}</span>'

    def _sent(self, step: TraceStep) -> str:
        rows = []
        for k, sent in enumerate(step.grads_out):
            name = sent.input or self._node_labels.get(sent.to) or self.tr("input {0}").format(k)
            target = f"<b>{escape(name)}</b>" if sent.input else escape(name)
            rows.append((f"→ {target}", self._value(sent.grad)))
        return _table(rows) or self.tr("nothing (no input needs a gradient)")

    def _implied(self, step: TraceStep) -> str | None:
        """A custom autograd.Function: per input, the gradient its forward implies (the
        symbolic derivative of what the program's forward computes), marked where the
        program's backward sent something else."""
        rows = []
        for item in step.implied:
            name = escape(item.input or "?")
            mark = "✓" if item.match else "✗ " + self.tr("the program's backward sent something else")
            rows.append((f"→ <b>{name}</b>", f"{self._value(item.grad)}<br>{escape(mark)}"))
        return _table(rows)

    def _hook(self, hook: HookFired) -> str:
        name = escape(hook.name or self.tr("hook"))
        return (self.tr("{0}: replaced the gradient").format(name) if hook.replaced
                else self.tr("{0}: returned None (gradient unchanged)").format(name))


class _NotesLabel(QLabel):
    """A wrapping label as high as its text needs at the width it is capped to: a layout asks a
    widget's height for the width the layout has, not for that width within the widget's maximum
    (the notes' last lines were cut)."""

    def heightForWidth(self, width: int) -> int:
        return super().heightForWidth(min(width, self.maximumWidth()))


def _table(rows: list) -> str | None:
    """Two columns (a name, a value that may span lines), top-aligned; None when empty."""
    if not rows:
        return None
    cells = "".join(f'<tr><td valign="top" style="padding-right:8px">{name}</td>'
                    f'<td valign="top">{value}</td></tr>' for name, value in rows)
    return f"<table cellspacing='0' cellpadding='1'>{cells}</table>"


def _plain(html: str) -> str:
    """Rich text to plain text on one line, for :meth:`NodeInspector.text`."""
    doc = QTextDocument()
    doc.setHtml(html)
    return " ".join(doc.toPlainText().replace("\u00a0", " ").split())
