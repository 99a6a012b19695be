"""The corpus of real tutorial programs (tests/data/corpus): pass rate and failures by cause.

    .venv/bin/python tests/corpus_report.py             # from KNOWN_FAILURES (quick, runs nothing)
    .venv/bin/python tests/corpus_report.py --run       # run every program now and report what is true
    .venv/bin/python tests/corpus_report.py --record [PREFIX ...]   # re-record with real PyTorch 2.13
    .venv/bin/python tests/corpus_report.py --machine-evidence ID ...  # real PyTorch's stdout on this CPU
    .venv/bin/python tests/corpus_report.py --also-here   # this CPU prints the evidence too: add it to the file

``--record`` is the shared recorder ``/work/shared/tools/make_oracle.py`` (override with
$MAKE_ORACLE) with ORACLE_CASES set to tests/data/corpus and one change: a top-level numpy
scalar (``np.float64`` is a ``float`` subclass) is written as a plain JSON number, where the
recorder would write ``np.float64(...)``, which is not JSON; an inference tensor's version is
written as null (it has no version counter: the recorder's ``t._version`` raises).  Each program runs in its own
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
    tensor_record = mo._tensor_record

    def inference_tensor_record(torch, t):
        # an inference tensor (made under torch.inference_mode) has no version counter: reading
        # ``_version`` raises, so its version is written as null
        if not t.is_inference():
            return tensor_record(torch, t)
        cls = type(t)
        cls._version = property(lambda self: 0)   # shadows the C getter for this one record
        try:
            rec = tensor_record(torch, t)
        finally:
            del cls._version
        rec["version"] = None
        return rec

    mo._tensor_record = inference_tensor_record
    status = mo.main(list(prefixes))
    note_recorded_here(mo.list_cases(list(prefixes)))
    return status


def note_recorded_here(ids) -> None:
    """Programs recorded on the evidence's CPU (not the modelled one, core/machine.py) are listed in the
    evidence file, so a program whose digits are this CPU's can be told from one whose digits are wrong."""
    import json

    evidence = json.loads(MACHINE_EVIDENCE.read_text())
    if this_machine() not in evidence_machines(evidence):
        print(f"note: recorded on {this_machine()}; tests/data/corpus was recorded on {RECORDING_MACHINE}",
              file=sys.stderr)
        return
    here = set(evidence.get("recorded_on_this_machine", ())) | set(ids)
    evidence["recorded_on_this_machine"] = sorted(here)
    MACHINE_EVIDENCE.write_text(json.dumps(evidence, indent=1, ensure_ascii=False) + "\n")


MACHINE_EVIDENCE = ROOT / "tests" / "data" / "corpus_machine_evidence.json"
RECORDING_MACHINE = "an Intel x86-64 CPU with AVX-512 (as the session that recorded tests/data/corpus reported it)"


def this_machine() -> dict:
    """What picks PyTorch's CPU kernels here: the CPU (vendor, model) and the kernel level torch chose."""
    import torch

    cpu = {}
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        key, _, value = line.partition(":")
        key = key.strip()
        if key in ("vendor_id", "model name", "cpu family", "model") and key not in cpu:
            cpu[key] = value.strip()
    cpu["torch_cpu_capability"] = torch.backends.cpu.get_cpu_capability()
    return cpu


def _stdout_with_real_torch(case_id: str) -> str:
    """Real PyTorch's stdout for one corpus program, run as the recorder runs it (its own process, torch
    seeded with 0, one thread)."""
    import subprocess

    script = ("import json, sys, importlib.util\n"
              "spec = importlib.util.spec_from_file_location('make_oracle', sys.argv[1])\n"
              "mo = importlib.util.module_from_spec(spec); spec.loader.exec_module(mo)\n"
              "import torch\n"
              "torch.set_num_threads(1)\n"
              "mo._reset_torch_state(torch)\n"
              "path = sys.argv[2]\n"
              "rec, _ = mo._phase_record(torch, path, open(path).read())\n"
              "sys.stdout.write(json.dumps(rec['stdout']))\n")
    with __import__("tempfile").TemporaryDirectory() as scratch:
        done = subprocess.run([sys.executable, "-c", script, RECORDER, str(CORPUS / (case_id + ".py"))],
                              capture_output=True, text=True, timeout=300, cwd=scratch, check=True)
    import json

    return json.loads(done.stdout)


