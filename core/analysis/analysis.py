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
4. *Witness*, one module each, all from that one capture, numbers first:
   :mod:`~core.analysis.engine_witness` (the engine's backward(v) and its
   one-hot rows) and :mod:`~core.analysis.differences` (float64 central
   differences of the replayed tape, or random directions and sampled
   entries for large leaves) give the *numeric verdict*, handed to the
   caller at once (``numeric``); then the chain rule node by node (the graph and
   the traced backward: they do not need J); then, under a budget of its own
   (:mod:`core.analysis.budget`: what is left of the verdict's target after
   them), :mod:`~core.analysis.symbolic_j` (J from symengine, evaluated at the
   program's values) and :mod:`~core.analysis.second_order` (with
   create_graph); then :mod:`~core.analysis.pytorch` (real PyTorch replaying
   the tape, held to the symbolic J when it fitted).  Entries of J the user
   names (:mod:`~core.analysis.entries`) are computed from the same
   expressions (``Analysis.expressions``) when asked for, after the analysis.
5. *Verdict* (:mod:`core.analysis.verdict`): entry by entry, with a float32
   tolerance: vᵀJ against the engine when the symbolic J fitted, else the
   numeric witnesses against the engine.  ``witnesses`` says, for each, whether
   it agreed, and for one that did not fit, which budget and why.

