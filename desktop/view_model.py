"""The analysis as the desktop reads it: typed, Qt-free, built once from core's JSON.

core hands the window an analysis as a dict (``core.analysis.Analysis.to_json()``, or the
service's "partial" and "finished" answers, whose texts are :class:`~core.translatable.Text`).
:func:`view_of` turns it into an :class:`AnalysisView` of frozen dataclasses (the window does
so once per answer: :class:`desktop.results_display.ResultsDisplay`), and the widgets read its
attributes: a field renamed in core breaks here, in one place, and not as a silent ``None`` in
a panel (the Qt example ``editabletreemodel``'s ``treeitem.py`` pattern).  The program's run
(:class:`RunView`) and the answers of "entries" and "paths" jobs are read the same way.

Numbers stay as core wrote them (nested lists, with "nan"/"inf" strings): nothing is
computed here, the view only names what is there.  A text field is a ``Text`` (its template
and values, for translation by lookup) when the dict has it as one, or as JSON text with its
``"texts"`` record; otherwise the plain English string.

>>> view = AnalysisView.from_json({"output": "out", "output_shape": [2], "leaves": ["x"],
...     "backward": {"x": [1.0, 2.0]}, "labels": {"output": ["out_1", "out_2"], "x": ["x_1", "x_2"]},
...     "stage": "numeric", "witnesses": {"symbolic": {"state": "pending"}}})
>>> view.leaf("x").backward, view.leaf("x").shape, view.symbolic.state, view.is_numeric_stage
([1.0, 2.0], [2], 'pending', True)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.translatable import Text
from desktop.results.values import nested_shape


def _text(value, texts: dict):
    """A text field: a Text kept as it is; an English string restored from the JSON's ``texts``."""
    if value is None or isinstance(value, Text) or not isinstance(value, str):
        return value
    record = texts.get(value)
    return Text.from_json(value, record) if isinstance(record, dict) else value


def value_or_summary(record: dict, key: str):
    """``record[key]``, or its summary (a dict) when core left a large array out (``KEY_summary``)."""
    value = record.get(key)
    if value is None and isinstance(record.get(key + "_summary"), dict):
        return record[key + "_summary"]
    return value


# --- the witnesses and the verdict ---------------------------------------------------------------

@dataclass(frozen=True)
class Budget:
    """The budget a witness did not fit: ``resource`` ("seconds", "elements", "operations"),
    its ``limit`` and the ``rule`` that set it."""

    resource: str | None
    limit: Any
    rule: str | None

    @classmethod
    def from_json(cls, d: dict | None) -> Budget | None:
        return None if not d else cls(d.get("resource"), d.get("limit"), d.get("rule"))


@dataclass(frozen=True)
class Witness:
    """One witness's state ("agree", "disagree", "over_budget", "not_applicable", "unavailable",
    "pending"; the app's own "cancelled", "failed"), and why (``reason``, a code; ``note``)."""

    name: str
    state: str | None = None
    match: bool | None = None
    max_abs_diff: Any = None
    reason: str | None = None
    note: str | None = None
    budget: Budget | None = None
    on_demand: bool = False       # the symbolic J did not fit, its expressions are whole: entries on demand

    @classmethod
    def from_json(cls, name: str, d: dict | None, texts: dict) -> Witness:
        d = d or {}
        return cls(name, d.get("state"), d.get("match"), d.get("max_abs_diff"), d.get("reason"),
                   _text(d.get("note"), texts), Budget.from_json(d.get("budget")), bool(d.get("on_demand")))


@dataclass(frozen=True)
class EngineError:
    type: str
    message: str


@dataclass(frozen=True)
class Comparison:
    """The float64 differences' J compared with the symbolic one."""

    max_abs_diff: Any
    match: bool | None


@dataclass(frozen=True)
class PytorchWitness:
    """Real PyTorch replaying the same forward."""

    version: str
    max_abs_diff: Any
    match: bool | None
    error: Any = None
    note: str | None = None


@dataclass(frozen=True)
class Mismatch:
    """The entries of one leaf the verdict's own rule found to disagree (core.analysis.verdict):
    ``mask`` nested bools, or past its bound None and ``first`` the first flat indices."""

    count: int
    mask: Any = None
    first: tuple = ()


@dataclass(frozen=True)
class SpotEntry:
    """An entry of a leaf's gradient checked by float64 differences."""

    leaf: str
    index: tuple
    backward: Any
    difference: Any


