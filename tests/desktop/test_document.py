"""The Document on its own, without a window: modified state, saving and opening,
the autosave's schedule (a fake clock) and the offer of work a crashed session left."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from desktop.document import AUTOSAVE_MAX_DELAY_MS, Document
from desktop.recent_files import recent_files
from desktop.recovery import RecoverySession
from desktop.state import AppState
from desktop.workspace import Workspace, load_workspace

REPO_ROOT = Path(__file__).resolve().parents[2]
PROGRAM = "import torch\nx = torch.tensor([1., 2.], requires_grad=True)\nout = x * x\n"


class Editor:
    """The program text as an editor holds it (ahead of the state's while the user types)."""

    def __init__(self, text: str = PROGRAM):
        self.text = text

    def program(self) -> str:
        return self.text


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def folder(private_settings):
    return private_settings / "recovery"


@pytest.fixture
def make(qtbot, folder):
    made = []

    def make(text: str = PROGRAM, view=None, clock=None):
        state, editor = AppState(), Editor(text)
        document = Document(state, editor.program, view or (lambda: {"side_tab": 1}), "lesson.py",
                            recovery_dir=folder, clock=clock or Clock())
        document.loaded("lesson.py", None, None)
        made.append(document)
        return document, state, editor

    yield make
    for document in made:
        document.end_session()


def recovery_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.bplens")) if folder.is_dir() else []


def a_trace(state: AppState, steps: int = 3):
    state.set_results({"tensors": {}}, {"trace": [{"node": i} for i in range(steps)]}, None)


# -- modified ----------------------------------------------------------------------------------
def test_a_document_is_unmodified_until_its_program_output_or_v_changes(make, qtbot):
    document, state, editor = make()
    assert not document.is_modified()
    editor.text += "y = out * 2\n"
    with qtbot.waitSignal(document.modifiedChanged) as blocker:
        document.changed()
    assert blocker.args == [True] and document.is_modified()
    editor.text = PROGRAM                    # undone: back to what was opened
    with qtbot.waitSignal(document.modifiedChanged) as blocker:
        document.changed()
    assert blocker.args == [False] and not document.is_modified()
    with qtbot.waitSignal(document.modifiedChanged, check_params_cb=lambda m: m is True):
        state.set_output("out")              # the state's own signal reaches the document
    state.set_output(None)
    assert not document.is_modified()
    state.set_v([[1.0, 0.0]])
    assert document.is_modified()


def test_stepping_and_playing_never_mark_the_document_modified(make, qtbot):
    document, state, _editor = make()
    a_trace(state)
    emitted = []
    document.modifiedChanged.connect(emitted.append)
    for step in (0, 1, 2, 1, -1, 2):
        state.set_step(step)
    assert state.step == 2 and not document.is_modified() and True not in emitted
    # the step is saved with the work all the same
    assert document.current_workspace().step == 2


def test_a_change_while_a_workspace_is_put_in_place_is_no_edit(make, qtbot):
    document, state, editor = make()
    emitted = []
    document.modifiedChanged.connect(emitted.append)
    with document.loading(step=1):
        editor.text = "import torch\n"
        state.set_output("z")
        document.changed()
    assert emitted == []                       # nothing said while loading
    document.loaded("other.bplens", "/tmp/other.bplens", None)
    assert not document.is_modified() and emitted == [False] and document.pending_step == 1
    document.loaded("restored.py", None, None, modified=True)    # restored work is unsaved work
    assert document.is_modified() and document.name == "restored.py"


def test_a_loaded_step_is_shown_once_its_analysis_arrives_and_is_no_change(make, qtbot):
    document, state, _editor = make()
    with document.loading(step=2):
        pass
    document.loaded("w.bplens", "/x/w.bplens", None)
    assert document.current_workspace().step == 2      # saved as loaded, though not shown yet
    a_trace(state, steps=4)
    qtbot.waitUntil(lambda: state.step == 2, timeout=2000)
    assert document.pending_step is None and not document.is_modified()


# -- saving and opening ------------------------------------------------------------------------
def test_save_writes_the_work_and_opening_it_gives_it_back(make, qtbot, tmp_path):
    document, state, editor = make(view=lambda: {"side_tab": 1, "splitters": [[300, 500]]})
    state.set_output("out")
    state.set_v([1.0, 2.0])
    a_trace(state)
    state.set_step(1)
    editor.text += "# edited\n"
    document.changed()
    assert document.is_modified()
    names = []
    document.nameChanged.connect(names.append)
    path = tmp_path / "lesson.bplens"
    document.save_to(path)
    assert not document.is_modified() and names == ["lesson.bplens"]
    assert document.path == str(path) and document.name == "lesson.bplens" and document.folder() == str(tmp_path)
    assert recent_files()[0] == str(path)
    back = load_workspace(path)
    assert back == Workspace(PROGRAM + "# edited\n", "out", [1.0, 2.0], 1, {"side_tab": 1, "splitters": [[300, 500]]})


def test_a_failed_save_changes_nothing(make, qtbot, tmp_path):
    from desktop.workspace import WorkspaceError
    document, _state, editor = make()
    editor.text += "# edited\n"
    document.changed()
    with pytest.raises(WorkspaceError) as caught:
        document.save_to(tmp_path / "no such folder" / "w.bplens")
    assert caught.value.kind == "unwritable"
    assert document.is_modified() and document.path is None and document.name == "lesson.py"


def test_save_as_proposes_the_workspace_else_beside_the_program_else_the_name(make, tmp_path):
    document, _state, _editor = make()
    assert document.suggested_path() == "lesson.bplens"
    document.loaded("prog.py", None, str(tmp_path / "prog.py"))
    assert document.suggested_path() == str(tmp_path / "prog.bplens") and document.folder() == str(tmp_path)
    document.loaded("w.bplens", str(tmp_path / "w.bplens"), None)
    assert document.suggested_path() == str(tmp_path / "w.bplens")


# -- autosave ----------------------------------------------------------------------------------
def test_autosave_writes_the_unsaved_work_after_the_delay_and_saving_removes_it(make, qtbot, folder, tmp_path):
    document, _state, editor = make()
    document.autosave_delay_ms = 50
    editor.text += "# unsaved\n"
    document.changed()
    assert document.autosave_pending() and recovery_files(folder) == []
    qtbot.waitUntil(lambda: len(recovery_files(folder)) == 1, timeout=3000)
    [written] = recovery_files(folder)
    obj = json.loads(written.read_bytes())
    assert obj["program"].endswith("# unsaved\n") and obj["recovery"]["name"] == "lesson.py"
    document.save_to(tmp_path / "saved.bplens")
    assert recovery_files(folder) == [] and not document.autosave_pending()


def test_each_change_pushes_the_autosave_back_but_never_past_the_longest_delay(make, qtbot):
    # NOTE: the bounds allow Qt's coarse timers their 5 %
    clock = Clock()
    document, _state, editor = make(clock=clock)
    document.autosave_delay_ms = 3000
    editor.text += "a"
    document.changed()
    assert 2800 <= document.autosave_due_in_ms() <= 3150
    clock.now += 5.0                    # typing on, five seconds later: the delay starts again
    editor.text += "b"
    document.changed()
    assert 2800 <= document.autosave_due_in_ms() <= 3150
    clock.now += (AUTOSAVE_MAX_DELAY_MS - 1000) / 1000 - 5.0   # 14 s after the first unsaved change
    editor.text += "c"
    document.changed()
    assert 0 < document.autosave_due_in_ms() <= 1050     # not 3 s: 15 s after the first change at most
    clock.now += 10.0
    editor.text += "d"
    document.changed()
    assert document.autosave_due_in_ms() <= 10           # overdue: at once


def test_no_autosave_for_unmodified_work_nor_after_the_session_ended(make, qtbot, folder):
    document, _state, editor = make()
    assert not document.autosave() and recovery_files(folder) == []
    editor.text += "# x\n"
    document.changed()
    assert document.autosave() and len(recovery_files(folder)) == 1
    document.end_session()           # a clean close: the recovery file goes, and none comes back
    assert recovery_files(folder) == [] and not document.autosave() and not document.autosave_pending()


def test_an_autosave_that_cannot_be_written_says_why(qtbot, private_settings, tmp_path):
    blocker = tmp_path / "a file, not a folder"
    blocker.write_text("x")
    state, editor = AppState(), Editor()
    document = Document(state, editor.program, recovery_dir=blocker / "recovery")
    document.loaded("lesson.py", None, None)
    editor.text += "# x\n"
    document.changed()
    with qtbot.waitSignal(document.autosaveFailed) as caught:
        assert not document.autosave()
    assert "Cannot write" in caught.args[0]
    document.end_session()


# -- recovery ----------------------------------------------------------------------------------
def left_behind(folder: Path, text: str, name: str) -> Path:
    session = RecoverySession(folder)
    session.save(Workspace(text, "out"), name, None, None)
    session._lock.unlock()          # as if its process had died
    return session.path


def test_work_left_by_a_crashed_session_is_offered_newest_first_and_handled_one_by_one(qtbot, folder):
    older = left_behind(folder, "import torch\n# older\n", "older.py")
    newer = left_behind(folder, "import torch\n# newer\n", "newer.py")
    obj = json.loads(older.read_bytes())
    obj["recovery"]["saved_at"] -= 3600
    older.write_text(json.dumps(obj), encoding="utf-8")
    document = Document(AppState(), Editor().program, recovery_dir=folder)
    changes = []
    document.recoveryChanged.connect(lambda: changes.append(document.offered()))
    assert document.recovery_offered() and document.offered().name == "newer.py"
    taken = document.take_offered()
    assert taken.workspace.program.endswith("# newer\n") and document.offered().name == "older.py"
    taken.discard()
    document.discard_offered()
    assert not document.recovery_offered() and [c and c.name for c in changes] == ["older.py", None]
    assert not newer.exists() and not older.exists()
    document.end_session()


def test_postponed_recovery_is_offered_again_to_the_next_session(qtbot, folder):
    left_behind(folder, "import torch\n# keep\n", "keep.py")
    first = Document(AppState(), Editor().program, recovery_dir=folder)
    assert first.recovery_offered()
    second = Document(AppState(), Editor().program, recovery_dir=folder)
    assert not second.recovery_offered()          # the first holds its lock: offered once
    first.postpone_recovery()
    assert not first.recovery_offered()
    third = Document(AppState(), Editor().program, recovery_dir=folder)
    assert third.offered().name == "keep.py"
    for document in (first, second, third):
        document.end_session()


def test_the_file_format_loads_no_qt():
    code = ("import sys, desktop.workspace as w\n"
            "ws = w.parse_workspace(w.workspace_bytes(w.Workspace('import torch\\n', 'out', [1.0], 2)))\n"
            "assert ws.program == 'import torch\\n' and ws.step == 2\n"
            "print(sorted(m for m in sys.modules if m.startswith('PySide6')))")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