:func:`analyze_run` does steps 2 to 5 on a program already discovered;
:mod:`core.analysis.pipeline` is the whole path the CLI and the service take.
This module also holds every text the analysis writes for the user (notes and
AnalysisError messages): the witnesses return what they found and
:func:`_analyze` words it, so the translations have one place to look.
"""
from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass, field

import numpy as np

from core.analysis import differences, engine_witness, pytorch, second_order, symbolic_j, verdict
from core.analysis.budget import Budget
from core.analysis.collector import paused, settle
from core.analysis.paths import LocalPartials, chain_paths
from core.analysis.runs import Capture, Tally, capture, leaves_of
from core.analysis.tape import Recording
from core.analysis.trace import GraphNames, build_graph
from core.autograd.engine import has_complex_input
from core.interp import Limits
from core.naming import element_name
from core.symbolic import shadow
from core.report_json import finite_json
from core.symbolic.jacobian import OverBudget, display_names
from core.tensor.node import AccumulateGrad
from core.tensor.tensor import Tensor
from core.torch.autograd.function import CustomBackward
from core.translatable import _T, texts_json

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
    # element names for tables: {"output": [out_11, ...], leaf: [x_11, ...]}, the first MAX_LABELS of each
    # (a reader names an element past them by its position: LeNet's 61,706 names took 0.2 s and 1 MB of JSON)
    labels: dict = field(default_factory=dict)
    # real PyTorch replaying the recorded forward (core.analysis.pytorch.witness), when installed
    pytorch: dict | None = None
    # the forward prefix as a plain PyTorch script that prints the same grads (the pytorch_script property;
    # a script of over SCRIPT_AT_ONCE numbers is written when first asked for, by script_maker)
    _pytorch_script: str | None = None
    script_maker: object = field(default=None, repr=False, compare=False)
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
    # "numeric": the analysis as the numeric witnesses leave it (no symbolic J, graph or trace yet:
    # core.analysis.pipeline's `numeric` callback); "complete": every stage has run or said why not
    stage: str = "complete"
    # each witness's state (see _state): {"symbolic" | "differences" | "spot_differences" | "pytorch": {...}}
    witnesses: dict = field(default_factory=dict)
    # the witnesses the verdict rests on, beside the engine's backward
    verdict_witnesses: list = field(default_factory=list)
    # per leaf, True where vᵀJ and the engine's backward disagree (the verdict's own rule, entry by entry)
    mismatch: dict = field(default_factory=dict)
    # symbolic entries of J asked for by name (core.analysis.entries.compute's JSON; --entries), or None
    entries: dict | None = None
    # what symbolic entries on demand are computed from (core.analysis.symbolic_j.Expressions), or None
    expressions: object = field(default=None, repr=False, compare=False)

    @property
    def pytorch_script(self) -> str | None:
        """The forward prefix as a plain PyTorch script (None when it cannot be written), written now
        when the analysis left it to be written when asked for (``script_maker``)."""
        if self.script_maker is not None:
            make, self.script_maker = self.script_maker, None
            self._pytorch_script = make()
        return self._pytorch_script

    @pytorch_script.setter
    def pytorch_script(self, text: str | None) -> None:
        self._pytorch_script, self.script_maker = text, None

    def paths(self, leaf: str, i: int, k: int, max_paths: int = 200):
        """The chain-rule paths from output element ``i`` to element ``k`` of
        ``leaf`` (flat indices): (paths, their sum = J[i, k], complete)."""
        out, leaves, names, partials = self.state
        return chain_paths(out, leaves[leaf], i, k, names, max_paths, partials)

    def to_json(self) -> dict:
        d = self._json()
        d["texts"] = texts_json(d)     # each text's template and values, beside its English
        return d

    def _json(self) -> dict:
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
            "pytorch_script": self._pytorch_script,
            # a long script not written yet (Analysis.pytorch_script writes it; --pytorch-script, the exports)
            "pytorch_script_deferred": self.script_maker is not None,
            "engine_jacobian": _nested_all(self.engine_jacobian),
            "program_runs": self.program_runs,
            "verdict_basis": self.verdict_basis,
            "call": self.call, "calls": self.calls, "calls_total": self.calls_total,
            "stage": self.stage, "witnesses": finite_json(self.witnesses),
            "verdict_witnesses": list(self.verdict_witnesses),
            "entries": self.entries,
            "spot_differences": None if self.spot_differences is None else finite_json({
                **self.spot_differences, "max_abs_diff": _json_float(self.spot_differences["max_abs_diff"])}),
            "mismatch": {leaf: verdict.mismatch_json(m) for leaf, m in self.mismatch.items()},
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


MAX_LABELS = 4096      # Analysis.labels names this many elements of each tensor, the first ones


def _first_names(name: str, shape) -> list:
    """The names of the first :data:`MAX_LABELS` elements of a tensor (row-major, as
    :func:`~core.naming.element_names`), without naming the others."""
    shape = tuple(int(n) for n in shape)
    if math.prod(shape) <= MAX_LABELS:
        return display_names(name, shape)
    indices = itertools.islice(itertools.product(*(range(n) for n in shape)), MAX_LABELS)
    return [element_name(name, index) for index in indices]


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
                call: int | None = None, iteration: int | None = None, budget: Budget | None = None,
                numeric=None) -> Analysis:
    """Steps 2 to 5 for a program already parsed and run (``result``, with the
    ``events`` :func:`discover` noted).  ``grad_tensor``: v as an array (checked
    by :func:`core.analysis.pipeline.grad_tensor_array`) or None.
    ``progress(fraction, text)`` and ``cancel()`` serve long symbolic work.
    ``pytorch``: "auto" replays the forward in real PyTorch when it can be
    imported, "loaded" only when :func:`core.analysis.pytorch.preload` has
    finished, "off" never.  ``tally`` counts the program's runs (the discover
    run included).  ``call`` and ``iteration`` choose the differentiation (:func:`choose`).
    ``budget`` (:class:`~core.analysis.budget.Budget`) bounds the symbolic stage (by default
    :data:`core.analysis.symbolic_j.MAX_SECONDS`).  ``numeric(analysis)``, when given, receives the
    analysis as soon as the numeric witnesses have given their verdict (``stage`` "numeric": no
    symbolic J, PyTorch, graph or trace yet); the same object is then filled in."""
    tally = tally if tally is not None else Tally(1)
    budget = budget if budget is not None else Budget.fixed(symbolic_j.MAX_SECONDS)
    with np.errstate(all="ignore"):  # inf and nan are results here, as in PyTorch
        return _analyze(program, result, events, output, grad_tensor, limits or Limits(), progress, cancel,
                        pytorch, tally, call, iteration, budget, numeric)


def _analyze(program, result, events, output, grad_tensor, limits, progress, cancel, pytorch, tally, call,
             iteration, budget, numeric) -> Analysis:
    event, name = choose(events, result, output, call, iteration)
    shadow_seconds, shadow_rule = budget.shadow_seconds(shadow.MAX_SECONDS)
    cap = capture(program, limits, event, name, cancel, tally, shadow_seconds=shadow_seconds)
    settle()        # the captured forward is kept to the end (core.analysis.collector)
    out = _captured(cap, event, name)
    label = name or _T("the tensor differentiated on line {line}").format(line=event.line)
    if _complex_graph(out):
        raise AnalysisError(_T("{label} is computed from complex numbers: Backprop Lens's Jacobian is over the real "
                               "numbers and its engine does not differentiate complex tensors (PyTorch's Wirtinger "
                               "derivatives). Choose a real output that no complex tensor goes into.").format(
                                   label=label))
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

    # 1. the numeric witnesses: the engine's own numbers, and float64 differences set beside them
    witnesses = {}
    # the one-hot rows wait past the numeric answer unless the differences set them beside theirs
    # (with a v, the numeric verdict needs only backward(v): LeNet's 10 rows were half its first answer)
    early_rows = v is None or differences.applies(out, leaves)
    # the program's own code in the backward (hooks, a custom backward) keeps the collector on
    custom, quiet = _program_code(out)
    notes.extend(_backward_notes(out))
    with paused(quiet):
        eng, engine_error = _engine(out, leaves, v, notes, early_rows)
        fd = _differences(cap, out, leaves, eng.jacobian or None, notes, witnesses)
        spot = _spot(cap, out, leaves, v, eng, engine_error, notes, witnesses)
    match, worst, basis = _verdict(None, eng, (fd, spot), engine_error)
    analysis = Analysis(
        output=label, output_shape=list(out.shape), leaves=[n for n, _ in leaves], grad_tensor=v,
        grad_tensor_source=source_v, jacobian={}, jacobian_latex={}, vjp=None,
        backward=eng.backward, engine_jacobian=eng.jacobian, max_abs_diff=worst, match=match, notes=notes,
        verdict_basis=basis, spot_differences=spot, differences=fd,
        line=None if event is None else event.line, call=None if event is None else event.to_json(),
        engine_error=engine_error, program_runs=tally.runs,
        labels={"output": _first_names(name or "out", out.shape),
                **{lname: _first_names(lname, t.shape) for lname, t in leaves}},
        calls=[e.to_json() for e in events[:MAX_LISTED_CALLS]], calls_total=len(events),
        stage="numeric", witnesses=witnesses)
    witnesses["symbolic"] = _state("pending" if leaves and out.requires_grad else "not_applicable")
    witnesses["pytorch"] = _state("pending" if leaves else "not_applicable")
    analysis.verdict_witnesses = _resting_on(analysis)
    if leaves and out.requires_grad:
        analysis.expressions = symbolic_j.Expressions.of(cap, leaves, name or "out")
    if numeric is not None:
        numeric(analysis)
    if not early_rows and engine_error is None:
        with paused(quiet):
            engine_witness.add_rows(eng, out, leaves, v)
        analysis.engine_jacobian = eng.jacobian

    # 2. what does not need J: the graph and the chain rule node by node (its traced backward runs the
    # program's hooks; the leaves' values are taken first), so that the symbolic J has what is left of
    # the verdict's target after them; 3. the symbolic J, under its own budget, then real PyTorch,
    # held to it when it fitted
    if analysis.expressions is not None:
        analysis.expressions.values()
    graph, trace, names = _chain_rule(cap, out, v, event, label, engine_error, notes, quiet)
    settle()
    sym = _symbolic(cap, out, leaves, progress, cancel, notes, budget, shadow_rule, witnesses,
                    None if analysis.expressions is None else analysis.expressions.values())
    J = None if sym is None else sym.jacobian
    # what the engine and PyTorch are held to: J as the program's dtype holds it
    J_held = None if J is None else _in_program_dtype(J, out, leaves, notes)
    if J_held is not None:
        if engine_error is None:
            engine_witness.against(eng, out, leaves, v, J_held)
        elif v is not None:
            eng.vjp = {lname: np.tensordot(v, J_held[lname], axes=out.dim()) for lname, _ in leaves}
        if fd is not None:
            fd = differences.judge(fd, J)
            witnesses["differences"] = _judged(fd)
        witnesses["symbolic"] = (_state("agree" if eng.match else "disagree", eng.match, eng.max_abs_diff)
                                 if engine_error is None else
                                 _state("not_applicable", reason="engine_raised"))
    if fd is not None and fd["match"] is False:
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
    # torch still loading (the app's service imports it beside the first analysis): waited for as long
    # as the analysis has taken, up to PYTORCH_WAIT, rather than running the whole analysis again for it
    wait = 0.0 if budget is None else max(0.0, min(PYTORCH_WAIT, time.monotonic() - budget.start))
    torch_witness, script = _pytorch(cap, leaves, name or "out", v, J_held if J is not None else eng.jacobian,
                                     eng.backward, engine_error, pytorch, notes, witnesses, wait, custom)
    match, worst, basis = _verdict(J, eng, (fd, spot, torch_witness), engine_error)
    analysis.jacobian, analysis.jacobian_latex = J or {}, {} if sym is None else sym.latex
    analysis.vjp, analysis.max_abs_diff, analysis.match, analysis.verdict_basis = eng.vjp, worst, match, basis
    analysis.mismatch = eng.mismatch if J is not None else {}
    analysis.differences, analysis.second_order = fd, second
    analysis.pytorch = torch_witness
    if callable(script):
        analysis.script_maker = script
    else:
        analysis.pytorch_script = script
    analysis.graph, analysis.trace = graph, trace
    analysis.state = (out, dict(leaves), names, LocalPartials())
    analysis.stage = "complete"
    analysis.verdict_witnesses = _resting_on(analysis)
    return analysis


# ---------------------------------------------------------------------------
# the witnesses' states: what the verdict rests on, and why a witness is not there
# ---------------------------------------------------------------------------

# a witness's state in Analysis.witnesses: "agree" | "disagree" (it ran and was compared with the engine),
# "over_budget" (it did not fit: "budget" says which, "note" is the note saying so), "not_applicable" (another
# form of it applies, or there is nothing to compare), "unavailable" (it could not run), "pending" (the numeric
# stage's analysis: still to come).  "reason" is a code (data, for the app to word): over_budget, no_leaves,
# engine_raised, columns_apply / spot_applies (the other form of the differences applies), cannot_replay,
# tape_too_large, not_compared, off / not_installed / not_loaded_yet (real PyTorch)
def _state(state: str, match=None, max_abs_diff=None, reason=None, note=None, budget=None, **more) -> dict:
    record = {"state": state, "match": match,
              "max_abs_diff": None if max_abs_diff is None else _json_float(max_abs_diff),
              "reason": reason, "note": None if note is None else str(note), "budget": budget}
    record.update(more)
    return record


def stopped(analysis: Analysis, note: str, budget: dict) -> Analysis:
    """The numeric stage's ``analysis`` when what came after it went past the whole analysis's
    ``budget``: the witnesses still pending are over budget, and ``note`` says so."""
    analysis.notes.append(note)
    for name, w in analysis.witnesses.items():
        if w["state"] == "pending":
            analysis.witnesses[name] = _state("over_budget", reason="over_budget", note=note, budget=budget)
    return analysis


def _judged(w: dict) -> dict:
    """The state of a witness that ran (a dict with "match" and "max_abs_diff")."""
    if w["match"] is None:
        return _state("unavailable", reason="not_compared", note=w.get("note"))
    return _state("agree" if w["match"] else "disagree", w["match"], w["max_abs_diff"])


def _resting_on(analysis) -> list:
    """The witnesses the verdict rests on, beside the engine's backward (the one under test)."""
    if analysis.verdict_basis == "symbolic":     # (or the engine raised: then no witness)
        return ["symbolic"] if analysis.witnesses["symbolic"]["state"] in ("agree", "disagree") else []
    if analysis.verdict_basis == "none":
        return []
    return [name for name in ("differences", "spot_differences", "pytorch")
            if analysis.witnesses.get(name, {}).get("state") in ("agree", "disagree")]


