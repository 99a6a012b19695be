"""The analysis: symbolic J and vᵀJ beside the engine's backward, and a verdict.

Steps (DESIGN.md, "How data flows"):

1. *Discover*: run the program, noting every backward / autograd.grad it asks
   for (which tensor, which statement, which gradient argument).
2. *Choose* the output (the option, else the first tensor differentiated, else
   the last top-level tensor with a grad_fn) and ``v`` (the option, else the
   call's gradient argument, else ones for one element).
3. *Capture*: run again with the symbolic shadow on, and stop just before the
   output is differentiated: the forward prefix, in numbers and in symbols.
4. *Witness*: J by differentiating the symbolic output (symengine), evaluated
   at the program's values; vᵀJ from it.  The engine's backward(v) on the same
   captured prefix (hooks left out, as the Jacobian is the mathematical one).
5. *Verdict*: entry by entry, with a float32 tolerance.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

import numpy as np
import symengine as se

from core.interp import Limits, run_program
from core.interp.parse import ProgramRejected, parse_program
from core.interp.run import StopRun
from core.symbolic.jacobian import display_names, jacobian, latex_matrix
from core.symbolic.shadow import Shadow
from core.analysis.paths import LocalPartials
from core.context import Observer
from core.translatable import _T

# Every text a user reads (notes, AnalysisError messages) is a _T("template").format(...):
# the desktop shows it translated (see core.translatable); the JSON keeps the English.
IMPLICIT_NONSCALAR = _T(
    "PyTorch raises \"grad can be implicitly created only for scalar outputs\" here: {name} has shape "
    "{shape}, so backward() needs a gradient v of that shape (the weights of the rows of J it adds up). "
    "Choose v (the app's v editor, or --grad-tensor) to see vᵀJ; J itself is shown in full.")


class AnalysisError(Exception):
    """The analysis cannot be done as asked (bad v, unknown output...)."""


@dataclass
class Differentiation:
    ordinal: int
    statement: int
    line: int | None
    kind: str
    names: list
    shape: tuple
    requires_grad: bool
    grad: np.ndarray | None
    n_outputs: int = 1
    retain_graph: bool | None = None
    create_graph: bool = False


@dataclass
class Analysis:
    output: str
    output_shape: list
    leaves: list
    grad_tensor: np.ndarray | None
    grad_tensor_source: str | None
    jacobian: dict
    jacobian_latex: dict
    vjp: dict | None
    backward: dict | None
    engine_jacobian: dict
    max_abs_diff: float
    match: bool
    notes: list = field(default_factory=list)
    line: int | None = None
    trace: list = field(default_factory=list)
    engine_error: dict | None = None   # the engine's backward raised (as PyTorch's would)
    graph: dict = field(default_factory=dict)
    state: object = field(default=None, repr=False, compare=False)  # the captured graph, for paths()
    # when the program differentiates with create_graph: d²(v·out)/d leaf², symbolic beside the engine's
    second_order: dict | None = None
    # float64 central differences of the program's own forward (small leaves only)
    differences: dict | None = None
    # element names for tables: {"output": [out_11, ...], leaf: [x_11, ...]}
    labels: dict = field(default_factory=dict)
    # real PyTorch replaying the recorded forward (core.analysis.pytorch.witness), when installed
    pytorch: dict | None = None
    # the forward prefix as a plain PyTorch script that prints the same grads
    pytorch_script: str | None = None

    def paths(self, leaf: str, i: int, k: int, max_paths: int = 200):
        """The chain-rule paths from output element ``i`` to element ``k`` of
        ``leaf`` (flat indices): (paths, their sum = J[i, k], complete)."""
        from core.analysis.paths import chain_paths
        out, leaves, names, partials = self.state
        return chain_paths(out, leaves[leaf], i, k, names, max_paths, partials)

    def to_json(self) -> dict:
        return {
            "output": self.output, "output_shape": self.output_shape, "leaves": self.leaves,
            "grad_tensor": None if self.grad_tensor is None else nested(self.grad_tensor),
            "grad_tensor_source": self.grad_tensor_source,
            "jacobian": {k: nested(v) for k, v in self.jacobian.items()},
            "jacobian_latex": self.jacobian_latex,
            "vjp": None if self.vjp is None else {k: nested(v) for k, v in self.vjp.items()},
            "backward": None if self.backward is None else {k: nested(v) for k, v in self.backward.items()},
            "max_abs_diff": _json_float(self.max_abs_diff), "match": self.match,
            "notes": self.notes, "line": self.line, "trace": self.trace,
            "engine_error": self.engine_error, "graph": self.graph, "labels": self.labels,
            "second_order": None if self.second_order is None else {
                leaf: {"symbolic": nested(h["symbolic"]), "engine": nested(h["engine"]),
                       "max_abs_diff": _json_float(h["max_abs_diff"]), "match": h["match"]}
                for leaf, h in self.second_order.items()},
            "differences": None if self.differences is None else {
                "jacobian": {k: nested(v) for k, v in self.differences["jacobian"].items()},
                "max_abs_diff": _json_float(self.differences["max_abs_diff"]),
                "match": self.differences["match"]},
            "pytorch": None if self.pytorch is None else {
                "version": self.pytorch["version"],
                "backward": None if self.pytorch["backward"] is None else {
                    k: nested(v) for k, v in self.pytorch["backward"].items()},
                "jacobian": None if self.pytorch["jacobian"] is None else {
                    k: nested(v) for k, v in self.pytorch["jacobian"].items()},
                "max_abs_diff": _json_float(self.pytorch["max_abs_diff"]), "match": self.pytorch["match"],
                "error": self.pytorch["error"], "note": self.pytorch["note"]},
            "pytorch_script": self.pytorch_script,
        }


def nested(arr):
    """A numpy array as nested lists with "nan"/"inf"/"-inf" strings."""
    from core.report_json import finite_json
    value = np.asarray(arr, dtype=np.float64).tolist()
    return finite_json(value)


def _json_float(x):
    if np.isnan(x):
        return "nan"
    if np.isinf(x):
        return "inf" if x > 0 else "-inf"
    return float(x)


# ---------------------------------------------------------------------------
# 1. discover
# ---------------------------------------------------------------------------

def discover(program, limits, cancel=None):
    """Run the program once; return its result and every differentiation asked for."""
    events = []

    def observe(kind, outputs, grads, interp, retain_graph=None, create_graph=False):
        if not outputs:
            return
        # several outputs at once (autograd.backward([a, b])): the analysis takes the first
        t = outputs[0]
        g = grads[0] if grads else None
        events.append(Differentiation(
            len(events), getattr(interp, "stmt_index", 0), interp.frames[0].line, kind,
            [k for k, v in interp.globals.vars.items() if v is t], tuple(t.shape), bool(t.requires_grad),
            None if g is None else np.array(g._data, dtype=np.float64), len(outputs),
            retain_graph, bool(create_graph)))
    result = run_program(program.source, program=program, limits=limits, observer=observe, cancel=cancel)
    return result, events


# ---------------------------------------------------------------------------
# 2. choose
# ---------------------------------------------------------------------------

def parse_grad_tensor(text: str) -> np.ndarray:
    """``--grad-tensor`` JSON: a number or nested lists of numbers."""
    try:
        value = json.loads(text)
        arr = np.array(value, dtype=np.float64)
    except (ValueError, TypeError) as e:
        raise AnalysisError(_T("the gradient v must be a number or nested lists of numbers in JSON, "
                               "e.g. [[1, 0], [0, 1]] ({error})").format(error=e)) from None
    if arr.dtype == object:
        raise AnalysisError(_T("the gradient v must be a rectangular nested list of numbers"))
    return arr


def choose(events, result, output=None):
    """The event to analyse (or None: the whole program) and the output's name."""
    from core.tensor.tensor import Tensor
    if output is not None:
        for e in events:
            if output in e.names:
                return e, output
        value = result.namespace.get(output)
        if not isinstance(value, Tensor):
            names = [k for k, v in result.namespace.items() if isinstance(v, Tensor)]
            if names:
                raise AnalysisError(_T("there is no tensor named '{output}' at the end of the program; "
                                       "tensors: {names}").format(output=output, names=", ".join(names)))
            raise AnalysisError(_T("there is no tensor named '{output}' at the end of the program").format(
                output=output))
        return None, output
    for e in events:
        return e, (e.names[0] if e.names else None)
    last = None
    for k, v in result.namespace.items():
        if isinstance(v, Tensor) and v.grad_fn is not None:
            last = k
    if last is None:
        raise AnalysisError(_T("the program differentiates nothing and leaves no tensor with a grad_fn; "
                               "make a tensor with requires_grad=True and compute something from it"))
    return None, last


