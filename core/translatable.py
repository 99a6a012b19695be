"""The marker of English texts that the desktop shows translated.

core writes its notes, errors and progress texts in English (the JSON and the
command line keep them so), and stays free of Qt.  A text the desktop
translates is written as ``_T("template with {placeholders}").format(...)``:
``_T`` returns its argument unchanged, and the desktop's extractor
(:mod:`desktop.i18n.explain_strings`) finds every ``_T`` call with one literal
string in every module of core, so the template goes into the translation file.
``core/explain.py`` marks its sentences with this same ``_T``.
The desktop then translates a composed text by matching it against those
templates (:func:`desktop.i18n.translate_text`), values and all.

The template must be the literal argument of ``_T`` (no f-string, no variable),
with named or ``{}`` placeholders filled by ``.format()``.

>>> _T("line {line} differentiates {n} outputs together").format(line=4, n=2)
'line 4 differentiates 2 outputs together'
"""
from __future__ import annotations


def _T(text: str) -> str:  # noqa: N802 - the marker name the extractor looks for
    """Mark ``text`` for translation; returns it unchanged."""
    return text
