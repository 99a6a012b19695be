"""The command line: ``backprop-lens`` and ``python -m core``, one argparse parser.

    backprop-lens [--program FILE] [--screenshot OUT.png] [--language L]     the app (desktop.launcher)
    backprop-lens run PROGRAM.py [--output NAME] [--grad-tensor JSON] [--json] [--max-... N]
    backprop-lens report PROGRAM.py -o REPORT.html [--lang en|zh] [--latex OUT.tex] [...]
    python -m core run|report ...                                            the same, without Qt

``run`` runs the program in the safe interpreter (core.interp) and prints either one
JSON object (``--json``, the README's "Headless use") or a readable summary.
``report`` runs it and analyses it the same way and writes a self-contained HTML
report (core.export), and with ``--latex`` a LaTeX document of J, vᵀJ and backward.
:func:`build_parser` is the one parser: the desktop launcher passes the app's options
and what starts it (:class:`App`), ``python -m core`` passes none and needs a command.

Exit status (both commands): 0 the program ran to the end; 1 it raised or went past a
limit; 2 it was rejected before running, or the command itself was wrong (usage, a file
that cannot be read or is not UTF-8, a report that cannot be written there); 3 the analysis
found vᵀJ and backward disagreeing.

This module must never import Qt (tests/test_architecture.py checks it), and it loads the
analysis (sympy, symengine) and the exports only when a command runs: the app's start
goes through :func:`build_parser` too.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import tempfile
import textwrap
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from core import isolate
from core.files import OutputPathError, check_writable, write_atomic
from core.interp import Limits
from core.interp.limits import LimitExceeded, LimitsError
from core.interp.run import RunError, RunResult
from core.report_json import run_to_json

PROG = "backprop-lens"
COMMANDS = ("run", "report")

EXIT_OK, EXIT_RAISED, EXIT_USAGE, EXIT_DISAGREE = 0, 1, 2, 3

EXIT_STATUSES = """\
exit status:
  0  the program ran to the end
  1  the program raised, or went past a limit
  2  the program was rejected before running, or the command was wrong
  3  the analysis found vᵀJ and backward (or the numeric witnesses and backward) disagreeing"""

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
    # the symbolic J's own stage; not given, a command printing one report gives it what is left of the
    # verdict's target (core.analysis.budget), so its default is said here, not taken from Limits
    "--symbolic-seconds": ("max_symbolic_seconds", float),
}
# the limits whose command-line default is not Limits' (the app's)
COMMAND_DEFAULTS = {
    "max_symbolic_seconds": "what is left of the verdict's target, 3x the program's run + 0.5 s (the app: {default:g})",
}


class UsageError(Exception):
    """The command line is wrong; the message goes to stderr and the exit status is 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse would print and sys.exit(2); main() returns instead
        raise UsageError(f"{self.format_usage()}{self.prog}: error: {message}")


@dataclass(frozen=True)
class App:
    """The desktop app as the parser's default (no command): ``add_options(parser)`` adds its
    options, ``start(options)`` opens it and returns the exit status (desktop.launcher)."""

    add_options: Callable[[argparse.ArgumentParser], None]
    start: Callable[[argparse.Namespace], int]


def version() -> str:
    """The installed distribution's version ("(not installed)" in a source tree never installed)."""
    from importlib.metadata import PackageNotFoundError, version as installed_version
    try:
        return installed_version("backprop-lens")
    except PackageNotFoundError:
        return "(not installed)"


class _ReportLanguages:
    """The report's languages (core.export.texts.LANGUAGES) as ``--lang``'s choices, read when
    ``--lang`` is checked or shown: core.export takes 0.15 s to load, which the app's start,
    parsing with this same parser, does without."""

    def __iter__(self):
        from core.export.texts import LANGUAGES
        return iter(LANGUAGES)

    def __contains__(self, value):
        return value in list(self)


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
    """The options ``run`` and ``report`` share after their own: which output, v, which
    differentiation, --pytorch and the limits."""
    p.add_argument("--output", metavar="NAME", type=_output_name,
                   help="the output tensor to analyse (default: the one the program differentiates first, "
                        "else the last one with a grad_fn)")
    p.add_argument("--grad-tensor", metavar="JSON",
                   help="the vector v of out.backward(v), as a JSON number or nested list "
                        "(default: the program's own gradient argument, or 1 for a scalar output)")
    p.add_argument("--call", metavar="N", type=_count,
                   help="analyse the program's N-th backward or autograd.grad (default: the first; the JSON's "
                        "analysis.calls lists them)")
    p.add_argument("--iteration", metavar="K", type=_count,
                   help="analyse the K-th differentiation made at the line of that call (a training loop's "
                        "K-th step)")
    p.add_argument("--pytorch", choices=("auto", "off"), default="auto",
                   help="replay the forward in real PyTorch, when it is installed, as one more witness "
                        "(default auto)")
    defaults = Limits()
    limits = p.add_argument_group("limits", "what one run may use; a program that goes past one is stopped")
    for option, (name, kind) in LIMIT_OPTIONS.items():
        what = defaults.DESCRIPTIONS[name][0]
        default = getattr(defaults, name)
        if name in COMMAND_DEFAULTS:
            shown = COMMAND_DEFAULTS[name].format(default=default)
        else:
            shown = f"{default:,}" if kind is int else f"{default:g}"
        limits.add_argument(option, dest=name, metavar="S" if kind is float else "N", type=_limit(name, kind),
                            help=f"{what} (default {shown})")


