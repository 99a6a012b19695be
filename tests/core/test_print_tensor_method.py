"""print(t.retain_grad) (tests/data/corpus/pfsnippets_about_autograd): a tensor's method printed as PyTorch 2.13
prints it, a built-in (C) method with the tensor's address, or one of the methods PyTorch writes in Python
(backward, register_hook, split...) as a bound method showing the tensor; against real torch when installed."""
import re
import subprocess
import sys

import pytest

from core.interp import run_program

PROGRAM = '''import torch
t = torch.ones(2, requires_grad=True)
print(t.backward)
print(t.retain_grad)
print(t.register_hook, t.sum, t.add_, t.view, t.size, t.item)
print(torch.nn.Parameter(torch.ones(1)).backward)
print(t.split, t.norm, t.unique, t.detach)
'''

PRINTED = '''<bound method Tensor.backward of tensor([1., 1.], requires_grad=True)>
<built-in method retain_grad of Tensor object at 0x…>
<bound method Tensor.register_hook of tensor([1., 1.], requires_grad=True)> <built-in method sum of Tensor object at 0x…> <built-in method add_ of Tensor object at 0x…> <built-in method view of Tensor object at 0x…> <built-in method size of Tensor object at 0x…> <built-in method item of Tensor object at 0x…>
<bound method Tensor.backward of Parameter containing:
tensor([1.], requires_grad=True)>
<bound method Tensor.split of tensor([1., 1.], requires_grad=True)> <bound method Tensor.norm of tensor([1., 1.], requires_grad=True)> <bound method Tensor.unique of tensor([1., 1.], requires_grad=True)> <built-in method detach of Tensor object at 0x…>
'''


def _addresses(text):
    return re.sub(r"0x[0-9a-f]+", "0x…", text)


def test_tensor_methods_print_as_pytorchs():
    r = run_program(PROGRAM)
    assert r.error is None, r.error
    assert _addresses(r.stdout) == PRINTED


def test_the_recording_is_pytorchs(tmp_path):
    pytest.importorskip("torch")
    f = tmp_path / "p.py"
    f.write_text(PROGRAM)
    done = subprocess.run([sys.executable, str(f)], capture_output=True, text=True, timeout=120, check=True)
    assert _addresses(done.stdout) == PRINTED
