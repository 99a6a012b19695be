"""Real PyTorch as a witness, and the forward prefix as a plain PyTorch script.

Both come from one walk over a :class:`~core.analysis.tape.Tape`: every entry
(a leaf, an op, an in-place write) is turned into the PyTorch call that does
the same thing.  :class:`_Replay` makes the calls on real ``torch`` tensors;
:class:`_Script` writes them down as lines of Python.  Each op's declaration
says which PyTorch function or method it is and where its arguments come from
(``OpDef.pytorch``, see :func:`core.ops.registry.call`), so the two back ends
cannot drift apart; the few ops written by indexing or returning a pair
(``SPECIAL``) are replayed by the code below.

The program is never run by PyTorch: only the recorded operations are, on the
recorded numbers.  If what PyTorch computes for the forward differs from the
engine's numbers (a leaf, or the output), the witness says so instead of
comparing gradients of different functions.
"""
from __future__ import annotations

import math
import threading

import numpy as np

from core import dtypes
from core.analysis.tape import Recording
from core.analysis.verdict import cancelling_scale, compare
from core.ops import REGISTRY
from core.tensor.tensor import Tensor
from core.translatable import _T

_loaded = threading.Event()
_preloading = threading.Event()     # a preload has begun ...
_preloaded = threading.Event()      # ... and has ended (torch imported, or not there)


def preload(then=None):
    """Import torch in a background thread (it takes seconds); :func:`loaded`
    says when it is ready, and ``then()`` is called (in that thread).  Without
    torch, nothing happens."""
    def load():
        try:
            import torch  # noqa: F401
        except ImportError:
            return
        finally:
            _preloaded.set()
        _loaded.set()
        if then is not None:
            then()
    _preloading.set()
    threading.Thread(target=load, daemon=True, name="torch-preload").start()


def loaded(wait: float = 0.0) -> bool:
    """Whether torch has been imported through :func:`preload` (or is known imported); a preload
    under way is waited for up to ``wait`` seconds first (an analysis busy with symbols slows the import
    thread down: waiting at its end costs less than analysing the program again once torch is there)."""
    if wait > 0 and _preloading.is_set() and not _preloaded.is_set():
        _preloaded.wait(wait)
    return _loaded.is_set()


class ReplayError(Exception):
    """The tape cannot be turned into PyTorch calls (an op without a counterpart...)."""


_DATA_REPLACED = _T("the program replaced a tensor's numbers through .data (param.data = ..., module.double()), "
                    "which a replay does not see")


def supported(op_name: str) -> bool:
    return REGISTRY[op_name].pytorch is not None


# ---------------------------------------------------------------------------
# the walk
# ---------------------------------------------------------------------------

def _grad_on(e) -> bool:
    """The grad mode an entry is replayed under (see :func:`_walk`)."""
    if e.kind == "leaf":
        return e.grad_enabled
    return e.grad_enabled or (e.op.view and not any(s[0] == "ref" for s in e.inputs))


def _single_use(rec: Recording, keep: set) -> set:
    """Results used once, soon after they are made (no write in between, same
    grad mode) and never written: a script can write them where they are used."""
    entries = rec.tape.entries
    made, uses, written = {}, {}, set()
    for k, e in enumerate(entries):
        for spec in e.inputs:
            if spec[0] != "py":
                uses.setdefault(spec[1], []).append(k)
        if e.kind == "op":
            made[e.result] = k
        elif e.kind == "inplace":
            written.add(e.result)
    writes = [k for k, e in enumerate(entries) if e.kind == "inplace"]
    single = set()
    for key, k in made.items():
        used = uses.get(key, [])
        if key in keep or key in written or len(used) != 1 or used[0] <= k:
            continue
        j = used[0]
        if _grad_on(entries[k]) == _grad_on(entries[j]) and not any(k < w < j for w in writes):
            single.add(key)
    return single


