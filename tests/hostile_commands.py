"""Every hostile program through the two commands a user runs, as issue 14 asks: ``run --json``
and ``report`` end within 45 s and 3 GB, exit 0-3, with their JSON and their HTML, and write
nothing else.

    python tests/hostile_commands.py [NAME_PREFIX ...]

Each command runs in a fresh process (as a user starts it) in an empty directory; its wall
time and peak memory (the command and its children, from ``wait4``) are measured.  Prints one
line per program and command, then the worst; exits 1 when any program broke a bound.  Slow
(two processes per program): test_hostile.py runs the programs in the test suite, and
tests/core/test_isolate.py the command-level cases; this is the whole-corpus check.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOSTILE = ROOT / "tests" / "data" / "hostile"
MAX_SECONDS, MAX_BYTES = 45.0, 3 * 2 ** 30


def measure(args, cwd) -> tuple[int, float, int, str]:
    """(exit status, seconds, peak bytes of the process tree, stdout)."""
    start = time.monotonic()
    with open(os.path.join(cwd, ".stdout"), "wb") as out:
        proc = subprocess.Popen(args, cwd=cwd, stdout=out, stderr=subprocess.DEVNULL,
                                env=dict(os.environ, BACKPROP_LENS_PYTORCH="off"))
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        except ChildProcessError:
            status, usage = 0, None
    seconds = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)
    text = Path(cwd, ".stdout").read_text(errors="replace")
    os.unlink(os.path.join(cwd, ".stdout"))
    return code, seconds, (usage.ru_maxrss * 1024 if usage else 0), text


def check(path: Path) -> list[str]:
    problems, lines = [], []
    with tempfile.TemporaryDirectory() as cwd:
        program = Path(cwd, "program.py")
        program.write_text(path.read_text())
        code, seconds, peak, text = measure([sys.executable, "-m", "core", "run", "program.py", "--json",
                                             "--pytorch", "off"], cwd)
        lines.append(f"run    {code} {seconds:5.1f} s {peak / 2 ** 20:6.0f} MB")
        try:
            json.loads(text)
        except ValueError:
            problems.append("run: no JSON")
        problems += _bounds("run", code, seconds, peak)
        code, seconds, peak, _ = measure([sys.executable, "-m", "core", "report", "program.py", "-o", "r.html",
                                          "--pytorch", "off"], cwd)
        lines.append(f"report {code} {seconds:5.1f} s {peak / 2 ** 20:6.0f} MB")
        if not Path(cwd, "r.html").is_file():
            problems.append("report: no HTML")
        problems += _bounds("report", code, seconds, peak)
        extra = sorted(set(os.listdir(cwd)) - {"program.py", "r.html"})
        if extra:
            problems.append(f"files written: {extra}")
    print(f"{path.name:50s} " + " | ".join(lines) + ("  " + "; ".join(problems) if problems else ""), flush=True)
    return problems


def _bounds(command, code, seconds, peak):
    p = []
    if code not in (0, 1, 2, 3):
        p.append(f"{command}: exit {code}")
    if seconds > MAX_SECONDS:
        p.append(f"{command}: {seconds:.0f} s")
    if peak > MAX_BYTES:
        p.append(f"{command}: {peak / 2 ** 30:.1f} GB")
    return p


def main(prefixes):
    files = sorted(HOSTILE.glob("*.py"), key=lambda p: int(p.name.split("_")[0]))
    if prefixes:
        files = [f for f in files if f.name.startswith(tuple(prefixes))]
    bad = {f.name: p for f in files if (p := check(f))}
    print(f"\n{len(files) - len(bad)} of {len(files)} within {MAX_SECONDS:g} s and {MAX_BYTES / 2 ** 30:g} GB, "
          "JSON and HTML written, nothing else")
    for name, p in bad.items():
        print(f"  {name}: {'; '.join(p)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
