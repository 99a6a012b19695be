"""nn.Module calls in the analysis (issue 12, item 5; issue 13, item 4): nodes know the module call
that made them, parameter leaves are named by module path, the graph's JSON lists the calls with
the boxes dot placed for them, and folding and the SVG use them."""
import json
import textwrap

from core.analysis import analyze
from core.analysis.folding import fold_graph
from core.export.graph_svg import graph_svg
from core.interp import run_program


def _graph(source: str) -> dict:
    return analyze(textwrap.dedent(source)).to_json()["graph"]


def _modules(graph: dict) -> dict:
    return {m["id"]: m for m in graph.get("modules") or []}


def _path_of(graph: dict, node: dict):
    m = _modules(graph).get(node.get("module"))
    return None if m is None else m["path"]


def _ops(graph: dict, grad_fn: str) -> list:
    return [n for n in graph["nodes"] if n["grad_fn"] == grad_fn]


def _leaves(graph: dict) -> dict:
    return {n["name"]: n for n in graph["nodes"] if n["kind"] == "leaf"}


NET = """
    import torch
    import torch.nn as nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Linear(3, 4)
            self.fc2 = nn.Linear(4, 1)

        def forward(self, x):
            return self.fc2(torch.relu(self.fc1(x)))

    torch.manual_seed(0)
    net = Net()
    x = torch.randn(2, 3)
    loss = nn.MSELoss()(net(x), torch.randn(2, 1))
    loss.backward()
"""


def test_sequential_nodes_and_leaves_are_named_by_module_path():
    graph = _graph("""
        import torch
        import torch.nn as nn
        torch.manual_seed(0)
        model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))
        out = model(torch.randn(5, 3)).sum()
        out.backward()
    """)
    addmm = _ops(graph, "AddmmBackward0")
    assert sorted(_path_of(graph, n) for n in addmm) == ["0", "2"]
    assert [_path_of(graph, n) for n in _ops(graph, "TanhBackward0")] == ["1"]
    assert _path_of(graph, _ops(graph, "SumBackward0")[0]) is None    # .sum() is outside any module call
    leaves = _leaves(graph)
    assert sorted(leaves) == ["0.bias", "0.weight", "2.bias", "2.weight"]
    assert leaves["0.weight"]["param"] == "0.weight" and leaves["0.weight"]["shape"] == [4, 3]
    assert _path_of(graph, leaves["2.bias"]) == "2"    # a parameter sits in its module's box
    top = [m for m in graph["modules"] if m["parent"] is None]
    assert [(m["path"], m["type"], m["name"], m["label"]) for m in top] == [("", "Sequential", "model", "model (Sequential)")]
    assert {m["label"] for m in graph["modules"]} == {"model (Sequential)", "0 (Linear)", "1 (Tanh)", "2 (Linear)"}


def test_custom_module_nested_calls_and_the_trace_names_parameters():
    a = analyze(textwrap.dedent(NET)).to_json()
    graph = a["graph"]
    modules = _modules(graph)
    relu = _ops(graph, "ReluBackward0")[0]
    assert modules[relu["module"]]["type"] == "Net" and modules[relu["module"]]["path"] == ""
    for n in _ops(graph, "AddmmBackward0"):
        assert modules[modules[n["module"]]["parent"]]["type"] == "Net"   # fc1, fc2 inside net's call
    assert sorted(modules[n["module"]]["path"] for n in _ops(graph, "AddmmBackward0")) == ["fc1", "fc2"]
    assert _path_of(graph, _ops(graph, "MseLossBackward0")[0]) == ""    # the loss module: a call of its own
    assert sorted(_leaves(graph)) == ["fc1.bias", "fc1.weight", "fc2.bias", "fc2.weight"]
    stepped = {s["leaf"] for s in a["trace"] if s["grad_fn"] == "AccumulateGrad"}
    assert stepped == {"fc1.bias", "fc1.weight", "fc2.bias", "fc2.weight"}
    # every box dot placed holds its nodes
    for n in graph["nodes"]:
        for mid in _chain(graph, n.get("module")):
            left, top, w, h = modules[mid]["box"]
            assert left <= n["x"] - n["w"] / 2 and n["x"] + n["w"] / 2 <= left + w
            assert top <= n["y"] - n["h"] / 2 and n["y"] + n["h"] / 2 <= top + h
    json.dumps(a, allow_nan=False)


def _chain(graph, mid):
    modules, out = _modules(graph), []
    while mid is not None:
        out.append(mid)
        mid = modules[mid]["parent"]
    return out


def test_a_variable_names_a_parameter_before_its_module_path():
    graph = _graph(NET.replace("    loss.backward()", "    w = net.fc1.weight\n    loss.backward()"))
    leaves = _leaves(graph)
    assert "w" in leaves and "fc1.weight" not in leaves
    assert leaves["w"]["param"] == "fc1.weight"


def test_a_module_called_twice_is_two_groups():
    graph = _graph("""
        import torch
        import torch.nn as nn
        torch.manual_seed(0)
        lin = nn.Linear(2, 2)
        x = torch.randn(1, 2)
        out = lin(torch.tanh(lin(x))).sum()
        out.backward()
    """)
    addmm = _ops(graph, "AddmmBackward0")
    assert len(addmm) == 2 and addmm[0]["module"] != addmm[1]["module"]
    calls = [_modules(graph)[n["module"]] for n in addmm]
    assert sorted(m["call"] for m in calls) == [1, 2]
    assert sorted(m["label"] for m in calls) == ["lin (Linear) · call 1", "lin (Linear) · call 2"]
    assert _path_of(graph, _ops(graph, "TanhBackward0")[0]) is None
    assert "lin.weight" not in _leaves(graph) and "weight" in _leaves(graph)   # relative to lin itself
    assert _leaves(graph)["weight"]["module"] is None      # used by both calls: in neither box


