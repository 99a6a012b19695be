"""The local derivative of a backward node, derived from the op's symbolic forward.

The step inspector, the HTML report and the JSON trace show, for each node, the
local derivative of its op.  It is never written by hand: this module calls the
op's symbolic rule (:func:`core.symbolic.forward.symbolic_rule`, the same rule
the symbolic Jacobian uses) on fresh symbols, differentiates with symengine and
prints LaTeX with sympy.  So the formula shown cannot disagree with the rule,
and a test checks the rule against the engine's vjp.

What is derived depends on what the op's output element depends on:

- **Elementwise ops** (``sin``, ``mul``, ``pow``, ``clamp``, ``where``...): the
  inputs are scalar symbols ``a, b, c`` (PyTorch's ``self, other...`` in that
  order).  Piecewise rules pick their branch from the numbers, so the rule is
  evaluated at generated points along ``a``: below, at and above each
  threshold, the thresholds being 0 and the op's numeric parameters for a
  unary op (``relu``, ``clamp(min=-1, max=1)``), and the other inputs (``b``,
  then ``c``, taken in that order) otherwise.  A boolean parameter (``where``'s
  condition) is a case of its own, ``c`` and ``\\lnot c``.  Neighbouring points
  with the same derivative are merged, and each remaining piece is printed with
  the condition read from its points (``1`` if ``a < b``, ``1/2`` if ``a = b``,
  ``0`` if ``a > b`` for ``minimum``).  One piece everywhere: a smooth op, shown
  with its general formula (``\\frac{\\partial \\sin(a)}{\\partial a} = \\cos(a)``).
- **Ops that mix elements** (reductions, softmax, matmul, losses): the inputs
  are arrays of element symbols ``a_{11}, a_{12}...`` of the node's own shapes
  when they are small, else of a small shape with the same number of
  dimensions (and a sentence says so).  Shown: the first output element ``y``
  written out, and its derivative with respect to the first input element it
  depends on (and the next one, when that derivative is not the same formula
  with the two elements swapped: softmax's cross term, matmul's columns).
  Piecewise ones (``max``, ``amin``...) are shown on two elements, with the
  conditions of the tie and of either winning.
- **Ops that only move elements** (views, indexing, ``cat``...: the rule's
  output elements are input elements), ``CopySlices``, ``AsStridedBackward0``
  and ``AccumulateGrad`` carry a sentence instead: an English template marked
  with ``_T`` that the desktop translates.

Results are cached by op, parameters, input shapes and which inputs receive a
gradient, since the trace asks once per step.  The LaTeX goes through sympy's
printer (symengine's own ``_sympy_()`` conversion: these are our expressions,
never text from a program).
"""
from __future__ import annotations

import inspect
import itertools
import math
from dataclasses import dataclass, field

import numpy as np
import symengine as se
import sympy  # the LaTeX printer only: symengine's own conversion (_sympy_), never text parsing

from core.symbolic.forward import STRUCTURAL, symbolic_forward, symbolic_rule
from core.symbolic.numbers import const
from core.torch.autograd.function import CustomBackward
from core.translatable import _T

LETTERS = "abcdefgh"
# Inputs with at most this many elements in all are written out with the node's own shapes.
SMALL_ELEMENTS = 12
# Above this many elements the node's shapes are not even probed (a view of a big tensor gets the plain sentence).
PROBE_ELEMENTS = 4096
# The first output element written out only while its LaTeX stays readable.
MAX_FORWARD_CHARS = 160
# A derivative longer than this is not a formula a student reads: the sentence says so instead.
MAX_DERIVATIVE_CHARS = 400
# Suffixes of the registry's names for variants of one PyTorch function (max_all, sum_dim, pow_tensor...).
_VARIANT_SUFFIXES = ("_all", "_dim", "_dims", "_tensor", "_copy")


@dataclass(frozen=True)
class Piece:
    """One branch of a derivative: ``value`` where ``condition`` (LaTeX; None: everywhere)."""

    value: object                     # a symengine expression in the symbols shown
    condition: str | None = None


@dataclass(frozen=True)
class Partial:
    """The derivative of the output (element) ``of`` with respect to the symbol ``wrt``."""

    of: str                           # LaTeX of what is differentiated (an expression, f(a, b), y_{1})
    wrt: object                       # the symengine symbol
    pieces: tuple                     # of Piece


