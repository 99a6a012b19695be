"""Backprop Lens in a notebook: :func:`analyze` and the ``%%backprop_lens`` cell magic.

    >>> from core import analyze
    >>> result = analyze("import torch\\nx = torch.ones(2, requires_grad=True)\\n(x * 3).sum().backward()")
    >>> result.verdict, result.grads["x"].tolist()
    ('agree', [3.0, 3.0])

In Jupyter, ``result`` shows the HTML report inline (:meth:`LensResult._repr_html_`); the
extension (``%load_ext core.notebook``) adds a cell magic that analyses the cell's text::

    %%backprop_lens --output out --grad-tensor "[[1, 0], [0, 1]]"
    import torch
    ...

The program never runs in the kernel: it is data, handed to the command line of this same
installation, ``python -m core run FILE --json`` (core.cli), in a child process.  That command runs
it in the safe interpreter and analyses it (core.analysis.pipeline.analyse_source) in a forked
grandchild with OS limits on memory and time (core.isolate), so a program that allocates without
end or never stops ends there, with its report, and the kernel goes on.  (core.isolate would run the
work in the kernel's own process: a kernel has threads, and a process with threads must not fork.)
What comes back is the command's JSON (DESIGN.md, "Headless contract"); the HTML is
core.export.html_report's, made from it as a fragment for the notebook's page.

This module never imports Qt, nor IPython until the extension is loaded.
"""
from __future__ import annotations

import json
import os
import re
import shlex
import site
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

from core.export.formatting import to_array
from core.export.html_report import html_report, verdict_text
from core.export.texts import LANGUAGES
from core.interp.limits import Limits, LimitsError

__all__ = ["analyze", "LensResult", "load_ipython_extension"]

PYTORCH_CHOICES = ("auto", "off")
# the command's exit status when it printed its JSON: ran, raised, rejected (2, with JSON), vᵀJ ≠ backward
_REPORTED = (0, 1, 2, 3)
_SLACK_SECONDS = 30.0   # the command ends its own child at Limits.command_seconds(); this is the backstop
_COMMAND_NAME = re.compile(r"^(?:backprop-lens|python -m core)(?: run)?: ")   # how the command signs a message
_CORE_ROOT = str(Path(__file__).resolve().parent.parent)   # the folder that holds this ``core`` package


