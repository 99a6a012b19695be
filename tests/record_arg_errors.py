"""Record how PyTorch answers calls with wrong arguments: tests/data/arg_errors.json.

For every torch function and Tensor method declared in core/torch/signatures.py,
a call that fits its first signature is mutated one argument at a time: a
required argument replaced by a value of another kind (an int where a tensor
goes, a str, None, a list of str, a tuple, a float, a tensor, a bool), an
optional one given as a keyword with such a value, one positional argument too
many, an unknown keyword, no arguments at all.  Each call is written as source
(``x.sum('a')``) and run by real PyTorch here, which records the exception type
and the first line of its message (or that it ran).

tests/core/interp/test_fuzz.py replays every recorded call through the
interpreter and holds the app's answer to PyTorch's.  Re-record (torch 2.13.0
installed) with ``.venv/bin/python tests/record_arg_errors.py``.
"""
from __future__ import annotations

import json
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script
    sys.path.insert(0, str(ROOT))

from core.torch import signatures  # noqa: E402
from core.torch.arguments import Signature  # noqa: E402

RECORD = ROOT / "tests" / "data" / "arg_errors.json"
SETUP = "import torch\n"
FRESH = "x = torch.ones(2, 3)\n"      # before every call: in-place methods change x
BAD = ["3", "'a'", "None", "['a']", "(0,)", "0.5", "x", "True"]
RESERVED = {"from"}   # a Python keyword: PyTorch's random_(from, to) takes it positionally only
# calls whose outcome in PyTorch depends on uninitialised memory, so no recording of them holds: histc
# with out= its own input resizes the input to the bins first, then reads the garbage as its data (it
# runs, or says "range of [-nan, -nan] is not finite", from one run to the next)
UNDEFINED = {"torch.histc(x, out=x)"}

# a value of each type that fits (names first: a size wants (3, 2), a dim 1)
BY_NAME = {"size": "(3, 2)", "shape": "(3, 2)", "dims": "(1, 0)", "repeats": "(2, 1)", "chunks": "2", "index": "0",
           "start": "0", "length": "1", "steps": "3", "n": "3", "high": "5", "fill_value": "2", "data": "[1.0, 2.0]",
           "tensors": "[x, x]", "output_size": "(2,)", "kernel_size": "(2,)", "normalized_shape": "(3,)",
           "rounding_mode": "'floor'", "p": "0.5", "to": "3", "dim0": "0", "dim1": "1", "axis0": "0", "axis1": "1"}
BY_TYPE = {"Tensor": "x", "int": "1", "Number": "2", "float": "0.5", "bool": "True", "tuple of ints": "(1,)",
           "torch.dtype": "torch.float64", "str": "'floor'", "tuple of Tensors": "[x, x]", "object": "[1.0, 2.0]",
           "torch.memory_format": "torch.contiguous_format", "torch.device": "'cpu'", "torch.layout": "torch.strided",
           "torch.Generator": None}


def good(param) -> str | None:
    if param.type in ("Tensor", "torch.Generator", "torch.layout"):
        return BY_TYPE[param.type]
    return BY_NAME.get(param.name, BY_TYPE[param.type])


def calls(name: str, texts, method: bool) -> list[str]:
    """The mutated calls of one function (``torch.NAME(...)``) or method (``x.NAME(...)``)."""
    head = f"x.{name}(" if method else f"torch.{name}("
    if texts is None:
        return [head + ")", head + "3)", head + "foo=1)"]
    sig = Signature.parse_text(name, next(t for t in texts if t != "!"))
    required = [p for p in sig.params if not p.optional and not p.kw_only]
    base = [good(p) for p in required]
    if None in base:
        return []
    out = [head + ")"] if required else []
    for i, p in enumerate(required):
        for bad in BAD:
            if bad != base[i]:
                out.append(head + ", ".join(base[:i] + [bad] + base[i + 1:]) + ")")
    prefix = ", ".join(base)
    sep = ", " if base else ""
    for p in sig.params:
        if p.optional and p.name not in RESERVED:
            for bad in BAD:
                out.append(f"{head}{prefix}{sep}{p.name}={bad})")
    out.append(f"{head}{prefix}{sep}3)" if len(sig.params) <= len(required) else f"{head}{prefix}{sep}{'3, ' * 7}3)")
    out.append(f"{head}{prefix}{sep}foo=1)")
    return [c for c in dict.fromkeys(out) if c not in UNDEFINED]


def all_calls() -> list[str]:
    cases = []
    for name, texts in signatures.FUNCTIONS.items():
        cases += calls(name, texts, method=False)
    for name, texts in signatures.METHODS.items():
        cases += calls(name, texts, method=True)
    return cases


def outcome(error) -> list:
    """[type name, first line of the message], or [None, None] when the call ran."""
    if error is None:
        return [None, None]
    text = str(error).splitlines()
    return [type(error).__name__, text[0] if text else ""]


def run_in_torch(call: str) -> list:
    import torch
    ns = {"torch": torch}
    exec(FRESH, ns)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exec(call, ns)   # the call is a statement, so x.item(1) is the method call a program makes
    except Exception as e:  # noqa: BLE001 - the error is what is recorded
        return outcome(e)
    return outcome(None)


def main() -> int:
    import torch
    assert torch.__version__.split("+")[0] == "2.13.0", torch.__version__
    torch.manual_seed(0)
    cases = [[call, *run_in_torch(call)] for call in all_calls()]
    RECORD.write_text(json.dumps({"torch": torch.__version__.split("+")[0], "setup": SETUP, "fresh": FRESH,
                                  "cases": cases}, indent=0, ensure_ascii=False) + "\n")
    errors = sum(1 for c in cases if c[1] is not None)
    print(f"recorded {len(cases)} calls ({errors} raise) in {RECORD.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
