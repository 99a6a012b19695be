"""float32 kernels whose order was learnt from PyTorch 2.13 on an AMD EPYC (AVX2), bit for bit.

* MKL's matrix-vector kernels for more than six products (core/ops/gemm.py: ``_sse_mv``): a Linear
  on one sample (``x @ W.t()`` plus bias), ``A @ v`` with the rows of ``A`` contiguous, one dot plus
  a bias at every alignment of the vector;
* ``tanh``'s backward (``g * (1 - y*y)`` with ``1 - y*y`` one fused multiply-add);
* training and eval ``batch_norm`` (core/ops/activations.py: ``batch_stats32``, the fused
  ``x * alpha + beta``), its running averages and its training backward (``_batch_norm_backward32``).

Each case's result is compared with ``tests/data/cpu_kernels_amd.json`` (a digest of PyTorch's result
bytes, recorded on the AMD machine) and, when torch is installed on that kind of CPU, with PyTorch live.
Inputs come from a hash of the element index (``tests.core.test_summation.values``).

Record again (needs torch, on an AMD CPU with AVX2): ``python tests/core/test_cpu_kernels_amd.py --record``
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
from core.ops import gemm  # noqa: E402
from tests.core.test_summation import digest, values  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data" / "cpu_kernels_amd.json"
HAS_TORCH = importlib.util.find_spec("torch") is not None and "backprop" not in (
    importlib.util.find_spec("torch").origin or "")
MEASURED_ON = "an AMD CPU with AVX2 (AMD EPYC, PyTorch 2.13.0+cpu, one thread)"


def measured_here() -> bool:
    vendor, flags = machine.cpu()
    return vendor == "AuthenticAMD" and "avx2" in flags


LIVE = HAS_TORCH and measured_here()

# (the AMD CPU's "axpy" kernel, g @ W and A @ v with A column-major, is not the Intel CPU's, so the
# engine does not follow it and it is not replayed here: core/ops/gemm.py, _mv_kind)
# (name, m, k, n, layout, bias, offset): layout "NT" is x @ W.t() (W row-major), "NN" both row-major,
# "TN" the first factor column-major; offset: the vector starts that many floats into its buffer
MV_CASES = [
    ("linear-1x7x64", 1, 7, 64, "NT", True, 0),
    ("mm-1x64x64", 1, 64, 64, "NT", False, 0),
    ("linear-1x64x64", 1, 64, 64, "NT", True, 0),
    ("linear-1x1350x8", 1, 1350, 8, "NT", True, 0),
    ("mm-1x37x12", 1, 37, 12, "NT", False, 0),
    ("linear-1x300x4-off1", 1, 300, 4, "NT", True, 1),
    ("linear-1x101x5-off2", 1, 101, 5, "NT", True, 2),     # a fifth output: a dot of its own
    ("mm-1x64x64-woff3", 1, 64, 64, "NT", False, -3),     # the matrix 3 floats past a 16-byte boundary
    ("linear-1x37x8-woff1", 1, 37, 8, "NT", True, -1),
    ("linear-64x64x1", 64, 64, 1, "NT", True, 0),
    ("linear-20x1000x1", 20, 1000, 1, "NT", True, 0),
] + [(f"linear-1x{k}x1-off{o}", 1, k, 1, "NT", True, o) for k in (7, 12, 37, 64, 1000) for o in range(4)]


def mv_operands(case):
    """The vector (a view ``offset`` floats into its buffer), the matrix's values (a view ``-offset``
    floats into its buffer when ``offset`` is negative), the bias, and the vector's buffer."""
    name, m, k, n, layout, bias, offset = case
    seed = m + k + n + offset
    vector_len = k
    skip = max(offset, 0)
    base = np.array(values(vector_len + skip, seed, "float32"))
    vec = base[skip:skip + vector_len]
    other = np.array(values(max(m, n) * k - min(offset, 0), seed + 1, "float32"))[-min(offset, 0):]
    b = np.array(values(n, seed + 2, "float32")) if bias else None
    return vec, other, b, base


