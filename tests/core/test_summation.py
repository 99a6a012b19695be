"""PyTorch's CPU summation order (core/ops/summation.py), bit for bit.

Every case of ``CASES`` (float32 and float64; 1 to 100000 elements, sizes around multiples of
8/16/64/256; 1-D to 4-D; every subset of dims; keepdim; transposed, permuted, sliced, strided and
expanded inputs; sum and mean) is summed by :func:`torch_sum` / :func:`torch_mean` and compared
with PyTorch: live when torch is installed, else with ``tests/data/sum_order.json`` (a digest of
PyTorch's result bytes per case).  Inputs come from a hash of the element index (:func:`values`),
not from a random generator, so they are the same on every numpy.

Record again (needs torch): ``python tests/core/test_summation.py --record``
"""
from __future__ import annotations

import functools
import hashlib
import importlib.util
import itertools
import json
import sys
import time
from pathlib import Path

import numpy as np
import pytest

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core.ops import native, summation  # noqa: E402
from core.ops.summation import torch_mean, torch_sum  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data" / "sum_order.json"
HAS_TORCH = importlib.util.find_spec("torch") is not None and "backprop" not in (
    importlib.util.find_spec("torch").origin or "")

# a program whose loss and broadcast-gradient (sum_to) print as PyTorch prints them
PROGRAM = """\
import torch
x = torch.arange(2000.) / 7.0 - 100.0
w = torch.tensor(0.5, requires_grad=True)
b = torch.zeros(1, 2000, requires_grad=True)
y = (w * x - 3.0 + b) * (w * x - 3.0 + b)
loss = y.sum()
loss.backward()
m = y.mean(dim=1)
print(loss.item(), w.grad.item(), m.item(), y.t().sum(0).sum().item())
c = torch.zeros(300, requires_grad=True)
z = torch.arange(60000.).reshape(200, 300) / 7.0 - 4000.0 + c
(z * z).sum().backward()
print(c.grad[::37].tolist(), z.sum(1)[::41].tolist())
"""


# ---------------------------------------------------------------- the cases

