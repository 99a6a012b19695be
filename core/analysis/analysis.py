"""The analysis: symbolic J and vᵀJ beside the engine's backward, and a verdict.

Steps (DESIGN.md, "How data flows"):

1. *Discover* (:mod:`core.analysis.runs`): run the program, noting every
   backward / autograd.grad it asks for.
2. *Choose* (:func:`choose`) the output (the option, else the first tensor
   differentiated, else the last top-level tensor with a grad_fn) and ``v``
   (the option, else the call's gradient argument, else ones for one element).
3. *Capture* (:mod:`core.analysis.runs`): run again with the symbolic shadow
   and the tape on, and stop just before the output is differentiated: the
   forward prefix in numbers, in symbols and as a tape.  The program is not
   interpreted again after this.
4. *Witness*, one module each, all from that one capture:
   :mod:`~core.analysis.symbolic_j` (J from symengine, evaluated at the
   program's values), :mod:`~core.analysis.engine_witness` (the engine's
   backward(v) and its one-hot rows), :mod:`~core.analysis.differences`
   (float64 central differences of the replayed tape),
   :mod:`~core.analysis.second_order` (with create_graph) and
   :mod:`~core.analysis.pytorch` (real PyTorch replaying the tape).
5. *Verdict* (:mod:`core.analysis.verdict`): entry by entry, with a float32
   tolerance.

:func:`analyze_run` does steps 2 to 5 on a program already discovered;
:mod:`core.analysis.pipeline` is the whole path the CLI and the service take.
This module also holds every text the analysis writes for the user (notes and
AnalysisError messages): the witnesses return what they found and
:func:`_analyze` words it, so the translations have one place to look.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from core.analysis import differences, engine_witness, pytorch, second_order, symbolic_j, verdict
from core.analysis.paths import LocalPartials, chain_paths
from core.analysis.runs import Capture, Tally, capture, leaves_of
from core.analysis.tape import Recording
from core.analysis.trace import GraphNames, build_graph
from core.interp import Limits
from core.report_json import finite_json
from core.symbolic.jacobian import OverBudget, display_names
from core.tensor.tensor import Tensor
from core.torch.autograd.function import CustomBackward
from core.translatable import _T

# Every text a user reads (notes, AnalysisError messages) is a _T("template").format(...):
# the desktop shows it translated (see core.translatable); the JSON keeps the English.
IMPLICIT_NONSCALAR = _T(
    "PyTorch raises \"grad can be implicitly created only for scalar outputs\" here: {name} has shape "
    "{shape}, so backward() needs a gradient v of that shape (the weights of the rows of J it adds up). "
    "Choose v (the app's v editor, or --grad-tensor) to see vᵀJ; J itself is shown in full.")
# the progress of one analysis, as core.analysis.pipeline reports it
RUNNING = _T("running the program")
SYMBOLIC = _T("symbolic Jacobian")
# a v that is not a rectangular nested list of finite numbers (core.analysis.pipeline.grad_tensor_array)
V_NOT_NUMBERS = _T("the gradient v must be a number or nested lists of numbers in JSON, e.g. [[1, 0], [0, 1]] "
                   "({error})")
V_RAGGED = _T("the gradient v must be a rectangular nested list of numbers")
REJECTED = _T("the program was rejected: {message}")
OVER_BUDGET = _T("the analysis was stopped: it went past its budget of {run:g} s for its own run of the program and "
                 "{stages:g} s for its stages (the limits --max-seconds and --max-analysis-seconds, or Settings > "
                 "Limits in the app)")
NO_REPLAY = _T("float64 central differences are not shown: replaying the recorded forward does not give the "
               "program's numbers back (a tensor was changed through .data or a detached alias, which the "
               "replay does not see)")
NO_REPLAY_OVERFLOW = _T("float64 central differences are not shown: the program's {dtype} numbers overflow (inf or "
                        "nan) where the float64 replay's stay finite, so the replay does not give them back")


def _no_replay(error) -> str:
    """The note for a replay that does not give the program's numbers back (CannotReplay)."""
    if error.overflowed is not None:
        return NO_REPLAY_OVERFLOW.format(dtype=error.overflowed)
    return NO_REPLAY


