"""Training loops of real tutorials: the app's run (interpreter included) against real PyTorch.

    python -m bench.training [--repeat N]

Issue 12's benchmark: "Learning PyTorch with Examples" written by hand with tensors, with
``nn.Sequential``, and with ``nn.Sequential`` and ``torch.optim`` (64 x 1000 -> 100 -> 10, 500 steps;
the programs of tests/data/corpus/jcjohnson_*.py as their author wrote them).  Each runs through
``run_program`` (what ``backprop-lens run`` and the app do) and, when PyTorch is installed, as
the same code written as a function of real torch, on one thread in this same process (the reference).
Runs alternate; the ratio is the median of per-pair ratios.  Target: <= 2.0.
"""
from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy loads its BLAS

import argparse
import importlib.util
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from core.interp import run_program  # noqa: E402
from core.interp.limits import Limits  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "corpus"
PROGRAMS = ["jcjohnson_two_layer_net_tensor", "jcjohnson_two_layer_net_nn", "jcjohnson_two_layer_net_optim"]


def ours(source: str, name: str) -> float:
    start = time.perf_counter()
    result = run_program(source, filename=name, limits=Limits(max_seconds=120.0))
    elapsed = time.perf_counter() - start
    if result.error is not None:
        raise SystemExit(f"{name}: {result.error.type}: {result.error.message} (line {result.error.line})")
    return elapsed


# The reference runs: each corpus program's code, line for line, as a function of real torch
# (its prints go to a list, as the app captures them); never the program text itself.

def _tensor(torch, out):
    x, y = torch.randn(64, 1000), torch.randn(64, 10)
    w1, w2 = torch.randn(1000, 100), torch.randn(100, 10)
    for t in range(500):
        h = x.mm(w1)
        h_relu = h.clamp(min=0)
        y_pred = h_relu.mm(w2)
        loss = (y_pred - y).pow(2).sum()
        out.append((t, loss.item()))
        grad_y_pred = 2.0 * (y_pred - y)
        grad_w2 = h_relu.t().mm(grad_y_pred)
        grad_h_relu = grad_y_pred.mm(w2.t())
        grad_h = grad_h_relu.clone()
        grad_h[h < 0] = 0
        grad_w1 = x.t().mm(grad_h)
        w1 -= 1e-6 * grad_w1
        w2 -= 1e-6 * grad_w2


def _model(torch):
    return torch.nn.Sequential(torch.nn.Linear(1000, 100), torch.nn.ReLU(), torch.nn.Linear(100, 10))


def _nn(torch, out):
    x, y = torch.randn(64, 1000), torch.randn(64, 10)
    model, loss_fn = _model(torch), torch.nn.MSELoss(reduction="sum")
    for t in range(500):
        loss = loss_fn(model(x), y)
        out.append((t, loss.item()))
        model.zero_grad()
        loss.backward()
        with torch.no_grad():
            for param in model.parameters():
                param.data -= 1e-4 * param.grad


def _optim(torch, out):
    x, y = torch.randn(64, 1000), torch.randn(64, 10)
    model, loss_fn = _model(torch), torch.nn.MSELoss(reduction="sum")
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
    for t in range(500):
        loss = loss_fn(model(x), y)
        out.append((t, loss.item()))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


REFERENCE = {"jcjohnson_two_layer_net_tensor": _tensor, "jcjohnson_two_layer_net_nn": _nn,
             "jcjohnson_two_layer_net_optim": _optim}


def pytorch(name: str) -> float:
    import torch

    torch.set_num_threads(1)
    torch.manual_seed(0)
    start = time.perf_counter()
    REFERENCE[name](torch, [])
    return time.perf_counter() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    has_torch = importlib.util.find_spec("torch") is not None
    print(f"{'program':40s} {'ours (s)':>9s} {'torch (s)':>9s} {'ratio':>7s}")
    for name in PROGRAMS:
        source = (CORPUS / f"{name}.py").read_text()
        mine, theirs, ratios = [], [], []
        for _ in range(args.repeat):
            mine.append(ours(source, name))
            if has_torch:
                theirs.append(pytorch(name))
                ratios.append(mine[-1] / theirs[-1])
        ratio = f"{statistics.median(ratios):7.2f}" if ratios else "      -"
        ref = f"{statistics.median(theirs):9.2f}" if theirs else "        -"
        print(f"{name:40s} {statistics.median(mine):9.2f} {ref} {ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
