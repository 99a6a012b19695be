"""The JSON object of a run (DESIGN.md, "Headless contract").

``run_to_json(result)`` turns a :class:`core.interp.RunResult` into::

    {"stdout": str, "error": null | {...}, "warnings": [str],
     "tensors": {name: {...}}, "analysis": null | {...}}

Every number is plain JSON: NaN and the infinities are written as the strings
``"nan"``, ``"inf"`` and ``"-inf"`` (also inside nested lists and for 0-dim
values), so ``json.dumps(obj, allow_nan=False)`` always succeeds and strict
parsers read the output; a complex element is ``{"real": x, "imag": y}``.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from core.translatable import texts_json


def fold_owner(graph: dict) -> dict:
    """Original node id -> the id of the fold node hiding it (for every hidden node) in a graph's
    JSON (core.analysis.folding writes ``folded``; the report and the window read it)."""
    return {h: n["id"] for n in graph.get("nodes") or [] for h in n.get("folded") or []}


def finite_json(x: Any) -> Any:
    """``x`` with every non-finite float (at any depth) replaced by "nan", "inf" or "-inf", and every
    complex number (a complex tensor's element) written as ``{"real": ..., "imag": ...}``."""
    if isinstance(x, complex):
        return {"real": finite_json(x.real), "imag": finite_json(x.imag)}
    if isinstance(x, float):
        if math.isfinite(x):
            return x
        if math.isnan(x):
            return "nan"
        return "inf" if x > 0 else "-inf"
    if isinstance(x, list | tuple):
        return [finite_json(v) for v in x]
    if isinstance(x, dict):
        return {k: finite_json(v) for k, v in x.items()}
    return x


def dtype_name(dtype) -> str:
    """``torch.float32`` -> ``"float32"``."""
    return str(dtype).removeprefix("torch.")


# a tensor's value (or grad) is written in full up to this many elements, and the values of all
# the tensors of one report up to the second bound together; past them, a summary
MAX_VALUE_ELEMENTS = 100_000
MAX_REPORT_ELEMENTS = 1_000_000
SAMPLE = 8


def tensors_json(tensors: dict) -> dict:
    """DESIGN.md's ``tensors`` object for ``{name: tensor}``, bounded: a value past
    :data:`MAX_VALUE_ELEMENTS`, or past :data:`MAX_REPORT_ELEMENTS` in all, is ``null`` with a
    ``value_summary`` (likewise ``grad``); a tensor bound to several names is counted once."""
    left = [MAX_REPORT_ELEMENTS]
    seen: dict[int, dict] = {}
    out = {}
    for name, t in tensors.items():
        if id(t) not in seen:
            seen[id(t)] = tensor_record(t, left)
        out[name] = seen[id(t)]
    return out


def tensor_record(t, left: list | None = None) -> dict:
    """One tensor as DESIGN.md's ``tensors[NAME]`` object; ``left`` ([elements]) is what the
    report may still write in full, lowered by what this record writes."""
    grad = t._grad  # not ``t.grad``: that warns for a non-leaf, and the record is not the program's access
    left = [MAX_REPORT_ELEMENTS] if left is None else left
    record = {}
    _values(record, "value", t, left)
    record.update({
        "shape": [int(s) for s in t.shape],
        "dtype": dtype_name(t.dtype),
        "requires_grad": bool(t.requires_grad),
        "is_leaf": bool(t.is_leaf),
    })
    if grad is None:
        record["grad"] = None
    else:
        _values(record, "grad", grad, left)
    record["grad_fn"] = None if t.grad_fn is None else type(t.grad_fn).__name__
    return record


def _values(record: dict, key: str, t, left: list) -> None:
    n = int(t.numel())
    if n <= MAX_VALUE_ELEMENTS and n <= left[0]:
        left[0] -= n
        record[key] = finite_json(t.tolist())
        return
    why = (f"{n:,} elements, more than the {MAX_VALUE_ELEMENTS:,} a value is written with" if n > MAX_VALUE_ELEMENTS
           else f"the report's {MAX_REPORT_ELEMENTS:,} elements of values are used up")
    record[key] = None
    record[key + "_summary"] = array_summary(t._data, why)


def array_summary(arr, why: str) -> dict:
    """An array too large to write in full: why it is not, its size, its first :data:`SAMPLE`
    numbers and (for numbers) its smallest, largest and mean.  Written as ``KEY_summary`` beside
    ``KEY: null`` wherever the JSON leaves a value out."""
    data = np.asarray(arr).reshape(-1)
    summary = {"omitted": why, "numel": int(data.size), "shape": [int(s) for s in np.shape(arr)],
               "first": finite_json(data[:SAMPLE].tolist())}
    if data.size and data.dtype.kind in "biuf":
        with np.errstate(all="ignore"):
            summary.update(min=finite_json(data.min().item()), max=finite_json(data.max().item()),
                           mean=finite_json(float(data.mean(dtype=np.float64))))
    return summary


def warning_text(w) -> str:
    """A caught warning as ``"Category: message"``."""
    return f"{w.category}: {w.message}"


def run_to_json(result, analysis: dict | None = None) -> dict:
    """The JSON object of DESIGN.md for one run, with its analysis (None when there is none).
    ``texts`` gives the template and values of each of the run's own texts (its notes:
    :func:`core.translatable.texts_json`); the analysis has its own."""
    notes = [w.message for w in result.notes]
    return {
        "stdout": result.stdout,
        "error": None if result.error is None else finite_json(result.error.to_json()),
        "warnings": [warning_text(w) for w in result.warnings],
        "notes": notes,
        "tensors": tensors_json(result.tensors()),
        "analysis": None if analysis is None else finite_json(analysis),
        "texts": texts_json(notes),
    }
