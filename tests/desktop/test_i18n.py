"""The UI in Simplified Chinese: the translation files, their build, and every string of the window."""
from __future__ import annotations

import ast
import os
import re
import shutil
import string
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths, QTranslator
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (QAbstractButton, QComboBox, QDockWidget, QGroupBox, QLabel, QLineEdit, QListWidget,
                               QMenu, QPlainTextEdit, QStatusBar, QTabBar, QTextEdit, QWidget)

import resources
from core.explain import explain, translatable_texts
from desktop.i18n import catalog, language
from desktop.i18n.explain_strings import explain_sentences
from tests.windows import open_window

REPO = Path(__file__).resolve().parents[2]
ZH = language.CHINESE
TWICE_PROGRAM = ("import torch\n"
                 "x = torch.ones(2, requires_grad=True)\n"
                 "y = (x * x).sum()\n"
                 "y.backward()\n"
                 "y.backward()\n")
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")

# Words that are the same in the Chinese UI: PyTorch's names, code, keys, product names.
SAME_IN_BOTH = {
    "Backprop", "Lens", "PyTorch", "Python", "NumPy", "LaTeX", "torch", "tensor", "autograd", "backward",
    "grad", "hook", "AccumulateGrad", "None", "True", "False", "dtype", "Float", "Long", "sum", "mean", "softmax",
    "dim", "inf", "nan", "vᵀJ", "Ctrl", "Shift", "Alt", "Enter", "Return", "Space", "Home", "End", "Left", "Right",
    "Esc", "English", "bplens", "py", "retain_grad", "retain_graph", "create_graph", "requires_grad", "grad_fn",
    "self", "other",            # PyTorch's names of saved tensors (MulBackward0's self and other)
    "gradient", "detach", "MLP",   # backward(gradient=...), .detach() and the acronym, in lesson titles
    "forward", "Function",         # a custom autograd.Function's forward (the lesson on a wrong backward)
    "HTML", "SVG", "PNG",          # file formats
    "Qt",
}
CODE_LIKE = re.compile(r"[._()=\[\]<>/{}+*@'\"\d\\]|^--\w")   # a backslash: a LaTeX command (\quad, \le), not prose;
# --name: a command-line option


# -- fixtures ---------------------------------------------------------------------------------

@pytest.fixture(scope="module", autouse=True)
def built_translations():
    """The tests build the .qm the way the app does (when it is missing or older than the .ts)."""
    return catalog.build_all()


