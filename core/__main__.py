"""``python -m core run ...``: the headless command line, without Qt."""

import sys

from core.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