@dataclass
class Local:
    """What a node's step shows as its local derivative: a formula and/or sentences."""

    latex: str | None = None
    notes: list = field(default_factory=list)     # English sentences (``_T`` templates, filled)
    partials: tuple = ()                           # what the formula was printed from (tests evaluate it)
    symbols: tuple = ()                            # the input symbols, in the op's input order
    element: int = 0                               # the output element (flat) the partials are of


_CACHE: dict = {}


# -- the public entry points ---------------------------------------------------------------------

def node_local(fn) -> Local:
    """The local derivative of the backward node ``fn`` (any node the engine runs)."""
    kind = type(fn).__name__
    if kind == "AccumulateGrad":
        return Local(notes=[_T("AccumulateGrad adds the arriving gradient g into the leaf's .grad: "
                               ".grad += g (the first gradient is stored as it is).")])
    if kind == "CopySlices":
        inner = fn.fn
        local = node_local(inner)
        note = _T("CopySlices: the gradient of the region written in place goes through {inner}, the backward "
                  "of the in-place op; the rest of the gradient goes to the base tensor as it was.").format(
            inner=type(inner).__name__)
        return Local(local.latex, [note] + local.notes, local.partials, local.symbols, local.element)
    if kind == "AsStridedBackward0":
        return Local(notes=[_T("AsStridedBackward0: the view's gradient is placed in its region of a zero "
                               "gradient for the base tensor.")])
    if isinstance(fn, CustomBackward):
        return Local(notes=[_T("Custom autograd.Function: it sends what the program's backward computes; "
                               "below, what its forward implies.")])
    op = getattr(fn, "op", None)
    if op is None:
        return Local()
    meta = getattr(fn, "_in_meta", None) or ()
    shapes = tuple(None if m is None else tuple(m[0]) for m in meta)
    wants = tuple(nxt is not None for nxt, _ in fn.next_functions)
    local = derive(op, dict(getattr(fn, "params", None) or {}), shapes, wants, grad_fn=kind)
    if op.backward_note is not None:    # the formula is the derivative; this node sends something else
        return Local(local.latex, [op.backward_note] + local.notes, local.partials, local.symbols, local.element)
    return local


def local_derivative(op, params: dict | None = None, shapes: tuple | None = None, wants: tuple | None = None) -> \
        str | None:
    """The LaTeX of ``op``'s local derivative (None when the op carries a sentence instead)."""
    return derive(op, params or {}, shapes, wants).latex


def derive(op, params: dict, shapes: tuple | None = None, wants: tuple | None = None,
           grad_fn: str | None = None) -> Local:
    """The derivation for ``op`` with ``params``; ``shapes[i]`` is input i's shape (None: a Python
    number), ``wants[i]`` whether input i receives a gradient.  Cached."""
    if shapes is None:
        shapes = ((),) * _arity(op)
    if wants is None:
        wants = tuple(s is not None for s in shapes)
    key = (op.name, _freeze(params), shapes, wants)
    found = _CACHE.get(key)
    if found is None:
        try:
            found = _derive(op, params, shapes, wants, grad_fn or op.grad_fn)
        except Exception:  # noqa: BLE001 - a teaching text must never stop the analysis; the test suite covers every op
            found = Local(notes=[_T("No short formula: {name} is computed by its backward rule directly.").format(
                name=grad_fn or op.grad_fn)])
        if len(_CACHE) > 2048:
            _CACHE.clear()
        _CACHE[key] = found
    return found


# -- the derivation ------------------------------------------------------------------------------

def _derive(op, params, shapes, wants, grad_fn) -> Local:
    if getattr(op.vjp, "no_derivative", None):
        return Local(notes=[_T("{name} has no derivative in PyTorch: its backward raises NotImplementedError, "
                               "so no gradient can flow back through it.").format(name=grad_fn)])
    rule = symbolic_rule(op)
    if rule is None and op.name not in STRUCTURAL:
        return Local(notes=[_T("{name} is not differentiable: no gradient flows through it.").format(name=grad_fn)])
    if rule is not None and _is_elementwise(op, params, len(shapes)):
        return _elementwise(op, params, shapes, wants)
    return _mixing(op, params, shapes, wants, grad_fn)


