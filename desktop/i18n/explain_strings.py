"""The texts of ``core`` the desktop translates, read from core's source.

``core`` stays Qt-free, so its texts are marked with the no-op ``_T("...")``
rather than ``tr()``, and lupdate cannot see them.  This module finds every
``_T`` call with one string argument by parsing core's modules with ``ast``
(they are our own source, not a user program: parsed, never run), and writes
them as ``QCoreApplication.translate(context, ...)`` lines that lupdate reads
like any other source.  Two contexts:

- ``explain``: the sentences of ``core/explain.py`` (plain sentences, looked up as they are);
- ``analysis``: the ``_T`` texts of every other module of core: the templates of
  the analysis's notes and errors, the chain rule's notes, the progress texts and
  the service's export errors (``"line {line} differentiates {n} outputs..."``).
  core's texts carry their template and values (:class:`core.translatable.Text`),
  so the desktop looks the template up here and puts the values in
  (:mod:`desktop.i18n.composed`).

The stub is generated each time ``update`` runs (never committed, so it is never
stale); tests/desktop/test_i18n_core_texts.py checks that the .ts holds exactly
these templates, each translated with its placeholders.

Every module under core is scanned, not a list of them, so a ``_T`` added
anywhere in core reaches the translation file without anyone remembering to
name its module here.

>>> sentences = explain_sentences()
>>> "Backward through the same graph twice" in sentences
True
>>> 'QCoreApplication.translate("explain", "Index out of range")' in lupdate_stub(["Index out of range"])
True
>>> "Jacobian rows {done} of {total} ({seconds:.1f} s)" in context_texts(ANALYSIS)
True
"""
from __future__ import annotations

import ast
import json
from importlib.util import find_spec
from pathlib import Path

CONTEXT = "explain"
ANALYSIS = "analysis"
CONTEXTS = (CONTEXT, ANALYSIS)
MARKER = "_T"
# the module (path inside core) whose sentences are the explain context; every other one is analysis
EXPLAIN_MODULE = "explain.py"


def core_folder() -> Path:
    """core's package folder (found without importing core)."""
    return Path(find_spec("core").submodule_search_locations[0])


def explain_source() -> Path:
    """The file the explain sentences come from."""
    return core_folder() / EXPLAIN_MODULE


def core_modules() -> list[Path]:
    """Every Python module of core, in the order of their paths inside the package."""
    folder = core_folder()
    return sorted((p for p in folder.rglob("*.py") if "__pycache__" not in p.parts),
                  key=lambda p: p.relative_to(folder).as_posix())


def context_sources(context: str) -> list[Path]:
    """The files whose ``_T`` texts belong to ``context``."""
    if context == CONTEXT:
        return [explain_source()]
    if context == ANALYSIS:
        return [p for p in core_modules() if p != explain_source()]
    raise KeyError(context)


def marked_texts(source: str, where: str = "") -> list[str]:
    """Every ``_T("...")`` text of the Python ``source``, in order, once each."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == MARKER
                and len(node.args) == 1 and not node.keywords):
            argument = node.args[0]
            if not (isinstance(argument, ast.Constant) and isinstance(argument.value, str)):
                raise ValueError(f"{where}line {node.lineno}: {MARKER}() needs one literal string, "
                                 "or the sentence cannot be translated")
            found.append((node.lineno, node.col_offset, argument.value))
    # ast.walk is breadth-first: sort by position, so the .ts follows the source's order
    return list(dict.fromkeys(text for _, _, text in sorted(found)))


def explain_sentences(source: str | None = None) -> list[str]:
    """Every ``_T("...")`` sentence of ``source`` (default: core/explain.py), in order, once each."""
    if source is None:
        source = explain_source().read_text(encoding="utf-8")
    return marked_texts(source)


def context_texts(context: str) -> list[str]:
    """Every ``_T`` text of the modules of ``context``, module by module, once each."""
    texts = []
    for path in context_sources(context):
        texts += marked_texts(path.read_text(encoding="utf-8"), f"{path.relative_to(core_folder())}: ")
    return list(dict.fromkeys(texts))


def _translate_lines(sentences: list[str], context: str) -> list[str]:
    # json.dumps writes a valid double-quoted Python string (\\" and \\\\ escaped);
    # ensure_ascii=False keeps characters such as ᵀ as they are, which lupdate reads as UTF-8.
    return [f"QCoreApplication.translate({json.dumps(context)}, {json.dumps(s, ensure_ascii=False)})"
            for s in sentences]


def lupdate_stub(sentences: list[str], context: str = CONTEXT) -> str:
    """A Python file lupdate reads: one ``translate(context, ...)`` call per sentence."""
    lines = ["# Generated by `python -m desktop.i18n update` from core's _T() texts; never imported.",
             "from PySide6.QtCore import QCoreApplication", ""]
    lines += _translate_lines(sentences, context)
    return "\n".join(lines) + "\n"


def core_stub() -> str:
    """The stub for every context of :data:`CONTEXTS`, in one file."""
    lines = ["# Generated by `python -m desktop.i18n update` from core's _T() texts; never imported.",
             "from PySide6.QtCore import QCoreApplication", ""]
    for context in CONTEXTS:
        lines += _translate_lines(context_texts(context), context)
    return "\n".join(lines) + "\n"
