"""Workspaces: the file format, atomic saves, unsaved changes, recent files,
autosave and recovery after a crash (offscreen, pytest-qt)."""
import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

import desktop.recovery as recmod
import desktop.workspace as wsmod
from desktop.main_window import MainWindow
from desktop.recent_files import MAX_RECENT, add_recent_file, clear_recent_files, recent_files
from desktop.workspace import SUFFIX, Workspace, WorkspaceError, parse_workspace, save_workspace

REPO_ROOT = Path(__file__).resolve().parents[2]
PROGRAM = ("import torch\n"
           "x = torch.tensor([1., 2.], requires_grad=True)\n"
           "out = x * x\n"
           "y = out * 3\n")
Save, Discard, Cancel = (QMessageBox.StandardButton.Save, QMessageBox.StandardButton.Discard,
                         QMessageBox.StandardButton.Cancel)


@pytest.fixture(autouse=True)
def isolated(private_settings):
    """Recovery files and settings (recent files) in tmp_path (tests/desktop/conftest.py)."""
    clear_recent_files()
    yield private_settings / "data"


@pytest.fixture
def make_window(qtbot):
    windows = []

    def make(program="import torch\n", name="start.py", autorun=False, show=False):
        w = MainWindow(program, name, autorun=autorun)
        qtbot.addWidget(w)
        windows.append(w)
        if show:
            w.resize(1200, 800)
            w.show()
            qtbot.waitExposed(w)
        return w
    yield make
    for w in windows:
        try:
            w.close()
        except RuntimeError:
            pass  # already deleted


def answer_next_question(button, seen: list):
    """Click ``button`` in the next modal "Save changes?" box (run from the box's own event loop)."""
    def click():
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, click)
            return
        seen.append(box.text())
        box.button(button).click()
    QTimer.singleShot(0, click)


def recovery_files(data: Path) -> list[Path]:
    return sorted((data / "recovery").glob(f"*{SUFFIX}")) if (data / "recovery").exists() else []


def analysed(qtbot, w, timeout=60000):
    with qtbot.waitSignal(w.state.resultsChanged, timeout=timeout):
        w.run_analysis()


# -- the file format ------------------------------------------------------------------------
def test_workspace_json_round_trips_through_parse():
    ws = Workspace("import torch\nprint('é')\n", "out", [[1.0, 0.5], [2, -3]], 4, {"side_tab": 1})
    data = wsmod.workspace_bytes(ws)
    obj = json.loads(data)
    assert obj["format"] == "backprop-lens-workspace" and obj["version"] == 1
    assert parse_workspace(data, "a.bplens") == ws


@pytest.mark.parametrize("change, kind, words", [
    ({"version": 2}, "newer_version",
     "made by a newer Backprop Lens (version 2); this one reads version 1"),
    ({"version": 37}, "newer_version", "(version 37)"),
    ({"version": "1"}, "invalid", '"version"'),
    ({"version": 0}, "invalid", '"version"'),
    ({"format": "something-else"}, "not_workspace", "is not a Backprop Lens workspace"),
    ({"program": 5}, "invalid", '"program" should be text'),
    ({"program": None}, "invalid", '"program"'),
])
def test_a_file_that_is_no_workspace_is_refused_naming_why(change, kind, words):
    obj = Workspace("import torch\n").to_json()
    obj.update(change)
    with pytest.raises(WorkspaceError) as info:
        parse_workspace(json.dumps(obj), "lesson.bplens")
    assert info.value.kind == kind
    assert words in info.value.message and "lesson.bplens" in info.value.message


@pytest.mark.parametrize("change, words", [
    ({"output": 3}, '"output" should be'),
    ({"output": ""}, '"output"'),
    ({"output": "o" * 5000}, '"output"'),
    ({"output": "a\0b"}, '"output"'),
    ({"v": "ones"}, '"v" should be'),
    ({"v": [[1, 2], [3]]}, '"v"'),          # ragged
    ({"v": [1, True]}, '"v"'),
    ({"v": []}, '"v"'),
    ({"v": [10 ** 400]}, '"v"'),            # an int no float holds (math.isfinite would raise)
    ({"step": 1.5}, '"step" should be'),
    ({"step": -2}, '"step"'),
    ({"step": True}, '"step"'),
    ({"step": 2 ** 31}, '"step"'),
    ({"step": 10 ** 30}, '"step"'),
])
def test_a_wrong_field_is_left_out_and_the_rest_kept(change, words):
    obj = dict(Workspace("import torch\nx = 1\n", "out", [1.0, 2.0], 3, {"side_tab": 1}).to_json(), **change)
    ws = parse_workspace(json.dumps(obj), "lesson.bplens")
    [key] = change
    assert ws.program == "import torch\nx = 1\n" and ws.view == {"side_tab": 1}      # never the program
    assert getattr(ws, key) == getattr(Workspace(""), key)                              # its default
    assert [d for d in ws.dropped if words in d] == ws.dropped and len(ws.dropped) == 1
    kept = {"output": "out", "v": [1.0, 2.0], "step": 3}
    assert all(getattr(ws, k) == value for k, value in kept.items() if k != key)