def _is_elementwise(op, params, arity) -> bool:
    """Whether output element 1 depends on element 1 of each input only (probed on 2-element inputs)."""
    s = [_elements(LETTERS[i], (2,)) for i in range(arity)]
    n = [np.array([1.0, 2.0]) + i for i in range(arity)]
    # both values of a condition keep the shape (where's); a mask that selects (masked_select's) does not
    values = (True, False) if any(_is_condition(v) for v in params.values()) else (True,)
    try:
        outs = [symbolic_forward(op, s, n, _with_cases(params, value)) for value in values]
    except Exception:  # noqa: BLE001 - a rule that needs other shapes (a target, an index) mixes elements
        return False
    if any(out is None or np.shape(out) != (2,) for out in outs):
        return False
    firsts = {s[i].flat[0] for i in range(arity)}
    return _free(outs[0].flat[0]) <= firsts


# elementwise -------------------------------------------------------------------------------------

def _elementwise(op, params, shapes, wants) -> Local:
    arity = len(shapes)
    symbols = tuple(se.Symbol(LETTERS[i]) for i in range(arity))
    cases = [k for k, v in params.items() if _is_condition(v)]
    case_symbols = {k: se.Symbol(LETTERS[arity + j]) for j, k in enumerate(cases)}
    if arity == 1:
        thresholds = sorted({0.0} | {float(v) for v in params.values() if _is_real(v)})
        labels = [_plain_number(t) for t in thresholds]
    else:
        thresholds = [float(k) for k in range(1, arity)]
        labels = [_latex(x) for x in symbols[1:]]
    line = _line_points(thresholds)
    wanted = [i for i in range(arity) if wants[i]]
    # derivative[i][case values][region] = expression
    table = {i: {} for i in wanted}
    forward = None
    for values in itertools.product((True, False), repeat=len(cases)):
        p = dict(params, **dict(zip(cases, values)))
        for region, x in enumerate(line):
            n = [np.float64(x)] + [np.float64(t) for t in thresholds[:arity - 1]] if arity > 1 \
                else [np.float64(x)]
            s = [np.array(sym, dtype=object) for sym in symbols]
            out = _basic(symbolic_forward(op, s, n, p)[()])
            forward = out if forward is None else forward
            for i in wanted:
                table[i].setdefault(values, []).append(se.diff(out, symbols[i]))
    smooth = all(len({d for ds in table[i].values() for d in ds}) == 1 for i in wanted)
    name = _op_name(op)
    args = [_latex(c) for c in case_symbols.values()] + [_latex(x) for x in symbols]
    if smooth and not cases and _free(forward) and len(_latex(forward)) <= MAX_FORWARD_CHARS:
        of = _latex(forward)
        wrap = isinstance(forward, (se.Add, se.Mul)) or r"\frac" in of
    else:
        of, wrap = rf"\operatorname{{{name}}}\left({', '.join(args)}\right)", False
    partials = []
    for i in wanted:
        if smooth:
            pieces = (Piece(table[i][next(iter(table[i]))][0]),)
        else:
            pieces = _pieces(table[i], cases, case_symbols, _latex(symbols[0]), labels)
        partials.append(Partial(of, symbols[i], pieces))
    printed = [_print_partial(p, wrap) for p in partials]
    # one partial a row: a narrow inspector (1024 px, the lessons dock open) shows them whole
    rows = printed + _legend(op, symbols, case_symbols, shapes)
    return Local(_stack(rows), [], tuple(partials), symbols)


def _line_points(thresholds) -> list:
    """Points below, at, between and above the sorted thresholds: regions 0 .. 2k."""
    points = [thresholds[0] - 1.0]
    for k, t in enumerate(thresholds):
        points.append(t)
        points.append((t + thresholds[k + 1]) / 2 if k + 1 < len(thresholds) else t + 1.0)
    return points


def _pieces(by_case, cases, case_symbols, moving, labels) -> tuple:
    """Merge each case's regions with the same derivative; conditions read from the regions."""
    pieces = []
    for values, derivatives in by_case.items():
        case_text = [(_latex(case_symbols[k]) if v else rf"\lnot {_latex(case_symbols[k])}")
                     for k, v in zip(cases, values)]
        runs = []   # (first region, last region, derivative)
        for region, d in enumerate(derivatives):
            if runs and runs[-1][2] == d:
                runs[-1] = (runs[-1][0], region, d)
            else:
                runs.append((region, region, d))
        for first, last, d in runs:
            condition = ", ".join(case_text + ([] if len(runs) == 1 else [_interval(moving, labels, first, last)]))
            pieces.append(Piece(d, condition or None))
    return tuple(pieces)


