"""A live window follows a switch of language from what each panel keeps, never by reading English back.

Each panel sets its texts again on QEvent.LanguageChange from its sources (tr() inside the calls it
keeps, the step, the shape, core's Text): after a run, a step, an export's message box and status bar
messages, every one of them is Chinese after a switch and exactly what it was after switching back.
"""
from __future__ import annotations

import importlib
import re

import pytest

import resources
from desktop.i18n import composed, language
from tests.desktop import test_i18n_core_texts as core_texts
from tests.windows import open_window

# English before and after, settings in a scratch folder, the .qm built
built_translations, ui, switch = core_texts.built_translations, core_texts.ui, core_texts.switch

ZH = language.CHINESE
CJK = re.compile(r"[\u4e00-\u9fff]")


def panel_texts(window) -> dict[str, str]:
    """One or more texts of each panel that sets texts, by where they are shown."""
    inspector, v_editor, stepper = window.inspector, window.v_editor, window.stepper
    texts = {
        "window title (untitled)": window.windowTitle(),
        "File menu": window.file_menu.title(),
        "Export menu": window.exporter.menu.title(),
        "Export action tip": window.exporter.actions["html"].toolTip(),
        "Language menu": window.language_menu.title(),
        "Run action tip": window.run_action.toolTip(),
        "Cancel button": window.cancel_button.text(),
        "side tab": window.side_tabs.tabText(0),
        "Paths placeholder": window.paths_view.placeholderText(),
        "output picker": window.output_picker.itemText(0),
        "output picker tip": window.output_picker.toolTip(),
        "stepper label": stepper.label.text(),
        "stepper next tip": stepper.next_action.toolTip(),
        "stepper speed": stepper.speed_combo.toolTip(),
        "inspector header": inspector.header.text(),
        "inspector caption": inspector.captions["grad_in"].text(),
        "v title": v_editor.title.text(),
        "v button": v_editor.ones_button.text(),
        "v button tip": v_editor.random_button.toolTip(),
        "console placeholder": window.console.browser().placeholderText(),
        "editor name": window.editor.accessibleName(),
        "graph name": window.graph.accessibleName(),
        "recovery bar": window.files.recovery_bar.discard_button.text(),
    }
    assert all(texts.values()), texts
    return texts


def assert_switches_and_back(qtbot, window, read) -> dict[str, str]:
    """``read()`` is English, every text of it Chinese after a switch, and the same English after
    switching back; returns the Chinese."""
    english = read()
    switch(qtbot, window, ZH)
    chinese = read()
    left = {where: text for where, text in chinese.items() if not CJK.search(text) or text == english[where]}
    assert left == {}, left
    switch(qtbot, window, "en")
    assert read() == english
    return chinese


def test_every_panel_follows_a_switch_and_comes_back(qtbot, ui):
    from desktop.main_window import MainWindow
    window = MainWindow(resources.read_lesson(resources.DEFAULT_LESSON), None, autorun=False)   # untitled
    qtbot.addWidget(window)
    window.resize(1440, 900)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        window.run_analysis()
    window.state.set_step(2)
    assert window.stepper.label.text() == "step 3 of 5: MulBackward0"
    assert window.windowTitle() == "Untitled[*] — Backprop Lens"
    assert re.fullmatch(r"Analysed in \d+ ms", window.statusBar().currentMessage())

    chinese = assert_switches_and_back(qtbot, window, lambda: {
        **panel_texts(window), "status (the runner's)": window.statusBar().currentMessage()})
    assert chinese["stepper label"] == "第 3/5 步：MulBackward0"
    assert chinese["window title (untitled)"] == "未命名[*] — Backprop Lens"
    assert chinese["File menu"] == "文件(&F)"


def test_an_export_message_and_the_status_bar_follow_a_switch(qtbot, ui, tmp_path):
    window = open_window(qtbot, resources.read_lesson(resources.DEFAULT_LESSON))
    target = tmp_path / "missing" / "r.html"
    with qtbot.waitSignal(window.exporter.failed, timeout=60000):
        window.exporter.export_to("html", str(target))
    box = window.exporter.last_message
    assert box.isVisible() and box.text().startswith(f"Cannot write {target}")
    assert window.statusBar().currentMessage() == box.text()

    assert_switches_and_back(qtbot, window, lambda: {
        "export box": box.text(), "export box title": box.windowTitle(),
        "status (the export's)": window.statusBar().currentMessage()})
    box.close()

    window.show_status(lambda: window.tr("Run a program that differentiates something first."))
    chinese = assert_switches_and_back(qtbot, window, lambda: {"status": window.statusBar().currentMessage()})
    assert chinese["status"] != "Run a program that differentiates something first."


def test_a_panel_opened_from_the_window_follows_a_switch(qtbot, ui):
    window = open_window(qtbot, resources.read_lesson(resources.DEFAULT_LESSON))
    panel = window.show_row_by_row()
    assert_switches_and_back(qtbot, window, lambda: {
        "title": panel.windowTitle(), "explanation": panel.explain.text(), "step": panel.step_text.text(),
        "button": panel.next_button.text(), "copy": panel.table.copy_action.text()})
    panel.close()


def test_nothing_reads_shown_english_back():
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("desktop.i18n.retranslate")
    assert not hasattr(composed, "shown_again")


def test_the_example_of_texts_holds(qapp):
    import doctest

    import desktop.i18n.texts
    result = doctest.testmod(desktop.i18n.texts)
    assert result.attempted > 0 and result.failed == 0