@pytest.fixture
def scratch_settings(tmp_path, monkeypatch):
    """Every QSettings of the app (the language choice included), and its recovery files, in a scratch folder."""
    from desktop.recovery import DATA_DIR_ENV
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    formats = (QSettings.Format.NativeFormat, QSettings.Format.IniFormat)
    for fmt in formats:
        QSettings.setPath(fmt, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    yield tmp_path / "settings"
    default = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    for fmt in formats:
        QSettings.setPath(fmt, QSettings.Scope.UserScope, default)


@pytest.fixture
def ui(qapp, scratch_settings, monkeypatch):
    """The language switch, English at the start and again at the end; "system" means English here."""
    monkeypatch.setattr(language, "system_language", lambda ui_languages=None: language.ENGLISH)
    language.set_language(language.ENGLISH, save=False)
    yield language.manager()
    language.set_language(language.ENGLISH, save=False)


# -- reading what the window shows ----------------------------------------------------------

def _plain(text: str) -> str:
    """Rich text as the reader sees it."""
    if "<" in text and ">" in text:
        text = re.sub(r"<[^>]+>", " ", text)
    return text.replace("&nbsp;", " ").replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")


def shown_strings(root: QWidget) -> list[tuple[str, str]]:
    """(where, text) for every string of ``root``'s widgets, actions and graph items."""
    found = []

    def add(where, text):
        if isinstance(text, str) and text.strip():
            found.append((where, _plain(text)))

    widgets = [root, *root.findChildren(QWidget)]
    actions = {id(a): a for a in root.findChildren(QAction)}
    for w in widgets:
        name = f"{type(w).__name__}({w.objectName()})"
        for a in w.actions():
            actions.setdefault(id(a), a)
        add(f"{name}.windowTitle", w.windowTitle())
        add(f"{name}.toolTip", w.toolTip())
        add(f"{name}.statusTip", w.statusTip())
        add(f"{name}.accessibleName", w.accessibleName())
        if isinstance(w, QLabel):
            add(f"{name}.text", w.text())
        if isinstance(w, QAbstractButton):
            add(f"{name}.text", w.text())
        if isinstance(w, QGroupBox):
            add(f"{name}.title", w.title())
        if isinstance(w, QMenu):
            add(f"{name}.title", w.title())
        if isinstance(w, QDockWidget):
            add(f"{name}.title", w.windowTitle())
        if isinstance(w, QTabBar):
            for i in range(w.count()):
                add(f"{name}.tab{i}", w.tabText(i))
                add(f"{name}.tabToolTip{i}", w.tabToolTip(i))
        if isinstance(w, QComboBox):
            for i in range(w.count()):
                add(f"{name}.item{i}", w.itemText(i))
        if isinstance(w, QListWidget):
            for i in range(w.count()):
                add(f"{name}.item{i}", w.item(i).text())
                add(f"{name}.itemToolTip{i}", w.item(i).toolTip())
        if isinstance(w, (QLineEdit, QTextEdit, QPlainTextEdit)):
            add(f"{name}.placeholder", w.placeholderText())
        if isinstance(w, QTextEdit) and w.isReadOnly():
            add(f"{name}.document", w.toPlainText())
        if isinstance(w, QStatusBar):
            add(f"{name}.message", w.currentMessage())
        scene = getattr(w, "scene", None)
        if callable(scene) and scene() is not None:
            for item in scene().items():
                add(f"{name}.{type(item).__name__}.toolTip", item.toolTip())
                add(f"{name}.{type(item).__name__}.text", getattr(item, "text", None))
    for a in actions.values():
        if not a.isSeparator():
            add(f"QAction({a.objectName() or a.text()}).text", a.text())
            add(f"QAction({a.objectName() or a.text()}).toolTip", a.toolTip())
            add(f"QAction({a.objectName() or a.text()}).statusTip", a.statusTip())
    return found


def english_words(text: str, names: set[str]) -> list[str]:
    """The words of ``text`` that are English prose: not code, not a name of the program, not SAME_IN_BOTH."""
    words = []
    text = re.sub(r"\w+…$", "…", text)     # a word cut short by eliding the end of a long text
    for token in re.split(r"[\s\u3000-\u303f\uff00-\uffef,;:!?·—–…→←✓✗]+", text):
        token = token.strip("&\"'“”‘’")
        if token.startswith("(") and token.endswith(")"):
            token = token[1:-1]
        letters = re.sub(r"[^A-Za-z]", "", token)
        element_of = re.sub(r"[₀-₉,]+$", "", token)    # out₁₂: an element of the program's tensor out
        if (len(letters) < 2 or token in SAME_IN_BOTH or token in names or element_of in names or CODE_LIKE.search(token)
                or CJK.search(token) or re.fullmatch(r"[A-Z]\w*Backward\d*", token)):   # a grad_fn's name
            continue
        words.append(token)
    return words


def english_left(root: QWidget, names: set[str]) -> list[str]:
    return [f"{where}: {text!r} ({', '.join(words)})" for where, text in shown_strings(root)
            if (words := english_words(text, names))]


def program_names(window) -> set[str]:
    run = window.state.run or {}
    return set(run.get("tensors") or {}) | {"v", "x", "y", "z", "out"}


def lesson_names() -> set[str]:
    """File names of the lessons (the list shows them beside their titles)."""
    return {name.removesuffix(".py") for name in resources.lesson_names()}


# -- the files ------------------------------------------------------------------------------

def test_every_message_is_translated():
    messages = catalog.read_ts(catalog.ts_path(ZH))
    assert len(messages) > 250
    untranslated = [(m.context, m.source) for m in messages if not m.finished or not m.translation.strip()]
    assert untranslated == []


def test_the_ts_has_every_string_of_the_code(tmp_path):
    """An update now would add nothing: every tr() of desktop/ and every _T() of core/explain.py is in the .ts."""
    committed = {(m.context, m.source) for m in catalog.read_ts(catalog.ts_path(ZH))}
    fresh = tmp_path / "backprop_lens_zh_CN.ts"
    shutil.copyfile(catalog.ts_path(ZH), fresh)
    catalog.update(ZH, fresh)
    extracted = catalog.read_ts(fresh)
    new = sorted((m.context, m.source) for m in extracted if (m.context, m.source) not in committed)
    assert new == [], "run `.venv/bin/python -m desktop.i18n update` and translate the new strings"
    assert len(extracted) == len(committed)    # nothing stale either


def _placeholders(text: str) -> list[str]:
    fields = sorted(f"{{{field}{':' + spec if spec else ''}}}"
                    for _, field, spec, _ in string.Formatter().parse(text) if field is not None)
    return fields + sorted(re.findall(r"%\d+|%n", text))


def test_placeholders_and_shortcut_markers_survive_in_each_translation():
    problems = []
    for m in catalog.read_ts(catalog.ts_path(ZH)):
        if _placeholders(m.source) != _placeholders(m.translation):
            problems.append(f"[{m.context}] {m.source!r} -> {m.translation!r}")
        if re.search(r"&\w", m.source) and not re.search(r"&\w", m.translation):
            problems.append(f"[{m.context}] lost its keyboard shortcut: {m.translation!r}")
    assert problems == []


def test_explain_sentences_are_extracted_from_the_source_and_all_in_the_ts():
    sentences = explain_sentences()
    assert set(sentences) == set(translatable_texts())      # the ast reading finds what the table holds
    in_ts = {m.source for m in catalog.read_ts(catalog.ts_path(ZH)) if m.context == "explain"}
    assert in_ts == set(sentences)
    with pytest.raises(ValueError, match="literal string"):
        explain_sentences("_T(some_variable)\n")


def test_no_tr_call_hides_inside_an_f_string():
    """lupdate does not read inside f-strings: a tr() there is never extracted, so never translated."""
    hidden = []
    for path in sorted((REPO / "desktop").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                for inner in ast.walk(node):
                    if (isinstance(inner, ast.Call) and isinstance(inner.func, (ast.Attribute, ast.Name))
                            and getattr(inner.func, "attr", getattr(inner.func, "id", "")) in ("tr", "translate")):
                        hidden.append(f"{path.relative_to(REPO)}:{inner.lineno}")
    assert hidden == []


def test_the_qm_is_built_from_the_ts_and_rebuilt_when_the_ts_is_newer(tmp_path, monkeypatch, qapp):
    folder = tmp_path / "i18n"
    folder.mkdir()
    shutil.copyfile(catalog.ts_path(ZH), folder / catalog.ts_path(ZH).name)
    monkeypatch.setattr(catalog, "i18n_folder", lambda: folder)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))

    qm = catalog.ensure_built(ZH)
    assert qm == folder / "backprop_lens_zh_CN.qm" and qm.stat().st_size > 10_000
    translator = QTranslator()
    assert translator.load(str(qm))
    assert translator.translate("MainWindow", "&File") == "文件(&F)"
    assert translator.translate("explain", "Index out of range") == "索引越界"

    built = qm.stat().st_mtime_ns
    assert catalog.ensure_built(ZH) == qm and qm.stat().st_mtime_ns == built     # up to date: not rebuilt
    ts = folder / catalog.ts_path(ZH).name
    later = time.time() + 5
    os.utime(ts, (later, later))
    catalog.ensure_built(ZH)
    assert qm.stat().st_mtime_ns != built                                            # older than the .ts: rebuilt