class LensResult:
    """One run of a program and its analysis, as ``python -m core run FILE --json`` reports it.

    ``report`` is that JSON object (a dict); the attributes below read it.  In a notebook the result
    shows as the HTML report (:meth:`_repr_html_`); :meth:`to_json` is the command's JSON text.
    """

    def __init__(self, report: dict, source: str, *, json_text: str, filename: str = "program.py",
                 lang: str = "en"):
        self.report = report
        self.source = source
        self.filename = filename
        self.lang = lang
        self._json_text = json_text
        self._fragment: tuple[str, str] | None = None   # (its id, the HTML), made once

    # --- what the JSON says -----------------------------------------------------------------
    @property
    def stdout(self) -> str:
        """What the program printed, in PyTorch's print format."""
        return self.report.get("stdout") or ""

    @property
    def error(self) -> dict | None:
        """None, or the program's error: ``{"type", "message", "line", "kind", ...}``."""
        return self.report.get("error")

    @property
    def error_line(self) -> int | None:
        """The line of the program's error, when it has one."""
        return (self.error or {}).get("line")

    @property
    def warnings(self) -> list:
        return list(self.report.get("warnings") or [])

    @property
    def tensors(self) -> dict:
        """Every top-level tensor at the end (or at the error): the JSON's ``tensors``."""
        return self.report.get("tensors") or {}

    @property
    def analysis(self) -> dict | None:
        """The JSON's ``analysis`` (J, vᵀJ, backward, the witnesses, the trace, the graph), or None."""
        return self.report.get("analysis")

    @property
    def analysis_note(self) -> str | None:
        """Why there is no analysis (or why it was stopped), when there is none."""
        return self.report.get("analysis_note")

    @property
    def match(self) -> bool | None:
        """Whether vᵀJ (or J, row by row) and backward agree; None when nothing was compared."""
        return None if self.analysis is None else self.analysis.get("match")

    @property
    def verdict(self) -> str:
        """``"agree"`` or ``"disagree"`` (vᵀJ against backward), ``"error"`` (the program failed and
        nothing was analysed) or ``"none"`` (nothing to analyse, or nothing compared)."""
        if self.match is not None:
            return "agree" if self.match else "disagree"
        return "error" if self.error is not None and self.analysis is None else "none"

    @property
    def verdict_text(self) -> str:
        """The report's verdict sentence, e.g. "✓ vᵀJ and backward agree (largest |difference|: 0)"."""
        if self.analysis is not None:
            return verdict_text(self.analysis, self.lang)
        if self.error is not None:
            return f"{self.error.get('type')}: {self.error.get('message')}" + (
                f" (line {self.error_line})" if self.error_line else "")
        return f"no analysis: {self.analysis_note or 'nothing to analyse'}"

    @property
    def output(self) -> str | None:
        """The name of the output tensor analysed."""
        return None if self.analysis is None else self.analysis.get("output")

    @property
    def grads(self) -> dict:
        """``{leaf: numpy array}``: the grads backward(v) gave the leaves in the analysed call."""
        return self._arrays("backward")

    @property
    def jacobian(self) -> dict:
        """``{leaf: numpy array}`` of J = ∂output/∂leaf, shaped output.shape + leaf.shape ({} when the
        symbolic J did not fit its budget)."""
        return self._arrays("jacobian")

    @property
    def vjp(self) -> dict:
        """``{leaf: numpy array}``: vᵀJ from the symbolic J."""
        return self._arrays("vjp")

    def _arrays(self, key: str) -> dict:
        found = (self.analysis or {}).get(key) or {}
        return {leaf: to_array(nested) for leaf, nested in found.items()}

    # --- how it shows -----------------------------------------------------------------------
    def to_json(self) -> str:
        """The JSON text ``python -m core run FILE --json`` printed for this program (DESIGN.md's
        headless contract), without its final newline."""
        return self._json_text

    def html(self, *, standalone: bool = False) -> str:
        """The HTML report: a fragment for a page (the default), or a whole document."""
        if standalone:
            return html_report(self.report, self.source, filename=self.filename, lang=self.lang)
        if self._fragment is None:
            made_with = "backprop-lens-" + uuid.uuid4().hex
            self._fragment = made_with, html_report(self.report, self.source, filename=self.filename,
                                                    lang=self.lang, fragment_id=made_with)
        # each display its own ids: the same result shown twice in one page must not share them
        made_with, text = self._fragment
        return text.replace(made_with, "backprop-lens-" + uuid.uuid4().hex)

    def _repr_html_(self) -> str:
        return self.html()

    def __repr__(self) -> str:
        what = f"{self.output} in {self.filename}" if self.output else self.filename
        return f"<Backprop Lens: {what}: {self.verdict_text}>"


