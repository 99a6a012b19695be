"""Complex tensors are values: the engine computes and prints them as PyTorch does (tests/data/tensor_extras/
complex_numbers.py), but refuses to differentiate through them, and the analysis says why."""
import json

import numpy as np
import pytest

from core import dtypes
from core.analysis import analyze
from core.analysis.analysis import AnalysisError
from core.interp import run_program
from core.report_json import run_to_json


def test_promotion_follows_torchs_categories():
    c64, c128, f32, f64 = dtypes.complex64, dtypes.complex128, dtypes.float32, dtypes.float64
    assert dtypes.promote([f64], [c64], []) is c128          # a complex 0-dim over a float64 tensor
    assert dtypes.promote([f32], [c128], []) is c64          # keeps the float's width
    assert dtypes.promote([dtypes.int64], [c128], []) is c128
    assert dtypes.promote([c64], [f64], []) is c64           # a lower category changes nothing
    assert dtypes.promote([c64, f64], [], []) is c128        # one tier: the wider parts
    assert dtypes.promote([f32], [], [3]) is c64 and dtypes.promote([f64], [], [3]) is c128


@pytest.mark.parametrize("source, node", [
    ("w = torch.tensor([1+2j, 3-4j], requires_grad=True)\nloss = w.abs().sum()\nloss.backward()\n", "AbsBackward0"),
    ("x = torch.ones(2, requires_grad=True)\nz = x * 1j\nz.backward(torch.ones(2, dtype=torch.cfloat))\n", "MulBackward0"),
    ("a = torch.tensor([[1.0, 2], [-5, 4]], requires_grad=True)\n"
     "torch.linalg.eigvals(a).abs().sum().backward()\n", "AbsBackward0"),
])
def test_a_backward_through_complex_tensors_is_refused_at_its_line(source, node):
    r = run_program("import torch\n" + source)
    assert r.error is not None and r.error.type == "NotImplementedError"
    assert r.error.line == source.count("\n") + 1
    assert r.error.message.startswith("Backprop Lens does not differentiate complex tensors")
    assert node in r.error.message
    assert all(t.grad is None for t in r.tensors().values() if t.is_leaf)


def test_the_analysis_refuses_a_complex_graph_and_the_json_holds_complex_values():
    source = "import torch\nw = torch.tensor([1+2j, 3-4j], requires_grad=True)\nloss = w.abs().sum()\n"
    with pytest.raises(AnalysisError, match="computed from complex numbers"):
        analyze(source)
    report = run_to_json(run_program(source))
    text = json.dumps(report, allow_nan=False)
    assert json.loads(text)["tensors"]["w"]["value"] == [{"real": 1.0, "imag": 2.0}, {"real": 3.0, "imag": -4.0}]
    assert report["tensors"]["w"]["dtype"] == "complex64"


def test_a_real_analysis_beside_complex_values_is_unaffected():
    source = ("import torch\nz = torch.tensor([1+2j])\nx = torch.tensor([1.0, 2.0], requires_grad=True)\n"
              "out = (x * z.abs()).sum()\nout.backward()\n")
    a = analyze(source)
    assert a.match and np.allclose(np.asarray(a.backward["x"]), np.sqrt(5.0))