def test_missing_fields_are_their_defaults_and_named():
    ws = parse_workspace(b'{"format": "backprop-lens-workspace", "version": 1, "program": "x = 1"}')
    assert ws == Workspace("x = 1")
    assert ws.dropped == ['"output" is missing', '"v" is missing', '"step" is missing']


@pytest.mark.parametrize("view", [
    [], "wide", None,
    {"splitters": [[1, "a"]]},
    {"splitters": [[2 ** 31, 5]] * 4},          # past what Qt's setSizes takes: it raised OverflowError
    {"splitters": [[100_000, 5]]},
    {"splitters": [[-1, 5]]},
    {"splitters": [[1.5, 5]]},
    {"splitters": [[True, 5]]},
    {"splitters": [[1, 2]] * 17},
    {"splitters": [list(range(17))]},
    {"splitters": "560,840"},
    {"side_tab": -1}, {"side_tab": 2 ** 40}, {"side_tab": "1"},
])
def test_a_wrong_view_is_ignored_without_a_word(view):
    obj = dict(Workspace("import torch\n", step=2).to_json(), view=view)
    ws = parse_workspace(json.dumps(obj), "lesson.bplens")
    assert ws.view == {} and ws.dropped == [] and ws.step == 2 and ws.program == "import torch\n"


def test_a_right_view_is_kept_and_unknown_view_keys_dropped():
    view = {"splitters": [[560, 840], [0, 99_999]], "side_tab": 2, "graph_zoom": 1.5}
    ws = parse_workspace(json.dumps(dict(Workspace("x").to_json(), view=view)))
    assert ws.view == {"splitters": [[560, 840], [0, 99_999]], "side_tab": 2}


@pytest.mark.parametrize("data, kind", [
    (b"{not json", "corrupt"),
    (b'{"format": "backprop-lens-workspace", "version": 1, "program": "x"', "corrupt"),   # cut short
    (b"\xff\xfe\x00garbage", "corrupt"),
    (b'{"format": "backprop-lens-workspace", "version": 1, "program": "", "output": null, "v": NaN, '
     b'"step": -1, "view": {}}', "corrupt"),
    (b"[1, 2, 3]", "not_workspace"),
    (b'{"program": "import torch"}', "not_workspace"),
    (b'{"format": "backprop-lens-workspace", "version": 1, "output": null}', "invalid"),   # no program
])
def test_damaged_files_raise_a_workspace_error(data, kind):
    with pytest.raises(WorkspaceError) as info:
        parse_workspace(data, "w.bplens")
    assert info.value.kind == kind and "w.bplens" in info.value.message


def test_unknown_keys_are_ignored_for_later_version_1_files():
    obj = Workspace("import torch\n").to_json()
    obj["comment"] = "added by a later 1.x"
    obj["view"]["graph_zoom"] = 1.5
    assert parse_workspace(json.dumps(obj)).program == "import torch\n"


# -- atomic saving ----------------------------------------------------------------------------
def test_a_failed_rename_leaves_the_old_file_and_no_temporary_file(tmp_path, monkeypatch):
    folder = tmp_path / "files"
    folder.mkdir()
    path = folder / "work.bplens"
    save_workspace(path, Workspace("old program\n"))
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(wsmod.os, "replace", broken_replace)
    with pytest.raises(WorkspaceError) as info:
        save_workspace(path, Workspace("new program\n"))
    assert info.value.kind == "unwritable" and "No space left on device" in info.value.message
    assert path.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == ["work.bplens"]


def test_a_failed_write_leaves_the_old_file(tmp_path, monkeypatch):
    folder = tmp_path / "files"
    folder.mkdir()
    path = folder / "work.bplens"
    save_workspace(path, Workspace("old program\n"))
    before = path.read_bytes()

    def broken_fsync(fd):
        raise OSError(5, "Input/output error")
    monkeypatch.setattr(wsmod.os, "fsync", broken_fsync)
    with pytest.raises(WorkspaceError):
        save_workspace(path, Workspace("new program\n"))
    assert path.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == ["work.bplens"]


def test_saving_keeps_the_file_permissions_and_follows_a_symlink(tmp_path):
    real = tmp_path / "real.bplens"
    save_workspace(real, Workspace("one\n"))
    real.chmod(0o640)
    link = tmp_path / "link.bplens"
    link.symlink_to(real)
    save_workspace(link, Workspace("two\n"))
    assert link.is_symlink() and wsmod.load_workspace(real).program == "two\n"
    assert real.stat().st_mode & 0o777 == 0o640


