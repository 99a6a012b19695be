"""``python -m core run|report ...``: the headless command line (core.cli), without Qt."""

import sys

from core.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], prog="python -m core"))