class AnalysisError(Exception):
    """The analysis cannot be done as asked (bad v, unknown output...)."""


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
    engine_jacobian: dict   # the engine's one-hot rows, shaped like J ({} when not computed)
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
    # how many times the program was interpreted for this analysis (discover and capture)
    program_runs: int = 0
    # what the verdict rests on: "symbolic" (vᵀJ against the engine), "numeric" (the symbolic J did not
    # fit its budget: float64 differences and PyTorch against the engine), "none" (nothing to compare)
    verdict_basis: str = "symbolic"
    # float64 differences along random directions and at sampled entries (leaves too large for a
    # column each; core.analysis.differences.spot_witness)
    spot_differences: dict | None = None
    # the differentiation analysed (Differentiation.to_json) and the program's calls, the first
    # MAX_LISTED_CALLS of calls_total
    call: dict | None = None
    calls: list = field(default_factory=list)
    calls_total: int = 0

    def paths(self, leaf: str, i: int, k: int, max_paths: int = 200):
        """The chain-rule paths from output element ``i`` to element ``k`` of
        ``leaf`` (flat indices): (paths, their sum = J[i, k], complete)."""
        out, leaves, names, partials = self.state
        return chain_paths(out, leaves[leaf], i, k, names, max_paths, partials)

    def to_json(self) -> dict:
        return {
            "output": self.output, "output_shape": self.output_shape, "leaves": self.leaves,
            "grad_tensor": None if self.grad_tensor is None else nested(self.grad_tensor),
            "grad_tensor_source": self.grad_tensor_source,
            "jacobian": _nested_all(self.jacobian),
            "jacobian_latex": self.jacobian_latex,
            "vjp": None if self.vjp is None else _nested_all(self.vjp),
            "backward": None if self.backward is None else _nested_all(self.backward),
            "max_abs_diff": _json_float(self.max_abs_diff), "match": self.match,
            "notes": self.notes, "line": self.line, "trace": self.trace,
            "engine_error": self.engine_error, "graph": self.graph, "labels": self.labels,
            "second_order": None if self.second_order is None else {
                leaf: {"symbolic": nested(h["symbolic"]), "engine": nested(h["engine"]),
                       "max_abs_diff": _json_float(h["max_abs_diff"]), "match": h["match"]}
                for leaf, h in self.second_order.items()},
            "differences": None if self.differences is None else {
                "jacobian": _nested_all(self.differences["jacobian"]),
                "max_abs_diff": _json_float(self.differences["max_abs_diff"]),
                "match": self.differences["match"]},
            "pytorch": None if self.pytorch is None else {
                "version": self.pytorch["version"],
                "backward": None if self.pytorch["backward"] is None else _nested_all(self.pytorch["backward"]),
                "jacobian": None if self.pytorch["jacobian"] is None else _nested_all(self.pytorch["jacobian"]),
                "max_abs_diff": _json_float(self.pytorch["max_abs_diff"]), "match": self.pytorch["match"],
                "error": self.pytorch["error"], "note": self.pytorch["note"]},
            "pytorch_script": self.pytorch_script,
            "engine_jacobian": _nested_all(self.engine_jacobian),
            "program_runs": self.program_runs,
            "verdict_basis": self.verdict_basis,
            "call": self.call, "calls": self.calls, "calls_total": self.calls_total,
            "spot_differences": None if self.spot_differences is None else finite_json({
                **self.spot_differences, "max_abs_diff": _json_float(self.spot_differences["max_abs_diff"])}),
        }


def nested(arr):
    """A numpy array as nested lists with "nan"/"inf"/"-inf" strings."""
    value = np.asarray(arr, dtype=np.float64).tolist()
    return finite_json(value)


def _nested_all(arrays: dict) -> dict:
    return {k: nested(v) for k, v in arrays.items()}


def _json_float(x):
    if np.isnan(x):
        return "nan"
    if np.isinf(x):
        return "inf" if x > 0 else "-inf"
    return float(x)


# ---------------------------------------------------------------------------
# choosing the output and v
# ---------------------------------------------------------------------------

MAX_LISTED_CALLS = 1000      # the analysis's JSON lists this many of the program's differentiations


def choose(events, result, output=None, call=None, iteration=None):
    """The event to analyse (or None: the whole program) and the output's name: the program's
    ``call``-th differentiation (1-based), or the ``iteration``-th made at the line of that one
    (or of the first), or where ``output`` is differentiated; by default the first."""
    if call is not None or iteration is not None:
        event = _chosen_call(events, call, iteration)
        return event, (event.names[0] if event.names else None)
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


