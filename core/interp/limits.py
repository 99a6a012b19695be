"""Resource limits for running a program, and the error that stops it.

Every limit has a default, a name the user sees, and a way to change it
(``Limits`` fields; the CLI's ``--max-*`` options; the app's settings).
:class:`LimitExceeded` derives from ``BaseException``, so a program's own
``try: ... except Exception:`` cannot swallow it.
"""
from __future__ import annotations

import numbers
import reprlib
import time
from dataclasses import dataclass, field, fields

import numpy as np

from core.translatable import _T


# NOTE: the range a limit may take.  Seconds stop at a day: a timer asked to wait past
# threading.TIMEOUT_MAX (about 292 years) raises OverflowError in its own thread, and the run
# would go on without its watchdog; NaN would never be reached by a deadline at all.  Counts stop
# at 10**15, past any machine's memory; a limit of 0 or less would stop every program at once.
_SECONDS = (0.01, 86_400.0)
_COUNT = (1, 10 ** 15)
_RANGES = {"max_memory_mb": (1, 2 ** 20)}   # a terabyte; (the OS limit is set in bytes)


class LimitsError(ValueError):
    """A limit that cannot be: an unknown name, or a value out of its range.
    ``name`` is the field; ``expected`` what its value must be (None for an unknown name)."""

    def __init__(self, message: str, name: str, expected: str | None = None):
        super().__init__(message)
        self.name = name
        self.expected = expected


@dataclass
class Limits:
    """What one run of a program may use.  Every value is checked when the
    limits are made (:meth:`checked_value`): :class:`LimitsError` for a
    non-number, NaN, an infinity, or a value out of its range."""

    max_tensor_elements: int = 32_000_000      # AlexNet's Linear(6400, 4096) weight has 26,214,400
    max_steps: int = 1_000_000          # statements and loop iterations, all together
    max_loop_iterations: int = 100_000  # iterations of any one loop
    max_call_depth: int = 100           # nested calls of the program's own functions
    max_seconds: float = 10.0           # wall time
    max_sequence_length: int = 10_000_000  # lists, strings and ranges the program builds
    max_int_bits: int = 100_000         # Python integers (2 ** huge)
    max_output_chars: int = 2_000_000   # what the program prints
    max_total_sequence: int = 50_000_000         # elements of all lists/strings built in bulk, all together
    max_total_tensor_elements: int = 1_000_000_000  # elements of all tensors made, all together (a 500-step loop training two 300-wide nets makes about 250 million)
    # the second wall, kept by the OS around the process that runs a program and analyses it
    max_memory_mb: int = 2560           # memory (heap and arrays) beyond what Backprop Lens itself holds
    max_analysis_seconds: float = 25.0  # the analysis's stages after its own run of the program
    max_symbolic_seconds: float = 6.0   # the symbolic J's own stage (the app's; the CLI's default: the verdict's target)

    # name the user sees -> (field, how to change it)
    DESCRIPTIONS: dict = field(default_factory=lambda: {
        "max_tensor_elements": (_T("tensor elements"), "--max-tensor-elements"),
        "max_steps": (_T("steps (statements and loop iterations)"), "--max-steps"),
        "max_loop_iterations": (_T("iterations of one loop"), "--max-loop-iterations"),
        "max_call_depth": (_T("nested function calls"), "--max-call-depth"),
        "max_seconds": (_T("seconds of running time"), "--max-seconds"),
        "max_sequence_length": (_T("elements of a list, string or range"), "--max-sequence-length"),
        "max_int_bits": (_T("bits of an integer"), "--max-int-bits"),
        "max_output_chars": (_T("characters of printed output"), "--max-output-chars"),
        "max_total_sequence": (_T("list and string elements built in all"), "--max-total-sequence"),
        "max_total_tensor_elements": (_T("tensor elements made in all"), "--max-total-tensor-elements"),
        "max_memory_mb": (_T("MB of memory"), "--max-memory-mb"),
        "max_analysis_seconds": (_T("seconds of analysis"), "--max-analysis-seconds"),
        "max_symbolic_seconds": (_T("seconds for the symbolic Jacobian"), "--symbolic-seconds"),
    }, repr=False, compare=False)

    def __post_init__(self):
        for name in self.names():
            setattr(self, name, self.checked_value(name, getattr(self, name)))

    @classmethod
    def names(cls) -> list:
        """The limits (the fields named ``max_...``), in their declaration's order."""
        return [f.name for f in fields(cls) if f.name.startswith("max_")]

    @classmethod
    def checked(cls, **values) -> Limits:
        """The default limits with ``values`` changed, each checked; :class:`LimitsError`
        names an unknown limit or says what a value must be.

        >>> Limits.checked(max_seconds=5).max_seconds
        5.0
        >>> try:
        ...     Limits.checked(max_seconds=1e300)
        ... except LimitsError as e:
        ...     print(e)
        max_seconds must be a number of seconds between 0.01 and 86400 (got 1e+300)
        """
        known = cls.names()
        for name in values:
            if name not in known:
                raise LimitsError(f"{_shown(name)} is not a limit (the limits are {', '.join(known)})", name)
        return cls(**values)

    @classmethod
    def range(cls, name: str) -> tuple:
        """(lowest, highest) a value of the limit ``name`` may be."""
        kind = next(type(f.default) for f in fields(cls) if f.name == name)
        return _RANGES.get(name) or (_SECONDS if kind is float else _COUNT)

    @classmethod
    def checked_value(cls, name: str, value):
        """``value`` for the limit ``name``, as its type (int or float), when in range;
        else :class:`LimitsError` with what it must be."""
        kind = next((type(f.default) for f in fields(cls) if f.name == name and name in cls.names()), None)
        if kind is None:
            raise LimitsError(f"{_shown(name)} is not a limit", name)
        low, high = cls.range(name)
        expected = (f"a number of seconds between {low:g} and {high:g}" if kind is float
                    else f"a whole number between {low:,} and {high:,}")
        number = None
        if isinstance(value, numbers.Real) and not isinstance(value, bool):
            try:
                if kind is float:
                    number = float(value)
                elif isinstance(value, numbers.Integral):
                    number = int(value)
                elif float(value).is_integer():
                    number = int(value)
            except (OverflowError, ValueError):   # float(10 ** 400), int(inf)
                number = None
        if number is None or not low <= number <= high:   # NaN fails every comparison
            raise LimitsError(f"{name} must be {expected} (got {_shown(value)})", name, expected)
        return number

    def command_seconds(self) -> float:
        """The wall-clock budget of a whole run-and-analyse: the program's run, the
        analysis's own run of it, and the analysis's stages."""
        return 2 * self.max_seconds + self.max_analysis_seconds


