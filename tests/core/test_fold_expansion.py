"""Expanding one fold of a folded graph (issue 13, item 4: "expand and collapse in the window"): the
fold nodes asked for show their nodes, the others stay folded, and the graph is laid out again;
the service's "graph" job does it for the app."""
from __future__ import annotations

import textwrap

import pytest

from core.analysis import analyze
from core.analysis.folding import fold_graph
from core.analysis.trace import MAX_DOT_NODES, ExpandError, expand_folds
from tests.core.test_service_protocol import Service, analyze as analyze_in_service

TWO_LOOPS = textwrap.dedent("""
    import torch
    x = torch.tensor([0.5, 1.0], requires_grad=True)
    y = x
    for i in range(30):
        y = torch.sin(y)
    for i in range(30):
        y = torch.cos(y) * 1.1
    out = y.sum()
    out.backward()
""")


@pytest.fixture(scope="module")
def graph() -> dict:
    return analyze(TWO_LOOPS, pytorch="off").graph


def folds(g: dict) -> list:
    return [n for n in g["nodes"] if n["kind"] == "fold"]


def test_one_fold_opens_and_the_other_stays_folded(graph):
    sin_fold, cos_fold = sorted(folds(graph), key=lambda n: n["pattern"][0])[::-1]
    assert sin_fold["pattern"] == ["SinBackward0"] and cos_fold["pattern"] == ["MulBackward0", "CosBackward0"]
    opened = expand_folds(graph, [sin_fold["id"]])
    assert [n["id"] for n in folds(opened)] == [cos_fold["id"]]
    shown = {n["id"] for n in opened["nodes"]}
    assert set(sin_fold["folded"]) <= shown and not set(cos_fold["folded"]) & shown
    assert opened["folding"]["expanded"] == [sin_fold["id"]]
    # every original node is shown or in exactly one fold; every shown node and edge is laid out
    hidden = [i for n in folds(opened) for i in n["folded"]]
    assert sorted(shown - {n["id"] for n in folds(opened)} | set(hidden)) == sorted(
        n["id"] for n in graph["unfolded"]["nodes"])
    assert all("x" in n and "w" in n for n in opened["nodes"]) and all(e["points"] for e in opened["edges"])
    assert opened["unfolded"] is graph["unfolded"]
    # the sin chain is drawn edge by edge now
    assert sum(1 for e in opened["edges"] if e["source"] in sin_fold["folded"]) >= 29


def test_nothing_expanded_is_the_folded_graph_again(graph):
    again = expand_folds(graph, [])
    assert [n["id"] for n in again["nodes"]] == [n["id"] for n in graph["nodes"]]
    assert again["folding"]["expanded"] == [] and graph["folding"]["expanded"] == []
    # ids not of this folding open nothing
    assert [n["id"] for n in expand_folds(graph, ["fold:nope", "n0"])["nodes"]] == [n["id"] for n in graph["nodes"]]


def test_the_expansion_does_not_touch_the_graph_it_came_from(graph):
    before = [dict(n) for n in graph["unfolded"]["nodes"]]
    expand_folds(graph, [n["id"] for n in folds(graph)])
    assert graph["unfolded"]["nodes"] == before


def test_a_graph_without_its_unfolded_self_or_too_large_a_result_is_refused(graph, monkeypatch):
    with pytest.raises(ExpandError, match="too large to expand"):
        expand_folds({k: v for k, v in graph.items() if k != "unfolded"}, [])
    import core.analysis.trace as trace
    monkeypatch.setattr(trace, "MAX_DOT_NODES", 20)
    with pytest.raises(ExpandError, match="at most 20"):
        trace.expand_folds(graph, [folds(graph)[0]["id"]])
    assert MAX_DOT_NODES == 500


def test_fold_graph_keeps_a_small_graph_whatever_is_asked():
    small = {"nodes": [{"id": "a", "kind": "output", "grad_fn": "X"}], "edges": []}
    assert fold_graph(small, expanded=["fold:a"]) is small


def test_the_service_lays_the_graph_out_with_a_fold_open(tmp_path):
    service = Service(tmp_path / "stderr.log")
    try:
        service.send({"kind": "graph", "id": 1, "expand": []})
        kind, job_id, result = service.answer(30)
        assert (kind, job_id) == ("graph", 1) and result["graph"] is None and "no analysis" in result["error"]
        outcome = analyze_in_service(service, 2, TWO_LOOPS)
        fold = folds(outcome["analysis"]["graph"])[0]
        service.send({"kind": "graph", "id": 3, "expand": [fold["id"]]})
        kind, job_id, result = service.answer(60)
        assert (kind, job_id) == ("graph", 3) and result["error"] is None and result["expand"] == [fold["id"]]
        assert fold["id"] not in {n["id"] for n in result["graph"]["nodes"]}
        assert set(fold["folded"]) <= {n["id"] for n in result["graph"]["nodes"]}
        service.send({"kind": "graph", "id": 4, "expand": "all"})      # the message's schema
        kind, job_id, why = service.answer(30)
        assert (kind, job_id) == ("failed", 4) and "'expand' must be a list" in why
    finally:
        service.close()
