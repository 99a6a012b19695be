"""The headless command: ``backprop-lens run PROGRAM.py --json`` (DESIGN.md, "Headless contract").

(a) every recorded program (tests/data/examples, tests/data/oracle) run through the
    command reproduces PyTorch's recorded stdout, error and tensors;
(b) ``python -m core run`` and the installed ``backprop-lens`` script, in subprocesses:
    exit statuses, and Qt is never imported;
(c) the terminal summary; (d) non-finite numbers; (e) usage errors.
"""
from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from core.cli import main, parse_grad_tensor
from core.report_json import finite_json, run_to_json, tensor_record
from tests.oracle import case_paths, close, load_expected

REPO_ROOT = Path(__file__).resolve().parents[2]
CASES = case_paths()
VENV_SCRIPT = REPO_ROOT / ".venv" / "bin" / "backprop-lens"
NON_FINITE = {"nan": math.nan, "inf": math.inf, "-inf": -math.inf}


def strict_loads(text: str):
    """json.loads that refuses the NaN/Infinity tokens (as strict JSON parsers do)."""
    def refuse(token):
        raise ValueError(f"non-standard JSON token {token}")
    return json.loads(text, parse_constant=refuse)


def from_strings(x):
    """The command's "nan"/"inf"/"-inf" strings back to floats (the recordings use NaN tokens)."""
    if isinstance(x, str):
        return NON_FINITE[x]
    if isinstance(x, list):
        return [from_strings(v) for v in x]
    return x


def run_json(capsys, *args) -> tuple[int, dict, str]:
    code = main(["run", *map(str, args), "--json"])
    captured = capsys.readouterr()
    return code, strict_loads(captured.out), captured.err


