"""No raw LaTeX on screen (issue 15, item 5): every local derivative the app can show, and every
lesson's symbolic J, is typeset by the app's renderer (ziamath reads every command in it, so none is
drawn as literal text); while a formula is being typeset a translated placeholder shows, never its
source; a note in place of a J too large to typeset wraps instead of being cut off."""
from __future__ import annotations

import re

import numpy as np
import pytest
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

import core.torch  # noqa: F401  (registers every op)
import resources
from core.analysis import analyze
from core.ops.registry import REGISTRY, apply
from core.symbolic.derivative import node_local
from core.tensor.tensor import Tensor
from desktop.i18n import catalog, language
from desktop.results.math_render import load_ziamath, render_image
from desktop.results.math_view import MathLabel, MathRenderer
from tests.ops_table import inputs
from tests.windows import open_window

COMMAND = re.compile(r"\\[A-Za-z]+")           # a LaTeX command: \frac, \text, \mathrel...
DIFFERENTIABLE = sorted(name for name, op in REGISTRY.items() if op.vjp is not None)
LESSONS = sorted(name for name in resources.lesson_names())
BIG_J = ("import torch\n"
         "x = torch.randn(6, 6, requires_grad=True)\n"
         "w = torch.randn(6, 6, requires_grad=True)\n"
         "out = (torch.tanh(x @ w) @ x).sum()\n"
         "out.backward()\n")


def _op_formula(name: str) -> str | None:
    arrays, params = inputs(name)
    leaves = [Tensor._make(np.array(a, dtype=np.float64)) for a in arrays]
    for t in leaves:
        t.requires_grad_(True)
    out = apply(REGISTRY[name], tuple(leaves), params or {})
    return node_local(out.grad_fn).latex


def _unread_commands(tex: str) -> list[str]:
    """Commands ziamath does not know: its MathML keeps them as text (``<mi>\\mathrel</mi>``),
    and they would be drawn as raw LaTeX inside the picture."""
    import ziamath
    mathml = ziamath.Latex(tex).mathmlstr()
    return re.findall(r">[^<]*\\[^<]*<", mathml)


def _assert_typesets(tex: str, where: str) -> None:
    assert _unread_commands(tex) == [], (where, tex)
    image = render_image(tex, "#000000", 20.0)
    assert not image.isNull() and image.width() > 4 and image.height() > 4, (where, tex)


@pytest.fixture(scope="module")
def ziamath_loaded(qapp):
    load_ziamath()


@pytest.mark.parametrize("name", DIFFERENTIABLE)
def test_every_local_derivative_of_every_op_typesets(ziamath_loaded, name):
    tex = _op_formula(name)
    if tex is not None:
        _assert_typesets(tex, name)


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_formula_of_every_lesson_typesets(ziamath_loaded, lesson):
    a = analyze(resources.read_lesson(lesson), pytorch="off").to_json()
    for step in a.get("trace") or []:
        if step.get("local"):
            _assert_typesets(step["local"], f"{lesson}: {step['grad_fn']}")
        for note in step.get("local_notes") or []:
            assert not COMMAND.search(note), (lesson, note)     # sentences are plain text
    for leaf, tex in (a.get("jacobian_latex") or {}).items():
        _assert_typesets(tex, f"{lesson}: J of {leaf}")


def _shown_texts(root: QWidget) -> list[tuple[str, str]]:
    """(where, text) of every label, button and tooltip visible in ``root``."""
    found = []
    for w in [root, *root.findChildren(QWidget)]:
        if not w.isVisibleTo(root):
            continue
        name = f"{type(w).__name__}({w.objectName()})"
        if isinstance(w, (QLabel, QAbstractButton)):
            found.append((f"{name}.text", w.text()))
        found.append((f"{name}.toolTip", w.toolTip()))
    return [(where, text) for where, text in found if text]


