"""The teacher's walkthrough of issue 15, driven as a class sees it: choose v, paste another
program, cancel, step, and the texts that explain an empty panel (offscreen, pytest-qt, core
in its service process)."""
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

import resources
from desktop.main_window import MainWindow

ROW_OUTPUT = ("import torch\n"                       # out has shape [1, 2]
              "x = torch.tensor([[1., 2.]], requires_grad=True)\n"
              "out = x * x\n"
              "out.backward(torch.ones(1, 2))\n")
SCALAR_OUTPUT = ("import torch\n"                    # out has shape []
                 "x = torch.tensor([1., 2.], requires_grad=True)\n"
                 "out = (x * x).sum()\n"
                 "out.backward()\n")
NO_OUT = ("import torch\n"                           # no tensor named out
          "w = torch.ones(3, requires_grad=True)\n"
          "loss = (w * 2).sum()\n"
          "loss.backward()\n")
RAISES_EARLY = ("import torch\n"
                "x = torch.ones(2, requires_grad=True)\n"
                "y = 1 / 0\n"
                "out = (x * 2).sum()\n"
                "out.backward()\n")
REJECTED = ("import torch\n"
            "x = torch.ones(2, requires_grad=True\n")
# A hook the analysis runs again when it traces the backward pass (about 400,000 interpreted
# loop steps, a second or two): a cancel that reaches it there stops the service's run inside
# the hook, outside the program's own statements.
SLOW_HOOK = ("import torch\n"
             "def slow(g):\n"
             "    s = 0\n"
             "    for i in range(400):\n"
             "        for j in range(1000):\n"
             "            s = s + j\n"
             "    return g\n"
             "x = torch.ones(2, requires_grad=True)\n"
             "y = x * 2\n"
             "y.register_hook(slow)\n"
             "out = y.sum()\n"
             "out.backward()\n")


@pytest.fixture(autouse=True)
def isolated(private_settings):
    """Settings and recovery files in tmp_path (tests/desktop/conftest.py)."""
    yield private_settings


