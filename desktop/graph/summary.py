"""A large array core left out of a trace step or a graph node, said from its summary.

Past :data:`core.analysis.trace.MAX_SHOWN_ELEMENTS` elements core writes ``KEY: null`` and
``KEY_summary`` beside it (:func:`core.report_json.array_summary`: ``shape``, ``numel``,
``first``, ``min``, ``max``, ``mean``, ``omitted``).  :func:`value_or_summary` picks what to show,
:func:`summary_lines` says it ("shape, min, max, mean, first values…") in the UI's language.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from desktop.graph.format import format_number, format_shape, format_value, is_summary


def value_or_summary(record: dict | None, key: str):
    """``record[key]``, or its summary (a dict) when core left the value out."""
    record = record or {}
    value = record.get(key)
    if value is None and isinstance(record.get(key + "_summary"), dict):
        return record[key + "_summary"]
    return value


def summary_lines(summary: dict, max_chars: int | None = 72) -> list[str]:
    """A summary as lines: its shape and size, its smallest, largest and mean value, its first values."""
    shape = format_shape(summary.get("shape")) or QCoreApplication.translate("Summary", "scalar")
    lines = [QCoreApplication.translate("Summary", "shape {0}, {1} elements (too many to keep in full)").format(
        shape, f"{int(summary.get('numel') or 0):,}")]
    if "min" in summary:
        lines.append(QCoreApplication.translate("Summary", "min {0}, max {1}, mean {2}").format(
            format_number(summary.get("min")), format_number(summary.get("max")), format_number(summary.get("mean"))))
    first = summary.get("first") or []
    if first:
        lines.append(QCoreApplication.translate("Summary", "first values: {0}").format(
            format_value(list(first), max_chars=max_chars)[:-1] + ", …]"))
    return lines


def describe(value, max_chars: int | None = None) -> str:
    """A value in full (a tooltip's text): a summary said in lines, else the numbers."""
    if is_summary(value):
        return "\n".join(summary_lines(value, max_chars))
    return format_value(value, max_chars=max_chars)
