"""The JSON object of a run (DESIGN.md, "Headless contract").

``run_to_json(result)`` turns a :class:`core.interp.RunResult` into::

    {"stdout": str, "error": null | {...}, "warnings": [str],
     "tensors": {name: {...}}, "analysis": null | {...}}

Every number is plain JSON: NaN and the infinities are written as the strings
``"nan"``, ``"inf"`` and ``"-inf"`` (also inside nested lists and for 0-dim
values), so ``json.dumps(obj, allow_nan=False)`` always succeeds and strict
parsers read the output.
"""
from __future__ import annotations

import math
from typing import Any


def finite_json(x: Any) -> Any:
    """``x`` with every non-finite float (at any depth) replaced by "nan", "inf" or "-inf"."""
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


def tensor_record(t) -> dict:
    """One tensor as DESIGN.md's ``tensors[NAME]`` object."""
    grad = t._grad  # not ``t.grad``: that warns for a non-leaf, and the record is not the program's access
    return {
        "value": finite_json(t.tolist()),
        "shape": [int(s) for s in t.shape],
        "dtype": dtype_name(t.dtype),
        "requires_grad": bool(t.requires_grad),
        "is_leaf": bool(t.is_leaf),
        "grad": None if grad is None else finite_json(grad.tolist()),
        "grad_fn": None if t.grad_fn is None else type(t.grad_fn).__name__,
    }


def warning_text(w) -> str:
    """A caught warning as ``"Category: message"``."""
    return f"{w.category}: {w.message}"


def run_to_json(result, analysis: dict | None = None) -> dict:
    """The JSON object of DESIGN.md for one run, with its analysis (None when there is none)."""
    return {
        "stdout": result.stdout,
        "error": None if result.error is None else finite_json(result.error.to_json()),
        "warnings": [warning_text(w) for w in result.warnings],
        "notes": [w.message for w in result.notes],
        "tensors": {name: tensor_record(t) for name, t in result.tensors().items()},
        "analysis": None if analysis is None else finite_json(analysis),
    }
