"""Retranslate widgets that already exist, after the language changed.

Qt's usual way is a ``retranslateUi()`` per widget that sets every text again.
Here many panels set their texts once, in ``__init__``, and more panels arrive
all the time; so instead of asking each of them for such a method, this module
walks a window's widgets and actions and, for each visible string, looks it up
in the catalogue (every message's English source *and* its translation, so
either direction works) and sets the string in the new language:

- an exact match: ``"&File"`` or ``"文件(&F)"`` -> ``translate(context, "&File")``;
- a message with placeholders, matched as a pattern: ``"step 3 of 7: MulBackward0"``
  fits ``"step {0} of {1}: {2}"``; the values are put into the new translation;
- ``"<known text> (<anything>)"``, the form of tooltips that add a shortcut:
  ``"Next step (Right)"``;
- messages joined by a space after a full stop: ``"<message>. <message>"``.

A value inside a message is translated too when it is a message of the same
class (``"Untitled"`` in ``"Untitled[*] — Backprop Lens"``).

Strings the catalogue does not know (user data, numbers, names) are left
alone, and so are rich-text views built from pieces: those are rebuilt by
their owners on ``QEvent.LanguageChange`` (the console, the main window's
results).

core's texts (contexts ``analysis`` and ``explain``) are never matched here: a
panel shows them from the :class:`core.translatable.Text` it keeps, and a
string shown by :func:`desktop.i18n.composed.translate_text` is found again by
that exact string (:func:`~desktop.i18n.composed.shown_again`), its text
translated anew from its template and values.
"""
from __future__ import annotations

import re
import string
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QAbstractButton, QComboBox, QGroupBox, QLabel, QLineEdit, QListWidget, QMenu,
                               QPlainTextEdit, QStatusBar, QTabBar, QTextEdit, QTreeWidget, QWidget)

from desktop.i18n.catalog import Message
from desktop.i18n.composed import shown_again
from desktop.i18n.explain_strings import CONTEXTS as CORE_CONTEXTS

# Qt's own strings that widgets set once, when they are made (qtbase_*.qm translates them).
QT_MESSAGES = (("QTabBar", "Scroll Left"), ("QTabBar", "Scroll Right"), ("QDockWidget", "Close"),
               ("QDockWidget", "Float"))
# Keys whose names Qt translates (QKeySequence.toString(NativeText)), as in "Next step (Right)".
KEY_NAMES = ("Home", "End", "Left", "Right", "Up", "Down", "Space", "Esc", "Return", "Enter", "Tab",
             "Backspace", "Del", "Ins", "PgUp", "PgDown")
_NATIVE = QKeySequence.SequenceFormat.NativeText
_SHORTCUT_SUFFIX = re.compile(r"^(.+) \(([^()]*)\)$", re.DOTALL)
_SENTENCE_END = re.compile(r"[.。!?！？)）] +")   # where one message may end and the next begin
_MIN_LITERAL = 3     # a pattern needs this many literal non-space characters (not "{0}: {1}")


@dataclass(frozen=True)
class _Pattern:
    regex: re.Pattern
    fields: tuple[str, ...]        # the group of each capture, in order
    anchor: str                    # its longest literal piece: a cheap test before the regex
    weight: int                    # literal characters: the most specific pattern wins
    context: str
    source: str


def _parse(text: str) -> list[tuple[str, str | None]]:
    """``text`` as (literal, field name or None) pairs; "{}" fields get their position."""
    pieces, auto = [], 0
    for literal, field, _spec, _conv in string.Formatter().parse(text):
        if field is not None:
            if field == "":
                field, auto = str(auto), auto + 1
            field = re.split(r"[.\[]", field, maxsplit=1)[0]
        pieces.append((literal, field))
    return pieces


def _pattern(rendering: str, context: str, source: str) -> _Pattern | None:
    try:
        pieces = _parse(rendering)
    except ValueError:      # a lone brace: not a format string
        return None
    fields = tuple(field for _, field in pieces if field is not None)
    literals = [literal for literal, _ in pieces]
    weight = sum(len(literal.replace(" ", "")) for literal in literals)
    if not fields or weight < _MIN_LITERAL:
        return None
    regex, names = "", {}
    for literal, field in pieces:
        regex += re.escape(literal)
        if field is not None:
            if field in names:          # the same field twice: the same text twice
                regex += f"(?P={names[field]})"
            else:
                names[field] = f"f{len(names)}"
                regex += f"(?P<{names[field]}>.+?)"
    return _Pattern(re.compile(regex, re.DOTALL), tuple(names), max(literals, key=len), weight, context, source)