def _symbolic(cap, out, leaves, progress, cancel, notes, budget, shadow_rule, witnesses, values=None):
    """The first witness, or None (with a note, and its state in ``witnesses``, saying why) when
    there is nothing to differentiate or it did not fit its budget (``shadow_rule``: what set the
    budget of the expressions built during the capture run, :meth:`Budget.shadow_seconds`)."""
    if not leaves or not out.requires_grad:
        witnesses["symbolic"] = _state("not_applicable", reason="no_leaves")
        return None
    over = cap.shadow.over
    if over is not None:
        if over["reason"] == "elements" and over["op"] == "leaf":
            note = _T("the symbolic Jacobian is not computed: a leaf has {n:,} elements, and symbols are "
                      "followed up to {limit:,} elements per tensor. The verdict rests on the numeric "
                      "witnesses (float64 differences, real PyTorch when installed)").format(
                          n=over["elements"], limit=cap.shadow.max_elements)
            limit = {"resource": "elements", "limit": cap.shadow.max_elements, "rule": "symbols_per_tensor"}
        elif over["reason"] == "elements":
            note = _T("the symbolic Jacobian is not computed: the forward's {op} involves a tensor of {n:,} "
                      "elements, and symbols are followed up to {limit:,} elements per tensor. The verdict "
                      "rests on the numeric witnesses (float64 differences, real PyTorch when installed)"
                      ).format(n=over["elements"], op=over["op"], limit=cap.shadow.max_elements)
            limit = {"resource": "elements", "limit": cap.shadow.max_elements, "rule": "symbols_per_tensor"}
        elif over["reason"] == "ops":
            note = _T("the symbolic Jacobian is not computed: the forward has over {limit:,} operations on "
                      "tensors that require grad, and symbols are followed for that many. The verdict rests "
                      "on the numeric witnesses (float64 differences, real PyTorch when installed)").format(
                          limit=cap.shadow.max_ops)
            limit = {"resource": "operations", "limit": cap.shadow.max_ops, "rule": "symbolic_operations"}
        elif over["reason"] == "data_replaced":
            note = _T("the symbolic Jacobian is not computed: the program gave a leaf another shape through "
                      ".data ({n:,} elements now) after operations had used it, so its expressions would hold "
                      "the leaf in two shapes. The verdict rests on the numeric witnesses").format(
                          n=over["elements"])
            notes.append(note)
            witnesses["symbolic"] = _state("unavailable", reason="data_replaced", note=note)
            return None
        else:
            note = _T("the symbolic Jacobian is not computed: building the forward's expressions took over "
                      "{seconds:g} s (stopped at {op}). The verdict rests on the numeric witnesses (float64 "
                      "differences, real PyTorch when installed)").format(
                          seconds=round(cap.shadow.max_seconds, 3), op=over["op"])
            limit = budget.describe(cap.shadow.max_seconds, shadow_rule)
        notes.append(note)
        witnesses["symbolic"] = _state("over_budget", reason="over_budget", note=note, budget=limit, on_demand=False)
        return None
    deadline, seconds, rule = budget.symbolic_deadline()
    try:
        return symbolic_j.witness(cap, leaves, progress, cancel, deadline=deadline, values=values)
    except OverBudget as e:
        note = _T("the symbolic Jacobian is not computed: differentiating took over {seconds:g} s ({done} of "
                  "{total} rows done). The verdict rests on the numeric witnesses (float64 differences, real "
                  "PyTorch when installed)").format(seconds=round(seconds, 3), done=e.done, total=e.total)
        notes.append(note)
        # its expressions are whole: single entries can still be computed (core.analysis.entries)
        witnesses["symbolic"] = _state("over_budget", reason="over_budget", note=note,
                                       budget=budget.describe(seconds, rule), rows_done=e.done, rows=e.total,
                                       on_demand=True)
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


