"""The builtins a program sees: Python's, guarded where they could run away.

``print`` writes to the run's own output; ``range``, ``pow`` and ``format``
check the limits before Python does the work in C, where no step counter
can stop it.
"""
from __future__ import annotations

import builtins
import re

from core.interp.limits import LimitExceeded, Limits
from core.interp.sandbox import EXCEPTIONS, check_format_fields

_DIGITS = re.compile(r"\d+")


def check_spec(spec: str, limits: Limits):
    """A format spec may not ask for a field wider than the sequence limit."""
    for m in _DIGITS.findall(spec or ""):
        if len(m) > 9 or int(m) > limits.max_sequence_length:
            raise LimitExceeded(limits, "max_sequence_length", f"a format width of {m}")


def check_pow(base, exp, limits: Limits):
    if isinstance(base, int) and isinstance(exp, int) and not isinstance(base, bool) and exp > 0 and abs(base) > 1:
        bits = exp * abs(base).bit_length()
        if bits > limits.max_int_bits:
            raise LimitExceeded(limits, "max_int_bits", f"{base} ** {exp} has about {bits:,} bits")


def check_repeat(seq, n, limits: Limits):
    if isinstance(seq, (str, list, tuple)) and isinstance(n, int) and len(seq) * n > limits.max_sequence_length:
        raise LimitExceeded(limits, "max_sequence_length", f"a sequence of {len(seq) * n:,} elements")


def make_builtins(out, limits: Limits) -> dict:
    """The builtin namespace of one run; ``out`` receives what print writes."""

    def print_(*args, sep=" ", end="\n", flush=False, **kw):
        if kw:
            raise TypeError(f"print() in Backprop Lens takes sep, end and flush, not {', '.join(kw)}")
        if sep is None:
            sep = " "
        if end is None:
            end = "\n"
        out.write(sep.join(str(a) for a in args) + end)

    def range_(*args):
        r = builtins.range(*args)
        if len(r) > limits.max_sequence_length:
            raise LimitExceeded(limits, "max_sequence_length", f"a range of {len(r):,} numbers")
        return r

    def pow_(base, exp, mod=None):
        if mod is None:
            check_pow(base, exp, limits)
            return builtins.pow(base, exp)
        return builtins.pow(base, exp, mod)

    def format_(value, spec=""):
        check_spec(spec, limits)
        return builtins.format(value, spec)

    def str_(*args, **kwargs):
        return builtins.str(*args, **kwargs)

    names = ("len", "enumerate", "zip", "list", "tuple", "dict", "set", "float", "int", "bool", "repr", "abs", "min",
             "max", "sum", "round", "isinstance", "sorted", "reversed", "any", "all", "map", "filter", "iter",
             "next", "divmod", "callable", "hash", "id", "chr", "ord")
    ns = {n: getattr(builtins, n) for n in names}
    ns.update({"print": print_, "range": range_, "pow": pow_, "format": format_, "str": builtins.str,
               "True": True, "False": False, "None": None})
    ns.update(EXCEPTIONS)
    del str_
    return ns


__all__ = ["make_builtins", "check_spec", "check_pow", "check_repeat", "check_format_fields"]
