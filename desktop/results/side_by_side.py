"""One analysis, side by side: the symbolic J and vᵀJ on the left, the engine's
``x.grad`` on the right, the verdict above them, pinned: it stays in view
however far the results below it are scrolled.

Everything shown comes from core's analysis, read through its view
(:class:`desktop.view_model.AnalysisView`, built once from ``Analysis.to_json()``);
this module only rearranges nested lists into tables.  The accessors
(``jacobian_values`` …) read the numbers back from the tables, so tests check
what the user sees.
"""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from desktop.i18n.composed import translate_text
from desktop.results.colors import status_colors
from desktop.results.labels import keep_lines, small, titled, wrapping_label
from desktop.results import witnesses
from desktop.results.leaf_block import LeafBlock
from desktop.results.math_view import MathLabel
from desktop.results.matrix_table import MatrixTable
from desktop.results.values import flatten, format_number, product, shape_text
from desktop.view_model import AnalysisView, EntriesAnswer, Leaf, RunError, view_of

# a leaf with no J (still to come, over its budget, cancelled) still shows its x.grad in a block of its own up to
# this many elements; a larger one shows the entries the float64 differences checked (the spot block), as the
# window is never stalled by tables of thousands of cells (two 30x30 x.grad tables took 0.5 s to lay out)
MAX_GRAD_ALONE = 256
# a leaf whose symbolic J did not fit its budget, while its expressions are whole (the symbolic witness's
# "on_demand"), shows J's entries as "not computed" up to this many: a click asks the service for one
MAX_ON_DEMAND_CELLS = 2500


