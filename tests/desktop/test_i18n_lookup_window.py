"""The window in Chinese shows core's texts translated by lookup (template + values), and switches live.

Each case went through the regex back-translation before (desktop/i18n/composed.py matched the
English against every template): the note of a custom Function whose backward is wrong (beside the
verdict it explains and the entries core's mask marks), a budget reason, a runtime error explained.
"""
from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QCoreApplication

from core.symbolic.shadow import MAX_ELEMENTS
from core.translatable import Text
from desktop.i18n import language
from desktop.i18n.explain_strings import ANALYSIS
from tests.desktop import test_i18n_core_texts as core_texts
from tests.windows import open_window

# the same fixtures as the other tests of core's texts: English before and after, settings in a scratch folder
built_translations, ui, switch = core_texts.built_translations, core_texts.ui, core_texts.switch

ZH = language.CHINESE
CJK = re.compile(r"[\u4e00-\u9fff]")
WRONG_BACKWARD = """import torch

class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad):
        x, = ctx.saved_tensors
        return grad * x * torch.tensor([2.0, 3.0, 2.0])

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = Square.apply(x).sum()
out.backward()
"""
WRONG_NOTE = ("the backward of the custom Function SquareBackward disagrees with its forward: the gradient it sends "
              "to x is not the derivative of what its forward computes (see step 2)")
WRONG_NOTE_ZH = "自定义 Function SquareBackward 的 backward 与它的 forward 不一致：它传给 x 的梯度不是 forward 所计算内容的导数（见第 2 步）"
LARGE_LEAF = (f"import torch\nx = torch.ones({MAX_ELEMENTS + 1}, requires_grad=True)\n"
              "out = (x * 2).sum()\nout.backward()\n")
BACKWARD_TWICE = ("import torch\nx = torch.ones(2, requires_grad=True)\ny = (x * x).sum()\n"
                  "y.backward()\ny.backward()\n")


def complete(qtbot, source: str):
    """A window on ``source`` with its complete analysis (not only the numeric stage's)."""
    window = open_window(qtbot, source)
    qtbot.waitUntil(lambda: (window.state.analysis or {}).get("stage") == "complete", timeout=60000)
    return window


def notes(window) -> list[str]:
    return [label.text() for label in window.results.note_labels]


def test_a_wrong_custom_backward_in_chinese_its_note_verdict_and_marks_and_back(qtbot, ui):
    language.set_language(ZH, save=False)
    window = complete(qtbot, WRONG_BACKWARD)
    a = window.state.analysis
    sent = next(n for n in a["notes"] if n == WRONG_NOTE)
    assert isinstance(sent, Text) and sent.values["node"] == "SquareBackward"   # the meaning crossed the frames
    assert "• " + WRONG_NOTE_ZH in notes(window)
    verdict = window.results.verdict_text()
    assert window.results.verdict() == "disagree" and CJK.search(verdict) and "Disagree" not in verdict
    block = window.results.block("x")
    assert a["mismatch"]["x"]["mask"] == [False, True, False]
    assert block.vjp_table.highlighted() == block.backward_table.highlighted() == {(0, 1)}

    switch(qtbot, window, "en")
    assert "• " + WRONG_NOTE in notes(window)
    assert window.results.verdict_text().startswith("✗ Disagree")
    assert window.results.block("x").vjp_table.highlighted() == {(0, 1)}
    switch(qtbot, window, ZH)
    assert "• " + WRONG_NOTE_ZH in notes(window)


def test_a_budget_reason_is_chinese_with_its_numbers_and_follows_a_switch(qtbot, ui):
    language.set_language(ZH, save=False)
    window = complete(qtbot, LARGE_LEAF)
    reason = window.state.analysis["witnesses"]["symbolic"]["note"]
    assert isinstance(reason, Text) and reason.values == {"n": f"{MAX_ELEMENTS + 1:,}", "limit": f"{MAX_ELEMENTS:,}"}
    chinese = QCoreApplication.translate(ANALYSIS, reason.template).format(n=MAX_ELEMENTS + 1, limit=MAX_ELEMENTS)
    assert f"一个叶子有 {MAX_ELEMENTS + 1:,} 个元素" in chinese
    assert "• " + chinese in notes(window)
    switch(qtbot, window, "en")
    assert "• " + reason in notes(window) and "• " + chinese not in notes(window)
    switch(qtbot, window, ZH)
    assert "• " + chinese in notes(window)


def test_a_runtime_error_is_explained_in_chinese_and_follows_a_switch(qtbot, ui):
    language.set_language(ZH, save=False)
    window = open_window(qtbot, BACKWARD_TWICE)
    title_zh = QCoreApplication.translate("explain", "Backward through the same graph twice")
    assert CJK.search(title_zh)
    shown = window.console.browser().toPlainText()
    assert title_zh in shown and "Trying to backward through the graph a second time" in shown  # PyTorch's own
    switch(qtbot, window, "en")
    shown = window.console.browser().toPlainText()
    assert "Backward through the same graph twice" in shown and title_zh not in shown
    switch(qtbot, window, ZH)
    assert title_zh in window.console.browser().toPlainText()


def test_a_status_bar_message_from_core_follows_a_switch_by_its_text_not_a_pattern(qtbot, ui):
    """The window keeps the Text its status bar says (show_status) and says it again after a switch."""
    from core.analysis import AnalysisError, analyze
    language.set_language(ZH, save=False)
    window = open_window(qtbot, WRONG_BACKWARD)
    with pytest.raises(AnalysisError) as error:
        analyze(WRONG_BACKWARD, grad_tensor=[1, 2, 3], pytorch="off")
    note = str(error.value)
    window.show_status(note)
    zh = window.statusBar().currentMessage()
    assert note == "v has shape [3] but out has shape []: they must be the same"
    assert zh == "v 的形状是 [3]，而 out 的形状是 []：两者必须相同"
    switch(qtbot, window, "en")
    assert window.statusBar().currentMessage() == note
    switch(qtbot, window, ZH)
    assert window.statusBar().currentMessage() == zh
