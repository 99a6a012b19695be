"""The translation files: where they are, how they are updated and built.

``resources/i18n/backprop_lens_<lang>.ts`` are the sources (committed, edited by
translators or with Qt Linguist).  The ``.qm`` files Qt loads are built from
them by ``pyside6-lrelease`` and never committed.  A wheel ships them, compiled
when it is built (``scripts/build_backend.py``), and an installed package's files are
never written to.  In a source checkout :func:`ensure_built` builds a ``.qm`` that is
missing or older than its ``.ts`` next to it (the app calls it at start, as do
``scripts/setup.sh`` and the tests); only when that cannot be done (an installed
package without its ``.qm``, a read-only folder) does it build into the user's cache
folder.

:func:`update` re-extracts the strings: ``pyside6-lupdate`` over ``desktop/``
plus the ``_T`` texts of ``core/explain.py`` (context ``explain``) and of every
other module of core (context ``analysis``; see :mod:`desktop.i18n.explain_strings`),
keeping every existing translation and dropping strings the code no longer has.

No Qt import here: the tools run as subprocesses, so this works before (and
without) a QApplication.
"""
from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import sysconfig
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from importlib.resources import files
from importlib.util import find_spec
from pathlib import Path

from desktop.i18n.explain_strings import core_stub

APP_NAME = "backprop_lens"
SOURCE_LANGUAGE = "en"
TRANSLATED_LANGUAGES = ("zh_CN",)


class ToolMissing(RuntimeError):
    """pyside6-lupdate / pyside6-lrelease cannot be found."""


@dataclass(frozen=True)
class Message:
    """One message of a .ts file."""

    context: str
    source: str
    translation: str
    finished: bool        # False: type="unfinished" (or "vanished"/"obsolete")


# -- where the files are -------------------------------------------------------------------

def i18n_folder() -> Path:
    """``resources/i18n`` (a real folder: resources is a plain package, never zipped)."""
    return Path(str(files("resources") / "i18n"))


def ts_path(language: str) -> Path:
    return i18n_folder() / f"{APP_NAME}_{language}.ts"


def cache_folder() -> Path:
    """Where .qm files go when ``resources/i18n`` is read-only."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "backprop-lens" / "i18n"


def qm_name(language: str) -> str:
    return f"{APP_NAME}_{language}.qm"


def qm_candidates(language: str) -> list[Path]:
    """The places a built .qm may be, in order of preference."""
    return [i18n_folder() / qm_name(language), cache_folder() / qm_name(language)]


def installed(folder: Path) -> bool:
    """True when ``folder`` is inside a site-packages folder: an installed package, whose
    files came from one build (its .qm compiled from its .ts) and are never written to."""
    roots = {sysconfig.get_paths()[key] for key in ("purelib", "platlib")}
    roots.update(site.getsitepackages())
    roots.add(site.getusersitepackages())
    folder = Path(os.path.realpath(folder))
    return any(folder.is_relative_to(os.path.realpath(root)) for root in roots if root)


# -- the tools -----------------------------------------------------------------------------

def tool(name: str) -> Path:
    """``lupdate`` or ``lrelease``: PySide6's own binary, else ``pyside6-<name>`` / ``<name>`` on PATH."""
    spec = find_spec("PySide6")   # without importing Qt
    if spec is not None and spec.submodule_search_locations:
        for folder in spec.submodule_search_locations:
            binary = Path(folder) / name
            if binary.is_file() and os.access(binary, os.X_OK):
                return binary
    search = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    for candidate in (f"pyside6-{name}", name):
        found = shutil.which(candidate, path=search)
        if found:
            return Path(found)
    raise ToolMissing(f"cannot find {name} (PySide6-Essentials ships it as pyside6-{name})")


def _run(command: list[str]) -> str:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{Path(command[0]).name} failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return done.stdout + done.stderr


# -- building ------------------------------------------------------------------------------

