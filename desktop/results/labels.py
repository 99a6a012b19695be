"""Small label helpers shared by the results widgets."""
from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")  # a name that can go into "x.grad"


def small(widget: QWidget, factor: float = 0.9) -> QWidget:
    """``widget`` with its font scaled by ``factor`` (for secondary text)."""
    font = QFont(widget.font())
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * factor)
    widget.setFont(font)
    return widget


def wrapping_label(text: str = "", parent=None) -> QLabel:
    """Plain, selectable, word-wrapped text: room for longer translations."""
    label = QLabel(text, parent)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def keep_lines(label: QLabel, width: int) -> None:
    """Give a word-wrapped ``label`` the height its lines need at ``width`` as its minimum (a layout
    squeezes a wrapped label below it, cutting lines).  QLabel's own answer counts the minimum height
    already set, so it is asked with none."""
    held = label.minimumHeight()
    if held:
        label.setMinimumHeight(0)
    high = max(label.heightForWidth(width), 0) if label.text() else 0
    label.setMinimumHeight(high)


def titled(title: str, body: QWidget | None = None, bold: bool = False) -> QWidget:
    """A caption above a widget (a table, a note), kept together when the layout changes."""
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(2)
    caption = wrapping_label(title)
    if bold:
        font = QFont(caption.font())
        font.setBold(True)
        caption.setFont(font)
    else:
        small(caption)
    layout.addWidget(caption)
    if isinstance(body, QLabel) and body.wordWrap():
        # a note takes the box's width and wraps in it: aligned, it would get the width of its
        # size hint and the height of one line, and be cut off ("(too large to")
        layout.addWidget(body)
    elif body is not None:
        layout.addWidget(body, 0, Qt.AlignmentFlag.AlignLeft)
    return box