@functools.lru_cache(maxsize=64)
def values(n, seed, dtype):
    """n numbers in [-16, 16) of varied magnitude, from a splitmix64 hash of (index, seed) (read-only)."""
    with np.errstate(over="ignore"):
        z = np.arange(n, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(seed * 7919 + 1)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
    unit = (z >> np.uint64(11)).astype(np.float64) / 2.0 ** 53
    scale = np.exp2((z & np.uint64(7)).astype(np.float64) - 3)
    out = ((unit * 2 - 1) * scale).astype(dtype)
    out.flags.writeable = False
    return out


def _case(dtype, shape, view=(), axis=None, keepdim=False, op="sum"):
    return {"dtype": dtype, "shape": list(shape), "view": [list(v) for v in view],
            "axis": None if axis is None else list(axis), "keepdim": keepdim, "op": op}


def _all_axes(nd):
    return [None] + [list(c) for r in range(1, nd + 1) for c in itertools.combinations(range(nd), r)]


def _cases():
    sizes = [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 511,
             512, 513, 1000, 1023, 1024, 1025, 2000, 4095, 4096, 4097, 16385, 32767, 32768, 32769, 40000,
             65535, 65536, 65537, 99999, 100000]
    two_d = [(3, 5), (16, 16), (17, 33), (64, 65), (255, 257), (100, 300), (300, 100), (1000, 70), (2, 40000),
             (40000, 2), (129, 257)]
    three_d = [(5, 7, 9), (16, 17, 130), (40, 33, 70), (7, 300, 20)]
    four_d = [(3, 4, 5, 6), (8, 9, 10, 50)]
    for dt in ("float32", "float64"):
        for n in sizes:
            yield _case(dt, (n,))
            yield _case(dt, (2 * n,), [("slice", [[1, None, 2]])])
        for shape in two_d:
            views = {"c": (), "t": [("permute", [1, 0])], "sliced": [("slice", [[1, None, 1], [0, -1, 1]])],
                     "strided": [("slice", [[0, None, 1], [0, None, 2]])]}
            for view in views.values():
                for axis in _all_axes(2):
                    for keep in (False, True):
                        yield _case(dt, shape, view, axis, keep)
        for shape in three_d:
            views = [(), [("permute", [2, 0, 1])], [("permute", [1, 0, 2])], [("slice", [[0, None, 1], [1, None, 1],
                                                                                          [2, None, 1]])]]
            for view in views:
                for axis in _all_axes(3):
                    for keep in (False, True):
                        yield _case(dt, shape, view, axis, keep)
        for shape in four_d:
            for view in [(), [("permute", [3, 1, 0, 2])]]:
                for axis in _all_axes(4):
                    yield _case(dt, shape, view, axis)
        for shape, target in [((1, 300), (200, 300)), ((64, 1, 200), (64, 3, 200)), ((1, 1, 200), (64, 3, 200)),
                              ((5, 1), (5, 40000))]:
            for axis in _all_axes(len(target)):
                yield _case(dt, shape, [("expand", target)], axis)
        for shape, view in [((2000,), ()), ((100000,), ()), ((300, 100), [("permute", [1, 0])]),
                            ((40, 33, 70), [("permute", [2, 0, 1])]), ((1000, 70), ())]:
            for axis in _all_axes(len(shape)):
                for keep in (False, True):
                    yield _case(dt, shape, view, axis, keep, op="mean")


CASES = list(_cases())

# torch.linspace, which the tutorials feed to their sums (core/torch/creation.py): (start, end, steps, dtype)
LINSPACE = [(a, b, n, dt) for dt in ("float32", "float64") for n in (0, 1, 2, 7, 16, 17, 100, 2000, 40001)
            for a, b in ((-3.141592653589793, 3.141592653589793), (0, 1), (-3.7, 10.2), (5, -2), (0.001, 7))]


def linspace_id(case):
    return "linspace{}".format(list(case)).replace(" ", "")


def case_id(case):
    view = ";".join(f"{v[0]}{v[1]}" for v in case["view"])
    return (f"{case['op']}-{case['dtype']}-{'x'.join(map(str, case['shape']))}-{view}-axis{case['axis']}"
            f"-keep{int(case['keepdim'])}").replace(" ", "")


def build(case, lib):
    """The case's input, as a numpy array (lib is numpy) or a torch tensor (lib is torch)."""
    base = values(int(np.prod(case["shape"])), len(case["shape"]), case["dtype"]).reshape(case["shape"])
    x = base if lib is np else lib.from_numpy(base.copy())
    for kind, arg in case["view"]:
        if kind == "permute":
            x = x.transpose(arg) if lib is np else x.permute(*arg)
        elif kind == "slice":
            x = x[tuple(slice(*s) for s in arg)]
        elif kind == "expand":
            x = np.broadcast_to(x, arg) if lib is np else x.expand(*arg)
    return x


def ours(case):
    fn = torch_sum if case["op"] == "sum" else torch_mean
    axis = None if case["axis"] is None else tuple(case["axis"])
    return np.asarray(fn(build(case, np), axis, case["keepdim"]))


def theirs(case):
    import torch
    x = build(case, torch)
    fn = torch.sum if case["op"] == "sum" else torch.mean
    if case["axis"] is None and not case["keepdim"]:
        return fn(x).numpy()
    axis = tuple(range(x.dim())) if case["axis"] is None else tuple(case["axis"])
    return fn(x, dim=axis, keepdim=case["keepdim"]).numpy()


def digest(result):
    result = np.array(result, order="C")  # (np.ascontiguousarray would make a 0-d result 1-d)
    text = f"{result.dtype}{list(result.shape)}".encode() + result.tobytes()
    return hashlib.sha256(text).hexdigest()[:16]


def recorded():
    return json.loads(DATA.read_text())


# ---------------------------------------------------------------- against PyTorch

def _mismatches(expected_of):
    bad = []
    for case in CASES:
        got, want = digest(ours(case)), expected_of(case)
        if got != want:
            bad.append(case_id(case))
    return bad


def test_the_recording_covers_every_case():
    data = recorded()
    assert set(data["sums"]) == {case_id(c) for c in CASES}, "re-record: python tests/core/test_summation.py --record"
    assert len(CASES) > 1000


@pytest.mark.parametrize("path", ["compiled", "numpy"])
def test_sums_match_pytorch_as_recorded(path, monkeypatch):
    if path == "numpy":     # as where core/ops/native.py cannot be built
        monkeypatch.setattr(native, "chain", lambda: None)
    else:
        assert native.chain() is not None, native.why_not()
    sums = recorded()["sums"]
    bad = _mismatches(lambda case: sums[case_id(case)])
    assert bad == [], f"{len(bad)} of {len(CASES)} differ from PyTorch, e.g. {bad[:5]}"


@pytest.mark.skipif(not HAS_TORCH, reason="real PyTorch is not installed; the recorded results were checked")
def test_sums_match_live_pytorch():
    import torch
    if torch.get_num_threads() != summation.THREADS:
        pytest.skip(f"PyTorch runs {torch.get_num_threads()} threads here, the model {summation.THREADS}")
    bad = _mismatches(lambda case: digest(theirs(case)))
    assert bad == [], f"{len(bad)} of {len(CASES)} differ from PyTorch, e.g. {bad[:5]}"


def test_the_recorded_sums_tell_numpy_order_apart():
    # the check bites: numpy's pairwise sums miss the recorded digests in many float32 cases
    sums = recorded()["sums"]
    missed = [c for c in CASES if c["op"] == "sum" and c["dtype"] == "float32" and
              digest(np.sum(build(c, np), axis=None if c["axis"] is None else tuple(c["axis"]),
                            keepdims=c["keepdim"])) != sums[case_id(c)]]
    assert len(missed) > 300


def test_64_byte_vectors_would_not_match(monkeypatch):
    # the machine is AVX512, but PyTorch's sum kernel runs its AVX2 build (32-byte vectors)
    monkeypatch.setattr(summation, "VECTOR_BYTES", 64)
    case = _case("float32", (17,))
    assert digest(ours(case)) != recorded()["sums"][case_id(case)]


def test_one_thread_would_not_match(monkeypatch):
    monkeypatch.setattr(summation, "THREADS", 1)
    case = _case("float32", (100000,))
    assert digest(ours(case)) != recorded()["sums"][case_id(case)]


def test_linspace_matches_pytorch_as_recorded():
    from core import dtypes
    from core.torch import creation
    recorded_ones = recorded()["linspace"]
    bad = [linspace_id(c) for c in LINSPACE if digest(creation.linspace(
        c[0], c[1], c[2], dtype=getattr(dtypes, c[3]))._data) != recorded_ones[linspace_id(c)]]
    assert bad == []


def test_a_program_prints_what_pytorch_printed():
    from core.interp import run_program
    result = run_program(PROGRAM)
    assert result.error is None
    assert result.stdout == recorded()["program_stdout"]


# ---------------------------------------------------------------- the algorithm itself

def _reference_multi_row_sum(rows):
    """ATen's multi_row_sum written the slow way, one scalar at a time (rows: list of terms)."""
    zero = type(rows[0])(0) if rows else np.float32(0)
    size = len(rows)
    power = max(summation.MIN_LEVEL_POWER, summation._ceil_log2(size) // summation.LEVELS)
    step, acc, i = 1 << power, [zero] * summation.LEVELS, 0
    while i + step <= size:
        for _ in range(step):
            acc[0] = acc[0] + rows[i]
            i += 1
        for j in range(1, summation.LEVELS):
            acc[j], acc[j - 1] = acc[j] + acc[j - 1], zero
            if i % (step ** (j + 1)) != 0:
                break
    while i < size:
        acc[0] = acc[0] + rows[i]
        i += 1
    for j in range(1, summation.LEVELS):
        acc[0] = acc[0] + acc[j]
    return acc[0]


@pytest.mark.parametrize("n", [0, 1, 15, 16, 17, 255, 256, 257, 4095, 4096, 4097, 5000])
def test_vectorized_cascade_is_the_scalar_one(n):
    x = values(n, 11, "float32")
    assert _reference_multi_row_sum(list(x)) == summation._multi_row_sum(x[None, :])[0]


def test_row_sum_interleaves_four_accumulators():
    x = values(1003, 5, "float32")
    parts = [_reference_multi_row_sum(list(x[k:1000:4])) for k in range(4)]
    acc = parts[0] + x[1000] + x[1001] + x[1002]
    assert summation._row_sum(x[None, :])[0] == ((acc + parts[1]) + parts[2]) + parts[3]


def test_dtypes_and_edges():
    assert torch_sum(np.arange(5, dtype=np.int64)).dtype == np.int64
    assert torch_sum(np.array([True, True])) == 2
    assert torch_sum(np.zeros((0, 3), dtype=np.float32), axis=0).tolist() == [0.0, 0.0, 0.0]
    zero = torch_sum(np.array([-0.0, -0.0], dtype=np.float32))
    assert zero == 0 and not np.signbit(zero)  # PyTorch's output starts at +0
    out = torch_sum(values(600, 1, "float64").reshape(20, 30).T, axis=1)
    assert out.dtype == np.float64 and out.flags.c_contiguous
    assert np.isnan(torch_mean(np.zeros(0, dtype=np.float32)))


def test_a_million_elements_stay_fast():
    x = values(10 ** 6, 3, "float32")
    torch_sum(x)
    start = time.perf_counter()
    torch_sum(x)
    assert time.perf_counter() - start < 0.5


# ---------------------------------------------------------------- recording

def record():
    import subprocess

    import torch
    assert torch.get_num_threads() == summation.THREADS, "record where PyTorch runs THREADS threads"
    printed = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True, check=True).stdout
    data = {"torch": torch.__version__, "cpu_capability": torch.backends.cpu.get_cpu_capability(),
            "threads": torch.get_num_threads(), "program_stdout": printed,
            "sums": {case_id(c): digest(theirs(c)) for c in CASES},
            "linspace": {linspace_id(c): digest(torch.linspace(c[0], c[1], c[2], dtype=getattr(torch, c[3])).numpy())
                         for c in LINSPACE}}
    DATA.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")
    print(f"recorded {len(data['sums'])} cases into {DATA}")


if __name__ == "__main__":
    if "--record" in sys.argv:
        record()
    else:
        print(__doc__)
