"""Texts that core composes in English, shown in the UI's language.

core (Qt-free) writes its notes, errors and progress texts from templates
marked ``_T("...")`` (see :mod:`core.translatable`), filled with ``.format()``:
``"line 4 differentiates 2 outputs together; ..."``.  The templates are in the
catalogue (context ``analysis``), so a composed text can be matched against
them, as :mod:`desktop.i18n.retranslate` matches the window's strings: each
template with placeholders is a pattern (``{line}`` captures ``4``), the most
specific one that fits the whole text wins, and its translation gets the
values.  A value that is itself a text of the context is translated too
(``"real PyTorch disagrees: {note}"`` holds a note of the PyTorch witness,
which may hold the reason a replay stopped); anything else (numbers, shapes,
names, PyTorch's own messages) is data and stays as it is.

A text the catalogue does not know is returned unchanged, so English is always
a safe fallback; in English every text comes back as it was.

>>> translate_text("running the program")     # English is installed: the text itself
'running the program'
"""
from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from functools import lru_cache

from PySide6.QtCore import QCoreApplication

from desktop.i18n import catalog
from desktop.i18n.explain_strings import ANALYSIS
from desktop.i18n.retranslate import _parse, _pattern

MAX_DEPTH = 4       # texts inside texts inside texts: a note, its reason, the reason's op name...
_CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


class TextTranslator:
    """Composed texts of one context (any language of the catalogue) in the current language."""

    def __init__(self, messages: list[catalog.Message], context: str):
        self.context = context
        self._exact: dict[str, str] = {}        # a rendering (source or translation) -> its source
        self._patterns = []
        for m in messages:
            if m.context != context:
                continue
            for rendering in {m.source, m.translation} - {""}:
                self._exact.setdefault(rendering, m.source)
                pattern = _pattern(rendering, context, m.source)
                if pattern is not None:
                    self._patterns.append(pattern)
        self._patterns.sort(key=lambda p: -p.weight)    # the most specific template first

    def text(self, text: str, depth: int = 0) -> str | None:
        """``text`` in the current language, or None when no template of the context fits it."""
        source = self._exact.get(text)
        if source is not None:
            return QCoreApplication.translate(self.context, source)
        if depth >= MAX_DEPTH:
            return None
        for pattern in self._patterns:
            if pattern.anchor not in text:
                continue
            match = pattern.regex.fullmatch(text)
            if match is None:
                continue
            filled = self._fill(pattern, match.groups(), depth)
            if filled is not None:
                return filled
        return None

    def _fill(self, pattern, groups: tuple[str, ...], depth: int) -> str | None:
        values, translated = {}, set()
        for field, value in zip(pattern.fields, groups):
            inner = self.text(value, depth + 1)
            values[field] = value if inner is None else inner
            if inner is not None:
                translated.add(field)
        try:
            pieces = _parse(QCoreApplication.translate(self.context, pattern.source))
        except ValueError:          # a broken translation: keep the text as it is
            return None
        if {field for _, field in pieces if field is not None} != set(values):
            return None             # the translation lost a placeholder, or has one of its own
        return _join(pieces, values, translated)


def _join(pieces, values: dict[str, str], translated: set[str]) -> str:
    """The pieces with the values put in.  A translation keeps a space around a placeholder,
    which suits a name ("而 out 的形状"); a value that is a translated text of its own is
    set without the space where Chinese meets Chinese ("而第 4 行求导的张量的形状")."""
    text, trim_next = "", False
    for literal, field in pieces:
        if trim_next and literal[:1] == " " and _CJK.match(literal[1:2]):
            literal = literal[1:]
        text += literal
        trim_next = False
        if field is None:
            continue
        value = values[field]
        if field in translated and value:
            if _CJK.match(value[0]) and text.endswith(" ") and _CJK.match(text[-2:-1]):
                text = text[:-1]
            trim_next = bool(_CJK.match(value[-1]))
        text += value
    return text


@lru_cache(maxsize=None)
def translator(context: str = ANALYSIS) -> TextTranslator:
    """The context's translator, read from the catalogue once."""
    messages = []
    for language in catalog.TRANSLATED_LANGUAGES:
        try:
            messages += catalog.read_ts(catalog.ts_path(language))
        except (OSError, ET.ParseError) as error:     # no catalogue: English it is
            print(f"backprop-lens: cannot read the {language} catalogue: {error}", file=sys.stderr)
    return TextTranslator(messages, context)


def translate_text(text: str | None, context: str = ANALYSIS) -> str | None:
    """A text core composed from a ``_T`` template of ``context``, in the current language,
    values put in; the text unchanged when no template fits (or it is empty or None)."""
    if not text:
        return text
    found = translator(context).text(text)
    return text if found is None else found
