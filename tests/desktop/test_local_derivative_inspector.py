"""The step inspector shows the local derivative derived from the op's rule: the min formula for minimum."""
from __future__ import annotations

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
