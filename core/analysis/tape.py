"""A tape of the forward prefix, for replaying it elsewhere.

While the program runs with a :class:`Tape` among the observers, every leaf,
every op and every in-place write is written down with its inputs: tensors
that require grad by identity (they are results of earlier entries), other
tensors as a copy of their numbers at that moment (constants, as autograd
sees them), Python values as they are.  The tape is data: it is replayed by
:mod:`core.analysis.pytorch` in real PyTorch (the fourth witness) and written
out as a plain PyTorch script.  The program itself is never handed to Python.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from core import dtypes
from core.tensor import grad_mode
from core.interp.run import StopRun
from core.context import Observer
from core.translatable import _T


class TapeTooLarge(StopRun):
    """The constants on the tape passed :attr:`Tape.max_elements` (ends the run)."""


@dataclass
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


class Tape(Observer):
    """Records the forward (see the module docstring)."""

    def __init__(self, max_elements: int = 4_000_000):
        self.entries: list[Entry] = []
        self._keep = []          # every tensor seen stays alive, so ids stay unique
        self.max_elements = max_elements
        self._elements = 0
        self.too_large = False

    # -- hooks -----------------------------------------------------------------------
    def on_leaf(self, t):
        self._keep.append(t)
        self.entries.append(Entry("leaf", result=id(t), value=self._copy(t._data), version=_version(t),
                                  grad_enabled=grad_mode._state[0], default_dtype=dtypes.get_default_dtype().name))

    def on_apply(self, op, inputs, params, result):
        self._keep.append(result)
        self.entries.append(Entry("op", op, tuple(self._spec(x) for x in inputs), dict(params), id(result),
                                  grad_mode._state[0], dtypes.get_default_dtype().name, version=_version(result)))

    def before_write(self, op, t, others, params):
        target = self._spec(t)
        self.entries.append(Entry("inplace", op, (target,) + tuple(self._spec(x) for x in others), dict(params),
                                  id(t), grad_mode._state[0], dtypes.get_default_dtype().name,
                                  version=_version(t) + 1))

    # -- helpers ---------------------------------------------------------------------
    def _spec(self, x):
        from core.tensor.tensor import Tensor
        if isinstance(x, Tensor):
            self._keep.append(x)
            if x._rg:
                return ("ref", id(x))
            return ("const", id(x), self._copy(x._data), _version(x))
        return ("py", x)

    def _copy(self, data):
        arr = np.array(data, copy=True)
        self._elements += arr.size
        if self._elements > self.max_elements:
            self.too_large = True
            raise TapeTooLarge()
        return arr


def _version(t) -> int:
    """The version counter PyTorch would show (shared by views of one storage)."""
    vc = t._vc
    return vc[0] if vc is not None else 0


@dataclass
class Recording:
    tape: Tape
    output: object
    namespace: dict


class RecordingTooLarge(Exception):
    """The forward holds more numbers than a tape keeps (:attr:`Tape.max_elements`)."""


def record(program, limits, event, output_name, cancel=None) -> Recording | None:
    """Run ``program`` with a tape and stop where ``event`` differentiates (or
    at the end, for ``output_name``).  None when the run does not get there;
    :class:`RecordingTooLarge` when the tape would grow too large."""
    from core.analysis.analysis import run_to
    tape = Tape()
    out, namespace, _ = run_to(program, limits, event, output_name, tape, cancel)
    if tape.too_large:
        raise RecordingTooLarge(_T("the forward is too large to replay in PyTorch or to write as a script "
                                   "(over {count:,} numbers would be recorded)").format(count=tape.max_elements))
    if out is None:
        return None
    return Recording(tape, out, namespace)