def run_text(capsys, *args) -> tuple[int, str, str]:
    code = main(["run", *map(str, args)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def write(tmp_path: Path, text: str, name: str = "prog.py") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- (a) every recorded program ---------------------------------------------------------------
def test_corpus_is_there():
    assert len(CASES) >= 200
    # type(x).__name__ runs (issue 11): the eight recordings that use it were rejected before
    assert sum("__name__" in p.read_text() for p in CASES) >= 8


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_recorded_program(path, capsys):
    expected = load_expected(path)
    code, got, err = run_json(capsys, path)
    assert set(got) - {"analysis_note"} == {"stdout", "error", "warnings", "notes", "tensors", "analysis", "texts"}
    assert (got["analysis"] is None) == ("analysis_note" in got)
    check_analysis(path, expected, got)

    assert got["stdout"] == expected["stdout"]
    ee, ge = expected["error"], got["error"]
    if ee is None:
        assert ge is None, ge
        assert code == 0
    else:
        assert ge is not None, f"expected {ee['type']}: {ee['message']}"
        assert (ge["type"], ge["message"], ge["line"]) == (ee["type"], ee["message"], ee["line"])
        if "inner_line" in ee:
            assert ge.get("inner_line") == ee["inner_line"]
        assert ge["kind"] == "raised"
        assert code == 1
    assert got["warnings"] == [f"{w['category']}: {w['message']}" for w in expected["warnings"]]
    assert got["notes"] == []   # the recorded programs call no gc or pdb

    assert list(got["tensors"]) == list(expected["tensors"])
    for name, et in expected["tensors"].items():
        gt = got["tensors"][name]
        for key in ("shape", "dtype", "requires_grad", "is_leaf", "grad_fn"):
            assert gt[key] == et[key], f"{name}.{key}: got {gt[key]!r}, expected {et[key]!r}"
        for key in ("value", "grad"):
            assert close(from_strings(gt[key]), et[key]), f"{name}.{key}: got {gt[key]!r}, expected {et[key]!r}"


def check_analysis(path, expected, got):
    """Where PyTorch recorded the Jacobian of `out` at its first backward, the command's
    analysis (of the first differentiated tensor) has the same J, vᵀJ and backward."""
    jac = expected.get("jacobian") or {}
    a = got["analysis"]
    if a is None or not jac.get("jacobian") or a["output"] != "out" or a["engine_error"] is not None:
        return
    import numpy as np
    nan_ok = path.stem in ("op_exp_log", "op_pow_scalar_exponents", "op_sqrt_at_zero")  # autograd's 0 * inf
    for leaf, J in jac["jacobian"].items():
        ours = np.array(from_strings(a["jacobian"][leaf]), dtype=float)
        rec = np.array(J, dtype=float)
        if nan_ok:
            rec = np.where(np.isnan(rec) & (ours == 0), 0.0, rec)
        assert np.allclose(ours, rec, rtol=1e-5, atol=1e-6, equal_nan=True), leaf
    for leaf, V in jac.get("vjp", {}).items():
        if a["vjp"] is not None:
            assert close(from_strings(a["vjp"][leaf]), V) and close(from_strings(a["backward"][leaf]), V)
    assert a["match"] is True


# --- (b) subprocesses: python -m core, the console script; no Qt ------------------------------
OK_PROGRAM = "import torch\nx = torch.tensor([1., 2.], requires_grad=True)\n(x * x).sum().backward()\nprint(x.grad)\n"
RAISING_PROGRAM = "import torch\nx = torch.ones(2)\ny = torch.ones(3)\nz = x + y\n"
REJECTED_PROGRAM = "import subprocess\nprint(subprocess.run(['ls']))\n"


def qt_modules(importtime_log: str) -> list[str]:
    """Qt modules named in a -X importtime log (one line per module the process imported)."""
    names = [line.rsplit("|", 1)[-1].strip() for line in importtime_log.splitlines() if line.startswith("import time:")]
    return [n for n in names if n.split(".")[0] in ("PySide6", "shiboken6")]


def run_subprocess(command: list[str], cwd: Path) -> subprocess.CompletedProcess:
    # PYTHONPROFILEIMPORTTIME lists every module the process imports on stderr (like -X importtime)
    env = dict(os.environ, PYTHONPROFILEIMPORTTIME="1", PYTHONPATH=str(REPO_ROOT))
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def check_headless(command: list[str], tmp_path: Path):
    ok, raising, rejected = (write(tmp_path, OK_PROGRAM, "ok.py"), write(tmp_path, RAISING_PROGRAM, "raising.py"),
                             write(tmp_path, REJECTED_PROGRAM, "rejected.py"))
    for path, status in ((ok, 0), (raising, 1), (rejected, 2)):
        result = run_subprocess(command + ["run", str(path), "--json"], tmp_path)
        assert result.returncode == status, result.stdout + result.stderr[-3000:]
        assert qt_modules(result.stderr) == []
        assert "import time:" in result.stderr  # the check above really saw the imports
        report = strict_loads(result.stdout)
        if status == 0:
            assert report["stdout"] == "tensor([2., 4.])\n" and report["error"] is None
            assert report["tensors"]["x"]["grad"] == [2.0, 4.0]
        elif status == 1:
            assert report["error"]["type"] == "RuntimeError" and report["error"]["line"] == 4
            assert list(report["tensors"]) == ["x", "y"]
        else:
            assert report["error"]["line"] == 1 and report["error"]["kind"] == "rejected"
    missing = run_subprocess(command + ["run", str(tmp_path / "missing.py"), "--json"], tmp_path)
    assert missing.returncode == 2
    assert "cannot read" in missing.stderr and "No such file" in missing.stderr
    assert missing.stdout == ""
    assert qt_modules(missing.stderr) == []


def test_python_dash_m_core(tmp_path):
    check_headless([sys.executable, "-m", "core"], tmp_path)


@pytest.mark.skipif(not VENV_SCRIPT.exists(), reason="the backprop-lens console script is not installed in .venv")
def test_installed_console_script(tmp_path):
    check_headless([str(VENV_SCRIPT)], tmp_path)


def test_python_dash_m_core_terminal_summary(tmp_path):
    path = write(tmp_path, RAISING_PROGRAM)
    result = run_subprocess([sys.executable, "-m", "core", "run", str(path)], tmp_path)
    assert result.returncode == 1
    assert "line 4" in result.stdout and "z = x + y" in result.stdout
    assert qt_modules(result.stderr) == []


# --- (c) the terminal summary -------------------------------------------------------------------
def test_summary_shows_error_line_and_source(tmp_path, capsys):
    path = write(tmp_path, "import torch\nx = torch.ones(2, requires_grad=True)\nprint('before')\n"
                           "y = (x * 2).sum()\ny.backward()\ny.backward()\n")
    code, out, err = run_text(capsys, path)
    assert code == 1
    assert "before" in out
    assert "line 6: RuntimeError: Trying to backward through the graph a second time" in out
    assert "    6 | y.backward()" in out
    # the tensor table: name, shape, dtype, requires_grad, grad_fn, grad
    x_row = next(line for line in out.splitlines() if line.startswith("x "))
    assert x_row.split() == ["x", "[2]", "float32", "yes", "yes", "-", "[2,", "2]"]
    y_row = next(line for line in out.splitlines() if line.startswith("y "))
    assert "SumBackward0" in y_row
    # the analysis of the first backward (line 5), before the failing second one
    assert "output: y, shape [] (differentiated on line 5)" in out
    assert "verdict: vᵀJ and backward agree" in out


def test_summary_shows_caret_for_rejected_program(tmp_path, capsys):
    path = write(tmp_path, "import torch\nx = torch.ones(2)\nprint(x.__mro__)\n")
    code, out, err = run_text(capsys, path)
    assert code == 2
    assert "rejected before running" in out and "── tensors" not in out
    lines = out.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("    3 | "))
    assert lines[i] == "    3 | print(x.__mro__)"
    caret = lines[i + 1]
    assert caret.strip().endswith("^")
    report = strict_loads(json.dumps(run_to_json_for(path)))
    assert caret.index("^") - len("    3 | ") == report["error"]["col"] - 1


def test_summary_for_a_rejection_while_running(tmp_path, capsys):
    # the format string is built at run time, so it is checked (and refused) when it is used
    path = write(tmp_path, "import torch\nx = torch.ones(1)\nprint('first')\n"
                           "fmt = '{0._' + '_class__}'\nprint(fmt.format(x))\n")
    code, out, err = run_text(capsys, path)
    assert code == 1  # it ran up to there: the program's error, not a rejection before running
    assert "first" in out and "ProgramRejected" in out and "    5 | print(fmt.format(x))" in out
    assert any(line.startswith("x ") for line in out.splitlines())  # the tensors so far


def run_to_json_for(path: Path) -> dict:
    from core.interp import run_program
    return run_to_json(run_program(path.read_text(), filename=str(path)))


def test_summary_shows_hook_line(tmp_path, capsys):
    path = write(tmp_path, "import torch\nx = torch.ones(2, requires_grad=True)\n"
                           "def hook(g):\n    return g * torch.ones(3)\n"
                           "x.register_hook(hook)\n(x * 1).sum().backward()\n")
    code, out, err = run_text(capsys, path)
    assert code == 1
    assert "line 6" in out and "    6 | (x * 1).sum().backward()" in out
    assert "line 4" in out and "    4 |     return g * torch.ones(3)" in out


def test_summary_for_a_clean_run(tmp_path, capsys):
    code, out, err = run_text(capsys, write(tmp_path, OK_PROGRAM), "--output", "x", "--grad-tensor", "[1, 1]")
    assert code == 0
    assert "tensor([2., 4.])" in out and "ran to the end" in out
    assert "v (option): [1.0, 1.0]" in out and "verdict: vᵀJ and backward agree" in out
    assert err == ""


def test_summary_shows_warnings(tmp_path, capsys):
    path = write(tmp_path, "import torch\nx = torch.ones(2, requires_grad=True)\ny = x * 2\nprint(y.grad)\n")
    code, out, err = run_text(capsys, path)
    assert code == 0
    assert "UserWarning: The .grad attribute of a Tensor that is not a leaf Tensor is being accessed" in out


# --- (d) non-finite numbers ---------------------------------------------------------------------
def test_non_finite_values_are_strings(tmp_path, capsys):
    path = write(tmp_path, "import torch\nx = torch.tensor([0., 1., -1.], requires_grad=True)\n"
                           "y = torch.log(x)\ny.sum().backward()\n"
                           "s = torch.tensor(float('nan'))\nm = torch.tensor([[float('inf'), 1.], [2., -float('inf')]])\n")
    code, got, err = run_json(capsys, path)
    assert code == 0
    t = got["tensors"]
    assert t["x"]["grad"] == ["inf", 1.0, -1.0]
    assert t["y"]["value"] == ["-inf", 0.0, "nan"]
    assert t["s"]["value"] == "nan" and t["s"]["shape"] == []
    assert t["m"]["value"] == [["inf", 1.0], [2.0, "-inf"]]


def test_tensor_record_and_run_to_json_are_strict_json():
    from core.tensor.tensor import Tensor
    from core.interp import run_program
    import core.torch as torch
    t = torch.tensor([[math.nan, 1.0], [math.inf, -math.inf]], requires_grad=True)
    (t * 2).sum().backward()
    record = tensor_record(t)
    assert isinstance(t, Tensor)
    assert record["value"] == [["nan", 1.0], ["inf", "-inf"]]
    assert record["grad"] == [[2.0, 2.0], [2.0, 2.0]]
    assert record["dtype"] == "float32" and record["grad_fn"] is None and record["is_leaf"] is True
    assert tensor_record(torch.tensor(-math.inf))["value"] == "-inf"
    assert tensor_record(torch.tensor([True, False]))["value"] == [True, False]
    assert tensor_record(torch.tensor([1, 2]))["dtype"] == "int64"
    json.dumps(record, allow_nan=False)
    r = run_program("import torch\na = torch.zeros(3) / 0\nb = a.sum()\nc = torch.tensor(5.) / 0\n")
    json.dumps(run_to_json(r), allow_nan=False)
    assert run_to_json(r)["tensors"]["c"]["value"] == "inf"
    assert finite_json({"k": [1.5, [math.nan]], "j": -math.inf}) == {"k": [1.5, ["nan"]], "j": "-inf"}


def test_non_leaf_grad_is_read_without_a_warning(tmp_path, capsys):
    path = write(tmp_path, "import torch\nx = torch.ones(2, requires_grad=True)\ny = x * 2\n"
                           "y.retain_grad()\nz = y * 3\nz.sum().backward()\n")
    code, got, err = run_json(capsys, path)
    assert code == 0 and got["warnings"] == []
    assert got["tensors"]["y"]["grad"] == [3.0, 3.0] and got["tensors"]["z"]["grad"] is None


# --- limits ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("option, value, program, limit", [
    ("--max-loop-iterations", "10", "import torch\nfor i in range(100):\n    pass\n", "--max-loop-iterations"),
    ("--max-steps", "1000", "import torch\nn = 0\nwhile True:\n    n += 1\n", "--max-steps"),
    ("--max-tensor-elements", "100", "import torch\nx = torch.ones(20, 20)\n", "--max-tensor-elements"),
    ("--max-call-depth", "5", "import torch\ndef f(n):\n    return f(n + 1)\nf(0)\n", "--max-call-depth"),
    ("--max-seconds", "0.2", "import torch\nwhile True:\n    x = torch.ones(3) * 2\n", "--max-seconds"),
    ("--max-sequence-length", "50", "import torch\nxs = list(range(1000))\n", "--max-sequence-length"),
    ("--max-int-bits", "64", "import torch\nn = 2 ** 1000\n", "--max-int-bits"),
])
def test_limit_options(tmp_path, capsys, option, value, program, limit):
    path = write(tmp_path, program)
    code, got, err = run_json(capsys, path, option, value)
    assert code == 1, got
    assert got["error"]["kind"] == "limit" and got["error"]["type"] == "LimitExceeded"
    assert limit in got["error"]["message"]
    assert isinstance(got["error"]["line"], int)
    # the same program runs to the end under the default limits, except the runaway loops
    if option not in ("--max-steps", "--max-seconds", "--max-call-depth"):
        code, got, err = run_json(capsys, path)
        assert code == 0, got