def _walk(rec: Recording, backend):
    for e in rec.tape.entries:
        if e.kind == "leaf":
            backend.mode(e.grad_enabled, e.default_dtype)
            backend.bind(e.result, backend.leaf(e.value), e.version)
            continue
        name = e.op.name
        if not supported(name):
            raise ReplayError(_T("no PyTorch counterpart is known for the op {op!r}").format(op=name))
        # a view of something that needs no grad is made with grad on: PyTorch forbids writing
        # through a view made under no_grad with grad on, and the engine's setitem makes them so
        backend.mode(_grad_on(e), e.default_dtype)
        args = [backend.value(s) for s in e.inputs]
        params = e.params
        if name == "copy_" and e.inputs[1][0] == "py":  # x[0] = 2.0: PyTorch's copy_ takes tensors only
            name, args, params = "fill_", args[:1], {"value": e.inputs[1][1]}
        if e.kind == "op":
            backend.bind(e.result, _call(backend, name, args, params), e.version)
        else:
            _inplace(backend, name, args, params)
            backend.bind(e.result, args[0], e.version, written=True)


def _params(backend, token, params):
    return backend.param(params[token[1:]])


def _arguments(backend, name, args, params):
    callee, positional, keywords = REGISTRY[name].pytorch
    pos = []
    for a in positional:
        if a == "*":
            pos.append(backend.sequence(args))
        elif isinstance(a, int):
            pos.append(args[a])
        else:
            pos.append(backend.param(params.get(a[1:])))
    kw = {}
    for key, a in keywords.items():
        if isinstance(a, int):
            if a < len(args) and not backend.is_none(args[a]):
                kw[key] = args[a]
        elif params.get(a[1:]) is not None:
            kw[key] = backend.param(params[a[1:]])
    return callee, pos, kw


# op -> (PyTorch's function, the params passed by position; the others by keyword)
_VALUES_OF = {"max_dim": ("torch.max", ("dim",)), "min_dim": ("torch.min", ("dim",)), "sort": ("torch.sort", ()),
              "topk": ("torch.topk", ("k",)), "median_dim": ("torch.median", ("dim",)),
              "cummax": ("torch.cummax", ("dim",)), "cummin": ("torch.cummin", ("dim",)),
              "kthvalue": ("torch.kthvalue", ("k", "dim")), "mode": ("torch.mode", ("dim",))}


def _call(backend, name, args, params):
    if name == "slice":
        items = [("all",)] * params["dim"] + [("slice", params["start"], params["stop"], params["step"])]
        return backend.index(args[0], items)
    if name == "index":
        return backend.index(args[0], _index_items(params["index"]))
    if name == "index_put":
        raise ReplayError(_T("index_put is replayed in place only"))
    if name == "clone":  # x.contiguous() is a clone in C order: CloneBackward0 in both
        return backend.call(".contiguous" if params.get("order") == "C" else ".clone", [args[0]], {})
    if name in ("svd_U", "svd_Vh"):   # one field of torch.linalg.svd's named tuple
        result = backend.call("torch.linalg.svd", [args[0]], {"full_matrices": backend.param(params["full_matrices"])})
        return backend.attribute(result, name[len("svd_"):])
    if name in ("qr_Q", "qr_R"):   # one field of torch.linalg.qr's named tuple
        result = backend.call("torch.linalg.qr", [args[0]], {"mode": backend.param(params.get("mode", "reduced"))})
        return backend.attribute(result, name[len("qr_"):])
    if name in ("lstsq_solution", "lstsq_residuals"):   # one field of torch.linalg.lstsq's named tuple
        kwargs = {"driver": backend.param(params.get("driver", "gelsy"))}
        if params.get("rcond") is not None:
            kwargs["rcond"] = backend.param(params["rcond"])
        result = backend.call("torch.linalg.lstsq", [args[0], args[1]], kwargs)
        return backend.attribute(result, name[len("lstsq_"):])
    if name == "eigh_vectors":   # the eigenvectors of torch.linalg.eigh's named tuple
        result = backend.call("torch.linalg.eigh", [args[0]], {"UPLO": backend.param(params.get("UPLO", "L"))})
        return backend.attribute(result, "eigenvectors")
    if name == "eig_vectors":   # the eigenvectors of torch.linalg.eig's named tuple
        return backend.attribute(backend.call("torch.linalg.eig", [args[0]], {}), "eigenvectors")
    if name in _VALUES_OF:   # the values of one of PyTorch's (values, indices) named tuples
        callee, positional = _VALUES_OF[name]
        pair = backend.call(callee, [args[0]] + [backend.param(params[k]) for k in positional],
                            {k: backend.param(v) for k, v in params.items() if k not in positional})
        return backend.attribute(pair, "values")
    callee, pos, kw = _arguments(backend, name, args, params)
    return backend.call(callee, pos, kw)


