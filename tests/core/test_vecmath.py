"""core/ops/vecmath.py against PyTorch 2.13's float32 kernels, bit for bit.

tests/data/vecmath.json holds PyTorch's outputs (float32 bit patterns, base64 of little-endian
uint32) for inputs made by an integer hash (:func:`inputs`), so the tests mean the same without
torch; with torch installed the same cases are also compared live.  Re-record with
``.venv/bin/python tests/core/test_vecmath.py``.

- sigmoid, softmax, log_softmax: exact (SLEEF's exp and log, glibc's expf, ATen's orders), with
  PyTorch on 1 thread as the recordings run it (vecmath.THREADS); live, also with 2 threads.
- exp, sin, cos, log, tanh: PyTorch calls MKL, not reproducible; the correctly rounded value is
  checked to stay within the recorded mismatch rate, and to beat numpy's float32 functions.
"""
from __future__ import annotations

import base64
import hashlib
import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from core.ops import vecmath
from tests.recorded_programs import LIVE_BITS, NOT_THIS_CPU

DATA = Path(__file__).resolve().parents[1] / "data" / "vecmath.json"
F = np.float32

SIGMOID_LENGTHS = list(range(1, 41)) + [63, 64, 65, 100, 1000, 5000]
SPECIALS = [0.0, -0.0, np.inf, -np.inf, np.nan, 88.5, -88.5, 100.0, -100.0, -103.9, -104.5, 1e-30, 16.0, -16.0]
# (shape, dim); along a non-last dim the columns PyTorch's threads leave over take glibc's expf
SOFTMAX_CASES = [((), 0), ((1,), 0), ((5,), 0), ((16,), 0), ((100,), -1), ((3, 4), 1), ((64, 10), 1), ((7, 33), -1),
                 ((4, 1000), 1), ((2, 3, 4), 2), ((10, 64), 0), ((3, 64), 0), ((4, 3, 32), 1), ((7, 33), 0),
                 ((7, 16), 0), ((7, 48), 0), ((3, 17, 5), 1), ((5, 40, 3), 0), ((3, 4, 1), 1), ((9, 1), 0)]
LOG_SOFTMAX_CASES = SOFTMAX_CASES
# above 32768 elements PyTorch's threads split the array, each part with its own scalar tail
SIGMOID_HASHED = [32769, 40001, 100003]
# function -> (low, high) of the inputs, tutorial ranges
MKL_FUNCTIONS = {"exp": (-20.0, 20.0), "sin": (-10.0, 10.0), "cos": (-10.0, 10.0), "log": (1e-4, 100.0),
                 "tanh": (-6.0, 6.0)}
MKL_COUNT = 2048


def inputs(seed: int, n: int, low: float, high: float) -> np.ndarray:
    """n float32 values in [low, high) from an integer hash of (seed, i) (splitmix64's finaliser)."""
    with np.errstate(over="ignore"):
        z = np.arange(n, dtype=np.uint64) + np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    u = (z >> np.uint64(11)).astype(np.float64) / 2.0 ** 53
    return (low + (high - low) * u).astype(F)


def sigmoid_input(n: int) -> np.ndarray:
    x = inputs(n, n, -15.0, 15.0)
    if n >= 100:
        x[: len(SPECIALS)] = SPECIALS
    return x


def softmax_input(shape, salt: int) -> np.ndarray:
    n = int(np.prod(shape, dtype=np.int64))
    return inputs(1000 + salt * 7 + n, n, -8.0, 8.0).reshape(shape)


def case_key(shape, dim) -> str:
    return f"{list(shape)}@{dim}"


def encode(a) -> str:
    return base64.b64encode(np.ascontiguousarray(a, F).reshape(-1).view("<u4").tobytes()).decode()


def decode(s: str, shape=None) -> np.ndarray:
    a = np.frombuffer(base64.b64decode(s), dtype="<u4").view(F)
    return a if shape is None else a.reshape(shape)


def digest(a) -> str:
    return hashlib.sha256(np.ascontiguousarray(a, F).reshape(-1).view("<u4").tobytes()).hexdigest()


def differ(a, b) -> int:
    """How many elements differ in their bits (NaNs compare by bits too)."""
    a, b = np.asarray(a, F).reshape(-1), np.asarray(b, F).reshape(-1)
    assert a.shape == b.shape
    return int(np.sum(a.view(np.uint32) != b.view(np.uint32)))


def load():
    return json.loads(DATA.read_text())


# ---------------------------------------------------------------------------------------
# the float32 FMA
# ---------------------------------------------------------------------------------------

