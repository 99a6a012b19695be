"""Tensor.resize_ and resize_as_ (a new shape with row-major strides over the same storage, from the tensor's
storage offset; the same shape changes nothing; PyTorch refuses a tensor that requires grad, in any grad mode)
and the legacy constructor given a tensor, ``torch.Tensor(t)``: an alias of ``t`` (AliasBackward0), a new tensor
sharing its storage and version counter, so resizing the alias leaves ``t``'s shape alone
(tests/data/corpus/atcold_01_tensor_tutorial).  Against what PyTorch 2.13.0 printed (re-checked with real
torch when it is installed)."""
import subprocess
import sys

import pytest

from core.interp import run_program

PROGRAM = 'import torch\nx = torch.ones(2, requires_grad=True)\nfor f in [lambda: x.resize_(4), lambda: (x * 2).resize_(4), lambda: torch.zeros(3).resize_(2, -3),\n          lambda: torch.zeros(2).resize_as_(3), lambda: torch.zeros(3).resize_(2.0), lambda: x.resize_as_(torch.zeros(4))]:\n    try:\n        f()\n    except (RuntimeError, TypeError) as e:\n        print(type(e).__name__, e)\nwith torch.no_grad():\n    try:\n        x.resize_(4)\n    except RuntimeError as e:\n        print(e)\nt = torch.arange(6.)\nr = t.view(2, 3)\nprint(r.resize_(3, 2) is r, t._version, r, t.shape, r.stride())\nr.resize_(2)\nprint(r, r.stride(), r.storage_offset())\nr.zero_()\nprint(t)\na = torch.arange(6.).view(2, 3).t()\na.resize_(3, 2)\nprint(a, a.stride(), a._version)\na.resize_(2, 3)\nprint(a, a.stride(), a.is_contiguous(), a._version)\na = torch.arange(12.).view(3, 4)[:, 1:3]\na.resize_(2, 3)\nprint(a, a.stride(), a.storage_offset())\nc = torch.arange(4)\nc.resize_(0)\nprint(c, c.shape)\nc = torch.arange(4)\nprint(c.resize_(2, 2, 1).stride(), c.resize_((1, 4)).shape, c.resize_([4]).shape, c.resize_(torch.Size([2, 2])).shape)\nd = torch.arange(3.)\nd.resize_(5)\nprint(d.shape, d[:3])\nprint(torch.zeros(3).resize_as_(torch.ones(1, 3)).shape)\nt = torch.Tensor([[1, 2], [3, 4]])\nr = torch.Tensor(t)\nprint(r is t, r._version)\nr.resize_(4)\nr.zero_()\nprint(t, r, t._version)\nw = torch.ones(2, requires_grad=True)\ns = torch.Tensor(w)\nprint(s.is_leaf, s.requires_grad, s.grad_fn.name())\n(s * 3).sum().backward()\nprint(w.grad)\n'

PRINTED = "RuntimeError cannot resize variables that require grad\nRuntimeError cannot resize variables that require grad\nRuntimeError numel: integer multiplication overflow\nTypeError resize_as_(): argument 'the_template' (position 1) must be Tensor, not int\nTypeError resize_(): argument 'size' (position 1) must be tuple of ints, not float\nRuntimeError cannot resize variables that require grad\ncannot resize variables that require grad\nTrue 1 tensor([[0., 1.],\n        [2., 3.],\n        [4., 5.]]) torch.Size([6]) (2, 1)\ntensor([0., 1.]) (1,) 0\ntensor([0., 0., 2., 3., 4., 5.])\ntensor([[0., 3.],\n        [1., 4.],\n        [2., 5.]]) (1, 3) 0\ntensor([[0., 1., 2.],\n        [3., 4., 5.]]) (3, 1) True 1\ntensor([[1., 2., 3.],\n        [4., 5., 6.]]) (3, 1) 1\ntensor([], dtype=torch.int64) torch.Size([0])\n(2, 1, 1) torch.Size([1, 4]) torch.Size([4]) torch.Size([2, 2])\ntorch.Size([5]) tensor([0., 1., 2.])\ntorch.Size([1, 3])\nFalse 0\ntensor([[0., 0.],\n        [0., 0.]]) tensor([0., 0., 0., 0.]) 2\nFalse True AliasBackward0\ntensor([3., 3.])\n"


def test_resize_and_the_legacy_alias_run_as_pytorchs():
    r = run_program(PROGRAM)
    assert r.error is None, r.error
    assert r.stdout == PRINTED


def test_the_recording_is_pytorchs(tmp_path):
    pytest.importorskip("torch")
    f = tmp_path / "p.py"
    f.write_text(PROGRAM)
    assert subprocess.run([sys.executable, str(f)], capture_output=True, text=True, timeout=120,
                          check=True).stdout == PRINTED