def test_deep_paths_and_outside_module_calls_leave_nodes_unmarked():
    graph = _graph("""
        import torch
        import torch.nn as nn

        class Encoder(nn.Module):
            def __init__(self):
                super().__init__()
                self.layers = nn.ModuleList([nn.Linear(2, 2), nn.Linear(2, 2)])

            def forward(self, x):
                for layer in self.layers:
                    x = torch.sigmoid(layer(x))
                return x

        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.encoder = Encoder()

            def forward(self, x):
                return self.encoder(x) * 2

        torch.manual_seed(1)
        m = Model()
        out = m(torch.randn(3, 2)).mean()
        out.backward()
    """)
    paths = sorted(_path_of(graph, n) for n in _ops(graph, "AddmmBackward0"))
    assert paths == ["encoder.layers.0", "encoder.layers.1"]
    assert [_path_of(graph, n) for n in _ops(graph, "MulBackward0")] == [""]
    assert {_path_of(graph, n) for n in _ops(graph, "SigmoidBackward0")} == {"encoder"}
    assert "encoder.layers.1.weight" in _leaves(graph)


def test_nodes_outside_module_calls_have_no_module_call():
    r = run_program(textwrap.dedent("""
        import torch
        import torch.nn as nn
        lin = nn.Linear(2, 1)
        a = torch.ones(2, requires_grad=True)
        b = (a * 3).sum()
        c = lin(a)
    """))
    t = r.tensors()
    assert t["b"].grad_fn.module_call is None
    call = t["c"].grad_fn.module_call
    assert (call.path, call.type, call.number, call.parent) == ("", "Linear", 1, None)


def test_repeated_calls_of_one_module_fold_under_its_name():
    source = """
        import torch
        import torch.nn as nn

        class Cell(nn.Module):
            def __init__(self):
                super().__init__()
                self.lin = nn.Linear(2, 2)

            def forward(self, h):
                return torch.tanh(self.lin(h))

        torch.manual_seed(0)
        cell = Cell()
        h = torch.randn(1, 2)
        for _ in range(40):
            h = cell(h)
        out = h.sum()
        out.backward()
    """
    graph = _graph(source)
    folds = [n for n in graph["nodes"] if n["kind"] == "fold"]
    assert len(folds) == 1 and graph["folding"]["nodes"] > len(graph["nodes"])
    fold = folds[0]
    calls = fold["module_calls"]
    assert (calls["path"], calls["type"], calls["label"]) == ("", "Cell", "cell (Cell)")
    assert calls["calls"] == fold["repeats"] and fold["label"] == f"cell (Cell) ×{fold['repeats']}"
    assert fold["count"] == 3 * fold["repeats"]     # TanhBackward0, AddmmBackward0, TBackward0 a call
    shown = {n.get("module") for n in graph["nodes"]}
    assert {m["id"] for m in graph["modules"]} == {mid for s in shown for mid in _chain(graph, s)}
    assert len(graph["unfolded"]["modules"]) == 80      # 40 calls of cell, 40 of cell.lin


def test_fold_of_module_nodes_takes_their_common_call():
    nodes = [{"id": "o", "kind": "output", "grad_fn": "SumBackward0", "name": "out"}]
    edges = []
    prev = "o"
    for k in range(12):
        nid = f"n{k}"
        nodes.append({"id": nid, "kind": "op", "grad_fn": "SinBackward0", "name": None, "module": "m1"})
        edges.append({"source": prev, "target": nid, "input": 0})
        prev = nid
    modules = [{"id": "m0", "path": "", "type": "Net", "parent": None, "label": "net (Net)"},
               {"id": "m1", "path": "body", "type": "Body", "parent": "m0", "label": "body (Body)"},
               {"id": "m2", "path": "head", "type": "Head", "parent": "m0", "label": "head (Head)"}]
    folded = fold_graph({"nodes": nodes, "edges": edges, "modules": modules}, budget=5)
    fold = next(n for n in folded["nodes"] if n["kind"] == "fold")
    assert fold["module"] == "m1" and "module_calls" not in fold    # one call: not a repetition of calls
    assert [m["id"] for m in folded["modules"]] == ["m0", "m1"]     # head made no shown node


def test_the_svg_draws_a_box_per_module_call():
    graph = _graph(NET)
    svg = graph_svg(graph)
    assert svg.count('<g class="module"') == len(graph["modules"]) == 4
    for label in ("net (Net)", "fc1 (Linear)", "fc2 (Linear)", "MSELoss"):
        assert f">{label}</text>" in svg
    assert svg.index('class="module"') < svg.index('class="edge') < svg.index('class="node')
    assert len(svg) < 12_000
    without = dict(graph, modules=[dict(m, box=None) for m in graph["modules"]])   # a layout with no boxes
    assert '<g class="module"' not in graph_svg(without)


def test_when_dot_fails_on_the_boxes_the_graph_is_laid_out_without_them(monkeypatch):
    import pygraphviz as pgv

    from core.analysis import trace

    graph = _graph(NET)
    for m in graph["modules"]:
        m.pop("box")
    real = pgv.AGraph.layout

    def layout(self, *args, **kwargs):
        if self.subgraphs():
            raise ValueError("trouble in init_rank")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(pgv.AGraph, "layout", layout)
    trace._layout(graph)
    assert not any("box" in m for m in graph["modules"])
    assert all(n["h"] == trace.HEIGHT * 72 and n["w"] > 0 for n in graph["nodes"])
    assert all(len(e["points"]) >= 4 for e in graph["edges"])
