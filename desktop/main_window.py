"""The main window, for now: the lesson's program, read-only, and an About dialog.

Issue 5 replaces this window with the editor, results, graph and stepper panes.
"""

from importlib.metadata import PackageNotFoundError, version

from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QFontDatabase, QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox, QPlainTextEdit, QWidget

import resources

PLACEHOLDER_STATUS = "Analysis arrives with the engine and interpreter issues"


class MainWindow(QMainWindow):
    """Shows ``program_text`` (default: the default lesson) in a monospace, read-only editor."""

    def __init__(self, program_text: str | None = None, program_name: str | None = None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        if program_text is None:
            program_name = program_name or resources.DEFAULT_LESSON
            program_text = resources.read_lesson(program_name)
        self.setWindowTitle("Backprop Lens")
        self.resize(900, 600)

        self.editor = QPlainTextEdit(self)
        self.editor.setReadOnly(True)  # editing arrives with issue 5
        self.editor.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        font.setPointSize(max(font.pointSize(), 12))
        self.editor.setFont(font)
        self.editor.setPlainText(program_text)
        self.setCentralWidget(self.editor)

        self.program_label = QLabel(program_name or "", self)
        self.statusBar().addPermanentWidget(self.program_label)
        self.statusBar().showMessage(PLACEHOLDER_STATUS)
        self._build_menus()

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        quit_action = file_menu.addAction("&Quit")
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        help_menu = self.menuBar().addMenu("&Help")
        self.about_action = help_menu.addAction("&About Backprop Lens")
        self.about_action.triggered.connect(self.show_about)

    def show_about(self) -> QMessageBox:
        """Open the About dialog without blocking (``open()``, not ``exec()``) and return it."""
        box = QMessageBox(QMessageBox.Icon.Information, "About Backprop Lens", _about_text(),
                          QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box


def _about_text() -> str:
    try:
        app_version = version("backprop-lens")
    except PackageNotFoundError:
        app_version = "(not installed)"
    return (f"Backprop Lens {app_version}\n\n"
            "See what PyTorch's backward() computes: the Jacobian of the output, "
            "v\u1d40J, the backward result and the chain rule, node by node.\n\n"
            f"Qt {qVersion()}")