def _spot(cap, out, leaves, v, eng, engine_error, notes, witnesses):
    """Float64 differences along random directions and at sampled entries, beside the engine's
    wᵀJ (w = v, or a random w when there is no v), for leaves too large for a column each."""
    if engine_error is not None or not differences.spot_applies(out, leaves):
        witnesses["spot_differences"] = _state("not_applicable", reason=(
            "engine_raised" if engine_error is not None else "no_leaves" if not leaves or not out.requires_grad
            else "columns_apply"))
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
        witnesses["spot_differences"] = _state("unavailable", reason="cannot_replay", note=_no_replay(e))
        return None
    if spot is None:
        witnesses["spot_differences"] = _state("unavailable", reason="tape_too_large", note=cap.tape.too_large_note())
        return None
    if spot["complete"]:
        witnesses["spot_differences"] = _judged(spot)
        return spot
    note = _T("float64 differences: {n} checks fitted in {seconds:g} s").format(
        n=len(spot["directions"]) + len(spot["entries"]), seconds=differences.MAX_SECONDS)
    notes.append(note)
    limit = {"resource": "seconds", "limit": differences.MAX_SECONDS, "rule": "difference_replays"}
    if spot["match"] is None:       # not one check fitted
        witnesses["spot_differences"] = _state("over_budget", reason="over_budget", note=note, budget=limit,
                                               complete=False)
    else:       # the checks that fitted stand: the witness is in the verdict, and says what was left out
        witnesses["spot_differences"] = {**_judged(spot), "complete": False, "note": note, "budget": limit}
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


