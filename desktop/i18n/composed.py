"""Texts that core composes in English, shown in the UI's language by lookup.

core (Qt-free) writes its notes, errors and progress texts as
:class:`core.translatable.Text`: the English rendering (a ``str``) that keeps
its template and the text of each placeholder.  The template is in the
catalogue (context ``analysis``, extracted from core's ``_T("...")`` calls by
:mod:`desktop.i18n.explain_strings`), so a text is shown translated by looking
its template up (``QCoreApplication.translate("analysis", template)``) and
putting the values in:

- a value that is itself a :class:`~core.translatable.Text` (a note of the
  PyTorch witness inside "real PyTorch disagrees: {note}", the reason a replay
  stopped inside that note) is translated the same way;
- any other value (a number as the English formats it, a shape, a name,
  PyTorch's own message) is data and stays as it is.

Nothing is parsed back: a plain ``str`` is looked up as a whole (a template of
no placeholders, such as ``"running the program"``, or a sentence of
``core/explain.py``), and is shown as it is when the catalogue does not have it.
A translation that lost a placeholder, or has one of its own, is not used: the
English is shown instead, so English is always a safe fallback.

A panel keeps the :class:`~core.translatable.Text` it was given and calls
:func:`translate_text` again on ``QEvent.LanguageChange`` (nothing here remembers
what was shown: the owner of a text keeps it).

>>> translate_text("running the program")     # English is installed: the text itself
'running the program'
"""
from __future__ import annotations

import re
import string

from PySide6.QtCore import QCoreApplication

from core.translatable import CONTEXT as ANALYSIS
from core.translatable import Text, fields

_FORMATTER = string.Formatter()
_CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def translate_text(text: str | None, context: str = ANALYSIS) -> str | None:
    """``text`` in the current language: a :class:`~core.translatable.Text` by its template
    (context ``context``) with its values put in; a plain string looked up as it is; the text
    unchanged when the catalogue has no translation (or it is empty or None)."""
    if not text:
        return text
    if isinstance(text, Text) and text.values:
        found = _filled(text, context)
        shown = str.__str__(text) if found is None else found
    else:
        shown = QCoreApplication.translate(context, text.template if isinstance(text, Text) else text)
    return shown


def _filled(text: Text, context: str) -> str | None:
    """The text's template translated, its values put in; None when the translation does not
    have exactly the template's placeholders (a broken translation: the English is shown)."""
    translated = QCoreApplication.translate(context, text.template)
    try:
        if set(fields(translated)) != set(text.values):
            return None
        pieces = list(_FORMATTER.parse(translated))
    except ValueError:          # a lone brace in the translation
        return None
    values, inner = {}, set()
    for name, value in text.values.items():
        if isinstance(value, Text):
            values[name] = translate_text(value, ANALYSIS)     # a text inside a text: core's analysis context
            inner.add(name)
        else:
            values[name] = value
    return _join(pieces, values, inner)


def _join(pieces, values: dict[str, str], inner: set[str]) -> str:
    """The pieces with the values put in.  A translation keeps a space around a placeholder,
    which suits a name ("而 out 的形状"); a value that is a translated text of its own is set
    without the space where Chinese meets Chinese ("而第 4 行求导的张量的形状")."""
    text, trim_next, auto = "", False, 0
    for literal, field, _, _ in pieces:
        if trim_next and literal[:1] == " " and _CJK.match(literal[1:2]):
            literal = literal[1:]
        text += literal
        trim_next = False
        if field is None:
            continue
        if field == "":
            field, auto = str(auto), auto + 1
        value = values[field]
        if field in inner and value:
            if _CJK.match(value[0]) and text.endswith(" ") and _CJK.match(text[-2:-1]):
                text = text[:-1]
            trim_next = bool(_CJK.match(value[-1]))
        text += value
    return text
