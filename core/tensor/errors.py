"""PyTorch's error texts that the engine builds from several parts."""
from __future__ import annotations

import re

from core import context

HINT = ("Hint: enable anomaly detection to find the operation that failed to compute its gradient, "
        "with torch.autograd.set_detect_anomaly(True, check_nan=False).")
# the hint in anomaly mode (PyTorch has warned of the node that failed, with the forward's traceback)
ANOMALY_HINT = ("Hint: the backtrace further above shows the operation that failed to compute its gradient. The "
                "variable in question was changed in there or anywhere later. Good luck!")


def legacy_type_name(t) -> str:
    """``torch.FloatTensor`` style name of a tensor's dtype."""
    return t.dtype.legacy_name


def modified_inplace(t, now: int, expected: int, fn=None, output_nr=0) -> str:
    """The message for a saved tensor changed in place; ``fn`` is the grad_fn
    it had when it was saved."""
    shape = ", ".join(str(s) for s in t.shape)
    desc = f"[{legacy_type_name(t)} [{shape}]]"
    if fn is not None:
        short = re.sub(r"Backward\d*$", "", type(fn).__name__)
        desc += f", which is output {output_nr} of {short},"
    return ("one of the variables needed for gradient computation has been modified by an inplace "
            f"operation: {desc} is at version {now}; expected version {expected} instead. "
            f"{ANOMALY_HINT if context.anomaly[0] else HINT}")


def size_str(shape) -> str:
    return "torch.Size([" + ", ".join(str(int(s)) for s in shape) + "])"
