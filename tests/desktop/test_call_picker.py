"""The call picker (issue 13): which backward / autograd.grad of the program the window analyses.
Shown only when the program differentiates more than once; one entry per line, and the
iteration at that line; choosing runs the analysis again at that call's own values."""
import pytest
from PySide6.QtCore import Qt

from desktop.main_window import MainWindow
from desktop.results.call_picker import CallChoice, CallPicker, call_lines
from desktop.view_model import Call
from tests.core.test_calls import LOOP       # a 5-step training loop, then autograd.grad at line 10

ONE_BACKWARD = ("import torch\nw = torch.tensor([1.0, 2.0], requires_grad=True)\n"
                "loss = (w * w).sum()\nloss.backward()\n")
TIMEOUT_MS = 60000


@pytest.fixture
def window(qtbot, private_settings):
    w = MainWindow("import torch\n", autorun=False)
    qtbot.addWidget(w)
    w.resize(1024, 768)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.close()


def analyse(qtbot, w, source):
    w.editor.set_program(source)
    with qtbot.waitSignal(w.state.resultsChanged, timeout=TIMEOUT_MS):
        w.run_analysis()
    return w.state.analysis


def loop_grad(iteration: int, lr: float = 0.1) -> list[float]:
    """w.grad at the loop's ``iteration``-th backward: after the steps before it,
    w -= lr * 2k w (k = 1 .. iteration-1), and the gradient of k (w·w).sum() is 2k w."""
    w = [1.0, 2.0]
    for k in range(1, iteration):
        w = [x - lr * 2 * k * x for x in w]
    return [2 * iteration * x for x in w]


def shown_grad(w) -> list[float]:
    return [float(x) for row in w.results.backward_values("w") for x in row]


def test_the_picker_is_hidden_for_a_program_with_one_backward(qtbot, window):
    analyse(qtbot, window, ONE_BACKWARD)
    assert window.call_picker.isHidden()


def test_it_lists_each_line_once_with_how_many_times_it_ran(qtbot, window):
    a = analyse(qtbot, window, LOOP)
    picker = window.call_picker
    assert picker.isVisible() and a["calls_total"] == 6
    assert [picker.line_box.itemText(i) for i in range(picker.line_box.count())] == [
        "line 5: loss.backward() ×5", "line 10: autograd.grad(y)"]
    assert [(c.line, c.first_call, c.count) for c in picker.lines()] == [(5, 1, 5), (10, 6, 1)]
    assert picker.line_box.currentIndex() == 0                  # the first by default
    box = picker.iteration_box
    assert (box.minimum(), box.maximum(), box.value()) == (1, 5, 1) and box.isVisible()
    assert (picker.before_iteration.text(), picker.after_iteration.text()) == ("iteration", "of 5")
    assert picker.label.buddy() is picker.line_box and picker.label.text() == "&Call:"
    assert picker.choice() is None and window.state.call is None


def test_choosing_iteration_3_by_keyboard_analyses_it_at_its_own_values(qtbot, window):
    analyse(qtbot, window, LOOP)
    assert shown_grad(window) == pytest.approx(loop_grad(1), rel=1e-4)
    box = window.call_picker.iteration_box
    window.activateWindow()
    box.setFocus()
    qtbot.waitUntil(box.hasFocus, timeout=3000)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=TIMEOUT_MS):
        qtbot.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClicks(box, "3")
        qtbot.keyClick(box, Qt.Key.Key_Return)      # asked for once the value settles
    a = window.state.analysis
    assert (a["call"]["call"], a["call"]["line"], a["call"]["iteration"]) == (3, 5, 3)
    assert window.state.call == CallChoice(1, 3, 5, window.state.call.calls)   # line 5's first call, iteration 3
    assert shown_grad(window) == pytest.approx(loop_grad(3), rel=1e-4)
    assert shown_grad(window) != pytest.approx(loop_grad(1), rel=1e-4)
    assert a["match"] is True and "agree" in window.results.verdict_text().lower()
    assert window.call_picker.iteration_box.value() == 3 and window.call_picker.line_box.currentIndex() == 0