def evidence_machines(evidence: dict) -> list:
    """The CPUs on which real PyTorch printed the evidence (and the recordings of the programs recorded
    on its CPU): the one that made it, and those --also-here confirmed."""
    return [evidence["machine"], *evidence.get("also_printed_on", ())]


def confirm_here() -> int:
    """Run the evidence's programs, and the programs recorded on its CPU with that CPU's digits
    (RECORDED_ON_AVX2), with real PyTorch here; when it prints exactly the evidence and those recordings,
    add this CPU to the evidence's ``also_printed_on``."""
    import json

    sys.path.insert(0, str(ROOT))
    from tests.core.test_corpus import KNOWN_FAILURES, RECORDED_ON_AVX2

    evidence = json.loads(MACHINE_EVIDENCE.read_text())
    expected = dict(evidence["programs"])
    expected.update({pid: json.loads((CORPUS / (pid + ".json")).read_text())["stdout"]
                     for pid, cause in KNOWN_FAILURES.items() if cause == RECORDED_ON_AVX2})
    differ = [pid for pid in sorted(expected) if _stdout_with_real_torch(pid) != expected[pid]]
    if differ:
        print("this CPU's PyTorch prints otherwise:", ", ".join(differ))
        return 1
    if this_machine() not in evidence_machines(evidence):
        evidence.setdefault("also_printed_on", []).append(this_machine())
        MACHINE_EVIDENCE.write_text(json.dumps(evidence, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(expected)} programs: printed as on {evidence['machine']['model name']} "
          f"({len(evidence_machines(evidence))} CPUs)")
    return 0


def machine_evidence(ids) -> int:
    """Write what real PyTorch 2.13 prints for ``ids`` on this machine to tests/data/corpus_machine_evidence.json."""
    import json

    import torch

    evidence = {
        "what": ("stdout of real PyTorch for corpus programs whose recording (tests/data/corpus/<id>.json, made "
                 "on an Intel x86-64 CPU with AVX-512) PyTorch itself does not reproduce on this CPU: MKL and "
                 "PyTorch pick their float32 kernels by CPU, so the same wheel prints other last digits here. "
                 "Made by tests/corpus_report.py --machine-evidence (each program in its own process, torch "
                 "seeded with 0, one thread, as the recorder runs it)."),
        "torch_version": torch.__version__,
        "recordings_made_on": RECORDING_MACHINE,
        "machine": this_machine(),
        "programs": {i: _stdout_with_real_torch(i) for i in ids},
    }
    MACHINE_EVIDENCE.write_text(json.dumps(evidence, indent=1, ensure_ascii=False) + "\n")
    for i in ids:
        recorded = json.loads((CORPUS / (i + ".json")).read_text())["stdout"]
        print(i, "differs from the recording" if recorded != evidence["programs"][i] else "SAME as the recording")
    return 0


# what issue 11 left to issue 12: torch.nn, optim, and PyTorch's random numbers
NEEDS_ISSUE_12 = re.compile(r"\bnn\.|\boptim\b|\b(?:torch|t)\.(?:rand|randn|randint|randperm|normal|bernoulli|"
                            r"multinomial|manual_seed|rand_like|randn_like)\b|\.(?:uniform_|normal_|random_|"
                            r"bernoulli_|exponential_)\(|\bdropout\b")


def report(run: bool) -> None:
    from tests.core.test_corpus import (CANNOT_MATCH, KNOWN_FAILURES, MACHINE_DEPENDENT, PROGRAMS, RECORDED_ON_AVX2,
                                        check, source_of)

    # what no run of the engine can print: output that differs from run to run, and recordings of a CPU whose
    # PyTorch rounds otherwise than the one the engine models (an Intel recording that PyTorch on another CPU
    # does not reproduce, MACHINE_DEPENDENT, the engine can still match: it models the Intel CPU)
    NEVER = {c for c in CANNOT_MATCH if not c.startswith("float32 rounding") and c != MACHINE_DEPENDENT} | \
        {RECORDED_ON_AVX2}

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
    for label, group in (("that a run of the engine could match (no id, timing, uninitialized memory, unseeded "
                          "numpy/Python random numbers, or digits of a CPU whose PyTorch rounds otherwise than the "
                          "modelled one)", reproducible),
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
    if args[:1] == ["--machine-evidence"]:
        sys.exit(machine_evidence(args[1:]))
    if args[:1] == ["--also-here"]:
        sys.exit(confirm_here())
    if args[:1] == ["--record"]:
        sys.exit(record(args[1:]))
    report(run=args[:1] == ["--run"])
