"""Entry point of the ``backprop-lens`` command.

``backprop-lens run ...`` and ``backprop-lens report ...`` are headless: they go to
``core.cli`` and never load Qt. Anything else starts the desktop app. Qt is imported
only on that path (not at module level here), so the headless commands start fast and
work on machines without Qt's system libraries.
"""

import argparse
import os
import sys

HEADLESS_COMMANDS = ("run", "report")


def main(argv: list[str | os.PathLike] | None = None) -> int:
    """Run ``backprop-lens`` with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    args = [os.fspath(arg) for arg in (sys.argv[1:] if argv is None else argv)]
    if args and args[0] in HEADLESS_COMMANDS:
        from core.cli import main as cli_main
        return cli_main(args)
    options = _gui_parser().parse_args(args)
    from desktop.app import run_app
    return run_app(program_path=options.program, screenshot=options.screenshot, language=options.language)


def _gui_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="backprop-lens",
        description="See what PyTorch's backward() computes. With no command, opens the app.",
        epilog="headless: backprop-lens run PROGRAM.py [--output NAME] [--grad-tensor JSON] --json "
               "(arrives with the interpreter issue)",
    )
    parser.add_argument("--program", metavar="FILE",
                        help="open this program instead of the default lesson")
    parser.add_argument("--screenshot", metavar="OUT.png",
                        help="render the window offscreen to a PNG and exit")
    parser.add_argument("--language", choices=("system", "en", "zh_CN"),
                        help="the UI language for this run (default: the one chosen in the Language menu)")
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    return parser


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("backprop-lens")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "(not installed)"
