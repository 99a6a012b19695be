"""torch.logspace, bit for bit: PyTorch's CPU kernel (core/torch/creation.py, _logspace_values: start, end and
their difference in the dtype, the step and the exponents in double, the C library's pow, a half from each end).
Expected: a digest of PyTorch 2.13.0's result bytes, re-checked live when torch is installed."""
import hashlib
import subprocess
import sys

import numpy as np
import pytest

from core import dtypes
from core.torch import creation

CASES = [
    ((0, 2, 5, 10.0), 'float32', '6839697bfa3055ed'),
    ((-10, 10, 5, 10.0), 'float32', 'cbad3de5c0a5d4e2'),
    ((0.1, 1.0, 5, 2.0), 'float32', '457d06cb89fed48b'),
    ((-1.3, 2.7, 9, 10.0), 'float32', 'c3f3d03534d657ad'),
    ((0, 1, 1, 10.0), 'float32', 'e00e5eb9444182f3'),
    ((0, 400, 3, 10.0), 'float32', '687f2ebc7ac22693'),
    ((0, 3, 10, -2.0), 'float64', 'd60cdb958520f66e'),
    ((1, 5, 5, 10.0), 'int64', '74e5b2701793c679'),
    ((-2, 6, 7, 3.0), 'int32', '841372ef9502cd15'),
    ((1.5011, 4.7666, 70, 2.718281828459045), 'float32', 'e95a5836561bf8e5'),
    ((-3.2975, -2.398, 35, 2.718281828459045), 'float64', '9b0a3e4e30aa3733'),
    ((-5.9368, 3.8547, 17, 2.718281828459045), 'float32', 'e1c913acabc70682'),
    ((-0.3848, -2.3636, 42, 2.0), 'float64', 'b2eedf16cc1a870e'),
    ((-2.9416, -0.6591, 58, 3.7), 'float32', '1fb142e32c80b4c6'),
    ((0.642, 5.946, 97, 2.718281828459045), 'float64', '50d5a870e5ca0ccf'),
    ((1.4662, 5.8675, 57, 10.0), 'float32', 'b2f848bfb64ef7f8'),
    ((-4.0775, 1.3505, 15, 10.0), 'float64', 'f137595c44fdd4cb'),
    ((-5.5718, 0.1787, 116, 2.0), 'float32', 'f0f1406a24b02162'),
    ((5.006, 1.5507, 54, 3.7), 'float64', '0680f333d3c9148d'),
    ((-0.0375, -3.0298, 119, 10.0), 'float32', '23e98a17b47f2227'),
    ((-3.6912, 2.3044, 106, 10.0), 'float64', 'c3e1a7ad346fb36e'),
    ((-1.5656, -5.9552, 74, 2.718281828459045), 'float32', '610fbeff4e7fe08a'),
    ((-4.1465, -2.7888, 115, 2.718281828459045), 'float64', 'af34c604ddbaecb4'),
    ((0.1175, 4.1658, 85, 3.7), 'float32', '008c17f98ac8767d'),
    ((2.9013, -4.9021, 30, 3.7), 'float64', '95af412bb3e0e9af'),
    ((0.0933, 4.4561, 82, 2.0), 'float32', '0ea4d45056f10ac0'),
    ((1.1782, -5.289, 79, 2.0), 'float64', '8119df29569980a6'),
    ((-2.1236, -4.1976, 47, 2.718281828459045), 'float32', '5a9f69898ce52523'),
    ((-1.4466, 5.745, 48, 3.7), 'float64', '5d83121fef67da13'),
    ((1.2607, 1.656, 66, 3.7), 'float32', 'b30324e2df622eea'),
    ((-4.1905, -0.7162, 44, 10.0), 'float64', '86d6de6836c4ea59'),
    ((-1.17, -4.8396, 49, 2.718281828459045), 'float32', 'e8bcb65f049c5eef'),
    ((-3.42, 2.0612, 3, 2.0), 'float64', '74d52abaffa5dcf2'),
]


@pytest.mark.parametrize("args, dtype, digest", CASES)
def test_logspace_is_pytorchs_bit_for_bit(args, dtype, digest):
    start, end, steps, base = args
    t = creation.logspace(start, end, steps, base, dtype=getattr(dtypes, dtype))
    assert hashlib.sha256(np.ascontiguousarray(t._data).tobytes()).hexdigest()[:16] == digest


def test_the_digests_are_pytorchs():
    pytest.importorskip("torch")
    script = ("import hashlib, numpy, torch\ntorch.set_num_threads(1)\n"
              f"for (start, end, steps, base), dtype, _ in {CASES!r}:\n"
              "    t = torch.logspace(start, end, steps, base=base, dtype=getattr(torch, dtype))\n"
              "    print(hashlib.sha256(numpy.ascontiguousarray(t.numpy()).tobytes()).hexdigest()[:16])\n")
    got = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split()
    assert got == [digest for _, _, digest in CASES]
