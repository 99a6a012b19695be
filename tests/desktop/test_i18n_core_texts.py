"""Texts core composes in English (notes, errors, progress), shown in Chinese by the desktop.

core declares each template once with ``_T("...")``, which makes a
:class:`core.translatable.Text` (the English, keeping its template and values);
the extractor puts the templates into the .ts (context ``analysis``); the
desktop looks the template up and puts the values in
(``desktop.i18n.translate_text``): nothing is parsed back.  The JSON keeps
English, with each text's template and values beside it (``"texts"``).
"""
from __future__ import annotations

import ast
import re
import string

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths, QTranslator
from PySide6.QtGui import QAction

from core.analysis import AnalysisError, analyze
from core.analysis.analysis import IMPLICIT_NONSCALAR
from core.analysis.pytorch import ReplayError
from core.translatable import Text, _T
from core.symbolic.jacobian import jacobian
from desktop.i18n import catalog, language, translate_text
from desktop.i18n.explain_strings import ANALYSIS, context_sources, context_texts, core_folder, marked_texts
from tests.desktop.test_i18n import english_left, lesson_names, program_names, shown_strings  # the same check
from tests.windows import open_window

ZH = language.CHINESE
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
NONSCALAR = ("import torch\n"
             "x = torch.tensor([1.0, 2.0], requires_grad=True)\n"
             "out = x * x\n")
ENGINE_RAISES = ("import torch\n"
                 "x = torch.tensor([1.0, 2.0], requires_grad=True)\n"
                 "y = x.exp()\n"
                 "y.mul_(2)\n"
                 "out = y.sum()\n")
# The English notes as core wrote them before the templates were marked (the JSON contract).
NONSCALAR_NOTE = (
    "PyTorch raises \"grad can be implicitly created only for scalar outputs\" here: out has shape [2], so "
    "backward() needs a gradient v of that shape (the weights of the rows of J it adds up). Choose v (the app's v "
    "editor, or --grad-tensor) to see vᵀJ; J itself is shown in full.")
INPLACE_MESSAGE = (
    "one of the variables needed for gradient computation has been modified by an inplace operation: "
    "[torch.FloatTensor [2]], which is output 0 of Exp, is at version 1; expected version 0 instead. Hint: enable "
    "anomaly detection to find the operation that failed to compute its gradient, with "
    "torch.autograd.set_detect_anomaly(True, check_nan=False).")
WRONG_V_NOTE = "v has shape [3] but out has shape [2]: they must be the same"
WRONG_V_ZH = "v 的形状是 [3]，而 out 的形状是 [2]：两者必须相同"


# -- fixtures ---------------------------------------------------------------------------------

@pytest.fixture(scope="module", autouse=True)
def built_translations():
    return catalog.build_all()