def _chosen_call(events, call, iteration):
    if not events:
        raise AnalysisError(_T("the program differentiates nothing (no backward or autograd.grad), so there is no "
                               "call to choose"))
    if call is not None and not 1 <= call <= len(events):
        raise AnalysisError(_T("the program differentiates {n} times: choose a call from 1 to {n}, not {call}").format(
            n=len(events), call=call))
    event = events[0 if call is None else call - 1]
    if iteration is None:
        return event
    at_line = [e for e in events if e.line == event.line]
    if not 1 <= iteration <= len(at_line):
        raise AnalysisError(_T("line {line} differentiates {n} times: choose an iteration from 1 to {n}, not "
                               "{iteration}").format(line=event.line, n=len(at_line), iteration=iteration))
    return at_line[iteration - 1]


def _choose_v(grad_tensor, event, out, label, notes):
    """v and where it came from: the option, the program's gradient argument, or ones for one element."""
    if grad_tensor is not None:
        v = np.asarray(grad_tensor, dtype=np.float64)
        if v.shape != tuple(out.shape) and not (v.size == 1 and out.numel() == 1):
            raise AnalysisError(_T("v has shape {shape} but {label} has shape {output_shape}: they must be the "
                                   "same").format(shape=list(v.shape), label=label, output_shape=list(out.shape)))
        return v.reshape(out.shape), "option"
    if event is not None and event.grad is not None:
        if event.grad.shape != tuple(out.shape):
            raise AnalysisError(_T(
                "the program passes a gradient of shape {shape} for {label}, which has shape {output_shape}; "
                "PyTorch stops there with \"Mismatch in shape\". Give backward a v shaped like the output").format(
                    shape=list(event.grad.shape), label=label, output_shape=list(out.shape)))
        return event.grad, "program"
    if out.numel() == 1:
        return np.ones(tuple(out.shape)), "implicit_ones"
    notes.append(IMPLICIT_NONSCALAR.format(name=label, shape=list(out.shape)))
    return None, None


def _captured(cap: Capture, event, name):
    """The capture's output, or the reason there is none."""
    if cap.output is not None:
        return cap.output
    if event is None:
        raise AnalysisError(_T("'{name}' is not a tensor").format(name=name))
    if cap.error:
        raise AnalysisError(_T("the program did not reach the differentiation on the second run: "
                               "{type}: {message}").format(type=cap.error.type, message=cap.error.message))
    raise AnalysisError(_T("the program did not reach the differentiation on the second run"))


# ---------------------------------------------------------------------------
# the analysis
# ---------------------------------------------------------------------------

def analyze_run(program, result, events, *, output: str | None = None, grad_tensor=None, limits=None,
                progress=None, cancel=None, pytorch: str = "auto", tally: Tally | None = None,
                call: int | None = None, iteration: int | None = None) -> Analysis:
    """Steps 2 to 5 for a program already parsed and run (``result``, with the
    ``events`` :func:`discover` noted).  ``grad_tensor``: v as an array (checked
    by :func:`core.analysis.pipeline.grad_tensor_array`) or None.
    ``progress(fraction, text)`` and ``cancel()`` serve long symbolic work.
    ``pytorch``: "auto" replays the forward in real PyTorch when it can be
    imported, "loaded" only when :func:`core.analysis.pytorch.preload` has
    finished, "off" never.  ``tally`` counts the program's runs (the discover
    run included).  ``call`` and ``iteration`` choose the differentiation (:func:`choose`)."""
    tally = tally if tally is not None else Tally(1)
    with np.errstate(all="ignore"):  # inf and nan are results here, as in PyTorch
        analysis = _analyze(program, result, events, output, grad_tensor, limits or Limits(), progress, cancel,
                            pytorch, tally, call, iteration)
    analysis.calls = [e.to_json() for e in events[:MAX_LISTED_CALLS]]
    analysis.calls_total = len(events)
    return analysis


