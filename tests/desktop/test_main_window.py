"""The main window, end to end (offscreen, with core running in its service process)."""
import json
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer, Qt

from desktop.main_window import MainWindow

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "examples"
WITH_J = sorted(p for p in EXAMPLES.glob("*.py")
                if (json.loads(p.with_suffix(".json").read_text()).get("jacobian") or {}).get("jacobian"))


@pytest.fixture
def window(qtbot):
    w = MainWindow("import torch\n", autorun=False)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    yield w
    w.close()


def analyse(qtbot, w, source, output=None, timeout=60000):
    w.editor.set_program(source)
    if output is not None:
        w.state.set_output(output)
    with qtbot.waitSignal(w.state.resultsChanged, timeout=timeout):
        w.run_analysis()
    return w.state


def close(a, b, tol=1e-5):
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(close(x, y, tol) for x, y in zip(a, b))
    return abs(float(a) - float(b)) <= tol * max(1.0, abs(float(b)))


def test_examples_read_back_from_the_side_by_side_widgets(qtbot, window):
    assert len(WITH_J) == 8  # the tutorial programs whose recording has a Jacobian
    checked = 0
    for path in WITH_J:
        rec = json.loads(path.with_suffix(".json").read_text())["jacobian"]
        src = path.read_text()
        s = analyse(qtbot, window, src, output="out" if "out = " in src else None)
        if s.analysis is None or s.analysis["output"] != "out" and "out = " in src:
            continue
        for leaf, J in rec["jacobian"].items():
            n_out = 1
            for d in rec["out_shape"]:
                n_out *= d
            flat = [float(x) for x in _flatten(J)]
            shown = [float(x) for row in window.results.jacobian_values(leaf) for x in row]
            assert close(shown, flat), (path.stem, leaf)
        if "vjp" in rec:
            for leaf, V in rec["vjp"].items():
                assert close(_flatten(window.results.vjp_values(leaf)), _flatten(V)), (path.stem, leaf)
                assert close(_flatten(window.results.backward_values(leaf)), _flatten(V)), (path.stem, leaf)
            assert "agree" in window.results.verdict_text().lower()
        checked += 1
    assert checked == len(WITH_J)


def _flatten(x):
    if isinstance(x, list):
        return [y for v in x for y in _flatten(v)]
    return [x]


def test_step_through_the_index_assignment_program_with_the_keyboard(qtbot, window):
    s = analyse(qtbot, window, (EXAMPLES / "seed_11_jacobian_index_assign.py").read_text())
    trace = s.trace
    assert len(trace) == 16
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    window.graph.setFocus()
    qtbot.waitUntil(window.graph.hasFocus, timeout=3000)  # not the editor: it keeps arrows and Home for itself
    qtbot.keyClick(window.graph, Qt.Key.Key_Home)
    assert s.step == -1  # Home: before the backward starts (no gradient has moved yet)
    qtbot.keyClick(window.graph, Qt.Key.Key_Right)
    assert s.step == 0 and window.graph.current_node_id() == trace[0]["node"]
    text = window.inspector.text()
    assert "MulBackward0" in text and "[[1, 1]]" in text  # v arrives at out's node
    for k in range(1, len(trace)):
        qtbot.keyClick(window.graph, Qt.Key.Key_Right)
        assert s.step == k
        step = trace[k]
        assert window.graph.current_node_id() == step["node"]
        assert step["grad_fn"] in window.inspector.text()
    assert "14" in window.inspector.text() and "98" in window.inspector.text()  # .grad of x at the end
    qtbot.keyClick(window.graph, Qt.Key.Key_Left)
    assert s.step == len(trace) - 2
    qtbot.keyClick(window.graph, Qt.Key.Key_End)
    assert s.step == len(trace) - 1


def test_an_erroneous_program_shows_its_explanation_and_line(qtbot, window):
    analyse(qtbot, window, (EXAMPLES / "seed_02b_backward_twice_error.py").read_text())
    assert window.editor.error_line() == 10
    text = window.console.browser().toPlainText()
    assert "retain_graph" in text and "second time" in text
    with qtbot.waitSignal(window.console.lineActivated) as blocker:
        window.console.lineActivated.emit(10)
    assert blocker.args == [10]