@pytest.fixture
def ui(qapp, tmp_path, monkeypatch):
    """English at the start and at the end; settings in a scratch folder; "system" means English."""
    from desktop.recovery import DATA_DIR_ENV
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "data"))
    formats = (QSettings.Format.NativeFormat, QSettings.Format.IniFormat)
    for fmt in formats:
        QSettings.setPath(fmt, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    monkeypatch.setattr(language, "system_language", lambda ui_languages=None: language.ENGLISH)
    language.set_language(language.ENGLISH, save=False)
    yield language.manager()
    language.set_language(language.ENGLISH, save=False)
    default = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    for fmt in formats:
        QSettings.setPath(fmt, QSettings.Scope.UserScope, default)


def switch(qtbot, window, choice: str) -> None:
    window.language_menu.findChild(QAction, f"language-{choice}").trigger()
    qtbot.wait(50)


def fields(text: str) -> list[tuple[str, str, str]]:
    """Each placeholder of ``text``: (name, format spec, conversion), sorted."""
    return sorted((name, spec or "", conversion or "")
                  for _, name, spec, conversion in string.Formatter().parse(text) if name is not None)


def note_texts(window) -> list[str]:
    return [label.text() for label in window.results.note_labels]


# -- the catalogue ---------------------------------------------------------------------------

def test_every_template_of_the_analysis_modules_is_in_the_ts_translated_with_its_placeholders():
    templates = context_texts(ANALYSIS)
    assert IMPLICIT_NONSCALAR in templates
    for expected in ("line {line} differentiates {n} outputs together; their gradients add up. This analysis "
                     "shows the first, {label}; choose another output to see it.",
                     "the engine's backward raises {type}, as PyTorch's does: {error}",
                     "v has shape {shape} but {label} has shape {output_shape}: they must be the same",
                     "not replayed in PyTorch: {reason}", "Jacobian rows {done} of {total} ({seconds:.1f} s)",
                     "running the program", "symbolic Jacobian", "unknown export format {format!r}"):
        assert expected in templates
    messages = {m.source: m for m in catalog.read_ts(catalog.ts_path(ZH)) if m.context == ANALYSIS}
    assert set(messages) == set(templates)
    problems = []
    for source in templates:
        m = messages[source]
        if not m.finished or not CJK.search(m.translation) or fields(m.translation) != fields(source):
            problems.append(f"{source!r} -> {m.translation!r}")
    assert problems == []


def test_every_module_of_core_is_scanned_for_templates():
    """No hand-kept list: a _T anywhere in core (the chain rule's notes, say) reaches the .ts."""
    modules = {p.relative_to(core_folder()).as_posix() for p in context_sources(ANALYSIS)}
    everything = {p.relative_to(core_folder()).as_posix() for p in core_folder().rglob("*.py")
                  if "__pycache__" not in p.parts}
    assert modules == everything - {"explain.py"}
    assert "{name} is not differentiable: no gradient flows through it." in context_texts(ANALYSIS)
    from core import explain, translatable
    assert explain._T is translatable._T     # one marker
    assert translatable.CONTEXT == ANALYSIS   # the context core's texts are looked up in


def test_the_texts_core_shows_are_all_marked_templates():
    """A note, an AnalysisError, a replay's reason, a progress text or an export error written as a bare
    string or an f-string would reach the Chinese UI in English: every one goes through _T()."""
    def bare(node) -> bool:
        if isinstance(node, ast.Constant):
            return isinstance(node.value, str) and re.search("[A-Za-z]", node.value) is not None
        if isinstance(node, ast.JoinedStr):
            return True
        if isinstance(node, ast.BinOp):
            return bare(node.left) or bare(node.right)
        if isinstance(node, ast.IfExp):
            return bare(node.body) or bare(node.orelse)
        return False

    # the HTML report's own bilingual word table: its "error" is a heading, translated by the table itself
    own_table = core_folder() / "export" / "texts.py"
    offences = []
    for path in context_sources(ANALYSIS):
        if path == own_table:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            shown = []
            if isinstance(node, ast.Call):
                func = node.func
                name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
                if name in ("AnalysisError", "ReplayError"):
                    shown += node.args
                elif name == "progress":
                    shown += node.args[1:]
                elif name == "append" and isinstance(func.value, ast.Name) and func.value.id == "notes":
                    shown += node.args
                shown += [k.value for k in node.keywords if k.arg == "note"]
            elif isinstance(node, ast.Dict):
                shown += [v for k, v in zip(node.keys, node.values)
                          if isinstance(k, ast.Constant) and k.value in ("error", "note")]
            offences += [f"{path.relative_to(core_folder())}:{n.lineno}" for n in shown if bare(n)]
    assert offences == []
    assert marked_texts("AnalysisError(_T('a {x}').format(x=1))\n") == ["a {x}"]


# -- core keeps English --------------------------------------------------------------------------

def test_the_notes_in_core_and_its_json_stay_english():
    a = analyze(NONSCALAR, pytorch="off")
    assert a.notes == [NONSCALAR_NOTE] and a.to_json()["notes"] == [NONSCALAR_NOTE]
    raised = analyze(ENGINE_RAISES, pytorch="off")
    assert raised.notes == [f"the engine's backward raises RuntimeError, as PyTorch's does: {INPLACE_MESSAGE}"]
    with pytest.raises(AnalysisError) as error:
        analyze(NONSCALAR, grad_tensor=[1, 2, 3], pytorch="off")
    assert str(error.value) == WRONG_V_NOTE
    unnamed = analyze("import torch\nx = torch.ones(2, requires_grad=True)\n(x * x).sum().backward()\n",
                      pytorch="off")
    assert unnamed.output == "the tensor differentiated on line 3"
    texts = []
    jacobian(a.state[0]._sym, [a.state[1]["x"]._sym], {}, progress=lambda f, t: texts.append(t))
    assert len(texts) == 1 and re.fullmatch(r"Jacobian rows 2 of 2 \(\d+\.\d s\)", texts[0])


# -- translating by lookup -----------------------------------------------------------------------

def wrong_v() -> Text:
    """The note core gives for a v of the wrong shape, as the analysis raises it."""
    with pytest.raises(AnalysisError) as error:
        analyze(NONSCALAR, grad_tensor=[1, 2, 3], pytorch="off")
    assert isinstance(error.value.args[0], Text) and str(error.value) == WRONG_V_NOTE
    return str(error.value)         # str() keeps the Text (as the pipeline's note=str(e) does)


def test_every_template_filled_with_values_is_translated_and_english_comes_back_unchanged(ui):
    templates = context_texts(ANALYSIS)
    filled = {}
    for template in templates:
        values = {name: 17 + 6 * k for k, (name, _, _) in enumerate(fields(template))}
        filled[template] = (_T(template).format(**values), values)
    for template, (text, _) in filled.items():
        assert isinstance(text, Text) and text.template == template
        assert translate_text(text) == text
    language.set_language(ZH, save=False)
    for template, (text, values) in filled.items():
        expected = QCoreApplication.translate(ANALYSIS, template).format(**values)
        assert translate_text(text) == expected != text
    assert translate_text("x = 3") == "x = 3" and translate_text("") == "" and translate_text(None) is None


def test_texts_inside_texts_are_translated_and_data_stays(ui):
    language.set_language(ZH, save=False)
    reason = ReplayError(_T("no PyTorch counterpart is known for the op {op!r}").format(op="foo"))
    nested = _T("real PyTorch disagrees: {note}").format(
        note=_T("not replayed in PyTorch: {reason}").format(reason=reason))
    assert nested == "real PyTorch disagrees: not replayed in PyTorch: no PyTorch counterpart is known for the op 'foo'"
    assert translate_text(nested) == ("真正的 PyTorch 结果不同：没有在 PyTorch 中重放："
                                      "不知道运算 'foo' 在 PyTorch 中对应什么")
    label = _T("the tensor differentiated on line {line}").format(line=4)
    unnamed = _T("v has shape {shape} but {label} has shape {output_shape}: they must be the same").format(
        shape=[3], label=label, output_shape=[2])
    assert translate_text(unnamed) == "v 的形状是 [3]，而第 4 行求导的张量的形状是 [2]：两者必须相同"
    assert translate_text(wrong_v()) == WRONG_V_ZH
    message = _T("the engine's backward raises {type}, as PyTorch's does: {error}").format(
        type="RuntimeError", error="Mismatch in shape")
    assert translate_text(message) == "引擎的 backward 抛出了 RuntimeError，PyTorch 也会如此：" + "Mismatch in shape"
    rows = _T("Jacobian rows {done} of {total} ({seconds:.1f} s)").format(done=64, total=128, seconds=1.27)
    assert rows.values == {"done": "64", "total": "128", "seconds": "1.3"}      # formatted as the English is
    assert translate_text(rows) == "雅可比矩阵：已算 64/128 行（1.3 秒）"
    language.set_language("en", save=False)
    assert translate_text(nested) == nested


def test_english_is_never_parsed_back(ui):
    """A composed English string that lost its template (a plain str) is shown as it is: no pattern
    guesses its values.  Only a whole template of no placeholders is looked up as it is."""
    language.set_language(ZH, save=False)
    plain = str.__str__(wrong_v())
    assert type(plain) is str and translate_text(plain) == plain
    assert translate_text(str.__str__(_T("running the program"))) == "正在运行程序"


class _LostPlaceholder(QTranslator):
    """Translations of the wrong-v message that dropped {label}, or named it otherwise."""

    def __init__(self, translation: str):
        super().__init__()
        self.translation = translation

    def translate(self, context, source, disambiguation=None, n=-1):
        if context == ANALYSIS and source.startswith("v has shape {shape}"):
            return self.translation
        return None


def test_a_translation_that_lost_a_placeholder_leaves_the_text_english(ui):
    language.set_language(ZH, save=False)
    note = wrong_v()
    assert translate_text(note) != WRONG_V_NOTE
    template = "v has shape {shape} but {label} has shape {output_shape}: they must be the same"
    for broken in ("v 的形状是 {shape}，输出的形状是 {output_shape}",          # {label} dropped
                   "v 的形状是 {shape}，{name} 的形状是 {output_shape}"):      # a placeholder of its own
        lost = _LostPlaceholder(broken)
        QCoreApplication.installTranslator(lost)
        try:
            assert QCoreApplication.translate(ANALYSIS, template) == broken
            assert translate_text(note) == WRONG_V_NOTE
            assert translate_text("running the program") == "正在运行程序"        # the others are unaffected
        finally:
            QCoreApplication.removeTranslator(lost)
    assert translate_text(note) == WRONG_V_ZH


# -- the window --------------------------------------------------------------------------------

def test_notes_of_a_nonscalar_output_are_chinese_then_english_then_chinese(qtbot, ui):
    language.set_language(ZH, save=False)
    window = open_window(qtbot, NONSCALAR)
    assert window.state.analysis["notes"] == [NONSCALAR_NOTE]        # what core sent, unchanged
    chinese = "• " + QCoreApplication.translate(ANALYSIS, IMPLICIT_NONSCALAR).format(name="out", shape=[2])
    assert note_texts(window) == [chinese]
    assert "out 的形状是 [2]" in chinese and "grad can be implicitly created only for scalar outputs" in chinese
    # PyTorch's message is quoted as PyTorch writes it, and --grad-tensor is the command line's option
    verbatim = set(re.findall(r"[A-Za-z]+", "grad can be implicitly created only for scalar outputs"))
    left = english_left(window, program_names(window) | lesson_names() | verbatim | {"--grad-tensor"})
    assert left == [], "\n".join(left)

    switch(qtbot, window, "en")
    assert note_texts(window) == ["• " + NONSCALAR_NOTE]
    leftover = [f"{where}: {text!r}" for where, text in shown_strings(window)
                if CJK.search(text) and "简体中文" not in text
                and not where.startswith(("QListWidget", "QTextBrowser"))]   # lesson titles and texts
    assert leftover == [], "\n".join(leftover)

    switch(qtbot, window, ZH)
    assert note_texts(window) == [chinese]


def test_the_engine_raising_is_a_chinese_note_with_pytorchs_message_as_it_is(qtbot, ui):
    language.set_language(ZH, save=False)
    window = open_window(qtbot, ENGINE_RAISES)
    assert window.state.analysis["engine_error"]["message"] == INPLACE_MESSAGE
    assert note_texts(window) == ["• 引擎的 backward 抛出了 RuntimeError，PyTorch 也会如此：" + INPLACE_MESSAGE]
    verbatim = set(re.findall(r"[A-Za-z]+", "RuntimeError " + INPLACE_MESSAGE))     # PyTorch's error, as it is
    left = english_left(window, program_names(window) | lesson_names() | verbatim)
    assert left == [], "\n".join(left)
    switch(qtbot, window, "en")
    assert note_texts(window) == ["• the engine's backward raises RuntimeError, as PyTorch's does: " + INPLACE_MESSAGE]


def test_a_v_of_the_wrong_shape_is_said_in_chinese_in_the_results_and_the_status_bar(qtbot, ui):
    language.set_language(ZH, save=False)
    window = open_window(qtbot, NONSCALAR)
    # the window itself puts a v that does not fit back to its default (test_classroom.py), so
    # core's note comes here as the service sends it for a run without an analysis
    window.state.set_results(window.state.run, None, wrong_v())
    assert window.results.note_label.text() == "本次运行没有分析结果：" + WRONG_V_ZH
    window.display.results_note(window.state.note)
    assert window.statusBar().currentMessage() == WRONG_V_ZH

    switch(qtbot, window, "en")
    assert window.results.note_label.text() == f"No analysis for this run: {WRONG_V_NOTE}"
    assert window.statusBar().currentMessage() == WRONG_V_NOTE
    switch(qtbot, window, ZH)
    assert window.results.note_label.text() == "本次运行没有分析结果：" + WRONG_V_ZH


def test_progress_texts_are_shown_in_chinese_and_follow_a_switch(qtbot, ui):
    language.set_language(ZH, save=False)
    from desktop.main_window import MainWindow
    window = MainWindow(NONSCALAR, "program.py", autorun=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    seen = []
    # connected after the window's own slot: sees the label as the window just set it
    window.host.worker.progress.connect(lambda job, fraction, text: seen.append(window.progress_label.text()))
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        window.run_analysis()
    assert "正在运行程序" in seen and "正在求符号雅可比矩阵" in seen
    assert any(re.fullmatch(r"雅可比矩阵：已算 2/2 行（\d+\.\d 秒）", text) for text in seen), seen
    assert all(CJK.search(text) for text in seen)

    rows = _T("Jacobian rows {done} of {total} ({seconds:.1f} s)").format(done=3, total=8, seconds=0.2)
    window.runner._progress(window.runner.job_id, 0.5, rows)     # as the service sends it
    assert window.progress_label.text() == "雅可比矩阵：已算 3/8 行（0.2 秒）"
    switch(qtbot, window, "en")
    assert window.progress_label.text() == "Jacobian rows 3 of 8 (0.2 s)"
    switch(qtbot, window, ZH)
    assert window.progress_label.text() == "雅可比矩阵：已算 3/8 行（0.2 秒）"


GC_COLLECT = "import gc\nimport torch\nx = torch.ones(2, requires_grad=True)\ngc.collect()\nprint(x.sum())\n"


def test_the_apps_own_notes_in_the_console_are_in_the_ui_language(qtbot, ui):
    language.set_language(ZH, save=False)
    window = open_window(qtbot, GC_COLLECT)
    note = "gc.collect() does nothing in Backprop Lens: the program's memory is managed by the app"
    assert window.state.run["notes"] == [note]                    # what core sent, in English (the JSON's)
    shown = window.console.browser().toPlainText()
    assert "gc.collect() 在 Backprop Lens 中不做任何事：程序的内存由本应用管理" in shown and note not in shown
