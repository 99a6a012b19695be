"""Help ▸ Keyboard shortcuts: every action of the window that has keys, in one table.

The table is read from the window's actions when it opens, so it lists what
the keys really do now, named in the UI's language; nothing is kept twice.
"""
from __future__ import annotations

import re

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHeaderView, QTableWidget, QTableWidgetItem, QVBoxLayout


_MNEMONIC = re.compile(r"\s*\(&\w\)")


def shortcut_rows(window) -> list[tuple[str, str]]:
    """(what the action does, its keys) for every action of ``window`` with a shortcut,
    in menu order, each once."""
    rows, seen = [], set()
    for action in window.findChildren(QAction):
        keys = [k for k in action.shortcuts() if not k.isEmpty()]
        if not keys or not action.text():
            continue
        text = _MNEMONIC.sub("", action.text())      # "新建(&N)": the (&N) is only the menu's key
        text = text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip(".").rstrip("…")
        text = text.split("\t")[0].strip()
        names = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in keys]
        shown = ", ".join(dict.fromkeys(names))           # Return and Enter may read the same
        if (text, shown) in seen:
            continue
        seen.add((text, shown))
        rows.append((text, shown))
    return rows


class ShortcutsDialog(QDialog):
    """A non-modal table of the window's keyboard shortcuts."""

    def __init__(self, window):
        super().__init__(window)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._window = window
        self.table = QTableWidget(0, 2, self)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        rows = self._retranslate()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(560, min(720, 90 + 30 * len(rows)))

    def _retranslate(self) -> list[tuple[str, str]]:
        """Every text in the UI's language (at the start and on LanguageChange); returns the rows."""
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        # keys handled by widgets rather than by actions
        native = QKeySequence.SequenceFormat.NativeText
        clicker = ", ".join(QKeySequence(k).toString(native) for k in (Qt.Key.Key_PageDown, Qt.Key.Key_PageUp))
        rows = shortcut_rows(self._window) + [
            (self.tr("Zoom the graph in / out"), "Ctrl++, Ctrl+-"),
            (self.tr("Presenter mode: next / previous step (a clicker's buttons)"), clicker),
            (self.tr("Leave presenter mode"), "Esc")]
        self.table.setRowCount(len(rows))
        self.table.setHorizontalHeaderLabels([self.tr("Action"), self.tr("Keys")])
        for r, (text, keys) in enumerate(rows):
            self.table.setItem(r, 0, QTableWidgetItem(text))
            self.table.setItem(r, 1, QTableWidgetItem(keys))
        return rows

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "table"):
            self._retranslate()

    def rows(self) -> list[tuple[str, str]]:
        return [(self.table.item(r, 0).text(), self.table.item(r, 1).text()) for r in range(self.table.rowCount())]
