"""The verdict: when two witnesses agree, entry by entry.

Every comparison of the analysis (vᵀJ against backward, J against the engine's
one-hot rows, against PyTorch, against the central differences, the second
derivatives) comes down to :func:`compare`, with one tolerance: the engine
computes in float32, so two numbers agree when they are within
``1e-5 + 1e-4·|a|`` of each other.  NaN agrees with NaN and an infinity with
the same infinity: those are results here, as they are in PyTorch.
:func:`mismatch` is the same rule kept per entry, for whoever wants to point
at the entries that disagree rather than only say that some do: the analysis
writes it for vᵀJ against the engine's backward (``"mismatch"``, bounded by
:func:`mismatch_json`), and the app marks those entries, so the marks and the
verdict can never disagree.

The symbolic witness evaluates J in float64, where e¹⁰⁰ is 2.69e43; the
program computes in its own dtype, where that number is inf (float32 ends at
3.4e38), as it is in PyTorch.  :func:`in_dtype` gives J as the program's dtype
holds it, so that the verdict compares like with like.
"""
from __future__ import annotations

import numpy as np

ABSOLUTE, RELATIVE = 1e-5, 1e-4
CANCELLING = 0.01   # the share of the largest entry an entry near zero is judged by (cancelling_scale)


def _distance(a: np.ndarray, b: np.ndarray, scale=None):
    """Entry by entry: |a - b| (0 where both are NaN or the same infinity, inf
    where only one is NaN) and the tolerance each entry gets."""
    both_nan = np.isnan(a) & np.isnan(b)
    same_inf = np.isinf(a) & np.isinf(b) & (np.sign(a) == np.sign(b))
    with np.errstate(invalid="ignore"):
        d = np.where(both_nan | same_inf, 0.0, np.abs(a - b))
    d = np.where(np.isnan(d), np.inf, d)
    size = np.abs(a) if scale is None else np.maximum(np.abs(a), np.abs(np.asarray(scale, dtype=np.float64)))
    tol = ABSOLUTE + RELATIVE * np.where(np.isfinite(size), size, 0.0)
    return d, tol


def compare(a, b, scale=None):
    """Largest difference and whether every entry agrees to float32 precision
    (NaN equals NaN; infinities must have the same sign).  ``scale``, when given, is the size of
    what each entry is made of (``Σ|vᵢ||Jᵢⱼ|`` for vᵀJ, or the size of the largest entry beside it):
    a float32 sum of large terms that cancel is only as precise as its terms, so the relative
    tolerance applies to the larger of it and the entry."""
    d, tol = _distance(np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64), scale)
    return (float(d.max()) if d.size else 0.0), bool(np.all(d <= tol))


def cancelling_scale(gradients) -> float:
    """The least ``scale`` (:func:`compare`) of an entry of a gradient, given the gradients of every leaf
    (arrays): a float32 sum whose terms cancel is only as precise as its terms, so an entry near zero
    beside large ones is compared to :data:`CANCELLING` of the largest finite entry.  Two float32 results
    of the same sums in other orders (the engine's backward and PyTorch's on another CPU) differ so.

    >>> cancelling_scale([np.array([1e6, 3.0]), np.array([-2e6, np.inf])])
    20000.0
    """
    largest = max((float(np.max(np.abs(x[np.isfinite(x)]), initial=0.0))
                   for x in (np.asarray(g, dtype=np.float64) for g in gradients)), default=0.0)
    return CANCELLING * largest


def mismatch(a, b, scale=None) -> np.ndarray:
    """True where ``a`` and ``b`` disagree (the rule of :func:`compare`, ``scale`` and all, per entry).

    >>> mismatch([1.0, 2.0, float("nan")], [1.0000001, 2.5, float("nan")]).tolist()
    [False, True, False]
    """
    d, tol = _distance(np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64), scale)
    return d > tol


# the per-entry mask is written whole up to this many entries (a tensor's values are: report_json)
MAX_MASK_ENTRIES = 100_000
MASK_SAMPLE = 8


def mismatch_json(mask) -> dict:
    """A leaf's mask for the JSON: ``{"mask": nested bools, "count": n}``, or past
    :data:`MAX_MASK_ENTRIES` ``{"mask": None, "count": n, "first": [flat indices]}`` (the first
    :data:`MASK_SAMPLE` entries that disagree), so the JSON stays bounded.

    >>> mismatch_json(np.array([[False, True], [False, False]]))
    {'mask': [[False, True], [False, False]], 'count': 1}
    """
    mask = np.asarray(mask, dtype=bool)
    record = {"mask": mask.tolist() if mask.size <= MAX_MASK_ENTRIES else None, "count": int(mask.sum())}
    if record["mask"] is None:
        record["first"] = [int(i) for i in np.flatnonzero(mask)[:MASK_SAMPLE]]
    return record


def in_dtype(a, dtype):
    """``a`` (float64) as ``dtype`` holds it: entries beyond its largest finite number are ±inf
    (what a cast gives), the rest unchanged.  Returns (the array, the largest finite float64
    magnitude that overflows, or None when none does).

    >>> in_dtype(np.array([2.0, 2.69e43]), np.float32)[0]
    array([ 2., inf])
    """
    a = np.asarray(a, dtype=np.float64)
    dtype = np.dtype(dtype)
    if dtype.kind != "f" or dtype.itemsize >= 8 or not a.size:
        return a, None
    with np.errstate(over="ignore", invalid="ignore"):
        over = np.isfinite(a) & np.isinf(a.astype(dtype))
    if not over.any():
        return a, None
    return np.where(over, np.copysign(np.inf, a), a), float(np.max(np.abs(a[over])))


def narrowest(*dtypes):
    """The floating dtype with the smallest range among ``dtypes`` (numpy dtypes; others ignored),
    or float64: where a gradient passes through several dtypes, the narrowest one bounds it."""
    floats = [np.dtype(d) for d in dtypes if np.dtype(d).kind == "f"]
    return min(floats, key=lambda d: np.finfo(d).max, default=np.dtype(np.float64))