def _examples(prog: str, app: bool) -> str:
    examples = []
    if app:
        examples += [("open the app at its first lesson", ""),
                     ("open a program, the window in Chinese", "--program prog.py --language zh_CN"),
                     ("render the window to a PNG (no screen needed)", "--program prog.py --screenshot out.png")]
    examples += [("run a program and analyse it; a summary in the terminal", "run prog.py"),
                 ("the whole result as one JSON object", "run prog.py --json > result.json"),
                 ("analyse the output y with v = [1, 0]", "run prog.py --output y --grad-tensor '[1, 0]'"),
                 ("an HTML report with Chinese headings", "report prog.py -o report.html --lang zh"),
                 ("every option of a command", "run --help")]
    return "examples:\n" + "\n".join(f"  {what}:\n    {prog} {args}".rstrip() for what, args in examples)


def build_parser(prog: str = PROG, app: App | None = None) -> argparse.ArgumentParser:
    """The command line: ``run`` and ``report``, and, with ``app``, the app when no command is given."""
    description = ("Backprop Lens: see what PyTorch's backward() computes, the Jacobian J, vᵀJ beside x.grad, "
                   "and the chain rule node by node." + (" With no command, opens the app." if app else ""))
    parser = _Parser(prog=prog, formatter_class=argparse.RawDescriptionHelpFormatter,
                     description=textwrap.fill(description, 88), epilog=_examples(prog, app is not None))
    parser.add_argument("--version", action="version", version=f"{PROG} {version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands",
                                     required=app is None, parser_class=_Parser)
    run = commands.add_parser(
        "run", help="run a program in the safe interpreter and analyse it; print a summary or JSON",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EXIT_STATUSES,
        usage="%(prog)s PROGRAM.py [--json] [--output NAME] [--grad-tensor JSON] [--call N] [--iteration K]\n"
              "       [--entries SELECTION] [--symbolic-seconds S] [--pytorch auto|off] [--pytorch-script OUT.py]\n"
              "       [--max-... N]",
        description="Run a program in Backprop Lens's safe interpreter (parsed and checked, never handed to "
                    "Python's exec) and analyse one output: what it printed, its error and every top-level "
                    "tensor with its grad, then J, vᵀJ beside backward and the verdict.")
    run.add_argument("program", metavar="PROGRAM.py", help="the program to run (UTF-8 text)")
    run.add_argument("--json", action="store_true",
                     help="print one JSON object instead of the summary (its fields: the README's 'Headless use')")
    run.add_argument("--pytorch-script", metavar="OUT.py",
                     help="also write the forward as a plain PyTorch script that prints the same grads")
    run.add_argument("--entries", metavar="SELECTION", action="append",
                     help="compute these entries of J symbolically, even when the whole J does not fit its budget "
                          "(within --symbolic-seconds); the JSON's analysis.entries lists each, computed or over "
                          "budget. Row (an output element) first, then column (a leaf element), 1-based as the "
                          "elements are named: 'out[1]:x[1,2]' (or 'out_1:x_12'; x_{1,10} past 9) is dout_1/dx_12; "
                          "'out[2]:x' row 2 for the leaf x, 'out[2]' row 2 for every leaf, 'x[1,2]' the column "
                          "of x_12; '*' for every index of a dimension ('out[*,1]:W[2,*]'); several separated by "
                          "';' or given as more --entries. 'out' is the output's name (out when it has none)")
    _add_analysis_options(run)
    run.set_defaults(handler=_run, usage=run.format_usage)

    report = commands.add_parser(
        "report", help="run and analyse a program as 'run' does and write an HTML report",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EXIT_STATUSES,
        usage="%(prog)s PROGRAM.py -o REPORT.html [--lang LANG] [--latex OUT.tex] [--output NAME]\n"
              "       [--grad-tensor JSON] [--call N] [--iteration K] [--pytorch auto|off] [--max-... N]",
        description="Run a program and analyse it as 'run' does, and write a self-contained HTML report: the "
                    "program, its output, J, vᵀJ beside backward, the verdict, the graph and the backward steps.")
    report.add_argument("program", metavar="PROGRAM.py", help="the program to run (UTF-8 text)")
    report.add_argument("-o", dest="report_path", metavar="REPORT.html", required=True,
                        help="where to write the HTML report (replaced atomically)")
    report.add_argument("--lang", choices=_ReportLanguages(), default="en", metavar="LANG",
                        help="the language of the report's headings: %(choices)s (default %(default)s)")
    report.add_argument("--latex", metavar="OUT.tex", help="also write J, vᵀJ and backward as a LaTeX document")
    _add_analysis_options(report)
    report.set_defaults(handler=_report, usage=report.format_usage)
    if app is not None:
        app.add_options(parser)
    return parser