def _interval(x: str, labels, first: int, last: int) -> str:
    """The condition on ``x`` of regions ``first..last``: region 2k+1 is the threshold k itself,
    region 2k the open interval below it (region 2K: above the last one)."""
    end = 2 * len(labels)
    if first == last and first % 2 == 1:
        return f"{x} = {labels[(first - 1) // 2]}"
    low = None if first == 0 else (rf"{labels[(first - 1) // 2]} \le " if first % 2 else
                                   f"{labels[first // 2 - 1]} < ")
    high = None if last == end else (rf" \le {labels[(last - 1) // 2]}" if last % 2 else f" < {labels[last // 2]}")
    if low and high:
        return f"{low}{x}{high}"
    if low:   # "0 < a" reads better as "a > 0"
        return rf"{x} \ge {labels[(first - 1) // 2]}" if first % 2 else f"{x} > {labels[first // 2 - 1]}"
    return f"{x}{high}"


# ops that mix elements -----------------------------------------------------------------------------

def _mixing(op, params, shapes, wants, grad_fn) -> Local:
    tensors = [i for i, s in enumerate(shapes) if s is not None]
    actual = {i: shapes[i] for i in tensors}
    size = sum(math.prod(s) for s in actual.values())
    shrunk = _shrunk(actual)
    # the node's own shapes when small; else (or when the formula is too long) a smaller shape
    candidates = ([actual] if size <= SMALL_ELEMENTS else []) + ([shrunk] if shrunk != actual else [])
    if size <= PROBE_ELEMENTS and size > SMALL_ELEMENTS:
        candidates.append(actual)    # params that fit only the node's shapes (an index, a target)
    moves = op.name in STRUCTURAL and symbolic_rule(op) is None
    for shown in candidates:
        probe = _probe(op, params, shapes, shown)
        if probe is None:
            continue
        s, out = probe
        if moves and _only_moves(out):
            return Local(notes=_moves_notes(grad_fn, s, out, wants))
        if _is_piecewise(op, params, shapes, shown, s):
            local = _piecewise_mixing(op, params, shapes, wants, actual)
            if local is not None:
                return local
            continue
        local = _element_formula(op, shapes, wants, s, out, grad_fn)
        if local is not None:
            if shown != actual:
                local.notes.append(_shown_for(shown, actual))
            return local
    if moves:
        return Local(notes=_moves_notes(grad_fn, None, None))
    return Local(notes=[_too_big(grad_fn)])


def _element_formula(op, shapes, wants, s, out, grad_fn) -> Local | None:
    """The first output element written out and its derivative with respect to the first input
    element (or two) it depends on; None when too long to read."""
    tensors = [i for i, shape in enumerate(shapes) if shape is not None]
    y = _basic(out.flat[0])
    y_name = "y" if out.ndim == 0 else f"y_{_index((0,) * out.ndim)}"
    y_symbol = se.Symbol(y_name)
    partials = []
    for i in tensors:
        if not wants[i]:
            continue
        flat = list(np.asarray(s[i]).flat)
        chosen = []
        for k, x in enumerate(flat):
            d = se.diff(y, x)
            if d == 0:
                continue
            if not chosen:
                chosen.append((k, d))
                continue
            k0, d0 = chosen[0]
            if d != d0.xreplace(_swap(s, k0, k)):   # not the same formula with the two elements swapped: show it
                chosen.append((k, d))
            break
        for k, d in chosen:
            partials.append(Partial(_latex(y_symbol), flat[k], (Piece(d),)))
    if not partials:
        return Local(notes=[_T("{name}'s first output element does not depend on the inputs that receive a "
                               "gradient.").format(name=grad_fn)])
    parts, uses_y = {}, False    # input -> its partials, each printed on a row of its own
    for p in partials:
        shown, in_y = _shortest(p.pieces[0].value, y, y_name)
        uses_y = uses_y or in_y
        parts.setdefault(p.wrt.name[0], []).append(rf"\frac{{\partial\, {p.of}}}{{\partial {_latex(p.wrt)}}} = {shown}")
    written = _latex(y)
    if any(len(part) > MAX_DERIVATIVE_CHARS for row in parts.values() for part in row) or \
            (uses_y and len(written) > MAX_DERIVATIVE_CHARS):
        return None
    # y is written out when it is short, and always when a derivative is printed in terms of it
    head = [f"{_latex(y_symbol)} = {written}"] if uses_y or len(written) <= MAX_FORWARD_CHARS else []
    rows = head + [part for row in parts.values() for part in row]
    rows += _legend(op, tuple(se.Symbol(LETTERS[i]) for i in range(len(shapes))), {}, shapes)
    return Local(_stack(rows), [], tuple(partials), tuple(s[i] for i in tensors))