@dataclass(frozen=True)
class SecondOrder:
    """d²(v·out)/dx², symbolic beside the engine's (a program using create_graph)."""

    symbolic: Any
    engine: Any
    max_abs_diff: Any
    match: bool | None


# --- the leaves -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Leaf:
    """One leaf's part of the analysis; a value is None where the analysis has none."""

    name: str
    shape: list                   # from J (out.shape + leaf.shape), else from x.grad
    labels: tuple = ()            # its elements' names (x_11 ...), when core wrote them
    jacobian: Any = None          # the symbolic J at the values, shape out.shape + leaf.shape
    jacobian_latex: str | None = None
    vjp: Any = None               # vᵀJ from the symbolic J
    backward: Any = None          # x.grad from the engine's backward
    engine_jacobian: Any = None   # the engine's one-hot rows
    mismatch: Mismatch | None = None
    second_order: SecondOrder | None = None


# --- the differentiations of the program --------------------------------------------------------

@dataclass(frozen=True)
class Call:
    """One backward / autograd.grad call of the program: the ``iteration``-th of ``of`` at ``line``."""

    call: int
    line: int | None
    iteration: int = 1
    of: int = 1
    kind: str = ""
    names: tuple = ()

    @classmethod
    def from_json(cls, d: dict) -> Call:
        return cls(int(d.get("call") or 0), d.get("line"), int(d.get("iteration") or 1), int(d.get("of") or 1),
                   d.get("kind") or "", tuple(d.get("names") or ()))


# --- the graph and the trace -----------------------------------------------------------------------

@dataclass(frozen=True)
class GraphNode:
    id: str
    kind: str                     # "output", "op", "leaf", "fold"
    label: str = ""
    grad_fn: str | None = None
    name: str | None = None       # the program's name for it
    shape: list | None = None
    folded: tuple = ()            # a fold node: the ids of the nodes it hides

    @property
    def title(self) -> str:
        """How a step names the node: the program's name, else its label, else its grad_fn."""
        return self.name or self.label or self.grad_fn or ""


@dataclass(frozen=True)
class GraphEdge:
    source: str
    target: str
    input: int                    # the index of the input in the source's next_functions


@dataclass(frozen=True)
class Graph:
    """The backward graph; ``json`` is core's dict as the graph view draws it (laid out by core)."""

    nodes: tuple = ()
    edges: tuple = ()
    json: dict = field(default_factory=lambda: {"nodes": [], "edges": []}, compare=False, repr=False)

    @classmethod
    def from_json(cls, d: dict | None) -> Graph:
        d = d or {"nodes": [], "edges": []}
        nodes = tuple(GraphNode(n["id"], n.get("kind") or "op", n.get("label") or "", n.get("grad_fn"),
                                n.get("name"), n.get("shape"), tuple(n.get("folded") or ()))
                      for n in d.get("nodes") or [])
        edges = tuple(GraphEdge(e["source"], e["target"], int(e.get("input") or 0)) for e in d.get("edges") or [])
        return cls(nodes, edges, d)

    def node(self, node_id: str) -> GraphNode | None:
        return next((n for n in self.nodes if n.id == node_id), None)


@dataclass(frozen=True)
class SentGradient:
    """A gradient a step sent: to node ``to``, the input the program names ``input`` (or None)."""

    to: str | None
    input: str | None
    grad: Any                     # the value, or its summary (a dict) when core left it out
    input_index: int | None = None   # which input of the step's node it went to (the graph edge's "input")


@dataclass(frozen=True)
class HookFired:
    name: str | None
    replaced: bool


@dataclass(frozen=True)
class Retained:
    name: str | None
    grad: Any


@dataclass(frozen=True)
class Implied:
    """A custom Function's input: the gradient its forward implies, and whether the backward sent it."""

    input: str | None
    grad: Any
    match: bool


