"""The runs of the program that one analysis makes: two.

1. :func:`discover` runs it as the user wrote it and notes every backward /
   autograd.grad it asks for (which tensor, which statement, which gradient
   argument): the run the app and the CLI show.
2. :func:`capture` runs it again with every observer the witnesses need (the
   symbolic :class:`~core.symbolic.shadow.Shadow` and the
   :class:`~core.analysis.tape.Tape`) and stops just before the chosen output
   is differentiated: the forward prefix in numbers, in symbols and as a tape.

Everything else is computed from what these two runs leave behind: the
central differences replay the tape in float64, PyTorch replays it in torch,
the engine differentiates the captured graph.  A :class:`Tally` passed along
counts the runs, for the analysis's ``program_runs``.

Nothing here writes a text for the user: when the capture does not reach the
differentiation, :class:`Capture` says so and :mod:`core.analysis.analysis`
words it.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.analysis import tape
from core.analysis.collector import settle
from core.context import Observer
from core.interp import run_program
from core.interp.run import RunError, StopRun
from core.symbolic.jacobian import Cancelled
from core.symbolic.shadow import Shadow
from core.tensor.tensor import Tensor
from core.torch.nn.module import module_leaves


class Tally:
    """How many times the program has been interpreted for one analysis."""

    def __init__(self, runs: int = 0):
        self.runs = runs


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
    iteration: int = 1          # the how-many-th differentiation made at this line (1-based)
    iterations: int = 1         # how many the run made at this line in all

    def to_json(self) -> dict:
        return {"call": self.ordinal + 1, "line": self.line, "iteration": self.iteration, "of": self.iterations,
                "kind": self.kind, "names": list(self.names)}


def _run(program, limits, tally, **options):
    if tally is not None:
        tally.runs += 1
    return run_program(program.source, program=program, limits=limits, **options)


def discover(program, limits, cancel=None, tally: Tally | None = None):
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
    result = _run(program, limits, tally, observer=observe, cancel=cancel)
    at_line: dict = {}
    for e in events:
        at_line[e.line] = e.iteration = at_line.get(e.line, 0) + 1
    for e in events:
        e.iterations = at_line[e.line]
    return result, events


def run_to(program, limits, event, output_name, observers=(), cancel=None, tally: Tally | None = None):
    """Run ``program`` with ``observers`` watching the forward, and stop where
    ``event`` differentiates (with no event: run to the end and take
    ``output_name``).  Returns (the output tensor or None when not reached,
    the top-level names then, the run's result)."""
    box = {}
    seen = [0]

    def observe(kind, outputs, grads, interp, *flags):
        if event is not None and seen[0] == event.ordinal:
            box["output"] = outputs[0]
            box["namespace"] = dict(interp.globals.vars)
            raise StopRun()
        seen[0] += 1
    r = _run(program, limits, tally, observer=observe, observers=tuple(observers), cancel=cancel)
    if "output" in box:
        return box["output"], box["namespace"], r
    out = r.namespace.get(output_name) if event is None else None
    return (out if isinstance(out, Tensor) else None), r.namespace, r


@dataclass
class Capture:
    output: object             # the output tensor, or None when the run did not get there
    namespace: dict            # the top-level names at that moment
    shadow: Shadow             # its leaves and their symbols (the output carries _sym)
    tape: object               # the Tape of the same forward (check tape.too_large)
    stdout: str
    error: RunError | None     # what stopped the run early, if anything did


SETTLE_EVERY = 4096     # operations of the capture run between two settle() (core.analysis.collector)


class _Settler(Observer):
    """Every :data:`SETTLE_EVERY` operations of the capture run, what is alive is set aside from the
    collector (:func:`~core.analysis.collector.settle`): the tape keeps every tensor of the run to
    the end of the analysis anyway, and the full passes over a forward of 20,000 operations, walking
    all of it each time, were a third of the capture run.  Not once the tape is full (it lets its
    tensors go then, and what a training loop drops is the collector's to free)."""

    def __init__(self, recorder):
        self.recorder, self.count = recorder, 0

    def on_apply(self, op, inputs, params, result):
        self.count += 1
        if self.count % SETTLE_EVERY == 0 and not self.recorder.too_large:
            settle()


def capture(program, limits, event, output_name, cancel=None, tally: Tally | None = None,
            shadow_seconds: float | None = None) -> Capture:
    """Run with the symbolic shadow (building expressions for at most ``shadow_seconds``, by
    default the shadow's own budget) and the tape, and stop where ``event`` differentiates.
    Raises :class:`~core.symbolic.jacobian.Cancelled` when the run was cancelled."""
    shadow, recorder = Shadow(max_seconds=shadow_seconds), tape.Tape()
    out, namespace, r = run_to(program, limits, event, output_name, (shadow, recorder, _Settler(recorder)), cancel,
                               tally)
    if r.error is not None and r.error.kind == "cancelled":
        raise Cancelled()
    return Capture(out, namespace, shadow, recorder, r.stdout, r.error)


def leaves_of(namespace) -> list:
    """The top-level leaves that require grad, as (name, tensor), each tensor once; then the
    parameters of the top-level modules, named by their path (``model.linear.weight``)."""
    seen, leaves = set(), []
    for name, t in namespace.items():
        if isinstance(t, Tensor) and t.is_leaf and t.requires_grad and id(t) not in seen:
            seen.add(id(t))
            leaves.append((name, t))
    params = [(name, p) for name, p in module_leaves(namespace).items() if p.requires_grad and id(p) not in seen]
    return leaves + params