# --- (e) usage errors -----------------------------------------------------------------------------
@pytest.mark.parametrize("argv", [
    [],
    ["frobnicate"],
    ["run"],
    ["run", "a.py", "b.py"],
    ["run", "PROGRAM", "--no-such-option"],
    ["run", "PROGRAM", "--max-steps", "0"],
    ["run", "PROGRAM", "--max-steps", "-5"],
    ["run", "PROGRAM", "--max-steps", "many"],
    ["run", "PROGRAM", "--max-seconds", "nan"],
    ["run", "PROGRAM", "--max-seconds"],
    ["run", "PROGRAM", "--output", "not a name"],
    ["run", "PROGRAM", "--output", "__class__"],
    ["run", "PROGRAM", "--grad-tensor", "[1, 2"],
    ["run", "PROGRAM", "--grad-tensor", "[[1, 2], [3]]"],
    ["run", "PROGRAM", "--grad-tensor", "[1, \"a\"]"],
    ["run", "PROGRAM", "--grad-tensor", "[true, 1]"],
    ["run", "PROGRAM", "--grad-tensor", "{\"a\": 1}"],
    ["run", "PROGRAM", "--grad-tensor", "[NaN, 1]"],
    ["run", "PROGRAM", "--grad-tensor", "null"],
])
def test_usage_errors(tmp_path, capsys, argv):
    program = write(tmp_path, OK_PROGRAM)
    argv = [str(program) if a == "PROGRAM" else a for a in argv]
    code = main(argv)
    captured = capsys.readouterr()
    assert code == 2
    assert captured.out == ""
    assert "usage:" in captured.err
    assert "Traceback" not in captured.err