@dataclass(frozen=True)
class TraceStep:
    """One node of the backward pass, in the order the engine ran it (core.analysis.trace).
    A value core left out (too large) is its summary, a dict."""

    index: int | None
    node: str | None
    grad_fn: str
    output_name: str | None = None
    input_names: tuple = ()
    grad_in: Any = None
    local: str | None = None      # the local derivative, LaTeX
    local_notes: tuple = ()       # core's sentences beside or instead of it (texts)
    saved: tuple = ()             # (name, value or summary) of the saved numbers used
    grads_out: tuple = ()         # SentGradient each
    leaf: str | None = None       # AccumulateGrad: the leaf's name
    grad_before: Any = None
    grad_after: Any = None
    hooks: tuple = ()
    retained: tuple = ()
    freed: bool = False
    implied: tuple = ()

    @property
    def is_leaf(self) -> bool:
        return self.grad_fn == "AccumulateGrad"

    @classmethod
    def from_json(cls, d: dict, texts: dict | None = None) -> TraceStep:
        texts = texts or {}
        summaries = d.get("saved_summary") or {}
        saved = tuple((name, value if value is not None else summaries.get(name))
                      for name, value in (d.get("saved") or {}).items())
        return cls(
            d.get("index"), d.get("node"), d.get("grad_fn") or "", d.get("output_name"),
            tuple(d.get("input_names") or ()), value_or_summary(d, "grad_in"), d.get("local"),
            tuple(_text(n, texts) for n in d.get("local_notes") or ()), saved,
            tuple(SentGradient(s.get("to"), s.get("input"), value_or_summary(s, "grad"), s.get("input_index"))
                  for s in d.get("grads_out") or ()),
            d.get("leaf"), value_or_summary(d, "grad_before"), value_or_summary(d, "grad_after"),
            tuple(HookFired(h.get("name"), bool(h.get("replaced"))) for h in d.get("hooks") or ()),
            tuple(Retained(r.get("name"), value_or_summary(r, "grad")) for r in d.get("retained") or ()),
            bool(d.get("freed")),
            tuple(Implied(i.get("input"), i.get("grad"), bool(i.get("match"))) for i in d.get("implied") or ()))


# --- symbolic entries computed on demand (an "entries" job's answer, core.analysis.entries) --------------

@dataclass(frozen=True)
class EntryOfJ:
    """One entry of a leaf's J: "computed" (its ``value``) or not (over its budget)."""

    leaf: str
    row: int                      # the output element (flat)
    column: int                   # the leaf element (flat)
    state: str
    value: Any = None

    @property
    def computed(self) -> bool:
        return self.state == "computed"


@dataclass(frozen=True)
class EntriesAnswer:
    """What an "entries" job answered: the entries asked for, or the ``error`` that stopped it."""

    entries: tuple = ()
    note: str | None = None       # why entries were not computed (a text)
    error: str | None = None      # a text

    @classmethod
    def from_json(cls, d: dict) -> EntriesAnswer:
        return cls(tuple(EntryOfJ(e.get("leaf"), int(e.get("row") or 0), int(e.get("column") or 0),
                                  e.get("state") or "", e.get("value")) for e in d.get("entries") or ()),
                   d.get("note"), d.get("error"))


# --- the program's own run (core.report_json.run_to_json) -------------------------------------------

@dataclass(frozen=True)
class RunError:
    """What stopped the program: ``kind`` "rejected" (not run), "raised", "limit", "cancelled"."""

    type: str
    message: str
    kind: str | None = None
    line: int | None = None
    col: int | None = None

    @property
    def ran(self) -> bool:
        """The program was run (not rejected before it started)."""
        return self.kind != "rejected"


@dataclass(frozen=True)
class TensorInfo:
    """A top-level tensor of the program at its end."""

    shape: list
    grad_fn: str | None
    requires_grad: bool

    @property
    def differentiable(self) -> bool:
        """It can be an output to analyse: it has a grad_fn, or requires grad."""
        return bool(self.grad_fn or self.requires_grad)


@dataclass(frozen=True)
class RunView:
    """The program's own run: its ``stdout``, the ``error`` that stopped it, Python's and
    PyTorch's ``warnings`` (texts), the app's ``notes`` on the run, its top-level ``tensors``."""

    stdout: str = ""
    error: RunError | None = None
    warnings: tuple = ()
    notes: tuple = ()
    tensors: dict = field(default_factory=dict)      # name -> TensorInfo, in the program's order
    json: dict = field(default_factory=dict, compare=False, repr=False)   # core's dict, as given

    @classmethod
    def from_json(cls, run: dict | None) -> RunView:
        run = run or {}
        texts, e = run.get("texts") or {}, run.get("error")
        return cls(
            run.get("stdout") or "",
            None if not e else RunError(e.get("type", ""), e.get("message", ""), e.get("kind"), e.get("line"),
                                        e.get("col")),
            tuple(run.get("warnings") or ()), tuple(_text(n, texts) for n in run.get("notes") or ()),
            {name: TensorInfo(t.get("shape"), t.get("grad_fn"), bool(t.get("requires_grad")))
             for name, t in (run.get("tensors") or {}).items()}, run)