def test_private_writes_are_the_owners_only_and_failures_name_the_file_written(tmp_path, monkeypatch):
    path = tmp_path / "recovery.bplens"
    path.write_bytes(b"old")
    path.chmod(0o644)
    wsmod.write_atomically(path, b"{}", private=True)
    assert path.stat().st_mode & 0o777 == 0o600
    link = tmp_path / "link.bplens"
    link.symlink_to(path)
    monkeypatch.setattr(wsmod.os, "replace", lambda src, dst: (_ for _ in ()).throw(OSError(28, "No space left")))
    with pytest.raises(WorkspaceError) as info:
        wsmod.write_atomically(link, b"new")
    assert info.value.kind == "unwritable" and info.value.message == "Cannot write recovery.bplens: No space left"
    assert link.is_symlink() and path.read_bytes() == b"{}"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_window_save_failure_says_why_and_keeps_the_work_unsaved(qtbot, make_window, tmp_path, monkeypatch):
    w = make_window()
    path = tmp_path / "w.bplens"
    assert w.files.save_to(path)
    before = path.read_bytes()
    w.editor.setPlainText(PROGRAM)
    monkeypatch.setattr(wsmod.os, "replace", lambda src, dst: (_ for _ in ()).throw(PermissionError(13, "denied")))
    assert not w.files.save_to(path)
    assert "Cannot write w.bplens" in w.files.message_box.text()
    assert path.read_bytes() == before and w.document.is_modified() and w.isWindowModified()
    w.files.message_box.close()


# -- save, open, round trip -----------------------------------------------------------------------
def test_round_trip_program_output_v_and_step(qtbot, make_window, tmp_path):
    a = make_window(PROGRAM)
    a.state.set_output("out")
    a.state.set_v([1.0, 0.5])
    analysed(qtbot, a)
    assert a.state.analysis is not None and len(a.state.trace) >= 2
    a.state.set_step(1)
    a.side_tabs.setCurrentIndex(1)
    path = tmp_path / "lesson.bplens"
    assert a.files.save_to(path)
    assert not a.document.is_modified() and a.windowTitle() == "lesson.bplens[*] — Backprop Lens"

    b = make_window()
    with qtbot.waitSignal(b.state.resultsChanged, timeout=60000):
        assert b.open_path(path)
    qtbot.waitUntil(lambda: b.state.step == 1, timeout=5000)   # shown once its analysis is there
    assert b.editor.program() == PROGRAM
    assert (b.state.output, b.state.v, b.state.step) == ("out", [1.0, 0.5], 1)
    assert b.state.analysis["output"] == "out" and b.state.analysis["grad_tensor"] == [1.0, 0.5]
    assert b.side_tabs.currentIndex() == 1
    assert not b.document.is_modified() and b.document.path == str(path)
    assert b.windowTitle().startswith("lesson.bplens")


def test_changes_mark_the_window_modified_and_saving_clears_it(qtbot, make_window, tmp_path):
    w = make_window("import torch\n", "prog.py")
    assert not w.isWindowModified() and w.windowTitle() == "prog.py[*] — Backprop Lens"
    w.editor.insertPlainText("# hello\n")
    assert w.document.is_modified() and w.isWindowModified()
    w.editor.undo()
    assert not w.document.is_modified()                  # back to what was opened
    w.state.set_output("y")
    assert w.isWindowModified()
    assert w.files.save_to(tmp_path / "p.bplens")
    assert not w.isWindowModified()
    w.state.set_v([2.0])
    assert w.isWindowModified()


def test_opening_a_python_program_replaces_the_work(qtbot, make_window, tmp_path):
    program = tmp_path / "mine.py"
    program.write_text(PROGRAM, encoding="utf-8")
    w = make_window()
    w.state.set_output("stale")
    assert w.files.save_to(tmp_path / "before.bplens")
    assert w.open_path(program)
    assert w.editor.program() == PROGRAM and w.state.output is None and w.document.program_path == str(program)
    assert w.document.path is None and w.windowTitle().startswith("mine.py")
    assert not w.document.is_modified()


