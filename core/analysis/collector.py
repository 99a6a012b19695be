"""Python's cyclic garbage collector during one analysis: what stays alive is set aside.

An analysis keeps what its stages made: the run the user sees (its namespace, a 20,000-node graph
for a 20,000-op program), the captured forward, the traced steps.  The collector's full passes
walk every object alive each time they run, so each stage paid again for what the ones before it
left alive: a 20,000-op sin chain's whole analysis took 2.65 s, 1.15 s with the collector off.
Turning the collector off would let the cyclic garbage of a long training loop (a module and its
parameters in a cycle) pile up, so instead, between stages (and every few thousand operations of
the capture run, whose tape keeps its tensors anyway: :mod:`core.analysis.runs`), what is alive is
*frozen* (:func:`gc.freeze`: moved where the collector does not look) and is looked at again when
the analysis ends; and a stage that runs none of the program's code runs with the collector off
(:func:`paused`).  What a frozen object holds is not freed before then, and what is frozen
is what the analysis keeps anyway (its runs, its captured graph, its steps) and the old garbage of
its runs (an interpreter's frames, which hold those same graphs); garbage made during a stage is
collected as usual.  That old garbage is collected by the next full pass after the analysis, at
the latest when an analysis begins after those before it froze :data:`GROWTH` objects more than the
process keeps anyway (it starts with one when none came since).

    >>> with analysis_gc():
    ...     with paused():    # a stage that runs none of the program's code
    ...         pass
    ...     settle()          # after a stage: what it left alive is not walked again
"""
from __future__ import annotations

import gc
from contextlib import contextmanager

_depth = [0]    # analyses in progress on this process (one freezes; a nested one does not unfreeze)
# the collector's count of full passes when the last analysis gave back what it froze (None: none did)
_given_back = [None]
# how many objects were frozen when an analysis began right after a full pass: what the process keeps
# anyway (its modules: 73,000 objects with the analysis loaded, 218,000 with torch)
_baseline = [None]
_collect_next = [False]     # the analysis before froze enough that the next one starts with a full pass
# a full pass walks every object (0.02 s without torch, 0.1 s with it, seconds in a test process), so an
# analysis starts with one only when those before it, since the last, froze this many objects more than
# the baseline: their garbage, frozen again by each analysis, stays bounded by about that much
GROWTH = 100_000


def _full_passes() -> int:
    return gc.get_stats()[-1]["collections"]


@contextmanager
def analysis_gc():
    """For the duration of one analysis: what is alive when it starts is frozen, and everything
    frozen during it is given back to the collector when it ends."""
    outermost = _depth[0] == 0
    _depth[0] += 1
    if outermost and gc.isenabled():
        collected = False
        if _collect_next[0] and _given_back[0] == _full_passes():
            # what the analyses before froze has not been looked at since: a full pass first, so that
            # their garbage is not frozen again (a first analysis, the CLI's, has none to look at)
            gc.collect()
            collected = True
        _collect_next[0] = False
        gc.freeze()
        if collected or _baseline[0] is None:
            _baseline[0] = gc.get_freeze_count()
    try:
        yield
    finally:
        _depth[0] -= 1
        if outermost:
            if _baseline[0] is not None and gc.get_freeze_count() > _baseline[0] + GROWTH:
                _collect_next[0] = True
            gc.unfreeze()
            _given_back[0] = _full_passes()


@contextmanager
def paused(when: bool = True):
    """Within :func:`analysis_gc`, and ``when`` (a stage that runs none of the program's code: no hook,
    no custom backward), the collector off for the stage: what such a stage makes is either the
    analysis's to keep (steps, the graph's records) or freed by its reference count (a replay's
    arrays), so a pass would find nothing; a 20,000-node graph's steps made some 200,000 objects for it
    to walk.  (The program's own code may make cyclic garbage, and keeps the collector on.)"""
    off = bool(when) and _depth[0] > 0 and gc.isenabled()
    if off:
        gc.disable()
    try:
        yield
    finally:
        if off:
            gc.enable()


def settle() -> None:
    """Within :func:`analysis_gc`: the young garbage collected, then what is alive frozen until the
    analysis ends (outside one: nothing)."""
    if _depth[0] and gc.isenabled():
        gc.collect(1)       # the young generations: at most some thousands of objects
        gc.freeze()