def _analyze(program, result, events, output, grad_tensor, limits, progress, cancel, pytorch, tally, call,
             iteration) -> Analysis:
    event, name = choose(events, result, output, call, iteration)
    cap = capture(program, limits, event, name, cancel, tally)
    out = _captured(cap, event, name)
    label = name or _T("the tensor differentiated on line {line}").format(line=event.line)
    notes = []
    if event is not None and len(events) > 1:
        notes.append(_T("the program differentiates {n} times; this is call {call}: line {line}, iteration "
                        "{iteration} of {of} (choose another with --call and --iteration, or in the window)").format(
                            n=len(events), call=event.ordinal + 1, line=event.line, iteration=event.iteration,
                            of=event.iterations))
    if event is not None and event.n_outputs > 1:
        notes.append(_T("line {line} differentiates {n} outputs together; their gradients add up. This analysis "
                        "shows the first, {label}; choose another output to see it.").format(
                            line=event.line, n=event.n_outputs, label=label))
    v, source_v = _choose_v(grad_tensor, event, out, label, notes)
    leaves = leaves_of(cap.namespace)
    if not out.requires_grad:
        notes.append(_T("{label} does not require grad: nothing that requires grad went into it, so J is "
                        "zero.").format(label=label))
    if not leaves:
        notes.append(_T("no top-level tensor is a leaf that requires grad, so there is no J to show."))

    sym = _symbolic(cap, leaves, progress, cancel, notes)
    J = None if sym is None else sym.jacobian
    # what the engine and PyTorch are held to: J as the program's dtype holds it
    J_held = None if J is None else _in_program_dtype(J, out, leaves, notes)
    eng, engine_error = _engine(out, leaves, v, J_held, notes)
    # without a symbolic J, the engine's one-hot rows are what the differences are set beside
    reference = J if J is not None else (eng.jacobian or None)
    fd = _differences(cap, out, leaves, reference, notes) if reference is not None else None
    spot = _spot(cap, out, leaves, v, eng, engine_error, notes)
    if fd is not None and not fd["match"]:
        notes.append(_T("float64 central differences differ from J. Expected where the output also depends on "
                        "a leaf through detach() or torch.no_grad() (nudging the leaf moves those values, which "
                        "autograd rightly ignores), or at a kink or a tie (relu at 0, abs at 0, equal maxima), "
                        "where the derivative PyTorch uses is one of several, or where PyTorch's backward is not "
                        "the derivative (det of an exactly singular matrix: PyTorch gives zero, the derivative is "
                        "the cofactor matrix)"))
    second = None
    if event is not None and event.create_graph and v is not None and engine_error is None and leaves and sym:
        second = second_order.witness(out, leaves, v, sym.values)
        if second is None:
            notes.append(_T("the second derivatives are not shown: the leaves are too large (over 64 elements)"))
    torch_witness, script = _pytorch(cap, leaves, name or "out", v, J_held if J is not None else eng.jacobian,
                                     eng.backward, engine_error, pytorch, notes)
    graph, trace, names = _chain_rule(cap, out, v, event, label, engine_error, notes)
    match, worst, basis = _verdict(J, eng, (fd, spot, torch_witness), engine_error)
    return Analysis(
        output=label, output_shape=list(out.shape), leaves=[n for n, _ in leaves], grad_tensor=v,
        grad_tensor_source=source_v, jacobian=J or {}, jacobian_latex={} if sym is None else sym.latex, vjp=eng.vjp,
        backward=eng.backward, engine_jacobian=eng.jacobian, max_abs_diff=worst, match=match, notes=notes,
        verdict_basis=basis, spot_differences=spot,
        line=None if event is None else event.line, call=None if event is None else event.to_json(),
        engine_error=engine_error, graph=graph, trace=trace,
        state=(out, dict(leaves), names, LocalPartials()), second_order=second, differences=fd,
        pytorch=torch_witness, pytorch_script=script, program_runs=tally.runs,
        labels={"output": display_names(name or "out", out.shape),
                **{lname: display_names(lname, t.shape) for lname, t in leaves}})