def analyze(source: str | os.PathLike | None = None, *, path: str | os.PathLike | None = None,
            output: str | None = None, grad_tensor=None, call: int | None = None, iteration: int | None = None,
            pytorch: str = "auto", limits: Limits | dict | None = None, filename: str | None = None,
            lang: str = "en") -> LensResult:
    """Run a PyTorch-style program in Backprop Lens's safe interpreter and check its backward.

    ``source`` is the program's text (or a path, as ``path=``).  ``output`` names the tensor to
    analyse (default: the first the program differentiates); ``grad_tensor`` is v of
    ``output.backward(v)``: a number, a nested list, an array (``.tolist()``) or its JSON text
    (default: the program's own gradient argument, or 1 for a one-element output); ``call`` and
    ``iteration`` pick which differentiation (the N-th backward or autograd.grad; the K-th made at
    its line, in a loop); ``pytorch="off"`` leaves out the real-PyTorch witness; ``limits`` is a
    :class:`core.interp.Limits` or a dict of its fields (``{"max_seconds": 5}``).  ``filename`` is
    the name the report shows; ``lang`` ("en" or "zh") the language of the report's headings.

    A program that is rejected, raises or goes past a limit is a result with its ``error`` (and
    line), not an exception.  Options that cannot be (an output the program does not have, a v of
    the wrong shape, a limit out of range) raise ValueError with the command line's message.
    """
    if (source is None) == (path is None):
        raise TypeError("analyze() takes a program's source text or path=, exactly one of them")
    if isinstance(source, os.PathLike):
        source, path = None, source
    if not isinstance(source, (str, type(None))):
        raise TypeError(f"source must be the program's text (a str), not {type(source).__name__}")
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)} (got {lang!r})")
    options = _options(output=output, grad_tensor=grad_tensor, call=call, iteration=iteration, pytorch=pytorch)
    checked = _checked_limits(limits)
    options += [arg for name in checked.names() if getattr(checked, name) != getattr(Limits(), name)
                for arg in (checked.DESCRIPTIONS[name][1], repr(getattr(checked, name)))]
    if path is not None:
        source = _read(path)
        shown = filename or Path(path).name
        json_text = _run_command(str(Path(path).resolve()), options, checked)
    else:
        shown = filename or "program.py"
        with tempfile.TemporaryDirectory(prefix="backprop-lens-") as folder:
            # the program as a file for the command: it only reads it (never Python's import or exec)
            name = Path(shown).name if Path(shown).name.endswith(".py") else "program.py"
            Path(folder, name).write_text(source, encoding="utf-8")
            json_text = _run_command(name, options, checked, cwd=folder)
    return LensResult(json.loads(json_text), source, json_text=json_text, filename=shown, lang=lang)


def _options(*, output, grad_tensor, call, iteration, pytorch) -> list[str]:
    """The command line's options for these arguments (it checks them again, and says what is wrong)."""
    options = ["--pytorch", _choice("pytorch", pytorch, PYTORCH_CHOICES)]
    if output is not None:
        if not isinstance(output, str):
            raise TypeError(f"output must be a tensor's name (a str), not {type(output).__name__}")
        options += ["--output", output]
    if grad_tensor is not None:
        options += ["--grad-tensor", _grad_tensor_json(grad_tensor)]
    for option, value in (("--call", call), ("--iteration", iteration)):
        if value is not None:
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{option[2:]} must be a whole number from 1 (got {value!r})")
            options += [option, str(value)]
    return options


def _choice(name: str, value, choices) -> str:
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, choices))} (got {value!r})")
    return value


def _grad_tensor_json(value) -> str:
    """v as the JSON text of ``--grad-tensor``: JSON text as it is; an array (numpy, torch) by its
    ``tolist()``; a number or nested list as JSON."""
    if isinstance(value, str):
        return value
    if hasattr(value, "tolist"):
        value = value.tolist()
    try:
        return json.dumps(value, allow_nan=True)
    except (TypeError, ValueError) as e:
        raise ValueError(f"grad_tensor must be a number or a nested list of numbers ({e})") from None


def _checked_limits(limits) -> Limits:
    if limits is None:
        return Limits()
    if isinstance(limits, Limits):
        return limits
    if isinstance(limits, dict):
        try:
            return Limits.checked(**limits)
        except LimitsError as e:
            raise ValueError(str(e)) from None
    raise TypeError(f"limits must be a core.interp.Limits or a dict of its fields, not {type(limits).__name__}")


def _read(path) -> str:
    """The program's text, as the command line reads it (UTF-8, a BOM dropped); ValueError."""
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ValueError(f"cannot read {path}: it is not UTF-8 text (byte 0x{data[e.start]:02x} at position "
                         f"{e.start})") from None


