"""Tensor.register_post_accumulate_grad_hook (tests/data/corpus/ptdocs_tensor_hooks): run with the leaf after its
.grad is accumulated (after the tensor's own hooks; not by autograd.grad), removable, refused on a non-leaf or a
tensor that does not require grad, a non-tensor return refused; against what PyTorch 2.13.0 printed (re-checked with
real torch when it is installed)."""
import subprocess
import sys

import pytest

from core.interp import run_program

PROGRAM = "import torch\nv = torch.tensor([0., 0., 0.], requires_grad=True)\nlr = 0.01\nh = v.register_post_accumulate_grad_hook(lambda p: p.add_(p.grad, alpha=-lr))\nv.backward(torch.tensor([1., 2., 3.]))\nprint(v, v.grad)\nh.remove()\nv.backward(torch.tensor([1., 2., 3.]))\nprint(v, v.grad)\ntry:\n    v.clone().register_post_accumulate_grad_hook(lambda p: None)\nexcept RuntimeError as e:\n    print(e)\ntry:\n    torch.ones(2).register_post_accumulate_grad_hook(lambda p: None)\nexcept RuntimeError as e:\n    print(e)\nw = torch.ones(2, requires_grad=True)\nw.register_post_accumulate_grad_hook(lambda p: 5)\ntry:\n    (w * 2).sum().backward()\nexcept Exception as e:\n    print(type(e).__name__, e)\ncalls = []\nx = torch.ones(2, requires_grad=True)\nx.register_post_accumulate_grad_hook(lambda p: calls.append(('post', p.grad.tolist())))\nx.register_hook(lambda g: calls.append(('pre', g.tolist())))\n(x * 3).sum().backward()\nprint(calls)\ng = torch.autograd.grad((x * 3).sum(), x)\nprint(calls)\n(x * 3).sum().backward(inputs=[x])\nprint(calls)\n"

PRINTED = "tensor([-0.0100, -0.0200, -0.0300], requires_grad=True) tensor([1., 2., 3.])\ntensor([-0.0100, -0.0200, -0.0300], requires_grad=True) tensor([2., 4., 6.])\npost accumulate grad hooks cannot be registered on non-leaf tensors\ncannot register a hook on a tensor that doesn't require gradient\nTypeError expected Variable, but hook returned 'int'\n[('pre', [3.0, 3.0]), ('post', [3.0, 3.0])]\n[('pre', [3.0, 3.0]), ('post', [3.0, 3.0]), ('pre', [3.0, 3.0])]\n[('pre', [3.0, 3.0]), ('post', [3.0, 3.0]), ('pre', [3.0, 3.0]), ('pre', [3.0, 3.0]), ('post', [6.0, 6.0])]\n"


def test_post_accumulate_grad_hooks_run_as_pytorchs():
    r = run_program(PROGRAM)
    assert r.error is None, r.error
    assert r.stdout == PRINTED


def test_the_recording_is_pytorchs(tmp_path):
    pytest.importorskip("torch")
    f = tmp_path / "p.py"
    f.write_text(PROGRAM)
    assert subprocess.run([sys.executable, str(f)], capture_output=True, text=True, timeout=120,
                          check=True).stdout == PRINTED