def _inplace(backend, name, args, params):
    target = args[0]
    if name == "index_put":
        if params.get("accumulate"):
            raise ReplayError(_T("index_put with accumulate=True is not replayed"))
        backend.setitem(target, _index_items(params["index"]), args[1])
    elif REGISTRY[name].pytorch[0] == "." + name:  # an in-place op of its own: copy_, fill_, zero_
        callee, pos, kw = _arguments(backend, name, args, params)
        backend.call(callee, pos, kw, statement=True)
    elif REGISTRY[name].pytorch_inplace:
        callee, pos, kw = _arguments(backend, name, args, params)
        backend.call("." + callee.split(".")[-1] + "_", pos, kw, statement=True)
    else:
        # NOTE: the op reads a copy: PyTorch's may save its input (leaky_relu, elu...), which copy_ overwrites
        source = backend.call(".clone", [target], {})
        backend.call(".copy_", [target, _call(backend, name, [source, *args[1:]], params)], {}, statement=True)


def _index_items(index):
    items = []
    for x in index:
        if isinstance(x, slice):
            items.append(("all",) if x == slice(None) else ("slice", x.start, x.stop, x.step))
        else:
            items.append(("array", np.asarray(x)))
    return items


# ---------------------------------------------------------------------------
# replaying in PyTorch
# ---------------------------------------------------------------------------

class _Replay:
    def __init__(self, torch):
        self.torch = torch
        self.map = {}

    def mode(self, grad_enabled, default_dtype):
        self.torch.set_grad_enabled(grad_enabled)
        self.torch.set_default_dtype(getattr(self.torch, default_dtype))

    def leaf(self, value):
        return self.torch.from_numpy(np.array(value, copy=True)).requires_grad_(True)

    def value(self, spec):
        kind = spec[0]
        if kind == "py":
            return spec[1]
        if kind == "ref":
            t = self.get(spec[1])
            if t is None:
                raise ReplayError(_T("a tensor that requires grad came from outside the recorded operations"))
            return t
        _, key, arr, version = spec
        entry = self.map.get(key)
        if entry is not None and entry[1] == version and not entry[0].requires_grad:
            return entry[0]  # unchanged since it was made here: keep it (a view stays a view)
        t = self.torch.from_numpy(np.array(arr, copy=True))
        self.map[key] = (t, version)
        return t

    def bind(self, key, t, version, written=False):
        self.map[key] = (t, version)

    def get(self, key):
        entry = self.map.get(key)
        return None if entry is None else entry[0]

    def param(self, v):
        if isinstance(v, np.ndarray):
            return self.torch.from_numpy(np.array(v, copy=True))
        if isinstance(v, dtypes.dtype):
            return getattr(self.torch, v.name)
        if isinstance(v, np.generic):
            return v.item()
        return v

    def sequence(self, args):
        return list(args)

    @staticmethod
    def is_none(v):
        return v is None

    def _function(self, callee):
        where = self.torch
        for part in callee.split(".")[1:]:
            where = getattr(where, part)
        return where

    def call(self, callee, pos, kw, statement=False):
        if callee.startswith("."):
            return getattr(pos[0], callee[1:])(*pos[1:], **kw)
        return self._function(callee)(*pos, **kw)

    def attribute(self, v, name):
        return getattr(v, name)

    def _key(self, items):
        key = []
        for it in items:
            if it[0] == "all":
                key.append(slice(None))
            elif it[0] == "slice":
                key.append(slice(*it[1:]))
            else:
                key.append(self.torch.from_numpy(np.array(it[1], copy=True)))
        return tuple(key)

    def index(self, v, items):
        return v[self._key(items)]

    def setitem(self, v, items, value):
        v[self._key(items)] = value


