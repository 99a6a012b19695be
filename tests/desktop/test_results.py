"""The results pane: what the user sees matches what PyTorch recorded.

Numbers are read back from the widgets (the displayed table cells), not from
the analysis dict, so a formatting or reshaping slip shows up here.
"""
import ast
import json
import math
import random
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QPoint, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtSvg import QSvgRenderer

from core.analysis import AnalysisError, analyze
from desktop.results.math_view import MathLabel, MathRenderer, render_image, render_svg, split_matrix
from desktop.results.matrix_table import MatrixTable
from desktop.results.side_by_side import SideBySidePanel
from desktop.results.v_editor import RANDOM_RANGE, VEditor
from desktop.results.values import as_rows, flatten, format_number, marked_cells, parse_number, subscript_label
from desktop.view_model import Mismatch

DATA = Path(__file__).resolve().parent.parent / "data"
# examples/ holds the tutorial seeds; oracle/ the same recording for 187 more programs
# (same schema), so the comparison covers every op with a recorded Jacobian.
CASE_DIRS = [DATA / "examples", DATA / "oracle"]
# As in tests/core/test_analysis.py: PyTorch's one-hot backward gives nan where a zero row
# meets an infinite local derivative (0 * inf); the mathematical Jacobian, shown here, is 0.
AUTOGRAD_NAN = {"op_exp_log", "op_pow_scalar_exponents", "op_sqrt_at_zero"}
SMALL_TEX = r"\frac{\partial y}{\partial x} = 3x^{2}"
MATRIX_TEX = r"\left[\begin{matrix}4 x_{11} & 2\\2 & 6 x_{12}^{2}\end{matrix}\right]"


def recorded_cases():
    cases = []
    for folder in CASE_DIRS:
        for program in sorted(folder.glob("*.py")):
            record = json.loads(program.with_suffix(".json").read_text(encoding="utf-8"))
            if isinstance(record.get("jacobian"), dict) and "jacobian" in record["jacobian"]:
                cases.append(program)
    return cases


def assigns_out(source: str) -> bool:
    return any(isinstance(node, ast.Name) and node.id == "out" and isinstance(node.ctx, ast.Store)
               for node in ast.walk(ast.parse(source)))


_ANALYSES = {}


def analysis_of(program: Path):
    """Core's analysis dict for ``program`` (None when core declines it), cached."""
    if program not in _ANALYSES:
        source = program.read_text(encoding="utf-8")
        try:
            result = analyze(source, output="out") if assigns_out(source) else analyze(source)
            _ANALYSES[program] = result.to_json()
        except AnalysisError:
            _ANALYSES[program] = None
    return _ANALYSES[program]


def close(a, b, tol=1e-5):
    a, b = float(a), float(b)
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= tol + tol * abs(b)


def assert_same_numbers(shown, recorded, allow_autograd_nan=False):
    shown, recorded = flatten(shown), flatten(recorded)
    assert len(shown) == len(recorded)
    bad = [(i, s, r) for i, (s, r) in enumerate(zip(shown, recorded)) if not close(s, r)
           and not (allow_autograd_nan and math.isnan(r) and s == 0)]
    assert not bad, f"entries differ (index, shown, recorded): {bad[:5]}"


@pytest.fixture
def panel(qtbot):
    widget = SideBySidePanel()
    qtbot.addWidget(widget)
    widget.resize(900, 600)
    yield widget
    widget.set_analysis(None)  # cancels formulas still waiting for a worker


CASES = recorded_cases()
DECLINED = {"ag_functional_jacobian", "ag_grad_grad_outputs", "eng_grad_fn_next_functions", "eng_hook_handle_remove",
            "eng_variable_constructor", "op_max_dim_indices", "print_shape_size_dim", "print_size",
            "err_backward_wrong_grad_shape"}


def test_enough_recorded_cases_are_analysed():
    working = [p for p in CASES if analysis_of(p) is not None]
    assert len(working) >= 10, [p.name for p in working]


