"""Each gradient of the trace is drawn on the edge of the input it went to (issue 15, item 3: "trace steps
carrying the input index, so edges are looked up"): core's ``grads_out`` say which input
(``input_index``, the graph edge's ``input``), and the replay looks the edge up instead of guessing
"the k-th gradient sent to a node goes along the k-th edge to it"."""
from __future__ import annotations

import textwrap

from core.analysis import analyze
from desktop.graph.replay import BackwardReplay

ONLY_THE_SECOND = textwrap.dedent("""
    import torch

    class Second(torch.autograd.Function):
        @staticmethod
        def forward(ctx, a, b):
            return a * b

        @staticmethod
        def backward(ctx, g):
            return None, g * 2          # a gradient for b only

    x = torch.tensor([1., 2.], requires_grad=True)
    out = Second.apply(x, x).sum()
    out.backward()
""")


def test_the_trace_says_which_input_each_gradient_went_to():
    a = analyze(ONLY_THE_SECOND, pytorch="off").to_json()
    step = next(s for s in a["trace"] if s["grad_fn"] == "SecondBackward")
    assert [(g["input_index"], g["to"]) for g in step["grads_out"]] == [(1, step["grads_out"][0]["to"])]
    y_times_y = analyze("import torch\nx = torch.tensor([3.], requires_grad=True)\n(x * x).sum().backward()\n").to_json()
    mul = next(s for s in y_times_y["trace"] if s["grad_fn"] == "MulBackward0")
    assert [g["input_index"] for g in mul["grads_out"]] == [0, 1]


def test_a_gradient_sent_to_the_second_of_two_edges_is_drawn_on_that_one():
    a = analyze(ONLY_THE_SECOND, pytorch="off").to_json()
    graph, trace = a["graph"], a["trace"]
    position = next(i for i, s in enumerate(trace) if s["grad_fn"] == "SecondBackward")
    node = trace[position]["node"]
    two = [i for i, e in enumerate(graph["edges"]) if e["source"] == node]
    assert sorted(graph["edges"][i]["input"] for i in two) == [0, 1]
    edge = BackwardReplay(graph, trace).edge_for[(position, 0)]
    assert graph["edges"][edge]["input"] == 1          # the guess took the first edge, input 0
