"""torch.cross / linalg.cross (core.ops.linalg): PyTorch's bits, its once-only warning, the float64 FMA.

ATen's cross kernel is compiled with fused multiply-adds: each component is ``fma(x1, y2, -(x2 * y1))``,
which differs from the plain ``x1 * y2 - x2 * y1`` in the last bit for most float inputs.  The digests
of PyTorch's results (forward and both gradients) for seeded inputs are in tests/data/cross_bits.json,
recorded by ``python tests/core/test_cross.py`` with torch 2.13.0; with torch installed they are also
compared live.  The error messages and the warning are checked by the oracle cases op_cross_*,
err_cross_* and print_cross_cases (tests/data/oracle).
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script
    sys.path.insert(0, str(ROOT))

from core.interp.run import run_program  # noqa: E402
from core.ops.vecmath import fma64  # noqa: E402

RECORD = ROOT / "tests" / "data" / "cross_bits.json"
HAS_TORCH = importlib.util.find_spec("torch") is not None and "backprop" not in (
    importlib.util.find_spec("torch").origin or "")

# (shape of input, shape of other, dim): batches along the last dim, along dim 0, in the middle, broadcast
CASES = [((64, 3), (64, 3), -1), ((3, 40), (3, 40), 0), ((7, 3, 5), (7, 3, 5), 1), ((6, 1, 3), (1, 5, 3), -1),
         ((2, 3, 4), (2, 3, 1), -2)]


def _inputs(dtype, k):
    rng = np.random.default_rng(1000 + k)
    a_shape, b_shape, dim = CASES[k]
    a, b = (rng.standard_normal(s).astype(dtype) for s in (a_shape, b_shape))
    out_shape = np.broadcast_shapes(a_shape, b_shape)
    g = rng.standard_normal(out_shape).astype(dtype)
    return a, b, g, dim


def _digest(arrays):
    h = hashlib.sha256()
    for x in arrays:
        h.update(np.ascontiguousarray(x).tobytes())
    return h.hexdigest()[:24]


def _engine(dtype, k):
    import core.torch as torch
    a, b, g, dim = _inputs(dtype, k)
    x, y = torch.tensor(a, requires_grad=True), torch.tensor(b, requires_grad=True)
    out = torch.linalg.cross(x, y, dim=dim)
    out.backward(torch.tensor(g))
    return [out._data, x.grad._data, y.grad._data]


def _pytorch(dtype, k):
    import torch
    a, b, g, dim = _inputs(dtype, k)
    x, y = torch.tensor(a, requires_grad=True), torch.tensor(b, requires_grad=True)
    out = torch.linalg.cross(x, y, dim=dim)
    out.backward(torch.tensor(g))
    return [out.detach().numpy(), x.grad.numpy(), y.grad.numpy()]


KEYS = [(dtype, k) for dtype in ("float32", "float64") for k in range(len(CASES))]


@pytest.mark.parametrize("dtype, k", KEYS, ids=[f"{d}-{k}" for d, k in KEYS])
def test_forward_and_gradients_are_pytorchs_bits(dtype, k):
    recorded = json.loads(RECORD.read_text())[f"{dtype}-{k}"]
    ours = _engine(dtype, k)
    assert _digest(ours) == recorded
    if HAS_TORCH:
        assert all(np.array_equal(o, t) for o, t in zip(ours, _pytorch(dtype, k)))


def test_the_plain_formula_would_not_be_pytorchs():
    # the test above can fail: x1*y2 - x2*y1 without the FMA differs from the recording
    a, b, _, _ = _inputs("float32", 0)
    plain = np.stack([a[:, 1] * b[:, 2] - a[:, 2] * b[:, 1], a[:, 2] * b[:, 0] - a[:, 0] * b[:, 2],
                      a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]], axis=-1)
    assert not np.array_equal(plain, _engine("float32", 0)[0])


def test_fma64_rounds_once():
    rng = np.random.default_rng(7)
    for scale in (1.0, 1e-160, 1e154):
        a = rng.standard_normal(400) * scale
        b = rng.standard_normal(400)
        c = -(a * b) * (1 + rng.standard_normal(400) * 1e-9)
        got = fma64(a, b, c)
        for i in range(400):
            assert got[i] == float(Fraction(a[i]) * Fraction(b[i]) + Fraction(c[i]))
    # 1 + 2^-52 times 1 - 2^-53 minus 1: the product's tail that a separate rounding would lose
    assert fma64(1 + 2.0 ** -52, 1 - 2.0 ** -53, -1.0) == 2.0 ** -52 - 2.0 ** -53 - 2.0 ** -105
    assert np.isnan(fma64(np.inf, 0.0, 1.0))


def test_the_deprecation_warning_is_given_once_per_run():
    src = ("import torch\na = torch.ones(2, 3)\nb = torch.ones(2, 3)\nc = torch.cross(a, b)\n"
           "d = a.cross(b)\ne = torch.cross(a, b, dim=1)\n")
    for _ in range(2):
        r = run_program(src)
        assert r.error is None
        assert [(w.category, w.line) for w in r.warnings] == [("UserWarning", 4)]
        assert r.warnings[0].message.startswith("Using torch.cross without specifying the dim arg is deprecated.")


def test_create_graph_through_the_cross_product():
    import core.torch as torch
    a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    b = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
    (ga,) = torch.autograd.grad(torch.linalg.cross(a, b).pow(2).sum(), [a], create_graph=True)
    assert ga.grad_fn is not None
    ga.sum().backward()
    # d/db of sum(2 (a x b) x b): checked against central differences of the same expression
    def f(bv):
        c = np.cross([1.0, 2.0, 3.0], bv)
        return np.sum(2 * np.cross(bv, c))
    h, base = 1e-6, np.array([0.5, -1.0, 2.0])
    fd = [(f(base + h * e) - f(base - h * e)) / (2 * h) for e in np.eye(3)]
    np.testing.assert_allclose(b.grad._data, fd, rtol=1e-6, atol=1e-6)
    assert b.grad.tolist() == [0.0, -39.0, 30.0]


def main() -> int:
    import torch
    assert torch.__version__.split("+")[0] == "2.13.0", torch.__version__
    rows = {f"{dtype}-{k}": _digest(_pytorch(dtype, k)) for dtype, k in KEYS}
    RECORD.write_text(json.dumps(rows, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(rows)} digests in {RECORD.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