def _mv_factors(case, vec, other, lib):
    """The two factors as ``lib`` (numpy or torch) holds them, the vector a view into its buffer."""
    name, m, k, n, layout, bias, offset = case
    if m == 1:
        a = vec.reshape(1, k)
        w = other.reshape(n, k)
        b = w.t() if layout == "NT" and lib != "numpy" else (w.T if layout == "NT" else None)
        if layout == "NN":
            b = other.reshape(k, n)
        return a, b
    v = vec.reshape(k, 1)
    a = other.reshape(m, k)
    if layout == "TN":
        a = other.reshape(k, m)
        a = a.t() if lib != "numpy" else a.T
    return a, v


def mv_ours(case):
    vec, other, b, _ = mv_operands(case)
    a, bb = _mv_factors(case, vec, other, "numpy")
    return gemm.matmul(a, bb, b)


def mv_pytorch(case):
    import torch

    vec, other, b, base = mv_operands(case)
    name, m, k, n, layout, bias, offset = case
    tbase = torch.from_numpy(base.copy())
    tother = torch.from_numpy(np.concatenate([np.zeros(-min(offset, 0), np.float32), other]))[-min(offset, 0):]
    a, bb = _mv_factors(case, tbase[max(offset, 0):max(offset, 0) + k], tother, "torch")
    if b is None:
        return (a @ bb).numpy()
    return torch.addmm(torch.from_numpy(b.copy()), a, bb).numpy()


TANH_SIZES = [1, 7, 8, 13, 1003]


def tanh_inputs(size):
    return np.array(values(size, 700 + size, "float32")) / np.float32(4), np.array(values(size, 800 + size, "float32"))


def tanh_ours(size):
    import core.torch as ct

    x, g = tanh_inputs(size)
    t = ct.tensor(x.tolist(), requires_grad=True)
    y = ct.tanh(t)
    y.backward(ct.tensor(g.tolist()))
    return y.detach()._data, t.grad._data


def tanh_pytorch(size, y):
    import torch

    _, g = tanh_inputs(size)
    return torch.ops.aten.tanh_backward(torch.from_numpy(g.copy()), torch.from_numpy(np.array(y, np.float32))).numpy()


# (name, shape, training, affine)
BN_CASES = [("bn-1x4x4", (1, 4, 4), True, False), ("bn-8x3x5", (8, 3, 5), True, True),
            ("bn-4x3x5x5", (4, 3, 5, 5), True, True), ("bn-16x6", (16, 6), True, True),
            ("bn-5x3", (5, 3), True, False), ("bn-16x6-eval", (16, 6), False, True),
            ("bn-4x3x5x5-eval", (4, 3, 5, 5), False, True)]


def bn_inputs(case):
    name, shape, training, affine = case
    seed = int(np.prod(shape))
    x = np.array(values(int(np.prod(shape)), seed, "float32")).reshape(shape) * np.float32(3) + np.float32(1)
    c = shape[1]
    w = np.array(values(c, seed + 1, "float32")) if affine else None
    b = np.array(values(c, seed + 2, "float32")) if affine else None
    rm = np.array(values(c, seed + 3, "float32"))
    rv = np.abs(np.array(values(c, seed + 4, "float32"))) + np.float32(0.5)
    return x, w, b, rm, rv


def bn_run(lib, case):
    """``batch_norm`` with ``lib`` (real torch or core.torch): output, running mean, running var."""
    name, shape, training, affine = case
    x, w, b, rm, rv = bn_inputs(case)
    T = (lambda a: None if a is None else lib.from_numpy(a.copy())) if lib.__name__ == "torch" else \
        (lambda a: None if a is None else lib.tensor(a.tolist()))
    rm_t, rv_t = T(rm), T(rv)
    y = lib.nn.functional.batch_norm(T(x), rm_t, rv_t, T(w), T(b), training, 0.1, 1e-5)
    data = (lambda t: t.numpy()) if lib.__name__ == "torch" else (lambda t: t._data)
    return data(y), data(rm_t), data(rv_t)


# training batch_norm's backward: (name, shape, affine); fewer than 8 values per sample and channel
# (from 8 on ATen sums them in vectors as wide as the CPU's: not modelled)
BN_BACKWARD_CASES = [("bn-backward-16x6", (16, 6), True), ("bn-backward-30x5", (30, 5), False),
                     ("bn-backward-8x3x5", (8, 3, 5), True), ("bn-backward-4x3x2x3", (4, 3, 2, 3), False),
                     ("bn-backward-2x3x7", (2, 3, 7), True)]


