"""torch.autograd.graph.saved_tensors_hooks (tests/data/corpus/ptdocs_autograd_graph): a tensor saved for backward
inside the block goes through pack_hook at once (in the order PyTorch saves them), the backward reads
unpack_hook(packed), and an unpack hook that gives no tensor is refused; against what PyTorch 2.13.0 printed
(re-checked with real torch when it is installed)."""
import subprocess
import sys

import pytest

from core.interp import run_program

PROGRAM = 'import torch\ndef pack_hook(x):\n    print("Packing", x)\n    return x.detach()\n\ndef unpack_hook(x):\n    print("Unpacking", x)\n    return x\n\na = torch.ones(5, requires_grad=True)\nb = torch.ones(5, requires_grad=True) * 2\nwith torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):\n    y = a * b\ny.sum().backward()\nprint(a.grad, b.grad)\nx = torch.tensor([0.5, 1.0], requires_grad=True)\nwith torch.autograd.graph.saved_tensors_hooks(lambda t: ("packed", t.tolist()), lambda p: torch.tensor(p[1]) * 10):\n    z = x.exp()\n    w = (x * 3).sin()\nz.sum().backward()\nprint(x.grad)\nw.sum().backward()\nprint(x.grad)\nwith torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda p: 3):\n    q = x * x\ntry:\n    q.sum().backward()\nexcept TypeError as e:\n    print(e)\n'

PRINTED = 'Packing tensor([2., 2., 2., 2., 2.], grad_fn=<MulBackward0>)\nPacking tensor([1., 1., 1., 1., 1.], requires_grad=True)\nUnpacking tensor([2., 2., 2., 2., 2.])\nUnpacking tensor([1., 1., 1., 1., 1.])\ntensor([2., 2., 2., 2., 2.]) None\ntensor([16.4872, 27.1828])\ntensor([14.2081, 27.6456])\nOutput of saved tensor unpack_hook expected to be a Tensor but got result of type int\n'


def test_saved_tensors_hooks_run_as_pytorchs():
    r = run_program(PROGRAM)
    assert r.error is None, r.error
    assert r.stdout == PRINTED


def test_a_block_left_by_an_error_does_not_reach_the_next_run():
    r = run_program("import torch\nwith torch.autograd.graph.saved_tensors_hooks(print, print):\n    1 / 0\n")
    assert r.error is not None
    r = run_program("import torch\nx = torch.ones(2, requires_grad=True)\n(x * x).sum().backward()\nprint(x.grad)\n")
    assert r.stdout == "tensor([2., 2.])\n"


def test_the_recording_is_pytorchs(tmp_path):
    pytest.importorskip("torch")
    f = tmp_path / "p.py"
    f.write_text(PROGRAM)
    assert subprocess.run([sys.executable, str(f)], capture_output=True, text=True, timeout=120,
                          check=True).stdout == PRINTED


SAVED_RESULT = '''import torch
a = torch.tensor([0.5, -1.0], requires_grad=True)
b = torch.ones(2, requires_grad=True)
y = a * b
print(y.grad_fn._saved_self is a, y.grad_fn._saved_other is b)
y = torch.exp(a)
r1, r2 = y.grad_fn._saved_result, y.grad_fn._saved_result
print(r1.equal(y), r1 is y, r1 is r2, r1.grad_fn is y.grad_fn, r1.requires_grad, r1.is_leaf)
t = a.tanh()
r = t.grad_fn._saved_result
t.mul_(2)
print(r._version, r, t)
'''
SAVED_RESULT_PRINTED = '''True True
True False False True True False
1 tensor([ 0.9242, -1.5232], grad_fn=<TanhBackward0>) tensor([ 0.9242, -1.5232], grad_fn=<MulBackward0>)
'''


def test_a_saved_output_is_unpacked_as_a_new_tensor_on_its_data():
    """grad_fn._saved_result: PyTorch keeps no reference to a node's own output; each access gives a new tensor
    sharing its data, version counter and grad_fn (the saved inputs are the tensors themselves)."""
    r = run_program(SAVED_RESULT)
    assert r.error is None, r.error
    assert r.stdout == SAVED_RESULT_PRINTED


def test_the_saved_result_recording_is_pytorchs(tmp_path):
    pytest.importorskip("torch")
    f = tmp_path / "p.py"
    f.write_text(SAVED_RESULT)
    assert subprocess.run([sys.executable, str(f)], capture_output=True, text=True, timeout=120,
                          check=True).stdout == SAVED_RESULT_PRINTED