# ---------------------------------------------------------------------------
# 3. capture
# ---------------------------------------------------------------------------

@dataclass
class Capture:
    output: object
    namespace: dict
    shadow: Shadow
    stdout: str


def run_to(program, limits, event, output_name, shadow, cancel=None, default_dtype=None):
    """Run ``program`` with ``shadow`` observing, and stop where ``event``
    differentiates (with no event: run to the end and take ``output_name``).
    Returns (the output tensor or None when not reached, the top-level names
    then, the run's result)."""
    from core.tensor.tensor import Tensor
    box = {}
    seen = [0]

    def observe(kind, outputs, grads, interp, *flags):
        if event is not None and seen[0] == event.ordinal:
            box["output"] = outputs[0]
            box["namespace"] = dict(interp.globals.vars)
            raise StopRun()
        seen[0] += 1
    r = run_program(program.source, program=program, limits=limits, observer=observe, observers=(shadow,),
                    cancel=cancel, default_dtype=default_dtype)
    if "output" in box:
        return box["output"], box["namespace"], r
    out = r.namespace.get(output_name) if event is None else None
    return (out if isinstance(out, Tensor) else None), r.namespace, r


def capture(program, limits, event, output_name, cancel=None):
    """Run with the symbolic shadow and stop where ``event`` differentiates."""
    shadow = Shadow()
    out, namespace, r = run_to(program, limits, event, output_name, shadow, cancel)
    if r.error is not None and r.error.kind == "cancelled":
        from core.symbolic.jacobian import Cancelled
        raise Cancelled()
    if out is None:
        if event is None:
            raise AnalysisError(_T("'{name}' is not a tensor").format(name=output_name))
        if r.error:
            raise AnalysisError(_T("the program did not reach the differentiation on the second run: "
                                   "{type}: {message}").format(type=r.error.type, message=r.error.message))
        raise AnalysisError(_T("the program did not reach the differentiation on the second run"))
    return Capture(out, namespace, shadow, r.stdout)