def _shown(value) -> str:
    """A short repr (an app could send a huge string or integer)."""
    try:
        return reprlib.repr(value)
    except ValueError:   # an integer past int's str() digit limit
        return f"an integer of {value.bit_length():,} bits"


class LimitExceeded(BaseException):
    """A program went past one of its limits."""

    def __init__(self, limits: Limits, name: str, detail: str = ""):
        what, option = limits.DESCRIPTIONS[name]
        value = getattr(limits, name)
        shown = f"{value:,}" if isinstance(value, int) else f"{value:g}"
        msg = f"the program went past the limit of {shown} {what}"
        if detail:
            msg += f" ({detail})"
        msg += f". If this is intended, raise the limit (option {option}, or Settings > Limits in the app)."
        super().__init__(msg)
        self.limit = name
        self.type_name = "LimitExceeded"


class Cancelled(BaseException):
    """The user cancelled the run (the app's Cancel button)."""


class Budget:
    """Counts steps and time for one run; the interpreter calls ``step()``.
    ``cancel`` (optional) is polled with the clock: when it returns True the
    run stops with :class:`Cancelled`."""

    __slots__ = ("limits", "steps", "deadline", "_next_clock", "cancel")

    def __init__(self, limits: Limits, cancel=None):
        self.limits = limits
        self.steps = 0
        self.deadline = time.monotonic() + limits.max_seconds
        self._next_clock = 200
        self.cancel = cancel

    def step(self):
        self.steps += 1
        if self.steps >= self._next_clock:
            self._next_clock += 200
            if self.steps > self.limits.max_steps:
                raise LimitExceeded(self.limits, "max_steps")
            if time.monotonic() > self.deadline:
                raise LimitExceeded(self.limits, "max_seconds")
            if self.cancel is not None and self.cancel():
                raise Cancelled()

    def check_time(self):
        if time.monotonic() > self.deadline:
            raise LimitExceeded(self.limits, "max_seconds")


