"""Tensor text exactly as PyTorch 2.13 prints it: ``repr(t)``, ``str(t)``, ``torch.Size``.

Pure numpy + stdlib (and :mod:`core.dtypes`, itself pure numpy, for a dtype name's numpy
dtype).  The rules, as observed on real torch:

* Integer and bool tensors print ``str(value)`` right-aligned to the widest value.
* Float tensors look only at their *nonzero finite* values (after summarization):

  - none at all (only zeros, nan, inf): integer style ``0.``, width 1, and the
    ``sci_mode`` print option is ignored;
  - scientific style (``1.0000e-05``) when ``sci_mode`` is True, or, if it is None,
    when max|x| / min|x| > 1000, max|x| > 1e8 or min|x| < 1e-4;
  - otherwise integer style (``1.``) when every such value is a whole number,
    else fixed style with ``precision`` decimals (``4.5000``).

  The column width is the widest of those values; nan/inf are padded to it but
  never widen it.
* A row holds ``floor((linewidth - indent) / (width + 2))`` values (at least 1).
* More than ``threshold`` elements: each axis longer than ``2 * edgeitems`` keeps
  its first and last ``edgeitems`` entries with ``...`` between them.
* Suffixes (size, dtype, grad_fn / requires_grad) go on the last line, or on a
  new line indented by ``len("tensor(")`` when that line would pass ``linewidth``.

>>> import numpy as np
>>> format_tensor(np.array([1.0, 4.5], dtype=np.float32), dtype="float32")
'tensor([1.0000, 4.5000])'
"""
from __future__ import annotations

import contextlib
import dataclasses
import math
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

import numpy as np

from core import dtypes

__all__ = [
    "PrintOptions",
    "get_printoptions",
    "set_printoptions",
    "printoptions",
    "format_tensor",
    "format_size",
]


@dataclass
class PrintOptions:
    """The knobs of ``torch.set_printoptions``."""

    precision: int = 4
    threshold: float = 1000
    edgeitems: int = 3
    linewidth: int = 80
    sci_mode: bool | None = None


_PROFILES = {
    "default": {"precision": 4, "threshold": 1000, "edgeitems": 3, "linewidth": 80},
    "short": {"precision": 2, "threshold": 1000, "edgeitems": 2, "linewidth": 80},
    "full": {"precision": 4, "threshold": math.inf, "edgeitems": 3, "linewidth": 80},
}

_OPTS = PrintOptions()

_PREFIX = "tensor("
_INDENT = len(_PREFIX)


# ----------------------------------------------------------------------------- options


def get_printoptions() -> PrintOptions:
    """A copy of the current print options.

    >>> get_printoptions().precision
    4
    """
    return dataclasses.replace(_OPTS)


def set_printoptions(
    precision=None, threshold=None, edgeitems=None, linewidth=None, profile=None, sci_mode=None
) -> None:
    """Change the print options like ``torch.set_printoptions``.

    A ``profile`` ("default", "short", "full"; anything else is ignored) is applied
    first, then the explicit values.  As in torch, ``sci_mode`` is always set, so
    any call without it switches forced scientific notation off again.

    >>> set_printoptions(precision=2); get_printoptions().precision
    2
    >>> set_printoptions(profile="default")
    """
    for name, value in _PROFILES.get(profile, {}).items():
        setattr(_OPTS, name, value)
    for name, value in (
        ("precision", precision),
        ("threshold", threshold),
        ("edgeitems", edgeitems),
        ("linewidth", linewidth),
    ):
        if value is not None:
            setattr(_OPTS, name, value)
    _OPTS.sci_mode = sci_mode


@contextlib.contextmanager
def printoptions(**kwargs) -> Iterator[None]:
    """Apply ``set_printoptions(**kwargs)`` inside a ``with`` block, then restore.

    >>> import numpy as np
    >>> with printoptions(precision=1):
    ...     format_tensor(np.array(0.25), dtype="float64", default_dtype="float64")
    'tensor(0.2)'
    """
    saved = get_printoptions()
    set_printoptions(**kwargs)
    try:
        yield
    finally:
        for field in dataclasses.fields(PrintOptions):
            setattr(_OPTS, field.name, getattr(saved, field.name))


# ----------------------------------------------------------------------------- public


def format_size(shape: Sequence[int]) -> str:
    """The repr of ``torch.Size``.

    >>> format_size((2, 3)), format_size(())
    ('torch.Size([2, 3])', 'torch.Size([])')
    """
    return "torch.Size([" + ", ".join(str(int(n)) for n in shape) + "])"


