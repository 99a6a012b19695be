"""How the analysis scales: its wall time against the program's own run (issue 13's programs).

    python -m bench.scaling [--pytorch off|auto] [--only NAME]

For each program: the time of one run of the program (``run_program``, what the user waits for
anyway), the time of the whole analysis path the CLI and the app take (``analyse_source``: the run
shown, the capture run, the witnesses, the trace and the layout), their ratio, the peak memory of
the process, what the verdict rests on and whether it agrees.  Issue 13's target: a verdict within
3x the run time + 0.5 s, none over 30 s or 3 GB.  Each program runs in its own process, so the peak
memory is its own.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "corpus"
PROGRAMS = {
    "two tanh layers 30x30": """
import torch
torch.manual_seed(0)
W1 = torch.randn(30, 30, requires_grad=True)
W2 = torch.randn(30, 30, requires_grad=True)
x = torch.randn(30)
out = torch.tanh(W2 @ torch.tanh(W1 @ x))
out.backward(torch.ones(30))
""",
    "a 400x400 leaf": """
import torch
w = torch.randn(400, 400, requires_grad=True)
(w ** 2).sum().backward()
""",
    "y = y*y + y, 24 deep": """
import torch
x = torch.tensor([0.1], requires_grad=True)
y = x
for i in range(24):
    y = y * y + y
y.backward()
""",
    "200x200 matmul, both leaves": """
import torch
a = torch.randn(200, 200, requires_grad=True)
b = torch.randn(200, 200, requires_grad=True)
(a @ b).sum().backward()
""",
    "20,000 sin ops": """
import torch
x = torch.tensor([0.5], requires_grad=True)
y = x
for i in range(20000):
    y = torch.sin(y)
y.backward()
""",
    # two real tutorial programs of the corpus: PyTorch's LeNet (61,706 parameters, one backward) and the
    # nn.Sequential loop of "Learning PyTorch with Examples" (64x1000 -> 100 -> 10, 500 steps)
    "LeNet (61,706 parameters)": CORPUS / "pttut_neural_networks_tutorial.py",
    "nn.Sequential training, 64x1000 -> 100 -> 10, 500 steps": CORPUS / "jcjohnson_two_layer_net_nn.py",
}


def _child(name: str, pytorch: str) -> dict:
    import resource

    from core.analysis.pipeline import analyse_source
    from core.interp import run_program
    source = PROGRAMS[name]
    source = source.read_text() if isinstance(source, Path) else source
    start = time.perf_counter()
    run = run_program(source)
    run_s = time.perf_counter() - start
    start = time.perf_counter()
    outcome = analyse_source(source, pytorch=pytorch)
    analysis_s = time.perf_counter() - start
    a = outcome.analysis
    return {"run_s": run_s, "run_error": None if run.error is None else run.error.type,
            "analysis_s": analysis_s, "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "basis": None if a is None else a.verdict_basis, "match": None if a is None else a.match,
            "note": outcome.note}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pytorch", default="off", choices=["off", "auto"])
    parser.add_argument("--only", default=None)
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.child is not None:
        print(json.dumps(_child(options.child, options.pytorch)))
        return 0
    print(f"{'program':58} {'run':>7} {'analysis':>9} {'ratio':>6} {'target':>7} {'peak':>8}  verdict")
    for name in PROGRAMS:
        if options.only and options.only not in name:
            continue
        done = subprocess.run([sys.executable, "-m", "bench.scaling", "--child", name, "--pytorch", options.pytorch],
                              capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            print(f"{name:58} failed: {done.stderr.strip().splitlines()[-1:]}")
            continue
        r = json.loads(done.stdout.strip().splitlines()[-1])
        target = 3 * r["run_s"] + 0.5
        verdict = f"{r['basis']}, {'agree' if r['match'] else r['match']}" if r["basis"] else r["note"]
        print(f"{name:58} {r['run_s']:6.2f}s {r['analysis_s']:8.2f}s {r['analysis_s'] / r['run_s']:5.1f}x "
              f"{'ok' if r['analysis_s'] <= target else 'over':>7} {r['peak_mb']:6.0f}MB  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
