"""A tape of the forward prefix, for replaying it elsewhere.

While the program runs with a :class:`Tape` among the observers, every leaf,
every op and every in-place write is written down with its inputs: tensors
that require grad by identity (they are results of earlier entries), other
tensors as a copy of their numbers at that moment (constants, as autograd
sees them), Python values as they are.  The tape is data: it is replayed by
:mod:`core.analysis.pytorch` in real PyTorch (the fourth witness) and written
out as a plain PyTorch script, and by :mod:`core.analysis.differences` in
float64 numpy for the central differences.  The program itself is never
handed to Python.

The tape rides along the analysis's capture run, beside the symbolic shadow.
When it would keep more than :attr:`Tape.max_elements` numbers it stops
recording (and says so in :attr:`Tape.too_large`) instead of stopping the run:
the shadow still needs the rest of the forward.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from core import context, dtypes
from core.context import Observer
from core.tensor import grad_mode
from core.tensor.tensor import Tensor
from core.translatable import _T


@dataclass(slots=True)
class Entry:
    kind: str                 # "leaf" | "op" | "inplace"
    op: object = None         # the OpDef (op, inplace)
    inputs: tuple = ()        # specs: ("ref", id) | ("const", id, array, version) | ("py", value)
    params: dict = field(default_factory=dict)
    result: int = 0           # id of the tensor made or written
    grad_enabled: bool = True
    default_dtype: str = "float32"
    value: np.ndarray | None = None   # a leaf's numbers
    version: int = 0          # the result's version counter just after the entry


class _Full(Exception):
    """The tape has just passed its size: the entry being written is dropped."""


class Tape(Observer):
    """Records the forward (see the module docstring)."""

    def __init__(self, max_elements: int = 4_000_000):
        self.entries: list[Entry] = []
        self._keep = []          # every tensor seen stays alive, so ids stay unique
        self.max_elements = max_elements
        self._elements = 0
        self.too_large = False
        # a constant first seen sharing the very array of a tensor the tape made (x.detach(),
        # x.data): its id -> that tensor's id.  A numpy replay can then keep them one array, so
        # a nudge of x moves the alias and a write through the alias lands in x, as in the program.
        self.aliases: dict[int, int] = {}
        self._arrays: dict[int, tuple] = {}   # id(array) -> (the array, kept alive; id of its tensor)
        self.data_replaced = False   # a tensor's numbers were replaced through .data during the run
        # results made inside a custom Function's forward (grad mode off there, so they need no grad in
        # the run); the replay makes them with grad on, and what uses them refers to them, not to copies
        self._inner: set[int] = set()

    # -- hooks -----------------------------------------------------------------------
    # NOTE: a full tape ignores every later event: an entry after a gap would refer
    # to tensors the tape never saw being made.
    def on_leaf(self, t):
        if self.too_large:
            return
        try:
            self._keep.append(t)
            self.entries.append(Entry("leaf", result=id(t), value=self._copy(t._data), version=_version(t),
                                      grad_enabled=_grad_enabled(),
                                      default_dtype=dtypes.get_default_dtype().name))
            self._made(t)
        except _Full:
            pass

    def on_data_replaced(self, t):
        # param.data = ..., module.double(): new numbers (perhaps a new dtype) no entry records;
        # a replay must not pretend it saw them
        if not self.too_large:
            self.data_replaced = True

    def on_apply(self, op, inputs, params, result):
        if self.too_large:
            return
        try:
            self._keep.append(result)
            self.entries.append(Entry("op", op, tuple([self._spec(x) for x in inputs]), dict(params) if params else {},
                                      id(result), _grad_enabled(), dtypes.get_default_dtype().name,
                                      version=_version(result)))
            self._made(result)
            if context.custom_forward[0] > 0:
                self._inner.add(id(result))
        except _Full:
            pass

    def before_write(self, op, t, others, params):
        if self.too_large:
            return
        try:
            target = self._spec(t)
            self.entries.append(Entry("inplace", op, (target,) + tuple(self._spec(x) for x in others),
                                      dict(params), id(t), _grad_enabled(), dtypes.get_default_dtype().name,
                                      version=_version(t) + 1))
        except _Full:
            pass

    @property
    def elements(self) -> int:
        """The numbers the tape holds (leaves' values and constants)."""
        return self._elements

    def too_large_note(self) -> str:
        """What a full tape means for the witnesses that replay it."""
        return _T("the forward is too large to replay in PyTorch or to write as a script "
                  "(over {count:,} numbers would be recorded)").format(count=self.max_elements)

    # -- helpers ---------------------------------------------------------------------
    def _spec(self, x):
        if isinstance(x, Tensor):
            self._keep.append(x)
            if x._rg or (id(x) in self._inner and context.custom_forward[0] > 0):
                return ("ref", id(x))
            owner = self._arrays.get(id(x._data))
            if owner is not None and owner[1] != id(x):
                self.aliases.setdefault(id(x), owner[1])
            return ("const", id(x), self._copy(x._data), _version(x))
        return ("py", x)

    def _made(self, t):
        """``t`` was made by an entry: a constant sharing its array later is its alias."""
        if isinstance(t._data, np.ndarray):
            self._arrays.setdefault(id(t._data), (t._data, id(t)))

    def _copy(self, data):
        arr = np.array(data, copy=True)
        self._elements += arr.size
        if self._elements > self.max_elements:
            # what was recorded is of no use without the rest: let it go now
            self.too_large = True
            self.entries, self._keep, self._arrays, self.aliases = [], [], {}, {}
            raise _Full()
        return arr


def _version(t) -> int:
    """The version counter PyTorch would show (shared by views of one storage)."""
    vc = t._vc
    return vc[0] if vc is not None else 0


@dataclass
class Recording:
    """A full tape with the output and the top-level names where it stopped."""
    tape: Tape
    output: object
    namespace: dict


def _grad_enabled() -> bool:
    """The grad mode an entry is replayed under: a custom Function's forward (run by
    PyTorch with grad mode off) is replayed with it on, so that real PyTorch
    differentiates the forward the program wrote."""
    return grad_mode._state[0] or context.custom_forward[0] > 0
