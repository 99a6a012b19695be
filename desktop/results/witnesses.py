"""The witnesses of an analysis in words: what its verdict rests on, where the symbolic
Jacobian is (still to come, did not fit its budget, cancelled), and the budget a witness
did not fit.

Everything is read from the analysis's view (:class:`desktop.view_model.AnalysisView`: its
``witnesses``, ``verdict_witnesses``, each witness's ``budget``); nothing is computed here.  A numeric
stage's analysis (``"stage": "numeric"``, the service's first answer) has its symbolic
witness ``"pending"``; the app marks it ``"cancelled"`` when the user stops the analysis
before the symbolic J arrives (:meth:`desktop.state.AppState.symbolic_cancelled`).
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from desktop.results.values import format_number
from desktop.view_model import AnalysisView, Budget


def symbolic_state(a: AnalysisView | None) -> str | None:
    """The symbolic witness's state: "pending", "cancelled", "over_budget", "agree", ... or None."""
    return None if a is None else a.symbolic.state


def witness_name(name: str) -> str:
    """A witness's name, as the verdict says it."""
    names = {
        "symbolic": QCoreApplication.translate(
            "Witnesses", "the symbolic Jacobian"),
        "differences": QCoreApplication.translate(
            "Witnesses", "float64 central differences, one per leaf element"),
        "spot_differences": QCoreApplication.translate(
            "Witnesses", "float64 differences along random directions and at sampled entries"),
        "pytorch": QCoreApplication.translate(
            "Witnesses", "real PyTorch"),
    }
    return names.get(name, name)


def budget_text(budget: Budget | None) -> str:
    """A budget (its resource, limit and rule) as "6 s: the symbolic stage's own time"."""
    if budget is None:
        return ""
    resource, limit, rule = budget.resource, budget.limit, budget.rule
    if resource == "seconds":
        amount = QCoreApplication.translate(
            "Witnesses", "{0} s").format(format_number(limit, 3))
    elif resource == "elements":
        amount = QCoreApplication.translate(
            "Witnesses", "{0} elements per tensor").format(_count(limit))
    elif resource == "operations":
        amount = QCoreApplication.translate(
            "Witnesses", "{0} operations").format(_count(limit))
    else:
        amount = format_number(limit, 3) if limit is not None else ""
    rules = {
        "verdict_target": QCoreApplication.translate(
            "Witnesses", "what was left of the time the verdict should come within"),
        "symbolic_seconds": QCoreApplication.translate(
            "Witnesses", "the symbolic stage's own time"),
        "analysis_deadline": QCoreApplication.translate(
            "Witnesses", "the whole analysis's time limit"),
        "symbolic_expressions": QCoreApplication.translate(
            "Witnesses", "the time for building the forward's expressions"),
        "symbols_per_tensor": QCoreApplication.translate(
            "Witnesses", "symbols are followed up to this size"),
        "symbolic_operations": QCoreApplication.translate(
            "Witnesses", "symbols are followed for this many operations"),
        "difference_replays": QCoreApplication.translate(
            "Witnesses", "the time for replaying the program for differences"),
    }
    why = rules.get(rule, rule or "")
    return f"{amount}: {why}" if amount and why else amount or why


def _count(n) -> str:
    try:
        return f"{int(n):,}"
    except (TypeError, ValueError):
        return str(n)


def rests_on_text(a: AnalysisView) -> str:
    """"the engine's backward agrees with X and Y" pieces: the witnesses the verdict rests on."""
    names = [witness_name(n) for n in a.verdict_witnesses]
    if not names:
        return ""
    return QCoreApplication.translate(
        "Witnesses", "; ").join(names)


def symbolic_status_text(a: AnalysisView) -> str:
    """Where the symbolic J is, for a verdict that does not rest on it ("" when it does, or when
    there is no symbolic witness to speak of)."""
    state = symbolic_state(a)
    if state == "pending":
        return QCoreApplication.translate(
            "Witnesses", "The symbolic Jacobian J is still being computed: J and vᵀJ will appear here when it is done.")
    if state == "cancelled":
        return QCoreApplication.translate(
            "Witnesses", "The symbolic Jacobian was cancelled: J and vᵀJ were not computed. Run the program again "
                   "(Ctrl+Enter) to compute them.")
    if state == "failed":
        return QCoreApplication.translate(
            "Witnesses", "The symbolic Jacobian was not computed: the analysis failed before it "
                                          "was done.")
    if state == "over_budget":
        budget = budget_text(a.symbolic.budget)
        if budget:
            return QCoreApplication.translate(
                "Witnesses", "The symbolic Jacobian did not fit its budget ({budget}), so the verdict does not rest "
                       "on it (see the notes).").format(budget=budget)
        return QCoreApplication.translate(
            "Witnesses", "The symbolic Jacobian did not fit its budget, so the verdict does not rest on it (see the "
                   "notes).")
    return ""


def other_over_budget_text(a: AnalysisView) -> str:
    """The numeric witnesses that did not fit their budget, and which budget ("" when none)."""
    parts = []
    for name in ("differences", "spot_differences", "pytorch"):
        w = a.witnesses[name]
        if w.state == "over_budget":
            budget = budget_text(w.budget)
            parts.append(f"{witness_name(name)} ({budget})" if budget else witness_name(name))
    if not parts:
        return ""
    return QCoreApplication.translate(
        "Witnesses", "Did not fit its budget, so not in the verdict: {0}.").format(QCoreApplication.translate(
            "Witnesses", "; ").join(parts))


def leaf_placeholder_text(a: AnalysisView) -> str:
    """What stands where a leaf's J and vᵀJ would be, when the analysis has no J for it."""
    state = symbolic_state(a)
    if state == "pending":
        return QCoreApplication.translate(
            "Witnesses", "Symbolic Jacobian computing… J and vᵀJ appear here when it is done; x.grad and the "
                   "numeric verdict are already here.")
    if state == "cancelled":
        return QCoreApplication.translate(
            "Witnesses", "Symbolic Jacobian cancelled: J and vᵀJ were not computed (run again to compute them).")
    if state == "failed":
        return QCoreApplication.translate(
            "Witnesses", "Symbolic Jacobian not computed: the analysis failed before it was "
                                          "done.")
    if state == "over_budget":
        return QCoreApplication.translate(
            "Witnesses", "The symbolic Jacobian did not fit its budget: no J or vᵀJ for this leaf (the verdict "
                   "rests on the numeric witnesses).")
    return QCoreApplication.translate(
        "Witnesses", "No symbolic Jacobian for this leaf.")