# two tanh layers of 30x30 weights: their symbolic J takes the analysis's whole budget for derivatives
BIG = ("import torch\n"
       "torch.manual_seed(0)\n"
       "W1 = torch.randn(30, 30, requires_grad=True)\n"
       "W2 = torch.randn(30, 30, requires_grad=True)\n"
       "x = torch.randn(30)\n"
       "out = torch.tanh(W2 @ torch.tanh(W1 @ x))\n"
       "out.backward(torch.ones(30))\n")


def test_cancel_stops_a_long_analysis_and_the_window_stays_responsive(qtbot, window):
    window.editor.set_program(BIG)
    # its first, numeric, answer is shown at once (laying the results out, as any answer does); then
    # the symbolic Jacobian is built in the service process, the window answering all the while
    with qtbot.waitSignal(window.state.partialResultsChanged, timeout=60000) as shown:
        window.run_analysis()
    assert shown.signal_triggered
    assert window.state.busy and window.cancel_button.isEnabled()
    gaps, last = [], [time.perf_counter()]

    def tick():
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now
    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(20)
    qtbot.wait(2500)  # the symbolic Jacobian is being built in the service process
    assert window.state.busy
    t0 = time.perf_counter()
    qtbot.mouseClick(window.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.state.busy, timeout=5000)
    timer.stop()
    assert time.perf_counter() - t0 < 5
    assert max(gaps) < 0.1, f"the event loop stalled for {max(gaps) * 1000:.0f} ms"
    # and the next run works
    s = analyse(qtbot, window, "import torch\nx = torch.ones(2, requires_grad=True)\nout = (x * 3).sum()\n"
                               "out.backward()\n")
    assert s.analysis is not None and s.analysis["match"]


def test_v_editor_choice_reaches_the_analysis(qtbot, window):
    s = analyse(qtbot, window, "import torch\nx = torch.tensor([1., 2.], requires_grad=True)\nout = x * x\n")
    assert s.analysis["vjp"] is None  # non-scalar output, no v in the program
    s.set_v([1.0, 0.0])
    with qtbot.waitSignal(s.resultsChanged, timeout=30000):
        window.run_analysis()
    assert close(_flatten(window.results.backward_values("x")), [2.0, 0.0])


def test_jacobian_row_by_row_fills_one_row_per_backward(qtbot, window):
    analyse(qtbot, window, (EXAMPLES / "seed_11_jacobian_index_assign.py").read_text())
    panel = window.show_row_by_row()
    assert panel.filled_rows("x") == [None, None]
    with qtbot.waitSignal(panel.rowFilled, timeout=30000) as first:
        panel.next_row()
    assert first.args == [0] and panel.filled_rows("x")[0] == [12.0, 2.0] and panel.filled_rows("x")[1] is None
    with qtbot.waitSignal(panel.finishedAll, timeout=30000):
        panel.all_rows()
    assert panel.filled_rows("x") == [[12.0, 2.0], [2.0, 96.0]]  # J of the tutorial, row by row
    assert "row 2 of J" in panel.step_text.text()
    panel.close()


def test_row_by_row_asks_core_for_each_row_when_the_analysis_has_no_engine_rows(qtbot, window):
    analyse(qtbot, window, (EXAMPLES / "seed_11_jacobian_index_assign.py").read_text())
    state = window.state
    state.set_results(state.run, dict(state.analysis, engine_jacobian={}), None)    # an output too large for them
    panel = window.show_row_by_row()
    with qtbot.waitSignal(panel.rowFilled, timeout=60000):
        panel.next_row()
        assert "Running out.backward(e1)" in panel.step_text.text()     # a job of its own, v = e1
    with qtbot.waitSignal(panel.finishedAll, timeout=60000):
        panel.all_rows()
    assert panel.filled_rows("x") == [[12.0, 2.0], [2.0, 96.0]]
    panel.close()