# ---------------------------------------------------------------------------
# 4-5. witnesses and verdict
# ---------------------------------------------------------------------------

def _leaves(namespace):
    from core.tensor.tensor import Tensor
    seen, leaves = set(), []
    for name, t in namespace.items():
        if isinstance(t, Tensor) and t.is_leaf and t.requires_grad and id(t) not in seen:
            seen.add(id(t))
            leaves.append((name, t))
    return leaves


def _engine_grads(out, leaves, v):
    """The engine's vᵀJ for each leaf (hooks off), zeros where unused.  The
    program may have freed the graph already (a backward of something else
    that shares it): that is said plainly."""
    try:
        return _engine_grads_raw(out, leaves, v)
    except RuntimeError as e:
        if "second time" in str(e):
            raise AnalysisError(_T("the program's own backward on another output freed the graph this output "
                                   "uses before the end, so the engine cannot differentiate it again; choose the "
                                   "tensor the program differentiates first, or add retain_graph=True there")
                                ) from None
        raise


def _engine_grads_raw(out, leaves, v):
    from core.autograd import engine
    from core.tensor.tensor import Tensor
    engine.hooks_enabled[0] = False
    try:
        vt = Tensor._make(np.asarray(v, dtype=out._data.dtype))
        with np.errstate(all="ignore"):  # inf and nan are results here, as in PyTorch
            gs = engine.grad([out], [t for _, t in leaves], [vt], retain_graph=True, allow_unused=True)
    finally:
        engine.hooks_enabled[0] = True
    return [np.zeros(t.shape) if g is None else np.asarray(g._data, dtype=np.float64) for g, (_, t) in zip(gs, leaves)]