def test_a_read_only_resources_folder_builds_into_the_cache(tmp_path, monkeypatch):
    folder = tmp_path / "i18n"
    folder.mkdir()
    shutil.copyfile(catalog.ts_path(ZH), folder / catalog.ts_path(ZH).name)
    monkeypatch.setattr(catalog, "i18n_folder", lambda: folder)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(catalog, "_writable", lambda path: Path(path) != folder)
    qm = catalog.ensure_built(ZH)
    assert qm == tmp_path / "cache" / "backprop-lens" / "i18n" / "backprop_lens_zh_CN.qm"
    assert qm.is_file() and not (folder / qm.name).exists()


def test_the_build_command_writes_the_qm():
    done = subprocess.run([sys.executable, "-m", "desktop.i18n", "build"], capture_output=True, text=True,
                          cwd=REPO, timeout=120)
    assert done.returncode == 0, done.stderr
    qm = Path(re.fullmatch(r"i18n: (built|up to date) (.*)\n", done.stdout).group(2))
    assert qm.name == "backprop_lens_zh_CN.qm" and qm.stat().st_mtime >= catalog.ts_path(ZH).stat().st_mtime


# -- choosing the language ------------------------------------------------------------------

def test_the_system_language_decides_by_default():
    assert language.system_language(["zh-Hans-CN", "zh-CN", "zh"]) == ZH
    assert language.system_language(["zh-Hant-TW"]) == ZH
    assert language.system_language(["en-US", "zh-CN"]) == "en"
    assert language.system_language(["fr-FR", "zh-CN"]) == ZH          # the first one we have
    assert language.system_language(["C"]) == "en"
    assert language.resolve("system", ["zh-CN"]) == ZH and language.resolve("en", ["zh-CN"]) == "en"
    code = ("from PySide6.QtCore import QCoreApplication; app = QCoreApplication([]);"
            "from desktop.i18n.language import system_language; print(system_language())")
    for lang, expected in (("zh_CN.UTF-8", ZH), ("en_US.UTF-8", "en")):
        env = {**os.environ, "LANG": lang, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=REPO,
                              timeout=60)
        assert done.stdout.strip() == expected, done.stderr


def test_the_choice_is_saved_and_used_at_the_next_start(ui):
    assert ui.saved_choice() == "system"
    assert language.set_language(ZH) == ZH
    assert QCoreApplication.translate("MainWindow", "&File") == "文件(&F)"
    assert language.current_language() == ZH
    assert language.LanguageManager().saved_choice() == ZH          # what the next start reads
    language.set_language("system")
    assert ui.saved_choice() == "system" and language.current_language() == "en"
    assert QCoreApplication.translate("MainWindow", "&File") == "&File"
    with pytest.raises(ValueError):
        language.set_language("fr")


