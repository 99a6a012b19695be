"""The headless command line: ``backprop-lens run ...`` and ``python -m core run ...``.

    backprop-lens run PROGRAM.py [--output NAME] [--grad-tensor JSON] [--json] [--max-... N]
    backprop-lens report PROGRAM.py -o REPORT.html [--lang en|zh] [--latex OUT.tex] [...]

``run`` runs the program in the safe interpreter (core.interp) and prints either one
JSON object (``--json``, DESIGN.md "Headless contract") or a readable summary.
``report`` runs it and analyses it the same way and writes a self-contained HTML
report (core.export), and with ``--latex`` a LaTeX document of J, vᵀJ and backward.

Exit status (both commands): 0 the program ran to the end; 1 it raised or went past a
limit; 2 it was rejected before running, or the command itself was wrong (usage, a file
that cannot be read or is not UTF-8, a report that cannot be written there); 3 the analysis
found vᵀJ and backward disagreeing.

This module must never import Qt: tests/test_architecture.py checks it.
"""
from __future__ import annotations

import argparse
import json
import signal
import sys
from pathlib import Path

import numpy as np

from core.analysis import pipeline
from core.analysis.pipeline import GradTensorError, analyse_source
from core.export import check_writable, html_report, latex_document, write_atomic
from core.export.latex import latex_unavailable_document
from core.export.texts import LANGUAGES
from core.files import OutputPathError
from core import isolate
from core.interp import Limits
from core.interp.limits import LimitExceeded, LimitsError
from core.interp.run import RunError, RunResult
from core.report_json import run_to_json

PROG = "backprop-lens"
USAGE = """\
usage: backprop-lens run PROGRAM.py [--output NAME] [--grad-tensor JSON] [--json] [--max-... N]
       python -m core run PROGRAM.py ...   (the same, without Qt)
       backprop-lens report PROGRAM.py -o REPORT.html [--output NAME] [--grad-tensor JSON]
                            [--lang en|zh] [--latex OUT.tex] [--max-... N]
"""

COMMANDS = ("run", "report")

EXIT_OK, EXIT_RAISED, EXIT_USAGE, EXIT_DISAGREE = 0, 1, 2, 3

# --max-... option -> (Limits field, type)
LIMIT_OPTIONS = {
    "--max-tensor-elements": ("max_tensor_elements", int),
    "--max-steps": ("max_steps", int),
    "--max-loop-iterations": ("max_loop_iterations", int),
    "--max-call-depth": ("max_call_depth", int),
    "--max-seconds": ("max_seconds", float),
    "--max-sequence-length": ("max_sequence_length", int),
    # not in the list, but LimitExceeded's messages name them, so the command accepts them
    "--max-int-bits": ("max_int_bits", int),
    "--max-output-chars": ("max_output_chars", int),
    "--max-total-sequence": ("max_total_sequence", int),
    "--max-total-tensor-elements": ("max_total_tensor_elements", int),
    # the OS limits around the run and its analysis (core.isolate)
    "--max-memory-mb": ("max_memory_mb", int),
    "--max-analysis-seconds": ("max_analysis_seconds", float),
}