def _run_command(program: str, options: list[str], limits: Limits, cwd: str | None = None) -> str:
    """``python -m core run PROGRAM --json OPTIONS`` in a child process of this Python, with this
    ``core`` first on its path; its JSON text.  ValueError with the command's message when it
    refuses the options; RuntimeError when it ends without its JSON."""
    paths = [p for p in [os.environ.get("PYTHONPATH")] if p]
    if _CORE_ROOT not in _site_folders():   # this core from a checkout (an installed one is found as it is)
        paths.insert(0, _CORE_ROOT)
    env = dict(os.environ, PYTHONIOENCODING="utf-8", **({"PYTHONPATH": os.pathsep.join(paths)} if paths else {}))
    command = [sys.executable, "-m", "core", "run", program, "--json", *options]
    try:
        done = subprocess.run(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                              timeout=limits.command_seconds() + _SLACK_SECONDS)
    except subprocess.TimeoutExpired:   # subprocess.run has killed it (and its child dies with it)
        raise RuntimeError(f"Backprop Lens's command did not end within {limits.command_seconds():g} s "
                           "and was stopped") from None
    text = done.stdout.decode("utf-8", "replace").rstrip("\n")
    if done.returncode in _REPORTED and text.startswith("{"):
        return text
    message = _command_message(done.stderr.decode("utf-8", "replace"))
    if done.returncode == 2:
        raise ValueError(message)
    raise RuntimeError(f"Backprop Lens's command failed (exit status {done.returncode}): {message}")


def _site_folders() -> set:
    folders = site.getsitepackages() + [site.getusersitepackages()]
    return {str(Path(folder).resolve()) for folder in folders}


def _command_message(stderr: str) -> str:
    """The command's own message: its last line that is not the usage (or a library's warning), without
    the command's name before it (``backprop-lens: ...``, ``python -m core: ...``)."""
    lines = [line for line in stderr.splitlines()
             if line.strip() and not line[0].isspace() and not line.startswith(("usage:", "Fontconfig"))]
    return _COMMAND_NAME.sub("", lines[-1]) if lines else "(no message)"


# --- the IPython extension -------------------------------------------------------------------------
def load_ipython_extension(ipython) -> None:
    """``%load_ext core.notebook``: registers the ``%%backprop_lens`` cell magic."""
    ipython.register_magic_function(_cell_magic(), magic_kind="cell", magic_name="backprop_lens")


def _cell_magic():
    from IPython.core.error import UsageError
    from IPython.core.magic_arguments import argument, magic_arguments

    @magic_arguments()
    @argument("--output", metavar="NAME", help="the output tensor to analyse (default: the one the program "
              "differentiates first)")
    @argument("--grad-tensor", metavar="JSON", help="v of out.backward(v), as JSON, e.g. '[[1, 0], [0, 1]]' "
              "(default: the program's own, or 1 for a one-element output)")
    @argument("--call", metavar="N", type=int, help="analyse the program's N-th backward or autograd.grad")
    @argument("--iteration", metavar="K", type=int, help="the K-th differentiation made at that call's line")
    @argument("--pytorch", choices=PYTORCH_CHOICES, default="auto", help="real PyTorch as a witness when installed")
    @argument("--lang", choices=LANGUAGES, default="en", help="the language of the report's headings")
    def backprop_lens(line, cell):
        """Analyse the cell's text as a program with Backprop Lens (it never runs in the kernel) and
        show the report; the result (core.notebook.LensResult) is the cell's value."""
        # shlex: quotes are the shell's ('--grad-tensor "[[1, 0], [0, 1]]"'), which IPython's own split keeps
        try:
            words = shlex.split(line)
        except ValueError as e:
            raise UsageError(f"%%backprop_lens {line}: {e}") from None
        args = backprop_lens.parser.parse_args(words)
        try:
            return analyze(cell, output=args.output, grad_tensor=args.grad_tensor, call=args.call,
                           iteration=args.iteration, pytorch=args.pytorch, filename="cell.py", lang=args.lang)
        except (TypeError, ValueError) as e:
            raise UsageError(str(e)) from None
    return backprop_lens
