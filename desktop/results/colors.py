"""Status colours that stay readable on light and dark palettes (projected in class too)."""
from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

# kind: ((text, background) on a light palette, (text, background) on a dark one)
_COLORS = {
    "agree": (("#1e6b34", "#dcf2e2"), ("#a6e9b9", "#173d24")),
    "disagree": (("#8c1d18", "#fbd9d6"), ("#ffb4ab", "#5c1a1a")),
    "pending": (("#6b4e00", "#fff0c2"), ("#ffd88a", "#45370f")),
}


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def status_colors(kind: str, palette: QPalette) -> tuple[QColor, QColor]:
    """(text, background) for "agree", "disagree" or "pending"."""
    light, dark = _COLORS.get(kind, _COLORS["pending"])
    text, background = dark if is_dark(palette) else light
    return QColor(text), QColor(background)


def difference_colors(palette: QPalette) -> tuple[QColor, QColor]:
    """(text, background) for a table entry that differs or is invalid."""
    return status_colors("disagree", palette)