def _up_to_date(qm: Path, ts: Path) -> bool:
    """The .qm exists and was built from this .ts: it is at least as new, or shipped with it
    in an installed package (where installing sets the files' times in any order)."""
    return qm.is_file() and (qm.stat().st_mtime >= ts.stat().st_mtime or installed(qm.parent))


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return os.access(folder, os.W_OK)


def build(language: str, target: Path | None = None) -> Path:
    """Compile the language's .ts into ``target`` (default: the first candidate that is
    writable and not an installed package)."""
    ts = ts_path(language)
    if target is None:
        target = next((qm for qm in qm_candidates(language)
                       if not installed(qm.parent) and _writable(qm.parent)), None)
        if target is None:
            raise OSError(f"no writable folder for {qm_name(language)}: {qm_candidates(language)}")
    target.parent.mkdir(parents=True, exist_ok=True)
    # lrelease writes a temporary file that replaces the old one in one step, so a
    # second process (the app while the tests build) never reads half a file.
    handle, partial = tempfile.mkstemp(prefix=target.stem + ".", suffix=".qm.part", dir=target.parent)
    os.close(handle)
    try:
        _run([str(tool("lrelease")), "-silent", str(ts), "-qm", partial])
        os.chmod(partial, 0o644)    # mkstemp made it private; the .qm is as readable as the .ts
        os.replace(partial, target)
    finally:
        if os.path.exists(partial):
            os.unlink(partial)
    return target


def is_built(language: str) -> bool:
    """True when a .qm at least as new as the language's .ts exists (nothing to build)."""
    ts = ts_path(language)
    return any(_up_to_date(qm, ts) for qm in qm_candidates(language))


def ensure_built(language: str) -> Path | None:
    """The language's .qm, built first if it is missing or older than the .ts.

    Returns None for the source language (English needs no file) and when the
    .qm cannot be built (no lrelease, nowhere to write): the caller falls back
    to English and says why.
    """
    if language == SOURCE_LANGUAGE:
        return None
    ts = ts_path(language)
    if not ts.is_file():
        raise FileNotFoundError(f"no translation source {ts}")
    for qm in qm_candidates(language):
        if _up_to_date(qm, ts):
            return qm
    return build(language)


def build_all() -> list[Path]:
    """Build every language's .qm that is missing or stale (``python -m desktop.i18n build``)."""
    return [ensure_built(language) for language in TRANSLATED_LANGUAGES]


# -- updating the sources ------------------------------------------------------------------

def desktop_folder() -> Path:
    return Path(find_spec("desktop").submodule_search_locations[0])


def update(language: str, ts: Path | None = None) -> str:
    """Re-extract the strings of desktop/ and core's ``_T`` texts into the language's .ts
    (or into ``ts``, e.g. a copy, to see what an update would change).

    Existing translations are kept; strings no longer in the code are dropped;
    new ones arrive as ``type="unfinished"``.  Returns lupdate's report.
    """
    with tempfile.TemporaryDirectory(prefix="backprop-lens-i18n-") as scratch:
        stub = Path(scratch) / "core_texts.py"
        stub.write_text(core_stub(), encoding="utf-8")
        # -locations none: no file names or line numbers in the .ts, so edits to the
        # code do not churn it (and the stub's temporary path never appears in it).
        return _run([str(tool("lupdate")), "-extensions", "py", "-no-obsolete", "-locations", "none",
                     "-source-language", SOURCE_LANGUAGE, "-target-language", language,
                     str(desktop_folder()), str(stub), "-ts", str(ts or ts_path(language))])


# -- reading -------------------------------------------------------------------------------

def read_ts(path: Path) -> list[Message]:
    """The messages of a .ts file, in file order."""
    messages = []
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            kind = translation.get("type") if translation is not None else "unfinished"
            messages.append(Message(name, message.findtext("source") or "",
                                    (translation.text or "") if translation is not None else "",
                                    kind is None))
    return messages