def compare(a: np.ndarray, b: np.ndarray):
    """Largest difference and whether every entry agrees to float32 precision
    (NaN equals NaN; infinities must have the same sign)."""
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    both_nan = np.isnan(a) & np.isnan(b)
    same_inf = np.isinf(a) & np.isinf(b) & (np.sign(a) == np.sign(b))
    ok_special = both_nan | same_inf
    with np.errstate(invalid="ignore"):
        d = np.where(ok_special, 0.0, np.abs(a - b))
    d = np.where(np.isnan(d), np.inf, d)
    scale = np.where(np.isfinite(a), np.abs(a), 0.0)
    tol = 1e-5 + 1e-4 * scale
    return (float(d.max()) if d.size else 0.0), bool(np.all(d <= tol))


def analyze(source: str, *, output: str | None = None, grad_tensor=None, limits: Limits | None = None,
            filename: str = "<program>", progress=None, cancel=None, result=None, events=None,
            pytorch: str = "auto") -> Analysis:
    """Analyse ``source``: see the module docstring.  ``grad_tensor`` is an
    array (or JSON text) for v; ``progress(fraction, text)`` and ``cancel()``
    serve long symbolic work.  ``pytorch``: "auto" replays the forward in real
    PyTorch when it can be imported, "loaded" only when
    :func:`core.analysis.pytorch.preload` has finished, "off" never."""
    with np.errstate(all="ignore"):  # inf and nan are results here, as in PyTorch
        return _analyze(source, output, grad_tensor, limits or Limits(), filename, progress, cancel, result, events,
                        pytorch)