def witness(rec: Recording, leaves: list, v, J: dict, engine_backward: dict | None, engine_error: dict | None):
    """Replay the recording in real PyTorch and compare.  ``leaves`` are the
    analysis's (name, tensor) pairs; ``v`` its grad_tensor (None: J rows).
    Returns None when PyTorch is not installed, else a dict (see to_json)."""
    try:
        import torch  # optional (and seconds to import): only where the witness is asked for
    except ImportError:
        return None
    result = {"version": torch.__version__.split("+")[0], "backward": None, "jacobian": None,
              "max_abs_diff": 0.0, "match": True, "error": None, "note": None}
    if rec.tape.data_replaced:
        result.update(match=None, note=_T("not replayed in PyTorch: {reason}").format(reason=_DATA_REPLACED))
        return result
    prev_grad, prev_dtype = torch.is_grad_enabled(), torch.get_default_dtype()
    replay = _Replay(torch)
    try:
        with np.errstate(all="ignore"):
            _walk(rec, replay)
    except ReplayError as e:
        result.update(match=None, note=_T("not replayed in PyTorch: {reason}").format(reason=e))
        return result
    except Exception as e:  # noqa: BLE001 - PyTorch refusing a step is a finding, stated as such
        result.update(match=False, error={"type": type(e).__name__, "message": str(e)},
                      note=_T("PyTorch raised while replaying the forward"))
        return result
    finally:
        torch.set_grad_enabled(prev_grad)
        torch.set_default_dtype(prev_dtype)

    out = rec.output
    out_t = replay.get(id(out))
    leaves_t = [replay.get(id(t)) for _, t in leaves]
    if out_t is None or any(x is None for x in leaves_t):
        result.update(match=None, note=_T("not replayed in PyTorch: the output or a leaf was not made by "
                                          "recorded operations"))
        return result
    for (name, t), xt in zip(leaves, leaves_t):
        if not np.array_equal(xt.detach().numpy(), np.asarray(t._data), equal_nan=True):
            result.update(match=None, note=_T("not replayed in PyTorch: {name} was changed in a way the replay "
                                              "does not see (through .data or a detached alias)").format(name=name))
            return result
    d, ok = compare(out_t.detach().numpy(), np.asarray(out._data))
    if not ok:
        result.update(match=False, max_abs_diff=d,
                      note=_T("PyTorch's forward gives different values for the output (largest difference "
                              "{diff:.3g})").format(diff=d))
        return result
    if not out_t.requires_grad:
        if out.requires_grad:
            result.update(match=False, note=_T("in PyTorch the output does not require grad"))
        elif v is not None:
            result["backward"] = {name: np.zeros(t.shape) for name, t in leaves}
        return result

    def grads(weights):
        g = torch.autograd.grad(out_t, leaves_t, torch.as_tensor(np.asarray(weights, dtype=np.float64)).to(
            out_t.dtype).reshape(out_t.shape), retain_graph=True, allow_unused=True)
        return [np.zeros(t.shape) if x is None else x.detach().double().numpy() for x, (_, t) in zip(g, leaves)]

    worst, match = 0.0, True
    try:
        with np.errstate(all="ignore"):
            if v is not None:
                got = grads(v)
                result["backward"] = {name: g for (name, _), g in zip(leaves, got)}
                # PyTorch's float32 sums, on this CPU, in its order: an entry near zero beside large ones is
                # as precise as the large ones (the engine witness's rule)
                least = cancelling_scale(result["backward"].values())
                for name, g in result["backward"].items():
                    ref = (engine_backward or {}).get(name)
                    if ref is not None:
                        dd, okk = compare(g, ref, least)
                        worst, match = max(worst, dd), match and okk
                    if name in J:    # (no J: the symbolic J did not fit, and the output has too many rows)
                        vj = np.tensordot(v, J[name], axes=np.ndim(v))
                        dd, okk = compare(vj, g, least)
                        worst, match = max(worst, dd), match and okk
            elif out.numel() <= 400:
                rows = [[] for _ in leaves]
                for i in range(out.numel()):
                    onehot = np.zeros(out.numel())
                    onehot[i] = 1.0
                    for k, g in enumerate(grads(onehot)):
                        rows[k].append(g)
                result["jacobian"] = {}
                for k, (name, t) in enumerate(leaves):
                    Jt = np.array(rows[k]).reshape(tuple(out.shape) + tuple(t.shape))
                    result["jacobian"][name] = Jt
                    if name in J:
                        dd, okk = compare(J[name], Jt)
                        worst, match = max(worst, dd), match and okk
    except RuntimeError as e:
        result["error"] = {"type": type(e).__name__, "message": str(e)}
        same = engine_error is not None and engine_error.get("message") == str(e)
        result.update(match=same, note=_T("PyTorch's backward raises the same error as the engine's") if same
                      else _T("PyTorch's backward raises an error"))
        return result
    if engine_error is not None:
        result.update(match=False, note=_T("PyTorch's backward runs where the engine's raised"))
        return result
    result.update(max_abs_diff=worst, match=match)
    return result


