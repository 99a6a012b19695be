"""PyTorch's in-place functions in the torch namespace (torch.sin_, torch.relu_...: the Tensor methods), the
in-place views (unsqueeze_, squeeze_, t_, transpose_, swapdims_, swapaxes_: the tensor itself becomes the view,
its node named as PyTorch names the in-place one, its version bumped), torch.swapdims, and torch.cross of two
1-D vectors (a fused multiply-add of numpy scalars); tests/data/corpus/pttut_tensors_deeper.  A vector times a
matrix (PyTorch's matmul squeezes its mm result in place: no view, so ReLU(inplace=True) after a Linear(n, 1) on
a 1-D input is a plain in-place op; Pytorch-Camp's lesson 25 dropout_layer).  Against what PyTorch
2.13.0 printed (re-checked with real torch when it is installed)."""
import subprocess
import sys

import pytest

from core.interp import run_program

PROGRAM = 'import torch\nimport warnings\nwarnings.simplefilter("ignore")\nb = torch.tensor([0.5, 1.0])\nprint(torch.sin_(b), b, torch.exp_(b), torch.relu_(torch.tensor([-1., 2.])), torch.clamp_(b, 0, 2), torch.zero_(b), torch.fill_(b, 3))\nx = torch.ones(2, requires_grad=True)\ntry:\n    torch.sin_(x)\nexcept RuntimeError as e:\n    print(e)\ny = x * 1\ntorch.tanh_(y)\nprint(y.grad_fn.name())\nprint(torch.cross(torch.tensor([0., 1., 0.]), torch.tensor([1., 0., 0.])), torch.cross(torch.tensor([1., 2., 3.]), torch.tensor([4., 5., 6.])))\nprint(torch.swapdims(torch.ones(2, 3), 0, 1).shape, torch.ones(2, 3).swapdims(1, 0).shape)\nimport torch\nx = torch.rand(3, 4)\nv0 = x._version\nr = x.unsqueeze_(0)\nprint(r is x, x.shape, x._version - v0)\nx.squeeze_()\nprint(x.shape, x._version)\nx.squeeze_(0)\nprint(x.shape, x._version)\nx.t_()\nprint(x.shape, x._version)\nx.transpose_(0, 1)\nprint(x.shape, x._version, x.is_contiguous())\na = torch.ones(2, requires_grad=True)\ntry:\n    a.unsqueeze_(0)\nexcept RuntimeError as e:\n    print(e)\nb = a * 2\nb.unsqueeze_(1)\nprint(b.shape, b.grad_fn.name(), len(b.grad_fn.next_functions), b._version)\nb.sum().backward()\nprint(a.grad)\nc = torch.ones(3)\nv = c[:2]\nv.unsqueeze_(0)\nprint(v.shape, c.shape)\nwith torch.no_grad():\n    a.unsqueeze_(0)\nprint(a.shape)\na = torch.ones(2, 1, requires_grad=True)\nfor f in [\'unsqueeze_\', \'squeeze_\', \'squeeze_\', \'t_\', \'transpose_\', \'swapdims_\', \'swapaxes_\']:\n    b = a * 2\n    if f == \'unsqueeze_\':\n        b.unsqueeze_(0)\n    elif f == \'squeeze_\':\n        b.squeeze_()\n    elif f == \'t_\':\n        b.t_()\n    else:\n        getattr(b, f)(0, 1)\n    print(f, b.grad_fn.name(), b.shape)\nb = a * 2\nb.squeeze_(1)\nprint(b.grad_fn.name())\nb.sum().backward()\nprint(a.grad)\n'

PRINTED = 'tensor([3., 3.]) tensor([3., 3.]) tensor([3., 3.]) tensor([0., 2.]) tensor([3., 3.]) tensor([3., 3.]) tensor([3., 3.])\na leaf Variable that requires grad is being used in an in-place operation.\nTanhBackward0\ntensor([ 0.,  0., -1.]) tensor([-3.,  6., -3.])\ntorch.Size([3, 2]) torch.Size([3, 2])\nTrue torch.Size([1, 3, 4]) 1\ntorch.Size([3, 4]) 2\ntorch.Size([3, 4]) 3\ntorch.Size([4, 3]) 4\ntorch.Size([3, 4]) 5 True\na leaf Variable that requires grad is being used in an in-place operation.\ntorch.Size([2, 1]) UnsqueezeBackward1 1 1\ntensor([2., 2.])\ntorch.Size([1, 2]) torch.Size([3])\ntorch.Size([1, 2])\nunsqueeze_ UnsqueezeBackward1 torch.Size([1, 2, 1])\nsqueeze_ SqueezeBackward3 torch.Size([2])\nsqueeze_ SqueezeBackward3 torch.Size([2])\nt_ TBackward1 torch.Size([1, 2])\ntranspose_ TransposeBackward1 torch.Size([1, 2])\nswapdims_ TransposeBackward1 torch.Size([1, 2])\nswapaxes_ TransposeBackward1 torch.Size([1, 2])\nSqueezeBackward4\ntensor([[2.],\n        [2.]])\n'


def test_inplace_functions_and_views_run_as_pytorchs():
    r = run_program(PROGRAM)
    assert r.error is None, r.error
    assert r.stdout == PRINTED


def test_the_recording_is_pytorchs(tmp_path):
    pytest.importorskip("torch")
    f = tmp_path / "p.py"
    f.write_text(PROGRAM)
    assert subprocess.run([sys.executable, str(f)], capture_output=True, text=True, timeout=120,
                          check=True).stdout == PRINTED


MATMUL_PROGRAM = 'import torch\nimport torch.nn as nn\nw = torch.ones(4, 2, requires_grad=True)\nv = torch.arange(4.) @ w\nprint(v, v._version, v.is_contiguous())\nv.relu_()\nprint(v.grad_fn.name(), v.grad_fn.next_functions[0][0].name())\nv.sum().backward()\nprint(w.grad)\nlin = nn.Linear(3, 1, bias=False)\nlin.weight.detach().fill_(1.)\ny = nn.ReLU(inplace=True)(lin(torch.tensor([1., -3., 1.])))\nprint(y, y._version)\nprint(torch.ones(3).matmul(torch.ones(3, 2))._version)\n'

MATMUL_PRINTED = 'tensor([6., 6.], grad_fn=<SqueezeBackward4>) 1 True\nReluBackward0 SqueezeBackward4\ntensor([[0., 0.],\n        [1., 1.],\n        [2., 2.],\n        [3., 3.]])\ntensor([0.], grad_fn=<ReluBackward0>) 2\n1\n'


def test_a_vector_times_a_matrix_is_no_view():
    r = run_program(MATMUL_PROGRAM)
    assert r.error is None, r.error
    assert r.stdout == MATMUL_PRINTED


def test_the_matmul_recording_is_pytorchs(tmp_path):
    pytest.importorskip("torch")
    f = tmp_path / "p.py"
    f.write_text(MATMUL_PROGRAM)
    assert subprocess.run([sys.executable, str(f)], capture_output=True, text=True, timeout=120,
                          check=True).stdout == MATMUL_PRINTED