def _engine(out, leaves, v, notes, rows=True):
    """The engine's witness and its error (the engine raising is a result, like PyTorch's error)."""
    try:
        return engine_witness.witness(out, leaves, v, rows), None
    except engine_witness.GraphFreed:
        raise AnalysisError(_T("the program's own backward on another output freed the graph this output "
                               "uses before the end, so the engine cannot differentiate it again; choose the "
                               "tensor the program differentiates first, or add retain_graph=True there")
                            ) from None
    except Exception as e:  # noqa: BLE001 - the engine raising is a result, like PyTorch's error
        notes.append(_T("the engine's backward raises {type}, as PyTorch's does: {error}").format(
            type=type(e).__name__, error=e))
        return (engine_witness.EngineWitness(max_abs_diff=float("nan"), match=False),
                {"type": type(e).__name__, "message": str(e)})


def _differences(cap, out, leaves, J, notes, witnesses):
    """The third witness, for small leaves and outputs, from the tape of the capture run, beside
    ``J`` (the engine's one-hot rows here; the symbolic J later, :func:`differences.judge`)."""
    if not differences.applies(out, leaves):
        witnesses["differences"] = _state("not_applicable", reason="no_leaves" if not leaves or not out.requires_grad
                                          else "spot_applies")
        return None
    try:
        fd = differences.witness(cap.tape, out, leaves, J)
    except differences.CannotReplay as e:
        notes.append(_no_replay(e))
        witnesses["differences"] = _state("unavailable", reason="cannot_replay", note=_no_replay(e))
        return None
    except differences.OverBudget as e:
        note = _T("float64 differences: {n} checks fitted in {seconds:g} s").format(n=e.done, seconds=e.seconds)
        notes.append(note)
        witnesses["differences"] = _state("over_budget", reason="over_budget", note=note, budget={
            "resource": "seconds", "limit": e.seconds, "rule": "difference_replays"}, columns_done=e.done,
            columns=e.total)
        return None
    if fd is None:
        witnesses["differences"] = _state("unavailable", reason="tape_too_large", note=cap.tape.too_large_note())
        return None
    witnesses["differences"] = _judged(fd)
    return fd