def format_tensor(
    values,
    *,
    dtype: str,
    default_dtype: str = "float32",
    requires_grad: bool = False,
    grad_fn_name: str | None = None,
    is_parameter: bool = False,
) -> str:
    """The text of ``repr(tensor)`` for a CPU tensor holding ``values``.

    ``dtype`` is the torch dtype name without ``torch.``; ``default_dtype`` is the
    current ``torch.get_default_dtype()`` name.

    >>> import numpy as np
    >>> format_tensor(np.array([[1.0, 2.0]]), dtype="float64", grad_fn_name="MulBackward0")
    'tensor([[1., 2.]], dtype=torch.float64, grad_fn=<MulBackward0>)'
    >>> format_tensor(np.zeros((0, 3), dtype=np.int64), dtype="int64")
    'tensor([], size=(0, 3), dtype=torch.int64)'
    """
    arr = np.asarray(values, dtype=_numpy_dtype(dtype))
    opts = _OPTS
    suffixes = []
    if arr.size == 0:
        if arr.ndim != 1:
            suffixes.append(f"size={tuple(arr.shape)}")
        if dtype != default_dtype:
            suffixes.append(f"dtype=torch.{dtype}")
        body = "[]"
    else:
        if not opts.edgeitems:
            suffixes.append(f"size={tuple(arr.shape)}")
        if dtype not in (default_dtype, _DEFAULT_COMPLEX[default_dtype == "float64"], "int64", "bool"):
            suffixes.append(f"dtype=torch.{dtype}")
        body = _format_data(arr, _is_floating(dtype), _INDENT, opts)
    if grad_fn_name is not None:
        suffixes.append(f"grad_fn=<{grad_fn_name}>")
    elif requires_grad:
        suffixes.append("requires_grad=True")
    text = _add_suffixes(_PREFIX + body, suffixes, _INDENT, opts.linewidth)
    return "Parameter containing:\n" + text if is_parameter else text


# ----------------------------------------------------------------------------- internals


def _numpy_dtype(name: str) -> np.dtype | None:
    """The numpy dtype of a torch dtype name; None (numpy's own choice) for a name core does not have."""
    try:
        return dtypes.from_name(name).np
    except KeyError:
        return None


# the default complex dtype, by whether the default dtype is float64 (it is not printed either)
_DEFAULT_COMPLEX = ("complex64", "complex128")


def _is_floating(dtype: str) -> bool:
    return dtype.startswith(("float", "bfloat"))


def _add_suffixes(text: str, suffixes: list[str], indent: int, linewidth: float) -> str:
    """Append ``, suffix`` items and the closing parenthesis, wrapping long lines.

    Torch's estimate of the last line's length is 2 more than the real one;
    keep that so lines break at exactly the same place.
    """
    parts = [text]
    line_len = len(text) - text.rfind("\n") + 1
    for suffix in suffixes:
        if line_len + len(suffix) + 2 > linewidth:
            parts.append(",\n" + " " * indent + suffix)
            line_len = indent + len(suffix)
        else:
            parts.append(", " + suffix)
            line_len += len(suffix) + 2
    parts.append(")")
    return "".join(parts)


# Called with the number of values about to be formatted, before any is: a run sets it
# (core.interp.run) to stop a print its output limit could never hold (threshold=inf on a
# tensor of millions) before the text is built.
full_guard: list = [None]


def _format_data(arr: np.ndarray, floating: bool, indent: int, opts: PrintOptions) -> str:
    """The bracketed values of a non-empty array (``6.`` for a 0-dim one)."""
    if arr.ndim == 0:
        fmt, _ = _value_formatter(arr.reshape(1), floating, opts)
        return fmt(arr.item())
    summarize = arr.size > opts.threshold
    edge = opts.edgeitems
    if summarize and not edge:
        return "[...]"
    if summarize:
        cuts = tuple(n > 2 * edge for n in arr.shape)
        arr = _edges(arr, edge)
    else:
        cuts = (False,) * arr.ndim
    if full_guard[0] is not None:
        full_guard[0](arr.size)
    fmt, width = _value_formatter(arr.reshape(-1), floating, opts)
    return _Layout(fmt, width, edge, opts.linewidth).block(arr.tolist(), cuts, indent)