def _shortest(d, y, y_name) -> tuple[str, bool]:
    """The shortest LaTeX of ``d`` among equal forms: as derived, over a common denominator,
    cancelled, and each with the output ``y`` put back where it appears (softmax's ``y - y^2``).
    Returns the text and whether it uses ``y``."""
    ds, ys, name = _tidy(d)._sympy_(), _tidy(y)._sympy_(), sympy.Symbol(y_name)
    forms = [(ds, False)]
    for form in (sympy.factor_terms(sympy.together(ds)), sympy.cancel(ds)):
        forms.append((form, False))
    for form, _ in list(forms):
        if not ys.is_Symbol:
            forms.append((form.subs(ys, name), True))
            coeff, rest = ys.as_coeff_Mul()
            if coeff != 1 and not rest.is_Symbol:
                forms.append((form.subs(rest, name / coeff), True))
    texts = [(sympy.latex(form), uses and form.has(name)) for form, uses in forms]
    return min(texts, key=lambda t: len(t[0]))


def _swap(s, k0, k) -> dict:
    """Exchange element ``k0`` and element ``k`` of every input that has both."""
    swap = {}
    for a in s:
        flat = list(np.asarray(a).flat)
        if len(flat) > max(k0, k):
            swap[flat[k0]], swap[flat[k]] = flat[k], flat[k0]
    return swap


def _probe(op, params, shapes, shown):
    """The element symbols of each input (shapes ``shown``) and the op's symbolic output, or None."""
    s, n = [], []
    for i, shape in enumerate(shapes):
        if shape is None:
            s.append(np.array(se.Symbol(LETTERS[i]), dtype=object))
            n.append(np.float64(i + 1))
        else:
            s.append(_elements(LETTERS[i], shown[i]))
            n.append(_distinct(shown[i], i))
    try:
        out = symbolic_forward(op, s, n, params)
    except Exception:  # noqa: BLE001 - params that do not fit the smaller shape (an index, a view's size)
        return None
    if out is None:
        return None
    return s, np.asarray(out, dtype=object)


def _is_piecewise(op, params, shapes, shown, s) -> bool:
    """Whether the rule picks different expressions for other numbers (max, amin...)."""
    if symbolic_rule(op) is None:
        return False
    outs = []
    for order in (1, -1):
        n = [np.float64(i + 1) if shape is None else _distinct(shown[i], i) * order
             for i, shape in enumerate(shapes)]
        try:
            outs.append(tuple(np.asarray(symbolic_forward(op, s, n, params), dtype=object).flat))
        except Exception:  # noqa: BLE001
            return False
    return outs[0] != outs[1]


