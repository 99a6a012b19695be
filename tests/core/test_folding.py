"""Folding a large backward graph (core.analysis.folding; issue 13, item 4)."""
import json
import random
import textwrap
from pathlib import Path

import pytest

from core.analysis import analyze
from core.analysis.folding import NODE_BUDGET, fold_graph
from core.report_json import fold_owner
from core.export.graph_svg import graph_svg

LESSONS = Path(__file__).resolve().parents[2] / "resources" / "lessons"


def _analysis(source: str) -> dict:
    return analyze(textwrap.dedent(source)).to_json()


def _shown_and_hidden(graph: dict) -> list:
    """Every original node id the folded graph accounts for, with repetitions if any."""
    ids = []
    for n in graph["nodes"]:
        ids.extend(n["folded"] if n.get("kind") == "fold" else [n["id"]])
    return ids


def _partition_ok(graph: dict, original_ids) -> None:
    ids = _shown_and_hidden(graph)
    assert len(ids) == len(set(ids)), "a node is in two shown nodes"
    assert set(ids) == set(original_ids)
    for n in graph["nodes"]:
        if n.get("kind") == "fold":
            assert n["count"] == len(n["folded"])
    shown = {n["id"] for n in graph["nodes"]}
    for e in graph["edges"]:
        assert e["source"] in shown and e["target"] in shown and e["source"] != e["target"]


@pytest.fixture(scope="module")
def sin_loop() -> dict:
    return _analysis("""
        import torch
        x = torch.tensor([0.5, 1.0], requires_grad=True)
        y = x
        for i in range(500):
            y = torch.sin(y)
        out = y.sum()
        out.backward()
    """)


def test_a_500_iteration_sin_loop_folds_to_three_nodes(sin_loop):
    graph = sin_loop["graph"]
    kinds = [(n["kind"], n["label"]) for n in graph["nodes"]]
    assert kinds == [("output", "SumBackward0"), ("fold", "SinBackward0 ×500"), ("leaf", "x")]
    fold = graph["nodes"][1]
    assert fold["count"] == 500 and fold["repeats"] == 500 and fold["pattern"] == ["SinBackward0"]
    assert fold["fold"] == "repeat"
    assert graph["folding"] == {"budget": NODE_BUDGET, "nodes": 502, "edges": 501, "shown": 3, "expanded": []}
    assert len(graph["edges"]) == 2
    # every node the backward ran is in exactly one shown node
    _partition_ok(graph, {step["node"] for step in sin_loop["trace"]})
    owner = fold_owner(graph)
    sin_steps = [s for s in sin_loop["trace"] if s["grad_fn"] == "SinBackward0"]
    assert len(sin_steps) == 500 and all(owner[s["node"]] == fold["id"] for s in sin_steps)
    # laid out, and the JSON is plain JSON
    assert all("x" in n and "w" in n for n in graph["nodes"])
    json.dumps(graph)


def test_the_folded_report_svg_is_small_and_lights_the_fold_of_a_hidden_step(sin_loop):
    graph = sin_loop["graph"]
    step = next(s for s in sin_loop["trace"] if s["grad_fn"] == "SinBackward0")
    svg = graph_svg(graph, step)
    assert len(svg.encode()) < 5_000
    assert 'class="node fold highlight"' in svg
    assert "SinBackward0 ×500" in svg


def test_y_times_y_plus_y_24_deep_folds_its_iterations():
    analysis = _analysis("""
        import torch
        x = torch.tensor([0.5], requires_grad=True)
        y = x
        for i in range(24):
            y = y * y + y
        y.backward()
    """)
    graph = analysis["graph"]
    assert len(graph["nodes"]) == 49 and "folding" not in graph     # under the budget: as it was
    folded = fold_graph(graph, budget=20)
    _partition_ok(folded, {n["id"] for n in graph["nodes"]})
    folds = [n for n in folded["nodes"] if n["kind"] == "fold"]
    assert len(folds) == 1 and folds[0]["fold"] == "repeat"
    assert folds[0]["pattern"] == ["AddBackward0", "MulBackward0"]
    assert folds[0]["count"] == 2 * folds[0]["repeats"] >= 40
    assert folds[0]["label"] == f"AddBackward0 · MulBackward0 ×{folds[0]['repeats']}"
    assert len(folded["nodes"]) <= 8


