"""The grad_tensor ``v`` of ``out.backward(v)``: a grid shaped like the output, with presets."""
from __future__ import annotations

import math

import random

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QBrush, QGuiApplication, QKeySequence, QPalette
from PySide6.QtWidgets import (QAbstractItemView, QGridLayout, QHeaderView, QLabel, QMenu, QPushButton,
                               QSizePolicy, QTableWidget, QTableWidgetItem, QToolButton, QVBoxLayout, QWidget)

from core.naming import element_names
from desktop.i18n.texts import Texts
from desktop.results.colors import difference_colors, status_colors
from desktop.results.matrix_table import fitted_size, needs_horizontal_bar, with_horizontal_bar
from desktop.results.values import (MINUS, flatten, format_number, grid_labels, grid_shape, parse_number, product,
                                    shape_text, subscript_label, unflatten)
from desktop.view_model import view_of

RAW_ROLE = Qt.ItemDataRole.UserRole  # (text as written, exact value): an untouched cell keeps its exact value
RANDOM_RANGE = (-3, 3)


class _Grid(QTableWidget):
    """The cells of v, as large as its content (scrolling beyond a dozen rows)."""

    MAX_VISIBLE_ROWS = 12

    _content: QSize | None = None   # the last size measured for the content (sizeHint)
    _bar = False                    # room kept for the sideways scroll bar

    def sizeHint(self) -> QSize:
        self._content = fitted_size(self, self.MAX_VISIBLE_ROWS)
        return with_horizontal_bar(self, self._content)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        bar = self._content is not None and needs_horizontal_bar(self, self._content)
        if bar != self._bar:
            self._bar = bar
            self.updateGeometry()   # the sideways scroll bar came or went: the height follows

    def minimumSizeHint(self) -> QSize:
        hint = self.sizeHint()
        return QSize(min(hint.width(), 160), min(hint.height(), 80))