def _numel(shape):
    n = 1
    for s in shape:
        n *= int(s)
    return n


def tensor_guard(limits: Limits):
    """A registry guard that refuses ops and creations past the element limit,
    before numpy allocates anything."""
    cap = limits.max_tensor_elements
    total = [0]

    def guard(op, inputs, params):
        if op is None:  # a creation: inputs is (shape,)
            n = _numel(inputs[0])
        else:
            n = _estimate(op, inputs, params)
        if n > cap:
            raise LimitExceeded(limits, "max_tensor_elements", f"an operation would make {n:,} elements")
        total[0] += n
        if total[0] > limits.max_total_tensor_elements:
            raise LimitExceeded(limits, "max_total_tensor_elements", f"{total[0]:,} elements made so far")
    return guard


def _index_size(shape, index):
    """Elements of ``x[index]`` for numpy-style advanced indexing."""
    arrays, dims_used = [], 0
    for part in index if isinstance(index, tuple) else (index,):
        if isinstance(part, np.ndarray):
            if part.dtype == np.bool_:
                arrays.append((int(part.sum()),))
                dims_used += part.ndim
            else:
                arrays.append(part.shape)
                dims_used += 1
        elif isinstance(part, slice):
            dims_used += 1
    try:
        picked = _numel(np.broadcast_shapes(*arrays)) if arrays else 1
    except ValueError:
        picked = max((_numel(a) for a in arrays), default=1)
    rest = _numel(shape[dims_used:]) if len(shape) > dims_used else 1
    sliced = [shape[i] for i, part in enumerate(index if isinstance(index, tuple) else (index,))
              if isinstance(part, slice) and i < len(shape)]
    return picked * rest * _numel(sliced)


def _estimate(op, inputs, params):
    """An upper bound on the elements ``op`` produces (broadcast, repeat)."""
    # NOTE: asked before every op of a run, so kept to plain Python (np.shape and
    # np.broadcast_shapes cost more than a small op itself)
    shapes = [d.shape for d in (getattr(x, "_data", None) for x in inputs) if d is not None]
    if not shapes:
        return 0
    name = op.name
    if name == "repeat":
        reps = params.get("repeats", ())
        base = (1,) * (len(reps) - len(shapes[0])) + tuple(shapes[0])
        return _numel(r * s for r, s in zip(reps, base))
    if name == "expand":
        # a view allocates nothing, but anything that copies it does: count it as made
        return _numel(params.get("shape", ()))
    if name in ("cat", "stack"):
        return sum(_numel(s) for s in shapes)
    if name == "mm" and len(shapes) == 2 and len(shapes[0]) == 2 and len(shapes[1]) == 2:
        return shapes[0][0] * shapes[1][1]
    if name == "bmm" and len(shapes) == 2 and len(shapes[0]) == 3 and len(shapes[1]) == 3:
        return shapes[0][0] * shapes[0][1] * shapes[1][2]
    if name == "index_backward":
        return _numel(params.get("shape", ()))
    if name == "index":
        return _index_size(shapes[0], params.get("index", ()))
    if name == "select" and shapes[0]:   # one slice (vmap takes every slice of its input in turn)
        d = params.get("dim", 0) % len(shapes[0])
        return _numel(shapes[0][:d] + shapes[0][d + 1:])
    if name in ("mv", "dot", "index_put"):
        return max(_numel(s) for s in shapes)
    # the generic bound: the broadcast shape with its empty axes counted as 1, since an op on
    # an empty tensor can make a full one (zeros(0, 10**9).sum(0) has 10**9 elements)
    return _broadcast_span(shapes)


def _broadcast_span(shapes):
    """``_span`` of the shapes' broadcast shape; of the largest when they do not broadcast."""
    first = shapes[0]
    if all(s == first for s in shapes):
        return _span(first)
    n = 1
    for i in range(1, max(len(s) for s in shapes) + 1):
        dim = 1
        for s in shapes:
            if len(s) >= i and s[-i] != 1:
                if dim != 1 and s[-i] != dim:
                    return max(_span(s) for s in shapes)
                dim = s[-i]
        n *= max(int(dim), 1)
    return n


def _span(shape):
    """The elements of ``shape`` with its empty axes counted as 1."""
    n = 1
    for s in shape:
        if s > 1:
            n *= int(s)
    return n
