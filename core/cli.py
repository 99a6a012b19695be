"""The headless command line: ``backprop-lens run ...`` and ``python -m core run ...``.

PLACEHOLDER: the interpreter issue fills this module in (DESIGN.md, "Headless
contract"). Until then every command prints the usage and returns 2, the contract's
exit status for a usage error.

This module must never import Qt: tests/test_architecture.py checks it.
"""

import sys

USAGE = """\
usage: backprop-lens run PROGRAM.py [--output NAME] [--grad-tensor JSON] --json
       python -m core run PROGRAM.py [--output NAME] [--grad-tensor JSON] --json
"""

COMMANDS = ("run", "report")


def main(argv: list[str] | None = None) -> int:
    """Run the command in ``argv`` (e.g. ``["run", "prog.py", "--json"]``); return the exit status."""
    args = sys.argv[1:] if argv is None else list(argv)
    sys.stderr.write(USAGE)
    if args and args[0] in COMMANDS:
        sys.stderr.write(f"backprop-lens: '{args[0]}' is not implemented yet "
                         "(it arrives with the interpreter issue)\n")
    return 2
