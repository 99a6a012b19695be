"""The File menu's commands and the questions they ask: New, Open, Open Recent,
Save, Save As, Save program as, "Save changes?", and the offer to restore work
a crashed session left behind.

The :class:`~desktop.document.Document` answers (is the work modified, where
is it saved); this module asks the user (file dialogs, message boxes) and
tells the window to put a work in place (``window.load_workspace``).  Every
message that is not a question is non-blocking (``open()``), kept in
``message_box`` for tests.
"""
from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QDialog, QFileDialog, QMenu, QMessageBox, QToolBar

from desktop.recent_files import add_recent_file, clear_recent_files, recent_files, remove_recent_file
from desktop.recovery_bar import RecoveryBar
from desktop.workspace import SUFFIX, Workspace, WorkspaceError, load_document, with_workspace_suffix, write_atomically

NEW_PROGRAM = "import torch\n\n"


class FileActions(QObject):
    """The File commands of ``window``, for its ``document``."""

    def __init__(self, window, document):
        super().__init__(window)
        self.window = window
        self.document = document
        self.close_prompt: QMessageBox | None = None  # the open "Save changes?" on close, if any
        self.message_box: QMessageBox | None = None   # the last message shown (non-blocking)
        self.close_confirmed = False

    # -- replacing the work ----------------------------------------------------------------
    def replace_program(self, text: str, name: str | None, path: str | None = None) -> bool:
        """Put ``text`` (shown as ``name``; read from the file ``path``, if any) in the
        editor in place of the current work, with the program's own output and v,
        and run it.  First asks "Save changes to ...?" when there are unsaved
        changes; returns False (and changes nothing) when the user cancels."""
        if not self.maybe_save_changes():
            return False
        self.window.load_workspace(Workspace(program=text), name, workspace_path=None, program_path=path)
        return True

    def new_workspace(self) -> bool:
        return self.replace_program(NEW_PROGRAM, None)     # None: untitled

    # -- asking before unsaved work goes ---------------------------------------------------
    def maybe_save_changes(self) -> bool:
        """With unsaved changes, ask Save / Discard / Cancel (and save if asked);
        True when the work may be replaced."""
        if not self.document.is_modified():
            return True
        answer = self.ask_save_changes()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def ask_save_changes(self) -> QMessageBox.StandardButton:
        """Ask "Save changes to ...?" and wait for the answer (a modal dialog)."""
        box = self._save_changes_box()
        try:
            box.exec()
            return _answer(box)
        finally:
            box.deleteLater()

    def _save_changes_box(self) -> QMessageBox:
        buttons = (QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                   | QMessageBox.StandardButton.Cancel)
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Backprop Lens"),
                          self.tr("Save changes to {0}?").format(self.document.name), buttons, self.window)
        box.setObjectName("save-changes")
        box.setInformativeText(self.tr("Your changes will be lost if you don't save them."))
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        return box

    def may_close(self) -> bool:
        """The user asked to close: True when the window may close now; with unsaved changes, a
        window-modal "Save changes?" is opened instead (answered later: nothing waits in here),
        and the window closes once it is answered Save or Discard."""
        if self.close_confirmed or not self.document.is_modified():
            return True
        if self.close_prompt is None:
            self.close_prompt = box = self._save_changes_box()
            box.setWindowModality(Qt.WindowModality.WindowModal)
            box.finished.connect(lambda _result: self._close_answered(box))
            box.open()
        return False

    def _close_answered(self, box: QMessageBox):
        self.close_prompt = None
        answer = _answer(box)
        box.deleteLater()
        if answer == QMessageBox.StandardButton.Save and not self.save():
            return
        if answer in (QMessageBox.StandardButton.Save, QMessageBox.StandardButton.Discard):
            self.close_confirmed = True
            self.window.close()

    # -- opening ---------------------------------------------------------------------------
    def open_file(self):
        """Ask for a workspace or a program and open it."""
        path, _ = QFileDialog.getOpenFileName(
            self.window, self.tr("Open"), self.document.folder(),
            self.tr("Workspaces and programs (*{0} *.py);;Workspaces (*{0});;Python programs (*.py);;"
                    "All files (*)").format(SUFFIX))
        if path:
            self.open_path(path)

    def open_path(self, path: str | os.PathLike) -> bool:
        """Open a workspace file (output, v and step too) or a program file in
        place of the current work.  A file that cannot be opened is reported in
        a message and changes nothing (neither the file nor the work)."""
        path = os.path.abspath(path)
        try:
            document = load_document(path)
        except WorkspaceError as e:
            self.show_message(self.tr("Open"), e.message)
            return False
        name = Path(path).name
        if isinstance(document, Workspace):
            if not self.maybe_save_changes():
                return False
            self.window.load_workspace(document, name, workspace_path=path, program_path=None)
        elif not self.replace_program(document, name, path):
            return False
        add_recent_file(path)
        self.window.show_status(lambda: self.tr("Opened {0}").format(path))
        if isinstance(document, Workspace):
            self._tell_dropped(self.tr("Open"), name, document)
        return True

    def _tell_dropped(self, title: str, name: str, workspace: Workspace):
        """Say which of a workspace file's fields were wrong and left out (its program never is)."""
        if workspace.dropped:
            self.show_message(title, self.tr("Part of {0} was not valid and was left out: {1}. The rest, "
                                             "the program above all, is as it was.")
                              .format(name, "; ".join(workspace.dropped)))

    def open_recent(self, path: str) -> bool:
        if not os.path.exists(path):   # a folder or a pipe there now: open_path says what it is
            remove_recent_file(path)
            self.show_message(self.tr("Open Recent"), self.tr(
                "{0} is no longer there, so it was removed from the recent files.").format(path))
            return False
        return self.open_path(path)

    def fill_recent_menu(self, menu: QMenu):
        menu.clear()
        paths = recent_files()
        for i, path in enumerate(paths, 1):
            action = menu.addAction(f"&{i} {Path(path).name}")
            action.setToolTip(path)
            action.setData(path)
            action.triggered.connect(lambda _checked=False, p=path: self.open_recent(p))
        if not paths:
            menu.addAction(self.tr("(no recent files)")).setEnabled(False)
            return
        menu.addSeparator()
        menu.addAction(self.tr("&Clear the list")).triggered.connect(clear_recent_files)

    # -- saving ----------------------------------------------------------------------------
    def save(self) -> bool:
        """Save to the workspace file (asking for one the first time); False if not saved."""
        if self.document.path is None:
            return self.save_as()
        return self.save_to(self.document.path)

    def save_as(self) -> bool:
        dialog = self.save_as_dialog(self.document.suggested_path())
        if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.selectedFiles():
            return False
        path = with_workspace_suffix(dialog.selectedFiles()[0])
        if os.path.exists(path) and not self._confirm_overwrite(path):
            return False
        return self.save_to(path)

    def save_as_dialog(self, suggestion: str) -> QFileDialog:
        """The Save As dialog, not yet shown.  Its default suffix adds ``.bplens`` to a name typed
        without one; a name with another suffix ("lesson.v2", "x.py") gets it in
        :meth:`save_as`, as does one from a platform's own dialog that ignores the
        default suffix.  So the dialog does not ask about overwriting (it would ask about "x.py");
        save_as asks about the file it will really write."""
        dialog = QFileDialog(self.window, self.tr("Save workspace"), suggestion,
                             self.tr("Workspaces (*{0})").format(SUFFIX))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix(SUFFIX[1:])
        dialog.setOption(QFileDialog.Option.DontConfirmOverwrite, True)
        return dialog

    def _confirm_overwrite(self, path: str) -> bool:
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Save workspace"),
                          self.tr("{0} already exists. Replace it?").format(Path(path).name),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self.window)
        box.setObjectName("confirm-overwrite")
        box.setDefaultButton(QMessageBox.StandardButton.No)
        try:
            return box.exec() == QMessageBox.StandardButton.Yes
        finally:
            box.deleteLater()

    def save_to(self, path: str | os.PathLike) -> bool:
        """Write the work to ``path`` (atomically); on failure say why and return False."""
        path = os.path.abspath(path)
        try:
            self.document.save_to(path)
        except WorkspaceError as e:
            self.show_message(self.tr("Save"), e.message)
            return False
        self.window.show_status(lambda: self.tr("Saved {0}").format(path))
        return True

    def save_program(self):
        path, _ = QFileDialog.getSaveFileName(self.window, self.tr("Save program"),
                                              self.document.program_path or "program.py",
                                              self.tr("Python programs (*.py)"))
        if path:
            self.save_program_to(path)

    def save_program_to(self, path: str) -> bool:
        """Write only the program to ``path``, atomically; a failure is a message that does not
        block, and the file that was there stays as it was."""
        try:
            write_atomically(path, self.window.editor.program().encode("utf-8"))
        except WorkspaceError as e:   # the message names the file and the reason
            self.show_message(self.tr("Save program"), e.message)
            return False
        self.document.program_saved_as(path)
        return True

    def show_message(self, title: str, text: str) -> QMessageBox:
        """A warning that does not block (``open()``); kept in ``message_box``."""
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self.window)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.message_box = box
        return box

    # -- recovery --------------------------------------------------------------------------
    def build_recovery_bar(self) -> RecoveryBar:
        """The offer to restore work, in a toolbar of its own under the others (hidden when there
        is nothing to offer)."""
        window = self.window
        self.recovery_bar = RecoveryBar(window)
        self.recovery_bar.restoreRequested.connect(self.restore_recovered)
        self.recovery_bar.discardRequested.connect(self.document.discard_offered)
        self.recovery_bar.laterRequested.connect(self.document.postpone_recovery)
        bar = QToolBar(window)
        window.texts.bind(bar.setWindowTitle, lambda: self.tr("Recovered work"))
        bar.setObjectName("recovery-toolbar")
        bar.setMovable(False)
        bar.setFloatable(False)
        bar.toggleViewAction().setVisible(False)
        bar.addWidget(self.recovery_bar)
        window.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)
        window.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        self.recovery_toolbar = bar
        self.document.recoveryChanged.connect(self._offer_next_recovery)
        self._offer_next_recovery()
        return self.recovery_bar

    def _offer_next_recovery(self):
        offered = self.document.offered()
        if offered is not None:
            self.recovery_bar.offer(offered, len(self.document.recoverable) - 1)
        self.recovery_toolbar.setVisible(offered is not None)

    def restore_recovered(self) -> bool:
        """Load the work offered (program, output, v, step) as unsaved work; the
        old recovery file goes only once this session's own copy is written."""
        offered = self.document.offered()
        if offered is None or offered.workspace is None:
            return False          # a file that cannot be read can only be discarded or kept
        if not self.maybe_save_changes():
            return False
        recovered = self.document.take_offered()
        self.window.load_workspace(recovered.workspace, recovered.name, recovered.workspace_path,
                                   recovered.program_path, modified=True)
        if self.document.autosave():
            recovered.discard()
        else:
            recovered.release()   # kept on disk, offered again next time
        self._tell_dropped(self.tr("Restore"), recovered.name, recovered.workspace)
        return True


def _answer(box: QMessageBox) -> QMessageBox.StandardButton:
    """The standard button that closed ``box`` (Cancel when it was closed another way)."""
    clicked = box.clickedButton()
    return box.standardButton(clicked) if clicked is not None else QMessageBox.StandardButton.Cancel
