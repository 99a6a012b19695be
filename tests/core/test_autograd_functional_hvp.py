"""torch.autograd.functional.vhp and hvp (tests/data/corpus/ptdocs_autograd_functional), and the gradient of a
sum over a 0-dim tensor with create_graph=True (hvp at a 0-dim point), against what PyTorch 2.13.0 printed
(re-checked with real torch when it is installed)."""
import subprocess
import sys

import pytest

from core.interp import run_program

PROGRAM = 'import torch\nfrom torch.autograd.functional import vhp, hvp\ntorch.manual_seed(0)\ndef pow_reducer(x):\n    return x.pow(3).sum()\ninputs = torch.rand(2, 2)\nv = torch.ones(2, 2)\nprint(vhp(pow_reducer, inputs, v))\nprint(vhp(pow_reducer, inputs, v, create_graph=True))\nprint(hvp(pow_reducer, inputs, v))\nprint(hvp(pow_reducer, inputs, v, create_graph=True))\ndef pow_adder_reducer(x, y):\n    return (2 * x.pow(2) + 3 * y.pow(2)).sum()\ninputs = (torch.rand(2), torch.rand(2))\nv = (torch.zeros(2), torch.ones(2))\nprint(vhp(pow_adder_reducer, inputs, v))\nprint(hvp(pow_adder_reducer, inputs, v))\ndef lin(x):\n    return (2 * x).sum()\nprint(vhp(lin, torch.rand(3), torch.ones(3)), hvp(lin, torch.rand(3), torch.ones(3)))\ndef f3(x):\n    return (x.sin() * x.exp()).sum()\nx = torch.rand(4)\nprint(vhp(f3, x, torch.rand(4)), hvp(f3, x, torch.rand(4)))\nprint(hvp(lambda x: x.pow(3).sum(), torch.tensor(2.0)))\nfor bad in (lambda x: x * 2, lambda x: (x.sum(), x.sum())):\n    try: vhp(bad, torch.rand(2), torch.ones(2))\n    except RuntimeError as e: print(e)\ntry: hvp(pow_reducer, torch.rand(2), None)\nexcept RuntimeError as e: print(e)\n'

PRINTED = '(tensor(0.5786), tensor([[2.9775, 4.6093],\n        [0.5309, 0.7922]]))\n(tensor(0.5786, grad_fn=<SumBackward0>), tensor([[2.9775, 4.6093],\n        [0.5309, 0.7922]], grad_fn=<MulBackward0>))\n(tensor(0.5786), tensor([[2.9775, 4.6093],\n        [0.5309, 0.7922]]))\n(tensor(0.5786, grad_fn=<SumBackward0>), tensor([[2.9775, 4.6093],\n        [0.5309, 0.7922]], grad_fn=<MulBackward0>))\n(tensor(4.1245), (tensor([0., 0.]), tensor([6., 6.])))\n(tensor(4.1245), (tensor([0., 0.]), tensor([6., 6.])))\n(tensor(2.8737), tensor([0., 0., 0.])) (tensor(1.1858), tensor([0., 0., 0.]))\n(tensor(4.1082), tensor([0.4136, 0.8235, 2.0988, 2.8381])) (tensor(4.1082), tensor([1.0198, 2.5504, 1.2915, 1.7146]))\n(tensor(8.), tensor(12.))\nThe Tensor returned by the function given to vhp should contain a single element\nThe function given to vhp should return a single Tensor\nThe vector v can only be None if the input to the user-provided function is a single Tensor with a single element.\n'


def test_vhp_and_hvp_print_as_pytorchs():
    r = run_program(PROGRAM)
    assert r.error is None, r.error
    assert r.stdout == PRINTED


def test_the_recording_is_pytorchs(tmp_path):
    pytest.importorskip("torch")
    f = tmp_path / "p.py"
    f.write_text(PROGRAM)
    assert subprocess.run([sys.executable, str(f)], capture_output=True, text=True, timeout=120,
                          check=True).stdout == PRINTED