def _edges(arr: np.ndarray, edge: int) -> np.ndarray:
    """Keep the first and last ``edge`` entries of every axis longer than ``2 * edge``."""
    for axis, n in enumerate(arr.shape):
        if n > 2 * edge:
            keep = np.r_[0:edge, n - edge : n]
            arr = arr.take(keep, axis=axis)
    return arr


class _Layout:
    """Lays formatted values out as nested, wrapped, bracketed rows."""

    def __init__(self, fmt: Callable[[object], str], width: int, edge: int, linewidth: float):
        self.fmt = fmt
        self.width = width
        self.edge = edge
        self.linewidth = linewidth

    def block(self, data: list, cuts: tuple[bool, ...], indent: int) -> str:
        """``data`` nested ``len(cuts)`` deep; ``cuts[k]`` puts ``...`` in axis k."""
        if len(cuts) == 1:
            return self.row(data, cuts[0], indent)
        parts = [self.block(sub, cuts[1:], indent + 1) for sub in data]
        if cuts[0]:
            parts.insert(self.edge, "...")
        separator = "," + "\n" * (len(cuts) - 1) + " " * (indent + 1)
        return "[" + separator.join(parts) + "]"

    def row(self, values: list, cut: bool, indent: int) -> str:
        items = [self.fmt(v) for v in values]
        if cut:
            items.insert(self.edge, " ...")
        per_line = max(1, math.floor((self.linewidth - indent) / (self.width + 2)))
        lines = [", ".join(items[i : i + per_line]) for i in range(0, len(items), per_line)]
        return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"


def _value_formatter(flat: np.ndarray, floating: bool, opts: PrintOptions):
    """``(format, width)``: how to print each value of the 1-d ``flat`` and the column width."""
    if flat.dtype.kind == "c":
        return _complex_formatter(flat, opts)
    if not floating:
        width = max(len(str(flat.max().item())), len(str(flat.min().item())))
        return (lambda v: str(v).rjust(width)), width
    finite = flat[np.isfinite(flat) & (flat != 0)]
    if finite.size == 0:
        return _whole_formatter(1), 1
    magnitude = np.abs(finite).astype(np.float64)
    low, high = float(magnitude.min()), float(magnitude.max())
    sci = opts.sci_mode
    if sci is None:
        sci = high / low > 1000.0 or high > 1.0e8 or low < 1.0e-4
    samples = _widest_candidates(finite)
    precision = opts.precision
    if sci:
        width = max(len(f"{v:.{precision}e}") for v in samples)
        spec = f"{width}.{precision}e"
        return (lambda v: format(v, spec)), width
    if bool((finite == np.ceil(finite)).all()):
        width = max(len(f"{v:.0f}") + 1 for v in samples)
        return _whole_formatter(width), width
    width = max(len(f"{v:.{precision}f}") for v in samples)
    spec = f".{precision}f"
    return (lambda v: format(v, spec).rjust(width)), width


def _complex_formatter(flat: np.ndarray, opts: PrintOptions):
    """Complex values: the real parts formatted as a float tensor of them would be (right-aligned), the
    imaginary parts likewise but left-aligned, with their sign (``+`` added) and ``j``; a row's width counts
    both columns and the ``j``."""
    real, real_width = _value_formatter(flat.real, True, opts)
    imag, imag_width = _value_formatter(flat.imag, True, opts)

    def fmt(v: complex) -> str:
        im = (imag(v.imag) + "j").lstrip()
        return real(v.real) + (im if im[0] in "+-" else "+" + im)

    return fmt, real_width + imag_width + 1


def _whole_formatter(width: int) -> Callable[[float], str]:
    """Floats that are all whole numbers: ``3.``, but ``nan`` / ``inf`` bare."""

    def fmt(v: float) -> str:
        text = f"{v:.0f}." if math.isfinite(v) else f"{v:.0f}"
        return text.rjust(width)

    return fmt


def _widest_candidates(values: np.ndarray) -> list[float]:
    """The values whose printed form can be the widest, as Python floats.

    Fixed and integer styles grow with |v|, scientific style also grows for tiny
    |v| (three-digit exponents), and a minus sign adds one: so the largest and
    smallest magnitude of each sign cover every case.
    """
    if values.size <= 4:
        return values.tolist()
    positive = values[values > 0]
    negative = values[values < 0]
    picks = []
    for group in (positive, negative):
        if group.size:
            picks += [group.max(), group.min()]
    return [float(v) for v in picks]
