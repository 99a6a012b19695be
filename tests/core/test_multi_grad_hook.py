"""torch.autograd.graph.register_multi_grad_hook (tests/data/corpus/ptdocs_autograd_graph): fn once per backward
with the gradients of the tensors whose nodes that backward runs (backward(inputs=...) runs fewer), mode="any",
the handle's remove(), and PyTorch's refusals (a tensor without a grad_fn, a leaf asked about inside autograd.grad);
against what PyTorch 2.13.0 printed (re-checked with real torch when it is installed; torch.rand's numbers are not
printed)."""
import subprocess
import sys

import pytest

from core.interp import run_program

PROGRAM = 'import torch\n\na = torch.rand(2, 3, requires_grad=True)\nb = torch.rand(2, 3, requires_grad=True)\nc = a * b\nd = a * b\n\ndef fn(grads):\n    print([g is not None for g in grads])\n\nh = torch.autograd.graph.register_multi_grad_hook((a, b, c, d), fn)\n\nc.sum().backward(retain_graph=True)\nc.sum().backward(inputs=(a,), retain_graph=True)\n(c + d).sum().backward(retain_graph=True)\nh.remove()\nc.sum().backward(retain_graph=True)\nprint("removed")\ne = torch.ones(2, requires_grad=True)\nf = torch.ones(2, requires_grad=True)\ntorch.autograd.graph.register_multi_grad_hook((e, f), lambda g: print("any", g), mode="any")\n(e * 2 + f * 3).sum().backward()\n(e * 2 + f * 3).sum().backward()\ntry:\n    torch.autograd.graph.register_multi_grad_hook((e,), print, mode="some")\nexcept ValueError as err:\n    print(err)\nx = torch.ones(2, requires_grad=True)\ny = torch.ones(2)\ntry:\n    torch.autograd.graph.register_multi_grad_hook((x, y), lambda gs: print(len(gs), gs[0], gs[1]))\nexcept AssertionError as err:\n    print("AssertionError", err)\ntorch.autograd.graph.register_multi_grad_hook((a, d), fn)\ntry:\n    torch.autograd.grad(d.sum(), (a,), retain_graph=True)\nexcept RuntimeError as err:\n    print(err)\n'

PRINTED = "[True, True, True, False]\n[True, False, True, False]\n[True, True, True, True]\nremoved\nany tensor([3., 3.])\nany tensor([3., 3.])\nExpects mode to be one of ('all', 'any') but got some\nAssertionError Expected gradient function to be set\nA leaf node was passed to _will_engine_execute_node but we are currently running autograd.grad(). This is currently not supported.\n"


def test_multi_grad_hooks_run_as_pytorchs():
    r = run_program(PROGRAM)
    assert r.error is None, r.error
    assert r.stdout == PRINTED


def test_the_recording_is_pytorchs(tmp_path):
    pytest.importorskip("torch")
    f = tmp_path / "p.py"
    f.write_text(PROGRAM)
    assert subprocess.run([sys.executable, str(f)], capture_output=True, text=True, timeout=120,
                          check=True).stdout == PRINTED