@pytest.mark.parametrize("content, words", [
    (b"{ this is not json", "is damaged"),
    (b'{"hello": "world"}', "is not a Backprop Lens workspace"),
    (json.dumps(dict(Workspace("import torch\n").to_json(), version=2)).encode(),
     "made by a newer Backprop Lens (version 2); this one reads version 1"),
    (json.dumps(dict(Workspace("import torch\n").to_json(), program=["import torch"])).encode(),
     '"program" should be text'),
])
def test_a_bad_workspace_file_is_reported_and_nothing_changes(qtbot, make_window, tmp_path, content, words):
    bad = tmp_path / "bad.bplens"
    bad.write_bytes(content)
    w = make_window(PROGRAM, "mine.py")
    w.editor.insertPlainText("# unsaved\n")
    text_before = w.editor.program()
    assert not w.open_path(bad)
    box = w.files.message_box
    assert isinstance(box, QMessageBox) and box.isVisible()     # shown, and nothing waits on it
    assert words in box.text() and "bad.bplens" in box.text()
    assert bad.read_bytes() == content                            # the file on disk is untouched
    assert w.editor.program() == text_before and w.document.is_modified()  # and so is the work
    assert w.document.path is None
    box.close()


def test_a_missing_file_is_reported(qtbot, make_window, tmp_path):
    w = make_window()
    assert not w.open_path(tmp_path / "gone.bplens")
    assert "Cannot read gone.bplens" in w.files.message_box.text()
    w.files.message_box.close()


def test_a_wrong_field_opens_the_rest_and_says_what_was_left_out(qtbot, make_window, tmp_path):
    path = tmp_path / "lesson.bplens"
    path.write_text(json.dumps(dict(Workspace(PROGRAM, "out", [1.0, 2.0]).to_json(), step="3")), encoding="utf-8")
    w = make_window()
    assert w.open_path(path)
    assert w.editor.program() == PROGRAM and (w.state.output, w.state.v) == ("out", [1.0, 2.0])
    assert w.document.path == str(path) and not w.document.is_modified()
    box = w.files.message_box
    assert box.isVisible() and "Part of lesson.bplens was not valid" in box.text() and '"step" should be' in box.text()
    box.close()


def test_splitter_sizes_qt_cannot_take_open_with_the_default_layout_and_the_program(qtbot, make_window, tmp_path):
    # the issue: view.splitters of 2**31 raised OverflowError in setSizes, and the app exited (rc 1) on open
    w = make_window(show=True)
    default = [s.sizes() for s in w.splitters]
    path = tmp_path / "big.bplens"
    huge = [[2 ** 31, 5] for _ in w.splitters]
    path.write_text(json.dumps(dict(Workspace(PROGRAM, step=0).to_json(), view={"splitters": huge, "side_tab": 1})),
                    encoding="utf-8")
    assert w.open_path(path)
    assert w.editor.program() == PROGRAM and w.side_tabs.currentIndex() == 1
    assert [s.sizes() for s in w.splitters] == default
    assert w.files.message_box is None      # the layout is no one's work: nothing to say
    w.window_layout.apply_view({"splitters": huge})          # a Workspace made in code is checked too
    assert [s.sizes() for s in w.splitters] == default


def load_with_timeout(path, seconds=5.0):
    """load_document in a thread: a load that blocks (a pipe opened for reading waits for a
    writer) fails the test instead of hanging it.  (its result or exception, seconds taken)"""
    outcome = {}

    def load():
        try:
            outcome["value"] = wsmod.load_document(path)
        except Exception as e:  # noqa: BLE001 - handed to the test
            outcome["error"] = e
    thread = threading.Thread(target=load, daemon=True)
    start = time.monotonic()
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        if stat.S_ISFIFO(os.stat(path).st_mode):   # let the blocked open go: a writer arrives
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        thread.join(5)
        pytest.fail(f"loading {path.name} blocked for {seconds} s")
    return outcome.get("value", outcome.get("error")), time.monotonic() - start


def not_a_file(tmp_path, kind) -> Path:
    path = tmp_path / "x.bplens"
    if kind == "pipe":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "device":
        if not os.path.exists("/dev/zero"):
            pytest.skip("no /dev/zero here")
        path.symlink_to("/dev/zero")     # endless zeros: read, it would be 16 MB of them
    elif kind == "huge":
        with open(path, "wb") as f:      # sparse: takes no room
            f.truncate(wsmod.MAX_FILE_BYTES * 64)
    return path


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("kind, words", [
    ("pipe", "x.bplens: it is not a regular file"),
    ("folder", "x.bplens: it is a folder, not a file"),
    ("device", "x.bplens: it is not a regular file"),
    ("huge", "x.bplens is too large to open (16 MB at most)"),
])
def test_what_is_not_a_workspace_file_is_refused_at_once(qtbot, make_window, tmp_path, kind, words):
    path = not_a_file(tmp_path, kind)
    error, seconds = load_with_timeout(path)
    assert isinstance(error, WorkspaceError) and error.kind == "unreadable" and words in error.message
    assert seconds < 2
    w = make_window(PROGRAM, "mine.py")
    assert not w.open_path(path)                        # the window's way in says it too
    assert words in w.files.message_box.text() and w.editor.program() == PROGRAM
    w.files.message_box.close()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_swapped_in_after_the_check_does_not_block(tmp_path, monkeypatch):
    path = tmp_path / "x.bplens"
    os.mkfifo(path)
    real_stat = os.stat
    regular = real_stat(__file__)
    monkeypatch.setattr(wsmod.os, "stat", lambda p, *a, **k: regular if Path(p) == path else real_stat(p, *a, **k))
    error, seconds = load_with_timeout(path)
    assert isinstance(error, WorkspaceError) and "not a regular file" in error.message and seconds < 2


