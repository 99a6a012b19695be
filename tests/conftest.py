"""Shared test setup. Runs before any test module imports Qt."""

import os
import sys
from pathlib import Path

# Without a screen Qt aborts the whole run (rc 134, no summary line); offscreen needs none.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO_ROOT = Path(__file__).resolve().parent.parent
# The packages are normally installed (editable); this keeps a bare checkout testable too.
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

# core first, before anything imports numpy (real torch does): core pins numpy's OpenBLAS kernel
# as it loads, and a numpy loaded before that rounds some float32 products otherwise
# (core/machine.py), which made a corpus program's result depend on the order tests import in.
import core  # noqa: E402,F401

# The app's analysis process loads real PyTorch in the background when it is installed (the fourth
# witness). Windows made by the desktop tests do not need it; the test of the witness in the window
# turns it back on for its own process.
os.environ.setdefault("BACKPROP_LENS_PYTORCH", "off")

# Settings (QSettings on Linux: $XDG_CONFIG_HOME) and autosaved work (BACKPROP_LENS_DATA_DIR) of the
# windows the tests make go to a folder of this test session, never the user's own.
import atexit  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402

_SESSION_HOME = tempfile.mkdtemp(prefix="backprop-lens-tests-")
atexit.register(shutil.rmtree, _SESSION_HOME, ignore_errors=True)
os.environ.setdefault("XDG_CONFIG_HOME", os.path.join(_SESSION_HOME, "config"))
os.environ.setdefault("BACKPROP_LENS_DATA_DIR", os.path.join(_SESSION_HOME, "data"))