@pytest.fixture
def window(qtbot):
    w = MainWindow("import torch\n", "program.py", autorun=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    failures = []
    w.host.worker.failed.connect(lambda job_id, message: failures.append((job_id, message)))
    w.failures = failures
    yield w
    w.close()


def settled(qtbot, w, timeout=60000):
    """Wait until the program in the editor has run and its results are shown (every run the
    window starts by itself included: a quiet edit's, a choice falling back to its default)."""
    qtbot.waitUntil(lambda: not w.editor._quiet_timer.isActive() and not w.state.busy
                    and w.state.run is not None and w.state.program == w.editor.program(), timeout=timeout)
    qtbot.wait(50)
    qtbot.waitUntil(lambda: not w.state.busy, timeout=timeout)


def run(qtbot, w, source):
    w.editor.set_program(source)
    with qtbot.waitSignal(w.state.resultsChanged, timeout=60000):
        w.run_analysis()


def paste(w, source):
    """Replace the program as a user does (select all, paste): a quiet edit runs it."""
    w.editor.selectAll()
    w.editor.insertPlainText(source)


def message_boxes(w) -> list[str]:
    return [box.text() for box in w.findChildren(QMessageBox) if box.isVisible()]


# -- 1. a chosen v and output belong to one program -------------------------------------------
def test_a_one_hot_v_goes_back_to_its_default_when_the_next_program_has_another_output_shape(qtbot, window):
    run(qtbot, window, ROW_OUTPUT)
    assert window.state.analysis["output_shape"] == [1, 2]
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        window.v_editor.apply_one_hot(1)
    assert window.state.analysis["grad_tensor"] == [[0.0, 1.0]]

    paste(window, SCALAR_OUTPUT)
    settled(qtbot, window)
    a = window.state.analysis
    assert a is not None, window.state.note          # was: "v has shape [1, 2] but out has shape []"
    assert a["output_shape"] == [] and window.state.v is None
    assert a["backward"]["x"] == [2.0, 4.0]
    assert window.v_editor.shape() == [] and window.v_editor.values() == 1.0    # the default: all ones
    assert "v no longer fits" in window.statusBar().currentMessage()
    assert window.graph.node_items()


def test_a_v_that_still_fits_the_next_program_is_kept(qtbot, window):
    run(qtbot, window, ROW_OUTPUT)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        window.v_editor.apply_one_hot(1)
    paste(window, ROW_OUTPUT.replace("x * x", "x * 3"))
    settled(qtbot, window)
    assert window.state.v == [[0.0, 1.0]] and window.state.analysis["grad_tensor"] == [[0.0, 1.0]]
    assert window.state.analysis["backward"]["x"] == [[0.0, 3.0]]


def test_an_output_the_next_program_lacks_falls_back_to_the_default_and_the_list_shows_it(qtbot, window):
    run(qtbot, window, ROW_OUTPUT)
    index = window.output_picker.findData("out")
    window.output_picker.setCurrentIndex(index)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        window.output_picker.activated.emit(index)
    assert window.state.output == "out"

    paste(window, NO_OUT)
    settled(qtbot, window)
    assert window.state.analysis is not None, window.state.note   # was: "there is no tensor named 'out'"
    assert window.state.output is None and window.state.analysis["output"] == "loss"
    assert window.output_picker.currentData() is None               # the list shows what is analysed
    assert "no tensor named out" in window.statusBar().currentMessage()


def test_the_output_list_shows_a_chosen_output_even_when_a_stopped_run_has_not_made_it(qtbot, window):
    run(qtbot, window, ROW_OUTPUT)
    window.state.set_output("out")
    run(qtbot, window, RAISES_EARLY.replace("out = (x * 2).sum()\n", "").replace("out.backward()\n", ""))
    assert window.state.output == "out"          # kept: the error stopped the program before it
    assert window.output_picker.currentData() == "out"


# -- 2. Cancel ---------------------------------------------------------------------------------
def wait_for_the_trace(qtbot, w):
    """Until the analysis has sent its numeric stage (the "partial" answer), so that it is in the
    backward trace that comes next, which runs the slow hook again."""
    job = w.runner.job_id
    with qtbot.waitSignal(w.host.worker.partialReady, timeout=30000,
                          check_params_cb=lambda job_id, _outcome: job_id == job) as seen:
        pass
    # kept alive with the window: progress signals queued for a freed blocker were seen to reach it
    # (tests/desktop/test_exports.py, test_every_job_waiting_fails_when_the_analysis_process_dies)
    w._kept_blockers = getattr(w, "_kept_blockers", []) + [seen]
    qtbot.wait(300)
    assert w.state.busy, "the analysis ended before the cancel could reach the hook"


def test_cancel_inside_a_hook_stops_quietly(qtbot, window):
    window.editor.set_program(SLOW_HOOK)
    window.run_analysis()
    wait_for_the_trace(qtbot, window)
    qtbot.mouseClick(window.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.wait(4000)              # the cancel reaches the hook; the host's kill timer is 3 s
    assert message_boxes(window) == []           # was: "The analysis failed inside Backprop Lens"
    assert window.failures == []
    # "Cancelled", or "Cancelled: the numeric verdict and x.grad stay; ..." when its first, numeric answer was shown
    assert window.statusBar().currentMessage().startswith("Cancelled") and not window.state.busy
    run(qtbot, window, SCALAR_OUTPUT)            # and the next run works
    assert window.state.analysis["backward"]["x"] == [2.0, 4.0]
    assert window.failures == [] and message_boxes(window) == []


def test_an_edit_while_a_hook_runs_gets_its_analysis_without_a_failure(qtbot, window):
    window.editor.set_program(SLOW_HOOK)
    window.run_analysis()
    wait_for_the_trace(qtbot, window)
    paste(window, SCALAR_OUTPUT)                  # the new run cancels the one inside the hook
    settled(qtbot, window)
    assert window.state.analysis is not None and window.state.analysis["backward"]["x"] == [2.0, 4.0]
    assert window.failures == [] and message_boxes(window) == []


# -- 4. stepping is looking, not editing -------------------------------------------------------
def test_stepping_and_playing_the_backward_pass_do_not_mark_the_lesson_modified(qtbot, window):
    lesson = resources.DEFAULT_LESSON
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        assert window.open_lesson(lesson)
    assert len(window.state.trace) >= 3 and not window.document.is_modified()
    window.stepper.next()
    window.stepper.next()
    assert window.state.step == 1
    window.stepper.set_speed(8.0)
    window.stepper.play()
    qtbot.waitUntil(lambda: not window.stepper.is_playing(), timeout=20000)
    window.stepper.last()
    assert not window.document.is_modified() and not window.isWindowModified()   # was: "lesson.py*"
    assert window.files.maybe_save_changes()          # no "Save changes?" before the next lesson
    window.editor.insertPlainText("# a note\n")
    assert window.document.is_modified() and window.isWindowModified()


def test_the_step_is_still_saved_with_the_work(qtbot, window, tmp_path):
    run(qtbot, window, SCALAR_OUTPUT)
    window.state.set_step(1)
    path = tmp_path / "stepped.bplens"
    assert window.files.save_to(path)
    from desktop.workspace import load_document
    assert load_document(str(path)).step == 1


# -- 7. an error mark belongs to the text it was found in ---------------------------------------
def test_an_edit_removes_the_error_mark_at_once(qtbot, window):
    run(qtbot, window, RAISES_EARLY)
    assert window.editor.error_line() == 3
    paste(window, SCALAR_OUTPUT)
    assert window.editor.error_line() is None and not window.editor.error_bar().isVisible()   # was: line 1
    window.editor.set_program(RAISES_EARLY)
    window.editor.set_error(3, None, "ZeroDivisionError: division by zero")
    cursor = window.editor.textCursor()
    cursor.setPosition(0)
    window.editor.setTextCursor(cursor)
    window.editor.insertPlainText("# one more line\n")
    assert window.editor.error_line() is None                                       # was: line 4


def test_an_error_found_in_older_text_is_not_marked(qtbot, window):
    window.editor.set_program(RAISES_EARLY)
    with qtbot.waitSignal(window.state.resultsChanged, timeout=60000):
        window.run_analysis()
        window.editor.insertPlainText("# typed while it ran\n")
        window.editor._quiet_timer.stop()     # its own run comes after the result of the old text
    assert window.state.run["error"]["line"] == 3
    assert window.editor.error_line() is None                      # was: line 3 of the new text
    window.run_analysis()
    settled(qtbot, window)
    assert window.editor.error_line() == 4                         # its own run marks it


def test_cancel_removes_the_error_mark(qtbot, window):
    run(qtbot, window, RAISES_EARLY)
    assert window.editor.error_line() == 3
    window.run_analysis()
    window.cancel_analysis()
    assert window.editor.error_line() is None
    qtbot.wait(1000)
    assert window.editor.error_line() is None and window.statusBar().currentMessage() == "Cancelled"


# -- 8. the texts that explain an empty panel ----------------------------------------------------
def test_after_a_runtime_error_the_results_say_where_the_program_stopped(qtbot, window):
    run(qtbot, window, RAISES_EARLY)
    assert window.state.analysis is None
    text = window.results.note_label.text()
    assert "differentiates nothing" not in text and "requires_grad=True" not in text
    assert "stopped with an error at line 3" in text and "nothing to analyse until it runs" in text
    assert window.graph.placeholder_text() == "No graph: the program stopped with an error at line 3."


def test_a_rejected_program_has_no_graph_for_its_own_reason(qtbot, window):
    run(qtbot, window, REJECTED)
    assert window.state.run["error"]["kind"] == "rejected"
    assert "grad_fn" not in window.graph.placeholder_text()
    assert window.graph.placeholder_text().startswith("No graph: the program was not run (SyntaxError at line")
    assert "the program was not run: SyntaxError at line" in window.results.note_label.text()


def test_an_output_without_grad_fn_still_says_so(qtbot, window):
    window.state.set_output("z")
    run(qtbot, window, "import torch\nx = torch.ones(2, requires_grad=True)\nz = torch.ones(2)\n"
                       "out = (x * z).sum()\n")
    assert window.state.analysis is not None and window.state.analysis["output"] == "z"
    assert window.graph.placeholder_text() == "No graph: the output has no grad_fn."


def test_the_first_lesson_says_it_is_being_analysed(qtbot):
    w = MainWindow()            # the first lesson, analysed at once
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: w.state.busy, timeout=5000)
    assert w.results.placeholder_label is not None
    assert w.results.placeholder_label.text().startswith("Analysing the program")      # was: "No analysis yet"
    assert w.graph.placeholder_text() == "Analysing the program..."
    qtbot.waitUntil(lambda: w.state.analysis is not None and not w.state.partial, timeout=60000)   # the answer
    assert w.results.placeholder_label is None and w.graph.node_items()
    w.close()


def test_the_console_does_not_say_runs_are_manual(window):
    text = window.console.browser().placeholderText()
    assert "Run the program" not in text and "Ctrl+Return" not in text
    assert "runs by itself" in window.run_action.toolTip()


def test_settings_limits_is_where_the_messages_say(window):
    """Core's limit messages and the status button say "Settings > Limits": that is the menu."""
    menus = {action.text().replace("&", ""): action.menu() for action in window.menuBar().actions()}
    limits = [a for a in menus["Settings"].actions() if a.text().replace("&", "").startswith("Limits")]
    assert limits == [window.limits_action]
    limits[0].trigger()
    assert window.dialogs.settings_dialog.isVisible() and window.dialogs.settings_dialog.current_page() == "limits"
    window.dialogs.settings_dialog.reject()
