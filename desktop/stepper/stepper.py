"""The step bar: first / previous / next / last, play-pause at a chosen speed.

Step -1 is "before the first step"; steps 0 .. n-1 are the trace's steps.  The
bar owns the current step: :meth:`StepperBar.set_step` validates, stores, then
emits ``stepChanged`` (only when the step changed), and the graph and the
inspector follow that one signal.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QIcon, QKeySequence, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSizePolicy, QStyle, QToolButton, QWidget

SPEEDS = (0.5, 1.0, 2.0, 4.0)
BASE_INTERVAL_MS = 1000     # one step a second at 1x: time to read what changed


class StepperBar(QWidget):
    """Buttons and shortcuts (Home, Left, Right, End, Space) that move through the steps."""

    stepChanged = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._count = 0
        self._step = -1
        self._names: list[str] = []
        self.base_interval_ms = BASE_INTERVAL_MS   # the time a step stays at 1x
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._tick)

        icon = self._standard_icon
        sp = QStyle.StandardPixmap
        self.first_action = self._action(icon(sp.SP_MediaSkipBackward), Qt.Key.Key_Home, self.first)
        self.previous_action = self._action(icon(sp.SP_MediaSeekBackward), Qt.Key.Key_Left, self.previous)
        self.play_action = self._action(icon(sp.SP_MediaPlay), Qt.Key.Key_Space, self.toggle_play)
        self.next_action = self._action(icon(sp.SP_MediaSeekForward), Qt.Key.Key_Right, self.next)
        self.last_action = self._action(icon(sp.SP_MediaSkipForward), Qt.Key.Key_End, self.last)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        self.buttons: dict[str, QToolButton] = {}
        for key, action in (("first", self.first_action), ("previous", self.previous_action),
                            ("play", self.play_action), ("next", self.next_action),
                            ("last", self.last_action)):
            button = QToolButton(self)
            button.setDefaultAction(action)
            button.setAutoRaise(True)
            self.buttons[key] = button
            layout.addWidget(button)

        self.speed_combo = QComboBox(self)
        for factor in SPEEDS:
            self.speed_combo.addItem("", factor)
        self.speed_combo.setCurrentIndex(SPEEDS.index(1.0))
        self.speed_combo.currentIndexChanged.connect(self._speed_changed)
        layout.addWidget(self.speed_combo)

        self.label = QLabel(self)
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addSpacing(8)
        layout.addWidget(self.label, 1)
        self._speed_changed()
        self._size_icons()
        self._retranslate()

    def _retranslate(self) -> None:
        """Every text in the UI's language (at the start and on LanguageChange)."""
        for action, text in ((self.first_action, self.tr("First step")),
                             (self.previous_action, self.tr("Previous step")),
                             (self.next_action, self.tr("Next step")), (self.last_action, self.tr("Last step"))):
            action.setText(text)
            action.setToolTip(f"{text} ({action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})")
        for i, factor in enumerate(SPEEDS):
            self.speed_combo.setItemText(i, self.tr("{0}×").format(f"{factor:g}"))
        self.speed_combo.setToolTip(self.tr("Playback speed"))
        self.speed_combo.setAccessibleName(self.tr("Playback speed"))
        self._refresh()      # the play action and the label

    def _size_icons(self) -> None:
        # Icons grow with the font, so a presenter's large font keeps the buttons in proportion.
        side = max(22, round(self.fontMetrics().height() * 1.4))
        for button in self.buttons.values():
            button.setIconSize(QSize(side, side))

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._size_icons()
        elif event.type() == QEvent.Type.LanguageChange and hasattr(self, "last_action"):
            self._retranslate()
        elif event.type() == QEvent.Type.PaletteChange and hasattr(self, "last_action"):
            sp = QStyle.StandardPixmap
            for action, pixmap in ((self.first_action, sp.SP_MediaSkipBackward),
                                   (self.previous_action, sp.SP_MediaSeekBackward),
                                   (self.next_action, sp.SP_MediaSeekForward),
                                   (self.last_action, sp.SP_MediaSkipForward)):
                action.setIcon(self._standard_icon(pixmap))
            self._refresh()

    def _standard_icon(self, pixmap) -> QIcon:
        """The style's icon drawn in the palette's button-text colour: the stock media
        icons are dark grey, which vanishes on a dark or high-contrast palette."""
        source = self.style().standardIcon(pixmap).pixmap(QSize(64, 64))
        if source.isNull():
            return self.style().standardIcon(pixmap)
        tinted = QPixmap(source.size())
        tinted.setDevicePixelRatio(source.devicePixelRatio())
        tinted.fill(Qt.GlobalColor.transparent)
        painter = QPainter(tinted)
        painter.drawPixmap(0, 0, source)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
        painter.fillRect(tinted.rect(), self.palette().color(QPalette.ColorRole.ButtonText))
        painter.end()
        return QIcon(tinted)

    def _action(self, icon, key, slot) -> QAction:
        """An action of the bar (its texts: _retranslate)."""
        action = QAction(icon, "", self)
        action.setShortcut(QKeySequence(key))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(slot)
        return action

    # state ---------------------------------------------------------------------
    def actions(self) -> list[QAction]:
        """The step actions, with shortcuts (window context), for the main window to add."""
        return [self.first_action, self.previous_action, self.play_action, self.next_action,
                self.last_action]

    def count(self) -> int:
        return self._count

    def step(self) -> int:
        return self._step

    def is_playing(self) -> bool:
        return self._timer.isActive()

    def speed(self) -> float:
        return float(self.speed_combo.currentData())

    def interval_ms(self) -> int:
        return self._timer.interval()

    @Slot(int)
    def set_count(self, n: int) -> None:
        """A new trace of ``n`` steps: stop playing and go before its first step."""
        self.pause()
        self._count = max(0, int(n))
        if len(self._names) != self._count:
            self._names = []
        self._step = -1
        self._refresh()
        self.stepChanged.emit(self._step)

    def set_step_names(self, names: list[str]) -> None:
        """Names for the label, one per step (the grad_fn names)."""
        self._names = [str(name) for name in names]
        self._refresh()

    def set_trace(self, trace) -> None:
        """``set_count`` and ``set_step_names`` from the analysis's trace
        (:class:`~desktop.view_model.TraceStep` each)."""
        trace = trace or ()
        self._names = [step.grad_fn for step in trace]
        self.set_count(len(trace))

    @Slot(int)
    def set_step(self, index: int) -> None:
        """Go to step ``index`` (clamped to -1 .. n-1); emits ``stepChanged`` if it moved."""
        index = max(-1, min(int(index), self._count - 1))
        if index == self._step:
            return
        self._step = index
        self._refresh()
        self.stepChanged.emit(index)

    def set_base_interval(self, ms: int) -> None:
        """How long a step stays at 1x (the speed divides it)."""
        self.base_interval_ms = max(1, int(ms))
        self._speed_changed()

    def set_speed(self, factor: float) -> None:
        self.speed_combo.setCurrentIndex(min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i] - factor)))

    # navigation ----------------------------------------------------------------
    @Slot()
    def first(self) -> None:
        self.set_step(-1)

    @Slot()
    def previous(self) -> None:
        self.set_step(self._step - 1)

    @Slot()
    def next(self) -> None:
        self.set_step(self._step + 1)

    @Slot()
    def last(self) -> None:
        self.set_step(self._count - 1)

    @Slot()
    def toggle_play(self) -> None:
        if self.is_playing():
            self.pause()
        else:
            self.play()

    @Slot()
    def play(self) -> None:
        if self._count == 0:
            return
        if self._step >= self._count - 1:   # at the end: play again from the start
            self.set_step(-1)
        self._timer.start()
        self._refresh()

    @Slot()
    def pause(self) -> None:
        self._timer.stop()
        self._refresh()

    def _tick(self) -> None:
        self.next()
        if self._step >= self._count - 1:
            self.pause()

    def _speed_changed(self, *_):
        self._timer.setInterval(max(1, round(self.base_interval_ms / self.speed())))

    # display -------------------------------------------------------------------
    def _refresh(self) -> None:
        n, k = self._count, self._step
        playing = self.is_playing()
        sp = QStyle.StandardPixmap
        self.play_action.setIcon(self._standard_icon(sp.SP_MediaPause if playing else sp.SP_MediaPlay))
        self.play_action.setText(self.tr("Pause") if playing else self.tr("Play"))
        self.play_action.setToolTip(self.tr("Pause (Space)") if playing else self.tr("Play (Space)"))
        self.play_action.setEnabled(n > 0)
        self.first_action.setEnabled(k > -1)
        self.previous_action.setEnabled(k > -1)
        self.next_action.setEnabled(k < n - 1)
        self.last_action.setEnabled(k < n - 1)
        if n == 0:
            text = self.tr("no backward steps")
        elif k < 0:
            text = self.tr("before the first step ({0} steps)").format(n)
        else:
            name = self._names[k] if k < len(self._names) else ""
            text = (self.tr("step {0} of {1}: {2}").format(k + 1, n, name) if name
                    else self.tr("step {0} of {1}").format(k + 1, n))
        self.label.setText(text)