class UsageError(Exception):
    """The command line is wrong; the message goes to stderr and the exit status is 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse would print and sys.exit(2); main() returns instead
        raise UsageError(message)


def _limit(name, kind):
    """argparse's type for the option of the limit ``name``: its text as ``kind``, in the
    limit's range (:meth:`Limits.checked_value`), or argparse's usage error saying the range."""
    def parse(text):
        try:
            value = kind(text)
        except ValueError:
            value = None   # not a number: checked_value says what it must be
        try:
            return Limits.checked_value(name, value)
        except LimitsError as e:
            raise argparse.ArgumentTypeError(f"expected {e.expected}, got {text!r}") from None
    return parse


def _count(text):
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1, got {text!r}")
    return n


def _output_name(text):
    if not text.isidentifier() or text.startswith("_"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a name a program can bind (e.g. out)")
    return text


def _add_analysis_options(p):
    """The options ``run`` and ``report`` share after their own: which differentiation, --pytorch
    and the limits."""
    defaults = Limits()
    p.add_argument("--call", metavar="N", type=_count,
                   help="analyse the program's N-th backward or autograd.grad (default: the first; the JSON's "
                        "analysis.calls lists them)")
    p.add_argument("--iteration", metavar="K", type=_count,
                   help="analyse the K-th differentiation made at the line of that call (a training loop's "
                        "K-th step)")
    p.add_argument("--pytorch", choices=("auto", "off"), default="auto",
                   help="replay the forward in real PyTorch, when it is installed, as one more witness "
                        "(default auto)")
    limits = p.add_argument_group("limits", "what one run may use; a program that goes past one is stopped")
    for option, (name, kind) in LIMIT_OPTIONS.items():
        what = defaults.DESCRIPTIONS[name][0]
        default = getattr(defaults, name)
        limits.add_argument(option, dest=name, metavar="S" if kind is float else "N", type=_limit(name, kind),
                            help=f"{what} (default {default:,})" if kind is int else f"{what} (default {default:g})")


def _run_parser() -> argparse.ArgumentParser:
    p = _Parser(prog=f"{PROG} run", description="Run a program in Backprop Lens's safe interpreter and show "
                "what it printed, its error and every top-level tensor with its grad.")
    p.add_argument("program", metavar="PROGRAM.py", help="the program to run (UTF-8 text)")
    p.add_argument("--json", action="store_true", help="print one JSON object (DESIGN.md's headless contract)")
    p.add_argument("--output", metavar="NAME", type=_output_name,
                   help="the output tensor to analyse (default: the one the program differentiates first)")
    p.add_argument("--grad-tensor", metavar="JSON",
                   help="the vector v of out.backward(v), as a JSON number or nested list "
                        "(default: the program's own gradient argument, or 1 for a scalar output)")
    p.add_argument("--pytorch-script", metavar="OUT.py",
                   help="also write the forward as a plain PyTorch script that prints the same grads")
    _add_analysis_options(p)
    return p


REPORT_USAGE = ("usage: backprop-lens report PROGRAM.py -o REPORT.html [--output NAME] [--grad-tensor JSON] "
                "[--lang en|zh] [--latex OUT.tex] [--pytorch auto|off] [--max-... N]\n")


def _report_parser() -> argparse.ArgumentParser:
    p = _Parser(prog=f"{PROG} report", description="Run a program and analyse it as 'run' does, and write a "
                "self-contained HTML report: the program, its output, J, vᵀJ beside backward, the verdict, "
                "the graph and the backward steps.")
    p.add_argument("program", metavar="PROGRAM.py", help="the program to run (UTF-8 text)")
    p.add_argument("-o", dest="report_path", metavar="REPORT.html", required=True,
                   help="where to write the HTML report (replaced atomically)")
    p.add_argument("--output", metavar="NAME", type=_output_name, help="the output tensor to analyse")
    p.add_argument("--grad-tensor", metavar="JSON",
                   help="the vector v of out.backward(v), as a JSON number or nested list")
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="the language of the report's headings")
    p.add_argument("--latex", metavar="OUT.tex", help="also write J, vᵀJ and backward as a LaTeX document")
    _add_analysis_options(p)
    return p


def _command(run, args: list[str], usage: str) -> int:
    """Run a command's function, turning a wrong use or an unwritable output into exit 2
    with a message on stderr (``usage`` first for a wrong use)."""
    try:
        return run(args)
    except UsageError as e:
        sys.stderr.write(f"{usage}{PROG}: {e}\n")
        return EXIT_USAGE
    except OutputPathError as e:
        sys.stderr.write(f"{PROG}: {e}\n")
        return EXIT_USAGE
    except SystemExit as e:  # --help
        return e.code if isinstance(e.code, int) else EXIT_USAGE


RUN_USAGE = (f"usage: {PROG} run PROGRAM.py [--output NAME] [--grad-tensor JSON] [--json] "
             "[--pytorch-script OUT.py] [--max-... N]\n")


def _report(args: list[str]) -> int:
    """``report``: the run and the analysis of ``run``, written as HTML (and LaTeX)."""

    options = _report_parser().parse_args(args)
    grad_tensor = None if options.grad_tensor is None else parse_grad_tensor(options.grad_tensor)
    targets = [options.report_path] + ([options.latex] if options.latex else [])
    resolved = [Path(t).resolve() for t in targets]
    if Path(options.program).resolve() in resolved:
        raise UsageError(f"the report would overwrite the program {options.program}")
    if len(set(resolved)) < len(resolved):
        raise UsageError("-o and --latex name the same file")
    for target in targets:  # before the run: a wrong folder is reported at once
        check_writable(target)
    source, ran, report, note = _run_and_report(options, grad_tensor)

    name = Path(options.program).name
    write_atomic(options.report_path, html_report(report, source, filename=name, lang=options.lang))
    _write(f"wrote {options.report_path}\n")
    if options.latex:
        title = f"Backprop Lens: {name}"
        analysis = report["analysis"]
        write_atomic(options.latex, latex_document(analysis, title) if analysis is not None
                     else latex_unavailable_document(note or "there is nothing to analyse", title))
        _write(f"wrote {options.latex}\n")
    status = exit_status(report)
    if report["error"] is not None:
        error = report["error"]
        where = f" (line {error['line']})" if error.get("line") else ""
        _write(f"the program {'was rejected' if status == EXIT_USAGE else 'raised'}: "
               f"{error['type']}: {error['message']}{where}\n")
    elif status == EXIT_DISAGREE:
        _write(f"the analysis found a disagreement (largest |difference| {report['analysis']['max_abs_diff']})\n")
    sys.stdout.flush()
    return status


def parse_grad_tensor(text: str):
    """``--grad-tensor``'s JSON: a number or a rectangular nested list of finite numbers
    (:func:`core.analysis.pipeline.parse_grad_tensor`'s rules); raise UsageError."""
    try:
        return pipeline.parse_grad_tensor(text)
    except GradTensorError as e:
        raise UsageError(f"argument --grad-tensor: {e.why} (got {text!r}); "
                         "give a JSON number or nested list, e.g. '[[1, 0], [0, 1]]'") from None


def main(argv: list[str] | None = None) -> int:
    """Run the command in ``argv`` (e.g. ``["run", "prog.py", "--json"]``); return the exit status."""
    args = sys.argv[1:] if argv is None else [str(a) for a in argv]
    if not args or args[0] in ("-h", "--help"):
        (sys.stdout if args else sys.stderr).write(USAGE)
        return EXIT_OK if args else EXIT_USAGE
    command, rest = args[0], args[1:]
    if command == "report":
        return _command(_report, rest, REPORT_USAGE)
    if command != "run":
        sys.stderr.write(USAGE + f"{PROG}: unknown command {command!r} (expected one of: {', '.join(COMMANDS)})\n")
        return EXIT_USAGE
    return _command(_run, rest, RUN_USAGE)


def _run_and_report(options, grad_tensor):
    """``run`` and ``report`` alike: read the program, run and analyse it within the options'
    limits (:func:`core.analysis.pipeline.analyse_source`) in a child process with OS limits
    (:mod:`core.isolate`); (source, whether it ran, DESIGN.md's JSON with its analysis, the
    analysis note).  Whatever happens in the child, there is a report."""
    source = read_program(options.program)
    limits = Limits(**{name: getattr(options, name) for name, _ in LIMIT_OPTIONS.values()
                       if getattr(options, name) is not None})

    def work(send):
        def ran(result):
            send(("ran", run_to_json(result)))
        outcome = analyse_source(source, filename=options.program, output=options.output,
                                 grad_tensor=grad_tensor, limits=limits, pytorch=options.pytorch, ran=ran,
                                 call=options.call, iteration=options.iteration)
        asked = (options.output, grad_tensor, options.call, options.iteration)
        try:
            analysis, note = analyse(outcome, asked=any(a is not None for a in asked))
        except UsageError as e:
            send(("usage", str(e)))
            return
        send(("done", run_to_json(outcome.result, analysis), note, outcome.result.program is not None))

    ended = isolate.run_isolated(work, memory_bytes=limits.max_memory_mb * 2 ** 20,
                                 wall_seconds=limits.command_seconds())
    return (source, *_child_report(ended, limits))


def _child_report(ended, limits):
    """(whether it ran, the report, the analysis note) from what the child sent and how it ended."""
    sent = {message[0]: message for message in ended.messages}
    if "usage" in sent:
        raise UsageError(sent["usage"][1])
    if "done" in sent:
        _, report, note, ran = sent["done"]
        if note is not None:
            report["analysis_note"] = note
        return ran, report, note
    kind, why = _why_stopped(ended, sent, limits)
    if "ran" in sent:       # the run is whole; its analysis was stopped
        report = sent["ran"][1]
        note = f"the analysis was stopped: {why}"
        report["analysis_note"] = note
        return True, report, note
    error = RunError(kind, why, None, "limit")
    return True, run_to_json(RunResult("", error)), None


def _why_stopped(ended, sent, limits) -> tuple[str, str]:
    """The error type and the message for a child that ended without its report."""
    if ended.how == "killed":
        return "LimitExceeded", str(LimitExceeded(limits, "max_seconds", f"the whole command, "
                                                  f"{limits.command_seconds():g} s with its analysis"))
    if "memory" in sent or (ended.how == "signal" and ended.signal in (signal.SIGKILL,)):
        return "LimitExceeded", str(LimitExceeded(limits, "max_memory_mb"))
    if ended.how == "signal" and ended.signal == signal.SIGXCPU:
        return "LimitExceeded", str(LimitExceeded(limits, "max_seconds", "CPU time, all threads together"))
    if ended.how == "oversized":
        return "LimitExceeded", (f"the report would have been larger than {isolate.MAX_RESULT_BYTES // 2 ** 20} MB "
                                 "and was not written; print less, or keep fewer large tensors in top-level names")
    if ended.how == "signal":
        return "Crashed", (f"the run stopped with {ended.signal_name} inside a library routine (one that "
                           "recursed too deeply, or found no memory); nothing of the run could be kept. "
                           "Please report this program to Backprop Lens")
    if "failed" in sent:
        return "InternalError", f"Backprop Lens failed while running this program: {sent['failed'][1]}"
    return "Crashed", f"the run ended without a report (exit status {ended.status})"


def _run(args: list[str]) -> int:

    options = _run_parser().parse_args(args)
    grad_tensor = None if options.grad_tensor is None else parse_grad_tensor(options.grad_tensor)
    if options.pytorch_script is not None:
        check_writable(options.pytorch_script)  # before the run: a wrong folder is reported at once
    source, ran, report, note = _run_and_report(options, grad_tensor)
    if options.pytorch_script is not None:
        script = (report["analysis"] or {}).get("pytorch_script")
        if script is None:
            raise UsageError("there is no PyTorch script to write: "
                             + (note or "the forward could not be recorded as PyTorch calls"))
        write_atomic(options.pytorch_script, script)

    if options.json:
        _write(dumps(report) + "\n")
    else:
        _write(terminal_summary(report, source, options.program, ran=ran,
                                analysis_requested=any(a is not None for a in (
                                    options.output, grad_tensor, options.call, options.iteration))))
    sys.stdout.flush()
    return exit_status(report)


def dumps(obj, indent: int = 2, _level: int = 0) -> str:
    """JSON with objects indented and lists of plain values on one line (like the recorded corpus).

    ASCII only (safe on any terminal) and strict: ``allow_nan=False``, so a non-finite
    number that escaped report_json's conversion is an error, not invalid JSON.
    """
    if isinstance(obj, dict) and obj:
        pad, inner = " " * (indent * _level), " " * (indent * (_level + 1))
        items = [f"{inner}{json.dumps(str(k))}: {dumps(v, indent, _level + 1)}" for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(obj, list) and any(isinstance(v, dict) and v for v in obj):
        pad, inner = " " * (indent * _level), " " * (indent * (_level + 1))
        return "[\n" + ",\n".join(inner + dumps(v, indent, _level + 1) for v in obj) + "\n" + pad + "]"
    return json.dumps(obj, allow_nan=False)


def _write(text: str) -> None:
    """Write to stdout; characters the terminal's encoding lacks come out as escapes, not a crash."""
    try:
        sys.stdout.write(text)
    except UnicodeEncodeError:
        encoding = getattr(sys.stdout, "encoding", None) or "ascii"
        sys.stdout.write(text.encode(encoding, "backslashreplace").decode(encoding))


def read_program(path: str) -> str:
    """The program's text; raise UsageError when it cannot be read or is not UTF-8."""
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise UsageError(f"cannot read {path}: it is not UTF-8 text "
                         f"(byte 0x{data[e.start]:02x} at position {e.start})") from None


# --- the analysis --------------------------------------------------------------------------
def analyse(outcome, *, asked: bool):
    """DESIGN.md's ``analysis`` object of a pipeline outcome, or None with the reason (rejected
    program, nothing to differentiate).  An analysis the command line ``asked`` for (by name, v,
    call or iteration) that cannot be done is a usage error (exit 2)."""
    if outcome.result.program is None:
        return None, "the program was rejected, so there is nothing to analyse"
    if outcome.analysis is None:
        if asked and not outcome.over_budget:
            raise UsageError(outcome.note)
        return None, outcome.note
    return outcome.analysis_json(), None


def exit_status(report: dict) -> int:
    error = report["error"]
    if error is not None:
        return EXIT_USAGE if error.get("kind") == "rejected" else EXIT_RAISED
    analysis = report.get("analysis")
    if analysis is not None and analysis.get("match") is False:
        return EXIT_DISAGREE
    return EXIT_OK


# --- the terminal summary ------------------------------------------------------------------
def terminal_summary(report: dict, source: str, filename: str, *, ran: bool = True,
                     analysis_requested: bool = False) -> str:
    """A readable summary: what the program printed, its error at its line, the tensors.

    ``ran`` is False when the program was rejected before running (run_program returns
    no parsed program then); a rejection while running (e.g. a format string built at run
    time that reaches an attribute) still shows what was printed and the tensors so far.
    """
    out = []
    lines = source.splitlines()

    out.append(_rule(f"{filename}: output"))
    rejected = not ran
    if rejected:
        out.append("(the program did not run: it was rejected before running)")
    elif report["stdout"]:
        out.append(report["stdout"].rstrip("\n"))
    else:
        out.append("(the program printed nothing)")

    if report["warnings"]:
        out.append(_rule("warnings"))
        out.extend(report["warnings"])
    if report.get("notes"):
        out.append(_rule("notes from Backprop Lens"))
        out.extend(report["notes"])

    error = report["error"]
    out.append(_rule("error" if error else "result"))
    if error is None:
        out.append("ran to the end")
    else:
        out.extend(_error_lines(error, lines, filename, ran))

    if not rejected:
        out.append(_rule("tensors"))
        out.extend(_tensor_table(report["tensors"]) if report["tensors"] else ["(no top-level tensors)"])

    out.append(_rule("analysis"))
    if report["analysis"] is None:
        out.append(report.get("analysis_note") or "no analysis")
    else:
        out.extend(_analysis_lines(report["analysis"]))
    return "\n".join(out) + "\n"


def _analysis_lines(a: dict) -> list[str]:
    out = [f"output: {a['output']}, shape {a['output_shape']}" + (f" (differentiated on line {a['line']})"
                                                                  if a.get("line") else ""),
           f"leaves: {', '.join(a['leaves']) or '(none)'}"]
    if a["grad_tensor"] is not None:
        out.append(f"v ({a['grad_tensor_source'].replace('_', ' ')}): {_fmt(a['grad_tensor'])}")
    for leaf in a["leaves"]:
        if leaf in a["jacobian"]:
            J = np.array(a["jacobian"][leaf], dtype=object)
            rows = int(np.prod(a["output_shape"])) if a["output_shape"] else 1
            flat = J.reshape(rows, -1) if J.size else J
            out.append(f"J = d {a['output']} / d {leaf}  ({flat.shape[0]} x {flat.shape[-1] if J.size else 0}):")
            out.extend("    " + _fmt(list(row)) for row in (flat.tolist() if J.size else []))
        if a["vjp"] is not None:
            out.append(f"vᵀJ      {leaf}: {_fmt(a['vjp'][leaf])}")
        if a["backward"] is not None:
            g = np.asarray(a["backward"][leaf], dtype=object)
            out.append(f"backward {leaf}.grad: " + (_fmt(a["backward"][leaf]) if g.size <= 64 else
                                                     f"shape {list(g.shape)} (see --json)"))
    for note in a.get("notes", []):
        out.append(f"note: {note}")
    verdict = {True: "agree", False: "DISAGREE", None: "not compared"}[a["match"]]
    if a.get("verdict_basis") == "numeric":
        what = "the numeric witnesses and the engine's backward"
    else:
        what = "vᵀJ and backward" if a["vjp"] is not None else "J and the engine's one-hot backward rows"
    out.append(f"verdict: {what} {verdict} (largest |difference| {a['max_abs_diff']})")
    d = a.get("differences")
    if d is not None:
        out.append(f"float64 central differences: {'agree' if d['match'] else 'differ'} "
                   f"(largest |difference| {d['max_abs_diff']})")
    d = a.get("spot_differences")
    if d is not None:
        out.append(f"float64 differences along {len(d['directions'])} random directions and at "
                   f"{len(d['entries'])} entries: {'agree' if d['match'] else 'differ'} "
                   f"(largest |difference| {d['max_abs_diff']})")
    w = a.get("pytorch")
    if w is not None:
        said = {True: "agrees", False: "DISAGREES", None: "not compared"}[w["match"]]
        out.append(f"real PyTorch {w['version']}: {said}" + (f" ({w['note']})" if w.get("note") else
                                                              f" (largest |difference| {w['max_abs_diff']})"))
    return out


def _fmt(x) -> str:
    return json.dumps(x, allow_nan=False)


def _rule(title: str) -> str:
    return f"── {title} " + "─" * max(3, 60 - len(title))


def _error_lines(error: dict, lines: list[str], filename: str, ran: bool) -> list[str]:
    kind = {"rejected": "rejected while running" if ran else "rejected before running",
            "limit": "stopped by a limit", "raised": "raised while running"}.get(error.get("kind"), "error")
    line = error.get("line")
    where = f"{filename}, line {line}" if line else filename
    out = [f"{where}: {error['type']}: {error['message']}", f"({kind})"]
    if line and 1 <= line <= len(lines):
        out.extend(_source_excerpt(lines, line, error.get("col")))
    inner = error.get("inner_line")
    if inner and inner != line and 1 <= inner <= len(lines):
        out.append(f"inside the function, at line {inner}:")
        out.extend(_source_excerpt(lines, inner, None))
    return out


def _source_excerpt(lines: list[str], line: int, col: int | None) -> list[str]:
    text = lines[line - 1].rstrip().expandtabs(4)
    prefix = f"{line:>5} | "
    out = [prefix + text]
    if col and col >= 1:
        caret_at = min(col - 1, len(text))
        out.append(" " * (len(prefix) - 2) + "| " + " " * caret_at + "^")
    return out


def _tensor_table(tensors: dict) -> list[str]:
    header = ("name", "shape", "dtype", "requires_grad", "is_leaf", "grad_fn", "grad")
    rows = [header]
    for name, t in tensors.items():
        rows.append((name, "[" + ", ".join(map(str, t["shape"])) + "]", t["dtype"],
                     "yes" if t["requires_grad"] else "no", "yes" if t["is_leaf"] else "no",
                     t["grad_fn"] or "-", _grad_cell(t)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(header) - 1)]
    return ["  ".join(cell.ljust(w) for cell, w in zip(r[:-1], widths)) + "  " + r[-1] for r in rows]


def _grad_cell(t: dict) -> str:
    if t.get("grad_summary") is not None:     # too large for the report: its first values
        summary = t["grad_summary"]
        return _summary(summary["first"], t["shape"], total=summary["numel"])
    return "-" if t["grad"] is None else _summary(t["grad"], t["shape"])


def _summary(values, shape, limit: int = 6, total: int | None = None) -> str:
    """A short text for a (nested list) value: all of it when small, else the first few and the size
    (``total``, when ``values`` are only the first of them)."""
    flat = list(_flatten(values))
    total = len(flat) if total is None else total
    shown = ", ".join(_number(v) for v in flat[:limit])
    if total <= limit:
        return f"[{shown}]" if shape else shown
    return f"[{shown}, ...] ({total} values)"


def _flatten(v):
    if isinstance(v, list):
        for item in v:
            yield from _flatten(item)
    else:
        yield v


def _number(v) -> str:
    if isinstance(v, bool) or isinstance(v, str):
        return str(v)
    if isinstance(v, float):
        return f"{v:.4g}"
    return str(v)