# the PyTorch script spells out every number the tape recorded, up to this many: about 2 MB of text,
# written at some 4 µs a number (PyTorch's LeNet tutorial records 124,436: its parameters, input and target)
MAX_SCRIPT_NUMBERS = 150_000
# a script of more numbers than this is written when first asked for (Analysis.pytorch_script: the exports,
# --pytorch-script), not during the analysis: 80,000 numbers of a 200x200 matmul took 0.5 s of a 0.53-s target
SCRIPT_AT_ONCE = 20_000
SCRIPT_OPS_AT_ONCE = 2_000      # ... or of more recorded operations than this (20,000 sin ops: 0.4 s)


PYTORCH_WAIT = 5.0      # seconds an analysis waits at most, at its end, for torch being imported


def _pytorch(cap, leaves, name, v, J, backward, engine_error, mode, notes, witnesses, wait=0.0, custom=None):
    """The fourth witness (real PyTorch, when installed) and the script, from
    the tape of the capture run: its text, None, or for a long one the function that writes it.
    ``custom``: the names of the graph's custom Functions (:func:`_program_code`; None: found here)."""
    if not leaves:
        witnesses["pytorch"] = _state("not_applicable", reason="no_leaves")
        return None, None
    if cap.tape.too_large:
        notes.append(cap.tape.too_large_note())
        witnesses["pytorch"] = _state("over_budget", reason="over_budget", note=cap.tape.too_large_note(),
                                      budget={"resource": "elements", "limit": cap.tape.max_elements,
                                              "rule": "tape_elements"})
        return None, None
    rec = Recording(cap.tape, cap.output, cap.namespace)

    def write_script():
        try:
            return pytorch.script(rec, leaves, name, v)
        except pytorch.ReplayError:
            return None
    script = None
    if cap.tape.elements <= MAX_SCRIPT_NUMBERS:   # (past it, the export says the script cannot be written)
        at_once = cap.tape.elements <= SCRIPT_AT_ONCE and len(cap.tape.entries) <= SCRIPT_OPS_AT_ONCE
        script = write_script() if at_once else write_script
    use = mode == "auto" or (mode == "loaded" and pytorch.loaded(wait))
    custom = _program_code(cap.output)[0] if custom is None else custom
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
    if witness is not None:
        witnesses["pytorch"] = _judged(witness)
    else:
        witnesses["pytorch"] = _state("unavailable", reason=(
            "not_installed" if use else "off" if mode == "off" else "not_loaded_yet"))
    return witness, script