def _analyze(source, output, grad_tensor, limits, filename, progress, cancel, result, events, pytorch) -> Analysis:
    try:
        program = parse_program(source, filename)
    except ProgramRejected as e:
        raise AnalysisError(_T("the program was rejected: {message}").format(message=e.message)) from None
    if result is None or events is None:
        result, events = discover(program, limits, cancel)
    event, name = choose(events, result, output)
    cap = capture(program, limits, event, name, cancel)
    out = cap.output
    label = name or _T("the tensor differentiated on line {line}").format(line=event.line)
    notes = []
    if event is not None and event.n_outputs > 1:
        notes.append(_T("line {line} differentiates {n} outputs together; their gradients add up. This analysis "
                        "shows the first, {label}; choose another output to see it.").format(
                            line=event.line, n=event.n_outputs, label=label))

    # v
    if isinstance(grad_tensor, str):
        grad_tensor = parse_grad_tensor(grad_tensor)
    if grad_tensor is not None:
        v = np.asarray(grad_tensor, dtype=np.float64)
        source_v = "option"
        if v.shape != tuple(out.shape) and not (v.size == 1 and out.numel() == 1):
            raise AnalysisError(_T("v has shape {shape} but {label} has shape {output_shape}: they must be the "
                                   "same").format(shape=list(v.shape), label=label, output_shape=list(out.shape)))
        v = v.reshape(out.shape)
    elif event is not None and event.grad is not None:
        v, source_v = event.grad, "program"
        if v.shape != tuple(out.shape):
            raise AnalysisError(_T(
                "the program passes a gradient of shape {shape} for {label}, which has shape {output_shape}; "
                "PyTorch stops there with \"Mismatch in shape\". Give backward a v shaped like the output").format(
                    shape=list(v.shape), label=label, output_shape=list(out.shape)))
    elif out.numel() == 1:
        v, source_v = np.ones(tuple(out.shape)), "implicit_ones"
    else:
        v, source_v = None, None
        notes.append(IMPLICIT_NONSCALAR.format(name=label, shape=list(out.shape)))

    leaves = _leaves(cap.namespace)
    if not out.requires_grad:
        notes.append(_T("{label} does not require grad: nothing that requires grad went into it, so J is "
                        "zero.").format(label=label))
    if not leaves:
        notes.append(_T("no top-level tensor is a leaf that requires grad, so there is no J to show."))

    # symbolic witness
    out_sym = out._sym if out._sym is not None else np.zeros(tuple(out.shape), dtype=object) * se.Integer(0)
    values = {}
    for t, syms in cap.shadow.leaves:
        for s, x in zip(np.asarray(syms).ravel(), np.asarray(t._data, dtype=np.float64).ravel()):
            values[s] = se.RealDouble(float(x))
    leaf_syms = [t._sym if t._sym is not None else np.zeros(tuple(t.shape), dtype=object) for _, t in leaves]
    numeric, symbolic = jacobian(out_sym, leaf_syms, values, progress, cancel)

    rename = {}
    for lname, t in leaves:
        if t._sym is not None:
            for s, dn in zip(np.asarray(t._sym).ravel(), display_names(lname, t.shape)):
                rename[s] = se.Symbol(dn)
    leaf_ids = {id(t) for _, t in leaves}
    for t, syms in cap.shadow.leaves:  # leaves not bound at top level are constants here
        if id(t) not in leaf_ids:
            for s in np.asarray(syms).ravel():
                rename[s] = values[s]
    J = {lname: j for (lname, _), j in zip(leaves, numeric)}
    J_tex = {lname: latex_matrix(blocks, rename) for (lname, _), blocks in zip(leaves, symbolic)}

    # engine witness and verdict (second order too, when the program builds a graph of its backward)
    vjp = backward = None
    worst, match = 0.0, True
    engine_J = {}
    engine_error = None
    try:
        vjp, backward, engine_J, worst, match = _witness(out, leaves, v, J)
    except AnalysisError:
        raise
    except Exception as e:  # noqa: BLE001 - the engine raising is a result, like PyTorch's error
        engine_error = {"type": type(e).__name__, "message": str(e)}
        notes.append(_T("the engine's backward raises {type}, as PyTorch's does: {error}").format(
            type=type(e).__name__, error=e))
        match, worst = False, float("nan")
        if v is not None:
            vjp = {lname: np.tensordot(v, J[lname], axes=out.dim()) for lname, _ in leaves}

    differences = None
    if leaves and out.requires_grad and sum(t.numel() for _, t in leaves) <= 24 and out.numel() <= 64:
        differences = _central_differences(program, limits, event, name, cap, leaves, J)
        if differences is not None and not differences["match"]:
            notes.append(_T("float64 central differences differ from J. Expected where the output also depends on "
                            "a leaf through detach() or torch.no_grad() (nudging the leaf moves those values, which "
                            "autograd rightly ignores), or at a kink or a tie (relu at 0, abs at 0, equal maxima), "
                            "where the derivative PyTorch uses is one of several"))

    second = None
    if event is not None and event.create_graph and v is not None and engine_error is None and leaves:
        second = _second_order(out, leaves, v, cap.shadow, values)
        if second is None:
            notes.append(_T("the second derivatives are not shown: the leaves are too large (over 64 elements)"))

    # real PyTorch on the recorded forward, and the same recording as a script
    torch_witness, script = _pytorch(program, limits, event, name or "out", leaves, v, J, backward, engine_error,
                                     pytorch, cancel, notes)
    if torch_witness is not None and torch_witness["note"]:
        notes.append(torch_witness["note"] if torch_witness["match"] is not False
                     else _T("real PyTorch disagrees: {note}").format(note=torch_witness["note"]))
    elif torch_witness is not None and torch_witness["match"] is False:
        notes.append(_T("real PyTorch {version} disagrees: largest difference {diff:.3g}").format(
            version=torch_witness["version"], diff=torch_witness["max_abs_diff"]))

    # the chain rule, node by node: the backward(v) the program asks for, recorded
    from core.analysis.trace import GraphNames, build_graph
    names = GraphNames(cap.namespace)
    graph = build_graph(out, names, label) if out.grad_fn is not None else {"nodes": [], "edges": []}
    trace = []
    if v is not None and out.grad_fn is not None and engine_error is None:
        frees = not (event is not None and (event.retain_graph or event.create_graph))
        trace, trace_note = _trace(out, v, names, frees)
        if trace_note:
            notes.append(trace_note)
    return Analysis(
        output=label, output_shape=list(out.shape), leaves=[n for n, _ in leaves], grad_tensor=v,
        grad_tensor_source=source_v, jacobian=J, jacobian_latex=J_tex, vjp=vjp, backward=backward,
        engine_jacobian=engine_J, max_abs_diff=worst, match=match, notes=notes,
        line=None if event is None else event.line, engine_error=engine_error, graph=graph,
        trace=[s.to_json() for s in trace], state=(out, dict(leaves), names, LocalPartials()),
        second_order=second, differences=differences, pytorch=torch_witness, pytorch_script=script,
        labels={"output": display_names(name or "out", out.shape),
                **{lname: display_names(lname, t.shape) for lname, t in leaves}})