# --- the chain-rule paths of one entry of J (a "paths" job's answer, core.analysis.paths) ----------------

@dataclass(frozen=True)
class PathStep:
    """A node on a path, output to leaf: the ``element`` it is at, the local ``partial``, and (at
    a node with ``inputs`` > 1) the input the path goes on through (``via``, 0-based; its name)."""

    node: str | None
    grad_fn: str
    name: str | None
    element: tuple
    label: str | None
    partial: float
    via: int | None
    via_name: str | None
    inputs: int


@dataclass(frozen=True)
class ChainPath:
    product: float
    steps: tuple


@dataclass(frozen=True)
class PathsAnswer:
    """The paths that add up to J[i, k] of ``leaf``: their ``total``; ``complete`` False when there
    were more than listed."""

    leaf: str
    total: float
    complete: bool
    paths: tuple

    @classmethod
    def from_json(cls, d: dict) -> PathsAnswer:
        paths = tuple(ChainPath(float(p.get("product") or 0.0), tuple(
            PathStep(s.get("node"), s.get("grad_fn") or "", s.get("name"), tuple(s.get("element") or ()),
                     s.get("label"), float(s.get("partial") or 0.0), s.get("via"), s.get("via_name"),
                     int(s.get("inputs") or 0)) for s in p.get("steps") or ())) for p in d.get("paths") or ())
        return cls(d.get("leaf") or "", float(d.get("total") or 0.0), bool(d.get("complete", True)), paths)


# --- the analysis ------------------------------------------------------------------------------------

WITNESSES = ("symbolic", "differences", "spot_differences", "pytorch")