# -- unsaved changes ---------------------------------------------------------------------------------
def test_replace_program_without_changes_does_not_ask(qtbot, make_window):
    w = make_window()
    assert w.files.replace_program("import torch\nz = 1\n", "02_lesson.py")
    assert w.editor.program() == "import torch\nz = 1\n" and not w.document.is_modified()
    assert w.windowTitle().startswith("02_lesson.py")


def test_replace_program_cancel_keeps_everything(qtbot, make_window):
    w = make_window(PROGRAM, "mine.py")
    w.editor.insertPlainText("# my edit\n")
    w.state.set_output("out")
    w.state.set_v([3.0, 4.0])
    before = (w.editor.program(), w.state.output, w.state.v)
    seen = []
    answer_next_question(Cancel, seen)
    assert w.files.replace_program("import torch\n", "lesson.py") is False
    assert seen == ["Save changes to mine.py?"]
    assert (w.editor.program(), w.state.output, w.state.v) == before
    assert w.document.is_modified() and w.windowTitle().startswith("mine.py")


def test_replace_program_discard_replaces(qtbot, make_window):
    w = make_window(PROGRAM, "mine.py")
    w.editor.insertPlainText("# my edit\n")
    seen = []
    answer_next_question(Discard, seen)
    assert w.files.replace_program("import torch\n", "lesson.py")
    assert seen and w.editor.program() == "import torch\n" and not w.document.is_modified()


def test_replace_program_save_writes_the_workspace_first(qtbot, make_window, tmp_path):
    path = tmp_path / "mine.bplens"
    w = make_window(PROGRAM, "mine.py")
    assert w.files.save_to(path)
    w.editor.insertPlainText("# kept\n")
    edited = w.editor.program()
    seen = []
    answer_next_question(Save, seen)
    assert w.files.replace_program("import torch\n", "lesson.py")
    assert seen == ["Save changes to mine.bplens?"]
    assert wsmod.load_workspace(path).program == edited
    assert w.editor.program() == "import torch\n"


def test_new_asks_too(qtbot, make_window):
    w = make_window(PROGRAM)
    w.editor.insertPlainText("# edit\n")
    seen = []
    answer_next_question(Cancel, seen)
    w.new_action.trigger()
    assert seen and "# edit" in w.editor.program()
    answer_next_question(Discard, seen)
    w.new_action.trigger()
    assert w.editor.program() == "import torch\n\n" and w.windowTitle().startswith("Untitled")


def test_quitting_with_unsaved_changes_asks_without_blocking(qtbot, make_window, isolated):
    w = make_window(PROGRAM, "mine.py", show=True)
    w.document.autosave_delay_ms = 50
    w.editor.insertPlainText("# unsaved\n")
    qtbot.waitUntil(lambda: len(recovery_files(isolated)) == 1, timeout=5000)
    w.quit_action.trigger()
    box = w.files.close_prompt
    assert box is not None and box.isVisible() and w.isVisible()
    assert box.text() == "Save changes to mine.py?"
    w.quit_action.trigger()                        # asked again while open: still one question
    assert w.files.close_prompt is box
    box.button(Cancel).click()
    assert w.isVisible() and "# unsaved" in w.editor.program() and w.files.close_prompt is None
    assert len(recovery_files(isolated)) == 1      # still protected
    w.quit_action.trigger()
    w.files.close_prompt.button(Discard).click()
    qtbot.waitUntil(lambda: not w.isVisible(), timeout=5000)
    assert recovery_files(isolated) == []          # a clean close leaves nothing to recover
    assert list((isolated / "recovery").glob("*.lock")) == []


def test_quitting_and_saving(qtbot, make_window, tmp_path):
    path = tmp_path / "mine.bplens"
    w = make_window(PROGRAM, "mine.py", show=True)
    assert w.files.save_to(path)
    w.editor.insertPlainText("# saved on close\n")
    w.quit_action.trigger()
    w.files.close_prompt.button(Save).click()
    qtbot.waitUntil(lambda: not w.isVisible(), timeout=5000)
    assert "# saved on close" in wsmod.load_workspace(path).program


def test_an_unmodified_window_quits_at_once(qtbot, make_window):
    w = make_window(show=True)
    w.quit_action.trigger()
    assert w.files.close_prompt is None and not w.isVisible()