def _pytorch(program, limits, event, name, leaves, v, J, backward, engine_error, mode, cancel, notes):
    """The fourth witness (real PyTorch, when installed) and the script, from
    one more run of the forward prefix with a tape."""
    from core.analysis import pytorch, tape
    if not leaves:
        return None, None
    try:
        rec = tape.record(program, limits, event, name, cancel)
    except tape.RecordingTooLarge as e:
        notes.append(str(e))
        return None, None
    if rec is None:
        return None, None
    rec_leaves = _leaves(rec.namespace)
    if [n for n, _ in rec_leaves] != [n for n, _ in leaves]:
        return None, None
    try:
        script = pytorch.script(rec, rec_leaves, name, v)
    except pytorch.ReplayError:
        script = None
    use = mode == "auto" or (mode == "loaded" and pytorch.loaded())
    return (pytorch.witness(rec, rec_leaves, v, J, backward, engine_error) if use else None), script


class _Nudge(Observer):
    """Stands in for the shadow during a run: when leaf number ``ordinal`` is
    created, moves its element ``element`` by ``delta`` (nothing else)."""

    def __init__(self, ordinal, element, delta):
        self.ordinal, self.element, self.delta = ordinal, element, delta
        self.count = 0

    def on_leaf(self, t):
        if self.count == self.ordinal:
            data = t._ensure_array()
            data.reshape(-1)[self.element] += self.delta
        self.count += 1


def _central_differences(program, limits, event, name, cap, leaves, J, h=1e-6):
    """J by float64 central differences of the program's own forward prefix."""
    from core import dtypes
    ordinals = {id(t): k for k, (t, _) in enumerate(cap.shadow.leaves)}

    def forward(ordinal, element, delta):
        out, _, _ = run_to(program, limits, event, name, _Nudge(ordinal, element, delta),
                           default_dtype=dtypes.float64)
        return None if out is None else np.array(out._data, dtype=np.float64)

    fd = {}
    worst, ok = 0.0, True
    for lname, t in leaves:
        k = ordinals.get(id(t))
        if k is None:
            return None
        cols = []
        for e in range(t.numel()):
            step = h * max(1.0, abs(float(np.asarray(t._data, dtype=np.float64).ravel()[e])))
            plus, minus = forward(k, e, step), forward(k, e, -step)
            if plus is None or minus is None or plus.shape != tuple(cap.output.shape):
                return None
            cols.append(((plus - minus) / (2 * step)).ravel())
        fd[lname] = np.array(cols).T.reshape(tuple(cap.output.shape) + tuple(t.shape))
        d, good = compare(J[lname], fd[lname])
        # float32 values, float64 differences: agreement to 1e-3 relative is the honest claim
        scale = max(1.0, float(np.nanmax(np.abs(np.where(np.isfinite(J[lname]), J[lname], 0)))) if J[lname].size else 1.0)
        good = good or d <= 1e-3 * scale
        worst, ok = max(worst, d), ok and good
    return {"jacobian": fd, "max_abs_diff": worst, "match": ok}