def _symbolic(cap, leaves, progress, cancel, notes):
    """The first witness, or None (with a note saying why) when it did not fit its budget."""
    over = cap.shadow.over
    if over is not None:
        if over["reason"] == "elements" and over["op"] == "leaf":
            notes.append(_T("the symbolic Jacobian is not computed: a leaf has {n:,} elements, and symbols are "
                            "followed up to {limit:,} elements per tensor. The verdict rests on the numeric "
                            "witnesses (float64 differences, real PyTorch when installed)").format(
                                n=over["elements"], limit=cap.shadow.max_elements))
        elif over["reason"] == "elements":
            notes.append(_T("the symbolic Jacobian is not computed: the forward's {op} involves a tensor of {n:,} "
                            "elements, and symbols are followed up to {limit:,} elements per tensor. The verdict "
                            "rests on the numeric witnesses (float64 differences, real PyTorch when installed)"
                            ).format(n=over["elements"], op=over["op"], limit=cap.shadow.max_elements))
        elif over["reason"] == "ops":
            notes.append(_T("the symbolic Jacobian is not computed: the forward has over {limit:,} operations on "
                            "tensors that require grad, and symbols are followed for that many. The verdict rests "
                            "on the numeric witnesses (float64 differences, real PyTorch when installed)").format(
                                limit=cap.shadow.max_ops))
        else:
            notes.append(_T("the symbolic Jacobian is not computed: building the forward's expressions took over "
                            "{seconds:g} s (stopped at {op}). The verdict rests on the numeric witnesses (float64 "
                            "differences, real PyTorch when installed)").format(
                                seconds=cap.shadow.max_seconds, op=over["op"]))
        return None
    try:
        return symbolic_j.witness(cap, leaves, progress, cancel)
    except OverBudget as e:
        notes.append(_T("the symbolic Jacobian is not computed: differentiating took over {seconds:g} s ({done} of "
                        "{total} rows done). The verdict rests on the numeric witnesses (float64 differences, real "
                        "PyTorch when installed)").format(seconds=symbolic_j.MAX_SECONDS, done=e.done, total=e.total))
        return None


def _in_program_dtype(J, out, leaves, notes) -> dict:
    """J as the program's dtype holds it (:func:`core.analysis.verdict.in_dtype`): an entry finite
    in float64 but beyond the dtype's range is inf there, in the engine as in PyTorch.  A leaf's
    gradient passes through the output's dtype and ends in the leaf's: the narrower bounds it."""
    held, worst, where = {}, None, None
    for name, t in leaves:
        dtype = verdict.narrowest(out._data.dtype, t._data.dtype)
        held[name], largest = verdict.in_dtype(J[name], dtype)
        if largest is not None and (worst is None or largest > worst):
            worst, where = largest, dtype
    if worst is not None:
        notes.append(_T("J is finite in float64 ({value:.3g}) but overflows {dtype}, as PyTorch's does: the "
                        "verdict compares those entries as infinities").format(
                            value=worst, dtype=where.name))
    return held


def _spot(cap, out, leaves, v, eng, engine_error, notes):
    """Float64 differences along random directions and at sampled entries, beside the engine's
    wᵀJ (w = v, or a random w when there is no v), for leaves too large for a column each."""
    if engine_error is not None or not differences.spot_applies(out, leaves):
        return None
    if v is not None and eng.backward is not None:
        w, grads = v, eng.backward
    else:
        w = np.random.default_rng(1).standard_normal(tuple(out.shape))
        grads = dict(zip([n for n, _ in leaves], engine_witness.grads(out, leaves, w)))
    try:
        spot = differences.spot_witness(cap.tape, out, leaves, w, grads)
    except differences.CannotReplay as e:
        notes.append(_no_replay(e))
        return None
    if spot is not None and not spot["complete"]:
        notes.append(_T("float64 differences: {n} checks fitted in {seconds:g} s").format(
            n=len(spot["directions"]) + len(spot["entries"]), seconds=differences.MAX_SECONDS))
    return spot


def _verdict(J, eng, numeric, engine_error):
    """(match, largest difference, basis): vᵀJ from the symbolic J against the engine when there is
    a J ("symbolic"); else the ``numeric`` witnesses that ran, each against the engine ("numeric"),
    or none (match None: nothing to compare, "none")."""
    if J is not None or engine_error is not None:
        return eng.match, eng.max_abs_diff, "symbolic"
    found = [(w["match"], w["max_abs_diff"]) for w in numeric if w is not None and w.get("match") is not None]
    if not found:
        return None, 0.0, "none"
    return all(m for m, _ in found), max(d for _, d in found), "numeric"


