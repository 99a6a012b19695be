"""Symbolic analysis speed: out = tanh(W @ x + b), W n x n fixed.

    python -m bench.analysis [--big 140]

Prints, for n = 16 and 64: the time of the symbolic part (J of out w.r.t. x
and b by symengine, evaluated at the values, and vᵀJ) and of the whole
analysis (two program runs, the engine's witnesses, trace, layout); target
<= 1 s at n = 64.  At n = 16 it also times sympy's ``Matrix.jacobian`` on the
same expressions and prints the ratio.  Then n = --big runs with progress
reported, and once more cancelled after 0.5 s to show that cancel works.
"""
from __future__ import annotations

import argparse
import sys
import threading
import time

import numpy as np


def program(n: int) -> str:
    return (
        "import torch\n"
        f"W = (torch.linspace(-1, 1, {n * n}).reshape({n}, {n}) * 0.5).sin()\n"
        f"x = torch.linspace(-1, 1, {n}).requires_grad_()\n"
        f"b = torch.linspace(0, 0.1, {n}).requires_grad_()\n"
        "out = torch.tanh(W @ x + b)\n"
        f"out.backward(torch.ones({n}))\n")


def symbolic_part(n: int):
    """Time of J (symengine) + evaluation + vᵀJ on the captured program."""
    from core.analysis.analysis import choose
    from core.analysis.runs import capture, discover
    from core.interp import Limits
    from core.interp.parse import parse_program
    from core.symbolic.jacobian import jacobian
    import symengine as se
    prog = parse_program(program(n))
    result, events = discover(prog, Limits())
    event, name = choose(events, result)
    cap = capture(prog, Limits(), event, name)
    out = cap.output
    values = {}
    for t, syms in cap.shadow.leaves:
        for s, v in zip(np.asarray(syms).ravel(), np.asarray(t._data, dtype=np.float64).ravel()):
            values[s] = se.RealDouble(float(v))
    leaves = [cap.namespace["x"], cap.namespace["b"]]
    t0 = time.perf_counter()
    numeric, _ = jacobian(out._sym, [t._sym for t in leaves], values)
    vjp = [np.tensordot(np.ones(n), J, axes=1) for J in numeric]
    return time.perf_counter() - t0, out, cap, numeric, vjp


def sympy_jacobian_time(n: int) -> float:
    import sympy
    W = np.sin(np.linspace(-1, 1, n * n).reshape(n, n).astype(np.float32) * 0.5).astype(np.float64)
    x = sympy.Matrix(sympy.symbols(f"x0:{n}"))
    b = sympy.Matrix(sympy.symbols(f"b0:{n}"))
    expr = (sympy.Matrix(W) * x + b).applyfunc(sympy.tanh)
    t0 = time.perf_counter()
    Jx = expr.jacobian(x)
    Jb = expr.jacobian(b)
    subs = {s: float(v) for s, v in zip(list(x) + list(b), np.concatenate([np.linspace(-1, 1, n),
                                                                          np.linspace(0, 0.1, n)]))}
    np.array(Jx.evalf(subs=subs), dtype=float), np.array(Jb.evalf(subs=subs), dtype=float)
    return time.perf_counter() - t0


def whole(n: int, progress=None, cancel=None) -> float:
    from core.analysis import analyze
    t0 = time.perf_counter()
    a = analyze(program(n), progress=progress, cancel=cancel)
    assert a.match, a.max_abs_diff
    return time.perf_counter() - t0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--big", type=int, default=140)   # W of 19,600 elements: within the symbols' 20,000
    args = ap.parse_args(argv)
    print(f"{'n':>4} {'symbolic J + vJ (s)':>20} {'whole analysis (s)':>19}")
    for n in (16, 64):
        sym_t = min(symbolic_part(n)[0] for _ in range(3))
        whole_t = min(whole(n) for _ in range(2))
        print(f"{n:>4} {sym_t:20.3f} {whole_t:19.3f}" + ("   target <= 1 s" if n == 64 else ""))
        if n == 16:
            sp = sympy_jacobian_time(16)
            print(f"     sympy Matrix.jacobian + evalf at n=16: {sp:.3f} s; ratio sympy / ours = {sp / sym_t:.0f}x")

    n = args.big
    last = [0.0]

    def progress(fraction, text):
        if fraction - last[0] >= 0.25 or fraction >= 1.0:
            last[0] = fraction
            print(f"     n={n}: {fraction:4.0%}  {text}")
            sys.stdout.flush()
    t = whole(n, progress=progress)
    print(f"{n:>4} {'':20} {t:19.3f}   (with progress)")

    from core.symbolic.jacobian import Cancelled
    stop = threading.Event()
    threading.Timer(0.5, stop.set).start()
    t0 = time.perf_counter()
    try:
        whole(n, cancel=stop.is_set)
        print(f"     n={n}: finished before the cancel ({time.perf_counter() - t0:.2f} s)")
    except Cancelled:
        print(f"     n={n}: cancelled after {time.perf_counter() - t0:.2f} s (asked at 0.5 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
