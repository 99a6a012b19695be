"""The limits of a run, as core declares them: the Limits page of the Settings dialog.

Every row comes from core's declaration in :mod:`core.interp.limits`: the
fields of ``Limits`` (name and default), ``Limits.DESCRIPTIONS`` (what the user
sees, the command line's option) and the range each limit may take, so a limit
added to core appears here with nothing written twice.  The dialog only shows
and edits; the values are checked by core (``Limits.checked_value``) and kept
by :mod:`desktop.appearance.settings`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, fields

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (QAbstractSpinBox, QDoubleSpinBox, QFrame, QGridLayout, QLabel, QScrollArea,
                               QVBoxLayout, QWidget)

from core.interp.limits import Limits
from desktop.i18n.composed import translate_text
from desktop.i18n.texts import Texts


@dataclass(frozen=True)
class LimitSpec:
    """One limit as core declares it."""

    name: str                  # the Limits field, "max_seconds"
    description: str           # what the user sees (core's English), "seconds of running time"
    option: str                # the command line's option, "--max-seconds"
    default: int | float
    low: int | float           # the range core accepts, both ends included
    high: int | float
    seconds: bool              # a number of seconds (else a whole number)


def limit_specs() -> list[LimitSpec]:
    """Every limit of core's ``Limits``, in its declaration's order."""
    descriptions = Limits().DESCRIPTIONS
    specs = []
    limits = set(Limits.names())
    for f in fields(Limits):
        if f.name not in limits:
            continue
        seconds = isinstance(f.default, float)
        low, high = Limits.range(f.name)
        description, option = descriptions[f.name]
        specs.append(LimitSpec(f.name, description, option, f.default, low, high, seconds))
    return specs


def limit_named_in(message: str | None) -> str | None:
    """The limit whose option a LimitExceeded message names ("... (option --max-steps, ..."), or None."""
    for spec in limit_specs():
        if message and re.search(rf"(?<![\w-]){re.escape(spec.option)}(?![\w-])", message):
            return spec.name
    return None


def _capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


class LimitsEditor(QWidget):
    """One editor per limit, with its default and its command-line option (the Limits page of the
    Settings dialog); ``values()`` are the limits chosen, checked by core.

    ``chosen`` holds the limits that differ from their defaults (as settings keep them);
    ``highlight`` names the limit to put the focus on (the one a run was stopped by)."""

    def __init__(self, chosen: dict | None = None, parent: QWidget | None = None, highlight: str | None = None):
        super().__init__(parent)
        self.setObjectName("limits-editor")
        chosen = chosen or {}
        self.specs = limit_specs()
        self.editors: dict[str, QDoubleSpinBox] = {}
        self.labels: dict[str, QLabel] = {}

        self.texts = Texts(self)        # set again on each switch of language
        intro = QLabel(self)
        self.texts.bind(intro.setText, lambda: self.tr(
            "A program that goes past one of these limits is stopped at its line with a LimitExceeded error. They "
            "apply to every run in the app; the command line has the same limits as its options."))
        intro.setWordWrap(True)
        self.intro = intro

        table = QWidget(self)
        self.table = table
        grid = QGridLayout(table)
        grid.setHorizontalSpacing(16)
        grid.setColumnStretch(0, 1)
        for column, text in enumerate((lambda: self.tr("Limit"), lambda: self.tr("Value"),
                                       lambda: self.tr("Default"), lambda: self.tr("Command line"))):
            header = QLabel(table)
            self.texts.bind(header.setText, lambda text=text: f"<b>{text()}</b>")
            grid.addWidget(header, 0, column)
        for row, spec in enumerate(self.specs, 1):
            editor = self._editor(spec, table)
            editor.setValue(chosen.get(spec.name, spec.default))
            label = QLabel(table)
            self.texts.bind(label.setText, lambda spec=spec: _capitalized(translate_text(spec.description)))
            self.texts.bind(editor.setAccessibleName, lambda spec=spec: translate_text(spec.description))
            label.setBuddy(editor)
            low, high = editor.textFromValue(spec.low), editor.textFromValue(spec.high)
            for widget in (label, editor):
                self.texts.bind(widget.setToolTip,
                                lambda low=low, high=high: self.tr("From {0} to {1}").format(low, high))
            default = QLabel(table)
            self.texts.bind(default.setText, lambda editor=editor, spec=spec: editor.textFromValue(spec.default)
                            + editor.suffix())
            default.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            option = QLabel(f"<code>{spec.option}</code>", table)
            option.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            for column, widget in enumerate((label, editor, default, option)):
                grid.addWidget(widget, row, column)
            self.editors[spec.name] = editor
            self.labels[spec.name] = label
        grid.setRowStretch(len(self.specs) + 1, 1)

        self.scroll = QScrollArea(self)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setWidget(table)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.scroll, 1)
        self.highlighted: str | None = None
        self.highlight(highlight)

    def highlight(self, name: str | None) -> None:
        """Put the focus on limit ``name`` (else the first), its label in bold: the limit a run was
        stopped by."""
        for spec_name, label in self.labels.items():
            font = label.font()
            if font.bold() != (spec_name == name):
                font.setBold(spec_name == name)
                label.setFont(font)
        self.highlighted = name if name in self.editors else None
        first = self.editors.get(name) or next(iter(self.editors.values()), None)
        if first is not None:
            first.setFocus()
            first.selectAll()
        if name in self.editors:
            self.scroll.ensureWidgetVisible(self.editors[name])

    def preferred_size(self) -> QSize:
        """The size that shows the whole table without scrolling."""
        margins = self.layout().contentsMargins()
        scroll_bar = self.scroll.verticalScrollBar().sizeHint().width()
        width = self.table.sizeHint().width() + scroll_bar
        return QSize(width + margins.left() + margins.right(),
                     self.intro.heightForWidth(width) + self.layout().spacing() + self.table.sizeHint().height()
                     + margins.top() + margins.bottom())

    def _editor(self, spec: LimitSpec, parent: QWidget) -> QDoubleSpinBox:
        # a double spin box for counts too: QSpinBox stops at 2**31 - 1, core's counts go to 10**15
        editor = QDoubleSpinBox(parent)
        editor.setObjectName(spec.name)
        editor.setDecimals(2 if spec.seconds else 0)
        editor.setRange(spec.low, spec.high)
        editor.setGroupSeparatorShown(True)
        editor.setStepType(QAbstractSpinBox.StepType.AdaptiveDecimalStepType)
        editor.setAlignment(Qt.AlignmentFlag.AlignRight)
        if spec.seconds:
            self.texts.bind(editor.setSuffix, lambda: self.tr(" s"))
        editor.setMinimumWidth(editor.fontMetrics().horizontalAdvance("0,000,000,000,000") + 40)
        return editor

    def values(self) -> dict:
        """Every limit as it is in the dialog (field -> value, each checked by core)."""
        return {name: Limits.checked_value(name, editor.value()) for name, editor in self.editors.items()}

    def changed(self) -> dict:
        """The limits that differ from their defaults, as settings keep them."""
        defaults = {spec.name: spec.default for spec in self.specs}
        return {name: value for name, value in self.values().items() if value != defaults[name]}

    def set_values(self, chosen: dict) -> None:
        """Show ``chosen`` (the limits that differ from their defaults; the rest at their defaults)."""
        for spec in self.specs:
            self.editors[spec.name].setValue(chosen.get(spec.name, spec.default))

    def restore_defaults(self):
        """Put every limit back at core's default (kept only on OK)."""
        for spec in self.specs:
            self.editors[spec.name].setValue(spec.default)