class VEditor(QWidget):
    """Edit v cell by cell, or with a preset: all ones, a one-hot eᵢ, small random
    integers, or the program's own v.

    ``vChanged(object)`` is emitted after the user changes v: nested lists shaped
    like the output (a bare number for a 0-dim output), or None while a cell is
    not a number.  Setting the shape or values from outside emits nothing.
    """

    vChanged = Signal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._shape: list[int] = []
        self._labels: list[str] = []
        self._program_v = None
        self._random_clicks = 0
        self._external_message = ""
        self._invalid: list[tuple[int, int, str]] = []
        self._updating = False

        self.texts = Texts(self)        # set again on each switch of language
        self.title = QLabel(self)
        self.title.setWordWrap(True)
        self.ones_button = QPushButton(self)
        self.texts.bind(self.ones_button.setText, lambda: self.tr("All ones"))
        self.texts.bind(self.ones_button.setToolTip, lambda: self.tr("v = 1 everywhere: vᵀJ adds up all rows of J."))
        self.ones_button.clicked.connect(self.apply_ones)
        self.one_hot_button = QToolButton(self)
        self.texts.bind(self.one_hot_button.setText, lambda: self.tr("One-hot"))
        self.texts.bind(self.one_hot_button.setToolTip,
                        lambda: self.tr("1 at one output element, 0 elsewhere: vᵀJ is that row of J."))
        self.one_hot_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.one_hot_button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.one_hot_menu = QMenu(self.one_hot_button)
        self.one_hot_button.setMenu(self.one_hot_menu)
        self.random_button = QPushButton(self)
        self.texts.bind(self.random_button.setText, lambda: self.tr("Random integers"))
        self.texts.bind(self.random_button.setToolTip,
                        lambda: self.tr("Small random integers from {low} to {high}; each click gives "
                                        "a new, repeatable choice.").format(low=RANDOM_RANGE[0], high=RANDOM_RANGE[1]))
        self.random_button.clicked.connect(self.apply_random)
        self.program_button = QPushButton(self)
        self.texts.bind(self.program_button.setText, lambda: self.tr("From the program"))
        self.texts.bind(self.program_button.setToolTip, lambda: self.tr("The v the program passes to backward()."))
        self.program_button.clicked.connect(self.apply_program)

        self.grid = _Grid(self)
        self.grid.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Maximum)
        self.grid.setSelectionMode(QAbstractItemView.SelectionMode.ContiguousSelection)
        self.grid.setEditTriggers(QAbstractItemView.EditTrigger.AllEditTriggers)
        self.grid.setCornerButtonEnabled(False)
        for header in (self.grid.horizontalHeader(), self.grid.verticalHeader()):
            header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            header.setSectionsClickable(False)
        self.grid.horizontalHeader().setMinimumSectionSize(48)
        self.grid.itemChanged.connect(self._on_item_changed)
        self.grid.installEventFilter(self)

        self.shape_note = QLabel(self)
        self.shape_note.setWordWrap(True)
        self.shape_note.hide()
        self.message_label = QLabel(self)
        self.message_label.setWordWrap(True)
        self.message_label.setTextFormat(Qt.TextFormat.PlainText)
        self.message_label.hide()

        buttons = QGridLayout()
        buttons.addWidget(self.ones_button, 0, 0)
        buttons.addWidget(self.one_hot_button, 0, 1)
        buttons.addWidget(self.random_button, 1, 0)
        buttons.addWidget(self.program_button, 1, 1)
        buttons.setColumnStretch(2, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(buttons)
        layout.addWidget(self.grid, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.shape_note)
        layout.addWidget(self.message_label)
        layout.addStretch(1)
        self.set_shape([], None)

    # --- setters from outside (no vChanged) ---------------------------------
    def set_shape(self, shape, values=None, *, labels: list[str] | None = None, program_v=None,
                  name: str = "out") -> None:
        """Lay the grid out for an output of ``shape`` and fill it with ``values``
        (nested lists shaped like it; default all ones).  ``labels`` name the
        elements (``out_11`` …), ``program_v`` is what "From the program" restores."""
        self._shape = [int(d) for d in shape]
        n = product(self._shape)
        self._labels = list(labels) if labels and len(labels) == n else self._default_labels(name)
        self._program_v = program_v
        shape_shown = shape_text(self._shape)
        self.texts.bind(self.title.setText,
                        lambda: self.tr("v (the gradient passed to {name}.backward), shaped like {name}: {shape}")
                        .format(name=name, shape=shape_shown))
        rows, cols = grid_shape(self._shape)
        row_names, col_names = grid_labels(self._labels, self._shape)
        self._updating = True
        self.grid.clear()
        self.grid.setRowCount(rows)
        self.grid.setColumnCount(cols)
        self.grid.setVerticalHeaderLabels(row_names)
        self.grid.setHorizontalHeaderLabels([subscript_label(n) for n in col_names])
        self.grid.updateGeometry()
        self.grid.verticalHeader().setVisible(any(row_names))
        self._updating = False
        if len(self._shape) > 2:
            dims = len(self._shape)
            self.texts.bind(self.shape_note.setText, lambda: self.tr(
                "{name} has {dims} dimensions, shown flattened: each row is one index (i, j, …) of the "
                "leading dimensions, each column an index of the last one.").format(name=name, dims=dims))
            self.shape_note.show()
        else:
            self.shape_note.hide()
        self.one_hot_menu.clear()
        for i, label in enumerate(self._labels):
            action = self.one_hot_menu.addAction(subscript_label(label))
            action.triggered.connect(lambda _checked=False, i=i: self.apply_one_hot(i))
        self.program_button.setEnabled(program_v is not None)
        self._fill(flatten(values) if values is not None else [1.0] * n)

    def set_analysis(self, a) -> None:
        """Shape, labels and the program's v from an analysis (its
        :class:`~desktop.view_model.AnalysisView`, or core's dict)."""
        a = view_of(a)
        if a is None:
            self.set_shape([], None)
            return
        program_v = a.grad_tensor if a.grad_tensor_source == "program" else None
        name = a.output or "out"
        if not name.isidentifier():
            name = "out"
        self.set_shape(a.output_shape, a.grad_tensor, labels=list(a.output_labels) or None, program_v=program_v,
                       name=name)

    def set_message(self, text: str) -> None:
        """A message from outside (e.g. "v has the wrong shape"); "" clears it."""
        self._external_message = text or ""
        self._refresh_message()

    # --- reading ------------------------------------------------------------
    def shape(self) -> list[int]:
        return list(self._shape)

    def values(self):
        """v as nested lists shaped like the output, or None while a cell is invalid."""
        flat, bad = self._read()
        return None if bad else unflatten(flat, self._shape)

    def message(self) -> str:
        return self.message_label.text() if self.message_label.isVisibleTo(self) else ""

    def cell_texts(self) -> list[list[str]]:
        return [[self._item(r, c).text() for c in range(self.grid.columnCount())]
                for r in range(self.grid.rowCount())]

    # --- presets (user actions: they emit) ----------------------------------
    def apply_ones(self) -> None:
        self._fill([1.0] * product(self._shape))
        self._emit()

    def apply_one_hot(self, index: int) -> None:
        n = product(self._shape)
        self._fill([1.0 if i == index else 0.0 for i in range(n)])
        self._emit()

    def apply_random(self) -> None:
        self._random_clicks += 1
        rng = random.Random(self._random_clicks)  # click k always gives the same v: lessons can refer to it
        self._fill([float(rng.randint(*RANDOM_RANGE)) for _ in range(product(self._shape))])
        self._emit()

    def apply_program(self) -> None:
        if self._program_v is None:
            return
        self._fill(flatten(self._program_v))
        self._emit()

    # --- internals ----------------------------------------------------------
    def _default_labels(self, name: str) -> list[str]:
        """Before an analysis names them: the elements as J will (out_12, 1-based)."""
        return element_names(name, self._shape)

    def _item(self, r: int, c: int) -> QTableWidgetItem:
        item = self.grid.item(r, c)
        if item is None:
            item = QTableWidgetItem("")
            self.grid.setItem(r, c, item)
        return item

    def _fill(self, flat: list) -> None:
        rows, cols = grid_shape(self._shape)
        self._updating = True
        for k in range(rows * cols):
            r, c = divmod(k, cols)
            value = flat[k] if k < len(flat) else 0.0
            text = format_number(value, 8).replace(MINUS, "-")
            item = self._item(r, c)
            item.setText(text)
            item.setData(RAW_ROLE, (text, value))
            item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            item.setToolTip(subscript_label(self._labels[k]) if k < len(self._labels) else "")
        self._updating = False
        self._validate()

    def _read(self) -> tuple[list, list]:
        rows, cols = grid_shape(self._shape)
        flat, bad = [], []
        for k in range(rows * cols):
            r, c = divmod(k, cols)
            item = self._item(r, c)
            text = item.text()
            raw = item.data(RAW_ROLE)
            if raw and raw[0] == text:
                value = raw[1]
                flat.append(float(value) if not isinstance(value, str) else parse_number(value))
                continue
            try:
                value = parse_number(text)
            except ValueError:
                value = None
            # NOTE: v must be finite, as core's one grad-tensor parser requires (core.analysis.pipeline)
            if value is None or not math.isfinite(value):
                bad.append((r, c, text))
                flat.append(None)
            else:
                flat.append(value)
        return flat, bad

    def _validate(self) -> bool:
        _, bad = self._read()
        self._invalid = bad
        fg, bg = difference_colors(self.palette())
        marked = {(r, c) for r, c, _ in bad}
        self._updating = True
        for r in range(self.grid.rowCount()):
            for c in range(self.grid.columnCount()):
                item = self._item(r, c)
                item.setBackground(QBrush(bg) if (r, c) in marked else QBrush())
                item.setForeground(QBrush(fg) if (r, c) in marked else QBrush())
        self._updating = False
        self._refresh_message()
        return not bad

    def _refresh_message(self) -> None:
        if self._invalid:
            r, c, text = self._invalid[0]
            k = r * self.grid.columnCount() + c
            name = subscript_label(self._labels[k]) if k < len(self._labels) else ""
            if text.strip():
                message = self.tr("The entry for {name}, \u201c{text}\u201d, is not a finite number. Type a "
                                  "number such as 1, -0.5 or 2e-3.").format(name=name, text=text)
            else:
                message = self.tr("The entry for {name} is empty. Type a number.").format(name=name)
            if len(self._invalid) > 1:
                message += " " + self.tr("({n} entries need fixing.)").format(n=len(self._invalid))
            kind = "error"
        else:
            message, kind = self._external_message, "warning"
        self.message_label.setText(message)
        self.message_label.setVisible(bool(message))
        fg, _ = difference_colors(self.palette()) if kind == "error" else status_colors("pending", self.palette())
        palette = self.message_label.palette()
        palette.setColor(QPalette.ColorRole.WindowText, fg)
        self.message_label.setPalette(palette)

    def _on_item_changed(self, _item) -> None:
        if self._updating:
            return
        self._validate()
        self._emit()

    def _emit(self) -> None:
        self.vChanged.emit(self.values())

    def _paste(self) -> bool:
        """Paste tab/space-separated numbers from the clipboard at the current cell."""
        text = QGuiApplication.clipboard().text()
        if not text.strip():
            return False
        r0, c0 = max(self.grid.currentRow(), 0), max(self.grid.currentColumn(), 0)
        self._updating = True
        for dr, line in enumerate(text.strip("\n").splitlines()):
            for dc, cell in enumerate(line.replace(",", " ").split() if "\t" not in line else line.split("\t")):
                r, c = r0 + dr, c0 + dc
                if r < self.grid.rowCount() and c < self.grid.columnCount():
                    self._item(r, c).setText(cell.strip())
        self._updating = False
        self._validate()
        self._emit()
        return True

    def eventFilter(self, obj, event) -> bool:
        if obj is self.grid and event.type() == event.Type.KeyPress:
            if event.matches(QKeySequence.StandardKey.Paste) and self.grid.state() != QAbstractItemView.State.EditingState:
                return self._paste()
            if event.matches(QKeySequence.StandardKey.Copy):
                rows = self.cell_texts()
                QGuiApplication.clipboard().setText("\n".join("\t".join(row) for row in rows))
                return True
        return super().eventFilter(obj, event)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == event.Type.PaletteChange:
            self._validate()
        elif event.type() == event.Type.LanguageChange and hasattr(self, "message_label"):
            self._refresh_message()     # its own sentences (the bound texts follow by themselves)
