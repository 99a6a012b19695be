"""Symbolic entries of J on demand: the entries a user names, when the whole J did not fit its budget.

A *selection* names entries of J = ∂ vec(out) / ∂ vec(leaf) the way the app and the LaTeX name
elements (:mod:`core.naming`): 1-based, row (an element of the output) first, then column (an
element of a leaf)::

    out[1]:x[1,2]        the one entry ∂out_1/∂x_12
    out_1:x_12           the same, with element names (x_{1,10} for an index past 9)
    out[2]:x             row 2 of J for the leaf x (every element of x)
    out[2]               row 2 for every leaf
    x[1,2]               the column of x_12 (every element of the output)
    out[*,1]:W[2,*]      * stands for every index of that dimension
    out[1]:x[1,2]; out[2]:x[1,2]    several selections, separated by ";"

``out`` is the output's name in the program (or ``out`` when it has none); a 0-dim output or leaf
is named without brackets.  :func:`parse` checks the syntax (before anything runs), :func:`resolve`
the names and ranges against the analysis (:class:`SelectionError` names the valid range), and
:func:`compute` differentiates exactly those entries (symengine, evaluated at the program's values)
until its deadline: an entry not reached is listed as over budget, never dropped.
"""
from __future__ import annotations

import itertools
import math
import re
import time
from dataclasses import dataclass

import numpy as np
import sympy

from core.analysis.verdict import compare
from core.naming import element_name
from core.report_json import finite_json
from core.symbolic.jacobian import Cancelled, _within, to_float
from core.translatable import _T

MAX_ENTRIES = 2_000       # one selection computes at most this many entries
# an entry's expression is typeset (sympy's LaTeX printer: slow, some 0.5 s for 3,000 nodes) up to this many
# nodes, for the first MAX_TYPESET entries of a selection; past either, its "latex" is ""
MAX_LATEX_NODES = 400
MAX_TYPESET = 50
MAX_LATEX_CHARS = 6_000
SYNTAX = "OUT[i,...]:LEAF[k,...]"

_NAME = r"[A-Za-z_][A-Za-z0-9_.]*"
_PART = re.compile(rf"^(?P<name>{_NAME})\s*(?:\[(?P<index>[^\[\]]*)\])?$")
_BRACED = re.compile(rf"^(?P<name>{_NAME})_\{{(?P<index>[^{{}}]*)\}}$")


class SelectionError(ValueError):
    """A selection that cannot be read, or names what the analysis does not have; the message
    says what is valid (the CLI's usage error, the service's answer)."""


@dataclass(frozen=True)
class Selector:
    text: str                 # as the user wrote it (one of the ";"-separated parts)
    row: str | None           # the output's part ("out[1]"), or None
    column: str | None        # the leaf's part ("x[1,2]"), or None; a single part is either


def parse(text: str) -> list[Selector]:
    """The selectors of ``text`` (``;``-separated); :class:`SelectionError` for what is no selector."""
    selectors = []
    for piece in (p.strip() for p in str(text).split(";")):
        if not piece:
            continue
        sides = [s.strip() for s in piece.split(":")]
        if len(sides) > 2 or any(not s or not _readable(s) for s in sides):
            raise SelectionError(_T(
                "cannot read the selection {piece!r}: write {syntax}, 1-based as the elements are named "
                "(e.g. out[1]:x[1,2] or out_1:x_12), a row (out[2]) or a column (x[1,2]); separate several "
                "with ';'").format(piece=piece, syntax=SYNTAX))
        selectors.append(Selector(piece, sides[0], sides[1]) if len(sides) == 2 else Selector(piece, sides[0], None))
    if not selectors:
        raise SelectionError(_T("the selection is empty: write {syntax}, e.g. out[1]:x[1,2]").format(syntax=SYNTAX))
    return selectors


def _readable(part: str) -> bool:
    return bool(_PART.match(part) or _BRACED.match(part))


def resolve(selectors: list[Selector], output: tuple[str, tuple], leaves: dict) -> list[tuple[str, int, int]]:
    """The entries the selectors name, as (leaf, row, column) with J's flat 0-based row (output
    element) and column (leaf element), in the order asked, each once.  ``output`` is (its name,
    its shape); ``leaves`` {name: shape}.  :class:`SelectionError` names the valid names and range."""
    out_name, out_shape = output
    tensors = {out_name: tuple(out_shape), **{k: tuple(v) for k, v in leaves.items()}}
    entries, seen = [], set()
    for sel in selectors:
        first = _part(sel.row, tensors, out_name, leaves)
        if sel.column is not None:
            if first[0] != out_name:
                raise SelectionError(_T("in {text!r}, {name} is not the output: write the output's element first, "
                                        "then the leaf's ({syntax}); the output is {output}").format(
                                            text=sel.text, name=first[0], syntax=SYNTAX, output=out_name))
            second = _part(sel.column, tensors, out_name, leaves, leaf_only=True)
            pairs = [(second[0], first[1], second[1])]
        elif first[0] == out_name:
            pairs = [(leaf, first[1], list(range(math.prod(shape)))) for leaf, shape in leaves.items()]
        else:
            pairs = [(first[0], list(range(math.prod(out_shape))), first[1])]
        for leaf, rows, columns in pairs:
            count = len(entries) + len(rows) * len(columns)
            if count > MAX_ENTRIES:
                raise SelectionError(_T("the selection names over {limit:,} entries of J; ask for at most "
                                        "{limit:,} at a time (a row or a column, or single entries)").format(
                                            limit=MAX_ENTRIES))
            for i, k in itertools.product(rows, columns):
                if (leaf, i, k) not in seen:
                    seen.add((leaf, i, k))
                    entries.append((leaf, i, k))
    return entries