def _second_order(out, leaves, v, shadow, values, max_elements: int = 64):
    """Symbolic d²(v·out)/dx² (symengine, twice) beside the engine's: its
    gradient built with create_graph=True, then differentiated row by row."""
    from core.autograd import engine
    from core.tensor.tensor import Tensor
    if any(t.numel() > max_elements for _, t in leaves) or out._sym is None:
        return None
    vs = np.asarray(v, dtype=np.float64).ravel()
    s = sum((se.RealDouble(float(w)) * e for w, e in zip(vs, np.asarray(out._sym).ravel()) if w != 0),
            se.Integer(0))
    result = {}
    vt = Tensor._make(np.asarray(v, dtype=out._data.dtype))
    for lname, t in leaves:
        syms = list(np.asarray(t._sym).ravel()) if t._sym is not None else []
        n = t.numel()
        H = np.zeros((n, n))
        if syms:
            grad = se.DenseMatrix([s]).jacobian(se.DenseMatrix(syms))
            hess = se.DenseMatrix(list(grad)).jacobian(se.DenseMatrix(syms)).subs(values)
            from core.symbolic.jacobian import to_float
            H = np.array([[to_float(hess[i, j]) for j in range(n)] for i in range(n)])
        with np.errstate(all="ignore"):
            g = engine.grad([out], [t], [vt], retain_graph=True, create_graph=True, allow_unused=True)[0]
            E = np.zeros((n, n))
            if g is not None and g.requires_grad:
                flat = g.reshape(-1)
                for i in range(n):
                    row = engine.grad([flat[i]], [t], retain_graph=True, allow_unused=True)[0]
                    if row is not None:
                        E[i] = np.asarray(row._data, dtype=np.float64).ravel()
        d, ok = compare(H, E)
        shape = tuple(t.shape) * 2
        result[lname] = {"symbolic": H.reshape(shape), "engine": E.reshape(shape), "max_abs_diff": d, "match": ok}
    return result


def _trace(out, v, names, frees):
    """Record ``out.backward(v)`` on the captured prefix, hooks and all.  The
    graph is kept (for the chain-rule paths); ``frees`` says whether the
    program's own call releases saved tensors, which the steps then show."""
    from core.autograd import engine
    from core.tensor.tensor import Tensor
    from core.analysis.trace import TraceRecorder
    from core.interp.limits import LimitExceeded
    rec = TraceRecorder(names)
    rec.frees = frees
    engine._recorder[0] = rec
    note = None
    try:
        with np.errstate(all="ignore"):
            engine.backward(out, Tensor._make(np.asarray(v, dtype=out._data.dtype)), retain_graph=True)
    except (Exception, LimitExceeded) as e:  # noqa: BLE001 - a hook may raise: the trace stops there
        note = _T("the backward stopped at step {step}: {type}: {error}").format(
            step=len(rec.steps), type=type(e).__name__, error=e)
    finally:
        engine._recorder[0] = None
    return rec.steps, note


def _witness(out, leaves, v, J):
    """The engine's backward(v) beside vᵀJ, or its one-hot rows beside J."""
    vjp = backward = None
    worst, match = 0.0, True
    engine_J = {}
    if out.requires_grad and leaves:
        if v is not None:
            vjp = {lname: np.tensordot(v, J[lname], axes=out.dim()) for lname, _ in leaves}
            grads = _engine_grads(out, leaves, v)
            backward = {lname: g for (lname, _), g in zip(leaves, grads)}
            for lname, _ in leaves:
                d, ok = compare(vjp[lname], backward[lname])
                worst, match = max(worst, d), match and ok
        if out.numel() <= 400 and not (v is not None and out.numel() > 100):
            rows = [[] for _ in leaves]
            for i in range(out.numel()):
                onehot = np.zeros(out.numel())
                onehot[i] = 1.0
                for k, g in enumerate(_engine_grads(out, leaves, onehot.reshape(out.shape))):
                    rows[k].append(g)
            for k, (lname, t) in enumerate(leaves):
                engine_J[lname] = np.array(rows[k]).reshape(tuple(out.shape) + tuple(t.shape))
                if v is None:
                    d, ok = compare(J[lname], engine_J[lname])
                    worst, match = max(worst, d), match and ok
    return vjp, backward, engine_J, worst, match
