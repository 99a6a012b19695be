"""Headless exports of an analysis: LaTeX, the graph as SVG, a self-contained HTML report.

Everything here reads the headless JSON object (DESIGN.md, "Headless contract")
and returns text; nothing imports Qt, and no program text is ever executed.
"""
from core.export.graph_svg import graph_svg
from core.export.html_report import html_report
from core.export.latex import latex_document, latex_snippets
from core.files import OutputPathError, check_writable, write_atomic  # re-exported for the exports' callers

__all__ = ["OutputPathError", "check_writable", "graph_svg", "html_report", "latex_document", "latex_snippets",
           "write_atomic"]