def _part(text: str, tensors: dict, out_name: str, leaves: dict, leaf_only: bool = False):
    """(the tensor's name, the flat indices the part names) for one side of a selector."""
    name, index = _split(text, tensors)
    if name not in tensors:
        raise SelectionError(_T("{name!r} is neither the output ({output}) nor a leaf of J ({leaves})").format(
            name=name, output=out_name, leaves=", ".join(leaves) or "none"))
    if leaf_only and name not in leaves:
        raise SelectionError(_T("{name} is the output; after ':' comes a leaf of J ({leaves})").format(
            name=name, leaves=", ".join(leaves) or "none"))
    shape = tensors[name]
    if index is None:       # the whole tensor
        return name, list(range(math.prod(shape)))
    positions = [p.strip() for p in index.split(",")] if index.strip() else []
    if len(positions) != len(shape) or any(not (p == "*" or p.isdigit()) for p in positions) or not all(
            p == "*" or 1 <= int(p) <= n for p, n in zip(positions, shape)):
        raise SelectionError(_range_text(text, name, shape))
    ranges = [range(n) if p == "*" else [int(p) - 1] for p, n in zip(positions, shape)]
    return name, [int(np.ravel_multi_index(ix, shape)) if shape else 0 for ix in itertools.product(*ranges)]


def _split(text: str, tensors: dict) -> tuple[str, str | None]:
    """(name, the index text or None for the whole tensor): ``x[1,2]``, ``x_{1,10}``, ``x_12``, ``x``."""
    m = _BRACED.match(text)
    if m:
        return m["name"], m["index"]
    m = _PART.match(text)
    name, index = m["name"], m["index"]
    if index is None and name not in tensors:       # x_12: a known name, then one digit per index
        base, _, digits = name.rpartition("_")
        if base in tensors and digits.isdigit():
            return base, ",".join(digits)
    return name, index


def _range_text(text: str, name: str, shape: tuple) -> str:
    if not shape:
        return _T("{text!r}: {name} is a single number (0-dim), named {name} with no index").format(
            text=text, name=name)
    letters = "ijklmnpqrs"[:len(shape)] if len(shape) <= 10 else [f"i{d + 1}" for d in range(len(shape))]
    runs = ", ".join(f"{letter} from 1 to {n}" for letter, n in zip(letters, shape))
    return _T("{text!r} is not an element of {name}: {name} has shape {shape}, so write {name}[{letters}] with "
              "{runs} (1-based, as in {first}; * for every index of a dimension)").format(
                  text=text, name=name, shape=list(shape), letters=",".join(letters), runs=runs,
                  first=element_name(name, (0,) * len(shape)))


