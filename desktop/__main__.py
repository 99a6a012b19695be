"""``python -m desktop``: the same as the ``backprop-lens`` command."""

import sys

from desktop.launcher import main

if __name__ == "__main__":
    sys.exit(main())
