"""The texts core writes for a user: an English rendering that keeps its template and values.

core writes its notes, errors and progress texts in English (the JSON and the
command line keep them so), and stays free of Qt.  A text the desktop shows
translated is declared once, where it is written::

    _T("line {line} differentiates {n} outputs together").format(line=4, n=2)

``_T`` returns a :class:`Text`: a ``str`` (the English, so every caller,
``==``, ``json.dumps`` and the command line see plain English) that also keeps
its ``template`` and the ``values`` of its placeholders.  ``.format()`` on it
gives another :class:`Text` whose values are the placeholders' texts as the
English shows them (numbers formatted by the template's own format spec), or,
for a value that is itself a :class:`Text` (or an exception whose message is
one), that text with its own template: a text inside a text.

Where the meaning goes:

- to the desktop, through the service's frames (:mod:`core.frames` lets
  :class:`Text` through, and nothing else that is not plain data): the desktop
  looks the template up in its translations (context :data:`CONTEXT`) and puts
  the values in (:mod:`desktop.i18n.composed`): no English is parsed back;
- into the JSON, for whoever reads it headless: :func:`texts_json` lists every
  text of a JSON object as ``{english: {"template": ..., "values": {...}}}``,
  written beside the English as the object's ``"texts"`` field (an addition:
  every text field keeps its English string).

The desktop's extractor (:mod:`desktop.i18n.explain_strings`) finds every
``_T`` call with one literal string in every module of core, so each template
reaches the translation file (``core/explain.py``'s sentences too, context
``explain``).  The template must be the literal argument of ``_T`` (no
f-string, no variable), with named or ``{}`` placeholders filled by ``.format()``.

>>> note = _T("line {line} differentiates {n} outputs together").format(line=4, n=2)
>>> note
'line 4 differentiates 2 outputs together'
>>> note.template, note.values
('line {line} differentiates {n} outputs together', {'line': '4', 'n': '2'})
>>> outer = _T("real PyTorch disagrees: {note}").format(note=_T("PyTorch's backward raises an error"))
>>> texts_json({"notes": [outer]})[outer]["values"]
{'note': {'template': "PyTorch's backward raises an error", 'values': {}}}
"""
from __future__ import annotations

import string

CONTEXT = "analysis"        # the translation context of every template but core/explain.py's
MAX_TEXTS = 2_000           # texts_json lists at most this many texts of one object
_FORMATTER = string.Formatter()


class Text(str):
    """English text (the ``str`` itself) with the template it was made from and the text of each
    placeholder: ``values[name]`` is a ``str`` (data: a number as the English formats it, a
    name, an error message of PyTorch's) or a :class:`Text` (a text inside a text)."""

    __slots__ = ("template", "values")

    def __new__(cls, english: str, template: str | None = None, values: dict | None = None):
        self = super().__new__(cls, english)
        self.template = str.__str__(english) if template is None else str.__str__(template)
        self.values = {str(k): (v if isinstance(v, Text) else str.__str__(str(v)))
                       for k, v in (values or {}).items()}
        return self

    def __str__(self) -> Text:
        # str(note) keeps the meaning (the service sends progress texts as str(text))
        return self

    def __reduce__(self):
        # pickled as Text(english, template, values): what core.frames lets through
        return Text, (str.__str__(self), self.template, dict(self.values))

    def format(self, *args, **kwargs) -> Text:  # noqa: A003 - str.format, keeping the meaning
        """The template filled in, as :meth:`str.format`, keeping each placeholder's text."""
        values = {}
        auto = 0
        for _, field, spec, conversion in _FORMATTER.parse(self):
            if field is None:
                continue
            if field == "":
                field, auto = str(auto), auto + 1
            if field in values:
                continue
            value, _ = _FORMATTER.get_field(field, args, kwargs)
            inner = _as_text(value) if not conversion else None
            if inner is not None and not spec:
                values[field] = inner
            else:
                values[field] = _FORMATTER.format_field(_FORMATTER.convert_field(value, conversion), spec or "")
        english = str.format(self, *args, **kwargs)
        return Text(english, str.__str__(self), values)

    def to_json(self) -> dict:
        """``{"template": ..., "values": {name: text or {"template", "values"}}}``."""
        return {"template": self.template,
                "values": {k: v.to_json() if isinstance(v, Text) else v for k, v in self.values.items()}}

    @classmethod
    def from_json(cls, english: str, record: dict) -> Text:
        """The :class:`Text` of ``english`` and its :meth:`to_json` record (a JSON file read back)."""
        values = {}
        for name, value in (record.get("values") or {}).items():
            if isinstance(value, dict):
                inner = str(value.get("template", ""))
                values[name] = cls.from_json(_render(inner, value), value)
            else:
                values[name] = value
        return cls(english, record.get("template", english), values)


def _render(template: str, record: dict) -> str:
    """The English of a nested record (its values put into its template)."""
    try:
        return fill(template, {k: _render(v.get("template", ""), v) if isinstance(v, dict) else str(v)
                               for k, v in (record.get("values") or {}).items()})
    except (KeyError, ValueError, IndexError):
        return template


def _as_text(value) -> Text | None:
    """``value`` as a text with a template: a :class:`Text`, or an exception whose message is one."""
    if isinstance(value, Text):
        return value
    if isinstance(value, BaseException) and len(value.args) == 1 and isinstance(value.args[0], Text):
        return value.args[0]
    return None


def fields(template: str) -> list[str]:
    """The placeholders' names of ``template``, in order, once each ("{}" numbered from 0).
    Raises ValueError for a text that is not a format string (a lone brace)."""
    names, auto = [], 0
    for _, field, _, _ in _FORMATTER.parse(template):
        if field is None:
            continue
        if field == "":
            field, auto = str(auto), auto + 1
        if field not in names:
            names.append(field)
    return names


def fill(template: str, values: dict, join=None) -> str:
    """``template`` with each placeholder replaced by ``values[name]``, already a text (the
    placeholder's format spec was applied when the English was made).  ``join(text, field,
    value)`` may adjust the pieces as they are put together (the desktop's spacing of Chinese);
    by default the value is appended.  KeyError when a placeholder has no value."""
    text, auto = "", 0
    for literal, field, _, _ in _FORMATTER.parse(template):
        text += literal
        if field is None:
            continue
        if field == "":
            field, auto = str(auto), auto + 1
        text = join(text, field, values[field]) if join is not None else text + values[field]
    return text


def _T(text: str) -> Text:  # noqa: N802 - the marker name the extractor looks for
    """Mark ``text`` (a template) for translation; returns it as a :class:`Text` of no values."""
    return Text(text, text, {})


def texts_json(obj, limit: int = MAX_TEXTS) -> dict:
    """Every :class:`Text` in ``obj`` (dicts, lists and tuples, at any depth), as
    ``{english: {"template": ..., "values": {...}}}``: at most ``limit`` of them.  Lists of
    numbers (a tensor's values) are passed over without looking at each number."""
    found: dict = {}
    stack = [obj]
    while stack and len(found) < limit:
        x = stack.pop()
        if isinstance(x, Text):
            if x not in found:
                found[str.__str__(x)] = x.to_json()
        elif isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, list | tuple):
            if x and isinstance(x[0], int | float | bool):
                continue            # numbers, not texts
            stack.extend(x)
    return found
