"""Real PyTorch as the fourth witness, and the plain PyTorch script.

Without torch installed, the scripts the analysis writes are checked against
what real PyTorch 2.13 printed for them (tests/data/pytorch_scripts.json,
recorded by tests/pytorch_scripts.py); with torch installed they are also run
again, and the in-process witness (the recorded forward replayed in torch) is
checked on every recorded program.
"""
from __future__ import annotations

import importlib.util
import warnings

import numpy as np
import pytest

from core.analysis import analyze
from core.analysis import pytorch as pt
from core.ops.registry import REGISTRY
from tests import pytorch_scripts as ps

HAVE_TORCH = importlib.util.find_spec("torch") is not None
RECORD = __import__("json").loads(ps.RECORD.read_text())
ANALYSES = dict(ps.analyses())
# the forward changes a leaf through .data or a detached alias: no replay can see that
NOT_REPLAYABLE = {"eng_data_attribute", "eng_clone_detach", "nn_module_apply"}


def _arr(x):
    return np.array(x if not isinstance(x, str) else float(x), dtype=float) if not isinstance(x, list) else \
        np.array([_arr(y) for y in x], dtype=float)


def _close(a, b):
    a, b = _arr(a), _arr(b)
    return a.shape == b.shape and np.allclose(a, b, rtol=1e-4, atol=1e-5, equal_nan=True)


def test_every_op_has_a_pytorch_counterpart():
    # index_backward and the upsample ops' backward ops only appear inside a create_graph backward, which the
    # tape does not replay
    inner = {"index_backward"} | {n for n in REGISTRY if n.startswith(("upsample_", "_upsample_"))
                                  and n.endswith("_backward")}
    missing = [name for name in REGISTRY if not pt.supported(name) and name not in inner]
    assert missing == []


def test_the_record_covers_the_scripts_written_now():
    scripts = {name: a.pytorch_script for name, a in ANALYSES.items() if a.pytorch_script is not None}
    assert len(scripts) >= 140
    assert set(RECORD["cases"]) == set(scripts), "re-run tests/pytorch_scripts.py with torch 2.13.0 installed"
    stale = [n for n, s in scripts.items() if RECORD["cases"][n]["script"] != ps.digest(s)]
    assert stale == [], "scripts changed since they were recorded: re-run tests/pytorch_scripts.py"
    assert NOT_REPLAYABLE.isdisjoint(scripts)


@pytest.mark.parametrize("name", sorted(RECORD["cases"]))
def test_recorded_pytorch_output_equals_the_analysis(name):
    """What real PyTorch printed for the script is the analysis's backward (or J)."""
    a = ANALYSES[name].to_json()
    case = RECORD["cases"][name]
    if case["error"] is not None:
        # PyTorch refuses where the engine does, or where the output needs no grad
        assert a["engine_error"] is not None or a["backward"] is None or not any(
            np.any(_arr(g)) for g in a["backward"].values()), case["error"]
        if a["engine_error"] is not None:
            assert case["error"]["message"] == a["engine_error"]["message"]
        return
    printed = ps.parse(case["stdout"])
    out_name = [k for k in printed if not k.startswith("J for ") and not k.endswith(".grad")]
    assert len(out_name) == 1
    if a["backward"] is not None:
        for leaf, g in a["backward"].items():
            got = printed[f"{leaf}.grad"]
            assert _close(np.zeros_like(_arr(g)) if got is None else got, g), leaf
            assert _close(np.zeros_like(_arr(g)) if got is None else got, a["vjp"][leaf]), leaf
    else:
        for leaf, j in a["jacobian"].items():
            assert _close(printed[f"J for {leaf}"], j), leaf


@pytest.mark.skipif(not HAVE_TORCH, reason="real PyTorch is not installed; the recorded outputs stand in")
def test_scripts_run_in_real_pytorch_print_the_recorded_numbers():
    scripts = {name: a.pytorch_script for name, a in ANALYSES.items() if a.pytorch_script is not None}
    ran = ps.run_in_pytorch(scripts)
    assert ran["torch"] == RECORD["torch"]
    for name, result in ran["results"].items():
        want = RECORD["cases"][name]
        assert (result["error"] is None) == (want["error"] is None), name
        if result["error"] is None:
            got, rec = ps.parse(result["stdout"]), ps.parse(want["stdout"])
            assert got.keys() == rec.keys(), name
            for k in got:
                assert (got[k] is None) == (rec[k] is None) and (got[k] is None or _close(got[k], rec[k])), (name, k)