def _raw_latex(root: QWidget) -> list[str]:
    return [f"{where}: {text[:120]!r}" for where, text in _shown_texts(root) if COMMAND.search(text)]


@pytest.mark.parametrize("lesson", ["15_tiny_mlp_step.py", "13_matmul_shapes.py", "14_softmax_cross_entropy.py"])
def test_no_latex_source_is_shown_while_stepping_or_after(qtbot, private_settings, lesson):
    window = open_window(qtbot, resources.read_lesson(lesson))
    assert _raw_latex(window) == []          # the symbolic J: a placeholder, then the picture
    for index in range(len(window.state.trace)):
        window.state.set_step(index)
        assert _raw_latex(window) == [], f"step {index}"       # before the formula is typeset
    window.state.set_step(max(i for i, step in enumerate(window.state.trace) if step.get("local")))
    qtbot.waitUntil(lambda: MathRenderer.instance().pending() == 0, timeout=60000)
    qtbot.wait(20)
    assert _raw_latex(window) == []
    shown = window.inspector._rendered
    assert isinstance(shown, MathLabel) and shown.is_rendered(), shown and shown.error()


_unique = iter(range(10**6))


def test_a_formula_being_typeset_shows_a_translated_placeholder_not_its_source(qtbot, private_settings):
    catalog.build_all()
    tex = r"\frac{\partial\, a_{%d}}{\partial b} = \sqrt{a}" % next(_unique)   # not in the cache
    label = MathLabel()
    qtbot.addWidget(label)
    label.show()
    with qtbot.waitSignal(label.rendered, timeout=20000):
        label.set_latex(tex)
        assert label.placeholder_text() == "formula loading…"
        assert _raw_latex(label) == []
    assert label.is_rendered() and label.placeholder_text() == "" and _raw_latex(label) == []
    try:
        language.set_language("zh_CN", save=False)
        chinese = MathLabel()
        qtbot.addWidget(chinese)
        chinese.show()
        with qtbot.waitSignal(chinese.rendered, timeout=20000):
            chinese.set_latex(tex + r" + %d" % next(_unique))
            assert chinese.placeholder_text() == "公式加载中…"
    finally:
        language.set_language(language.ENGLISH, save=False)


def test_a_formula_that_cannot_be_typeset_never_shows_its_source(qtbot):
    label = MathLabel()
    qtbot.addWidget(label)
    label.show()
    with qtbot.waitSignal(label.rendered, timeout=20000):
        label.set_latex(r"\begin{matrix} %d" % next(_unique))
    assert label.placeholder_text() == "(this formula cannot be shown)"
    assert _raw_latex(label) == []


def test_the_inspector_typesets_by_itself_without_a_plugged_in_renderer(qtbot):
    from desktop.stepper.inspector import NodeInspector
    from desktop.view_model import TraceStep
    a = analyze(resources.read_lesson("15_tiny_mlp_step.py"), pytorch="off").to_json()
    step = next(s for s in a["trace"] if s["grad_fn"] == "MmBackward0")
    inspector = NodeInspector()
    qtbot.addWidget(inspector)
    inspector.show()
    inspector.show_step(TraceStep.from_json(step))
    assert isinstance(inspector._rendered, MathLabel) and _raw_latex(inspector) == []
    qtbot.waitUntil(inspector._rendered.is_rendered, timeout=20000)


def test_the_note_for_a_j_too_large_to_typeset_is_not_cut_off(qtbot, private_settings):
    window = open_window(qtbot, BIG_J)
    window.resize(1024, 768)
    qtbot.wait(50)
    notes = [label for label in window.results.findChildren(QLabel)
             if label.text() == "(too large to typeset; the values follow)" and label.isVisibleTo(window)]
    assert notes
    for note in notes:
        assert note.height() >= note.heightForWidth(note.width()), "the note is cut off"
        assert note.width() >= note.fontMetrics().horizontalAdvance(note.text()) or note.wordWrap()
