"""Entry point of the ``backprop-lens`` command: core.cli's parser, with the app as the default.

``backprop-lens run ...`` and ``backprop-lens report ...`` are headless (core.cli) and never
load Qt; with no command, ``backprop-lens [--program FILE] [--screenshot OUT.png]
[--language L]`` opens the app. Qt is imported only on that path (not at module level here),
so the headless commands start fast and work on machines without Qt's system libraries.
"""

import os
import sys

from core import cli


def main(argv: list[str | os.PathLike] | None = None) -> int:
    """Run ``backprop-lens`` with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    args = [os.fspath(arg) for arg in (sys.argv[1:] if argv is None else argv)]
    if args and args[0] in cli.COMMANDS:
        return cli.main(args)
    return cli.main(args, app=cli.App(add_options=_app_options, start=_start_app))


def _app_options(parser) -> None:
    app = parser.add_argument_group("the app (no command)")
    app.add_argument("--program", metavar="FILE", help="open this program instead of the first lesson")
    app.add_argument("--screenshot", metavar="OUT.png",
                     help="render the window offscreen to a PNG and exit (no screen needed)")
    app.add_argument("--language", choices=("system", "en", "zh_CN"),
                     help="the UI language for this run (default: the one chosen in the Language menu)")


def _start_app(options) -> int:
    from desktop.app import run_app
    return run_app(program_path=options.program, screenshot=options.screenshot, language=options.language)