LESSONS = sorted((ps.ROOT / "resources" / "lessons").glob("*.py"))


@pytest.mark.skipif(not HAVE_TORCH, reason="real PyTorch is not installed; the recorded outputs stand in")
@pytest.mark.parametrize("path", ps.case_paths() + LESSONS, ids=lambda p: p.stem)
def test_witness_on_every_recorded_program_and_lesson(path):
    from core.analysis import AnalysisError
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            a = analyze(path.read_text(), pytorch="auto")
        except AnalysisError:
            return
    w = a.pytorch
    if not a.leaves or a.pytorch_script is None and path.stem not in NOT_REPLAYABLE:
        return
    assert w is not None and w["version"] == "2.13.0"
    if path.stem in NOT_REPLAYABLE:
        assert w["match"] is None and ".data" in w["note"]
        return
    assert w["match"] is True, (w["note"], w["error"], w["max_abs_diff"])
    if a.backward is not None and w["error"] is None and a.match:   # (a wrong custom backward: PyTorch checks J)
        for leaf in a.leaves:
            assert _close(w["backward"][leaf], a.backward[leaf])


@pytest.mark.skipif(not HAVE_TORCH, reason="needs real PyTorch")
def test_witness_is_not_circular(monkeypatch):
    """A wrong engine rule, or a wrong forward in the replay, makes the witness say no."""
    src = "import torch\nx = torch.tensor([1., 2., 3.], requires_grad=True)\nout = (x * x).sum()\nout.backward()\n"
    assert analyze(src).pytorch["match"] is True
    mul = REGISTRY["mul"]
    good = mul.vjp
    monkeypatch.setattr(mul, "vjp", lambda ctx, g, F: tuple(None if r is None else r * 3 for r in good(ctx, g, F)))
    broken = analyze(src)
    assert broken.match is False and broken.pytorch["match"] is False
    assert any("real PyTorch" in n for n in broken.notes)
    monkeypatch.setattr(mul, "vjp", good)
    monkeypatch.setattr(mul, "pytorch", ("torch.add", (0, 1), {}))
    wrong_forward = analyze(src).pytorch
    assert wrong_forward["match"] is False and "forward" in wrong_forward["note"]


def test_script_reads_like_the_program():
    a = ANALYSES["seed_11_jacobian_index_assign"]
    s = a.pytorch_script
    assert "x = torch.tensor([[3.0, 4.0]], dtype=torch.float32, requires_grad=True)" in s
    assert "y = torch.tensor([[0.0, 0.0]], dtype=torch.float32)" in s
    assert s.count(".copy_(") == 2 and "out = torch.mul(y, 2)" in s
    assert "out.backward(v)" in s and "print('x.grad ='" in s
    compile(s, "<script>", "exec")  # the project's own output is valid Python (compiled, never run here)


def test_script_keeps_no_grad_blocks_and_avoids_the_programs_names():
    src = ("import torch\nv = torch.tensor([1., 2.], requires_grad=True)\nleaves = v * 2\n"
           "with torch.no_grad():\n    c = v * 10\nout = (leaves * c).sum()\nout.backward()\n")
    s = analyze(src, pytorch="off").pytorch_script
    assert "with torch.no_grad():\n    c = torch.mul(v, 10)" in s
    assert "v1 = torch.tensor(1.0" in s and "out.backward(v1)" in s
    assert "print('v.grad ='" in s


def test_script_without_v_builds_J_row_by_row():
    src = "import torch\nx = torch.tensor([1., 2.], requires_grad=True)\ny = x * x\n"
    a = analyze(src, pytorch="off")
    assert a.grad_tensor is None
    assert "torch.autograd.grad(y, leaves, onehot.view(y.shape)" in a.pytorch_script
    assert "print('J for x ='" in a.pytorch_script


