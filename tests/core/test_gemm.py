"""float32 matrix products in the order PyTorch's MKL sums them (core/ops/gemm.py), bit for bit.

Each case of :func:`cases` (mm in every layout the model claims, addmm with a bias, bmm, k across
MKL's block boundaries at 384 and 768) is multiplied by :func:`core.ops.gemm.matmul` and compared
with PyTorch on one thread: live when torch is installed, else with ``tests/data/gemm_order.json``
(a digest of PyTorch's result bytes per case).  Inputs come from a hash of the element index (the
same ``values`` as the summation test), so they are the same on every numpy.

Record again (needs torch): ``python tests/core/test_gemm.py --record``
"""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import numpy as np
import pytest

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core import machine  # noqa: E402
from core.ops import gemm, native  # noqa: E402
from tests.core.test_summation import digest, values  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data" / "gemm_order.json"
HAS_TORCH = importlib.util.find_spec("torch") is not None and "backprop" not in (
    importlib.util.find_spec("torch").origin or "")
# PyTorch is compared live only on the kind of CPU the order was measured on: elsewhere MKL takes other
# kernels and PyTorch itself rounds differently (machine.MODELLED_CPU); the recorded digests hold everywhere
LIVE = HAS_TORCH and machine.cpu_is_modelled()

# (m, k, n) where MKL sums every element as core/ops/gemm.py says, in every layout of the first factor
SHAPES = [(2, 3, 2), (1, 3, 1), (1, 37, 1), (4, 5, 3), (8, 32, 16), (64, 100, 10), (100, 64, 10),
          (16, 383, 8), (16, 384, 8), (16, 385, 8), (5, 768, 4), (5, 769, 4), (64, 1000, 100), (3, 1537, 17),
          (1000, 64, 100), (17, 2000, 2)]


def cases():
    for m, k, n in SHAPES:
        for layout in ("NN", "TN"):
            if layout == "TN" and n == 1 and k > 384:
                continue
            yield {"op": "mm", "shape": [m, k, n], "layout": layout}
        if m >= 16:
            yield {"op": "mm", "shape": [m, k, n], "layout": "NT"}     # F.linear: x @ W.t()
        if min(m, n) >= 2 or k == 1:
            yield {"op": "addmm", "shape": [m, k, n], "layout": "NT" if m >= 16 else "NN"}
    for b, m, k, n in [(4, 8, 500, 6), (2, 16, 30, 16), (3, 9, 800, 5)]:
        yield {"op": "bmm", "shape": [b, m, k, n], "layout": "NN"}
    # batches of matrices times vectors: MKL's batched kernel sums in order, without FMA (recorded on the AMD
    # EPYC, whose PyTorch the Intel recording of tests/data/corpus/eat20_4_2_tensor_math agrees with there)
    for b, m, k, n in [(3, 50, 100, 1), (2, 7, 1000, 1), (4, 1, 400, 1)]:
        yield {"op": "bmm", "shape": [b, m, k, n], "layout": "NN"}
    # a matrix times a vector of at most six products: MKL's gemv (x @ w of a Linear(k, 1), with its bias)
    for k in range(1, 7):
        yield {"op": "mm", "shape": [50, k, 1], "layout": "NN"}
        yield {"op": "mm", "shape": [3, k, 1], "layout": "NN"}
        yield {"op": "mm", "shape": [1, k, 23], "layout": "NT"}
        yield {"op": "addmm", "shape": [43, k, 1], "layout": "NT"}
        yield {"op": "addmm", "shape": [1, k, 1], "layout": "NT"}    # one sample through a Linear(k, 1)
    # products in float32's subnormal range, where the double's midpoint test is not enough
    yield {"op": "mm", "shape": [8, 50, 8], "layout": "NN", "scale": 1e-20}


def name(case):
    scale = f"-x{case['scale']:g}" if "scale" in case else ""
    return f"{case['op']}-{'x'.join(map(str, case['shape']))}-{case['layout']}{scale}"


def operands(case):
    """The case's factors (and bias), as numpy arrays laid out as PyTorch would hold them."""
    *batch, m, k, n = case["shape"]
    seed = sum(case["shape"])
    a = values(int(np.prod(batch, dtype=int)) * m * k, seed, "float32").reshape(*batch, m, k)
    b = values(int(np.prod(batch, dtype=int)) * k * n, seed + 1, "float32").reshape(*batch, k, n)
    bias = values(n, seed + 2, "float32") if case["op"] == "addmm" else None
    if "scale" in case:
        a, b = a * np.float32(case["scale"]), b * np.float32(case["scale"])
    return a, b, bias