def _graph_nodes(out):
    """Every node of ``out``'s backward graph, once."""
    seen, stack = set(), [out.grad_fn]
    while stack:
        fn = stack.pop()
        if fn is None or id(fn) in seen:
            continue
        seen.add(id(fn))
        yield fn
        stack.extend(n for n, _ in getattr(fn, "next_functions", ()))


def _complex_graph(out) -> bool:
    """Whether ``out`` is complex or a complex tensor goes into its backward graph."""
    if out._data.dtype.kind == "c":
        return True
    return any(has_complex_input(fn) for fn in _graph_nodes(out))


def _backward_notes(out) -> list:
    """The notes of the ops in ``out``'s graph whose PyTorch backward is not their derivative (OpDef.backward_note)."""
    notes = []
    for fn in _graph_nodes(out):
        note = getattr(getattr(fn, "op", None), "backward_note", None)
        if note is not None and note not in notes:
            notes.append(note)
    return notes


def _program_code(out) -> tuple[list, bool]:
    """(the names of the custom autograd.Functions in ``out``'s graph, ``Cube`` for CubeBackward;
    whether its backward runs none of the program's code: no custom backward, no hook on a node or
    a leaf, no retain_grad)."""
    names, hooked = [], False
    for fn in _graph_nodes(out):
        if isinstance(fn, CustomBackward):
            names.append(type(fn).__name__[:-len("Backward")])
        variable = getattr(fn, "variable", None) if isinstance(fn, AccumulateGrad) else None
        hooked = hooked or getattr(fn, "_hooked", False) or (variable is not None and bool(variable._hooks))
    return sorted(set(names)), not (names or hooked)


def _chain_rule(cap, out, v, event, label, engine_error, notes, quiet=False):
    """The graph with its layout, and the backward(v) the program asks for, recorded node by node
    (``quiet``: that backward runs none of the program's code, :func:`_program_code`)."""
    names = GraphNames(cap.namespace)
    with paused():
        graph = build_graph(out, names, label) if out.grad_fn is not None else {"nodes": [], "edges": []}
    settle()
    steps = []
    if v is not None and out.grad_fn is not None and engine_error is None:
        frees = not (event is not None and (event.retain_graph or event.create_graph))
        with paused(quiet):
            steps, stopped = engine_witness.trace(out, v, names, frees)
        settle()
        if stopped is not None:
            notes.append(_T("the backward stopped at step {step}: {type}: {error}").format(
                step=len(steps), type=type(stopped).__name__, error=stopped))
    for step in steps:
        wrong = [name or "?" for name, _, match in step.implied if not match]
        if wrong:
            notes.append(_T("the backward of the custom Function {node} disagrees with its forward: the gradient "
                            "it sends to {inputs} is not the derivative of what its forward computes (see step "
                            "{step})").format(node=step.grad_fn, inputs=", ".join(wrong), step=step.index + 1))
    with paused():
        return graph, [s.to_json() for s in steps], names
