"""torch.autograd.graph.allow_mutation_on_saved_tensors (tests/data/corpus/ptdocs_autograd_graph): a tensor saved
for backward inside the block, or a view of it, may be written in place (sin_, mul_ through a view, item assignment):
the backward reads the value it had when saved; a backward after the block is refused with PyTorch's message.
Against what PyTorch 2.13.0 printed (re-checked with real torch when it is installed)."""
import subprocess
import sys

import pytest

from core.interp import run_program

PROGRAM = 'import torch\nwith torch.autograd.graph.allow_mutation_on_saved_tensors() as ctx:\n    a = torch.ones(2, 3, requires_grad=True)\n    b = a.clone()\n    out = (b**2).sum()\n    b.sin_()\n    out.sum().backward()\n    print(a.grad, type(ctx).__name__)\n    c = a.clone()\n    v = c[0]\n    o2 = (c * c).sum()\n    v.mul_(3)\n    o2.backward()\n    print(a.grad)\n    e = a.clone()\n    o3 = e.exp().sum()\n    e.add_(1)\n    o3.backward()\n    print(a.grad)\n    f = a.clone()\n    o4 = (f * 2).sin().sum()\n    f[1] = 5\n    o4.backward()\n    print(a.grad, f)\nprint(b)\ntry:\n    with torch.autograd.graph.allow_mutation_on_saved_tensors():\n        c = a.clone()\n        o = (c * c).sum()\n    o.backward()\nexcept AssertionError as err:\n    print(err)\n'

PRINTED = "tensor([[2., 2., 2.],\n        [2., 2., 2.]]) _AllowMutationOnSavedContext\ntensor([[4., 4., 4.],\n        [4., 4., 4.]])\ntensor([[6.7183, 6.7183, 6.7183],\n        [6.7183, 6.7183, 6.7183]])\ntensor([[5.8860, 5.8860, 5.8860],\n        [5.8860, 5.8860, 5.8860]]) tensor([[1., 1., 1.],\n        [5., 5., 5.]], grad_fn=<CopySlices>)\ntensor([[0.8415, 0.8415, 0.8415],\n        [0.8415, 0.8415, 0.8415]], grad_fn=<SinBackward0>)\nTrying to backward outside of the 'allow_mutation_on_saved_tensors' contextin which the graph was originally recorded.\n"


def test_mutation_on_saved_tensors_runs_as_pytorchs():
    r = run_program(PROGRAM)
    assert r.error is None, r.error
    assert r.stdout == PRINTED


def test_the_recording_is_pytorchs(tmp_path):
    pytest.importorskip("torch")
    f = tmp_path / "p.py"
    f.write_text(PROGRAM)
    assert subprocess.run([sys.executable, str(f)], capture_output=True, text=True, timeout=120,
                          check=True).stdout == PRINTED


def test_the_context_prints_as_pytorchs():
    r = run_program("import torch\nwith torch.autograd.graph.allow_mutation_on_saved_tensors() as ctx:\n    print(ctx)\n")
    assert r.stdout.startswith("<torch.autograd.graph._AllowMutationOnSavedContext object at 0x"), r.stdout
