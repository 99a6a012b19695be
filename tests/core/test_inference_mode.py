"""torch.inference_mode makes inference tensors (tests/data/corpus/zerotomastery_01_*, ptdocs_grad_mode): which
tensors are ones, their missing version counter, the in-place write PyTorch makes and then refuses outside the
mode, and the refusal to save one for backward; each against what PyTorch 2.13.0 printed (re-checked with real
torch when it is installed)."""
import subprocess
import sys

import pytest

from core.interp import run_program

PROGRAM = '''import torch
x = torch.ones(2, requires_grad=True)
with torch.inference_mode():
    y = x * 2; v = x[0:1]; d = x.detach(); z = torch.zeros(2)
    print(torch.is_inference_mode_enabled(), y.is_inference(), v.is_inference(), d.is_inference(), z.is_inference(),
          x.data.is_inference(), y.requires_grad)
    with torch.inference_mode(False):
        print(torch.is_inference_mode_enabled(), torch.is_grad_enabled(), (x * 2).is_inference())
print(torch.is_inference_mode_enabled(), y[0].is_inference(), y.detach().is_inference(), (y + 1).is_inference(),
      torch.is_inference(y))
try:
    y._version
except RuntimeError as e:
    print(e)
try:
    y.add_(1)
except RuntimeError as e:
    print(e)
print(y)
try:
    y[0] = 7
except RuntimeError as e:
    print("refused")
print(y)
try:
    (x * y).sum().backward()
except RuntimeError as e:
    print(e)
(x + y).sum().backward()
print(x.grad)
@torch.inference_mode()
def f():
    return torch.ones(1)
@torch.inference_mode
def g():
    return torch.ones(1)
print(f().is_inference(), g().is_inference(), torch.is_inference_mode_enabled())
with torch.inference_mode():
    w = torch.ones(2)
    w.add_(1)
    y.add_(1)
print(w, y, w.is_inference())
'''

PRINTED = '''True True False False True False False
False True False
False True True False True
Inference tensors do not track version counter.
Inplace update to inference tensor outside InferenceMode is not allowed.You can make a clone to get a normal tensor before doing inplace update.See https://github.com/pytorch/rfcs/pull/17 for more details.
tensor([3., 3.])
refused
tensor([7., 3.])
Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`.
tensor([1., 1.])
True True False
tensor([2., 2.]) tensor([8., 4.]) True
'''


def test_inference_tensors_behave_as_pytorchs():
    r = run_program(PROGRAM)
    assert r.error is None, r.error
    assert r.stdout == PRINTED


def test_an_inference_tensor_has_no_version_to_record():
    r = run_program("import torch\nwith torch.inference_mode():\n    y = torch.ones(2) * 3\nx = torch.ones(2)\n")
    assert r.tensors()["y"].is_inference() and not r.tensors()["x"].is_inference()


def test_the_recording_is_pytorchs(tmp_path):
    pytest.importorskip("torch")
    f = tmp_path / "p.py"
    f.write_text(PROGRAM)
    assert subprocess.run([sys.executable, str(f)], capture_output=True, text=True, timeout=120,
                          check=True).stdout == PRINTED
