"""The third witness: J by float64 central differences of the recorded forward.

No rule of differentiation goes into it, neither the engine's nor symengine's:
each leaf element is nudged by ±h and the forward is computed again, in
float64, and the output's change over 2h is a column of J.

The forward computed again is the tape of the capture run
(:mod:`core.analysis.tape`), not the program: every recorded entry is
replayed with the registry's own numpy forward (``op.forward(*arrays,
**params)``), on float64 copies of the recorded numbers, the way
:func:`core.ops.registry.apply` and :func:`core.ops.inplace.inplace` run it:

* a leaf starts from the numbers it had when it became a leaf (the nudged one
  moved by ±h);
* an op's inputs are cast to its result dtype as the engine casts them, with
  float64 wherever the engine had a floating dtype;
* views are numpy views of what they view, and an in-place entry writes into
  its target's array, so a write through a view lands in its base as it did in
  the program (``y[0, 0] = ...``);
* a constant (a tensor that did not require grad) is the array the tape made
  for it while it is unchanged since (same version counter), so constants
  computed from the leaves under ``no_grad`` move with the nudge, as they
  would in the program; one that shares the array of a tensor the tape made
  (``x.detach()``, ``x.data``: :attr:`Tape.aliases`) is that array, nudged
  and written with it; otherwise the numbers recorded.

Before nudging anything, the replay is checked against the engine: the leaves
must come back with the numbers they have and the output with its value, else
something changed that the tape does not see (``.data``, a detached alias) and
the witness is left out rather than reporting the differences of another
function.
"""
from __future__ import annotations

import time

import numpy as np

from core import dtypes
from core.analysis.verdict import compare, in_dtype, mismatch
from core.ops.registry import _result_dtype
from core.tensor.tensor import Tensor

H = 1e-6                                         # the step, relative to max(1, |x|)
MAX_LEAF_ELEMENTS, MAX_OUTPUT_ELEMENTS = 24, 64  # two replays per leaf element
AGREE = 1e-3  # float32 values, float64 differences: agreement to 1e-3 relative is the honest claim
MAX_SECONDS = 2.0     # the replays of one witness (the columns, or the directions and entries), all together


class CannotReplay(Exception):
    """The tape cannot be replayed in numpy (or not to the engine's numbers).  ``overflowed`` is
    the program's dtype when its numbers differ only where that dtype overflowed (inf or nan
    where float64 has finite numbers), else None."""

    def __init__(self, overflowed: str | None = None):
        super().__init__(overflowed)
        self.overflowed = overflowed


def applies(out, leaves) -> bool:
    """Whether the witness is computed for this output and these leaves (small ones)."""
    return (bool(leaves) and out.requires_grad and sum(t.numel() for _, t in leaves) <= MAX_LEAF_ELEMENTS
            and out.numel() <= MAX_OUTPUT_ELEMENTS)


class OverBudget(Exception):
    """The replays passed their time budget: ``done`` of ``total`` columns were computed."""

    def __init__(self, done: int, total: int, seconds: float):
        super().__init__(f"{done} of {total} columns in {seconds:g} s")
        self.done, self.total, self.seconds = done, total, seconds


def witness(tape, out, leaves, J, h: float = H, max_seconds: float | None = None):
    """{"jacobian": {leaf: J by differences}, "max_abs_diff", "match"} beside
    ``J`` (the symbolic J, or the engine's one-hot rows; None: not compared yet, ``match`` None,
    see :func:`judge`); None when the tape is too large to have been kept (the
    tape's own note says so).  Raises :class:`CannotReplay` when the tape does
    not give the program's numbers back, :class:`OverBudget` past ``max_seconds``
    (:data:`MAX_SECONDS` by default)."""
    if tape.too_large:
        return None
    seconds = MAX_SECONDS if max_seconds is None else max_seconds
    deadline = time.monotonic() + seconds
    entries, plans = tape.entries, {}
    where = _nudge_points(entries, leaves)
    _check(replay(entries, None, tape.aliases, plans), out, leaves)
    fd = {}
    done, total = 0, sum(t.numel() for _, t in leaves)
    for name, t in leaves:
        x = np.asarray(t._data, dtype=np.float64).ravel()
        cols = []
        for e in range(t.numel()):
            if time.monotonic() > deadline:
                raise OverBudget(done, total, seconds)
            step = h * max(1.0, abs(float(x[e])))
            plus = _value(replay(entries, _one(where[id(t)], t, e, step), tape.aliases, plans), id(out))
            minus = _value(replay(entries, _one(where[id(t)], t, e, -step), tape.aliases, plans), id(out))
            cols.append(((plus - minus) / (2 * step)).ravel())
            done += 1
        fd[name] = np.array(cols).T.reshape(tuple(out.shape) + tuple(t.shape))
    return judge({"jacobian": fd, "max_abs_diff": float("nan"), "match": None}, J)


