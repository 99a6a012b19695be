"""The document: the work in a window, tied to the file it came from.

A :class:`Document` knows where the work came from (a workspace file, a
program file, a lesson, a restored recovery), the name it is shown under,
whether it differs from what was opened or saved, when its autosave is due,
and which work left behind by a crashed session is offered next.  It shows no
dialog: the window asks the questions (:mod:`desktop.file_actions`) and the
document answers them.

"Modified" compares the program, the output and v with a snapshot taken when
the work was opened or saved.  The backward step and the window's layout are
saved with the work but are no change to it: stepping through the backward
pass (or playing it) is looking, not editing.

Autosave: each change pushes the recovery file's write back by
``autosave_delay_ms``, but never further than :data:`AUTOSAVE_MAX_DELAY_MS`
after the first unsaved change, so typing without a pause still gets saved.
Saving, or undoing back to the saved work, deletes the recovery file; a clean
close (:meth:`Document.end_session`) deletes it and lets go of its lock.
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from desktop.recent_files import add_recent_file
from desktop.recovery import Recovered, RecoverySession, find_recoverable, recovery_directory
from desktop.state import AppState
from desktop.workspace import SUFFIX, Workspace, WorkspaceError, save_workspace

AUTOSAVE_DELAY_MS = 3000       # after the last change ...
AUTOSAVE_MAX_DELAY_MS = 15000  # ... but never longer after the first unsaved one


class Document(QObject):
    """One window's work: its file, name, modified state, autosave and recovery.

    ``program`` gives the program as the editor holds it now (it is ahead of
    ``state.program`` while the user types); ``view`` gives the window's layout
    to save with the work.  ``recovery_dir`` (default: the app's) holds the
    recovery files; ``clock`` (seconds, default ``time.monotonic``) times the
    autosave's longest delay.
    """

    modifiedChanged = Signal(bool)
    nameChanged = Signal(str)
    recoveryChanged = Signal()          # the work offered for recovery is another one (or none)
    autosaveFailed = Signal(str)        # the message, for the user

    def __init__(self, state: AppState, program: Callable[[], str], view: Callable[[], dict] = dict,
                 name: str = "", parent: QObject | None = None, recovery_dir: Path | None = None,
                 clock: Callable[[], float] = time.monotonic):
        super().__init__(parent)
        self.state = state
        self._program = program
        self._view = view
        self._clock = clock
        self.path: str | None = None             # the .bplens file this work is saved in
        self.program_path: str | None = None     # the program file it was opened from, or saved as
        self._name = name
        self.untitled = False     # the name is "Untitled" in the UI's language (see loaded)
        self.pending_step: int | None = None     # a loaded step, shown once its analysis arrives
        self.restoring_step = False              # that step is being shown now (no user's step)
        self._loading = False
        self._ended = False
        self.autosave_delay_ms = AUTOSAVE_DELAY_MS
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.autosave)
        self._due_since: float | None = None
        self.recovery = RecoverySession(recovery_dir if recovery_dir is not None else recovery_directory())
        self.recoverable: list[Recovered] = find_recoverable(self.recovery.directory)
        self._saved = self._snapshot()
        for signal in (state.outputChanged, state.vChanged):
            signal.connect(self.changed)
        state.resultsChanged.connect(self._results_arrived)

    # -- what the work is ----------------------------------------------------------------
    @property
    def name(self) -> str:
        """The work's name as the title shows it: its file's, a lesson's, or "Untitled"."""
        return self._name

    def folder(self) -> str:
        """The folder of the work's file (its workspace, else its program), or "" for none."""
        path = self.path or self.program_path
        return os.path.dirname(path) if path else ""

    def suggested_path(self) -> str:
        """Where Save As proposes to write: the workspace, else beside the program, else the name."""
        if self.path:
            return self.path
        if self.program_path:
            return str(Path(self.program_path).with_suffix(SUFFIX))
        return Path(self._name).stem + SUFFIX

    def is_modified(self) -> bool:
        """True when the program, output or v differ from what was opened or saved."""
        return self._saved is None or self._snapshot() != self._saved

    def _snapshot(self) -> tuple:
        return self._program(), self.state.output, self.state.v

    def shown_step(self) -> int:
        """The step to save: a loaded one still waiting for its analysis, else the one shown."""
        return self.pending_step if self.pending_step is not None else self.state.step

    def current_workspace(self) -> Workspace:
        """The work, as it would be saved."""
        return Workspace(self._program(), self.state.output, self.state.v, self.shown_step(), self._view())

    # -- opening -------------------------------------------------------------------------
    @contextmanager
    def loading(self, step: int = -1):
        """``with document.loading(workspace.step):`` the window puts a workspace in place; its
        changes are no edits, and ``step`` is shown once the workspace's analysis arrives."""
        self._loading = True
        try:
            self.pending_step = step
            yield
        finally:
            self._loading = False

    def loaded(self, name: str, path: str | None, program_path: str | None, modified: bool = False,
               untitled: bool = False) -> None:
        """The work in place now came from ``path`` (a workspace) or ``program_path`` and is shown
        as ``name``; ``modified``: it is unsaved work (restored from a recovery file); ``untitled``:
        ``name`` is "Untitled" in the UI's language (the title says it in the next language)."""
        self.path, self.program_path = path, program_path
        self.untitled = untitled
        self._saved = None if modified else self._snapshot()
        self._set_name(name)
        self.changed()

    def _set_name(self, name: str) -> None:
        self._name = name
        self.nameChanged.emit(name)

    # -- saving --------------------------------------------------------------------------
    def save_to(self, path: str | os.PathLike) -> None:
        """Write the work to the workspace ``path`` (atomically), which it is then saved in;
        :class:`~desktop.workspace.WorkspaceError` when it cannot be written (nothing changes)."""
        path = os.path.abspath(path)
        save_workspace(path, self.current_workspace())
        self.path = path
        self._saved = self._snapshot()
        add_recent_file(path)
        self.untitled = False
        self._set_name(Path(path).name)
        self.changed()      # not modified: the recovery file goes

    def program_saved_as(self, path: str) -> None:
        """The program alone was written to ``path`` (File ▸ Save program as)."""
        self.program_path = path

    # -- changes and autosave ------------------------------------------------------------
    def changed(self, *_args) -> None:
        """The program, output or v may have changed: say whether the work is modified, and
        schedule its autosave (or, back to what was saved, delete the recovery file)."""
        if self._loading or self._ended:
            return
        modified = self.is_modified()
        if modified:
            self._schedule_autosave()
        else:
            self._timer.stop()
            self._due_since = None
            self.recovery.remove()
        self.modifiedChanged.emit(modified)

    def _schedule_autosave(self) -> None:
        now = self._clock()
        if self._due_since is None:
            self._due_since = now
        waited_ms = (now - self._due_since) * 1000
        self._timer.start(int(max(0, min(self.autosave_delay_ms, AUTOSAVE_MAX_DELAY_MS - waited_ms))))

    def autosave_pending(self) -> bool:
        return self._timer.isActive()

    def autosave_due_in_ms(self) -> int:
        """How long until the autosave writes, or -1 when none is due."""
        return self._timer.remainingTime() if self._timer.isActive() else -1

    def autosave(self) -> bool:
        """Write the unsaved work to this session's recovery file; True if written."""
        self._due_since = None
        if self._ended:
            return False
        if not self.is_modified():
            self.recovery.remove()
            return False
        try:
            self.recovery.save(self.current_workspace(), self._name, self.path, self.program_path)
        except WorkspaceError as e:
            self.autosaveFailed.emit(e.message)
            return False
        return True

    def _results_arrived(self) -> None:
        if self.pending_step is not None:
            # after set_results has finished announcing step -1
            QTimer.singleShot(0, self, self._apply_pending_step)

    def _apply_pending_step(self) -> None:
        step, self.pending_step = self.pending_step, None
        if step is not None:
            self.restoring_step = True
            try:
                self.state.set_step(step)
            finally:
                self.restoring_step = False
        self.changed()

    # -- recovery ------------------------------------------------------------------------
    def offered(self) -> Recovered | None:
        """The work left by a session that did not close, offered now (None: none is)."""
        return self.recoverable[0] if self.recoverable else None

    def recovery_offered(self) -> bool:
        """True while work left by a session that did not close is offered."""
        return bool(self.recoverable)

    def take_offered(self) -> Recovered | None:
        """The work offered, to restore: no longer offered (the next one is)."""
        recovered = self.recoverable.pop(0) if self.recoverable else None
        self.recoveryChanged.emit()
        return recovered

    def discard_offered(self) -> None:
        """Delete the work offered (the user chose to); the next one is offered."""
        if self.recoverable:
            self.recoverable.pop(0).discard()
        self.recoveryChanged.emit()

    def postpone_recovery(self) -> None:
        """Keep every recovery file for the next start, and offer none now."""
        for recovered in self.recoverable:
            recovered.release()
        self.recoverable = []
        self.recoveryChanged.emit()

    def end_session(self) -> None:
        """A clean close: no more autosave, no recovery file, nothing held."""
        self._ended = True
        self._timer.stop()
        self.recovery.close()
        for recovered in self.recoverable:
            recovered.release()
        self.recoverable = []
