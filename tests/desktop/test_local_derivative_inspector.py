"""The step inspector shows the local derivative derived from the op's rule: the min formula for minimum."""
from __future__ import annotations

import pytest

from desktop.results.math_view import MathLabel
from tests.windows import open_window

MINIMUM = ("import torch\n"
           "x = torch.tensor([1.0, 5.0], requires_grad=True)\n"
           "y = torch.tensor([3.0, 2.0], requires_grad=True)\n"
           "z = torch.minimum(x, y)\n"
           "out = z.sum()\n"
           "out.backward()\n")


def test_stepping_to_minimum_shows_the_min_formula_typeset(qtbot):
    window = open_window(qtbot, MINIMUM)
    trace = window.state.analysis["trace"]
    index = next(i for i, step in enumerate(trace) if step["grad_fn"] == "MinimumBackward0")
    window.stepper.set_step(index)
    inspector = window.inspector
    assert "MinimumBackward0" in inspector.text().splitlines()[0]       # the header
    shown = inspector._rendered
    assert isinstance(shown, MathLabel)
    tex = shown.latex()
    d_da = tex.split(r"\end{cases}")[0]
    assert r"\operatorname{minimum}" in d_da and r"\partial a}" in d_da
    assert r"1 & a < b" in d_da and r"\frac{1}{2} & a = b" in d_da and r"0 & a > b" in d_da
    qtbot.waitUntil(lambda: shown.is_rendered() or bool(shown.error()), timeout=30000)
    assert shown.is_rendered(), shown.error()     # ziamath reads the derived LaTeX


def test_a_view_step_shows_its_sentence(qtbot):
    window = open_window(qtbot, "import torch\nx = torch.ones(2, 3, requires_grad=True)\n"
                            "out = x.view(6).sum()\nout.backward()\n")
    trace = window.state.analysis["trace"]
    window.stepper.set_step(next(i for i, s in enumerate(trace) if s["grad_fn"] == "ViewBackward0"))
    text = window.inspector.text()
    assert "Local derivative: ViewBackward0 only moves elements" in text


def test_a_wrong_custom_backward_brings_sent_and_implied_into_view_in_a_small_presenter_window(qtbot):
    import resources
    window = open_window(qtbot, resources.read_lesson("16_custom_function_backward.py"))
    window.resize(1024, 768)
    window.set_presenter_mode(True)
    trace = window.state.analysis["trace"]
    window.stepper.set_step(next(i for i, s in enumerate(trace) if s["grad_fn"] == "CubeBackward"))
    inspector = window.inspector
    text = inspector.text()
    assert "Gradient sent: → x [3, 6, 9]" in text and "The forward implies: → x [3, 12, 27]" in text
    implied = inspector.fields["implied"]
    viewport = inspector.scroll.viewport()

    def implied_in_view():
        top = implied.mapTo(viewport, implied.rect().topLeft()).y()
        return 0 <= top < viewport.height()
    qtbot.waitUntil(implied_in_view, timeout=5000)
    window.set_presenter_mode(False)


def _notes_in_view(inspector) -> tuple[bool, str]:
    """Whether the local derivative's notes lie wholly within the inspector's viewport (its width: the
    body may scroll sideways for a wide value) and show all their lines; and what they measure."""
    from PySide6.QtCore import QPoint
    label, viewport = inspector.local_notes_label, inspector.scroll.viewport()
    left = label.mapTo(viewport, QPoint(0, 0)).x()
    measures = (f"notes at x={left}, {label.width()} px wide, {label.height()} px high "
                f"(needs {label.heightForWidth(label.width())}); viewport {viewport.width()} px wide")
    return (left >= 0 and left + label.width() <= viewport.width()
            and label.height() >= label.heightForWidth(label.width())), measures


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("lesson, grad_fn", [("10_jacobian_index_assign.py", "SelectBackward0"),
                                             ("16_custom_function_backward.py", "CubeBackward")])
