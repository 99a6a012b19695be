"""In presenter mode the result tables grow with the fonts: a size hint kept from before the font
change left the columns at their old width, the values cut ('−1 0.' for '−1 0.25')."""
from __future__ import annotations

import resources
from desktop.results.matrix_table import MatrixTable
from tests.windows import open_window


def test_presenter_mode_widens_the_table_columns_to_their_text(qtbot, appearance_restored):
    window = open_window(qtbot, resources.read_lesson("15_tiny_mlp_step.py"))
    window.set_presenter_mode(True)
    try:
        tables = [t for t in window.results.findChildren(MatrixTable) if t.isVisible() and t.columnCount()]
        assert tables

        def every_column_fits():
            return all(t.columnWidth(c) >= t.sizeHintForColumn(c) for t in tables for c in range(t.columnCount()))
        qtbot.waitUntil(every_column_fits, timeout=5000)
        # and a small table is as wide as its columns: no sideways scrolling for a 2x2
        qtbot.waitUntil(lambda: not any(t.horizontalScrollBar().isVisible() for t in tables if t.columnCount() <= 4),
                        timeout=5000)
    finally:
        window.set_presenter_mode(False)