def _piecewise_mixing(op, params, shapes, wants, actual) -> Local | None:
    """A piecewise reduction on the smallest shape where the first output element depends on two elements."""
    tensors = [i for i, s in enumerate(shapes) if s is not None]
    if len(tensors) != 1 or not wants[tensors[0]]:
        return None
    i = tensors[0]
    shape = actual[i]
    for dims in itertools.product(*[(1, 2) if d >= 2 else (d,) for d in shape]):
        shown = {i: tuple(dims)}
        probe = _probe(op, params, shapes, shown)
        if probe is None:
            continue
        s, _ = probe
        flat = list(s[i].flat)
        # the first output element that depends on two input elements (cummax's first is its first input)
        outs = [np.asarray(symbolic_forward(op, s, [n_i if k == i else np.float64(k + 1) for k in range(len(shapes))],
                                            params), dtype=object)
                for n_i in (_distinct(dims, 0), -_distinct(dims, 0), np.ones(dims))]
        element, depends = None, set()
        for e in range(outs[0].size):
            depends = set().union(*(_free(o.flat[e]) for o in outs))
            if len(depends) == 2:
                element = e
                break
        if element is None:
            continue
        x, other = sorted(depends, key=flat.index)
        derivatives = []
        for value in (0.0, 1.0, 2.0):     # x below, at and above the other element (which is 1)
            n_i = np.full(dims, 5.0)
            n_i.flat[flat.index(x)] = value
            n_i.flat[flat.index(other)] = 1.0
            n = [np.float64(k + 1) for k in range(len(shapes))]
            n[i] = n_i
            y = _basic(np.asarray(symbolic_forward(op, s, n, params), dtype=object).flat[element])
            derivatives.append(se.diff(y, x))
        pieces = _pieces({(): derivatives}, [], {}, _latex(x), [_latex(other)])
        of = rf"\operatorname{{{_op_name(op)}}}\left({_latex(x)}, {_latex(other)}\right)"
        partial = Partial(of, x, pieces)
        notes = [] if tuple(dims) == shape else [_shown_for(shown, actual)]
        return Local(_print_partial(partial, False), notes, (partial,), (s[i],), element)
    return None


def _only_moves(out) -> bool:
    return all(isinstance(e, se.Symbol) or e == 0 for e in out.flat)


def _moves_notes(grad_fn, s, out, wants=()) -> list:
    """What a node that only moves elements does, in sentences (each a template of its own)."""
    notes = [_T("{name} only moves elements: each output element is one input element, so the local derivative is 1 "
              "there and 0 elsewhere, and the gradient goes back to where each element came from.").format(
        name=grad_fn)]
    if s is None:
        return notes
    used = {}
    for e in out.flat:
        if isinstance(e, se.Symbol):
            used[e] = used.get(e, 0) + 1
    inputs = [x for i, a in enumerate(s) if (wants[i] if i < len(wants) else True) for x in np.asarray(a).flat
              if isinstance(x, se.Symbol)]
    if any(used.get(x, 0) > 1 for x in inputs):
        notes.append(_T("An input element used more than once gets the sum of its gradients."))
    if any(used.get(x, 0) == 0 for x in inputs):
        notes.append(_T("An input element not used gets 0."))
    return notes


def _too_big(grad_fn) -> str:
    return _T("No short formula: {name} is computed by its backward rule directly.").format(name=grad_fn)


def _shown_for(shown: dict, actual: dict) -> str:
    return _T("Written out for inputs of shape {shown}; this node's inputs have shape {actual}.").format(
        shown=", ".join(_shape_text(s) for s in shown.values()),
        actual=", ".join(_shape_text(s) for s in actual.values()))


# -- printing ----------------------------------------------------------------------------------------

def _print_partial(p: Partial, wrap: bool) -> str:
    wrt = _latex(p.wrt)
    if wrap:
        lhs = rf"\frac{{\partial}}{{\partial {wrt}}}\left({p.of}\right)"
    else:
        lhs = rf"\frac{{\partial\, {p.of}}}{{\partial {wrt}}}"
    if len(p.pieces) == 1 and p.pieces[0].condition is None:
        return f"{lhs} = {_latex(p.pieces[0].value)}"
    rows = r" \\ ".join(f"{_latex(piece.value)} & {piece.condition}" for piece in p.pieces)
    return rf"{lhs} = \begin{{cases}} {rows} \end{{cases}}"


def _stack(rows: list) -> str:
    """One formula per line (ziamath's ``gathered``), with struts for room under tall rows:
    ziamath has no ``\\\\[1em]``."""
    if len(rows) == 1:
        return rows[0]
    out = [rows[0]]
    for before, row in zip(rows, rows[1:]):
        height = "2.6em" if r"\begin{cases}" in before else "1.8em" if r"\frac" in before + row else "1.3em"
        out.append(rf"\rule{{0pt}}{{{height}}}{row}")
    return r"\begin{gathered}" + r" \\ ".join(out) + r"\end{gathered}"


