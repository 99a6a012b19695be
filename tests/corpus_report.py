"""The corpus of real tutorial programs (tests/data/corpus): pass rate and failures by cause.

    .venv/bin/python tests/corpus_report.py             # from KNOWN_FAILURES (quick, runs nothing)
    .venv/bin/python tests/corpus_report.py --run       # run every program now and report what is true
    .venv/bin/python tests/corpus_report.py --record [PREFIX ...]   # re-record with real PyTorch 2.13

``--record`` is the shared recorder ``/work/shared/tools/make_oracle.py`` (override with
$MAKE_ORACLE) with ORACLE_CASES set to tests/data/corpus and one change: a top-level numpy
scalar (``np.float64`` is a ``float`` subclass) is written as a plain JSON number, where the
recorder would write ``np.float64(...)``, which is not JSON.  Each program runs in its own
forked process with real torch, as for tests/data/oracle.
"""
from __future__ import annotations

import builtins
import importlib.util
import os
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CORPUS = ROOT / "tests" / "data" / "corpus"
RECORDER = os.environ.get("MAKE_ORACLE", "/work/shared/tools/make_oracle.py")


def record(prefixes) -> int:
    os.environ["ORACLE_CASES"] = str(CORPUS)
    spec = importlib.util.spec_from_file_location("make_oracle", RECORDER)
    mo = importlib.util.module_from_spec(spec)
    sys.modules["make_oracle"] = mo  # the forked pool finds its task function by this name
    spec.loader.exec_module(mo)
    plain = mo._scalar

    def scalar(x):
        if isinstance(x, float) and type(x) is not float:
            x = float(x)
        elif isinstance(x, int) and type(x) not in (int, bool):
            x = int(x)
        return plain(x)

    mo._scalar = scalar
    return mo.main(list(prefixes))


# what issue 11 left to issue 12: torch.nn, optim, and PyTorch's random numbers
NEEDS_ISSUE_12 = re.compile(r"\bnn\.|\boptim\b|\b(?:torch|t)\.(?:rand|randn|randint|randperm|normal|bernoulli|"
                            r"multinomial|manual_seed|rand_like|randn_like)\b|\.(?:uniform_|normal_|random_|"
                            r"bernoulli_|exponential_)\(|\bdropout\b")


def report(run: bool) -> None:
    from tests.core.test_corpus import CANNOT_MATCH, KNOWN_FAILURES, PROGRAMS, check, source_of

    NEVER = {c for c in CANNOT_MATCH if not c.startswith("float32 rounding")}

    ids = [p.stem for p in PROGRAMS]
    if run:
        failing = {}
        for p in PROGRAMS:
            diffs = check(p)
            if diffs:
                failing[p.stem] = KNOWN_FAILURES.get(p.stem, "NOT IN KNOWN_FAILURES: " + diffs[0].splitlines()[0])
        stale = sorted(set(KNOWN_FAILURES) - set(failing))
    else:
        failing = {k: v for k, v in KNOWN_FAILURES.items() if k in ids}
        stale = []
    n = len(ids)
    passed = n - len(failing)
    sources = Counter(source_of(i) for i in ids)
    print(f"{n} programs from {len(sources)} sources; {passed} run exactly as PyTorch 2.13 ran them "
          f"({100 * passed / n:.0f}%)" + ("" if run else " (from KNOWN_FAILURES; --run to check)"))
    reproducible = [p for p in PROGRAMS if KNOWN_FAILURES.get(p.stem) not in NEVER]
    plain = [p for p in reproducible if not NEEDS_ISSUE_12.search(p.read_text())]
    for label, group in (("that any run could match (no id, timing, uninitialized memory or unseeded "
                          "numpy/Python random numbers)", reproducible),
                         ("of those that need none of issue 12's surface (torch.nn, optim, torch's random numbers)",
                          plain)):
        ok = sum(p.stem not in failing for p in group)
        print(f"  {ok} of the {len(group)} programs {label} match ({100 * ok / builtins.max(len(group), 1):.1f}%)")
    by_cause = Counter(failing.values())
    print(f"\n{len(failing)} failing, by cause:")
    for cause, count in by_cause.most_common():
        print(f"  {count:3d}  {cause}")
        for pid in sorted(k for k, v in failing.items() if v == cause):
            print(f"         {pid}")
    if stale:
        print("\npassing now but still in KNOWN_FAILURES (remove them):")
        for pid in stale:
            print("  ", pid)


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--record"]:
        sys.exit(record(args[1:]))
    report(run=args[:1] == ["--run"])
