"""Python syntax colouring for the program editor.

A small left-to-right scanner per line (not a list of independent regexes), so
that a ``#`` inside a string is not a comment and a keyword inside a string is
not coloured.  Triple-quoted strings that span lines carry over in the block
state.  Colours come in a light and a dark set, chosen from the lightness of
the palette's base colour, so the text stays readable in both.
"""

from __future__ import annotations

import builtins
import keyword
import re

from PySide6.QtGui import QColor, QFont, QPalette, QSyntaxHighlighter, QTextCharFormat, QTextDocument

KEYWORDS = frozenset(keyword.kwlist) | frozenset(keyword.softkwlist) - {"_"}
BUILTINS = frozenset(name for name in dir(builtins) if not name.startswith("_")) - KEYWORDS
TORCH_NAMES = frozenset({"torch", "F", "nn", "autograd", "Variable"})

# (light, dark) colours for each kind of token.
_COLOURS = {
    "keyword": ("#0033b3", "#cf8e6d"),
    "builtin": ("#7a3e9d", "#b39ddb"),
    "torch": ("#00796b", "#4dd0c1"),
    "number": ("#1750eb", "#6ab0f3"),
    "string": ("#067d17", "#8fcf7a"),
    "fstring_field": ("#8c4a00", "#e6b450"),
    "comment": ("#707070", "#8a8f98"),
    "decorator": ("#9e880d", "#d6c35a"),
    "self": ("#94558d", "#c77dbb"),
}

# Block states: which triple-quoted string a line ends inside of.
_NO_STRING, _IN_TRIPLE_SINGLE, _IN_TRIPLE_DOUBLE = -1, 1, 2
_F_FLAG = 4  # added to the state when that string is an f-string

_STRING_START = re.compile(r"(?i)(rb|br|fr|rf|[rbuf])?('''|\"\"\"|'|\")")
_NUMBER = re.compile(
    r"(?i)(0x[0-9a-f_]+|0o[0-7_]+|0b[01_]+|"
    r"(\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(e[+-]?\d[\d_]*)?j?)")
_IDENT = re.compile(r"[^\W\d]\w*")
_DECORATOR = re.compile(r"@\s*[^\W\d][\w.]*")


def is_dark(palette: QPalette) -> bool:
    """True when the palette's text background is dark."""
    return palette.color(QPalette.ColorRole.Base).lightness() < 128


class PythonHighlighter(QSyntaxHighlighter):
    """Colours keywords, builtins, torch, numbers, strings (incl. f-strings), comments, decorators."""

    def __init__(self, document: QTextDocument, dark: bool = False):
        super().__init__(document)
        self._dark = dark
        self._formats: dict[str, QTextCharFormat] = {}
        self._build_formats()

    # -- colours ------------------------------------------------------------------------------

    def set_dark(self, dark: bool) -> None:
        """Switch between the light and dark colour sets (re-colours the document)."""
        if dark != self._dark:
            self._dark = dark
            self._build_formats()
            self.rehighlight()

    def is_dark(self) -> bool:
        return self._dark

    def format_for(self, kind: str) -> QTextCharFormat:
        """The character format used for a token kind ("keyword", "string", ...)."""
        return self._formats[kind]

    def _build_formats(self) -> None:
        self._formats = {}
        for kind, (light, dark) in _COLOURS.items():
            fmt = QTextCharFormat()
            fmt.setForeground(QColor(dark if self._dark else light))
            if kind == "keyword":
                fmt.setFontWeight(QFont.Weight.Bold)
            if kind == "comment":
                fmt.setFontItalic(True)
            self._formats[kind] = fmt

    # -- scanning -----------------------------------------------------------------------------

    def highlightBlock(self, text: str) -> None:  # noqa: N802 - Qt override
        self.setCurrentBlockState(_NO_STRING)
        pos = 0
        previous = self.previousBlockState()
        if previous > 0:
            quote = "'''" if previous % _F_FLAG == _IN_TRIPLE_SINGLE else '"""'
            pos = self._string_body(text, 0, quote, previous >= _F_FLAG, 0)
        n = len(text)
        while pos < n:
            ch = text[pos]
            if ch == "#":
                self.setFormat(pos, n - pos, self._formats["comment"])
                return
            if ch in "'\"" or (ch.isalpha() and _STRING_START.match(text, pos)):
                match = _STRING_START.match(text, pos)
                if match:
                    prefix = (match.group(1) or "").lower()
                    body_start = match.end()
                    pos = self._string_body(text, body_start, match.group(2), "f" in prefix, pos)
                    continue
            if ch == "@" and text[:pos].strip() == "":
                match = _DECORATOR.match(text, pos)
                if match:
                    self.setFormat(pos, match.end() - pos, self._formats["decorator"])
                    pos = match.end()
                    continue
            if ch.isdigit() or (ch == "." and pos + 1 < n and text[pos + 1].isdigit()):
                match = _NUMBER.match(text, pos)
                if match and match.end() > pos:
                    self.setFormat(pos, match.end() - pos, self._formats["number"])
                    pos = match.end()
                    continue
            if ch.isalpha() or ch == "_":
                match = _IDENT.match(text, pos)
                word = match.group()
                kind = self._word_kind(word, text, pos)
                if kind:
                    self.setFormat(pos, len(word), self._formats[kind])
                pos = match.end()
                continue
            pos += 1

    def _word_kind(self, word: str, text: str, pos: int) -> str | None:
        after_dot = text[:pos].rstrip().endswith(".")
        if word in KEYWORDS and not after_dot:
            return "keyword"
        if word in TORCH_NAMES and not after_dot:
            return "torch"
        if word == "self" and not after_dot:
            return "self"
        if word in BUILTINS and not after_dot:
            return "builtin"
        return None

    def _string_body(self, text: str, start: int, quote: str, is_f: bool, colour_from: int) -> int:
        """Colour a string from ``colour_from``; its body starts at ``start``.  Returns where it ends."""
        n = len(text)
        pos = start
        fields = []
        depth = 0
        field_start = 0
        while pos < n:
            ch = text[pos]
            if ch == "\\":
                pos += 2
                continue
            if is_f and ch in "{}":
                if pos + 1 < n and text[pos + 1] == ch and depth == 0:
                    pos += 2  # {{ or }}: a literal brace
                    continue
                if ch == "{":
                    if depth == 0:
                        field_start = pos
                    depth += 1
                elif depth > 0:
                    depth -= 1
                    if depth == 0:
                        fields.append((field_start, pos + 1))
            if text.startswith(quote, pos) and depth == 0:
                end = pos + len(quote)
                self._colour_string(colour_from, end, fields)
                return end
            pos += 1
        # The line ends inside the string: a triple-quoted one continues on the next line.
        self._colour_string(colour_from, n, fields)
        if len(quote) == 3:
            state = _IN_TRIPLE_SINGLE if quote == "'''" else _IN_TRIPLE_DOUBLE
            self.setCurrentBlockState(state + (_F_FLAG if is_f else 0))
        return n

    def _colour_string(self, start: int, end: int, fields) -> None:
        self.setFormat(start, end - start, self._formats["string"])
        for field_start, field_end in fields:
            self.setFormat(field_start, field_end - field_start, self._formats["fstring_field"])