def test_close_from_code_is_the_callers_decision(qtbot, make_window, isolated):
    w = make_window(PROGRAM, "mine.py", show=True)
    w.editor.insertPlainText("# edit\n")
    assert w.document.autosave()
    assert w.close() and not w.isVisible() and w.files.close_prompt is None
    assert recovery_files(isolated) == []


# -- recent files -----------------------------------------------------------------------------------------
def test_recent_files_keep_the_last_eight_newest_first(qtbot, make_window, tmp_path):
    w = make_window()
    paths = []
    for i in range(MAX_RECENT + 2):
        p = tmp_path / f"p{i}.py"
        p.write_text(f"import torch\nx = {i}\n", encoding="utf-8")
        assert w.open_path(p)
        paths.append(str(p))
    assert w.open_path(paths[3])          # opened again: moves to the top
    expected = [paths[3]] + [p for p in reversed(paths) if p != paths[3]][:MAX_RECENT - 1]
    assert recent_files() == expected
    w.recent_menu.aboutToShow.emit()
    texts = [a.text() for a in w.recent_menu.actions() if a.data()]
    assert texts[0] == "&1 p3.py" and len(texts) == MAX_RECENT
    last = [a for a in w.recent_menu.actions() if a.data() == paths[9]][0]
    last.trigger()
    assert w.editor.program() == "import torch\nx = 9\n"


def test_a_recent_file_that_is_gone_is_removed_with_a_message(qtbot, make_window, tmp_path):
    kept, gone = tmp_path / "kept.bplens", tmp_path / "gone.bplens"
    for p in (kept, gone):
        save_workspace(p, Workspace("import torch\n"))
        add_recent_file(p)
    gone.unlink()
    w = make_window()
    w.recent_menu.aboutToShow.emit()
    [action] = [a for a in w.recent_menu.actions() if a.data() == str(gone)]
    action.trigger()
    assert "gone.bplens is no longer there" in w.files.message_box.text()
    assert recent_files() == [str(kept)]
    w.files.message_box.close()


# -- autosave and recovery ------------------------------------------------------------------------------
def test_autosave_is_debounced_and_holds_the_edit(qtbot, make_window, isolated):
    w = make_window(PROGRAM, "mine.py")
    w.document.autosave_delay_ms = 800
    w.editor.insertPlainText("# fir")
    qtbot.wait(300)
    w.editor.insertPlainText("st\n")                    # typing on pushes the autosave back
    last_edit = time.monotonic()
    qtbot.waitUntil(lambda: len(recovery_files(isolated)) == 1, timeout=10000)
    assert time.monotonic() - last_edit >= 0.75
    obj = json.loads(recovery_files(isolated)[0].read_text(encoding="utf-8"))
    assert "# first" in obj["program"] and obj["recovery"]["name"] == "mine.py"
    assert recovery_files(isolated)[0].stat().st_mode & 0o077 == 0   # private to the user
    w.editor.undo()
    w.editor.undo()
    assert w.editor.program() == PROGRAM                # nothing unsaved: nothing to recover
    assert recovery_files(isolated) == []


def test_recovery_of_a_live_window_is_not_offered(qtbot, make_window, isolated):
    a = make_window(PROGRAM)
    a.editor.insertPlainText("# a's work\n")
    assert a.document.autosave() and len(recovery_files(isolated)) == 1
    b = make_window()
    assert not b.document.recovery_offered() and not b.files.recovery_toolbar.isVisibleTo(b)


def test_left_over_recovery_is_offered_and_restored(qtbot, make_window, isolated, tmp_path):
    saved = tmp_path / "orig.bplens"
    save_workspace(saved, Workspace("import torch\n"))
    session = recmod.RecoverySession(isolated / "recovery")
    session.save(Workspace(PROGRAM + "# lost?\n", "out", [1.0, 2.0], 0), "orig.bplens", str(saved), None)
    session._lock.unlock()     # as if its process had died: the lock goes, the file stays
    w = make_window(show=True)
    assert w.document.recovery_offered() and w.files.recovery_toolbar.isVisible()
    assert "orig.bplens" in w.files.recovery_bar.message.text()
    with qtbot.waitSignal(w.state.resultsChanged, timeout=60000):
        w.files.recovery_bar.restore_button.click()
    assert w.editor.program() == PROGRAM + "# lost?\n"
    assert (w.state.output, w.state.v) == ("out", [1.0, 2.0])
    qtbot.waitUntil(lambda: w.state.step == 0, timeout=5000)
    assert w.document.is_modified() and w.document.path == str(saved)   # Save goes back to the original file
    assert not w.files.recovery_toolbar.isVisible()
    [own] = recovery_files(isolated)
    assert own != session.path and "# lost?" in own.read_text(encoding="utf-8")   # never without a copy
    assert w.files.save()
    assert "# lost?" in wsmod.load_workspace(saved).program and recovery_files(isolated) == []