@pytest.mark.parametrize("program", CASES, ids=[p.stem for p in CASES])
def test_panel_shows_the_recorded_jacobian_vjp_and_backward(panel, program):
    a = analysis_of(program)
    if a is None:
        # core declines exactly these: programs the interpreter rejects (they read
        # type(x).__name__), and one whose own backward passes a v of the wrong shape
        assert program.stem in DECLINED, program.stem
        return
    recorded = json.loads(program.with_suffix(".json").read_text(encoding="utf-8"))["jacobian"]
    panel.set_analysis(a)
    assert panel.leaves()[:len(recorded["leaves"])] == recorded["leaves"]   # then a model's parameters
    for leaf in recorded["leaves"]:
        shown_j = panel.jacobian_values(leaf)
        assert len(shown_j) == max(1, math.prod(recorded["out_shape"]))  # one row per output element
        assert_same_numbers(shown_j, recorded["jacobian"][leaf], program.stem in AUTOGRAD_NAN)
        if "vjp" in recorded:
            assert_same_numbers(panel.vjp_values(leaf), recorded["vjp"][leaf])
            assert_same_numbers(panel.backward_values(leaf), recorded["vjp"][leaf])
        else:
            assert panel.vjp_values(leaf) is None and panel.backward_values(leaf) is None
    if "vjp" in recorded:
        assert panel.verdict() == "agree"
        assert panel.verdict_text().startswith("✓ Agree")
    else:
        assert panel.verdict() == "no-v"


# --- the side-by-side panel -----------------------------------------------------------------

def example(name: str, **kwargs) -> dict:
    return analyze((DATA / "examples" / f"{name}.py").read_text(encoding="utf-8"), **kwargs).to_json()


def test_jacobian_rows_are_output_elements_and_columns_leaf_elements(panel):
    a = example("seed_01_mm_gradient", output="out")
    panel.set_analysis(a)
    table = panel.jacobian_table("x")
    assert table.row_labels() == a["labels"]["output"]
    assert table.column_labels() == a["labels"]["x"]
    assert table.rowCount() == 8 and table.columnCount() == 6
    assert panel.vjp_values("x") == [[10, 10, 10], [26, 26, 26]]
    assert panel.backward_values("x") == [[10, 10, 10], [26, 26, 26]]
    assert panel.math_label("x").latex() == a["jacobian_latex"]["x"]


def test_without_v_the_panel_shows_j_and_explains_pytorchs_error(panel):
    panel.set_analysis(example("seed_12a_nonscalar_no_gradient_error", output="out"))
    assert panel.verdict() == "no-v"
    assert panel.jacobian_values("x") == [[2, 0, 0], [0, 2, 0], [0, 0, 2]]
    assert panel.vjp_values("x") is None and panel.backward_values("x") is None
    texts = " ".join(label.text() for label in panel.findChildren(type(panel.verdict_label)))
    assert "implicitly created only for scalar outputs" in texts


# A custom autograd.Function whose backward is wrong in one entry: core's verdict disagrees there.
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


def test_a_disagreement_is_red_and_marks_the_entries_core_found(panel):
    a = analyze(WRONG_BACKWARD, pytorch="off").to_json()
    assert a["match"] is False and a["mismatch"]["x"] == {"mask": [False, True, False], "count": 1}
    panel.set_analysis(a)
    assert panel.verdict() == "disagree"
    assert panel.verdict_text().startswith("✗ Disagree") and "Largest difference: 2" in panel.verdict_text()
    block = panel.block("x")
    assert block.vjp_table.highlighted() == block.backward_table.highlighted() == {(0, 1)}
    assert block.differing == 1
    assert panel.verdict_label.palette().color(QPalette.ColorRole.WindowText).red() > 100


def test_the_marks_are_cores_mask_not_a_tolerance_of_the_desktops(panel):
    """The window marks what core's mask says: an entry core calls a mismatch is marked even where
    the two numbers shown are close, and numbers far apart are not marked when core says they agree."""
    a = analyze(WRONG_BACKWARD, pytorch="off").to_json()
    a["mismatch"]["x"] = {"mask": [True, False, False], "count": 1}     # entry 1 agrees in value
    panel.set_analysis(a)
    assert panel.block("x").vjp_table.highlighted() == {(0, 0)}
    a["mismatch"] = {}                                                  # no mask: nothing is marked
    panel.set_analysis(a)
    assert panel.block("x").vjp_table.highlighted() == set() and panel.block("x").differing == 0


def test_an_engine_error_is_reported(panel):
    a = example("seed_11_jacobian_index_assign", output="out")
    a["backward"], a["match"], a["max_abs_diff"] = None, False, "nan"
    a["engine_error"] = {"type": "RuntimeError", "message": "hook 'shrink' has changed the size of value"}
    panel.set_analysis(a)
    assert panel.verdict() == "engine-error"
    assert "RuntimeError" in panel.verdict_text() and "shrink" in panel.verdict_text()


