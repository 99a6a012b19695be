"""Engine speed against real PyTorch, as ratios measured in one process.

    python -m bench.engine [--repeat N]

Each workload is written once against a ``torch`` module and runs with
core.torch and, when installed, real PyTorch, both on one thread (numpy's
BLAS is pinned to one thread here, as torch.set_num_threads(1) does for
torch).  Runs alternate between the two so that load from elsewhere on the
machine hits both alike; the ratio is the median of the per-pair ratios
(each pair measured back to back), the times are medians.
Targets: <= 1.0 for workloads 1-3 and <= 1.2 for workload 4.  Without
PyTorch only core's times are printed.
"""
from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy loads its BLAS

import argparse
import importlib
import statistics
import sys
import time


def index_assignment(torch):
    """(1) The index-assignment tutorial program: forward, three backwards."""
    x = torch.tensor([[3., 4.]], requires_grad=True)
    y = torch.zeros(1, 2)
    y[0, 0] = x[0, 0] ** 2 + x[0, 1]
    y[0, 1] = x[0, 1] ** 3 + x[0, 0]
    out = 2 * y
    out.backward(torch.tensor([[1., 1.]]), retain_graph=True)
    x.grad.zero_()
    out.backward(torch.tensor([[1., 0.]]), retain_graph=True)
    g1 = x.grad.clone()
    x.grad.zero_()
    out.backward(torch.tensor([[0., 1.]]))
    return torch.cat((g1, x.grad), 0)


def scalar_chain(torch):
    """(2) 300 steps of h = h * 1.001 + 0.1 on a 0-dim tensor, then backward."""
    x = torch.tensor(1.0, requires_grad=True)
    h = x
    for _ in range(300):
        h = h * 1.001 + 0.1
    h.backward()
    return x.grad


def vector_rounds(torch):
    """(3) A 1000-element vector through 100 rounds of sin(h) * 1.01 + h * 0.5."""
    x = torch.linspace(-1, 1, 1000).requires_grad_()
    h = x
    for _ in range(100):
        h = torch.sin(h) * 1.01 + h * 0.5
    h.sum().backward()
    return x.grad


def mlp(torch, _cache={}):
    """(4) tanh(X @ W1) @ W2 with X 256x512, W1 512x512, W2 512x10; MSE loss; backward."""
    key = id(torch)
    if key not in _cache:
        import numpy as np
        rng = np.random.default_rng(0)
        _cache[key] = [rng.standard_normal(s).astype("float32") * sc
                       for s, sc in (((256, 512), 1.0), ((512, 512), 0.05), ((512, 10), 0.05), ((256, 10), 1.0))]
    X, W1, W2, T = (torch.tensor(a) for a in _cache[key])
    W1.requires_grad_()
    W2.requires_grad_()
    loss = torch.nn.functional.mse_loss(torch.tanh(X @ W1) @ W2, T)
    loss.backward()
    return W1.grad


WORKLOADS = [(index_assignment, 1.0), (scalar_chain, 1.0), (vector_rounds, 1.0), (mlp, 1.2)]


def _once(fn, torch):
    t0 = time.perf_counter()
    fn(torch)
    return time.perf_counter() - t0


def _time_pair(fn, ours, theirs, repeat):
    """Median times of ``fn`` on two torch modules and the median ratio of
    back-to-back pairs."""
    fn(ours)
    if theirs is not None:
        fn(theirs)
    a, b = [], []
    for _ in range(repeat):
        a.append(_once(fn, ours))
        if theirs is not None:
            b.append(_once(fn, theirs))
    if not b:
        return statistics.median(a), None, None
    ratio = statistics.median(x / y for x, y in zip(a, b))
    return statistics.median(a), statistics.median(b), ratio


def _load_real_torch():
    try:
        torch = importlib.import_module("torch")
    except ImportError:
        return None
    if "backprop" in getattr(torch, "__version__", ""):
        return None
    torch.set_num_threads(1)
    return torch


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=30)
    args = ap.parse_args(argv)
    import numpy as np
    import core.torch as ct
    real = _load_real_torch()
    print(f"{'workload':<18} {'core ms':>9} {'torch ms':>9} {'ratio':>7} {'target':>7}")
    ok = True
    for fn, target in WORKLOADS:
        repeat = max(3, args.repeat // 6) if fn is mlp else args.repeat
        with np.errstate(all="ignore"):
            ours, theirs, ratio = _time_pair(fn, ct, real, repeat)
        if real is None:
            print(f"{fn.__name__:<18} {ours * 1e3:9.3f} {'-':>9} {'-':>7} {target:7.1f}")
            continue
        a, b = fn(ct), fn(real)
        same = np.allclose(np.asarray(a.tolist()), np.asarray(b.tolist()), rtol=1e-4, atol=1e-5)
        ok &= ratio <= target and same
        print(f"{fn.__name__:<18} {ours * 1e3:9.3f} {theirs * 1e3:9.3f} {ratio:7.2f} {target:7.1f}"
              + ("" if same else "  RESULTS DIFFER"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