# ---------------------------------------------------------------------------
# writing a script
# ---------------------------------------------------------------------------

def _float(x) -> str:
    x = float(x)
    if math.isnan(x):
        return "float('nan')"
    if math.isinf(x):
        return "float('inf')" if x > 0 else "-float('inf')"
    return repr(x)


def _number(x, kind, np_dtype) -> str:
    if kind == "c":     # complex(real, imag), each part written as its float dtype's number
        part = np.dtype(np.float32 if np_dtype == np.complex64 else np.float64)
        return f"complex({_number(part.type(x.real), 'f', part)}, {_number(part.type(x.imag), 'f', part)})"
    if kind == "b":
        return "True" if x else "False"
    if kind in "iu":
        return str(int(x))
    if np_dtype == np.float32 or np_dtype == np.float16:
        short = np.format_float_positional(np_dtype.type(x), unique=True, trim="0") \
            if abs(float(x)) < 1e16 and (x == 0 or abs(float(x)) > 1e-5) else repr(float(x))
        if short.endswith("."):
            short += "0"
        if math.isfinite(float(x)) and np_dtype.type(float(short)) == x:
            return short
    return _float(x)


def _literal(arr) -> str:
    arr = np.asarray(arr)
    kind = arr.dtype.kind

    def nest(a):
        if a.ndim == 0:
            return _number(a[()], kind, arr.dtype)
        return "[" + ", ".join(nest(b) for b in a) + "]"
    return nest(arr)


# an expression written where it is used, at most this long: a chain of 20,000 ops inlined whole
# held every prefix of its text (gigabytes), and Python's parser refuses 200 nested parentheses
MAX_INLINE_CHARS = 200