class Retranslator:
    """Maps strings shown in any language of the catalogue to the current language."""

    def __init__(self, messages: list[Message]):
        self._exact: dict[str, list[tuple[str, str]]] = {}
        self._patterns: list[_Pattern] = []
        seen = set()
        for m in messages:
            if m.context in CORE_CONTEXTS:      # core's texts: shown again from their Text, never parsed
                continue
            for rendering in {m.source, m.translation} - {""}:
                self._exact.setdefault(rendering, []).append((m.context, m.source))
                if (rendering, m.context, m.source) not in seen:
                    seen.add((rendering, m.context, m.source))
                    pattern = _pattern(rendering, m.context, m.source)
                    if pattern is not None:
                        self._patterns.append(pattern)
        self._patterns.sort(key=lambda p: -p.weight)
        self._keys: dict[str, str] = {}      # a key's name in any language -> its portable name
        for context, source in QT_MESSAGES:
            self.learn(source, context, source)
            self.learn(QCoreApplication.translate(context, source), context, source)
        for rendering, key in key_renderings():
            self.learn_key(rendering, key)

    def learn_key(self, rendering: str, key: str) -> None:
        """Know one more name of a key ("左方向" for "Left"), learnt while its language is installed."""
        self._keys[rendering] = key

    def _key(self, text: str) -> str:
        """A key's name (or "Ctrl+Right") in the current language; anything else as it is."""
        if text in self._keys:
            return QKeySequence(self._keys[text]).toString(_NATIVE)
        parts = text.split("+")
        if len(parts) > 1 and parts[-1] in self._keys:
            portable = "+".join(parts[:-1] + [self._keys[parts[-1]]])
            sequence = QKeySequence.fromString(portable, QKeySequence.SequenceFormat.PortableText)
            if not sequence.isEmpty():
                return sequence.toString(_NATIVE)
        return text

    def learn(self, rendering: str, context: str, source: str) -> None:
        """Know one more rendering of a message: Qt's own strings have no .ts to read, so
        their translations are learnt while a language is installed (see qt_renderings)."""
        keys = self._exact.setdefault(rendering, [])
        if (context, source) not in keys:
            keys.append((context, source))

    # -- one string ----------------------------------------------------------------------
    def text(self, text: str, contexts: tuple[str, ...] = ()) -> str | None:
        """``text`` in the current language, or None when the catalogue does not know it.

        ``contexts`` (class names of the widget and its parents) choose between
        messages that look the same in one language but differ in another.
        """
        if not text or not text.strip():
            return None
        found = shown_again(text)
        if found is not None:
            return found
        found = self._known(text, contexts)
        if found is not None:
            return found
        found = self._from_sentences(text, contexts)
        if found is not None:
            return found
        suffix = _SHORTCUT_SUFFIX.match(text)
        if suffix:
            head = self.text(suffix.group(1), contexts)
            if head is not None:
                return f"{head} ({self._key(suffix.group(2))})"
        return None

    def _from_sentences(self, text: str, contexts: tuple[str, ...]) -> str | None:
        """Messages put one after the other ("<message>. <message>"): each in turn, longest first."""
        for boundary in reversed(list(_SENTENCE_END.finditer(text))):
            head, gap, tail = text[:boundary.start() + 1], boundary.group()[1:], text[boundary.end():]
            new_head = self._known(head, contexts)
            if new_head is not None:
                new_tail = self.text(tail, contexts)
                if new_tail is not None:
                    return new_head + gap + new_tail
        return None

    def _known(self, text: str, contexts: tuple[str, ...]) -> str | None:
        keys = self._exact.get(text)
        if keys:
            return QCoreApplication.translate(*_prefer(keys, contexts))
        return self._from_pattern(text, contexts)

    def _from_pattern(self, text: str, contexts: tuple[str, ...]) -> str | None:
        matches = [p for p in self._patterns if p.anchor in text and p.regex.fullmatch(text)]
        if not matches:
            return None
        best = max(p.weight for p in matches)
        candidates = [p for p in matches if p.weight == best]
        pattern = next((p for p in candidates if p.context in contexts), candidates[0])
        values = {field: self._value(value, pattern.context)
                  for field, value in zip(pattern.fields, pattern.regex.fullmatch(text).groups())}
        target = QCoreApplication.translate(pattern.context, pattern.source)
        try:
            pieces = _parse(target)
        except ValueError:
            return None
        if any(field is not None and field not in values for _, field in pieces):
            return None     # the translation lost a placeholder: keep the text as it is
        return "".join(literal + (values[field] if field is not None else "") for literal, field in pieces)

    def _value(self, value: str, context: str) -> str:
        """A value put into a message is translated too when the same class made it from a
        message of its own ("Untitled" in "{0}[*] — Backprop Lens"), or when it is one of core's
        texts shown lately ("No analysis for this run: {0}"); anything else is data."""
        again = shown_again(value)
        if again is not None:
            return again
        keys = [key for key in self._exact.get(value, ()) if key[0] == context]
        return QCoreApplication.translate(*keys[0]) if keys else value

    # -- a window ------------------------------------------------------------------------
    def widget_tree(self, root: QWidget) -> int:
        """Retranslate ``root``, its children and their actions; returns how many strings changed."""
        objects = [root, *root.findChildren(QObject)]
        actions = {id(a): a for a in objects if isinstance(a, QAction)}
        for obj in objects:
            if isinstance(obj, QWidget):
                for action in obj.actions():
                    actions.setdefault(id(action), action)
        changed = 0
        for obj in objects:
            if isinstance(obj, QWidget):
                changed += self._widget(obj, _contexts(obj))
        for action in actions.values():
            changed += self._action(action, _contexts(action.parent()) if action.parent() else ())
        return changed

    def _set(self, getter, setter, contexts) -> int:
        old = getter()
        new = self.text(old, contexts) if isinstance(old, str) else None
        if new is None or new == old:
            return 0
        setter(new)
        return 1

    def _widget(self, w: QWidget, ctx: tuple[str, ...]) -> int:
        n = 0
        for getter, setter in ((w.windowTitle, w.setWindowTitle), (w.toolTip, w.setToolTip),
                               (w.statusTip, w.setStatusTip), (w.whatsThis, w.setWhatsThis),
                               (w.accessibleName, w.setAccessibleName),
                               (w.accessibleDescription, w.setAccessibleDescription)):
            n += self._set(getter, setter, ctx)
        if isinstance(w, QLabel):
            n += self._set(w.text, w.setText, ctx)
        elif isinstance(w, QAbstractButton):
            n += self._set(w.text, w.setText, ctx)
        elif isinstance(w, QGroupBox):
            n += self._set(w.title, w.setTitle, ctx)
        elif isinstance(w, QMenu):
            n += self._set(w.title, w.setTitle, ctx)
        elif isinstance(w, QTabBar):
            for i in range(w.count()):
                n += self._set(lambda i=i: w.tabText(i), lambda t, i=i: w.setTabText(i, t), ctx)
                n += self._set(lambda i=i: w.tabToolTip(i), lambda t, i=i: w.setTabToolTip(i, t), ctx)
        elif isinstance(w, QComboBox):
            for i in range(w.count()):
                n += self._set(lambda i=i: w.itemText(i), lambda t, i=i: w.setItemText(i, t), ctx)
        elif isinstance(w, QStatusBar):
            n += self._set(w.currentMessage, w.showMessage, ctx)
        elif isinstance(w, QListWidget):
            for i in range(w.count()):
                item = w.item(i)
                n += self._set(item.text, item.setText, ctx) + self._set(item.toolTip, item.setToolTip, ctx)
        elif isinstance(w, QTreeWidget):
            header = w.headerItem()
            for column in range(w.columnCount()):
                n += self._set(lambda c=column: header.text(c), lambda t, c=column: header.setText(c, t), ctx)
        if isinstance(w, (QLineEdit, QTextEdit, QPlainTextEdit, QComboBox)) and hasattr(w, "placeholderText"):
            n += self._set(w.placeholderText, w.setPlaceholderText, ctx)
        return n

    def _action(self, a: QAction, ctx: tuple[str, ...]) -> int:
        if a.isSeparator():
            return 0
        # QAction derives its tooltip and icon text from its text unless they were set: leave
        # derived ones alone (they follow the new text).  What Qt would derive is read from a
        # scratch action with the same text.
        derived = QAction(a.text())
        explicit_tip, explicit_icon = a.toolTip() != derived.toolTip(), a.iconText() != derived.iconText()
        n = self._set(a.text, a.setText, ctx)
        if explicit_tip:
            n += self._set(a.toolTip, a.setToolTip, ctx)
        if explicit_icon:
            n += self._set(a.iconText, a.setIconText, ctx)
        return n + self._set(a.statusTip, a.setStatusTip, ctx)


def key_renderings() -> list[tuple[str, str]]:
    """(name, portable name) of KEY_NAMES in the language installed now."""
    return [(QKeySequence(key).toString(_NATIVE), key) for key in KEY_NAMES]


def qt_renderings() -> list[tuple[str, str, str]]:
    """(rendering, context, source) of Qt's own strings in the language installed now."""
    return [(QCoreApplication.translate(context, source), context, source) for context, source in QT_MESSAGES]


def _contexts(obj: QObject | None) -> tuple[str, ...]:
    """Class names of ``obj`` and its parents: lupdate's contexts are the classes that call tr()."""
    names = []
    while obj is not None:
        names.extend(cls.__name__ for cls in type(obj).__mro__[:3])
        obj = obj.parent()
    return tuple(names)


def _prefer(keys: list[tuple[str, str]], contexts: tuple[str, ...]) -> tuple[str, str]:
    for context in contexts:
        for key in keys:
            if key[0] == context:
                return key
    return keys[0]