def ours(case):
    a, b, bias = operands(case)
    if case["layout"][0] == "T":                 # the same memory layout as PyTorch's operand
        a = np.swapaxes(np.ascontiguousarray(np.swapaxes(a, -1, -2)), -1, -2)
    if case["layout"][1] == "T":
        b = np.swapaxes(np.ascontiguousarray(np.swapaxes(b, -1, -2)), -1, -2)
    saved = gemm.EXACT_SECONDS, gemm.NATIVE_SECONDS
    gemm.EXACT_SECONDS = gemm.NATIVE_SECONDS = 1e9      # the order itself, whatever the budget
    try:
        return gemm.bmm(a, b) if case["op"] == "bmm" else gemm.matmul(a, b, bias)
    finally:
        gemm.EXACT_SECONDS, gemm.NATIVE_SECONDS = saved


def pytorch(case):
    import torch

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        a, b, bias = (None if v is None else torch.from_numpy(v.copy()) for v in operands(case))
        if case["layout"][0] == "T":
            a = a.mT.contiguous().mT
        if case["layout"][1] == "T":
            b = b.mT.contiguous().mT
        if case["op"] == "addmm":
            return torch.addmm(bias, a, b).numpy()
        return (torch.bmm(a, b) if case["op"] == "bmm" else a @ b).numpy()
    finally:
        torch.set_num_threads(threads)


@pytest.fixture(scope="module")
def recorded():
    return json.loads(DATA.read_text())


@pytest.mark.parametrize("chain", ["compiled", "numpy"])
@pytest.mark.parametrize("case", list(cases()), ids=name)
def test_matmul_rounds_as_pytorch_does(case, chain, recorded, monkeypatch):
    if chain == "numpy":        # as where core/ops/native.py cannot be built
        monkeypatch.setattr(native, "chain", lambda: None)
    else:
        assert native.chain() is not None, native.why_not()
    got = ours(case)
    assert got.dtype == np.float32
    if LIVE:
        expected = pytorch(case)
        assert np.array_equal(got.view(np.int32), expected.view(np.int32)), (
            f"{np.mean(got != expected):.0%} of the elements differ")
    assert digest(got) == recorded[name(case)]


def test_every_case_is_recorded(recorded):
    assert sorted(recorded) == sorted(name(c) for c in cases())


def test_the_modelled_cpu_is_read_from_cpuinfo(tmp_path):
    intel, amd = tmp_path / "intel", tmp_path / "amd"
    intel.write_text("vendor_id\t: GenuineIntel\nflags\t\t: fpu sse avx2 avx512f avx512bw\n")
    amd.write_text("vendor_id\t: AuthenticAMD\nflags\t\t: fpu sse avx2 avx512f\n")
    assert machine.cpu_is_modelled(str(intel)) and not machine.cpu_is_modelled(str(amd))
    assert not machine.cpu_is_modelled(str(tmp_path / "missing"))


def test_k_blocks():
    assert gemm.k_blocks(0) == [0]
    assert gemm.k_blocks(384) == [384]
    assert gemm.k_blocks(385) == [193, 192]
    assert gemm.k_blocks(1000) == [384, 308, 308]
    assert gemm.k_blocks(2000) == [384, 384, 384, 384, 232, 232]
    assert all(sum(gemm.k_blocks(k)) == k for k in range(3000))


def test_over_the_budget_and_float64_use_blas(monkeypatch):
    monkeypatch.setattr(native, "chain", lambda: None)      # numpy's chain: core/ops/native.py could not be built
    a = values(64 * 1000, 1, "float32").reshape(64, 1000)
    b = values(1000 * 100, 2, "float32").reshape(1000, 100)
    assert not gemm.exact(a, b) and gemm.exact(a[:10, :100], b[:100, :20])
    assert not gemm.exact(a[:1], b) and not gemm.exact(a, b[:, :1])       # a matrix times a vector: gemv
    assert gemm.exact(a[:1, :200], b[:200, :1]) and not gemm.exact(a[:1, :], b[:, :1])   # one dot: up to 2 ms
    np.testing.assert_allclose(gemm.matmul(a, b), a @ b, rtol=1e-5, atol=1e-5)
    d = gemm.matmul(a.astype(np.float64), b.astype(np.float64))
    assert d.dtype == np.float64 and np.array_equal(d, a.astype(np.float64) @ b.astype(np.float64))


def record():
    out = {name(c): digest(pytorch(c)) for c in cases()}
    DATA.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(out)} cases in {DATA}")


if __name__ == "__main__":
    if "--record" in sys.argv and not machine.cpu_is_modelled():
        sys.exit(f"not recorded: this machine's PyTorch does not multiply as on {machine.MODELLED_CPU}")
    if "--record" in sys.argv:
        record()
    else:
        print(__doc__)
