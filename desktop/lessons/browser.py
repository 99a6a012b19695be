"""The lesson browser: the lessons in ``resources/lessons``, what each explains
and what to look at, and a button that opens one in the editor.

Lesson texts come in English and Chinese (``NN_name.json``); the browser shows
them in the UI's language (:func:`lesson_language`).  Opening is the main
window's business: the browser only emits ``openRequested(name)``.
"""
from __future__ import annotations

from html import escape

from PySide6.QtCore import QEvent, QLocale, Qt, Signal
from PySide6.QtWidgets import (QDockWidget, QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton,
                               QSplitter, QTextBrowser, QVBoxLayout, QWidget)

import resources

LANGUAGES = ("en", "zh")
NAME_ROLE = Qt.ItemDataRole.UserRole


def lesson_language() -> str:
    """The language of the lesson texts: ``"zh"`` when the UI is Chinese, else ``"en"``.

    The UI's language comes from :mod:`desktop.i18n` when it says (the locale
    of the installed translator), else from the default QLocale.
    """
    try:
        from desktop.i18n import current_language as ui_language
    except ImportError:
        ui_language = None
    name = ui_language() if ui_language is not None else QLocale().name()
    return "zh" if str(name or "").lower().startswith("zh") else "en"


def _text(info: dict, key: str, language: str):
    texts = info.get(key) or {}
    return texts.get(language) or texts.get("en") or ([] if key == "look_at" else "")


class LessonBrowser(QWidget):
    """The list of lessons and the selected one's explanation.

    ``openRequested(name)`` on the Open button, a double click or Enter.
    """

    openRequested = Signal(str)
    selectionChanged = Signal(str)

    def __init__(self, parent: QWidget | None = None, language: str | None = None):
        super().__init__(parent)
        self._fixed_language = language
        self._language = language or lesson_language()
        self._infos = {name: resources.read_lesson_info(name) for name in resources.lesson_names()}

        self.list = QListWidget(self)
        self.list.setWordWrap(True)
        self.list.setUniformItemSizes(False)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.currentItemChanged.connect(self._current_changed)
        self.list.itemActivated.connect(self._activated)   # double click, Enter

        self.details = QTextBrowser(self)
        self.details.setOpenLinks(False)
        self.open_button = QPushButton(self)
        self.open_button.setDefault(True)
        self.open_button.clicked.connect(self.open_selected)
        self.hint = QLabel(self)
        self.hint.setWordWrap(True)
        self.hint.setEnabled(False)   # secondary text

        lower = QWidget(self)
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(self.details, 1)
        row = QHBoxLayout()
        row.addWidget(self.hint, 1)
        row.addWidget(self.open_button, 0, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        lower_layout.addLayout(row)

        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.addWidget(self.list)
        self.splitter.addWidget(lower)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.splitter)

        self._retranslate()
        self._fill()

    # --- public -------------------------------------------------------------------
    def language(self) -> str:
        return self._language

    def set_language(self, language: str | None) -> None:
        """Show the lesson texts in ``language`` ("en" or "zh"); None follows the UI."""
        self._fixed_language = language if language in LANGUAGES else None
        self._update_language()

    def lesson_names(self) -> list[str]:
        """The lessons listed, in order (file names)."""
        return [self.list.item(i).data(NAME_ROLE) for i in range(self.list.count())]

    def titles(self) -> list[str]:
        """The titles listed, in order, in the browser's language."""
        return [_text(self._infos[name], "title", self._language) for name in self.lesson_names()]

    def selected(self) -> str | None:
        item = self.list.currentItem()
        return None if item is None else item.data(NAME_ROLE)

    def select(self, name: str | None) -> bool:
        """Select lesson ``name`` (a file name); False when there is no such lesson.  None selects
        none (the work in the window is no lesson)."""
        if name is None:
            self.list.setCurrentRow(-1)
            self.list.clearSelection()
            return False
        for i in range(self.list.count()):
            if self.list.item(i).data(NAME_ROLE) == name:
                self.list.setCurrentRow(i)
                return True
        return False

    def details_text(self) -> str:
        """The explanation shown, as plain text."""
        return self.details.toPlainText()

    def open_selected(self) -> None:
        name = self.selected()
        if name:
            self.openRequested.emit(name)

    # --- internals ----------------------------------------------------------------
    def _fill(self) -> None:
        current = self.selected()
        self.list.blockSignals(True)
        self.list.clear()
        for name, info in self._infos.items():
            item = QListWidgetItem(f"{name[:2]}   {_text(info, 'title', self._language)}")
            item.setData(NAME_ROLE, name)
            item.setToolTip(name)
            self.list.addItem(item)
        self.list.blockSignals(False)
        if not self.select(current):
            self._show(None)

    def _current_changed(self, current, _previous) -> None:
        name = None if current is None else current.data(NAME_ROLE)
        self._show(name)
        if name:
            self.selectionChanged.emit(name)

    def _activated(self, item) -> None:
        self.list.setCurrentItem(item)
        self.open_selected()

    def _show(self, name: str | None) -> None:
        self.open_button.setEnabled(name is not None)
        if name is None:
            choose = self.tr("Choose a lesson to read what it shows.")   # outside the f-string: lupdate skips those
            self.details.setHtml(f"<p>{escape(choose)}</p>")
            return
        info, lang = self._infos[name], self._language
        look = "".join(f"<li>{escape(item)}</li>" for item in _text(info, "look_at", lang))
        look_at = self.tr("Look at:")
        self.details.setHtml(
            f"<h3>{escape(_text(info, 'title', lang))}</h3>"
            f"<p>{escape(_text(info, 'text', lang))}</p>"
            f"<p><b>{escape(look_at)}</b></p><ul>{look}</ul>")

    def _retranslate(self) -> None:
        self.open_button.setText(self.tr("Open lesson"))
        self.open_button.setToolTip(self.tr("Put this lesson's program in the editor and run it"))
        self.hint.setText(self.tr("Double-click or Enter also opens it."))
        self.list.setAccessibleName(self.tr("Lessons"))
        self.details.setAccessibleName(self.tr("Lesson explanation"))

    def _update_language(self) -> None:
        language = self._fixed_language or lesson_language()
        if language != self._language:
            self._language = language
            self._fill()
        else:
            self._show(self.selected())

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.LanguageChange, QEvent.Type.LocaleChange):
            self._retranslate()
            self._update_language()


class LessonsDock(QDockWidget):
    """The lesson browser in a dock (View > Lessons, Ctrl+L)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("lessons-dock")
        self.browser = LessonBrowser(self)
        self.setWidget(self.browser)
        self.setAllowedAreas(Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea)
        self._retranslate()

    def _retranslate(self) -> None:
        self.setWindowTitle(self.tr("Lessons"))

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