def test_grad_tensor_message_is_clear(tmp_path, capsys):
    main(["run", str(write(tmp_path, OK_PROGRAM)), "--grad-tensor", "[[1, 2], [3]]", "--json"])
    err = capsys.readouterr().err
    assert "--grad-tensor" in err and "ragged" in err


@pytest.mark.parametrize("text, value", [("1", 1), ("-2.5", -2.5), ("[1, 2.5]", [1, 2.5]),
                                         ("[[1, 0], [0, 1]]", [[1, 0], [0, 1]]), ("[]", [])])
def test_grad_tensor_accepted(text, value):
    assert parse_grad_tensor(text) == value


def test_grad_tensor_and_output_pass_through(tmp_path, capsys):
    code, got, err = run_json(capsys, write(tmp_path, OK_PROGRAM), "--output", "x", "--grad-tensor", "[1, -1]")
    assert code == 0 and err == ""
    a = got["analysis"]
    assert a["output"] == "x" and a["grad_tensor_source"] == "option" and a["backward"]["x"] == [1.0, -1.0]


def test_json_has_program_runs_and_the_engines_one_hot_rows(tmp_path, capsys):
    program = "import torch\nx = torch.tensor([1., 2.], requires_grad=True)\nout = x * x\n"
    code, got, err = run_json(capsys, write(tmp_path, program))
    a = got["analysis"]
    assert code == 0 and a["program_runs"] == 2  # discover and capture; nothing else runs the program
    assert a["engine_jacobian"] == {"x": [[2.0, 0.0], [0.0, 4.0]]} == a["jacobian"]


