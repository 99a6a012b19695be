"""One leaf's part of the side-by-side panel: J, vᵀJ and ``x.grad``."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from desktop.results import witnesses
from desktop.results.colors import status_colors
from desktop.results.labels import IDENTIFIER, small, titled, wrapping_label
from desktop.results.math_view import MathLabel
from desktop.results.matrix_table import MatrixTable
from desktop.results.values import (as_grid, as_rows, format_number, grid_labels, grid_shape, marked_cells,
                                    product, shape_text)
from desktop.view_model import AnalysisView, Leaf, SecondOrder

TOP = Qt.AlignmentFlag.AlignTop
LEFT_TOP = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop


def _scaled_bold(widget: QWidget, factor: float) -> QWidget:
    font = QFont(widget.font())
    font.setBold(True)
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * factor)
    widget.setFont(font)
    return widget


class LeafBlock(QWidget):
    """J, vᵀJ and x.grad for ``leaf`` of the analysis ``a`` (:class:`~desktop.view_model.AnalysisView`).

    Wide: the symbolic side on the left, the engine's side on the right, and
    the values of vᵀJ on the same row as those of x.grad, with "=" or "≠"
    between them.  Narrow: one column, symbolic first.  Narrow and ``compact``
    (presenter mode): J in one column, then vᵀJ "=" x.grad on one row, without the
    two sides' titles and the engine's explanation (its caption's tooltip), so that
    J, vᵀJ and x.grad leave the graph room on a 1024x768 projector.
    """

    entryActivated = Signal(int, int)  # a click on J[row, col]

    def __init__(self, a: AnalysisView, leaf: Leaf, parent: QWidget | None = None, *, compact: bool = False):
        super().__init__(parent)
        self.compact = compact
        self.leaf = leaf.name
        self.leaf_shape = leaf.shape
        self.has_jacobian = leaf.jacobian is not None
        self._out_name = a.output or "out"
        self._leaf_labels = list(leaf.labels)
        self._arrangement = None

        self.heading = _scaled_bold(wrapping_label(self.tr("Leaf {leaf}, shape {shape}").format(
            leaf=leaf.name, shape=shape_text(self.leaf_shape))), 1.1)
        self._build_symbolic(a, leaf)
        self._build_backward(a, leaf)
        self._build_relation(leaf)
        self.second = self._second_order(leaf.second_order) if leaf.second_order is not None else None

        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(12)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 6, 0, 6)
        outer.addWidget(self.heading)
        outer.addLayout(self.grid)
        for extra in (self.difference_note, self.second):
            if extra is not None:
                outer.addWidget(extra)
        self.arrange(True)

    # --- the pieces ---------------------------------------------------------
    def _build_symbolic(self, a: AnalysisView, view: Leaf) -> None:
        """J typeset, J at the values, vᵀJ."""
        leaf, out_name, jac, out_labels = self.leaf, self._out_name, view.jacobian, list(a.output_labels)
        self.sym_title = titled(self.tr("Symbolic: J and vᵀJ"), bold=True)
        if IDENTIFIER.match(out_name):
            caption = self.tr("J = ∂ vec({output}) / ∂ vec({leaf}): one row per element of {output}, one column "
                              "per element of {leaf}. Symbolically:").format(output=out_name, leaf=leaf)
        else:
            caption = self.tr("J = ∂ vec(output) / ∂ vec({leaf}), for {output}. Symbolically:").format(
                output=out_name, leaf=leaf)
        self.math = MathLabel(view.jacobian_latex) if view.jacobian_latex else None
        self.symbolic_placeholder = None     # what stands in J's place when there is no J for this leaf
        if jac is None:
            self.symbolic_placeholder = wrapping_label(witnesses.leaf_placeholder_text(a))
            self.symbolic_placeholder.setObjectName("symbolic-placeholder")
            font = QFont(self.symbolic_placeholder.font())
            font.setItalic(True)
            self.symbolic_placeholder.setFont(font)
            self.sym_math = titled(caption, self.symbolic_placeholder)
        else:
            self.sym_math = titled(caption, self.math if self.math is not None else wrapping_label(
                self.tr("(too large to typeset; the values follow)")))

        self.jacobian_table = MatrixTable()
        if jac is not None:
            rows = as_rows(jac, product(a.output_shape))
            n_cols = len(rows[0]) if rows else 0
            row_names = out_labels if len(out_labels) == len(rows) else [str(i + 1) for i in range(len(rows))]
            col_names = (self._leaf_labels if len(self._leaf_labels) == n_cols
                         else [str(j + 1) for j in range(n_cols)])
            cells = [[f"∂{r}/∂{c}" for c in col_names] for r in row_names]
            self.jacobian_table.set_matrix(rows, row_names, col_names, cells)
        self.jacobian_table.entryActivated.connect(self.entryActivated)
        self.jacobian_table.setToolTip(self.tr("Click an entry to see the chain-rule paths that add up to it."))
        self.sym_values = titled(self.tr("J at the program's values:"), self.jacobian_table)
        if jac is None:     # (never setVisible(True) here: a widget without a parent yet would open as a window)
            self.sym_values.hide()

        # captions and values sit in separate grid rows, so vᵀJ and x.grad line up
        self.vjp_table = self._leaf_table(view.vjp) if view.vjp is not None else None
        if self.vjp_table is not None:
            self.sym_vjp_caption = small(wrapping_label(self.tr("vᵀJ, arranged like {leaf}:").format(leaf=leaf)))
            self.sym_vjp = self.vjp_table
        else:
            self.sym_vjp_caption = small(wrapping_label(self.tr("vᵀJ:")))
            if jac is None and a.has_v:
                self.sym_vjp = wrapping_label(self.tr("comes with J") if witnesses.symbolic_state(a) == "pending"
                                              else self.tr("none without J"))
            else:
                self.sym_vjp = wrapping_label(self.tr("none without v"))

    def _build_backward(self, a: AnalysisView, view: Leaf) -> None:
        """x.grad from the engine's reverse pass, or why there is none."""
        leaf, out_name = self.leaf, self._out_name
        self.bw_title = titled(self.tr("Backward: {leaf}.grad").format(leaf=leaf), bold=True)
        self.backward_table = self._leaf_table(view.backward) if view.backward is not None else None
        if self.backward_table is not None:
            explanation = self.tr("The engine's own reverse pass, node by node, as PyTorch runs it: it never "
                                  "builds J.")
            values_caption = self.tr("{leaf}.grad after {output}.backward(v):").format(
                leaf=leaf, output=out_name if IDENTIFIER.match(out_name) else self.tr("output"))
            self.bw_values = self.backward_table
        else:
            if a.engine_error is not None:
                explanation = self.tr("The engine's backward raised an error, as PyTorch's does; there is no "
                                      "{leaf}.grad to compare.").format(leaf=leaf)
            elif not a.has_v:
                explanation = self.tr(
                    "No v: for an output with more than one element PyTorch's backward() stops with \u201cgrad can "
                    "be implicitly created only for scalar outputs\u201d. Choose v (for example all ones) to see "
                    "vᵀJ and {leaf}.grad.").format(leaf=leaf)
            else:
                explanation = ""
            values_caption = self.tr("{leaf}.grad:").format(leaf=leaf)
            self.bw_values = wrapping_label(self.tr("none"))
        self.bw_caption = small(wrapping_label(explanation))
        self.bw_values_caption = small(wrapping_label(values_caption))
        self.bw_values_caption.setToolTip(explanation)   # the explanation, where compact leaves it out

    def _build_relation(self, view: Leaf) -> None:
        """"=" or "≠" between vᵀJ and x.grad, and the differing entries marked on both."""
        self.differing = 0
        self._has_relation = self.vjp_table is not None and self.backward_table is not None
        if self._has_relation:
            # the entries the verdict's own rule found to disagree, as core marked them
            cells = marked_cells(view.mismatch, self.leaf_shape)
            self.vjp_table.set_highlighted(cells)
            self.backward_table.set_highlighted(cells)
            self.differing = len(cells) if view.mismatch is None else view.mismatch.count
        self.relation = _scaled_bold(QLabel("=" if self.differing == 0 else "≠"), 2.0)
        self.relation.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.relation.setToolTip(self.tr("vᵀJ and {leaf}.grad, entry by entry").format(leaf=self.leaf))
        self._relation_kind = "agree" if self.differing == 0 else "disagree"
        self._color_relation()
        self.separator = QFrame()
        self.separator.setFrameShape(QFrame.Shape.VLine)
        self.separator.setFrameShadow(QFrame.Shadow.Sunken)
        self.difference_note = None
        if self.differing == 1:
            text = self.tr("1 entry of vᵀJ and {leaf}.grad differs (marked).")
        else:
            text = self.tr("{n} entries of vᵀJ and {leaf}.grad differ (marked).")
        if self.differing:
            self.difference_note = wrapping_label(text.format(n=self.differing, leaf=self.leaf))

    def _second_order(self, second: SecondOrder) -> QWidget:
        """d²(v·out)/dx², symbolic beside the engine's, when the program used create_graph."""
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        if second.match:
            text = self.tr("Second derivatives (the program uses create_graph=True): d²(v·output)/d{leaf}², "
                           "symbolic and from the engine's backward of its backward, agree (largest difference "
                           "{diff}).")
        else:
            text = self.tr("Second derivatives (the program uses create_graph=True): d²(v·output)/d{leaf}², "
                           "symbolic and from the engine's backward of its backward, differ (largest difference "
                           "{diff}).")
        layout.addWidget(small(wrapping_label(text.format(
            leaf=self.leaf, diff=format_number(second.max_abs_diff or 0, 3)))))
        pair = QHBoxLayout()
        n = product(self.leaf_shape)
        names = self._leaf_labels if len(self._leaf_labels) == n else [str(i + 1) for i in range(n)]
        self.second_tables = {}
        for key, value, title in (("symbolic", second.symbolic, self.tr("symbolic")),
                                  ("engine", second.engine, self.tr("engine"))):
            table = MatrixTable()
            table.set_matrix(as_rows(value, n), names, names)
            self.second_tables[key] = table
            pair.addWidget(titled(title, table), 0, TOP)
        pair.addStretch(1)
        layout.addLayout(pair)
        return box

    def _leaf_table(self, value) -> MatrixTable:
        """``value`` (shaped like the leaf) as a table laid out like the leaf."""
        table = MatrixTable()
        rows, cols = grid_labels(self._leaf_labels, self.leaf_shape)
        names = (as_rows(self._leaf_labels, grid_shape(self.leaf_shape)[0])
                 if len(self._leaf_labels) == product(self.leaf_shape) else None)
        table.set_matrix(as_grid(value, self.leaf_shape), rows, cols, names)
        return table

    def set_symbolic_state(self, a: AnalysisView) -> None:
        """The placeholders where J and vᵀJ would be, for ``a``'s symbolic state (no J here)."""
        if self.symbolic_placeholder is not None:
            self.symbolic_placeholder.setText(witnesses.leaf_placeholder_text(a))
            if self.vjp_table is None and a.has_v and isinstance(self.sym_vjp, QLabel):
                self.sym_vjp.setText(self.tr("comes with J") if witnesses.symbolic_state(a) == "pending"
                                     else self.tr("none without J"))

    # --- layout -------------------------------------------------------------
    def arrange(self, wide: bool) -> None:
        """Lay the pieces out in two columns (``wide``) or one (compact: vᵀJ and x.grad on one row)."""
        arrangement = "wide" if wide else "compact" if self.compact else "narrow"
        if arrangement == self._arrangement:
            return
        self._arrangement = arrangement
        for widget in self._pieces():
            # removeWidget deletes the layout item; a leaked one (takeAt) keeps the
            # widget's size cache tied to it, and the grid never sees its updates
            self.grid.removeWidget(widget)
        for column in range(4):
            self.grid.setColumnStretch(column, 0)
            self.grid.setColumnMinimumWidth(column, 0)
        left_out = ()
        if wide:
            placements = [(self.sym_title, 0, 0, TOP), (self.sym_math, 1, 0, TOP), (self.sym_values, 2, 0, TOP),
                          (self.sym_vjp_caption, 3, 0, Qt.AlignmentFlag.AlignBottom), (self.sym_vjp, 4, 0, LEFT_TOP),
                          (self.relation, 4, 1, Qt.AlignmentFlag.AlignCenter),
                          (self.bw_title, 0, 2, TOP), (self.bw_caption, 1, 2, TOP),
                          (self.bw_values_caption, 3, 2, Qt.AlignmentFlag.AlignBottom), (self.bw_values, 4, 2, LEFT_TOP)]
            for widget, row, column, align in placements:
                self.grid.addWidget(widget, row, column, align)
            self.grid.addWidget(self.separator, 0, 1, 3, 1)
            self.grid.setColumnStretch(3, 1)
            # room for the captions to wrap in a few lines, not one word per line
            self.grid.setColumnMinimumWidth(0, self._caption_width())
            self.grid.setColumnMinimumWidth(2, self._caption_width())
        elif self.compact:
            left_out = (self.sym_title, self.bw_title, self.bw_caption)
            # J spans the empty column 3 too, which takes the room a wide J (or the pane) leaves: x.grad
            # stays next to vᵀJ, in view, and never goes off to the right beyond a wide formula
            self.grid.addWidget(self.sym_math, 0, 0, 1, 4, TOP)
            self.grid.addWidget(self.sym_values, 1, 0, 1, 4, TOP)
            self.grid.addWidget(self.sym_vjp_caption, 2, 0, Qt.AlignmentFlag.AlignBottom)
            self.grid.addWidget(self.bw_values_caption, 2, 2, Qt.AlignmentFlag.AlignBottom)
            self.grid.addWidget(self.sym_vjp, 3, 0, LEFT_TOP)
            self.grid.addWidget(self.relation, 3, 1, Qt.AlignmentFlag.AlignCenter)
            self.grid.addWidget(self.bw_values, 3, 2, LEFT_TOP)
            self.grid.setColumnStretch(3, 1)
            for column, caption in ((0, self.sym_vjp_caption), (2, self.bw_values_caption)):
                # a caption on one line where it can be (a wrapping label's hint is narrower than its text)
                one_line = caption.fontMetrics().horizontalAdvance(caption.text()) + 4
                self.grid.setColumnMinimumWidth(column, min(one_line, self._caption_width() // 2))
        else:
            order = (self.sym_title, self.sym_math, self.sym_values, self.sym_vjp_caption, self.sym_vjp,
                     self.bw_title, self.bw_caption, self.bw_values_caption, self.bw_values)
            for row, widget in enumerate(order):
                self.grid.addWidget(widget, row, 0, LEFT_TOP if widget in (self.sym_vjp, self.bw_values) else TOP)
            self.grid.setColumnStretch(0, 1)
        for widget in (self.sym_title, self.bw_title, self.bw_caption):
            widget.setVisible(widget not in left_out)
        self.separator.setVisible(wide)
        self.relation.setVisible(arrangement != "narrow" and self._has_relation)

    def wide_width(self) -> int:
        """The width two columns need."""
        caption = self._caption_width()
        left = max([caption, self.jacobian_table.sizeHint().width()]
                   + [w.sizeHint().width() for w in (self.math, self.vjp_table) if w is not None])
        right = max([caption] + ([self.backward_table.sizeHint().width()] if self.backward_table is not None else []))
        return left + right + self.relation.sizeHint().width() + 3 * self.grid.horizontalSpacing() + 24

    def _pieces(self) -> list[QWidget]:
        return [self.sym_title, self.sym_math, self.sym_values, self.sym_vjp_caption, self.sym_vjp, self.separator,
                self.relation, self.bw_title, self.bw_caption, self.bw_values_caption, self.bw_values]

    def _caption_width(self) -> int:
        return self.fontMetrics().horizontalAdvance("x") * 48

    # --- colours and clean-up -----------------------------------------------
    def _color_relation(self) -> None:
        fg, _ = status_colors(self._relation_kind, self.palette())
        palette = self.relation.palette()
        palette.setColor(QPalette.ColorRole.WindowText, fg)
        self.relation.setPalette(palette)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == event.Type.PaletteChange:
            self._color_relation()

    def release(self) -> None:
        """Cancel the formula still being typeset, if any."""
        if self.math is not None:
            self.math.clear()
