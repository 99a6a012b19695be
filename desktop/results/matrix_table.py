"""A read-only numeric matrix with labelled rows and columns (``out₁₁ …`` × ``x₁₁ …``)."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QAction, QBrush, QFont, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QSizePolicy, QTableWidget, QTableWidgetItem

from desktop.i18n.texts import Texts
from desktop.results.colors import difference_colors
from desktop.results.values import format_exact, format_number, parse_number, subscript_label

RAW_ROLE = Qt.ItemDataRole.UserRole  # the number as it came from core (float or "nan"/"inf"/"-inf")


def fitted_size(table: QTableWidget, max_rows: int) -> QSize:
    """The size showing every column and up to ``max_rows`` rows of ``table``."""
    table.resizeColumnsToContents()
    width = table.frameWidth() * 2 + sum(table.columnWidth(c) for c in range(table.columnCount()))
    if table.verticalHeader().isVisible():
        width += table.verticalHeader().sizeHint().width()
    rows = min(table.rowCount(), max_rows)
    height = table.frameWidth() * 2 + table.horizontalHeader().sizeHint().height()
    height += sum(table.rowHeight(r) for r in range(rows))
    if table.rowCount() > rows:
        width += table.verticalScrollBar().sizeHint().width()
    return QSize(width + 2, height + 2)


def needs_horizontal_bar(table: QTableWidget, hint: QSize) -> bool:
    """Whether ``table``, laid out narrower than its content (``hint``), scrolls sideways now."""
    return 0 < table.width() < hint.width()


def with_horizontal_bar(table: QTableWidget, hint: QSize) -> QSize:
    """``hint`` with room for the horizontal scroll bar when the table is narrower than its
    content, so the bar never covers the last row (a v of 30 elements showed only its headers)."""
    if needs_horizontal_bar(table, hint):
        return QSize(hint.width(), hint.height() + table.horizontalScrollBar().sizeHint().height())
    return QSize(hint)


class MatrixTable(QTableWidget):
    """Shows a 2-D list of numbers, compactly formatted (6 significant digits,
    nan, ∞, −∞); the full value is in the tooltip and on the clipboard.

    Ctrl+C (or the context menu) copies the selection as tab-separated text.
    Clicking an entry, or pressing Enter on it, emits ``entryActivated(row, col)``; an entry not
    computed (None among the values: :meth:`set_missing_text` says what it shows) emits
    ``missingActivated(row, col)`` too, and :meth:`set_entry` fills it in when it arrives.
    """

    entryActivated = Signal(int, int)
    missingActivated = Signal(int, int)
    MAX_VISIBLE_ROWS = 12  # taller matrices scroll inside the table

    def __init__(self, parent=None, *, digits: int = 6):
        super().__init__(parent)
        self._digits = digits
        self._values: list[list] = []
        self._row_labels: list[str] = []
        self._col_labels: list[str] = []
        self._cell_names: list[list[str]] | None = None
        self._highlight: set[tuple[int, int]] = set()
        self._missing_text, self._missing_tip = "—", ""
        self._hint: QSize | None = None      # sizeHint, measured once per content and font (30 asks per layout)
        self._bar = False                    # room kept for the sideways scroll bar (with_horizontal_bar)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ContiguousSelection)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setWordWrap(False)
        self.setCornerButtonEnabled(False)
        for header in (self.horizontalHeader(), self.verticalHeader()):
            header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            header.setSectionsClickable(False)
            header.setHighlightSections(False)
        self.horizontalHeader().setDefaultAlignment(Qt.AlignmentFlag.AlignCenter)
        self.verticalHeader().setDefaultAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Maximum)
        self.cellClicked.connect(self._activated)
        self.copy_action = QAction(self)
        Texts(self).bind(self.copy_action.setText, lambda: self.tr("Copy"))     # and on each switch
        self.copy_action.setShortcut(QKeySequence.StandardKey.Copy)
        self.copy_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.copy_action.triggered.connect(self.copy_selection)
        self.addAction(self.copy_action)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

    # --- content ------------------------------------------------------------
    def set_matrix(self, values: list[list], row_labels: list[str] | None = None,
                   col_labels: list[str] | None = None, cell_names: list[list[str]] | None = None) -> None:
        """Show ``values`` (rows of numbers or "nan"/"inf"/"-inf") under the given labels.

        Labels like ``x_11`` are shown as ``x₁₁``; ``cell_names`` (same shape as
        ``values``) name each entry in its tooltip.
        """
        values = [list(row) for row in values]
        n_rows, n_cols = len(values), max((len(r) for r in values), default=0)
        self._values = values
        self._row_labels = list(row_labels) if row_labels is not None else [str(i + 1) for i in range(n_rows)]
        self._col_labels = list(col_labels) if col_labels is not None else [str(j + 1) for j in range(n_cols)]
        self._cell_names = cell_names
        self._highlight = set()
        headers = (self.horizontalHeader(), self.verticalHeader())
        # sized once at the end: ResizeToContents while each label and cell arrives measured every
        # section again each time (0.4 s for a 30x30 x.grad, a stalled window)
        for header in headers:
            header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.clearContents()
        self.setRowCount(n_rows)
        self.setColumnCount(n_cols)
        self.setVerticalHeaderLabels([subscript_label(t) for t in self._row_labels])
        self.setHorizontalHeaderLabels([subscript_label(t) for t in self._col_labels])
        # a single unlabelled row (a vector): no empty header column taking room
        self.verticalHeader().setVisible(any(self._row_labels))
        align = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        for r, row in enumerate(values):
            for c, value in enumerate(row):
                item = QTableWidgetItem()
                item.setTextAlignment(align)
                self._show(item, r, c, value)
                self.setItem(r, c, item)
        for header in headers:
            header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self._apply_highlight()
        self._hint = None
        self.updateGeometry()

    def set_missing_text(self, text: str, tip: str = "") -> None:
        """What an entry not computed (None) shows, and its tooltip; set before :meth:`set_matrix`."""
        self._missing_text, self._missing_tip = text, tip

    def set_entry(self, r: int, c: int, value, text: str | None = None) -> None:
        """Show ``value`` at (r, c) (a number, "nan"/"inf"/"-inf", or None: not computed, shown as
        ``text`` when given, else the missing text)."""
        item = self.item(r, c)
        if item is None:
            return
        self._values[r][c] = value
        self._show(item, r, c, value, text)
        self._hint = None
        self.updateGeometry()

    def is_missing(self, r: int, c: int) -> bool:
        return 0 <= r < len(self._values) and 0 <= c < len(self._values[r]) and self._values[r][c] is None

    def _show(self, item: QTableWidgetItem, r: int, c: int, value, text: str | None = None) -> None:
        missing = value is None
        item.setText((text or self._missing_text) if missing else format_number(value, self._digits))
        item.setData(RAW_ROLE, value)
        item.setToolTip(self._missing_tip if missing else self._tooltip(r, c, value))
        if missing or item.font().italic():     # (a font per cell only where it is needed: big tables)
            font = QFont(self.font())
            font.setItalic(missing)
            item.setFont(font)

    def _activated(self, r: int, c: int) -> None:
        self.entryActivated.emit(r, c)
        if self.is_missing(r, c):
            self.missingActivated.emit(r, c)

    def values(self) -> list[list[float | None]]:
        """The numbers as displayed, read back from the cells (None: not computed)."""
        return [[None if self.is_missing(r, c) else parse_number(self.item(r, c).text())
                 for c in range(self.columnCount())] for r in range(self.rowCount())]

    def displayed_text(self) -> list[list[str]]:
        return [[self.item(r, c).text() for c in range(self.columnCount())] for r in range(self.rowCount())]

    def row_labels(self) -> list[str]:
        return list(self._row_labels)

    def column_labels(self) -> list[str]:
        return list(self._col_labels)

    # --- differences --------------------------------------------------------
    def set_highlighted(self, cells) -> None:
        """Mark exactly these (row, col) entries: those core found to disagree
        (:func:`desktop.results.values.marked_cells`); nothing is compared here."""
        self._highlight = set(cells)
        self._apply_highlight()

    def highlighted(self) -> set[tuple[int, int]]:
        return set(self._highlight)

    def _apply_highlight(self) -> None:
        fg, bg = difference_colors(self.palette())
        for r in range(self.rowCount()):
            for c in range(self.columnCount()):
                item = self.item(r, c)
                if item is None:
                    continue
                marked = (r, c) in self._highlight
                item.setForeground(QBrush(fg) if marked else QBrush())
                item.setBackground(QBrush(bg) if marked else QBrush())
                font = QFont(self.font())
                font.setBold(marked)
                font.setItalic(self.is_missing(r, c))
                item.setFont(font)
        self._hint = None         # bold entries are wider

    # --- copy and activation ------------------------------------------------
    def selection_as_text(self) -> str:
        """The selected block (or everything, when nothing is selected) as
        tab-separated lines of full-precision numbers."""
        ranges = self.selectedRanges()
        if ranges:
            top = min(r.topRow() for r in ranges)
            bottom = max(r.bottomRow() for r in ranges)
            left = min(r.leftColumn() for r in ranges)
            right = max(r.rightColumn() for r in ranges)
        else:
            top, bottom, left, right = 0, self.rowCount() - 1, 0, self.columnCount() - 1
        lines = []
        for r in range(top, bottom + 1):
            lines.append("\t".join("" if self._values[r][c] is None else format_exact(self._values[r][c])
                                   for c in range(left, right + 1)))
        return "\n".join(lines)

    def copy_selection(self) -> None:
        QGuiApplication.clipboard().setText(self.selection_as_text())

    def keyPressEvent(self, event) -> None:
        if event.matches(QKeySequence.StandardKey.Copy):
            self.copy_selection()
            event.accept()
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentItem() is not None:
            self._activated(self.currentRow(), self.currentColumn())
            event.accept()
            return
        super().keyPressEvent(event)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (event.Type.FontChange, event.Type.StyleChange):
            self._hint = None
        if event.type() == event.Type.PaletteChange:
            self._apply_highlight()

    # --- size: the whole matrix when it is small, scrolling when it is big ---
    def sizeHint(self) -> QSize:
        # measured every time: a hint kept across a font change (presenter mode) left the columns
        # at the old size, the values cut
        self._hint = fitted_size(self, self.MAX_VISIBLE_ROWS)
        return with_horizontal_bar(self, self._hint)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        bar = self._hint is not None and needs_horizontal_bar(self, self._hint)
        if bar != self._bar:
            self._bar = bar
            self.updateGeometry()   # the sideways scroll bar came or went: the height follows

    def minimumSizeHint(self) -> QSize:
        hint = self.sizeHint()
        return QSize(min(hint.width(), 120), min(hint.height(), 80))

    def _tooltip(self, r: int, c: int, value) -> str:
        if self._cell_names is not None:
            try:
                name = self._cell_names[r][c]
            except (IndexError, TypeError):
                name = ""
            if name:
                return f"{name} = {format_exact(value)}"
        return format_exact(value)