class _Script:
    def __init__(self, names: dict, inline: set):
        self.names = dict(names)      # id -> the program's name at the end
        self.inline = inline          # ids whose expression is written where it is used
        self.used = set(names.values())
        self.map = {}                 # id -> (name, version counter when it was made or written)
        self.lines = []               # (grad enabled, text)
        self._grad = True
        self._dtype = "float32"
        self._count = 0

    def _fresh(self, key, prefix="t"):
        """A name for the tensor ``key``: the program's, if free, else PREFIX<n>
        (with key None: ``prefix`` itself if free)."""
        name = self.names.get(key) if key is not None else None
        if name is not None and (name not in {v[0] for v in self.map.values()}
                                 or self.map.get(key, (None,))[0] == name):
            return name
        if key is None and prefix not in self.used:
            self.used.add(prefix)
            return prefix
        while True:
            self._count += 1
            name = f"{prefix}{self._count}"
            if name not in self.used:
                self.used.add(name)
                return name

    def emit(self, text):
        self.lines.append((self._grad, text))

    def mode(self, grad_enabled, default_dtype):
        self._grad = grad_enabled
        if default_dtype != self._dtype:
            self._dtype = default_dtype
            self.lines.append((True, f"torch.set_default_dtype(torch.{default_dtype})"))

    def leaf(self, value):
        arr = np.asarray(value)
        return ("leaf", f"torch.tensor({_literal(arr)}, dtype=torch.{dtypes.from_numpy(arr.dtype).name}, "
                        "requires_grad=True)")

    def value(self, spec):
        kind = spec[0]
        if kind == "py":
            return self.param(spec[1])
        if kind == "ref":
            entry = self.map.get(spec[1])
            if entry is None:
                raise ReplayError(_T("a tensor that requires grad came from outside the recorded operations"))
            return entry[0]
        _, key, arr, version = spec
        entry = self.map.get(key)
        if entry is not None and entry[1] == version:
            return entry[0]
        name = self._fresh(key, "c")
        self.lines.append((True, f"{name} = torch.tensor({_literal(arr)}, "
                                 f"dtype=torch.{dtypes.from_numpy(arr.dtype).name})"))
        self.map[key] = (name, version)
        return name

    def bind(self, key, expr, version, written=False):
        if written:
            self.map[key] = (self.map[key][0], version)
            return
        if isinstance(expr, tuple):  # a leaf
            name = self._fresh(key, "x")
            self.lines.append((True, f"{name} = {expr[1]}"))
        elif key in self.inline and len(expr) <= MAX_INLINE_CHARS:
            name = expr
        else:
            name = self._fresh(key)
            self.emit(f"{name} = {expr}")
        self.map[key] = (name, version)

    def param(self, v):
        if isinstance(v, np.ndarray):
            return f"torch.tensor({_literal(v)})"
        if isinstance(v, dtypes.dtype):
            return "torch." + v.name
        if isinstance(v, (bool, np.bool_)):
            return repr(bool(v))
        if isinstance(v, (float, np.floating)):
            return _float(v)
        if isinstance(v, (int, np.integer)):
            return str(int(v))
        if isinstance(v, tuple):
            return "(" + ", ".join(self.param(x) for x in v) + ("," if len(v) == 1 else "") + ")"
        if isinstance(v, list):
            return "[" + ", ".join(self.param(x) for x in v) + "]"
        return repr(v)

    def sequence(self, args):
        return "[" + ", ".join(args) + "]"

    @staticmethod
    def is_none(v):
        return v == "None"

    def call(self, callee, pos, kw, statement=False):
        args = ", ".join(list(pos[1:] if callee.startswith(".") else pos) + [f"{k}={v}" for k, v in kw.items()])
        text = f"{pos[0]}{callee}({args})" if callee.startswith(".") else f"{callee}({args})"
        if statement:
            self.emit(text)
        return text

    def attribute(self, v, name):
        return f"{v}.{name}"

    def _key(self, items):
        parts = []
        for it in items:
            if it[0] == "all":
                parts.append(":")
            elif it[0] == "slice":
                start, stop, step = it[1:]
                text = ("" if start in (None, 0) else str(start)) + ":" + ("" if stop is None else str(stop))
                parts.append(text + ("" if step in (None, 1) else f":{step}"))
            else:
                parts.append(f"torch.tensor({_literal(it[1])})")
        return ", ".join(parts) if parts else "..."

    def index(self, v, items):
        return f"{v}[{self._key(items)}]"

    def setitem(self, v, items, value):
        self.emit(f"{v}[{self._key(items)}] = {value}")

    def render(self) -> list[str]:
        out, block = [], False
        for grad, text in self.lines:
            if not grad and not block:
                out.append("with torch.no_grad():")
                block = True
            elif grad and block:
                block = False
            out.append(("    " if block else "") + text)
        return out