def judge(fd: dict, J) -> dict:
    """``fd`` (what :func:`witness` gives) compared with ``J`` ({leaf: array}; None: not compared)."""
    if J is None:
        return fd
    worst, ok = 0.0, True
    for name, cols in fd["jacobian"].items():
        d, good = compare(J[name], cols)
        finite = np.where(np.isfinite(J[name]), J[name], 0)
        scale = max(1.0, float(np.nanmax(np.abs(finite)))) if J[name].size else 1.0
        good = good or d <= AGREE * scale
        worst, ok = max(worst, d), ok and good
    return {**fd, "max_abs_diff": worst, "match": ok}


def _nudge_points(entries, leaves) -> dict:
    """{id(leaf): the index of the entry where it is nudged}.  A leaf is nudged where it last became
    one (the symbols of J are that entry's), then past the writes under no_grad that give it its
    numbers before anything uses it with grad on (nn.init filling a Parameter made empty), which
    would otherwise overwrite the nudge."""
    where = {e.result: k for k, e in enumerate(entries) if e.kind == "leaf"}
    if any(id(t) not in where for _, t in leaves):
        raise CannotReplay()
    for _, t in leaves:
        key = id(t)
        for k in range(where[key] + 1, len(entries)):
            e = entries[k]
            if e.kind == "inplace" and e.result == key and not e.grad_enabled:
                where[key] = k
            elif e.grad_enabled and any(spec[0] != "py" and spec[1] == key for spec in e.inputs):
                break
    return where


def _one(k, t, element, step) -> dict:
    """The nudge of one element of leaf ``t`` (nudged at entry ``k``) by ``step``."""
    delta = np.zeros(t.numel())
    delta[element] = step
    return {k: delta}


def _check(values, out, leaves):
    """The unnudged replay gives the engine's leaves and output (to float32 precision).  The replay
    is in float64, the program in its dtype: a replayed number beyond the dtype's range is the
    infinity the program has there (e¹⁰⁰ in float32), so it is compared as that dtype holds it."""
    for t in [out] + [t for _, t in leaves]:
        got = _value(values, id(t))
        want = np.asarray(t._data, dtype=np.float64)
        if got.shape != want.shape:
            raise CannotReplay()
        got, _ = in_dtype(got, t._data.dtype)
        d, ok = compare(want, got)
        finite = np.where(np.isfinite(want), np.abs(want), 0)
        if not ok and d > AGREE * max(1.0, float(finite.max()) if finite.size else 1.0):
            # NOTE: inf - inf is nan in the program where float64 subtracts two finite numbers: when
            # the program's numbers differ only where they are inf or nan, its dtype overflowed
            differ = mismatch(want, got) & ~(np.abs(want - got) <= AGREE * max(1.0, float(finite.max())))
            overflowed = bool(differ.any()) and bool(np.all(~np.isfinite(want[differ]) & np.isfinite(got[differ])))
            raise CannotReplay(t._data.dtype.name if overflowed else None)


def _value(values, key) -> np.ndarray:
    entry = values.get(key)
    if entry is None:
        raise CannotReplay()
    return np.asarray(entry[0], dtype=np.float64)