class SideBySidePanel(QWidget):
    """``set_analysis(a)`` shows an analysis (its :class:`~desktop.view_model.AnalysisView`, or core's dict,
    read through :func:`~desktop.view_model.view_of`), or, for None, why there is none: the error that
    stopped the program, else the service's note, else a placeholder that says whether the first analysis
    is under way (:meth:`set_running`).  core's texts are shown in the UI's language
    (:func:`desktop.i18n.translate_text`)."""

    entryActivated = Signal(str, int, int)  # leaf, row (output element), column (leaf element) of J
    entryRequested = Signal(str, int, int)  # the same, for an entry "not computed": compute it (serve_entries)
    contentResized = Signal()               # the results were laid out again (a formula arrived, ...)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._analysis: AnalysisView | None = None
        self._blocks: dict[str, LeafBlock] = {}
        self._verdict_kind = "none"
        self._verdict_color_kind = "pending"
        self._error_label: QLabel | None = None
        self.note_label: QLabel | None = None       # why there is no analysis, when core said why
        self.placeholder_label: QLabel | None = None  # no analysis and no reason: none has been made yet
        self._running = False
        self._host = None                           # the service's host, once serve_entries is called
        self._entry_jobs: dict[int, tuple] = {}     # "entries" job id -> (leaf, row, column) of this analysis
        self._compact = False                       # presenter mode: the leaves right after the summary
        self.note_labels: list[QLabel] = []         # the analysis's notes, as shown
        self._scroll = QScrollArea(self)
        self._scroll.setWidgetResizable(True)
        self._scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.verdict_label = self._new_verdict_label()   # above the scrolling results, always in view
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(2)
        outer.addWidget(self.verdict_label)
        outer.addWidget(self._scroll, 1)
        self._scroll.viewport().installEventFilter(self)
        self.verdict_label.installEventFilter(self)
        self.set_analysis(None)

    # --- public -------------------------------------------------------------
    def set_analysis(self, a: AnalysisView | dict | None, note: str | None = None,
                     error: RunError | None = None) -> None:
        """Show ``a``; with no analysis, the run's ``error`` says why when it stopped the program,
        else ``note`` (core's reason, in English)."""
        a = self._analysis = view_of(a)
        self._entry_jobs = {}           # answers about the entries of the analysis shown before are not this one's
        for block in self._blocks.values():
            block.release()
        self._blocks = {}
        self._error_label = None
        self.pytorch_label = None
        self.spot_table = None
        self.note_label = None
        self.placeholder_label = None
        self.note_labels = []
        content = QWidget()
        layout = QVBoxLayout(content)
        layout.setSizeConstraint(QVBoxLayout.SizeConstraint.SetMinAndMaxSize)
        self.verdict_label.setVisible(a is not None)
        if a is None:
            self._verdict_kind = "none"
            self.verdict_label.clear()
            reason = self.no_analysis_reason(error, note)
            if reason:
                self.note_label = wrapping_label(self.tr("No analysis for this run: {note}").format(note=reason))
                layout.addWidget(self.note_label)
            else:
                self.placeholder_label = wrapping_label(self._placeholder_text())
                layout.addWidget(self.placeholder_label)
            layout.addStretch(1)
            self._install(content)
            return
        summary = self._summary(a)
        if not self._compact:
            layout.addWidget(summary)
        self._set_verdict(a)
        v_block = self._v_block(a)
        if v_block is not None and not self._compact:
            layout.addWidget(v_block)
        spot = self._spot_block(a)
        if spot is not None:
            layout.addWidget(spot)
        for leaf in a.leaves:
            if leaf.jacobian is None and not _grad_alone(leaf):
                continue
            block = LeafBlock(a, leaf, compact=self._compact)
            block.entryActivated.connect(lambda row, col, leaf=leaf.name: self.entryActivated.emit(leaf, row, col))
            self._blocks[leaf.name] = block
            layout.addWidget(block)
            if leaf.jacobian is None:
                self._offer_entries(a, leaf, block)
        if self._compact:               # after the leaves: J, vᵀJ and x.grad come first
            layout.addWidget(summary)
            if v_block is not None:
                layout.addWidget(v_block)
        layout.addWidget(self._details(a))
        layout.addStretch(1)
        self._install(content)

    # --- symbolic entries on demand ----------------------------------------------------------
    def serve_entries(self, host) -> None:
        """Compute the entries of J clicked while "not computed" with ``host``
        (:class:`desktop.worker.WorkerHost`): an "entries" job each, filled in when it is answered."""
        self._host = host
        self.entryRequested.connect(self._request_entry)
        host.worker.entriesReady.connect(self._entries_ready)

    def _offer_entries(self, a: AnalysisView, leaf: Leaf, block: LeafBlock) -> None:
        """J's entries as "not computed", to click one, where the symbolic J did not fit its budget but
        its expressions are whole (the symbolic witness's ``on_demand``) and J is small enough to show."""
        w = a.symbolic
        n_rows = product(a.output_shape)
        n_cols = product(block.leaf_shape)
        if a.stage != "complete" or w.state != "over_budget" or not w.on_demand \
                or not 0 < n_rows * n_cols <= MAX_ON_DEMAND_CELLS:
            return
        rows = list(a.output_labels)
        cols = list(leaf.labels)
        rows = rows if len(rows) == n_rows else [str(i + 1) for i in range(n_rows)]
        cols = cols if len(cols) == n_cols else [str(j + 1) for j in range(n_cols)]
        table = block.jacobian_table
        table.set_missing_text(self.tr("not computed"), self.tr(
            "Not computed: the symbolic Jacobian did not fit its budget. Click to compute this entry."))
        table.set_matrix([[None] * n_cols for _ in range(n_rows)], rows, cols,
                         [[f"∂{r}/∂{c}" for c in cols] for r in rows])
        table.setToolTip(self.tr("Click an entry to see its chain-rule paths; an entry not computed is computed "
                                 "symbolically when clicked."))
        table.missingActivated.connect(lambda row, col, leaf=leaf.name: self.entryRequested.emit(leaf, row, col))
        if len(a.output_labels) == n_rows:       # a row's header asks for the whole row, by its name
            header = table.verticalHeader()
            header.setSectionsClickable(True)
            header.setToolTip(self.tr("Click a row's name to compute the whole row symbolically."))
            header.sectionClicked.connect(lambda row, leaf=leaf.name, names=rows:
                                          self._request_row(leaf, row, names[row]))
        block.sym_values.setVisible(True)

    def _request_entry(self, leaf: str, row: int, col: int) -> None:
        block = self._blocks.get(leaf)
        if self._host is None or block is None:
            return
        from desktop.appearance import settings as app_settings
        from desktop.worker import Job
        block.jacobian_table.set_entry(row, col, None, self.tr("computing…"))
        job = self._host.submit(Job("entries", leaf=leaf, i=row, k=col, limits=app_settings.load_limits() or None))
        self._entry_jobs[job.id] = (leaf, row, col)

    def _request_row(self, leaf: str, row: int, name: str) -> None:
        """A row's header was clicked: its entries not computed yet, in one "entries" job
        (``out_2:W``, as :mod:`core.analysis.entries` reads an element's name)."""
        block = self._blocks.get(leaf)
        if self._host is None or block is None:
            return
        table = block.jacobian_table
        missing = [c for c in range(table.columnCount()) if table.is_missing(row, c)]
        if not missing:
            return
        from desktop.appearance import settings as app_settings
        from desktop.worker import Job
        for c in missing:
            table.set_entry(row, c, None, self.tr("computing…"))
        job = self._host.submit(Job("entries", entries=f"{name}:{leaf}", limits=app_settings.load_limits() or None))
        self._entry_jobs[job.id] = (leaf, row, None)

    def _entries_ready(self, job_id: int, result) -> None:
        asked = self._entry_jobs.pop(job_id, None)
        if asked is None or not isinstance(result, dict):
            return
        answer = EntriesAnswer.from_json(result)
        leaf, row, col = asked
        if answer.error:
            table = self._blocks[leaf].jacobian_table
            for c in (range(table.columnCount()) if col is None else [col]):
                if table.is_missing(row, c):
                    table.set_entry(row, c, None)
                    table.item(row, c).setToolTip(translate_text(answer.error))
            return
        for e in answer.entries:
            block = self._blocks.get(e.leaf)
            if block is None:
                continue
            if e.computed:
                block.jacobian_table.set_entry(e.row, e.column, e.value)
            else:
                block.jacobian_table.set_entry(e.row, e.column, None, self.tr("over budget"))
                block.jacobian_table.item(e.row, e.column).setToolTip(translate_text(answer.note or ""))

    def entry_table(self, leaf: str) -> MatrixTable | None:
        """The table of J's entries of ``leaf`` when it is shown (computed, or "not computed" to click)."""
        block = self._blocks.get(leaf)
        return None if block is None or block.sym_values.isHidden() else block.jacobian_table

    def set_symbolic_state(self, a: AnalysisView | dict) -> None:
        """``a`` is the analysis shown with its symbolic witness's state changed (a numeric stage's,
        cancelled or failed: :meth:`desktop.state.AppState.symbolic_stopped`): the verdict and the
        placeholders where J would be say so, in place (nothing is laid out again)."""
        a = self._analysis = view_of(a)
        self._set_verdict(a)
        for block in self._blocks.values():
            block.set_symbolic_state(a)

    def set_compact(self, compact: bool) -> None:
        """Compact (presenter mode): J, vᵀJ and x.grad right under the verdict, the summary (output
        and v) and v's table after them; shown at the next :meth:`set_analysis`."""
        self._compact = bool(compact)

    def first_leaf_height(self) -> int:
        """The height the verdict and the results down to the end of the first leaf's J, vᵀJ and
        x.grad take as laid out now (0 without a leaf): what presenter mode keeps in view."""
        if not self._blocks:
            return 0
        block = next(iter(self._blocks.values()))
        content = self._scroll.widget()
        content.layout().activate()
        tables = [t for t in (block.jacobian_table, block.vjp_table, block.backward_table)
                  if t is not None and t.isVisibleTo(block)] or [block]
        last = max(t.mapTo(content, t.rect().bottomLeft()).y() for t in tables)
        verdict = self.verdict_label.heightForWidth(self.width()) if self.verdict_label.isVisible() else 0
        return verdict + self.layout().spacing() + last + 12

    def set_running(self, running: bool) -> None:
        """An analysis is under way (or not): said in place of "No analysis yet"."""
        self._running = running
        if self.placeholder_label is not None:
            self.placeholder_label.setText(self._placeholder_text())

    def _placeholder_text(self) -> str:
        if self._running:
            return self.tr("Analysing the program: its Jacobian J, vᵀJ and the engine's backward will appear here "
                           "side by side.")
        return self.tr("No analysis yet. Run a program: its Jacobian J, vᵀJ and the engine's backward "
                       "appear here side by side.")

    def no_analysis_reason(self, error: RunError | None, note: str | None) -> str:
        """Why a run has no analysis, in the UI's language ("" when nothing says why): the error
        that stopped the program (core's note then only says what is missing, e.g. that nothing
        was differentiated, because the program never got there), else core's note."""
        kind, line, name = (error.kind, error.line, error.type) if error is not None else (None, None, "")
        if kind == "rejected":
            if line:
                return self.tr("the program was not run: {type} at line {line}. There is nothing to analyse "
                               "until it runs.").format(type=name, line=line)
            return self.tr("the program was not run: {type}. There is nothing to analyse until it runs.").format(
                type=name)
        if kind in ("raised", "limit"):
            if line:
                return self.tr("the program stopped with an error at line {line} ({type}). There is nothing to "
                               "analyse until it runs.").format(type=name, line=line)
            return self.tr("the program stopped with an error ({type}). There is nothing to analyse until it "
                           "runs.").format(type=name)
        return translate_text(note) if note else ""

    def analysis(self) -> AnalysisView | None:
        return self._analysis

    def leaves(self) -> list[str]:
        return list(self._blocks)

    def jacobian_values(self, leaf: str) -> list[list[float]]:
        """J as displayed: one row per output element, one column per leaf element."""
        return self._blocks[leaf].jacobian_table.values()

    def vjp_values(self, leaf: str) -> list[list[float]] | None:
        """vᵀJ as displayed (the leaf's grid: 1 row for 0/1-dim leaves), None when not shown."""
        table = self._blocks[leaf].vjp_table
        return None if table is None else table.values()

    def backward_values(self, leaf: str) -> list[list[float]] | None:
        """``leaf.grad`` from the engine as displayed, None when not shown."""
        table = self._blocks[leaf].backward_table
        return None if table is None else table.values()

    def verdict_text(self) -> str:
        return self.verdict_label.text()

    def verdict(self) -> str:
        """"agree", "disagree", "agree-numeric", "disagree-numeric", "no-witness", "no-v", "engine-error"
        or "none" (no analysis)."""
        return self._verdict_kind

    def block(self, leaf: str) -> LeafBlock:
        return self._blocks[leaf]

    def math_label(self, leaf: str) -> MathLabel | None:
        return self._blocks[leaf].math

    def jacobian_table(self, leaf: str) -> MatrixTable:
        return self._blocks[leaf].jacobian_table

    # --- parts --------------------------------------------------------------
    def _summary(self, a: AnalysisView) -> QLabel:
        shape = a.output_shape
        source = a.grad_tensor_source
        out = translate_text(a.output) or "out"    # "the tensor differentiated on line 4" is core's
        if source == "program":
            v_text = self.tr("v is the gradient the program passes to backward().")
        elif source == "option":
            v_text = self.tr("v is the one chosen in the v editor.")
        elif source == "implicit_ones":
            v_text = self.tr("v = 1, implicitly: {output} has one element, so backward() needs no argument.").format(
                output=out)
        else:
            v_text = self.tr("There is no v yet.")
        line = a.line
        if line:
            text = self.tr("Output {output}, shape {shape}, differentiated on line {line}. {v}")
        else:
            text = self.tr("Output {output}, shape {shape}. {v}")
        return wrapping_label(text.format(output=out, shape=shape_text(shape), line=line, v=v_text))

    def _v_block(self, a: AnalysisView) -> QWidget | None:
        v = a.grad_tensor
        if v is None:
            return None
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(small(wrapping_label(self.tr(
            "v, flattened: one weight per row of J (vᵀJ adds up the rows of J with these weights):"))))
        flat = flatten(v)
        names = list(a.output_labels)
        if len(names) != len(flat):
            names = [str(i + 1) for i in range(len(flat))]
        self.v_table = MatrixTable()
        self.v_table.set_matrix([flat], [""], names, [names])
        layout.addWidget(self.v_table)
        return box

    def _new_verdict_label(self) -> QLabel:
        label = wrapping_label()
        label.setObjectName("verdict")
        label.setMargin(8)
        label.setAutoFillBackground(True)
        font = QFont(label.font())
        font.setBold(True)
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * 1.1)
        label.setFont(font)
        return label

    def _set_verdict(self, a: AnalysisView) -> None:
        diff = format_number(a.max_abs_diff, 3)
        error = a.engine_error
        if error is not None:
            kind, self._verdict_kind = "disagree", "engine-error"
            text = self.tr("✗ No comparison: the engine's backward raised {type}: {message}").format(
                type=error.type, message=error.message)
        elif a.verdict_basis == "none":
            kind, self._verdict_kind = "pending", "no-witness"
            if witnesses.symbolic_state(a) in ("pending", "cancelled", "failed"):
                text = self.tr("No numeric verdict: no numeric witness could run (see the notes).")
            else:
                text = self.tr("No verdict: the symbolic Jacobian did not fit its budget and no numeric witness "
                               "could run (see the notes).")
            text = _lines(text, witnesses.symbolic_status_text(a))
        elif a.verdict_basis == "numeric":
            on = witnesses.rests_on_text(a)
            if a.match:
                kind, self._verdict_kind = "agree", "agree-numeric"
                text = (self.tr("✓ Agree, numerically: the engine's backward agrees with {witnesses}. Largest "
                                "difference: {diff}") if on else
                        self.tr("✓ Agree, numerically. Largest difference: {diff}")).format(witnesses=on, diff=diff)
            else:
                kind, self._verdict_kind = "disagree", "disagree-numeric"
                text = (self.tr("✗ Disagree: the engine's backward differs from {witnesses}. Largest difference: "
                                "{diff}") if on else
                        self.tr("✗ Disagree, numerically. Largest difference: {diff}")).format(witnesses=on, diff=diff)
            text = _lines(text, witnesses.symbolic_status_text(a), witnesses.other_over_budget_text(a))
        elif not a.has_vjp or not a.has_backward:
            kind, self._verdict_kind = "pending", "no-v"
            text = self.tr("No verdict yet: {output} is not a scalar, so backward() needs v. Choose v to compare "
                           "vᵀJ with the engine's backward.").format(output=translate_text(a.output) or "out")
        elif a.match:
            kind, self._verdict_kind = "agree", "agree"
            text = self.tr("✓ Agree: vᵀJ from the symbolic Jacobian equals the engine's backward, entry by entry. "
                           "Largest difference: {diff}").format(diff=diff)
        else:
            kind, self._verdict_kind = "disagree", "disagree"
            text = self.tr("✗ Disagree: vᵀJ from the symbolic Jacobian and the engine's backward differ. "
                           "Largest difference: {diff}").format(diff=diff)
        self.verdict_label.setText(text)
        self._verdict_color_kind = kind
        self._color_verdict()
        self._fit_verdict()

    def _color_verdict(self) -> None:
        fg, bg = status_colors(self._verdict_color_kind, self.palette())
        palette = self.verdict_label.palette()
        palette.setColor(QPalette.ColorRole.WindowText, fg)
        palette.setColor(QPalette.ColorRole.Window, bg)
        self.verdict_label.setPalette(palette)
        if self._error_label is not None:
            palette = self._error_label.palette()
            palette.setColor(QPalette.ColorRole.WindowText, status_colors("disagree", self.palette())[0])
            self._error_label.setPalette(palette)

    def _spot_block(self, a: AnalysisView) -> QWidget | None:
        """For leaves without a J (too large for symbols): each leaf's shape and the entries of its
        gradient checked by float64 differences, the engine's number beside the difference's."""
        missing = [leaf for leaf in a.leaves if leaf.jacobian is None]
        if not missing or not a.spot_ran:
            return None
        rows, names = [], []
        missing_names = {leaf.name for leaf in missing}
        for e in a.spot_entries:
            if e.leaf in missing_names:
                names.append("{}[{}]".format(e.leaf, ", ".join(str(i) for i in e.index)))
                rows.append([e.backward, e.difference])
        self.spot_table = MatrixTable()
        self.spot_table.set_matrix(rows, names, [self.tr("engine's x.grad"), self.tr("float64 difference")])
        shapes = ", ".join("{} {}".format(leaf.name, shape_text(leaf.shape)) for leaf in missing)
        budget = a.symbolic.budget
        if budget is not None and budget.resource == "elements":
            title = self.tr("Leaves too large for symbols ({leaves}): entries of their gradients, the engine's "
                            "beside float64 central differences of the program")
        else:
            title = self.tr("Checked entries of the gradients ({leaves}): the engine's beside float64 central "
                            "differences of the program")
        return titled(title.format(leaves=shapes), self.spot_table, bold=True)

    def _details(self, a: AnalysisView) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        diffs = a.differences
        if diffs is not None:
            if diffs.match:
                text = self.tr("Third witness: float64 central differences of the program agree with J "
                               "(largest difference {diff}).")
            else:
                text = self.tr("Third witness: float64 central differences of the program differ from J "
                               "(largest difference {diff}).")
            layout.addWidget(small(wrapping_label(text.format(diff=format_number(diffs.max_abs_diff, 3)))))
        witness = a.pytorch
        if witness is not None:
            match = witness.match
            if match is True:
                text = self.tr("Fourth witness: real PyTorch {version}, replaying the same forward, gives the "
                               "same gradients (largest difference {diff}).")
            elif match is False:
                text = self.tr("Fourth witness: real PyTorch {version} gives different results (see the notes).")
            else:
                text = self.tr("Fourth witness: real PyTorch {version} was not compared (see the notes).")
            self.pytorch_label = small(wrapping_label(text.format(
                version=witness.version, diff=format_number(witness.max_abs_diff, 3))))
            layout.addWidget(self.pytorch_label)
        error = a.engine_error
        if error is not None:
            self._error_label = small(wrapping_label(self.tr("Engine error: {type}: {message}").format(
                type=error.type, message=error.message)))
            layout.addWidget(self._error_label)
            self._color_verdict()
        if a.notes:
            layout.addWidget(small(wrapping_label(self.tr("Notes:"))))
            for note in a.notes:
                label = small(wrapping_label("• " + translate_text(note)))
                self.note_labels.append(label)
                layout.addWidget(label)
        return box

    def _install(self, content: QWidget) -> None:
        old = self._scroll.takeWidget()
        self._scroll.setWidget(content)
        content.installEventFilter(self)
        if old is not None:
            old.deleteLater()
        self._fit_blocks()

    def _fit_blocks(self) -> None:
        width = self._scroll.viewport().width()
        for block in self._blocks.values():
            block.arrange(width >= block.wide_width())

    def eventFilter(self, obj, event) -> bool:
        if obj is self.verdict_label and event.type() in (event.Type.Resize, event.Type.FontChange):
            self._fit_verdict()
        # the viewport's own resize: the panel's comes before the scroll area lays out its viewport
        elif obj is self._scroll.viewport() and event.type() == event.Type.Resize:
            self._fit_blocks()
        elif obj is self._scroll.widget() and event.type() == event.Type.Resize:
            self.contentResized.emit()
        return super().eventFilter(obj, event)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == event.Type.PaletteChange:
            self._color_verdict()

    def _fit_verdict(self) -> None:
        """The verdict keeps every line it needs at its width; the results below scroll in what is left
        (in a short pane the layout squeezed the verdict instead, and cut its last line)."""
        keep_lines(self.verdict_label, self.verdict_label.width())


def _grad_alone(leaf: Leaf) -> bool:
    """``leaf`` has no J but a small enough x.grad to show in a block of its own."""
    return leaf.backward is not None and product(leaf.shape) <= MAX_GRAD_ALONE


def _lines(*parts: str) -> str:
    return "\n".join(part for part in parts if part)
