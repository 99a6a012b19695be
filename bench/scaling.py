"""How the analysis scales: its wall time against the program's own run (issue 13's programs).

    python -m bench.scaling [--pytorch off|auto] [--only NAME]

For each program: the time of one run of the program (``run_program``, what the user waits for
anyway); the time until the numeric verdict (``numeric``: what the app shows first) and of the whole
analysis path the CLI takes (``whole``: ``analyse_source`` with its default budget, the run shown,
the capture run, the witnesses, the symbolic J as far as the verdict's target allows, the trace and
the layout); the whole's ratio to the run, the peak memory of the process, the time and size of the
analysis's JSON (what ``run --json`` writes after the whole, not counted in it), what the verdict
rests on, whether it agrees, and what became of the symbolic J.  Issue 13's target: a verdict within 3x
the run time + 0.5 s, none over 30 s or 3 GB.  Each program runs in its own process, so the peak
memory is its own.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from core.analysis.budget import TARGET_RUNS, TARGET_SLACK

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
    # the 110-s program: symbols for 10,000 elements, one sum of 10,000 terms (numpy added them one by one)
    "a 100x100 leaf, (w ** 2).sum()": """
import torch
w = torch.randn(100, 100, requires_grad=True)
(w ** 2).sum().backward()
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
    first = []
    start = time.perf_counter()
    outcome = analyse_source(source, pytorch=pytorch, numeric=lambda a: first.append(time.perf_counter() - start))
    analysis_s = time.perf_counter() - start
    a = outcome.analysis
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024     # (before the JSON)
    start = time.perf_counter()
    text = json.dumps(outcome.analysis_json())       # what `run --json` then writes of it
    json_s, json_mb = time.perf_counter() - start, len(text) / 1e6
    symbolic = None if a is None else a.witnesses.get("symbolic", {})
    return {"run_s": run_s, "run_error": None if run.error is None else run.error.type,
            "numeric_s": first[0] if first else None, "analysis_s": analysis_s, "json_s": json_s, "json_mb": json_mb,
            "peak_mb": peak_mb,
            "basis": None if a is None else a.verdict_basis, "match": None if a is None else a.match,
            "on": None if a is None else a.verdict_witnesses,
            "symbolic": None if symbolic is None else symbolic.get("state"),
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
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"{'program':58} {'run':>7} {'numeric':>8} {'whole':>8} {'ratio':>6} {'target':>9} {'peak':>8} "
          f"{'JSON':>14}  verdict")
    for name in PROGRAMS:
        if options.only and options.only not in name:
            continue
        done = subprocess.run([sys.executable, "-m", "bench.scaling", "--child", name, "--pytorch", options.pytorch],
                              capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            print(f"{name:58} failed: {done.stderr.strip().splitlines()[-1:]}")
            continue
        r = json.loads(done.stdout.strip().splitlines()[-1])
        target = TARGET_RUNS * r["run_s"] + TARGET_SLACK
        verdict = (f"{r['basis']} ({', '.join(r['on']) or '-'}), {'agree' if r['match'] else r['match']}; "
                   f"symbolic {r['symbolic']}" if r["basis"] else r["note"])
        numeric = "-" if r["numeric_s"] is None else f"{r['numeric_s']:.2f}s"
        # the target, for the numeric verdict (what the app shows first) / for the whole report (the CLI's)
        met = "/".join("ok" if s is not None and s <= target else "over" for s in (r["numeric_s"], r["analysis_s"]))
        print(f"{name:58} {r['run_s']:6.2f}s {numeric:>8} {r['analysis_s']:7.2f}s {r['analysis_s'] / r['run_s']:5.1f}x "
              f"{met:>9} {r['peak_mb']:6.0f}MB {r['json_s']:5.2f}s {r['json_mb']:5.1f}MB  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
