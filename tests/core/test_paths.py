"""Chain-rule paths say which input of a node each goes through, and name elements as J does
(issue 15, item 9: "y * y lists two identical-looking paths without saying which factor")."""
from __future__ import annotations

from core.analysis.pipeline import analyse_source
from core.naming import element_name, element_names, python_index

SQUARE = """
import torch
x = torch.tensor([2.0, 3.0], requires_grad=True)
y = x * x
out = y.sum()
out.backward()
"""


def paths_of(source, leaf, i, k):
    analysis = analyse_source(source, pytorch="off").analysis
    paths, total, complete = analysis.paths(leaf, i, k)
    return [p.to_json() for p in paths], total, complete


def test_the_two_paths_of_y_times_y_differ_in_the_input_they_go_through():
    paths, total, complete = paths_of(SQUARE, "x", 0, 0)
    assert complete and total == 4.0 and len(paths) == 2
    muls = [next(s for s in p["steps"] if s["grad_fn"] == "MulBackward0") for p in paths]
    assert sorted((s["via"], s["via_name"], s["inputs"]) for s in muls) == [(0, "self", 2), (1, "other", 2)]
    assert all(s["label"] == "y_1" and s["partial"] == 2.0 for s in muls)
    leaf = paths[0]["steps"][-1]
    assert leaf["grad_fn"] == "AccumulateGrad" and leaf["via"] is None and leaf["label"] == "x_1"


def test_a_matmul_names_its_inputs_as_pytorch_does():
    paths, total, _ = paths_of("""
import torch
a = torch.tensor([[1.0, 2.0]], requires_grad=True)
b = torch.tensor([[3.0], [4.0]])
c = a @ b
c.backward()
""", "a", 0, 1)
    [path] = paths
    mm = path["steps"][0]
    assert (mm["grad_fn"], mm["via"], mm["via_name"], mm["inputs"]) == ("MmBackward0", 0, "self", 2)
    assert mm["label"] == "c_11" and total == 4.0
    assert path["steps"][-1]["label"] == "a_12"


def test_element_names_are_one_based_and_python_indices_zero_based():
    assert element_names("W", (2, 2)) == ["W_11", "W_12", "W_21", "W_22"]
    assert element_names("x", ()) == ["x"]
    assert element_name("x", (0, 9)) == "x_{1,10}"
    assert element_name("t", (1, 0, 0)) == "t_{2,1,1}"
    assert python_index("x", (0, 1)) == "x[0, 1]" and python_index("s", ()) == "s"