def replay(entries, nudge=None, aliases=None, plans=None) -> dict:
    """Replay ``entries`` in float64: {tensor id: (array, version)}.  ``nudge`` = {index of a leaf
    entry or of an in-place write to a leaf: the flat deltas added to that leaf there};
    ``aliases`` are the tape's (a constant sharing a recorded tensor's array).  ``plans``, a dict
    the replays of one tape share, keeps how each entry is computed (which inputs are tensors, the
    dtype they are cast to, the parameters): a nudge moves numbers, never dtypes or shapes, so
    that is the same in every replay (a third of a 20,000-op replay's time)."""
    values = {}
    aliases = aliases or {}
    nudge = nudge or {}
    plans = {} if plans is None else plans
    try:
        with np.errstate(all="ignore"):
            for k, e in enumerate(entries):
                if e.kind == "leaf":
                    arr = _float64(e.value)
                    if k in nudge:
                        arr.reshape(-1)[...] += nudge[k]
                    values[e.result] = (arr, e.version)
                    continue
                args = [_input(values, spec, aliases) for spec in e.inputs]
                plan = plans.get(k)
                if plan is None:
                    tensors = [spec[0] != "py" for spec in e.inputs]
                    plan = plans[k] = (tensors, _cast_dtype(e.op, args, tensors), _params(e.params))
                out = _forward(e.op, args, *plan)
                if e.kind == "inplace":
                    out = _write(args[0], out)
                    if k in nudge:
                        moved = out if isinstance(out, np.ndarray) else np.array(out)
                        moved.reshape(-1)[...] += nudge[k]
                        out = moved if isinstance(out, np.ndarray) else moved[()]
                values[e.result] = (out, e.version)
    except CannotReplay:
        raise
    except Exception as error:  # noqa: BLE001 - a forward refusing float64 numbers: no replay, no witness
        raise CannotReplay() from error
    return values


def _float64(arr):
    """A copy of a recorded array, float64 when it was floating."""
    arr = np.asarray(arr)
    return arr.astype(np.float64) if arr.dtype.kind == "f" else arr.copy()


def _input(values, spec, aliases):
    kind = spec[0]
    if kind == "py":
        return spec[1]
    if kind == "ref":
        entry = values.get(spec[1])
        if entry is None:  # a tensor that requires grad came from outside the recorded operations
            raise CannotReplay()
        return entry[0]
    _, key, arr, version = spec
    entry = values.get(key)
    if entry is not None and entry[1] == version:
        return entry[0]  # unchanged since it was made here: keep it (a view stays a view)
    owner = values.get(aliases.get(key)) if entry is None else None
    if owner is not None and isinstance(owner[0], np.ndarray) and owner[0].shape == np.shape(arr):
        value = owner[0]  # x.detach(), x.data: the same array as x, nudged with it, written with it
    else:
        value = _float64(arr)
    values[key] = (value, version)
    return value


def _params(params):
    """Parameters with float64 for every floating dtype (``x.to(torch.float32)`` stays float64)."""
    if not any(isinstance(p, dtypes.dtype) for p in params.values()):
        return params
    return {k: dtypes.float64 if isinstance(p, dtypes.dtype) and p.is_floating_point else p
            for k, p in params.items()}


def _cast_dtype(op, args, tensors):
    """The dtype the engine casts the inputs to (None: as they are), float64 for a floating one."""
    wrapped = tuple(Tensor._make(a) if is_tensor else a for a, is_tensor in zip(args, tensors))
    d = _result_dtype(op, wrapped)
    if d is None:
        return None
    return np.dtype(np.float64) if d.is_floating_point else d.np


def _forward(op, args, tensors, d, params):
    """One entry's numbers, as :func:`core.ops.registry.apply` computes them (``d``: the dtype the
    tensors among ``args`` are cast to, :func:`_cast_dtype`)."""
    if d is not None:
        args = [a.astype(d) if is_tensor and a.dtype != d else a for a, is_tensor in zip(args, tensors)]
    out = op.forward(*args, **params) if params else op.forward(*args)
    if op.has_aux:
        out, _ = out
    if not isinstance(out, (np.ndarray, np.generic)):
        out = np.asarray(out) if d is None else np.asarray(out, dtype=d)
        if out.ndim == 0:
            out = out[()]
    return out


def _write(target, out):
    """An in-place write, as :func:`core.ops.inplace._write` does it: into the
    array (and so into whatever it is a view of), or a new scalar."""
    if isinstance(target, np.ndarray):
        target[...] = out
        return target
    return np.asarray(out, dtype=target.dtype)[()]


# ---------------------------------------------------------------------------
# leaves too large for a column per element: directions and sampled entries
# ---------------------------------------------------------------------------