def test_a_widget_sets_its_texts_again_from_what_it_keeps(qtbot, ui):
    """No shown string is read back: the step bar keeps its step and names, and says them again."""
    from desktop.stepper.stepper import StepperBar
    bar = StepperBar()
    qtbot.addWidget(bar)
    bar.set_step_names(["SumBackward0", "AddBackward0", "MulBackward0"] + ["AccumulateGrad"] * 4)
    bar.set_count(7)
    bar.set_step(2)
    assert bar.label.text() == "step 3 of 7: MulBackward0"
    language.set_language(ZH, save=False)
    assert bar.label.text() == "第 3/7 步：MulBackward0"
    assert bar.next_action.toolTip() == "下一步 (右方向)"        # Qt names the key in Chinese too
    language.set_language("en", save=False)
    assert bar.label.text() == "step 3 of 7: MulBackward0"
    assert bar.next_action.toolTip() == "Next step (Right)"


# -- the window ------------------------------------------------------------------------------

def test_a_chinese_font_is_installed_for_qt(qapp):
    """Without one (scripts/setup.sh installs fonts-wqy-microhei) Chinese shows as empty boxes."""
    from PySide6.QtGui import QFontDatabase
    assert QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese) != []


def test_switching_at_run_time_translates_every_string_of_the_window_and_back(qtbot, ui):
    window = open_window(qtbot, resources.read_lesson(resources.DEFAULT_LESSON))
    window.state.set_step(2)
    names = program_names(window) | lesson_names()
    assert english_left(window, names) != []     # the check sees English when there is some

    chinese = window.language_menu.findChild(QAction, "language-zh_CN")
    chinese.trigger()
    assert language.current_language() == ZH and ui.saved_choice() == ZH
    qtbot.wait(50)
    left = english_left(window, names)
    assert left == [], "\n".join(left)
    menus = [a.text() for a in window.menuBar().actions()]
    assert "文件(&F)" in menus and "语言(&G)" in menus and "帮助(&H)" in menus
    assert window.windowTitle().endswith("Backprop Lens")
    assert window.side_tabs.tabText(0) == "步骤"
    assert window.stepper.label.text() == "第 3/5 步：MulBackward0"
    assert window.language_menu.findChild(QAction, "language-system").text() == "跟随系统"
    about = window.dialogs.show_about()
    assert english_left(about, names) == [] and "雅可比矩阵" in about.text()
    about.close()

    window.language_menu.findChild(QAction, "language-en").trigger()
    qtbot.wait(50)
    assert ui.saved_choice() == "en"
    leftover = [f"{where}: {text!r}" for where, text in shown_strings(window)
                if CJK.search(text) and "简体中文" not in text
                and not where.startswith(("QListWidget", "QTextBrowser"))]   # lesson titles and texts
    assert leftover == [], "\n".join(leftover)
    assert window.stepper.label.text() == "step 3 of 5: MulBackward0"
    assert [a.text() for a in window.menuBar().actions()][0] == "&File"


def test_started_in_chinese_an_error_is_explained_in_chinese(qtbot, ui):
    language.set_language(ZH, save=False)
    window = open_window(qtbot, TWICE_PROGRAM)
    error = window.state.run["error"]
    explanation = explain(error["type"], error["message"])
    assert explanation is not None and explanation.key == "backward_twice"
    console = window.console.browser().toPlainText()
    assert "对同一个计算图做了两次反向传播" in console            # the title, in Chinese
    assert QCoreApplication.translate("explain", explanation.fix) in console
    assert "通常的解决办法" in console
    assert explanation.title not in console and explanation.text not in console
    assert "Trying to backward through the graph a second time" in console   # PyTorch's own message stays

    row_panel = window.show_row_by_row()
    # PyTorch's message is shown as PyTorch wrote it, and the example is code (its comment included)
    verbatim = set(re.findall(r"[A-Za-z]+", f"{error['type']} {error['message']} {explanation.example}"))
    names = program_names(window) | lesson_names() | verbatim
    for root in (window, row_panel):
        left = english_left(root, names)
        assert left == [], "\n".join(left)

    language.set_language("en", save=False)
    qtbot.wait(50)
    console = window.console.browser().toPlainText()
    assert explanation.title in console and "对同一个" not in console
    for root in (window, row_panel):      # made in Chinese, every string is English now
        leftover = [f"{where}: {text!r}" for where, text in shown_strings(root)
                    if CJK.search(text) and "简体中文" not in text
                    and not where.startswith(("QListWidget", "QTextBrowser"))]   # lesson titles and texts
        assert leftover == [], "\n".join(leftover)
    row_panel.close()