def test_float32_numbers_are_written_short_and_exact():
    arr = np.array([0.1, 1 / 3, 1e-7, 3e20, -0.0, np.nan, np.inf], dtype=np.float32)
    text = pt._literal(arr)
    assert text.startswith("[0.1, 0.33333334, ")
    values = [float(x) if "float" not in x else float(x.split("'")[1]) * (-1 if x.startswith("-") else 1)
              for x in text[1:-1].split(", ")]
    assert np.array_equal(np.array(values, dtype=np.float32), arr, equal_nan=True)


def test_cli_writes_the_script_and_can_leave_pytorch_out(tmp_path, capsys):
    import json
    from core.cli import main
    program = ps.DATA / "examples" / "seed_01_mm_gradient.py"
    target = tmp_path / "again.py"
    assert main(["run", str(program), "--json", "--pytorch", "off", "--pytorch-script", str(target)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["analysis"]["pytorch"] is None
    assert target.read_text() == report["analysis"]["pytorch_script"]
    assert "out.backward(v)" in target.read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["again.py"]  # no temporary file left
    assert main(["run", str(program), "--pytorch-script", str(tmp_path / "no" / "x.py")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_a_forward_too_large_to_record_is_said_in_a_note(monkeypatch):
    from core.analysis import tape
    small = tape.Tape
    monkeypatch.setattr(tape, "Tape", lambda: small(max_elements=10))
    src = "import torch\nx = torch.ones(3, requires_grad=True)\nc = torch.ones(20)\nout = (x * c[:3]).sum()\n"
    a = analyze(src)
    assert a.pytorch is None and a.pytorch_script is None
    assert any("too large to replay in PyTorch" in n and "10 numbers" in n for n in a.notes)
    assert a.match  # the other witnesses are unaffected


@pytest.mark.skipif(not HAVE_TORCH, reason="needs real PyTorch")
def test_a_custom_function_is_replayed_connected_to_its_input():
    # the ops of a custom forward run with grad off; the replay makes them with grad on, so what uses
    # them must refer to them (it took copies, and PyTorch's output needed no grad)
    from tests.core.test_analysis import LEGENDRE_P3
    a = analyze(LEGENDRE_P3 + """
x = torch.linspace(-1, 1, 5)
c = torch.full((), 0.1, requires_grad=True)
d = torch.full((), 0.3, requires_grad=True)
loss = P3.apply(c + d * x).sum()
loss.backward()
""", pytorch="auto")
    assert a.pytorch["match"] is True, a.pytorch
    assert np.allclose(a.pytorch["backward"]["c"], a.backward["c"], rtol=1e-5)


@pytest.mark.skipif(not HAVE_TORCH, reason="needs real PyTorch")
def test_an_entry_near_zero_is_judged_by_the_size_of_the_others(monkeypatch):
    """PyTorch's backward on another CPU sums in another order: jcjohnson's autograd loop on an AMD EPYC gave
    weight gradients of about 1e6 that differ from the engine's by up to 0.156, and the verdict said
    "disagree".  An entry near zero beside large ones is now judged, as the engine witness judges it, by a
    share of the largest entry; a wrong entry still disagrees."""
    from core.analysis import engine_witness
    src = ("import torch\nx = torch.ones(3, requires_grad=True)\n"
           "out = (x * torch.tensor([1e4, 1.0, 1e-3])).sum()\nout.backward()\n")
    grads = engine_witness.grads

    def shifted(entry, by):
        def run(out, leaves, v):
            got = [np.array(g, dtype=np.float64) for g in grads(out, leaves, v)]
            got[0][entry] += by
            return got
        return run
    monkeypatch.setattr(engine_witness, "grads", shifted(2, 1e-4))     # 1e-8 of the largest entry
    a = analyze(src)
    assert a.pytorch["match"] is True and a.match is True
    monkeypatch.setattr(engine_witness, "grads", shifted(1, 0.5))      # half of an entry of 1
    a = analyze(src)
    assert a.pytorch["match"] is False and a.match is False