def test_clicking_a_jacobian_entry_names_leaf_row_and_column(panel, qtbot):
    panel.set_analysis(example("seed_11_jacobian_index_assign", output="out"))
    panel.show()
    qtbot.waitExposed(panel)
    table = panel.jacobian_table("x")
    rect = table.visualItemRect(table.item(1, 0))
    with qtbot.waitSignal(panel.entryActivated) as blocker:
        qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert blocker.args == ["x", 1, 0]


def test_no_analysis_shows_a_placeholder(panel):
    panel.set_analysis(None)
    assert panel.verdict() == "none" and panel.leaves() == []


def test_the_panel_follows_a_dark_palette(panel, qapp):
    panel.set_analysis(example("seed_11_jacobian_index_assign", output="out"))
    old = qapp.palette()
    try:
        dark = QPalette(old)
        dark.setColor(QPalette.ColorRole.Window, QColor(30, 30, 30))
        dark.setColor(QPalette.ColorRole.WindowText, QColor(230, 230, 230))
        qapp.setPalette(dark)
        qapp.processEvents()
        text = panel.verdict_label.palette().color(QPalette.ColorRole.WindowText)
        assert text.lightness() > 150  # light green on a dark green banner
    finally:
        qapp.setPalette(old)


# --- the matrix table ------------------------------------------------------------------------

def test_numbers_are_compact_and_non_finite_values_readable():
    assert [format_number(x) for x in (12.0, 0.19661193, -2.5, "nan", "inf", "-inf", 1e-7)] == [
        "12", "0.196612", "−2.5", "nan", "∞", "−∞", "1e−7"]
    assert parse_number("−2.5") == -2.5 and parse_number("−∞") == -math.inf and math.isnan(parse_number("nan"))
    assert subscript_label("x_12") == "x₁₂" and subscript_label("x_{1,2,3}") == "x₁,₂,₃"
    assert as_rows([[[1, 2]], [[3, 4]]], 2) == [[1, 2], [3, 4]]


