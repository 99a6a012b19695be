"""ctx.mark_dirty (tests/data/corpus/ptdocs_autograd_function): the dirty input returned as itself, its version
bumped, its history the Function's node; a leaf that requires grad refused, a dirty tensor not returned refused;
a saved input changed in place is named by the grad_fn it has now; Tensor.numpy() refuses a tensor that requires
grad only while grad mode is on (a custom forward may call it).  Against what PyTorch 2.13.0 printed (re-checked
with real torch when it is installed)."""
import subprocess
import sys

import pytest

from core.interp import run_program

PROGRAM = 'import torch\nfrom torch.autograd import Function\nclass F(Function):\n    @staticmethod\n    def forward(ctx, x):\n        x.add_(1)\n        ctx.mark_dirty(x)\n        return x\n    @staticmethod\n    def backward(ctx, g):\n        return g * 2\na = torch.ones(2, requires_grad=True)\ntry:\n    F.apply(a)\nexcept RuntimeError as e:\n    print(1, e)\nprint(a, a._version)\nc = a.clone()\nv = c._version\nr = F.apply(c)\nprint(r is c, c._version - v, c.grad_fn.name(), len(c.grad_fn.next_functions), c)\nc.sum().backward()\nprint(a.grad)\nwith torch.no_grad():\n    d = a.clone()\n    F.apply(d)\n    print(d._version, d.grad_fn)\ne = torch.ones(2)\nF.apply(e)\nprint(e, e._version, e.grad_fn)\nclass G(Function):\n    @staticmethod\n    def forward(ctx, x, y):\n        ctx.mark_dirty(x)\n        return y * 2\n    @staticmethod\n    def backward(ctx, g):\n        return None, g\ntry:\n    G.apply(a.clone(), a.clone())\nexcept RuntimeError as e:\n    print(2, e)\nh = a.clone()\nk = h * h\nF.apply(h)\ntry:\n    k.backward(torch.ones(2))\nexcept RuntimeError as e:\n    print(3, e)\nh = a.clone()\nk = h * h\nh.add_(1)\ntry:\n    k.backward(torch.ones(2))\nexcept RuntimeError as e:\n    print(4, e)\nclass N(Function):\n    @staticmethod\n    def forward(ctx, x):\n        n = x.numpy()\n        n += 1\n        ctx.mark_dirty(x)\n        return x\n    @staticmethod\n    def backward(ctx, g):\n        return g\nm = a.clone()\nN.apply(m)\nprint(m, m._version)\ntry:\n    a.numpy()\nexcept RuntimeError as e:\n    print(5, e)\nwith torch.no_grad():\n    print(a.numpy())\n'

PRINTED = "1 a leaf Variable that requires grad has been used in an in-place operation.\ntensor([2., 2.], requires_grad=True) 2\nTrue 2 FBackward 1 tensor([3., 3.], grad_fn=<FBackward>)\ntensor([2., 2.])\n2 None\ntensor([2., 2.]) 2 None\n2 Some elements marked as dirty during the forward method were not returned as output. The inputs that are modified inplace must all be outputs of the Function.\n3 one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [2]], which is output 0 of F, is at version 2; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).\n4 one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [2]], which is output 0 of Add, is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).\ntensor([3., 3.], grad_fn=<NBackward>) 1\n5 Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.\n[2. 2.]\n"


def test_mark_dirty_and_its_checks_print_as_pytorchs():
    r = run_program(PROGRAM)
    assert r.error is None, r.error
    assert r.stdout == PRINTED


def test_the_recording_is_pytorchs(tmp_path):
    pytest.importorskip("torch")
    f = tmp_path / "p.py"
    f.write_text(PROGRAM)
    assert subprocess.run([sys.executable, str(f)], capture_output=True, text=True, timeout=120,
                          check=True).stdout == PRINTED