def _legend(op, symbols, case_symbols, shapes) -> list:
    """``(a = self, b = other)``: the letters as PyTorch names the inputs (and the saved values)."""
    names = list(getattr(op, "input_names", ()) or ())
    pairs = [(x, names[i]) for i, x in enumerate(symbols) if i < len(names) and shapes[i] is not None]
    pairs += [(x, k) for k, x in case_symbols.items()]
    if len(pairs) < 2 and not case_symbols:
        return []
    return [r"\left(" + r",\ ".join(rf"{_latex(x)} = \mathrm{{{_escape(name)}}}" for x, name in pairs) + r"\right)"]


def _latex(e) -> str:
    return sympy.latex(_tidy(_basic(e))._sympy_())


def _tidy(e):
    """Floats that are whole numbers or simple fractions (a tie's 0.5, ``2.0 - a``) as exact numbers."""
    swap = {}
    for r in e.atoms(se.RealDouble):
        v = float(r)
        for q in range(1, 13):
            if abs(v * q - round(v * q)) < 1e-12 and abs(v) < 2 ** 31:
                swap[r] = se.Rational(int(round(v * q)), q)
                break
    return e.xreplace(swap) if swap else e


def _op_name(op) -> str:
    name = op.name
    for suffix in _VARIANT_SUFFIXES:
        if name.endswith(suffix) and name != suffix.lstrip("_"):
            name = name[: -len(suffix)]
            break
    return _escape(name)


def _escape(name: str) -> str:
    return name.replace("_", r"\_")


def _plain_number(v: float) -> str:
    """A threshold as the program wrote it: 0, -0.8, 2.5 (not a fraction)."""
    return str(int(v)) if float(v).is_integer() else repr(float(v))


def _shape_text(shape) -> str:
    return "[" + ", ".join(str(d) for d in shape) + "]"


# -- small helpers -----------------------------------------------------------------------------------

def _arity(op) -> int:
    """How many positional inputs the op's forward takes (those without defaults)."""
    try:
        parameters = inspect.signature(op.forward).parameters.values()
    except (TypeError, ValueError):
        return 1
    return sum(1 for p in parameters if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY,
                                                                              p.POSITIONAL_OR_KEYWORD)) or 1


def _elements(letter: str, shape) -> np.ndarray:
    """An object array of symbols ``a_{11}, a_{12}...`` (1-based, commas when an index passes 9)."""
    shape = tuple(shape)
    if not shape:
        return np.array(se.Symbol(letter), dtype=object)
    out = np.empty(shape, dtype=object)
    for idx in np.ndindex(*shape):
        out[idx] = se.Symbol(f"{letter}_{_index(idx, shape)}")
    return out


def _index(idx, shape=None) -> str:
    sep = "," if shape is not None and any(d > 9 for d in shape) else ""
    return sep.join(str(k + 1) for k in idx)


def _distinct(shape, offset) -> np.ndarray:
    """Distinct, nonzero numbers of ``shape`` (no ties, no zero norm): 1.5, 2.5, ... shifted by input."""
    return (np.arange(math.prod(shape), dtype=np.float64) + 1.5 + 0.25 * offset).reshape(shape)


def _shrunk(actual: dict) -> dict:
    return {i: tuple(min(d, 2) for d in s) for i, s in actual.items()}


def _is_condition(v) -> bool:
    return isinstance(v, np.ndarray) and v.dtype == bool


def _with_cases(params, value) -> dict:
    return {k: (np.bool_(value) if _is_condition(v) else v) for k, v in params.items()}


def _is_real(v) -> bool:
    return isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, (bool, np.bool_)) \
        and math.isfinite(float(v))


def _number(v):
    return const(np.asarray(v))[()]


def _basic(e):
    if isinstance(e, np.ndarray):
        e = e[()]
    return e if isinstance(e, se.Basic) else _number(e)


def _free(e) -> set:
    return set(_basic(e).free_symbols)


def _freeze(v):
    """A hashable stand-in for a params value (arrays by their bytes)."""
    if isinstance(v, dict):
        return tuple(sorted((k, _freeze(x)) for k, x in v.items()))
    if isinstance(v, np.ndarray):
        return ("array", v.shape, v.dtype.str, v.tobytes())
    if isinstance(v, (list, tuple)):
        return (type(v).__name__,) + tuple(_freeze(x) for x in v)
    if isinstance(v, slice):
        return ("slice", v.start, v.stop, v.step)
    try:
        hash(v)
        return v
    except TypeError:
        return repr(v)