def test_another_line_is_chosen_with_the_arrow_keys(qtbot, window):
    analyse(qtbot, window, LOOP)
    picker = window.call_picker
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    qtbot.keyClick(window.focusWidget() or window, Qt.Key.Key_C, Qt.KeyboardModifier.AltModifier)   # "&Call:"
    qtbot.waitUntil(picker.line_box.hasFocus, timeout=3000)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=TIMEOUT_MS):
        qtbot.keyClick(picker.line_box, Qt.Key.Key_Down)
    a = window.state.analysis
    assert (a["call"]["call"], a["call"]["line"], a["output"]) == (6, 10, "y")
    assert picker.line_box.currentIndex() == 1 and picker.iterations.isHidden()   # line 10 runs once
    with qtbot.waitSignal(window.state.resultsChanged, timeout=TIMEOUT_MS):
        qtbot.keyClick(picker.line_box, Qt.Key.Key_Up)
    assert window.state.analysis["call"]["call"] == 1 and window.state.call is None   # the first again


def test_a_choice_out_of_range_cannot_be_made(qtbot, window):
    analyse(qtbot, window, LOOP)
    picker = window.call_picker
    picker.iteration_box.setValue(99)
    assert picker.iteration_box.value() == 5              # the spin box stops at the line's count
    picker.iteration_box.setValue(0)
    assert picker.iteration_box.value() == 1
    with pytest.raises(IndexError):
        picker.choose(2)                                   # there are two lines
    assert picker.line_box.count() == 2


def test_an_edit_that_keeps_the_calls_keeps_the_choice(qtbot, window):
    analyse(qtbot, window, LOOP)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=TIMEOUT_MS):
        window.call_picker.choose(0, 3)
    analyse(qtbot, window, LOOP.replace("w -= 0.1 * w.grad", "w -= 0.2 * w.grad"))
    assert window.state.analysis["call"]["iteration"] == 3 and window.state.call is not None
    assert shown_grad(window) == pytest.approx(loop_grad(3, lr=0.2), rel=1e-4)


@pytest.mark.parametrize("iteration, why", [
    (3, "The program's calls changed: the first is analysed again."),     # still there, among other calls
    (5, "could not be analysed (line 5 differentiates 4 times: choose an iteration from 1 to 4, not 5)")])
def test_an_edit_that_changes_the_calls_goes_back_to_the_first(qtbot, window, iteration, why):
    analyse(qtbot, window, LOOP)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=TIMEOUT_MS):
        window.call_picker.choose(0, iteration)
    analyse(qtbot, window, LOOP.replace("range(5)", "range(4)"))   # one result shown: the first call's
    a = window.state.analysis
    assert window.state.call is None and a["call"]["call"] == 1 and a["calls_total"] == 5
    assert window.call_picker.iteration_box.value() == 1 and window.call_picker.after_iteration.text() == "of 4"
    assert shown_grad(window) == pytest.approx(loop_grad(1), rel=1e-4)
    assert why in window.statusBar().currentMessage()


def test_editing_the_program_back_to_one_backward_hides_the_picker(qtbot, window):
    analyse(qtbot, window, LOOP)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=TIMEOUT_MS):
        window.call_picker.choose(0, 3)
    assert window.call_picker.isVisible()
    analyse(qtbot, window, ONE_BACKWARD)
    assert window.call_picker.isHidden() and window.state.call is None
    assert window.state.analysis["call"]["line"] == 4 and window.state.analysis["match"] is True


def test_choosing_an_output_lets_core_choose_its_call(qtbot, window):
    analyse(qtbot, window, LOOP)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=TIMEOUT_MS):
        window.call_picker.choose(0, 2)
    index = window.output_picker.findData("y")
    with qtbot.waitSignal(window.state.resultsChanged, timeout=TIMEOUT_MS):
        window.output_picker.activated.emit(index)
    assert window.state.call is None and window.state.analysis["call"]["line"] == 10
    assert window.call_picker.line_box.currentIndex() == 1


def test_calls_past_the_listed_thousand_are_reachable_by_iteration_and_counted(qtbot):
    calls = [{"call": i, "line": 5, "iteration": i, "of": 10000, "kind": "backward", "names": ["loss"]}
             for i in range(1, 1001)]
    assert [(c.line, c.count, c.code) for c in call_lines(map(Call.from_json, calls))] == [
        (5, 10000, "loss.backward()")]
    picker = CallPicker()
    qtbot.addWidget(picker)
    picker.set_calls({"calls": calls, "calls_total": 10003, "call": calls[0]})
    assert [picker.line_box.itemText(i) for i in range(picker.line_box.count())] == [
        "line 5: loss.backward() ×10000", "3 more at other lines, not listed"]
    assert not picker.line_box.model().item(1).isEnabled()
    assert picker.iteration_box.maximum() == 10000
    with qtbot.waitSignal(picker.chosen) as chosen:
        picker.choose(0, 7500)                          # past the listed calls: core finds it by iteration
    assert (chosen.args[0].call, chosen.args[0].iteration, chosen.args[0].line) == (1, 7500, 5)