def _engine(out, leaves, v, J, notes):
    """The engine's witness and its error (the engine raising is a result, like PyTorch's error)."""
    try:
        return engine_witness.witness(out, leaves, v, J), None
    except engine_witness.GraphFreed:
        raise AnalysisError(_T("the program's own backward on another output freed the graph this output "
                               "uses before the end, so the engine cannot differentiate it again; choose the "
                               "tensor the program differentiates first, or add retain_graph=True there")
                            ) from None
    except Exception as e:  # noqa: BLE001 - the engine raising is a result, like PyTorch's error
        notes.append(_T("the engine's backward raises {type}, as PyTorch's does: {error}").format(
            type=type(e).__name__, error=e))
        vjp = None if v is None else {name: np.tensordot(v, J[name], axes=out.dim()) for name, _ in leaves}
        return (engine_witness.EngineWitness(vjp=vjp, max_abs_diff=float("nan"), match=False),
                {"type": type(e).__name__, "message": str(e)})


def _differences(cap, out, leaves, J, notes):
    """The third witness, for small leaves and outputs, from the tape of the capture run."""
    if not differences.applies(out, leaves):
        return None
    try:
        return differences.witness(cap.tape, out, leaves, J)
    except differences.CannotReplay as e:
        notes.append(_no_replay(e))
        return None


def _pytorch(cap, leaves, name, v, J, backward, engine_error, mode, notes):
    """The fourth witness (real PyTorch, when installed) and the script, from
    the tape of the capture run."""
    if not leaves:
        return None, None
    if cap.tape.too_large:
        notes.append(cap.tape.too_large_note())
        return None, None
    rec = Recording(cap.tape, cap.output, cap.namespace)
    try:
        script = pytorch.script(rec, leaves, name, v)
    except pytorch.ReplayError:
        script = None
    use = mode == "auto" or (mode == "loaded" and pytorch.loaded())
    custom = _custom_functions(cap.output)
    # a custom Function's forward is replayed as plain operations: PyTorch then checks J, the
    # mathematics of the forward, not the program's backward (which it would run silently)
    witness = pytorch.witness(rec, leaves, v, J, None if custom else backward, engine_error) if use else None
    if witness is not None and custom and witness["match"] is not None:
        notes.append(_T("real PyTorch replays the custom Function {names} as the plain operations of its forward, "
                        "so it checks J, not the program's backward").format(names=", ".join(custom)))
    if witness is not None and witness["note"]:
        notes.append(witness["note"] if witness["match"] is not False
                     else _T("real PyTorch disagrees: {note}").format(note=witness["note"]))
    elif witness is not None and witness["match"] is False:
        notes.append(_T("real PyTorch {version} disagrees: largest difference {diff:.3g}").format(
            version=witness["version"], diff=witness["max_abs_diff"]))
    return witness, script


def _custom_functions(out) -> list:
    """The names of the custom autograd.Functions in ``out``'s graph (``Cube`` for CubeBackward)."""
    names, seen, stack = [], set(), [out.grad_fn]
    while stack:
        fn = stack.pop()
        if fn is None or id(fn) in seen:
            continue
        seen.add(id(fn))
        if isinstance(fn, CustomBackward):
            names.append(type(fn).__name__[:-len("Backward")])
        stack.extend(n for n, _ in getattr(fn, "next_functions", ()))
    return sorted(set(names))


def _chain_rule(cap, out, v, event, label, engine_error, notes):
    """The graph with its layout, and the backward(v) the program asks for, recorded node by node."""
    names = GraphNames(cap.namespace)
    graph = build_graph(out, names, label) if out.grad_fn is not None else {"nodes": [], "edges": []}
    steps = []
    if v is not None and out.grad_fn is not None and engine_error is None:
        frees = not (event is not None and (event.retain_graph or event.create_graph))
        steps, stopped = engine_witness.trace(out, v, names, frees)
        if stopped is not None:
            notes.append(_T("the backward stopped at step {step}: {type}: {error}").format(
                step=len(steps), type=type(stopped).__name__, error=stopped))
    for step in steps:
        wrong = [name or "?" for name, _, match in step.implied if not match]
        if wrong:
            notes.append(_T("the backward of the custom Function {node} disagrees with its forward: the gradient "
                            "it sends to {inputs} is not the derivative of what its forward computes (see step "
                            "{step})").format(node=step.grad_fn, inputs=", ".join(wrong), step=step.index + 1))
    return graph, [s.to_json() for s in steps], names