def main(argv: list[str] | None = None, *, prog: str = PROG, app: App | None = None) -> int:
    """Run the command line ``argv`` (e.g. ``["run", "prog.py", "--json"]``); return the exit status.
    Without a command it opens ``app`` (when given; else the command is missing: exit 2)."""
    args = sys.argv[1:] if argv is None else [os.fspath(a) for a in argv]
    parser = build_parser(prog, app)
    try:
        options = parser.parse_args(args)
    except UsageError as e:
        sys.stderr.write(f"{e}\n")
        return EXIT_USAGE
    except SystemExit as e:  # --help, --version
        return e.code if isinstance(e.code, int) else EXIT_OK
    if options.command is None:
        return app.start(options)
    try:
        return options.handler(options)
    except UsageError as e:
        sys.stderr.write(f"{options.usage()}{prog}: {e}\n")
        return EXIT_USAGE
    except OutputPathError as e:
        sys.stderr.write(f"{prog}: {e}\n")
        return EXIT_USAGE


def _report(options) -> int:
    """``report``: the run and the analysis of ``run``, written as HTML (and LaTeX)."""
    from core.export import html_report, latex_document
    from core.export.latex import latex_unavailable_document

    grad_tensor = None if options.grad_tensor is None else parse_grad_tensor(options.grad_tensor)
    targets = [options.report_path] + ([options.latex] if options.latex else [])
    resolved = [Path(t).resolve() for t in targets]
    if Path(options.program).resolve() in resolved:
        raise UsageError(f"the report would overwrite the program {options.program}")
    if len(set(resolved)) < len(resolved):
        raise UsageError("-o and --latex name the same file")
    for target in targets:  # before the run: a wrong folder is reported at once
        check_writable(target)
    source, ran, report, note = _run_and_report(options, grad_tensor, progress=sys.stderr.isatty())

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


def _selection(options) -> str | None:
    """``--entries`` given once or more, as one selection (core.analysis.entries)."""
    given = getattr(options, "entries", None)
    return None if given is None else "; ".join(given)


def parse_grad_tensor(text: str):
    """``--grad-tensor``'s JSON: a number or a rectangular nested list of finite numbers
    (:func:`core.analysis.pipeline.parse_grad_tensor`'s rules); raise UsageError."""
    from core.analysis import pipeline
    try:
        return pipeline.parse_grad_tensor(text)
    except pipeline.GradTensorError as e:
        raise UsageError(f"argument --grad-tensor: {e.why} (got {text!r}); "
                         "give a JSON number or nested list, e.g. '[[1, 0], [0, 1]]'") from None


# --- the run and its analysis, in a child process -----------------------------------------------
# What C libraries print on fd 2 and nobody asked for: the Graphviz that pygraphviz's wheel bundles
# reads the system's newer Fontconfig configuration and warns about it on every layout.
THIRD_PARTY_NOISE = ("Fontconfig warning:", "Fontconfig error:")


