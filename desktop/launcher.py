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
    shot = parser.add_argument_group("what --screenshot shows (any state of the window, e.g. for the README's "
                                     "pictures)")
    shot.add_argument("--size", metavar="WxH", type=_size,
                      help="the window's size, and the screen's when rendering offscreen (default 1440x900)")
    shot.add_argument("--presenter", action="store_true", help="in presenter mode (full screen)")
    shot.add_argument("--step", metavar="N", type=int,
                      help="the backward stepped to step N (0 is the first; -1 before it; default: the middle)")
    shot.add_argument("--path", metavar="LEAF:ROW:COLUMN[:N]", type=_path,
                      help="with the chain-rule paths of J's entry ROW, COLUMN of LEAF (1-based, as the J table "
                           "numbers them) in the Paths tab, and path N (default 1) marked on the graph")
    shot.add_argument("--lessons", action="store_true",
                      help="with the lesson browser shown (its lesson selected when --program is one)")
    shot.add_argument("--theme", choices=_THEMES,
                      help="the theme for this run: %(choices)s (default: the one chosen in View > Theme)")


_THEMES = ("system", "light", "dark")   # desktop.appearance.theme.THEMES, without importing Qt here


def _path(text: str) -> tuple[str, int, int, int]:
    """``x:1:2`` (or ``x:1:2:3``) as ("x", 0, 1, 0) (or ("x", 0, 1, 2)): 0-based row, column and path."""
    import argparse
    leaf, *numbers = text.split(":")
    if not (leaf and len(numbers) in (2, 3) and all(n.isdigit() and int(n) >= 1 for n in numbers)):
        raise argparse.ArgumentTypeError(f"{text!r} is not LEAF:ROW:COLUMN[:N] with whole numbers from 1 "
                                         "(e.g. x:1:2)")
    row, column, n = (int(v) - 1 for v in (*numbers, "1")[:3])
    return leaf, row, column, n


def _size(text: str) -> tuple[int, int]:
    """``1024x768`` as (1024, 768), each between 320 and 7680."""
    import argparse
    width, sep, height = text.lower().partition("x")
    if not (sep and width.isdigit() and height.isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a size WxH (e.g. 1024x768)")
    size = (int(width), int(height))
    if not all(320 <= n <= 7680 for n in size):
        raise argparse.ArgumentTypeError(f"{text!r}: width and height must be between 320 and 7680 pixels")
    return size


def _start_app(options) -> int:
    from desktop.app import run_app
    shot = {"size": options.size, "presenter": options.presenter, "step": options.step, "theme": options.theme,
            "lessons": options.lessons, "path": options.path}
    if options.screenshot is None:
        given = [f"--{name}" for name, value in shot.items() if value not in (None, False)]
        if given:
            print(f"backprop-lens: {', '.join(given)}: only with --screenshot OUT.png (they set what the "
                  "picture shows)", file=sys.stderr)
            return 2
    return run_app(program_path=options.program, screenshot=options.screenshot, language=options.language, **shot)