def test_nan_in_grad_tensor_is_refused_before_running(tmp_path, capsys):
    code = main(["run", str(write(tmp_path, OK_PROGRAM)), "--grad-tensor", "[NaN]", "--json"])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == "" and "entries must be finite numbers" in captured.err


def test_missing_file(tmp_path, capsys):
    code = main(["run", str(tmp_path / "nope.py"), "--json"])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert f"backprop-lens: cannot read {tmp_path / 'nope.py'}: No such file or directory" in captured.err


def test_directory_is_not_a_program(tmp_path, capsys):
    code = main(["run", str(tmp_path), "--json"])
    assert code == 2 and "cannot read" in capsys.readouterr().err


def test_not_utf8(tmp_path, capsys):
    path = tmp_path / "latin1.py"
    path.write_bytes("# caf\xe9\nimport torch\n".encode("latin-1"))
    code = main(["run", str(path), "--json"])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert "not UTF-8" in captured.err and "0xe9" in captured.err


def test_utf8_with_bom_and_non_ascii_output(tmp_path, capsys):
    path = tmp_path / "bom.py"
    path.write_bytes("\ufeff# héllo\nimport torch\nprint('α =', torch.ones(1))\n".encode("utf-8"))
    code, got, err = run_json(capsys, path)
    assert code == 0 and got["stdout"] == "α = tensor([1.])\n"


def test_syntax_error_is_rejected(tmp_path, capsys):
    code, got, err = run_json(capsys, write(tmp_path, "import torch\nx = torch.ones(2\n"))
    assert code == 2
    assert got["error"]["type"] == "SyntaxError" and got["error"]["kind"] == "rejected"
    assert isinstance(got["error"]["line"], int)


def test_report_command_needs_an_output_file(capsys):
    # the report command itself is tested in tests/core/test_export.py
    assert main(["report", "anything"]) == 2
    assert "required: -o" in capsys.readouterr().err