def _run_and_report(options, grad_tensor, *, progress: bool = False):
    """``run`` and ``report`` alike: read the program, run and analyse it within the options'
    limits (:func:`core.analysis.pipeline.analyse_source`) in a child process with OS limits
    (:mod:`core.isolate`); (source, whether it ran, the report: run_to_json's JSON with its
    analysis, the analysis note).  Whatever happens in the child, there is a report.  With
    ``progress``, the analysis's progress is shown on stderr (:class:`Progress`)."""
    from core.analysis.pipeline import analyse_source

    source = read_program(options.program)
    limits = Limits(**{name: getattr(options, name) for name, _ in LIMIT_OPTIONS.values()
                       if getattr(options, name) is not None})

    def work(send):
        def ran(result):
            send(("ran", run_to_json(result)))
        with quiet_stderr() as terminal, Progress(terminal, enabled=progress) as shown:
            outcome = analyse_source(source, filename=options.program, output=options.output,
                                     grad_tensor=grad_tensor, limits=limits, pytorch=options.pytorch, ran=ran,
                                     progress=shown, call=options.call, iteration=options.iteration,
                                     symbolic_seconds=options.max_symbolic_seconds, entries=_selection(options))
        if outcome.analysis is not None and (options.command == "report"
                                             or getattr(options, "pytorch_script", None) is not None):
            outcome.analysis.pytorch_script   # (a long one is written when asked for: here)
        asked = (options.output, grad_tensor, options.call, options.iteration, _selection(options))
        try:
            analysis, note = analyse(outcome, asked=any(a is not None for a in asked))
        except UsageError as e:
            send(("usage", str(e)))
            return
        send(("done", run_to_json(outcome.result, analysis), note, outcome.result.program is not None))

    ended = isolate.run_isolated(work, memory_bytes=limits.max_memory_mb * 2 ** 20,
                                 wall_seconds=limits.command_seconds())
    if progress and ended.how != "finished":
        sys.stderr.write(Progress.WIPE)      # a child stopped in the middle of its progress line
        sys.stderr.flush()
    return (source, *_child_report(ended, limits))


class quiet_stderr:
    """While the work runs, file descriptor 2 goes to a temporary file, so that what C libraries
    print there (:data:`THIRD_PARTY_NOISE`) stays off the terminal; the rest is passed on when
    the work ends.  ``with quiet_stderr() as terminal``: a text stream on the real stderr, for
    the progress line."""

    def __enter__(self):
        sys.stderr.flush()
        self._saved = os.dup(2)
        self._caught = tempfile.TemporaryFile()
        os.dup2(self._caught.fileno(), 2)
        self.terminal = os.fdopen(os.dup(self._saved), "w", encoding=getattr(sys.stderr, "encoding", None)
                                  or "utf-8", errors="backslashreplace")
        return self.terminal

    def __exit__(self, *exc):
        sys.stderr.flush()
        self.terminal.close()
        os.dup2(self._saved, 2)
        os.close(self._saved)
        self._caught.seek(0)
        text = self._caught.read().decode("utf-8", "replace")
        self._caught.close()
        kept = [line for line in text.splitlines(keepends=True) if not line.startswith(THIRD_PARTY_NOISE)]
        if kept:
            sys.stderr.write("".join(kept))
            sys.stderr.flush()
        return False


class Progress:
    """The analysis's progress on one line of a terminal: nothing for work that ends within
    :attr:`DELAY` seconds, then the pipeline's latest ``progress(fraction, text)`` and the
    seconds so far, redrawn every :attr:`TICK` seconds; the line is wiped at the end.  Used as
    ``with Progress(stream, enabled=...) as progress``: ``progress`` is the callback, or None
    when not enabled."""

    DELAY, TICK = 1.0, 0.25
    WIPE = "\r\x1b[K"

    def __init__(self, stream, *, enabled: bool = True, clock=time.monotonic, width: int | None = None):
        self.stream, self.enabled, self.clock = stream, enabled, clock
        self.width = width
        self.start = clock()
        self.text = "running the program"
        self.shown = False
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._ticker = None

    def __call__(self, fraction: float, text: str) -> None:
        with self._lock:
            self.text = text
        self.draw()

    def line(self) -> str:
        """The line as it is now: ``backprop-lens: analysing (4 s): symbolic Jacobian`` (the pipeline's
        fractions are its stages' starts, so the seconds are what moves)."""
        line = f"{PROG}: analysing ({self.clock() - self.start:.0f} s): {self.text}"
        width = self.width
        if width is None:
            try:
                width = os.get_terminal_size(self.stream.fileno()).columns
            except (AttributeError, OSError, ValueError):
                width = 0
        return line[:(width or 80) - 1]

    def draw(self) -> None:
        with self._lock:
            if self._done.is_set() or self.clock() - self.start < self.DELAY:
                return
            self.stream.write("\r" + self.line() + "\x1b[K")
            self.stream.flush()
            self.shown = True

    def _tick(self):
        while not self._done.wait(self.TICK):
            self.draw()

    def __enter__(self):
        if not self.enabled:
            return None
        self._ticker = threading.Thread(target=self._tick, daemon=True, name="progress")
        self._ticker.start()
        return self

    def __exit__(self, *exc):
        if self._ticker is not None:
            self._done.set()
            self._ticker.join()
        with self._lock:
            self._done.set()
            if self.shown:
                self.stream.write(self.WIPE)
                self.stream.flush()
        return False


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