def _unseen_change(rec: Recording, leaves: list):
    """The name of a leaf whose numbers changed with no recorded write (through
    ``.data`` or a detached alias): a replay would start from other numbers."""
    written = {e.result for e in rec.tape.entries if e.kind == "inplace"}
    first = {}
    for e in rec.tape.entries:
        if e.kind == "leaf":
            first[e.result] = e.value
    for name, t in leaves:
        key = id(t)
        if key in first and key not in written and not np.array_equal(first[key], np.asarray(t._data),
                                                                        equal_nan=True):
            return name
    return None


def script(rec: Recording, leaves: list, output_name: str, v) -> str:
    """A plain PyTorch program that rebuilds the forward prefix from the
    recorded numbers and prints what backward gives: ``out.backward(v)`` and
    each leaf's ``.grad`` (or, with no v, J one row at a time)."""
    names = {}
    for name, t in rec.namespace.items():
        if isinstance(t, Tensor) and name.isidentifier() and id(t) not in names:
            names[id(t)] = name
    if rec.tape.data_replaced:
        raise ReplayError(_DATA_REPLACED)
    changed = _unseen_change(rec, leaves)
    if changed is not None:
        raise ReplayError(_T("{name} was changed through .data or a detached alias, which a replay cannot "
                             "see").format(name=changed))
    out_id = id(rec.output)
    names[out_id] = output_name if output_name.isidentifier() else names.get(out_id, "out")
    w = _Script(names, _single_use(rec, set(names)))
    _walk(rec, w)
    w.mode(True, "float32")
    lines = ["# Written by Backprop Lens: the program's forward, step by step, with the numbers it had,",
             "# then backward. Run it with PyTorch installed: python this_file.py",
             "import torch", ""] + w.render() + [""]
    out = w.map[out_id][0] if out_id in w.map else output_name
    leaf_names = [w.map[id(t)][0] for _, t in leaves if id(t) in w.map]
    # what each is printed as: the analysis's name (a model's parameter: model.linear.weight)
    labels = [label for label, t in leaves if id(t) in w.map]
    if out != output_name and output_name.isidentifier() and output_name not in {e[0] for e in w.map.values()}:
        lines.append(f"{output_name} = {out}")
        out = output_name
    lines.append(f"print('{out} =', {out}.tolist())")
    tail = {base: w._fresh(None, base) for base in ("v", "leaves", "rows", "grads", "onehot", "i", "k", "g")}
    if v is not None:
        arr = np.asarray(v)
        lines.append(f"{tail['v']} = torch.tensor({_literal(arr.astype(np.float64))}, dtype={out}.dtype)")
        for name in leaf_names:
            lines.append(f"{name}.grad = None")
        lines.append(f"{out}.backward({tail['v']})")
        for label, name in zip(labels, leaf_names):
            lines.append(f"print('{label}.grad =', None if {name}.grad is None else {name}.grad.tolist())")
    else:
        t = tail
        lines += [f"# {out} has more than one element and the program gives no v: J one row at a time",
                  f"{t['leaves']} = [{', '.join(leaf_names)}]",
                  f"{t['rows']} = [[] for _ in {t['leaves']}]",
                  f"for {t['i']} in range({out}.numel()):",
                  f"    {t['onehot']} = torch.zeros({out}.numel(), dtype={out}.dtype)",
                  f"    {t['onehot']}[{t['i']}] = 1",
                  f"    {t['grads']} = torch.autograd.grad({out}, {t['leaves']}, {t['onehot']}.view({out}.shape), "
                  "retain_graph=True, allow_unused=True)",
                  f"    for {t['k']}, {t['g']} in enumerate({t['grads']}):",
                  f"        {t['rows']}[{t['k']}].append(torch.zeros_like({t['leaves']}[{t['k']}]) if {t['g']} is None "
                  f"else {t['g']})"]
        for k, (label, name) in enumerate(zip(labels, leaf_names)):
            lines.append(f"print('J for {label} =', torch.stack({t['rows']}[{k}]).reshape({out}.shape + {name}.shape)"
                         ".tolist())")
    return "\n".join(lines) + "\n"