@dataclass(frozen=True)
class AnalysisView:
    """One analysis of one output (DESIGN.md's analysis object), read-only."""

    output: str | None                   # its name, or core's text for it ("the tensor differentiated on line 4")
    output_shape: list
    output_labels: tuple                 # the output's elements' names (out_1 ...)
    leaves: tuple                        # Leaf each, in core's order
    has_vjp: bool                        # vᵀJ was computed (a v, and the symbolic J)
    has_backward: bool                   # the engine's backward ran (a v, and no error)
    grad_tensor: Any                     # v, nested lists, or None
    grad_tensor_source: str | None       # "program", "option", "implicit_ones", or None
    line: int | None                     # where the output is differentiated
    stage: str                           # "complete", or "numeric": the service's first answer
    match: bool | None
    max_abs_diff: Any
    verdict_basis: str | None            # "symbolic", "numeric" or "none"
    verdict_witnesses: tuple
    witnesses: dict                      # name -> Witness, every name of WITNESSES
    notes: tuple                         # texts
    engine_error: EngineError | None
    differences: Comparison | None
    pytorch: PytorchWitness | None
    spot_entries: tuple                  # SpotEntry each, None when no spot differences ran
    spot_ran: bool
    call: Call | None                    # the differentiation analysed
    calls: tuple                         # Call each, as many as core lists
    calls_total: int
    entries: Any                         # symbolic entries of J chosen (core.analysis.entries), or None
    graph: Graph
    trace: tuple                         # TraceStep each
    json: dict = field(compare=False, repr=False, default_factory=dict)   # core's dict, as given

    @classmethod
    def from_json(cls, a: dict) -> AnalysisView:
        texts = a.get("texts") or {}
        labels = a.get("labels") or {}
        jac, vjp, bw = a.get("jacobian") or {}, a.get("vjp") or {}, a.get("backward") or {}
        engine_j, latex = a.get("engine_jacobian") or {}, a.get("jacobian_latex") or {}
        mismatch, second = a.get("mismatch") or {}, a.get("second_order") or {}
        out_shape = list(a.get("output_shape") or [])
        leaves = []
        for name in a.get("leaves") or []:
            j, g = jac.get(name), bw.get(name)
            # without J (still to come, over its budget, cancelled): the leaf's shape is its x.grad's
            shape = nested_shape(j)[len(out_shape):] if j is not None else nested_shape(g) if g is not None else []
            m, s = mismatch.get(name), second.get(name)
            leaves.append(Leaf(
                name, shape, tuple(labels.get(name) or ()), j, latex.get(name) or None, vjp.get(name), g,
                engine_j.get(name),
                None if m is None else Mismatch(int(m.get("count") or 0), m.get("mask"), tuple(m.get("first") or ())),
                None if not s else SecondOrder(s.get("symbolic"), s.get("engine"), s.get("max_abs_diff"),
                                               s.get("match"))))
        error = a.get("engine_error")
        diffs, torch, spot = a.get("differences"), a.get("pytorch"), a.get("spot_differences")
        witnesses = a.get("witnesses") or {}
        return cls(
            output=_text(a.get("output"), texts), output_shape=out_shape,
            output_labels=tuple(labels.get("output") or ()), leaves=tuple(leaves),
            has_vjp=a.get("vjp") is not None, has_backward=a.get("backward") is not None,
            grad_tensor=a.get("grad_tensor"), grad_tensor_source=a.get("grad_tensor_source"), line=a.get("line"),
            stage=a.get("stage") or "complete", match=a.get("match"), max_abs_diff=a.get("max_abs_diff", 0),
            verdict_basis=a.get("verdict_basis"), verdict_witnesses=tuple(a.get("verdict_witnesses") or ()),
            witnesses={n: Witness.from_json(n, witnesses.get(n), texts)
                       for n in (*WITNESSES, *(k for k in witnesses if k not in WITNESSES))},
            notes=tuple(_text(n, texts) for n in a.get("notes") or ()),
            engine_error=None if not error else EngineError(error.get("type", ""), error.get("message", "")),
            differences=None if not diffs else Comparison(diffs.get("max_abs_diff"), diffs.get("match")),
            pytorch=None if not torch else PytorchWitness(torch.get("version", ""), torch.get("max_abs_diff"),
                                                          torch.get("match"), torch.get("error"),
                                                          _text(torch.get("note"), texts)),
            spot_entries=tuple(SpotEntry(e.get("leaf"), tuple(e.get("index") or ()), e.get("backward"),
                                         e.get("difference")) for e in (spot or {}).get("entries") or ()),
            spot_ran=bool(spot),
            call=None if not a.get("call") else Call.from_json(a["call"]),
            calls=tuple(Call.from_json(c) for c in a.get("calls") or ()), calls_total=int(a.get("calls_total") or 0),
            entries=a.get("entries"), graph=Graph.from_json(a.get("graph")),
            trace=tuple(TraceStep.from_json(s, texts) for s in a.get("trace") or ()), json=a)

    # --- reading -------------------------------------------------------------------------------
    def leaf(self, name: str) -> Leaf | None:
        return next((leaf for leaf in self.leaves if leaf.name == name), None)

    @property
    def leaf_names(self) -> list[str]:
        return [leaf.name for leaf in self.leaves]

    @property
    def symbolic(self) -> Witness:
        return self.witnesses["symbolic"]

    @property
    def is_numeric_stage(self) -> bool:
        """The service's first answer: x.grad and the numeric verdict, the symbolic J still to come."""
        return self.stage == "numeric"

    @property
    def has_v(self) -> bool:
        return self.grad_tensor is not None

    def calls_signature(self) -> tuple:
        """What the program's calls are, without their values: (line, kind, how many at the line)
        each, and how many in all.  A choice of call is kept while this stays the same."""
        return self.calls_total, tuple((c.line, c.kind, c.of) for c in self.calls)


def calls_signature(analysis: dict | AnalysisView | None) -> tuple:
    """:meth:`AnalysisView.calls_signature` of an analysis (a view, core's dict, or None: no calls),
    without building a whole view for a dict."""
    if isinstance(analysis, AnalysisView):
        return analysis.calls_signature()
    a = analysis or {}
    calls = [Call.from_json(c) for c in a.get("calls") or ()]
    return int(a.get("calls_total") or 0), tuple((c.line, c.kind, c.of) for c in calls)


def view_of(analysis: dict | AnalysisView | None) -> AnalysisView | None:
    """``analysis`` as a view: a view as it is, core's dict built into one (None for None).
    The window builds the view of each analysis it is given once and hands the view on."""
    if analysis is None or isinstance(analysis, AnalysisView):
        return analysis
    return AnalysisView.from_json(analysis)