def test_help(capsys):
    assert main(["run", "--help"]) == 0
    out = capsys.readouterr().out
    for option in ("--json", "--output", "--grad-tensor", "--max-tensor-elements", "--max-steps",
                   "--max-loop-iterations", "--max-call-depth", "--max-seconds", "--max-sequence-length"):
        assert option in out


def test_launcher_forwards_to_the_cli(tmp_path, capsys):
    from desktop.launcher import main as launcher_main
    assert launcher_main(["run", str(write(tmp_path, RAISING_PROGRAM)), "--json"]) == 1
    assert strict_loads(capsys.readouterr().out)["error"]["line"] == 4


def test_json_is_one_object_even_when_the_program_prints_braces(tmp_path, capsys):
    code, got, err = run_json(capsys, write(tmp_path, "print('{\"stdout\": 1}')\nprint('}')\n"))
    assert code == 0 and got["stdout"] == "{\"stdout\": 1}\n}\n"


# --- (f) one parser: commands, help, version; progress; the summary's size; stderr -----------------
def test_top_level_help_lists_the_commands_with_examples(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "run" in out and "report" in out and "examples:" in out
    assert "backprop-lens run prog.py --json" in out and "backprop-lens report prog.py -o report.html" in out
    assert "--program" not in out          # python -m core has no app


def test_the_launcher_help_is_the_same_parser_with_the_app(capsys):
    from desktop.launcher import main as launcher_main
    assert launcher_main(["--help"]) == 0
    out = capsys.readouterr().out
    for text in ("run", "report", "--program", "--screenshot", "--language", "--version",
                 "backprop-lens --program prog.py --screenshot out.png"):
        assert text in out
    assert launcher_main(["frobnicate"]) == 2
    assert "invalid choice: 'frobnicate'" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["--help"], ["run", "--help"], ["report", "--help"]])
def test_help_names_no_file_that_is_not_shipped(capsys, argv):
    from desktop.launcher import main as launcher_main
    for run in (main, launcher_main):
        assert run(argv) == 0
        out = capsys.readouterr().out
        assert "usage:" in out
        for unshipped in ("DESIGN.md", "STYLE.md", "research/", "arrives with"):
            assert unshipped not in out


def test_version_on_both_commands(tmp_path, capsys):
    from importlib.metadata import version
    from desktop.launcher import main as launcher_main
    expected = f"backprop-lens {version('backprop-lens')}\n"
    assert launcher_main(["--version"]) == 0 and capsys.readouterr().out == expected
    done = subprocess.run([sys.executable, "-m", "core", "--version"], cwd=tmp_path, capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(REPO_ROOT)), timeout=60)
    assert done.returncode == 0 and done.stdout == expected


def test_python_dash_m_core_needs_a_command(tmp_path):
    done = run_subprocess([sys.executable, "-m", "core"], tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert "usage: python -m core" in done.stderr and "required: COMMAND" in done.stderr


def test_a_large_jacobian_is_summarised_in_the_terminal_and_whole_in_json(tmp_path, capsys):
    from core.cli import CORNER, MATRIX_SHOWN
    n = 2 * MATRIX_SHOWN
    path = write(tmp_path, f"import torch\nx = torch.linspace(-1, 1, {n}, requires_grad=True)\ny = x * 3\n"
                           f"y.backward(torch.ones({n}))\n")
    code, out, err = run_text(capsys, path, "--pytorch", "off")
    assert code == 0
    lines = out.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("J = d y / d x"))
    assert f"({n} x {n}; its corners" in lines[head]
    rows = lines[head + 1:head + 2 + 2 * CORNER]
    assert [r.strip() for r in rows].count("...") == 1
    assert rows[0].strip() == "[3.0, 0.0, 0.0, ..., 0.0, 0.0, 0.0]"      # the top-left corner's diagonal
    assert not lines[head + 2 + 2 * CORNER].startswith("    [")         # nothing past the corners
    assert f"shape [{n}]" in out and "(24 values)" in out                # x.grad: its shape and first values
    code, got, err = run_json(capsys, path, "--pytorch", "off")
    assert len(got["analysis"]["jacobian"]["x"]) == n and len(got["analysis"]["jacobian"]["x"][0]) == n


