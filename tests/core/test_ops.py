"""Every registered op, checked whole from its one declaration (tests/ops_table.py).

``test_every_op_is_declared_whole`` fails the moment an op lacks a row, a
symbolic rule or a PyTorch call; ``test_op`` runs each row through central
differences (both vjp namespaces), the symbolic rule and PyTorch (live when
installed, else recorded); the ``test_a_broken_*`` tests prove each witness bites.
"""
import numpy as np
import pytest

from core.ops.registry import REGISTRY
from tests import ops_table as table

pytestmark = pytest.mark.filterwarnings("ignore:Using backward\\(\\) with create_graph=True")

# made only inside a create_graph backward (the graph of an index's backward): no PyTorch call of its own
NO_PYTORCH_CALL = {"index_backward"} | {n for n in REGISTRY if n.startswith(("upsample_", "_upsample_"))
                                      and n.endswith("_backward")}


def test_every_op_is_declared_whole():
    differentiable = {name for name, op in REGISTRY.items() if op.vjp is not None}
    assert differentiable - set(table.ROWS) == set(), "ops without a row in tests/ops_table.py"
    assert [n for n in differentiable if REGISTRY[n].symbolic is None and not REGISTRY[n].structural] == []
    assert [n for n, op in REGISTRY.items() if op.pytorch is None and n not in NO_PYTORCH_CALL] == []
    assert [n for n, op in REGISTRY.items() if op.symbolic is not None and op.structural] == []


def test_every_recorded_pytorch_row_is_current():
    rows = table.recorded_rows()
    expected = {n for n in table.ROWS if REGISTRY[n].pytorch is not None}
    assert set(rows) == expected
    stale = [n for n in expected if rows[n]["digest"] != table.row_digest(n)]
    assert stale == [], "re-record with: python tests/ops_table.py"


@pytest.mark.parametrize("name", sorted(table.ROWS))
def test_op(name):
    table.check_op(name)


def test_a_broken_vjp_is_caught(monkeypatch):
    op = REGISTRY["mul"]
    monkeypatch.setattr(op, "vjp", lambda ctx, g, F: (g * ctx.input(1, F) * 1.01, g * ctx.input(0, F)))
    with pytest.raises(AssertionError, match="engine"):
        table.check_op("mul")


def test_a_broken_symbolic_rule_is_caught(monkeypatch):
    op = REGISTRY["sin"]
    monkeypatch.setattr(op, "symbolic", lambda S, s, n: S.cos(s[0]))
    with pytest.raises(AssertionError, match="symbolic"):
        table.check_op("sin")


def test_a_wrong_pytorch_call_is_caught(monkeypatch):
    # without torch the recorded row no longer matches its digest; with torch the forward differs
    op = REGISTRY["sin"]
    monkeypatch.setattr(op, "pytorch", ("torch.cos", (0,), {}))
    with pytest.raises(AssertionError, match="PyTorch"):
        table.check_op("sin")


def test_the_min_ops_pick_the_smaller_input():
    # the symbolic rules of minimum/min/amin are min rules (their vjps once shared max's formula text)
    arrays, params = table.inputs("minimum")
    (J_sym, _) = table.symbolic_jacobians(REGISTRY["minimum"], arrays, params)
    a, b = np.broadcast_arrays(*arrays)
    assert np.array_equal(np.diag(J_sym), (a < b).ravel().astype(float))