DIRECTIONS = 2          # random directions u: the difference of wᵀf along u against (wᵀJ)·u
SAMPLES = 4             # entries of wᵀJ per leaf: its largest one by the engine, then random ones


def spot_applies(out, leaves) -> bool:
    """Whether :func:`spot_witness` is the differences witness here (the leaves or the output are
    too large for :func:`witness`, which needs two replays per leaf element)."""
    return bool(leaves) and out.requires_grad and not applies(out, leaves)


def spot_witness(tape, out, leaves, w, grads, h: float = H, max_seconds: float | None = None, seed: int = 0):
    """The float64 differences of ``wᵀ out`` beside the engine's ``grads`` = wᵀJ ({leaf: array}),
    where a column per element would be too many replays (gradcheck's fast mode, and a few entries).

    Along :data:`DIRECTIONS` random directions u (every leaf moved at once), the central difference
    of wᵀf against Σ ⟨wᵀJ, u⟩; then :data:`SAMPLES` entries of each leaf's wᵀJ, one element moved.
    Replays stop after ``max_seconds`` (``complete`` is then False and says what was left).
    Returns {"directions": [...], "entries": [...], "max_abs_diff", "match", "complete"}; raises
    :class:`CannotReplay` as :func:`witness` does; None when the tape was too large to keep."""
    if tape.too_large:
        return None
    entries, plans = tape.entries, {}
    where = _nudge_points(entries, leaves)
    _check(replay(entries, None, tape.aliases, plans), out, leaves)
    deadline = time.monotonic() + (MAX_SECONDS if max_seconds is None else max_seconds)
    w = np.asarray(w, dtype=np.float64)
    rng = np.random.default_rng(seed)
    scale = max([1.0] + [float(np.nanmax(np.abs(np.asarray(t._data, dtype=np.float64)))) for _, t in leaves
                         if t.numel()])
    step = h * scale

    def moved(nudge):
        plus = _value(replay(entries, {k: d * step for k, d in nudge.items()}, tape.aliases, plans), id(out))
        minus = _value(replay(entries, {k: -d * step for k, d in nudge.items()}, tape.aliases, plans), id(out))
        return float(np.sum(w * (plus - minus))) / (2 * step)

    result = {"directions": [], "entries": [], "max_abs_diff": 0.0, "match": True, "complete": True}

    def tally(got, want, tol):
        d = abs(got - want) if np.isfinite(got) and np.isfinite(want) else (0.0 if got == want else np.inf)
        ok = bool(d <= tol)
        result["max_abs_diff"] = max(result["max_abs_diff"], d)
        result["match"] = result["match"] and ok
        return ok

    for _ in range(DIRECTIONS):
        if time.monotonic() > deadline:
            result["complete"] = False
            break
        us = {name: rng.standard_normal(t.numel()) for name, t in leaves}
        got = moved({where[id(t)]: us[name] for name, t in leaves})
        terms = [np.asarray(grads[name], dtype=np.float64).ravel() * us[name] for name, _ in leaves]
        want = float(sum(np.sum(x) for x in terms))
        size = float(sum(np.sum(np.abs(x)) for x in terms))
        ok = tally(got, want, AGREE * max(size, 1e-3))
        result["directions"].append({"difference": got, "backward": want, "match": ok})
    for name, t in leaves:
        g = np.asarray(grads[name], dtype=np.float64).ravel()
        if not g.size:
            continue
        finite = np.where(np.isfinite(g), np.abs(g), -1.0)
        picks = [int(np.argmax(finite))]
        others = [i for i in rng.permutation(g.size)[:SAMPLES] if i != picks[0]]
        picks += [int(i) for i in others[:SAMPLES - 1]]
        for i in picks:
            if time.monotonic() > deadline:
                result["complete"] = False
                break
            delta = np.zeros(g.size)
            delta[i] = 1.0
            got = moved({where[id(t)]: delta})
            ok = tally(got, float(g[i]), AGREE * max(1.0, float(np.max(np.abs(g[np.isfinite(g)]), initial=0.0))))
            result["entries"].append({"leaf": name, "index": [int(j) for j in np.unravel_index(i, tuple(t.shape))],
                                      "difference": got, "backward": float(g[i]), "match": ok})
    if not result["directions"] and not result["entries"]:
        result["match"] = None      # no check fitted: this witness says nothing
    return result