def test_not_now_keeps_the_recovery_for_next_time_and_discard_deletes_it(qtbot, make_window, isolated):
    session = recmod.RecoverySession(isolated / "recovery")
    session.save(Workspace("import torch\n# keep me\n"), "x.py", None, None)
    session._lock.unlock()
    first = make_window()
    assert first.document.recovery_offered()
    first.files.recovery_bar.later_button.click()
    assert not first.document.recovery_offered() and session.path.exists()
    second = make_window()
    assert second.document.recovery_offered()
    second.files.recovery_bar.discard_button.click()
    assert not session.path.exists() and not second.document.recovery_offered()
    assert "# keep me" not in second.editor.program()


def left_over(folder: Path, name: str = "x.py", **recovery) -> Path:
    """A recovery file of a session that died, with ``recovery``'s fields changed; its path."""
    session = recmod.RecoverySession(folder)
    session.save(Workspace(PROGRAM + "# lost?\n", "out"), name, None, None)
    session._lock.unlock()
    if recovery:
        obj = json.loads(session.path.read_bytes())
        obj["recovery"].update(recovery)
        session.path.write_text(json.dumps(obj), encoding="utf-8")
    return session.path


def test_a_recovery_file_saved_at_1e300_still_lets_the_app_start_and_is_offered(qtbot, make_window, isolated):
    # the issue: time.localtime(1e300) raised OverflowError on every start, the file left in place
    path = left_over(isolated / "recovery", saved_at=1e300)
    w = make_window(show=True)
    assert w.document.recovery_offered() and w.files.recovery_bar.restore_button.isVisible()
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))   # the file's own time
    assert f"Unsaved work on x.py from {when} was kept" in w.files.recovery_bar.message.text()
    w.files.recovery_bar.restore_button.click()
    assert w.editor.program() == PROGRAM + "# lost?\n" and not path.exists()


@pytest.mark.parametrize("saved_at", [1e300, -1e300, 2 ** 80, -5, 0, "yesterday", True, None, [1]])
def test_a_recovery_time_that_is_no_time_is_unknown(qtbot, make_window, isolated, saved_at):
    path = left_over(isolated / "recovery", saved_at=saved_at)
    os.utime(path, (1, 1))              # and the file's own time (1970) is no time it was written at either
    [found] = recmod.find_recoverable(isolated / "recovery")
    assert found.saved_at is None and found.workspace.program == PROGRAM + "# lost?\n"
    found.release()
    w = make_window()
    assert "was kept (when it was saved is not known)" in w.files.recovery_bar.message.text()


def test_wrong_recovery_fields_are_left_out(qtbot, make_window, isolated):
    left_over(isolated / "recovery", name=["x"], workspace_path="relative/w.bplens", program_path="/a\0b.py")
    [found] = recmod.find_recoverable(isolated / "recovery")
    assert found.name == found.path.stem and found.workspace_path is None and found.program_path is None
    found.release()
    left_over(isolated / "recovery", "mine.py", workspace_path="/w/mine.bplens", program_path="/w/mine.py")
    found = [r for r in recmod.find_recoverable(isolated / "recovery") if r.name == "mine.py"]
    assert [(r.workspace_path, r.program_path) for r in found] == [("/w/mine.bplens", "/w/mine.py")]


def test_a_restored_recovery_says_what_was_left_out(qtbot, make_window, isolated):
    path = left_over(isolated / "recovery")
    obj = json.loads(path.read_bytes())
    path.write_text(json.dumps(dict(obj, v="ones")), encoding="utf-8")
    w = make_window()
    assert w.files.restore_recovered()
    assert w.editor.program() == PROGRAM + "# lost?\n" and w.state.output == "out" and w.state.v is None
    assert '"v" should be' in w.files.message_box.text() and "Part of x.py" in w.files.message_box.text()
    w.files.message_box.close()