def test_fma_rounds_once():
    rng = np.random.default_rng(1)
    a = rng.standard_normal(2000).astype(F)
    b = rng.standard_normal(2000).astype(F)
    c = rng.standard_normal(2000).astype(F)
    # 1 + 2^-23 + (2^-24 - 2^-70): the float64 sum is the float32 midpoint 1 + 3 * 2^-24, which
    # rounds to even (up), while the exact value is below it (rounds down)
    a[:2] = [F(2.0 ** -24 * (1 + 2.0 ** -23)), F(-(2.0 ** -24) * (1 + 2.0 ** -23))]
    b[:2] = [F(1 - 2.0 ** -23), F(1 - 2.0 ** -23)]
    c[:2] = [F(1 + 2.0 ** -23), F(-(1 + 2.0 ** -23))]
    naive = (a[:2].astype(np.float64) * b[:2] + c[:2]).astype(F)
    got = vecmath.fma(a, b, c)
    for i in range(len(a)):
        exact = Fraction(float(a[i])) * Fraction(float(b[i])) + Fraction(float(c[i]))
        lo = F(float(exact))
        cands = [lo, np.nextafter(lo, F(np.inf)), np.nextafter(lo, F(-np.inf))]
        best = min(cands, key=lambda v: (abs(Fraction(float(v)) - exact), int(np.asarray(v).view(np.uint32)) & 1))
        assert got[i].view(np.uint32) == best.view(np.uint32), (i, a[i], b[i], c[i])
    assert differ(naive, got[:2]) == 2   # the case the plain float64 evaluation gets wrong


# ---------------------------------------------------------------------------------------
# recorded PyTorch outputs
# ---------------------------------------------------------------------------------------

def numpy_sigmoid(x):
    e = np.exp(-np.abs(x))
    return np.where(x >= 0, 1 / (1 + e), e / (1 + e)).astype(F)


@pytest.mark.parametrize("n", SIGMOID_LENGTHS)
def test_sigmoid_matches_pytorch_bit_for_bit(n):
    want = decode(load()["sigmoid"][str(n)])
    assert differ(vecmath.sigmoid32(sigmoid_input(n)), want) == 0


@pytest.mark.parametrize("n", SIGMOID_HASHED)
def test_long_sigmoid_matches_pytorch_bit_for_bit(n):
    assert digest(vecmath.sigmoid32(sigmoid_input(n))) == load()["sigmoid_sha256"][str(n)]


def test_sigmoid_keeps_shape():
    x = sigmoid_input(100).reshape(4, 25)
    assert vecmath.sigmoid32(x).shape == (4, 25)
    assert differ(vecmath.sigmoid32(x), vecmath.sigmoid32(x.reshape(-1))) == 0


@pytest.mark.parametrize("shape,dim", SOFTMAX_CASES)
def test_softmax_matches_pytorch_bit_for_bit(shape, dim):
    want = decode(load()["softmax"][case_key(shape, dim)], shape)
    got = vecmath.softmax32(softmax_input(shape, 0), dim)
    assert np.shape(got) == tuple(shape)
    assert differ(got, want) == 0


@pytest.mark.parametrize("shape,dim", LOG_SOFTMAX_CASES)
def test_log_softmax_matches_pytorch_bit_for_bit(shape, dim):
    want = decode(load()["log_softmax"][case_key(shape, dim)], shape)
    assert differ(vecmath.log_softmax32(softmax_input(shape, 1), dim), want) == 0


@pytest.mark.parametrize("name", sorted(MKL_FUNCTIONS))
def test_mkl_functions_within_recorded_rate_and_better_than_numpy(name):
    rec = load()["mkl"][name]
    x = inputs(7 + sorted(MKL_FUNCTIONS).index(name), MKL_COUNT, *MKL_FUNCTIONS[name])
    want = decode(rec["bits"])
    fn = getattr(np, name)
    ours = differ(vecmath.mkl_like(fn, x), want)
    assert ours <= rec["ours_differ"], (name, ours)
    assert ours < differ(fn(x), want), name


def test_recorded_data_tells_numpy_apart():
    """The exact tests bite: numpy's float32 formulas miss PyTorch's bits on the same data."""
    data = load()
    sig = sum(differ(numpy_sigmoid(sigmoid_input(n)), decode(data["sigmoid"][str(n)])) for n in SIGMOID_LENGTHS)
    assert sig > 100
    shape, dim = (64, 10), 1
    x = softmax_input(shape, 0)
    e = np.exp(x - x.max(axis=dim, keepdims=True))
    assert differ(e / e.sum(axis=dim, keepdims=True), decode(data["softmax"][case_key(shape, dim)])) > 50


def test_ops_use_vecmath():
    from core.ops.registry import REGISTRY
    x = sigmoid_input(1000)
    assert differ(REGISTRY["sigmoid"].forward(x), vecmath.sigmoid32(x)) == 0
    assert differ(REGISTRY["exp"].forward(x), vecmath.mkl_like(np.exp, x)) == 0
    y = softmax_input((64, 10), 0)
    assert differ(REGISTRY["softmax"].forward(y, dim=1), vecmath.softmax32(y, 1)) == 0
    assert differ(REGISTRY["log_softmax"].forward(y, dim=1), vecmath.log_softmax32(y, 1)) == 0
    x64 = x.astype(np.float64)   # float64 stays numpy's
    assert np.array_equal(REGISTRY["exp"].forward(x64), np.exp(x64), equal_nan=True)


