"""The float32 2-norm's sum of squares in PyTorch's order (core/ops/summation.py, ``torch_sum_of_squares``), bit for
bit: ``torch.linalg.vector_norm`` / ``torch.norm`` / ``Tensor.norm`` of every case below (1-D sizes around the
kernel's blocks of 8 and 4, 2-D and 3-D inputs, contiguous and transposed, every subset of dims, keepdim) through the
interpreter's op, against PyTorch: live when torch is installed, else ``tests/data/norm_order.json`` (a digest of
PyTorch's result bytes per case).  Inputs come from tests/core/test_summation.py's hash of the element index.

Record again (needs torch): ``python tests/core/test_vector_norm_order.py --record``
"""
from __future__ import annotations

import importlib.util
import itertools
import json
import sys
from pathlib import Path

import numpy as np
import pytest

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core.interp import run_program  # noqa: E402
from core.ops import REGISTRY  # noqa: E402
from core.ops.summation import torch_sum_of_squares  # noqa: E402
from tests.core.test_summation import digest, values  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data" / "norm_order.json"
HAS_TORCH = importlib.util.find_spec("torch") is not None and "backprop" not in (
    importlib.util.find_spec("torch").origin or "")


def _cases():
    for n in list(range(1, 41)) + [63, 64, 65, 100, 257, 1000, 4099]:
        yield (n,), False, None, False
    for shape in ((3, 4), (6, 13), (20, 5), (7, 64), (2, 3, 5), (4, 1, 9), (5, 6, 7)):
        axes = [None] + [c for r in range(1, len(shape) + 1) for c in itertools.combinations(range(len(shape)), r)]
        for transposed, axis, keep in itertools.product((False, True), axes, (False, True)):
            yield shape, transposed, axis, keep


CASES = list(_cases())


def case_id(case):
    shape, transposed, axis, keep = case
    return f"{'x'.join(map(str, shape))}{'-t' if transposed else ''}-axis{axis}-keep{int(keep)}".replace(" ", "")


def _input(case):
    shape, transposed, _, _ = case
    x = values(int(np.prod(shape)), len(shape) + 10, "float32").reshape(shape)
    return x.swapaxes(0, 1) if transposed else x


def ours(case):
    _, _, axis, keep = case
    return np.asarray(REGISTRY["norm"].forward(_input(case), p=2.0, dim=axis, keepdim=keep))


def theirs(case):
    import torch
    shape, transposed, axis, keep = case
    x = torch.from_numpy(values(int(np.prod(shape)), len(shape) + 10, "float32").reshape(shape).copy())
    return torch.linalg.vector_norm(x.transpose(0, 1) if transposed else x, dim=axis, keepdim=keep).numpy()


def test_the_recording_covers_every_case():
    assert set(json.loads(DATA.read_text())) == {case_id(c) for c in CASES}, \
        "re-record: python tests/core/test_vector_norm_order.py --record"


def test_norms_match_pytorch_as_recorded():
    want = json.loads(DATA.read_text())
    bad = [case_id(c) for c in CASES if digest(ours(c)) != want[case_id(c)]]
    assert bad == [], f"{len(bad)} of {len(CASES)} differ from PyTorch, e.g. {bad[:5]}"


@pytest.mark.skipif(not HAS_TORCH, reason="real PyTorch is not installed; the recorded results were checked")
def test_norms_match_live_pytorch():
    bad = [case_id(c) for c in CASES if digest(ours(c)) != digest(theirs(c))]
    assert bad == [], f"{len(bad)} of {len(CASES)} differ from PyTorch, e.g. {bad[:5]}"


def test_the_recorded_norms_tell_numpys_pairwise_sum_apart():
    """numpy's pairwise sum of the squares (the engine's former norm) misses some of the recorded bits."""
    want = json.loads(DATA.read_text())
    numpy_order = [c for c in CASES
                   if digest(np.sqrt(np.sum(_input(c) * _input(c), axis=c[2], keepdims=c[3]))) != want[case_id(c)]]
    assert len(numpy_order) > 20


# a norm over dims of size 1 is |x| (PyTorch's short cut: no square to overflow, no root to round), for every order
# but 0; its gradient the sign (recorded from torch 2.13)
SIZE_ONE = 'import torch\nprint(torch.linalg.vector_norm(torch.tensor([1e20])), torch.linalg.vector_norm(torch.tensor([[1e20],[3.]]), dim=1), torch.linalg.vector_norm(torch.tensor([1e20, 1.])), torch.linalg.vector_norm(torch.tensor([3.0000002]), 3.5).item(), torch.linalg.vector_norm(torch.tensor([-2.]), 0), torch.linalg.vector_norm(torch.tensor([2.]), -1.5))\nx = torch.tensor([[-3.0000002]], requires_grad=True)\nfor kd in (False, True):\n    for d in (None, 0, 1, (0, 1)):\n        r = torch.linalg.vector_norm(x, 3.5, dim=d, keepdim=kd)\n        print(r, r.shape)\nr = x.norm()\nr.backward()\nprint(x.grad, torch.tensor(-2.5).norm(), torch.norm(torch.tensor([[0.]]), dim=1))\n'
SIZE_ONE_PRINTED = 'tensor(1.0000e+20) tensor([1.0000e+20, 3.0000e+00]) tensor(inf) 3.000000238418579 tensor(1.) tensor(2.)\ntensor(3.0000, grad_fn=<LinalgVectorNormBackward0>) torch.Size([])\ntensor([3.0000], grad_fn=<LinalgVectorNormBackward0>) torch.Size([1])\ntensor([3.0000], grad_fn=<LinalgVectorNormBackward0>) torch.Size([1])\ntensor(3.0000, grad_fn=<LinalgVectorNormBackward0>) torch.Size([])\ntensor([[3.0000]], grad_fn=<LinalgVectorNormBackward0>) torch.Size([1, 1])\ntensor([[3.0000]], grad_fn=<LinalgVectorNormBackward0>) torch.Size([1, 1])\ntensor([[3.0000]], grad_fn=<LinalgVectorNormBackward0>) torch.Size([1, 1])\ntensor([[3.0000]], grad_fn=<LinalgVectorNormBackward0>) torch.Size([1, 1])\ntensor([[-1.]]) tensor(2.5000) tensor([0.])\n'


def test_a_norm_over_dims_of_size_one_is_the_absolute_value():
    r = run_program(SIZE_ONE)
    assert r.error is None and r.stdout == SIZE_ONE_PRINTED


def test_other_dtypes_and_empty_reductions_keep_numpys_sum():
    assert torch_sum_of_squares(np.array([3, 4, 12], np.float32)) == 169.0
    assert torch_sum_of_squares(np.array([3.0, 4.0], np.float64)).dtype == np.float64
    assert torch_sum_of_squares(np.zeros((2, 0), np.float32), axis=1).tolist() == [0.0, 0.0]


if __name__ == "__main__" and "--record" in sys.argv:
    DATA.write_text(json.dumps({case_id(c): digest(theirs(c)) for c in CASES}, indent=0, sort_keys=True) + "\n")
    print(f"recorded {len(CASES)} cases in {DATA}")