def test_a_repeated_pair_with_a_shared_weight_folds_and_keeps_the_leaves():
    analysis = _analysis("""
        import torch
        x = torch.tensor([0.5], requires_grad=True)
        w = torch.tensor([0.9], requires_grad=True)
        y = x
        for i in range(100):
            y = torch.tanh(y * w)
        out = y.sum()
        out.backward()
    """)
    graph = analysis["graph"]
    assert [n["kind"] for n in graph["nodes"]] == ["output", "fold", "leaf", "leaf"]
    fold = graph["nodes"][1]
    assert fold["label"] == "TanhBackward0 · MulBackward0 ×100" and fold["count"] == 200
    _partition_ok(graph, {step["node"] for step in analysis["trace"]})
    assert {(e["source"], e["target"]) for e in graph["edges"]} >= {
        (fold["id"], n["id"]) for n in graph["nodes"] if n["kind"] == "leaf"}


def _random_graph(n_nodes: int, seed: int) -> dict:
    """A graph with no repetition: a chain with random grad_fns and random skip edges, two leaves."""
    rng = random.Random(seed)
    nodes = [{"id": "out", "kind": "output", "label": "Root", "grad_fn": "Root", "name": "out"}]
    nodes += [{"id": f"n{k}", "kind": "op", "label": f"Op{k}Backward0", "grad_fn": f"Op{k}Backward0", "name": None}
              for k in range(n_nodes)]
    nodes += [{"id": "a", "kind": "leaf", "label": "a", "grad_fn": "AccumulateGrad", "name": "a"},
              {"id": "b", "kind": "leaf", "label": "b", "grad_fn": "AccumulateGrad", "name": "b"}]
    chain = ["out"] + [f"n{k}" for k in range(n_nodes)]
    edges = [{"source": s, "target": t, "input": 0} for s, t in zip(chain, chain[1:])]
    for k in range(0, n_nodes - 3, 7):
        edges.append({"source": f"n{k}", "target": f"n{k + rng.randint(2, 3)}", "input": 1})
    edges += [{"source": chain[-1], "target": "a", "input": 0}, {"source": "n3", "target": "b", "input": 2}]
    return {"nodes": nodes, "edges": edges, "width": 0, "height": 0}


def test_a_graph_without_repetition_is_cut_into_blocks_within_the_budget():
    graph = _random_graph(400, seed=1)
    folded = fold_graph(graph, budget=40)
    _partition_ok(folded, {n["id"] for n in graph["nodes"]})
    assert len(folded["nodes"]) <= 42
    blocks = [n for n in folded["nodes"] if n.get("fold") == "block"]
    assert blocks and all(n["label"] == f"+{n['count']} nodes" for n in blocks)
    assert folded["nodes"][0]["id"] == "out"
    assert {"a", "b"} <= {n["id"] for n in folded["nodes"]}
    assert fold_graph(_random_graph(400, seed=1), budget=40) == folded     # deterministic


def test_a_small_graph_is_unchanged():
    graph = _random_graph(20, seed=2)
    assert fold_graph(graph) is graph
    analysis = analyze((LESSONS / "15_tiny_mlp_step.py").read_text(encoding="utf-8")).to_json()
    assert "folding" not in analysis["graph"]
    assert all(n["kind"] != "fold" and "folded" not in n for n in analysis["graph"]["nodes"])


def test_an_nn_sequential_training_steps_graph():
    """The graph of an MLP's step stays as it is (under the budget), its nodes grouped by the module
    call that made them (tests/core/test_module_calls.py has the rest)."""
    analysis = _analysis("""
        import torch
        import torch.nn as nn
        torch.manual_seed(0)
        model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 1))
        x = torch.randn(5, 4)
        t = torch.randn(5, 1)
        loss = nn.functional.mse_loss(model(x), t)
        loss.backward()
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        opt.step()
    """)
    graph = analysis["graph"]
    assert len(graph["nodes"]) <= NODE_BUDGET and "folding" not in graph
    assert sum(n["kind"] == "leaf" for n in graph["nodes"]) == 6      # three weights, three biases
    modules = {m["id"]: m for m in graph["modules"]}
    paths = sorted(modules[n["module"]]["path"] for n in graph["nodes"] if n["grad_fn"] == "AddmmBackward0")
    assert paths == ["0", "2", "4"]
    assert sorted(n["name"] for n in graph["nodes"] if n["kind"] == "leaf") == [
        f"{k}.{p}" for k in (0, 2, 4) for p in ("bias", "weight")]
    assert all(m.get("box") for m in modules.values())