# ---------------------------------------------------------------------------------------
# live, with torch
# ---------------------------------------------------------------------------------------

def record(torch) -> dict:
    def run(fn, x, *args):
        return fn(torch.from_numpy(np.array(x, F)), *args).numpy().copy()

    out = {"sigmoid": {str(n): encode(run(torch.sigmoid, sigmoid_input(n))) for n in SIGMOID_LENGTHS},
           "softmax": {case_key(s, d): encode(run(torch.softmax, softmax_input(s, 0), d)) for s, d in SOFTMAX_CASES},
           "log_softmax": {case_key(s, d): encode(run(torch.log_softmax, softmax_input(s, 1), d))
                           for s, d in LOG_SOFTMAX_CASES},
           "sigmoid_sha256": {str(n): digest(run(torch.sigmoid, sigmoid_input(n))) for n in SIGMOID_HASHED},
           "mkl": {}}
    for i, name in enumerate(sorted(MKL_FUNCTIONS)):
        x = inputs(7 + i, MKL_COUNT, *MKL_FUNCTIONS[name])
        want = run(getattr(torch, name), x)
        out["mkl"][name] = {"bits": encode(want), "ours_differ": differ(vecmath.mkl_like(getattr(np, name), x), want),
                            "numpy_differ": differ(getattr(np, name)(x), want)}
    return out


def one_thread(torch, threads=1):
    class Threads:
        def __enter__(self):
            self.saved = torch.get_num_threads()
            torch.set_num_threads(threads)

        def __exit__(self, *exc):
            torch.set_num_threads(self.saved)
    return Threads()


@pytest.mark.skipif(not LIVE_BITS, reason=NOT_THIS_CPU)
def test_live_against_torch():
    torch = pytest.importorskip("torch")
    with one_thread(torch):
        live = record(torch)
    recorded = load()
    for group in ("sigmoid", "sigmoid_sha256", "softmax", "log_softmax"):
        assert live[group] == recorded[group], group
    for name, rec in live["mkl"].items():
        assert rec["bits"] == recorded["mkl"][name]["bits"], name


@pytest.mark.parametrize("shape,dim", [((7, 48), 0), ((7, 80), 0), ((3, 20), 0), ((5, 40, 3), 0), ((100003,), None)])
@pytest.mark.skipif(not LIVE_BITS, reason=NOT_THIS_CPU)
def test_live_threads_split_the_leftovers(shape, dim, monkeypatch):
    """With 2 threads each thread's share has its own leftover columns (elements)."""
    torch = pytest.importorskip("torch")
    monkeypatch.setattr(vecmath, "THREADS", 2)
    x = softmax_input(shape, 3)
    with one_thread(torch, 2):
        if dim is None:
            want, got = torch.sigmoid(torch.from_numpy(x)).numpy(), vecmath.sigmoid32(x)
        else:
            want, got = torch.softmax(torch.from_numpy(x), dim).numpy(), vecmath.softmax32(x, dim)
    assert differ(got, want) == 0
    monkeypatch.setattr(vecmath, "THREADS", 1)
    one = vecmath.sigmoid32(x) if dim is None else vecmath.softmax32(x, dim)
    assert differ(one, want) > 0   # the split matters here


if __name__ == "__main__":
    import torch as _torch

    with one_thread(_torch):
        DATA.write_text(json.dumps(record(_torch), indent=1) + "\n")
    print("recorded", DATA)


def test_glibc_expf_of_one_number_has_the_bits_of_the_array_path():
    """PyTorch's CTC loss calls std::exp once per element, in a loop: one number takes a path in Python floats
    (0.6 us, not 14), which must round exactly as the array path does, edges and random bit patterns too."""
    rng = np.random.default_rng(7)
    xs = np.concatenate([rng.uniform(-110, 95, 20000), rng.normal(0, 3, 20000),
                         [np.nan, np.inf, -np.inf, -104, -103.99, 89, 88.72283, 88.7228394, 88.72284, -87.3,
                          -103.97, 0, -0.0, 1e-30, -1e-30]]).astype(np.float32)
    xs = np.concatenate([xs, rng.integers(0, 2 ** 32, 20000, dtype=np.uint64).astype(np.uint32).view(np.float32)])
    with np.errstate(invalid="ignore"):
        whole = vecmath.glibc_expf(xs)
    one = np.array([vecmath.glibc_expf(x)[()] for x in xs], np.float32)
    same = (whole.view(np.uint32) == one.view(np.uint32)) | (np.isnan(whole) & np.isnan(one))
    assert same.all(), xs[~same][:5]
    assert vecmath.glibc_expf(np.float32(1.0)).shape == ()