@pytest.mark.parametrize("content, words", [
    (b"{half a file", "is damaged"),
    (json.dumps(dict(Workspace("x").to_json(), version=9)).encode(), "made by a newer Backprop Lens"),
    (None, "not a regular file"),       # a pipe: never opened for reading, which would block
])
def test_a_recovery_file_that_cannot_be_read_is_offered_for_discard_never_deleted_unasked(
        qtbot, make_window, isolated, content, words):
    folder = isolated / "recovery"
    folder.mkdir(parents=True)
    damaged = folder / f"old{SUFFIX}"
    if content is None:
        if not hasattr(os, "mkfifo"):
            pytest.skip("no named pipes here")
        os.mkfifo(damaged)
    else:
        damaged.write_bytes(content)
    (folder / f"a-folder{SUFFIX}").mkdir()                       # passed over
    result = {}
    thread = threading.Thread(target=lambda: result.update(found=recmod.find_recoverable(folder)), daemon=True)
    thread.start()
    thread.join(5)
    if thread.is_alive():
        os.close(os.open(damaged, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("looking for recovery files blocked")
    [found] = result["found"]
    assert found.workspace is None and words in found.problem
    found.release()

    first = make_window(show=True)                               # starts, and offers it
    assert first.document.recovery_offered() and not first.files.recovery_bar.restore_button.isVisible()
    assert "cannot be read" in first.files.recovery_bar.message.text() and words in first.files.recovery_bar.message.text()
    assert not first.files.restore_recovered()
    first.files.recovery_bar.later_button.click()                      # kept for next time
    assert os.path.lexists(damaged) and not first.document.recovery_offered()
    second = make_window()
    assert second.document.recovery_offered()
    second.files.recovery_bar.discard_button.click()                   # deleted: the user said so
    assert not os.path.lexists(damaged) and not second.document.recovery_offered()
    assert (folder / f"a-folder{SUFFIX}").is_dir()


def test_a_restorable_recovery_is_offered_before_one_that_cannot_be_read(qtbot, make_window, isolated):
    folder = isolated / "recovery"
    left_over(folder, "good.py")
    (folder / f"0-damaged{SUFFIX}").write_bytes(b"{")
    w = make_window()
    assert "good.py" in w.files.recovery_bar.message.text() and "(1 more after this one.)" in w.files.recovery_bar.message.text()
    w.files.recovery_bar.restore_button.click()
    assert "cannot be read" in w.files.recovery_bar.message.text() and w.document.recovery_offered()


DRIVER = r"""
import sys
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QTextCursor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from desktop import launcher
from desktop.main_window import MainWindow

app = QApplication(sys.argv[:1])


def type_an_edit():
    # The window the launcher made; typed into as keystrokes, like a user.
    window = next(w for w in app.topLevelWidgets() if isinstance(w, MainWindow))
    window.editor.setFocus()
    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    QTest.keyClicks(window.editor, sys.argv[2])
    QTest.keyClick(window.editor, Qt.Key.Key_Return)
    print("typed", flush=True)


QTimer.singleShot(0, type_an_edit)
sys.exit(launcher.main(["--program", sys.argv[1]]))
"""


def test_killing_the_app_mid_edit_offers_the_work_on_restart(qtbot, make_window, isolated, tmp_path):
    program = tmp_path / "mine.py"
    program.write_text(PROGRAM, encoding="utf-8")
    driver = tmp_path / "driver.py"
    driver.write_text(DRIVER, encoding="utf-8")
    typed = "z = y.sum()  # typed before the crash"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(REPO_ROOT),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "xdg-data"))
    env[recmod.DATA_DIR_ENV] = str(isolated)
    # its own process group: the kill takes the app's analysis process with it
    proc = subprocess.Popen([sys.executable, str(driver), str(program), typed], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and proc.poll() is None:
            files = recovery_files(isolated)
            if files and typed in files[0].read_text(encoding="utf-8", errors="replace"):
                break
            time.sleep(0.2)
        else:
            out, err = proc.communicate(timeout=10) if proc.poll() is not None else (b"", b"")
            pytest.fail(f"no autosave with the edit (exit {proc.poll()}): {out!r} {err[-2000:]!r}")
        assert proc.poll() is None            # still running: it is killed, it does not close
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=30)
    assert proc.returncode == -signal.SIGKILL

    w = make_window(show=True)                # the next start, same data folder
    assert w.document.recovery_offered() and w.files.recovery_toolbar.isVisible()
    assert "mine.py" in w.files.recovery_bar.message.text()
    assert typed not in w.editor.program()
    w.files.recovery_bar.restore_button.click()
    assert w.editor.program() == PROGRAM + typed + "\n"
    assert w.document.is_modified() and w.windowTitle().startswith("mine.py")


def test_save_program_writes_the_program_atomically_and_keeps_the_old_file_on_failure(make_window, tmp_path,
                                                                                      monkeypatch):
    w = make_window(program="import torch\nx = torch.ones(2)\n")
    target = tmp_path / "prog.py"
    assert w.files.save_program_to(str(target))
    assert target.read_text(encoding="utf-8") == "import torch\nx = torch.ones(2)\n"
    assert w.document.program_path == str(target)
    w.editor.set_program("import torch\n# changed\n")

    def refuse(*args, **kwargs):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(wsmod.os, "replace", refuse)
    assert not w.files.save_program_to(str(target))
    assert target.read_text(encoding="utf-8") == "import torch\nx = torch.ones(2)\n"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".") or p.suffix == ".tmp") == []
    boxes = [b for b in w.findChildren(QMessageBox) if b.isVisible()]
    assert boxes and "No space left" in boxes[-1].text()