def bn_backward_run(lib, case):
    """``batch_norm`` (training) then backward with ``lib``: the input's, weight's and bias's gradients."""
    name, shape, affine = case
    x, w, b, _, _ = bn_inputs((name, shape, True, affine))
    g = np.array(values(int(np.prod(shape)), 900 + len(shape), "float32")).reshape(shape)
    if lib.__name__ == "torch":
        T = lambda a: None if a is None else lib.from_numpy(a.copy()).requires_grad_()  # noqa: E731
        data = lambda t: None if t is None else t.numpy()  # noqa: E731
        gt = lib.from_numpy(g.copy())
    else:
        T = lambda a: None if a is None else lib.tensor(a.tolist(), requires_grad=True)  # noqa: E731
        data = lambda t: None if t is None else t._data  # noqa: E731
        gt = lib.tensor(g.tolist())
    xt, wt, bt = T(x), T(w), T(b)
    lib.nn.functional.batch_norm(xt, None, None, wt, bt, True, 0.1, 1e-5).backward(gt)
    return [data(t.grad) for t in (xt, wt, bt) if t is not None]


def all_cases():
    for case in MV_CASES:
        yield "mv", case[0], case
    for size in TANH_SIZES:
        yield "tanh", f"tanh-backward-{size}", size
    for case in BN_CASES:
        yield "bn", case[0], case
    for case in BN_BACKWARD_CASES:
        yield "bn-backward", case[0], case


def pytorch_digests(kind, case):
    import torch

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        if kind == "mv":
            return [digest(mv_pytorch(case))]
        if kind == "tanh":
            y, _ = tanh_ours(case)     # PyTorch's backward of the engine's forward (tanh's forward is MKL's)
            return [digest(tanh_pytorch(case, y))]
        if kind == "bn-backward":
            return [digest(r) for r in bn_backward_run(torch, case)]
        return [digest(r) for r in bn_run(torch, case)]
    finally:
        torch.set_num_threads(threads)


def our_digests(kind, case):
    if kind == "mv":
        return [digest(mv_ours(case))]
    if kind == "tanh":
        return [digest(tanh_ours(case)[1])]
    import core.torch as ct
    if kind == "bn-backward":
        return [digest(r) for r in bn_backward_run(ct, case)]
    return [digest(r) for r in bn_run(ct, case)]


@pytest.fixture(scope="module")
def recorded():
    return json.loads(DATA.read_text())


@pytest.mark.parametrize("kind,name,case", list(all_cases()), ids=[c[1] for c in all_cases()])
def test_rounds_as_pytorch_does(kind, name, case, recorded):
    got = our_digests(kind, case)
    assert got == recorded["cases"][name]
    if LIVE:
        assert got == pytorch_digests(kind, case)


def test_every_case_is_recorded_on_the_machine_it_names(recorded):
    assert sorted(recorded["cases"]) == sorted(c[1] for c in all_cases())
    assert recorded["measured_on"] == MEASURED_ON


def test_the_recording_is_not_what_a_plain_order_gives(recorded):
    # the orders matter: numpy's BLAS and a correctly rounded g * (1 - y*y) miss PyTorch's bits here
    case = next(c for c in MV_CASES if c[0] == "linear-1x64x64")
    vec, other, b, _ = mv_operands(case)
    plain = (np.matmul(vec.reshape(1, -1), other.reshape(64, 64).T) + b).astype(np.float32)
    assert digest(plain) != recorded["cases"]["linear-1x64x64"][0]
    y, _ = tanh_ours(1003)
    _, g = tanh_inputs(1003)
    assert digest(g * (np.float32(1) - y * y)) != recorded["cases"]["tanh-backward-1003"][0]


def record():
    if not measured_here():
        raise SystemExit(f"record on {MEASURED_ON}: this CPU is {machine.cpu()[0]}")
    out = {"measured_on": MEASURED_ON, "cases": {name: pytorch_digests(kind, case) for kind, name, case in all_cases()}}
    DATA.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(out['cases'])} cases in {DATA}")


if __name__ == "__main__" and "--record" in sys.argv:
    record()