def _run(options) -> int:
    """``run``: the run and its analysis, as JSON or a summary on stdout."""
    grad_tensor = None if options.grad_tensor is None else parse_grad_tensor(options.grad_tensor)
    if options.entries is not None:     # their syntax, before the run (their names and ranges: after it)
        from core.analysis import entries
        try:
            entries.parse(_selection(options))
        except entries.SelectionError as e:
            raise UsageError(f"argument --entries: {e}") from None
    if options.pytorch_script is not None:
        check_writable(options.pytorch_script)  # before the run: a wrong folder is reported at once
    # the progress line: on a terminal, and not while JSON goes to a pipe or a file
    progress = sys.stderr.isatty() and (sys.stdout.isatty() or not options.json)
    source, ran, report, note = _run_and_report(options, grad_tensor, progress=progress)
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
    """The report's ``analysis`` object of a pipeline outcome, or None with the reason (rejected
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
        out.append(f"v ({a['grad_tensor_source'].replace('_', ' ')}): {_values(a['grad_tensor'])}")
    for leaf in a["leaves"]:
        if leaf in a["jacobian"]:
            J = np.array(a["jacobian"][leaf], dtype=object)
            rows = int(np.prod(a["output_shape"])) if a["output_shape"] else 1
            flat = J.reshape(rows, -1) if J.size else J
            size = f"{flat.shape[0]} x {flat.shape[-1] if J.size else 0}"
            whole = not J.size or max(flat.shape) <= MATRIX_SHOWN
            out.append(f"J = d {a['output']} / d {leaf}  ({size}" + ("):" if whole else
                                                                 "; its corners, all of it with --json):"))
            out.extend("    " + row for row in (_matrix_rows(flat) if J.size else []))
        if a["vjp"] is not None:
            out.append(f"vᵀJ      {leaf}: {_values(a['vjp'][leaf])}")
        if a["backward"] is not None:
            out.append(f"backward {leaf}.grad: {_values(a['backward'][leaf])}")
    out.extend(_entry_lines(a.get("entries")))
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


def _entry_lines(found: dict | None) -> list[str]:
    """The entries --entries asked for: each computed one with its value (and the engine's), then
    how many were not computed and why."""
    if not found:
        return []
    out = [f"entries of J asked for ({found['selection']}): {found['computed']} of {found['count']} computed"]
    for e in found["entries"]:
        if e["state"] != "computed":
            continue
        engine = "" if e["engine"] is None else f"  (engine {_fmt(e['engine'])}{'' if e['match'] else ', DIFFERS'})"
        out.append(f"    d{e['output_element']}/d{e['leaf_element']} = {_fmt(e['value'])}{engine}")
    if found.get("note"):
        out.append(f"    {found['note']}")
    return out


def _fmt(x) -> str:
    return json.dumps(x, allow_nan=False)


# The terminal shows a value of up to VALUES_SHOWN numbers whole, and J whole up to MATRIX_SHOWN
# rows and columns; past that, their first values or J's corners (CORNER rows and columns each):
# a 1000 x 100 J is 3 rows of 7 entries, not 156 KB. --json has all of them.
VALUES_SHOWN, MATRIX_SHOWN, CORNER = 64, 12, 3


def _values(values) -> str:
    """A vector or tensor for the terminal: all of it when small, else its shape and first values."""
    shape = list(np.shape(np.asarray(values, dtype=object)))
    if int(np.prod(shape)) <= VALUES_SHOWN:
        return _fmt(values)
    return f"shape {shape}: {_summary(values, shape)}"


def _matrix_rows(flat: np.ndarray) -> list[str]:
    """J's rows as text, or, when it is larger than MATRIX_SHOWN either way, its corners with "..."."""
    def pick(n):
        return list(range(n)) if n <= MATRIX_SHOWN else [*range(CORNER), None, *range(n - CORNER, n)]

    rows, cols = pick(flat.shape[0]), pick(flat.shape[1])
    text = []
    for i in rows:
        if i is None:
            text.append("...")
            continue
        text.append("[" + ", ".join("..." if j is None else _fmt(flat[i, j]) for j in cols) + "]")
    return text


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