def test_the_notes_wrap_within_a_narrow_inspector(qtbot, language, lesson, grad_fn):
    """A node's sentence in the narrowest inspector (about the width a 1024x768 window leaves it), beside a
    wider row ("→ SelectBackward0  [2, 0]") that makes the body scroll sideways: the notes once wrapped at
    the body's width, or beside their caption, and ran past the pane's edge; a long name
    ("autograd.Function") may break too, not be cut."""
    import resources
    from desktop.i18n import set_language
    window = open_window(qtbot, resources.read_lesson(lesson))
    set_language(language, save=False)
    try:
        bottom = window.splitters[3]
        bottom.setSizes([sum(bottom.sizes()), 0])      # the inspector at its least width
        trace = window.state.analysis["trace"]
        window.stepper.set_step(next(i for i, s in enumerate(trace) if s["grad_fn"] == grad_fn))
        inspector = window.inspector
        notes = inspector.local_notes_label
        assert notes.isVisibleTo(inspector) and len(notes.text()) > 60
        qtbot.waitUntil(lambda: _notes_in_view(inspector)[0], timeout=5000)
        assert inspector.scroll.viewport().width() < 200, _notes_in_view(inspector)[1]
        assert notes.minimumSizeHint().width() <= inspector.scroll.viewport().width()   # no word cut
        assert "\u200b" not in inspector.text()     # the breaks are for the eye, not for copying
        # and a wide pane gives them its width, not a narrow column
        bottom.setSizes([sum(bottom.sizes()) // 2] * 2)
        qtbot.waitUntil(lambda: _notes_in_view(inspector)[0]
                        and notes.width() >= inspector.scroll.viewport().width() - 2, timeout=5000)
    finally:
        set_language("en", save=False)


def _captions_in_view(inspector) -> tuple[bool, str]:
    """Whether every caption shown lies within the viewport's width and shows all its lines."""
    from PySide6.QtCore import QPoint
    viewport = inspector.scroll.viewport()
    cut = []
    for key, caption in inspector.captions.items():
        if not caption.isVisibleTo(inspector):
            continue
        left = caption.mapTo(viewport, QPoint(0, 0)).x()
        if left < 0 or left + caption.width() > viewport.width() or \
                caption.height() < caption.heightForWidth(caption.width()):
            cut.append(f"{key}: x={left}, {caption.width()}x{caption.height()} px")
    return not cut, f"viewport {viewport.width()} px wide; cut: {cut}"


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_captions_go_above_their_values_in_a_narrow_inspector(qtbot, language):
    """At the width a 1024x768 window leaves the inspector, "Gradient arriving" beside a value was cut at
    the pane's edge (the values after it out of view): there each caption goes above its value and wraps
    only if it must; a wide inspector keeps them beside their values."""
    import resources
    from PySide6.QtWidgets import QFormLayout
    from desktop.i18n import set_language
    window = open_window(qtbot, resources.read_lesson("03_mm_gradient.py"))
    set_language(language, save=False)
    try:
        bottom = window.splitters[3]
        bottom.setSizes([sum(bottom.sizes()), 0])      # the inspector at its least width
        window.stepper.set_step(1)                      # AccumulateGrad: "Leaf", "Gradient arriving", ".grad"
        inspector = window.inspector
        qtbot.waitUntil(lambda: inspector.form.rowWrapPolicy() == QFormLayout.RowWrapPolicy.WrapAllRows
                        and _captions_in_view(inspector)[0], timeout=5000)
        leaf = inspector.captions["output"]
        assert leaf.height() < 2 * leaf.fontMetrics().lineSpacing(), "a short caption stays on one line"
        bottom.setSizes([sum(bottom.sizes()) // 3, 2 * sum(bottom.sizes()) // 3])
        qtbot.waitUntil(lambda: inspector.form.rowWrapPolicy() == QFormLayout.RowWrapPolicy.WrapLongRows,
                        timeout=5000)
        grad_in = inspector.captions["grad_in"]
        assert grad_in.mapTo(inspector.body, grad_in.rect().topLeft()).y() == \
            inspector.fields["grad_in"].mapTo(inspector.body, inspector.fields["grad_in"].rect().topLeft()).y()
    finally:
        set_language("en", save=False)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_verdict_keeps_all_its_lines_in_a_short_results_pane(qtbot, language):
    """Dragged (or fitted) short, the results pane once squeezed the verdict and cut its last line; now the
    verdict keeps its lines and the results under it scroll in what is left."""
    import resources
    from desktop.i18n import set_language
    from pathlib import Path
    program = Path(__file__).parents[1] / "data" / "corpus" / "jcjohnson_two_layer_net_nn.py"
    window = open_window(qtbot, program.read_text())
    set_language(language, save=False)
    try:
        window.resize(1024, 768)
        verdict = window.results.verdict_label
        right = window.splitters[2]
        qtbot.waitUntil(lambda: verdict.height() > 0, timeout=5000)
        # the top pane just taller than the form above the results and the verdict's lines
        top = window.io_box.height() + verdict.heightForWidth(verdict.width()) + 30
        right.setSizes([top, sum(right.sizes()) - top])
        # a numeric verdict with the symbolic Jacobian's budget in it: five or six lines at this width
        assert verdict.isVisible() and verdict.text().startswith("✓") and "20,000" in verdict.text()

        def shown_whole():
            needed = verdict.minimumHeight()
            verdict.setMinimumHeight(0)
            lines = verdict.heightForWidth(verdict.width())
            verdict.setMinimumHeight(needed)
            return verdict.height() >= lines > 0
        qtbot.waitUntil(shown_whole, timeout=5000)
    finally:
        set_language("en", save=False)
