"""The window's dialogs that are not about files: Settings (and its Limits page,
with the status bar's "Change limits..." after a run a limit stopped), the
keyboard shortcuts, and About.  None blocks: each is opened with ``open()`` or
``show()`` and returned, so tests and the window can reach it.
"""
from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from PySide6.QtCore import QObject, Qt, qVersion
from PySide6.QtWidgets import QMessageBox, QPushButton

from desktop.appearance import settings as app_settings
from desktop.i18n.texts import Texts


class Dialogs(QObject):
    """The dialogs of ``window``; ``settings_dialog`` is the open Settings dialog, if any."""

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.settings_dialog = None
        self._settings_page: str | None = None      # the page the dialog was closed at
        self.limits_button: QPushButton | None = None   # "Change limits...", after a run a limit stopped
        self._stopped_by: str | None = None

    def show_shortcuts(self):
        """Open the table of keyboard shortcuts (not modal) and return it."""
        from desktop.shortcuts import ShortcutsDialog
        dialog = ShortcutsDialog(self.window)
        dialog.show()
        return dialog

    def show_settings(self, page: str | None = None, highlight: str | None = None):
        """Open the Settings dialog (modal; ``open()``, so nothing waits here) at ``page``
        ("appearance", "limits"; default: where it was last) and return it.  Appearance applies
        at once (Cancel undoes it); on OK changed limits are kept and the program runs again."""
        from desktop.settings_dialog import APPEARANCE, SettingsDialog
        dialog = self.settings_dialog
        if dialog is not None:      # already open: brought forward at the page asked for
            dialog.show_page(page or dialog.current_page(), highlight)
            dialog.raise_()
            dialog.activateWindow()
            return dialog
        dialog = SettingsDialog(self.window, page or self._settings_page or APPEARANCE, highlight)
        dialog.accepted.connect(lambda: self._limits_chosen(dialog.limits_changed()))
        dialog.finished.connect(lambda _result: self._settings_closed(dialog))
        dialog.open()
        self.settings_dialog = dialog
        return dialog

    def _settings_closed(self, dialog):
        self._settings_page = dialog.current_page()
        if self.settings_dialog is dialog:
            self.settings_dialog = None

    def show_limits(self, highlight: str | None = None):
        """Open Settings at its Limits page, with the focus on limit ``highlight`` (the one that
        stopped a run) if given, and return the dialog."""
        return self.show_settings("limits", highlight)

    def _limits_chosen(self, limits: dict):
        if limits != app_settings.load_limits():
            app_settings.store_limits(limits)
            self.window.run_analysis()

    def offer_limits(self, error: dict | None):
        """A run stopped by a limit: a button in the status bar opens Settings ▸ Limits at that limit."""
        from desktop.limits_editor import limit_named_in
        stopped = bool(error) and error.get("kind") == "limit"
        if stopped and self.limits_button is None:
            self.limits_button = QPushButton(self.window)
            self.window.texts.bind(self.limits_button.setText, lambda: self.tr("Change limits..."))
            self.window.texts.bind(self.limits_button.setToolTip,
                                   lambda: self.tr("Settings ▸ Limits: raise the limit that stopped the run"))
            self.limits_button.clicked.connect(lambda: self.show_limits(self._stopped_by))
            self.window.statusBar().addPermanentWidget(self.limits_button)
        if self.limits_button is not None:
            self.limits_button.setVisible(stopped)
        self._stopped_by = limit_named_in(error.get("message")) if stopped else None

    def show_about(self) -> QMessageBox:
        """Open the About dialog without blocking (``open()``, not ``exec()``) and return it."""
        box = QMessageBox(QMessageBox.Icon.Information, "", "", QMessageBox.StandardButton.Ok, self.window)
        texts = Texts(box)      # said again if the language changes while it is open
        texts.bind(box.setWindowTitle, lambda: self.tr("About Backprop Lens"))
        texts.bind(box.setText, self._about_text)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    def _about_text(self) -> str:
        try:
            app_version = version("backprop-lens")
        except PackageNotFoundError:
            app_version = self.tr("(not installed)")
        summary = self.tr("See what PyTorch's backward() computes: the Jacobian of the output, vᵀJ, the backward "
                          "result and the chain rule, node by node.")
        return f"Backprop Lens {app_version}\n\n{summary}\n\nQt {qVersion()}"
