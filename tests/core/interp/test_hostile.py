"""The hostile corpus (tests/data/hostile): every program is refused before it
runs, stopped by a limit, or raises its own error; none touches the file
system, hangs, kills the process or leaves the engine changed.

Each file starts with ``# expect: rejected|limit|raised`` and ``# why: ...``.
The token ``CANARY`` in a program is replaced by the path of a file in a fresh
temporary directory that must still not exist afterwards.  Every program runs
in a forked child (see conftest.py) with ``Limits(max_seconds=2)``; the child
is killed after HARD_TIMEOUT seconds, so a hang is a failure, not a stuck run.

"Stopped by a limit" means one of the interpreter's limits (type LimitExceeded).
The child runs under an address-space cap (conftest.py) only to keep the
machine alive: a program that ends in MemoryError there got past every limit
and, in the app, would go on allocating; that is reported as a failure.
"""
import re
from pathlib import Path

import pytest

HOSTILE = Path(__file__).resolve().parents[2] / "data" / "hostile"
FILES = sorted(HOSTILE.glob("*.py"))
MAX_SECONDS = 2.0
RETURN_WITHIN = 5.0        # "within a few seconds" of a 2-second limit
HARD_TIMEOUT = 6.0         # then the child is killed
HEADER = re.compile(r"# expect: (rejected|limit|raised)\n# why: \S.*\n")
REJECTION_TYPES = {"ProgramRejected", "SyntaxError"}


def _header(path):
    text = path.read_text()
    m = HEADER.match(text)
    assert m, f"{path.name}: the first two lines must be '# expect: ...' and '# why: ...'"
    return m.group(1), text


def test_corpus_is_large_and_well_formed():
    assert len(FILES) >= 60
    kinds = {}
    for f in FILES:
        assert re.fullmatch(r"\d{2,3}_[a-z0-9_]+\.py", f.name), f.name
        kind, _ = _header(f)
        kinds[kind] = kinds.get(kind, 0) + 1
    assert set(kinds) == {"rejected", "limit", "raised"}
    assert len({int(f.name.split("_")[0]) for f in FILES}) == len(FILES), "numbers must be unique"


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_hostile_program(path, tmp_path, isolated):
    expect, text = _header(path)
    canary_dir = tmp_path / "canary"
    canary_dir.mkdir()
    canary = canary_dir / "canary_written_by_hostile_program"
    workdir = tmp_path / "cwd"
    workdir.mkdir()
    source = text.replace("CANARY", str(canary))

    out = isolated(source, limits={"max_seconds": MAX_SECONDS}, timeout=HARD_TIMEOUT, workdir=str(workdir))
    problems = _problems(expect, source, out)

    # the file system: the canary and the child's working directory
    if canary.exists():
        problems.append(f"the program created the canary file {canary}")
    if list(canary_dir.iterdir()) or list(workdir.iterdir()):
        problems.append(f"files appeared: {sorted(p.name for p in canary_dir.iterdir())} "
                        f"{sorted(p.name for p in workdir.iterdir())}")
    assert not problems, f"{path.name} (expect {expect}):\n  " + "\n  ".join(problems) + \
        f"\n  result: {_short(out.result)}"


def _problems(expect, source, out):
    p = []
    if out.hung:
        return [f"did not return within {HARD_TIMEOUT} s with max_seconds={MAX_SECONDS} (the child was killed)"]
    if out.result is None:
        return [f"the process died (exit code {out.exitcode}) while running the program"]
    r = out.result
    if "child_failure" in r:
        return ["the test harness failed in the child:\n" + r["child_failure"]]
    if out.exitcode != 0:
        p.append(f"the process did not exit normally (exit code {out.exitcode})")
    if "escaped" in r:
        p.append(f"run_program raised instead of returning a result: {r['escaped']}")
    elif r["elapsed"] >= RETURN_WITHIN:
        p.append(f"run_program took {r['elapsed']:.1f} s (limit {MAX_SECONDS} s)")

    err = r.get("error")
    if "escaped" not in r:
        if err is None:
            p.append(f"the program ran to the end without an error (stdout {r.get('stdout', '')[:200]!r})")
        else:
            if err["kind"] != expect:
                p.append(f"kind {err['kind']!r} ({err['type']}: {err['message'][:200]}), expected {expect!r}")
            if not (isinstance(err["type"], str) and err["type"]):
                p.append(f"error type {err['type']!r} is not a name")
            if not (isinstance(err["message"], str) and err["message"].strip()):
                p.append("the error message is empty")
            n_lines = len(source.splitlines())
            line = err["line"]
            if err["kind"] == "rejected":
                if err["type"] not in REJECTION_TYPES:
                    p.append(f"a rejection of type {err['type']!r}")
                if not (isinstance(line, int) and 1 <= line <= n_lines):
                    p.append(f"a rejection without a valid line number: {line!r}")
            elif err["kind"] == "limit":
                if err["type"] != "LimitExceeded":
                    p.append(f"stopped by {err['type']} ({err['message']}), not by one of the interpreter's limits "
                             "(without the test's address-space cap this allocation would go ahead)")
                elif "--max-" not in err["message"]:
                    p.append(f"the limit message does not say how to change it: {err['message']!r}")
            elif err["kind"] == "raised":
                # a refusal while running (a format string built at run time) is the program's error,
                # type ProgramRejected, kind raised
                if err["type"] in ("LimitExceeded", "MemoryError"):
                    p.append(f"kind 'raised' with type {err['type']}")
                if not (isinstance(line, int) and 1 <= line <= n_lines):
                    p.append(f"a raised error without a valid line number: {line!r}")

    # the engine's process-wide state is back, and the interpreter still works
    before, after = r.get("state_before"), r.get("state_after")
    if after is not None:
        if not after["grad_enabled"]:
            p.append("grad mode was left disabled")
        if not after["guard_is_none"]:
            p.append("the registry size guard was left installed")
        if after != before:
            p.append(f"process-wide engine state changed: {before} -> {after}")
    benign = r.get("benign")
    if benign is not None and not benign["ok"]:
        p.append(f"the interpreter is not usable afterwards: {benign}")
    if r.get("state_after_benign") not in (None, before):
        p.append("a benign run after the hostile one left the engine state changed")
    return p


def _short(result):
    if result is None:
        return None
    keep = {k: result[k] for k in ("error", "escaped", "elapsed") if k in result}
    if "elapsed" in keep:
        keep["elapsed"] = round(keep["elapsed"], 2)
    if result.get("stdout"):
        keep["stdout"] = result["stdout"][:120]
    return keep
