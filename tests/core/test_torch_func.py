"""torch.func (grad, grad_and_value, vjp, jvp, jacrev, jacfwd, hessian, vmap, functional_call) and torch.vmap, as
the tutorials "Jacobians, Hessians, hvp, vhp, and more" and "Per-sample-gradients" use them.  Each program in
tests/data/torch_func/ runs in the interpreter and prints what PyTorch 2.13.0 printed for it (recorded in
tests/data/torch_func.json by ``python tests/core/test_torch_func.py``, and re-checked against real torch when it
is installed)."""
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:   # run as a script
    sys.path.insert(0, str(ROOT))

from core.interp import run_program  # noqa: E402
from tests.recorded_programs import InterpreterPrograms  # noqa: E402

PROGRAMS = InterpreterPrograms("torch_func")
NAMES = PROGRAMS.names


def test_every_program_is_recorded():
    assert sorted(PROGRAMS.recorded()) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_runs_as_pytorch_printed_it(name):
    r = run_program(PROGRAMS.source(name))
    assert r.error is None, r.error
    assert r.stdout == PROGRAMS.recorded()[name]


@pytest.mark.parametrize("name", NAMES)
def test_the_recording_is_pytorchs(name):
    pytest.importorskip("torch")
    assert PROGRAMS.torch_stdout(name) == PROGRAMS.recorded()[name]


def _run(source):
    r = run_program(source)
    assert r.error is None, r.error
    return r


def test_results_have_no_grad_fn_when_nothing_requires_grad():
    r = _run("import torch\nfrom torch.func import grad, jacrev, jacfwd, hessian\nx = torch.ones(3)\n"
             "f = lambda t: (t ** 3).sum()\na = grad(f)(x)\nb = jacrev(torch.sin)(x)\nc = jacfwd(torch.sin)(x)\n"
             "d = hessian(f)(x)\n")
    for name in "abcd":
        t = r.namespace[name]
        assert not t.requires_grad and t.grad_fn is None


def test_jvp_is_the_jacobian_times_the_tangent():
    r = _run("import torch\nfrom torch.func import jvp, jacrev\ntorch.manual_seed(0)\nx = torch.randn(4)\n"
             "t = torch.randn(4)\nf = lambda a: a.tanh() * a.sum()\n_, j = jvp(f, (x,), (t,))\n"
             "ok = torch.allclose(j, jacrev(f)(x) @ t)\n")
    assert tuple(r.namespace["j"].shape) == (4,)
    assert r.namespace["ok"] is True


def test_vmap_over_a_huge_batch_is_stopped_by_the_run_limits():
    from core.interp.limits import Limits
    r = run_program("import torch\nx = torch.zeros(100000000)\ny = torch.vmap(torch.sin)(x)\n",
                    limits=Limits(max_seconds=2))
    assert r.error is not None and r.error.kind == "limit"


def test_functional_call_puts_the_parameters_back():
    r = _run("import torch\nfrom torch.func import functional_call\nm = torch.nn.Linear(2, 1)\nw = m.weight\n"
             "y = functional_call(m, {'weight': torch.zeros(1, 2), 'bias': torch.ones(1)}, torch.ones(3, 2))\n"
             "same = m.weight is w\n")
    assert r.namespace["y"].tolist() == [[1.0], [1.0], [1.0]]
    assert r.namespace["same"] is True


if __name__ == "__main__":
    PROGRAMS.record()