def test_a_small_jacobian_is_shown_whole(tmp_path, capsys):
    code, out, err = run_text(capsys, write(tmp_path, OK_PROGRAM), "--pytorch", "off")
    assert "J = d " in out and "(1 x 2):" in out and "[2.0, 4.0]" in out and "corners" not in out


def test_the_progress_line_waits_then_shows_the_stage_and_is_wiped():
    import io
    from core.cli import Progress
    now = [0.0]
    stream = io.StringIO()
    progress = Progress(stream, clock=lambda: now[0], width=100)
    progress(0.3, "symbolic Jacobian")
    assert stream.getvalue() == ""                                    # under a second: nothing
    now[0] = Progress.DELAY + 1.2
    progress(0.5, "Jacobian rows 3 of 9 (0.2 s)")
    assert stream.getvalue() == "\rbackprop-lens: analysing (2 s): Jacobian rows 3 of 9 (0.2 s)\x1b[K"
    progress.__exit__(None, None, None)
    assert stream.getvalue().endswith(Progress.WIPE)
    now[0] += 5
    progress.draw()                                                   # after the end: nothing more
    assert stream.getvalue().endswith(Progress.WIPE)
    long = Progress(io.StringIO(), clock=lambda: 10.0, width=30)
    long.text = "x" * 100
    assert len(long.line()) == 29                                     # never wider than the terminal


SLOW_PROGRAM = ("import time\nimport torch\ntime.sleep(0.8)\n"
                "x = torch.tensor([1., 2.], requires_grad=True)\n(x * x).sum().backward()\n")


def run_with_stderr_on_a_terminal(command: list[str], cwd: Path) -> tuple[int, str, str]:
    """(status, stdout, stderr) of ``command`` with its stderr on a pseudo-terminal."""
    import pty
    master, slave = pty.openpty()
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT))
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    err = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:            # the child closed the terminal
            break
        if not chunk:
            break
        err += chunk
    out = process.communicate(timeout=120)[0]
    os.close(master)
    return process.returncode, out.decode(), err.decode()


def test_a_long_analysis_shows_progress_on_a_terminal_only(tmp_path):
    path = write(tmp_path, SLOW_PROGRAM)
    command = [sys.executable, "-m", "core", "run", str(path), "--pytorch", "off"]
    status, out, err = run_with_stderr_on_a_terminal(command, tmp_path)
    assert status == 0 and "verdict: vᵀJ and backward agree" in out
    assert re.search(r"\rbackprop-lens: analysing \(\d+ s\): [A-Za-z ]+\x1b\[K", err), repr(err)
    assert err.endswith("\r\x1b[K")                                   # wiped: the terminal is left clean
    status, out, err = run_with_stderr_on_a_terminal(command + ["--json"], tmp_path)
    assert status == 0 and strict_loads(out)["error"] is None
    assert err == ""                                                  # JSON into a pipe: quiet
    piped = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120,
                           env=dict(os.environ, PYTHONPATH=str(REPO_ROOT)))
    assert piped.returncode == 0 and piped.stderr == ""              # stderr not a terminal: quiet


def test_c_libraries_noise_on_stderr_is_dropped_and_the_rest_kept(capfd):
    from core.cli import quiet_stderr
    with quiet_stderr() as terminal:
        os.write(2, b'Fontconfig warning: "/usr/share/fontconfig/conf.avail/05-reset-dirs-sample.conf", line 6\n')
        os.write(2, b"a library's own message\n")
        terminal.write("progress\n")
        terminal.flush()
        assert capfd.readouterr().err == "progress\n"                 # held back while the work runs
    assert capfd.readouterr().err == "a library's own message\n"


def test_the_apps_start_parses_without_loading_the_analysis_or_the_exports(tmp_path):
    # the app's start goes through this parser too; the analysis (sympy, symengine) and core.export
    # load only when a command runs
    code = ("import sys\n"
            "from core import cli\n"
            "from desktop import launcher\n"
            "app = cli.App(add_options=launcher._app_options, start=lambda options: 0)\n"
            "options = cli.build_parser(app=app).parse_args(['--program', 'p.py', '--language', 'zh_CN'])\n"
            "assert options.command is None and options.program == 'p.py'\n"
            "print(sorted(m for m in ('core.analysis', 'core.export', 'sympy', 'symengine') if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(REPO_ROOT)))
    assert done.returncode == 0 and done.stdout == "[]\n", done.stdout + done.stderr
