"""J row by row: one backward per one-hot v, as the tutorials build J by hand.

For output element i the engine's x.grad for v = eᵢ (all zeros but a 1 at i)
is row i of J.  core has already run those backwards for the analysis (its
``engine_jacobian``: the engine's one-hot rows), so the panel shows them one
row at a time, as the tutorial computes them.  Only when the analysis left
them out (an output too large for them) does the panel ask core for each row,
one analysis job with v = eᵢ after another.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (QComboBox, QDialog, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout)

from desktop.appearance import settings as app_settings
from desktop.i18n.composed import translate_text
from desktop.i18n.texts import Texts
from desktop.results.matrix_table import MatrixTable
from desktop.results.values import flatten, product
from desktop.view_model import AnalysisView, view_of


def one_hot(shape, i):
    """Nested lists of ``shape`` with 1.0 at flat index ``i``, 0.0 elsewhere."""
    flat = [0.0] * max(product(shape), 1)
    flat[i] = 1.0
    if not shape:
        return flat[0]

    def build(offset, dims):
        if len(dims) == 1:
            return flat[offset:offset + dims[0]]
        step = 1
        for d in dims[1:]:
            step *= d
        return [build(offset + k * step, dims[1:]) for k in range(dims[0])]
    return build(0, list(shape))


def row_of(J, output_shape, i):
    """Row ``i`` (a flat index into the output) of ``J`` (nested lists of shape
    output_shape + the leaf's shape): the leaf-shaped x.grad for v = eᵢ."""
    index = []
    for size in reversed(list(output_shape)):
        index.append(i % size)
        i //= size
    for k in reversed(index):
        J = J[k]
    return J


class RowByRowPanel(QDialog):
    """Fills J one row per backward; ``rowFilled(i)`` after each row."""

    rowFilled = Signal(int)
    finishedAll = Signal()

    def __init__(self, window):
        super().__init__(window)
        self.texts = Texts(self)        # set again on each switch of language
        self.texts.bind(self.setWindowTitle, lambda: self.tr("J row by row"))
        self.setModal(False)
        self._window = window
        self._analysis: AnalysisView | None = None
        self._source = ""
        self._row = 0
        self._job = None
        self._rows = []
        self.explain = QLabel(self)
        self.explain.setWordWrap(True)
        self.leaf_picker = QComboBox(self)
        self.table = MatrixTable(self)
        self.step_text = QLabel(self)
        self.step_text.setWordWrap(True)
        self.step_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.next_button = QPushButton(self)
        self.all_button = QPushButton(self)
        self.restart_button = QPushButton(self)
        self.texts.bind(self.next_button.setText, lambda: self.tr("Next row"))
        self.texts.bind(self.all_button.setText, lambda: self.tr("All rows"))
        self.texts.bind(self.restart_button.setText, lambda: self.tr("Start again"))
        buttons = QHBoxLayout()
        for b in (self.next_button, self.all_button, self.restart_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.explain)
        row = QHBoxLayout()
        leaf_label = QLabel(self)
        self.texts.bind(leaf_label.setText, lambda: self.tr("Leaf:"))
        row.addWidget(leaf_label)
        row.addWidget(self.leaf_picker, 1)
        layout.addLayout(row)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.step_text)
        layout.addLayout(buttons)
        for label in (self.explain, self.step_text):
            label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.resize(640, 420)
        self._auto = False
        self.next_button.clicked.connect(self.next_row)
        self.all_button.clicked.connect(self.all_rows)
        self.restart_button.clicked.connect(self.restart)
        self.leaf_picker.currentIndexChanged.connect(lambda _: self._show_rows())
        window.host.worker.finished.connect(self._finished)

    # -- setup --------------------------------------------------------------------------
    def start(self, analysis: AnalysisView | dict, source: str):
        """Begin for the window's current analysis (its view, or core's dict) and program."""
        analysis = self._analysis = view_of(analysis)
        self._source = source
        self.leaf_picker.blockSignals(True)
        self.leaf_picker.clear()
        self.leaf_picker.addItems(analysis.leaf_names)
        self.leaf_picker.blockSignals(False)
        out = analysis.output
        self.texts.bind(self.explain.setText, lambda: self.tr(
            "Each row of J is one backward pass: {0}.backward(v) with v = eᵢ (a 1 at element i, 0 elsewhere) "
            "leaves row i of J in .grad, as the tutorials do by hand with x.grad.zero_() between passes.")
            .format(out))
        self.restart()

    def restart(self):
        self._row = 0
        self._rows = [None] * self._n_out()
        self._auto = False
        self._show_rows()
        self.texts.bind(self.step_text.setText, lambda: self.tr("Press Next row to run the first backward."))
        self.next_button.setEnabled(self._n_out() > 0 and bool(self._analysis and self._analysis.leaves))
        self.all_button.setEnabled(self.next_button.isEnabled())

    def _n_out(self):
        return product(self._analysis.output_shape) if self._analysis is not None else 0

    # -- rows ---------------------------------------------------------------------------
    def next_row(self):
        if self._job is not None or self._row >= self._n_out():
            return
        a = self._analysis
        rows = self._engine_rows()
        if rows is not None:
            self._fill({leaf: row_of(J, a.output_shape, self._row) for leaf, J in rows.items()})
            return
        from desktop.worker import Job
        v = one_hot(a.output_shape, self._row)
        output = a.output if a.output in self._window.display.run.tensors else None
        call = a.call.call if a.call is not None else None     # the differentiation the analysis is of
        self._job = self._window.host.submit(Job("analyze", source=self._source, output=output, v=v,
                                                 limits=app_settings.load_limits() or None, call=call)).id
        self.next_button.setEnabled(False)
        running = self._row + 1
        self.texts.bind(self.step_text.setText,
                        lambda: self.tr("Running {0}.backward(e{1})...").format(a.output, running))

    def all_rows(self):
        self._auto = True
        self.next_row()

    def _engine_rows(self):
        """The engine's one-hot rows of the analysis ({leaf: J}), or None when it has none for some leaf."""
        leaves = self._analysis.leaves if self._analysis is not None else ()
        if not leaves or any(leaf.engine_jacobian is None for leaf in leaves):
            return None
        return {leaf.name: leaf.engine_jacobian for leaf in leaves}

    def _finished(self, job_id, outcome):
        if job_id != self._job:
            return
        self._job = None
        row = view_of(outcome.analysis)
        if row is None or not row.has_backward:
            note = outcome.note
            self.texts.bind(self.step_text.setText, lambda: self.tr("This row could not be computed: {0}").format(
                translate_text(note) or self.tr("cancelled")))
            self.next_button.setEnabled(True)
            return
        self._fill({leaf.name: leaf.backward for leaf in row.leaves if leaf.backward is not None})

    def _fill(self, grads: dict):
        """Row ``self._row`` of J is ``grads`` ({leaf: x.grad for v = eᵢ}): show it, go on to the next."""
        self._rows[self._row] = {leaf: flatten(g) for leaf, g in grads.items()}
        leaf = self.leaf_picker.currentText()
        a = self._analysis
        labels = a.output_labels
        name = labels[self._row] if self._row < len(labels) else str(self._row + 1)
        values = (a.output, self._row + 1, leaf, self._format(grads.get(leaf)), name)
        self.texts.bind(self.step_text.setText, lambda: self.tr("{0}.backward(e{1}) gave {2}.grad = {3}: row {1} of "
                                                                "J, the derivatives of {4}.").format(*values))
        filled = self._row
        self._row += 1
        self._show_rows()
        self.rowFilled.emit(filled)
        done = self._row >= self._n_out()
        self.next_button.setEnabled(not done)
        self.all_button.setEnabled(not done)
        if done:
            self.finishedAll.emit()
        elif self._auto:
            QTimer.singleShot(150, self.next_row)

    def _show_rows(self):
        a = self._analysis
        leaf = self.leaf_picker.currentText()
        view = a.leaf(leaf) if a is not None else None
        cols = list(view.labels) if view is not None else []
        table = [list(r[leaf]) if r is not None and leaf in r else [""] * len(cols) for r in self._rows]
        self.table.set_matrix(table, row_labels=list(a.output_labels) or None if a is not None else None,
                              col_labels=cols)

    def filled_rows(self, leaf: str) -> list:
        """The rows computed so far (None for rows not yet run)."""
        return [None if r is None else r.get(leaf) for r in self._rows]

    @staticmethod
    def _format(x):
        from desktop.graph.format import format_value
        return format_value(x)