def test_matrix_table_is_read_only_and_copies_tab_separated(qtbot):
    table = MatrixTable()
    qtbot.addWidget(table)
    table.set_matrix([[1.0, "nan"], ["-inf", 0.125]], ["out_1", "out_2"], ["x_1", "x_2"])
    assert table.displayed_text() == [["1", "nan"], ["−∞", "0.125"]]
    assert table.horizontalHeaderItem(0).text() == "x₁"
    assert not table.item(0, 0).flags() & Qt.ItemFlag.ItemIsEditable or \
        table.editTriggers() == table.EditTrigger.NoEditTriggers
    table.selectAll()
    qtbot.keyClick(table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QGuiApplication.clipboard().text() == "1\tnan\n-inf\t0.125"


def test_matrix_table_marks_the_cells_of_cores_mask(qtbot):
    table = MatrixTable()
    qtbot.addWidget(table)
    table.set_matrix([[1.0, 2.0, "nan"], [4.0, 5.0, 6.0]])
    table.set_highlighted(marked_cells(Mismatch(2, [[False, True, False], [False, False, True]]), [2, 3]))
    assert table.highlighted() == {(0, 1), (1, 2)}
    assert table.item(0, 1).font().bold() and not table.item(0, 0).font().bold()
    table.set_highlighted(marked_cells(None, [2, 3]))
    assert table.highlighted() == set()


# --- the v editor ----------------------------------------------------------------------------

@pytest.fixture
def editor(qtbot):
    widget = VEditor()
    qtbot.addWidget(widget)
    widget.set_shape([2, 3], labels=[f"out_{i}{j}" for i in (1, 2) for j in (1, 2, 3)],
                     program_v=[[1, 2, 3], [4, 5, 6]])
    return widget


def test_v_editor_starts_with_ones_and_setting_the_shape_emits_nothing(editor, qtbot):
    with qtbot.assertNotEmitted(editor.vChanged):
        editor.set_shape([2, 3])
    assert editor.values() == [[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]


def test_v_editor_presets(editor, qtbot):
    with qtbot.waitSignal(editor.vChanged) as blocker:
        editor.apply_one_hot(4)
    assert blocker.args == [[[0.0, 0.0, 0.0], [0.0, 1.0, 0.0]]]
    actions = editor.one_hot_menu.actions()
    assert [a.text() for a in actions][:2] == ["out₁₁", "out₁₂"] and len(actions) == 6
    with qtbot.waitSignal(editor.vChanged) as blocker:
        actions[0].trigger()
    assert blocker.args == [[[1.0, 0.0, 0.0], [0.0, 0.0, 0.0]]]
    with qtbot.waitSignal(editor.vChanged) as blocker:
        editor.apply_program()
    assert blocker.args == [[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]]
    with qtbot.waitSignal(editor.vChanged) as blocker:
        editor.ones_button.click()
    assert blocker.args == [[[1.0] * 3, [1.0] * 3]]


def test_v_editor_random_integers_are_repeatable_per_click(editor, qtbot):
    shown = []
    for click in (1, 2):
        with qtbot.waitSignal(editor.vChanged) as blocker:
            editor.random_button.click()
        rng = random.Random(click)
        expected = [float(rng.randint(*RANDOM_RANGE)) for _ in range(6)]
        assert flatten(blocker.args[0]) == expected
        shown.append(expected)
    assert shown[0] != shown[1]


def test_v_editor_program_button_needs_a_program_v(qtbot):
    widget = VEditor()
    qtbot.addWidget(widget)
    widget.set_shape([3])
    assert not widget.program_button.isEnabled()
    assert widget.grid.rowCount() == 1 and widget.grid.columnCount() == 3


def test_v_editor_rejects_what_is_not_a_number(editor, qtbot):
    with qtbot.waitSignal(editor.vChanged) as blocker:
        editor.grid.item(0, 1).setText("abc")
    assert blocker.args == [None]
    assert "abc" in editor.message() and "not a finite number" in editor.message()
    assert editor.grid.item(0, 1).background().color().red() > 150
    with qtbot.waitSignal(editor.vChanged) as blocker:
        editor.grid.item(0, 1).setText("−2.5")
    assert blocker.args == [[[1.0, -2.5, 1.0], [1.0, 1.0, 1.0]]]
    assert editor.message() == ""
    with qtbot.waitSignal(editor.vChanged) as blocker:
        editor.grid.item(1, 2).setText("")
    assert blocker.args == [None] and "empty" in editor.message()


def test_v_editor_rejects_inf_and_nan_as_core_does(editor, qtbot):
    # core's one grad-tensor parser refuses non-finite v; the editor says so where it is typed
    for text in ("inf", "nan", "−∞"):
        with qtbot.waitSignal(editor.vChanged) as blocker:
            editor.grid.item(0, 0).setText(text)
        assert blocker.args == [None] and "not a finite number" in editor.message()


def test_v_editor_shows_messages_from_the_main_window(editor):
    editor.set_message("v has shape [3] but out has shape [2, 3]")
    assert "shape [3]" in editor.message()
    editor.set_message("")
    assert editor.message() == ""


def test_v_editor_scalar_and_many_dimensional_outputs(qtbot):
    widget = VEditor()
    qtbot.addWidget(widget)
    widget.set_shape([])
    assert widget.values() == 1.0
    widget.set_shape([2, 1, 2], values=[[[1, 2]], [[3, 4]]])
    assert widget.grid.rowCount() == 2 and widget.grid.columnCount() == 2
    assert widget.shape_note.isVisibleTo(widget)
    assert widget.values() == [[[1.0, 2.0]], [[3.0, 4.0]]]


def test_v_editor_takes_shape_labels_and_v_from_an_analysis(qtbot):
    widget = VEditor()
    qtbot.addWidget(widget)
    widget.set_analysis(example("seed_01_mm_gradient", output="out"))
    assert widget.values() == [[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]
    assert widget.program_button.isEnabled()
    assert widget.one_hot_menu.actions()[-1].text() == "out₂₄"


# --- math rendering --------------------------------------------------------------------------

def test_render_svg_gives_svg_that_qt_draws():
    svg = render_svg(SMALL_TEX, "#202020")
    assert svg.startswith(b"<svg") and b"<use" not in svg  # svg2 off: plain paths
    assert QSvgRenderer(QByteArray(svg)).isValid()
    image = render_image(MATRIX_TEX, "#202020", 20)
    assert not image.isNull() and image.width() > 40 and image.height() > 30


def test_sympy_matrices_are_split_into_entries():
    assert split_matrix(MATRIX_TEX) == [["4 x_{11}", "2"], ["2", "6 x_{12}^{2}"]]
    assert split_matrix(r"\left[\begin{matrix}\frac{1}{2} & \left(a\right)\end{matrix}\right]") == [
        [r"\frac{1}{2}", r"\left(a\right)"]]
    assert split_matrix(SMALL_TEX) is None


_unique = iter(range(10**6))


def test_math_label_renders_off_the_gui_thread(qtbot):
    label = MathLabel()
    qtbot.addWidget(label)
    tex = MATRIX_TEX + r"\cdot %d" % next(_unique)  # not in the cache
    with qtbot.waitSignal(label.rendered, timeout=20000) as blocker:
        start = time.perf_counter()
        label.set_latex(tex)
        returned_after = time.perf_counter() - start
        assert not label.is_rendered()  # a placeholder shows, in grey, meanwhile: never the LaTeX source
        assert label.placeholder_text() == "formula loading…"
    assert blocker.args == [True]
    assert returned_after < 0.2
    pixmap = label.pixmap()
    assert pixmap is not None and not pixmap.isNull() and pixmap.width() > 20
    assert not label._placeholder.isVisibleTo(label)


def test_math_label_says_so_when_rendering_fails(qtbot):
    label = MathLabel()
    qtbot.addWidget(label)
    with qtbot.waitSignal(label.rendered, timeout=20000) as blocker:
        label.set_latex(r"\begin{matrix}")
    assert blocker.args == [False]
    assert label.pixmap() is None and label.error()
    assert label.placeholder_text() == "(this formula cannot be shown)"   # not the LaTeX source


def test_math_label_shows_the_latest_formula(qtbot):
    label = MathLabel()
    qtbot.addWidget(label)
    first = MATRIX_TEX + r"+ %d" % next(_unique)
    second = SMALL_TEX + r"+ %d" % next(_unique)
    label.set_latex(first)
    with qtbot.waitSignal(label.rendered, timeout=20000):
        label.set_latex(second)
    assert label.render_key()[0] == second and label.is_rendered()
    qtbot.waitUntil(lambda: MathRenderer.instance().pending() == 0, timeout=20000)


def test_math_label_uses_the_palette_text_colour(qtbot):
    label = MathLabel(scale=4)  # big glyphs: some pixels are fully inside a stroke
    qtbot.addWidget(label)
    palette = label.palette()
    palette.setColor(QPalette.ColorRole.WindowText, QColor("#ff8800"))
    label.setPalette(palette)
    with qtbot.waitSignal(label.rendered, timeout=20000):
        label.set_latex(r"x_{%d}" % next(_unique))
    assert label.render_key()[2] == "#ff8800"
    image = label.pixmap().toImage()
    pixels = [image.pixelColor(QPoint(x, y)) for x in range(image.width()) for y in range(image.height())]
    assert {p.name() for p in pixels if p.alpha() == 255} == {"#ff8800"}


def test_math_label_scales_with_the_font(qtbot):
    label = MathLabel()
    qtbot.addWidget(label)
    tex = r"y_{%d}" % next(_unique)
    with qtbot.waitSignal(label.rendered, timeout=20000):
        label.set_latex(tex)
    small_width = label.pixmap().deviceIndependentSize().width()
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    with qtbot.waitSignal(label.rendered, timeout=20000):
        label.setFont(font)
    assert label.pixmap().deviceIndependentSize().width() > 1.5 * small_width


def test_the_docstring_examples_hold():
    import doctest

    from desktop.results import math_render, values
    for module in (values, math_render):
        assert doctest.testmod(module).failed == 0


def test_the_fourth_witness_real_pytorch_is_stated(panel):
    a = example("seed_11_jacobian_index_assign", output="out", pytorch="off")
    panel.set_analysis(a)
    assert panel.pytorch_label is None  # not installed, or turned off: nothing claimed
    for match, words in ((True, "same gradients"), (False, "different results"), (None, "not compared")):
        a["pytorch"] = {"version": "2.13.0", "backward": None, "jacobian": None, "max_abs_diff": 0.0,
                        "match": match, "error": None, "note": None}
        panel.set_analysis(a)
        assert "2.13.0" in panel.pytorch_label.text() and words in panel.pytorch_label.text()
