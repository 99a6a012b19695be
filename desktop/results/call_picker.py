"""Which differentiation is analysed: the program's backward and autograd.grad calls (issue 13).

A training loop of 500 steps makes 500 calls at one line, so the picker lists lines, not calls:
one entry per line that differentiates ("line 5: loss.backward() ×500"), and beside it
the iteration at that line ("iteration [3] of 500"), which core resolves (its ``call`` is the
line's first call, its ``iteration`` the K-th there).  The picker shows what core analysed (the
analysis's ``call``) and emits ``chosen`` when the user picks another; the window runs the
analysis again with it.  It is shown only when the program differentiates more than once.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QSize, Qt, QTimer, Signal
from PySide6.QtWidgets import (QComboBox, QGridLayout, QHBoxLayout, QLabel, QSizePolicy, QSpinBox, QStyle,
                               QStyleOptionComboBox, QWidget)

from desktop.view_model import AnalysisView, Call, calls_signature, view_of


@dataclass(frozen=True)
class CallLine:
    """The differentiations made at one line of the program, as the analysis lists them."""

    line: int | None
    first_call: int        # the 1-based number, among all the program's calls, of the first made here
    count: int             # how many the run made at this line ("of")
    code: str              # what is called: "loss.backward()", "autograd.grad(y)"


@dataclass(frozen=True)
class CallChoice:
    """A differentiation chosen in the picker: the ``iteration``-th made at ``line`` (whose first
    is call ``call``), chosen among the calls described by ``calls`` (:func:`calls_signature`)."""

    call: int
    iteration: int
    line: int | None
    calls: tuple = ()


def _code(call: Call) -> str:
    name = call.names[0] if call.names else None
    kind = call.kind
    if kind == "backward":
        return f"{name}.backward()" if name else "backward()"
    if kind == "autograd.grad":
        return f"autograd.grad({name})" if name else "autograd.grad(…)"
    return kind


def call_lines(calls) -> list[CallLine]:
    """One entry per line, in the order of each line's first differentiation (``calls``: the
    analysis's :class:`~desktop.view_model.Call` each).

    >>> [c.code for c in call_lines([Call(1, 5, 1, 2, "backward", ("loss",)), Call(2, 5, 2, 2, "backward", ("loss",)),
    ...                              Call(3, 9, 1, 1, "autograd.grad", ("y",))])]
    ['loss.backward()', 'autograd.grad(y)']
    """
    lines: dict = {}
    for c in calls:
        if c.line not in lines:
            lines[c.line] = CallLine(c.line, c.call, c.of, _code(c))
    return list(lines.values())


class CallPicker(QWidget):
    """"Call: [line 5: loss.backward() ×500]  iteration [3] of 500".

    ``chosen(object)`` carries a :class:`CallChoice`, or None for the first call (the default);
    it is emitted when the user picks a line, or a moment after the iteration stops changing
    (an arrow key held down asks for one analysis, not hundreds).  :meth:`set_calls` shows an
    analysis's calls and emits nothing.
    """

    chosen = Signal(object)
    ITERATION_DELAY_MS = 300

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._analysis: AnalysisView | None = None
        self._lines: list[CallLine] = []
        self._requested: tuple | None = None      # (line, iteration) asked for last, or analysed
        self.label = QLabel(self)
        self.line_box = QComboBox(self)
        self.line_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.line_box.setMinimumContentsLength(14)
        self.line_box.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.line_box.setPlaceholderText("—")          # an output that no call differentiates
        self.label.setBuddy(self.line_box)
        self.iterations = QWidget(self)                 # "iteration [3] of 500"
        self.before_iteration = QLabel(self.iterations)
        self.iteration_box = QSpinBox(self.iterations)
        self.iteration_box.setKeyboardTracking(False)  # typing 250 asks for 250, not 2 and 25 first
        self.iteration_box.setAccelerated(True)
        self.after_iteration = QLabel(self.iterations)
        row = QHBoxLayout(self.iterations)
        row.setContentsMargins(0, 0, 0, 0)
        for w in (self.before_iteration, self.iteration_box, self.after_iteration):
            row.addWidget(w)
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.addWidget(self.label, 0, 0)
        self._grid.addWidget(self.line_box, 0, 1)
        self._grid.setColumnStretch(1, 1)
        self._two_rows: bool | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(self.ITERATION_DELAY_MS)
        self._timer.timeout.connect(self._emit_choice)
        self.line_box.activated.connect(self._line_picked)
        self.line_box.currentTextChanged.connect(lambda _text: self._place_iterations())
        self.iteration_box.valueChanged.connect(lambda _value: self._timer.start())
        self._retranslate()
        self._place_iterations()
        self.hide()

    # -- from the window -------------------------------------------------------------------
    def set_calls(self, analysis: AnalysisView | dict | None) -> None:
        """List ``analysis``'s calls with the one it analysed chosen; hidden when there is
        nothing to choose (no analysis, or a program that differentiates once)."""
        a = self._analysis = view_of(analysis)
        self._lines = call_lines(a.calls if a is not None else ())
        if a is None or a.calls_total <= 1 or not self._lines:
            self._timer.stop()
            self._lines, self._requested = [], None
            self.line_box.clear()
            self.hide()
            return
        analysed = a.call
        line, iteration = (analysed.line, analysed.iteration) if analysed is not None else (None, 1)
        index = next((i for i, c in enumerate(self._lines) if c.line == line), -1)
        typing = self._timer.isActive() and index == self.line_box.currentIndex()
        self._fill_lines()
        self.line_box.setCurrentIndex(index)
        self._requested = (line, iteration) if index >= 0 else None
        # an iteration the user is still choosing is kept (and asked for when the timer fires)
        self._show_iterations(index, None if typing else iteration)
        self.show()

    def lines(self) -> list[CallLine]:
        return list(self._lines)

    def choose(self, index: int, iteration: int = 1) -> None:
        """Pick line ``index`` of the list and its ``iteration`` (clamped to the line's range), as
        the user would, and emit the choice at once."""
        if not 0 <= index < len(self._lines):
            raise IndexError(f"there are {len(self._lines)} lines to choose from, not line {index}")
        self.line_box.setCurrentIndex(index)
        self._show_iterations(index, iteration)
        self._emit_choice()

    def choice(self) -> CallChoice | None:
        """What the picker shows now: None for the first call (or when nothing is chosen)."""
        index = self.line_box.currentIndex()
        if not 0 <= index < len(self._lines):
            return None
        line = self._lines[index]
        iteration = self.iteration_box.value() if line.count > 1 else 1
        if line.first_call == 1 and iteration == 1:
            return None
        return CallChoice(line.first_call, iteration, line.line, calls_signature(self._analysis))

    # -- inside ------------------------------------------------------------------------------
    def _fill_lines(self):
        box = self.line_box
        box.blockSignals(True)
        box.clear()
        for c in self._lines:
            line = "?" if c.line is None else c.line
            box.addItem(self.tr("line {0}: {1}").format(line, c.code) if c.count == 1
                        else self.tr("line {0}: {1} ×{2}").format(line, c.code, c.count))
        total = self._analysis.calls_total if self._analysis is not None else 0
        unlisted = total - sum(c.count for c in self._lines)
        if unlisted > 0:     # lines first reached after the calls the analysis lists
            box.addItem(self.tr("{0} more at other lines, not listed").format(unlisted))
            box.model().item(box.count() - 1).setEnabled(False)
        box.setToolTip(self.tr("The program differentiates {0} times (backward, autograd.grad): choose the one "
                               "analysed. A line inside a loop is listed once; choose its iteration beside it.")
                       .format(total))
        box.blockSignals(False)

    def _show_iterations(self, index: int, iteration: int | None):
        """The iteration box for line ``index``: its range, and ``iteration`` (None: keep the value)."""
        count = self._lines[index].count if 0 <= index < len(self._lines) else 1
        box = self.iteration_box
        box.blockSignals(True)
        box.setRange(1, max(1, count))
        if iteration is not None:
            box.setValue(iteration)
        box.blockSignals(False)
        # the box stands where the translation puts {0}
        before, _, after = self.tr("iteration {0} of {1}").partition("{0}")
        self.before_iteration.setText(before.replace("{1}", str(count)).strip())
        self.after_iteration.setText(after.replace("{1}", str(count)).strip())
        self.iterations.setVisible(count > 1)
        self._place_iterations()

    def _place_iterations(self):
        """The iteration beside the line when both fit in one row, else below it (a narrow pane,
        a long translation)."""
        spacing = max(0, self._grid.horizontalSpacing())
        box = self.line_box
        option = QStyleOptionComboBox()
        box.initStyleOption(option)
        text = QSize(box.fontMetrics().horizontalAdvance(box.currentText()) + 4, box.fontMetrics().height())
        whole_line = box.style().sizeFromContents(QStyle.ContentsType.CT_ComboBox, option, text, box).width()
        one_row = self.label.sizeHint().width() + whole_line + self.iterations.sizeHint().width() + 2 * spacing
        two = not self.iterations.isHidden() and self.width() < one_row
        if two == self._two_rows:
            return
        self._two_rows = two
        self._grid.removeWidget(self.iterations)
        if two:
            self._grid.addWidget(self.iterations, 1, 1, Qt.AlignmentFlag.AlignLeft)
        else:
            self._grid.addWidget(self.iterations, 0, 2)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._place_iterations()

    def _line_picked(self, index: int):
        line = self._lines[index] if 0 <= index < len(self._lines) else None
        if line is None or (self._requested or (None,))[0] == line.line:
            return      # the line shown already: its iteration stays
        self._timer.stop()
        self._show_iterations(index, 1)
        self._emit_choice()

    def _emit_choice(self):
        self._timer.stop()
        index = self.line_box.currentIndex()
        if not 0 <= index < len(self._lines):
            return
        line = self._lines[index]
        wanted = (line.line, self.iteration_box.value() if line.count > 1 else 1)
        if wanted != self._requested:
            self._requested = wanted
            self.chosen.emit(self.choice())

    def _retranslate(self):
        self.label.setText(self.tr("&Call:"))
        self.line_box.setAccessibleName(self.tr("Call analysed"))
        self.iteration_box.setAccessibleName(self.tr("Iteration analysed"))
        self.iteration_box.setToolTip(self.tr("Which iteration of this line is analysed, at its own values: "
                                              "type a number and press Enter, or use the arrow keys"))
        if self._lines:
            index = self.line_box.currentIndex()
            self._fill_lines()
            self.line_box.setCurrentIndex(index)
            self._show_iterations(index, None)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
