"""The bar that offers to restore the work a session left behind (:mod:`desktop.recovery`)."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QWidget

from desktop.i18n.texts import Texts
from desktop.recovery import Recovered, format_time


class RecoveryBar(QFrame):
    """The offer to restore work from a session that did not close cleanly.

    Shown in the window, never modal: the user may go on working and answer
    later.  ``restoreRequested``, ``discardRequested``, ``laterRequested``.
    """

    restoreRequested = Signal()
    discardRequested = Signal()
    laterRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("recovery-bar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.ToolTipBase)
        self.message = QLabel(self)
        self.message.setTextFormat(Qt.TextFormat.PlainText)   # a name from a file is never markup
        self.message.setWordWrap(True)
        self.message.setForegroundRole(QPalette.ColorRole.ToolTipText)
        self.message.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.texts = Texts(self)        # set again on each switch of language
        self.restore_button = QPushButton(self)
        self.texts.bind(self.restore_button.setText, lambda: self.tr("Restore"))
        self.texts.bind(self.restore_button.setToolTip, lambda: self.tr("Open the unsaved work in this window"))
        self.discard_button = QPushButton(self)
        self.texts.bind(self.discard_button.setText, lambda: self.tr("Discard"))
        self.texts.bind(self.discard_button.setToolTip, lambda: self.tr("Delete the unsaved work for good"))
        self.later_button = QPushButton(self)
        self.texts.bind(self.later_button.setText, lambda: self.tr("Not now"))
        self.texts.bind(self.later_button.setToolTip, lambda: self.tr("Keep the unsaved work and ask again next time"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.message, 1)
        for button in (self.restore_button, self.discard_button, self.later_button):
            layout.addWidget(button)
        self.restore_button.clicked.connect(self.restoreRequested)
        self.discard_button.clicked.connect(self.discardRequested)
        self.later_button.clicked.connect(self.laterRequested)

    def offer(self, recovered: Recovered, more: int) -> None:
        self.restore_button.setVisible(recovered.workspace is not None)
        self.texts.bind(self.message.setText, lambda: self._offer_text(recovered, more))

    def _offer_text(self, recovered: Recovered, more: int) -> str:
        when = format_time(recovered.saved_at)
        if recovered.workspace is None:
            text = self.tr("Backprop Lens did not close normally last time, and a file of unsaved work it kept "
                           "cannot be read: {0} Discard it, or keep it for now?").format(recovered.problem or "")
        elif when is None:
            text = self.tr("Backprop Lens did not close normally last time. Unsaved work on {0} was kept "
                           "(when it was saved is not known).").format(recovered.name)
        else:
            text = self.tr("Backprop Lens did not close normally last time. Unsaved work on {0} from {1} "
                           "was kept.").format(recovered.name, when)
        if more:
            text += " " + self.tr("({0} more after this one.)").format(more)
        return text