def compute(expressions, selection: str, *, deadline: float, budget: dict, engine_jacobian: dict | None = None,
            cancel=None) -> dict:
    """The entries ``selection`` names (:func:`parse`, :func:`resolve`: raises
    :class:`SelectionError`), differentiated from ``expressions``
    (:class:`~core.analysis.symbolic_j.Expressions`) and evaluated at the program's values, until
    ``deadline`` (``time.monotonic()``; ``budget`` is its JSON, :meth:`Budget.describe`).  Beside
    each, the engine's number (its one-hot rows, when the analysis has them) and whether they agree.
    Raises :class:`~core.symbolic.jacobian.Cancelled` when ``cancel()``."""
    leaves = dict(expressions.leaves)
    out = expressions.output
    asked = resolve(parse(selection), (expressions.output_name, tuple(out.shape)),
                    {name: tuple(t.shape) for name, t in leaves.items()})
    out_names = {}

    def named(leaf, i, k):
        if i not in out_names:
            out_names[i] = element_name(expressions.output_name, _unravel(i, out.shape))
        return out_names[i], element_name(leaf, _unravel(k, leaves[leaf].shape))

    items = []
    if expressions.over is not None:
        note = _T("no entry of J can be computed symbolically: the symbols were not followed through the whole "
                  "forward (it stopped at {op}: {reason})").format(op=expressions.over["op"],
                                                                    reason=expressions.over["reason"])
        for leaf, i, k in asked:
            items.append(_item(leaf, i, k, *named(leaf, i, k), state="unavailable"))
        return _result(selection, items, "unavailable", note, None)

    outputs = expressions.output_symbols()
    symbols = {leaf: expressions.leaf_symbols(leaf) for leaf in {leaf for leaf, _, _ in asked}}
    values, rename = expressions.values(), None
    state, note = "complete", None
    for n, (leaf, i, k) in enumerate(asked):
        if time.monotonic() > deadline:
            state = "over_budget"
            note = _T("{done} of {total} entries of J were computed within {seconds:g} s; the others are over "
                      "budget").format(done=n, total=len(asked), seconds=budget.get("limit", 0))
            items.extend(_item(leaf_, i_, k_, *named(leaf_, i_, k_), state="over_budget")
                         for leaf_, i_, k_ in asked[n:])
            break
        if cancel is not None and cancel():
            raise Cancelled()
        syms = symbols[leaf]
        if syms is None:          # a leaf the shadow gave no symbols: nothing of it reaches the output
            derivative = None
            value = 0.0
        else:
            derivative = outputs[i].diff(syms[k])
            value = to_float(derivative.subs(values) if values else derivative)
        latex = ""
        if derivative is not None and n < MAX_TYPESET and _within(derivative, [0], MAX_LATEX_NODES):
            if rename is None:
                rename = expressions.rename()
            latex = sympy.latex(derivative.subs(rename)._sympy_())
            latex = latex if len(latex) <= MAX_LATEX_CHARS else ""
        elif derivative is None:
            latex = "0"
        engine = _engine_entry(engine_jacobian, leaf, i, k, out.shape)
        match = None if engine is None else compare(np.array([value]), np.array([engine]))[1]
        items.append(_item(leaf, i, k, *named(leaf, i, k), state="computed", value=value, latex=latex,
                           engine=engine, match=match))
    return _result(selection, items, state, note, budget if state == "over_budget" else None)


def _unravel(flat: int, shape) -> tuple:
    shape = tuple(int(n) for n in shape)
    return tuple(int(i) for i in np.unravel_index(flat, shape)) if shape else ()


def _engine_entry(engine_jacobian, leaf, i, k, out_shape):
    J = (engine_jacobian or {}).get(leaf)
    if J is None:
        return None
    flat = np.asarray(J, dtype=np.float64).reshape(max(1, math.prod(out_shape)), -1)
    return float(flat[i, k])


def _item(leaf, i, k, output_element, leaf_element, *, state, value=None, latex="", engine=None, match=None):
    return {"leaf": leaf, "row": i, "column": k, "output_element": output_element, "leaf_element": leaf_element,
            "state": state, "value": value, "latex": latex, "engine": engine, "match": match}


def _result(selection, items, state, note, budget) -> dict:
    return finite_json({"selection": selection, "state": state, "count": len(items),
                        "computed": sum(1 for e in items if e["state"] == "computed"),
                        "note": None if note is None else str(note), "budget": budget, "entries": items})


def for_analysis(analysis, selection: str, budget, cancel=None) -> dict:
    """:func:`compute` for an :class:`~core.analysis.analysis.Analysis`, within
    ``budget``'s (:class:`~core.analysis.budget.Budget`) time for entries asked by name."""
    if analysis.expressions is None:
        raise SelectionError(_T("this analysis has no J to take entries from: no leaf that requires grad "
                                "reaches the output"))
    deadline, seconds, rule = budget.entries_deadline()
    return compute(analysis.expressions, selection, deadline=deadline, budget=budget.describe(seconds, rule),
                   engine_jacobian=analysis.engine_jacobian, cancel=cancel)


def selection_of(expressions, leaf: str | None, row: int, column: int) -> str:
    """The selection of the one entry (``leaf``, J's flat ``row`` and ``column``), as a user writes it
    (``out[1]:x[1,2]``); :class:`SelectionError` when there is no such entry."""
    leaves = dict(expressions.leaves)
    out_shape = tuple(expressions.output.shape)
    if leaf not in leaves:
        raise SelectionError(_T("{name!r} is not a leaf of J ({leaves})").format(
            name=leaf, leaves=", ".join(leaves) or "none"))
    shape = tuple(leaves[leaf].shape)
    if not (0 <= row < max(1, math.prod(out_shape)) and 0 <= column < max(1, math.prod(shape))):
        raise SelectionError(_T("J has no entry at row {row}, column {column} for {leaf}").format(
            row=row + 1, column=column + 1, leaf=leaf))

    def part(name, flat, shape):
        index = _unravel(flat, shape)
        return f"{name}[{','.join(str(i + 1) for i in index)}]" if index else name
    return f"{part(expressions.output_name, row, out_shape)}:{part(leaf, column, shape)}"
