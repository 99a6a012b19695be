"""What a run switches on for the layers below the interpreter.

Two things reach down from a run into the tensor, op and engine code without
those layers importing the run:

* ``guard``: the interpreter's tensor-element limit, asked as
  ``guard(op, inputs, params)`` before an op runs and ``guard(None, (shape,),
  None)`` before a tensor of ``shape`` is made, so numpy never allocates past it;
* the *observers* of the forward (the symbolic shadow, the tape, the nudge of
  the central differences): a stack, so that one interpreted run feeds them
  all.  An :class:`Observer` entered as a context manager is pushed on top for
  the block; :func:`observing` pushes several.

* ``notes``: where the app's own notes on the run go (:func:`note`);
* the warnings PyTorch gives once per process (TORCH_WARN_ONCE), here once per
  run (:func:`warn_once`).

They are one-element lists read on the hot path (a list index is the cheapest
read Python has); nothing else lives here.
"""
from __future__ import annotations

import warnings
from contextlib import contextmanager

# guard[0]: None, or the callable described above.
guard: list = [None]

# observers[0]: the observers of the forward, bottom first (a tuple; empty when none).
observers: list = [()]

# saved_hooks: the (pack, unpack) pairs of torch.autograd.graph.saved_tensors_hooks blocks, innermost last;
# a tensor saved for backward goes through the innermost pair (core.ops.registry._save)
saved_hooks: list = []
# before_write: callables told of each tensor about to be written in place (allow_mutation_on_saved_tensors)
before_write: list = []

# notes[0]: None, or where a run keeps the app's own notes: what Backprop Lens does differently from
# Python on the program's behalf (``gc.collect()`` doing nothing).  They are not the program's
# warnings (a ``warnings.simplefilter("error")`` never turns them into errors, and PyTorch would
# not print them), so they go beside the warnings, never among them.
notes: list = [None]


def note(text: str) -> None:
    """Record one of the app's notes for the running program (nothing outside a run)."""
    if notes[0] is not None:
        notes[0](text)


# anomaly: [enabled, check_nan] of torch.autograd's anomaly mode (set_detect_anomaly / detect_anomaly): a
# backward then refuses a node's NaN gradient, and the in-place error's hint changes; each run starts it off
anomaly: list = [False, True]

# custom_forward[0]: how many custom autograd.Function forwards are running (they run
# with grad mode off, yet the observers trace them: core.torch.autograd.function)
custom_forward: list = [0]


class Observer:
    """What an observer of the forward is told.  Every method is a no-op here;
    subclasses pick what they need.  Entered as a context manager it is pushed
    on the observer stack for the block."""

    def __enter__(self):
        observers[0] = observers[0] + (self,)
        return self

    def __exit__(self, *exc):
        stack = observers[0]
        # NOTE: removes this observer wherever it is, so a block left by an exception
        # cannot leave an inner observer behind or take an outer one away.
        observers[0] = tuple(o for o in stack if o is not self)
        return False

    def on_leaf(self, t):
        """``t`` has just become a leaf that requires grad."""

    def on_apply(self, op, inputs, params, result):
        """``op`` has just produced ``result`` (a new tensor)."""

    def inplace_value(self, op, t, others, params, arrays):
        """Before a tracked in-place op: the value to pass to :meth:`after_inplace`."""
        return None

    def before_write(self, op, t, others, params):
        """An in-place ``op`` on ``t`` passed its checks and is about to write."""

    def after_inplace(self, t, value):
        """``t`` has just been written in place."""

    def on_data_replaced(self, t):
        """``t.data = ...`` has just replaced ``t``'s numbers."""

    def begin_custom(self, args):
        """A custom Function's forward is about to run on ``args``; the value
        returned is handed back to :meth:`end_custom`."""
        return None

    def end_custom(self, token, args, out, node):
        """The custom forward made ``out``, now the output of ``node``."""


@contextmanager
def observing(*watchers: Observer):
    """Push ``watchers`` (in order) on the observer stack for the block."""
    entered = []
    try:
        for w in watchers:
            w.__enter__()
            entered.append(w)
        yield watchers
    finally:
        for w in reversed(entered):
            w.__exit__(None, None, None)


def leaf_created(t) -> None:
    """Tell every observer that ``t`` has just become a leaf that requires grad."""
    for o in observers[0]:
        o.on_leaf(t)


def data_replaced(t) -> None:
    """Tell every observer that ``t.data = ...`` has just given ``t`` other numbers (perhaps another
    dtype: ``module.double()``), with no op recording it."""
    for o in observers[0]:
        o.on_data_replaced(t)


def check_shape(shape) -> None:
    """Ask the guard, if any, whether a tensor of ``shape`` may be created."""
    g = guard[0]
    if g is not None:
        g(None, (tuple(shape),), None)


_NEW = object()
_warned: list = [_NEW, set()]   # the run (its tensor guard) and the once-only warnings given in it


def forget_warnings():
    """A program starts: the warnings given once may be given again (see :func:`warn_once`)."""
    _warned[:] = [_NEW, set()]


def warn_once(message, category=UserWarning):
    """PyTorch's TORCH_WARN_ONCE: once per process, and a program is recorded in a process of its own,
    so once per run here (a run is told by the tensor guard it installs; outside a run, once between
    two calls of :func:`forget_warnings`, which ``core.torch.installed()`` makes)."""
    run = guard[0]
    if _warned[0] is not run:
        _warned[:] = [run, set()]
    if message in _warned[1]:
        return
    _warned[1].add(message)
    warnings.warn(message, category)
