"""torch.range (deprecated: both ends, the default float dtype, its warning at every call), torch.random and
torch.backends (cudnn's flags a program sets for reproducibility, mps's availability) as PyTorch 2.13.0 printed them
(tests/data/corpus/zerotomastery_00_*, uvadlc_intro_pytorch_basics; re-checked with real torch when installed)."""
import subprocess
import sys

import pytest

from core.interp import run_program

PROGRAM = 'import torch\nimport warnings\nc = torch.backends.cudnn\nprint(c.deterministic, c.benchmark, c.enabled, c.is_available(), c.version(), c.allow_tf32)\ntorch.backends.cudnn.deterministic = True\ntorch.backends.cudnn.benchmark = False\nprint(c.deterministic, torch.backends.cudnn.benchmark)\nprint(torch.backends.mps.is_available(), torch.backends.mps.is_built())\ntorch.random.manual_seed(3)\na = torch.rand(2)\ntorch.manual_seed(3)\nprint(torch.equal(a, torch.rand(2)), torch.random.initial_seed())\nprint(torch.range(0,10)); print(torch.range(1,4,0.5))\nprint(torch.range(1, 2, 0.3), torch.range(0,1,0.1).shape, torch.range(0, 1, 0.1))\nprint(torch.range(1,4,dtype=torch.int32), torch.range(0.5, 3), torch.range(torch.tensor(1), 3, requires_grad=True))\ntry: torch.range(3,1)\nexcept RuntimeError as e: print(e)\nprint(torch.range(3,1,-1))\ntry: torch.range(0,1,0)\nexcept RuntimeError as e: print(e)\n'

PRINTED = 'False False True False None True\nTrue False\nFalse False\nTrue 3\ntensor([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10.])\ntensor([1.0000, 1.5000, 2.0000, 2.5000, 3.0000, 3.5000, 4.0000])\ntensor([1.0000, 1.3000, 1.6000, 1.9000]) torch.Size([11]) tensor([0.0000, 0.1000, 0.2000, 0.3000, 0.4000, 0.5000, 0.6000, 0.7000, 0.8000,\n        0.9000, 1.0000])\ntensor([1, 2, 3, 4], dtype=torch.int32) tensor([0.5000, 1.5000, 2.5000]) tensor([1., 2., 3.], requires_grad=True)\nupper bound and lower bound inconsistent with step sign\ntensor([3., 2., 1.])\nstep must be nonzero\n'


def test_range_backends_and_random_print_as_pytorchs():
    r = run_program(PROGRAM)
    assert r.error is None, r.error
    assert r.stdout == PRINTED
    assert [w.category for w in r.warnings] == ["UserWarning"] * 11   # one per call, failing ones too
    assert r.warnings[0].message.startswith("torch.range is deprecated and will be removed in a future release")


def test_cudnn_flags_are_fresh_in_each_run():
    r = run_program("import torch\ntorch.backends.cudnn.benchmark = True\n")
    assert r.error is None
    assert run_program("import torch\nprint(torch.backends.cudnn.benchmark)\n").stdout == "False\n"


def test_the_recording_is_pytorchs(tmp_path):
    pytest.importorskip("torch")
    f = tmp_path / "p.py"
    f.write_text(PROGRAM)
    assert subprocess.run([sys.executable, str(f)], capture_output=True, text=True, timeout=120,
                          check=True).stdout == PRINTED
