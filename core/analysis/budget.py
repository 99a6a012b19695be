"""What the stages of one analysis may spend (issue 13, DESIGN.md "Budgets").

The numeric witnesses come first and are cheap; the symbolic Jacobian comes
after the verdict they give, under a budget of its own, so it never delays
that verdict.  Its budget is either a number of seconds the caller gives
(the app, which shows the numeric verdict at once and lets J fill in), or,
by default for a command that prints one report, the *verdict's target*:
the analysis as a whole within :data:`TARGET_RUNS` times the program's own
run plus :data:`TARGET_SLACK` seconds, whatever is left of that when the
symbolic stage starts (at least :data:`MIN_SYMBOLIC_SECONDS`).

Every budget is capped by the whole analysis's deadline (the pipeline's
``--max-seconds`` plus ``--max-analysis-seconds``).  A witness that does not
fit is reported with the budget it did not fit (:meth:`Budget.describe`),
never silently dropped.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from core.interp.limits import Limits

TARGET_RUNS, TARGET_SLACK = 3.0, 0.5   # issue 13: a verdict within 3x the program's run + 0.5 s
MIN_SYMBOLIC_SECONDS = 0.1              # the symbolic stage's least budget under the target (a J that fits it: most tutorials)
# under the target, the symbolic stage stops this long before it: what comes after J (real PyTorch held to
# it, the verdict, a short PyTorch script written at once) and the last chunk of J, which ends after the
# deadline it checks (CHUNK_SECONDS, 0.1 s): with 0.1 s, (w ** 2).sum() of a 100x100 leaf ended 0.01 s past it
AFTER_SYMBOLIC = 0.15
# symbolic entries asked for by name, without seconds of their own: the symbolic stage's default (the app's)
ENTRIES_SECONDS = Limits.max_symbolic_seconds


@dataclass
class Budget:
    """The clock of one analysis.  ``start`` (``time.monotonic()``) is when it began, its own
    run of the program included; ``run_seconds`` that run's time (None: unknown);
    ``symbolic_seconds`` the symbolic stage's own budget (None: the verdict's target);
    ``deadline`` the whole analysis's (None: none)."""

    start: float
    run_seconds: float | None = None
    symbolic_seconds: float | None = None
    deadline: float | None = None

    @classmethod
    def fixed(cls, symbolic_seconds: float, deadline: float | None = None) -> Budget:
        """A budget of ``symbolic_seconds`` for the symbolic stage, from now."""
        return cls(time.monotonic(), None, symbolic_seconds, deadline)

    def targets_verdict(self) -> bool:
        """Whether the symbolic stage has what is left of the verdict's target (not seconds of its own)."""
        return self.symbolic_seconds is None and self.run_seconds is not None

    def symbolic_deadline(self) -> tuple[float, float, str]:
        """For a symbolic stage starting now: (its deadline, the seconds that gives it, the rule
        that set it: "verdict_target", "symbolic_seconds" or "analysis_deadline", when the whole
        analysis's deadline comes first)."""
        now = time.monotonic()
        if self.targets_verdict():
            target = self.start + TARGET_RUNS * self.run_seconds + TARGET_SLACK - AFTER_SYMBOLIC
            # (seconds given as they are, not as (now + s) - now, which rounds: the least is the least)
            seconds = target - now if target > now + MIN_SYMBOLIC_SECONDS else MIN_SYMBOLIC_SECONDS
            end, rule = max(target, now + MIN_SYMBOLIC_SECONDS), "verdict_target"
        else:
            seconds = self.symbolic_seconds or 0.0
            end, rule = now + seconds, "symbolic_seconds"
        if self.deadline is not None and self.deadline < end:
            end, seconds, rule = self.deadline, self.deadline - now, "analysis_deadline"
        return end, max(0.0, seconds), rule

    def entries_deadline(self) -> tuple[float, float, str]:
        """For symbolic entries asked for by name (``--entries``, a click in the app), computed
        after the analysis: (their deadline, its seconds, its rule).  They were asked for, so they
        have the symbolic stage's own seconds (:data:`ENTRIES_SECONDS` when it has none, whatever the
        verdict's target left), within the whole analysis's deadline."""
        now = time.monotonic()
        end, rule = now + (ENTRIES_SECONDS if self.symbolic_seconds is None else self.symbolic_seconds), \
            "symbolic_seconds"
        if self.deadline is not None and self.deadline < end:
            end, rule = self.deadline, "analysis_deadline"
        return end, max(0.0, end - now), rule

    def shadow_seconds(self, own: float) -> tuple[float, str]:
        """What building the forward's expressions (during the capture run) may take, and the rule
        that sets it: the shadow's ``own`` budget ("symbolic_expressions"), and no more than the
        symbolic stage would have now under the verdict's target or the whole deadline."""
        _, seconds, rule = self.symbolic_deadline()
        if rule == "symbolic_seconds" or own <= seconds:
            return own, "symbolic_expressions"
        return seconds, rule

    def describe(self, seconds: float, rule: str) -> dict:
        """The JSON of a time budget of ``seconds`` given to the symbolic stage by ``rule``."""
        record = {"resource": "seconds", "limit": round(seconds, 3), "rule": rule}
        if rule == "verdict_target":
            record.update(run_seconds=round(self.run_seconds, 3), target_runs=TARGET_RUNS, target_slack=TARGET_SLACK)
        return record
