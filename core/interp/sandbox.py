"""What a program can reach: module namespaces, attributes, builtins.

The parser rejects underscore names; this module decides at run time which
attributes of which objects a program may read, call or set, so that no
chain of attribute accesses leads out of tensor math (``x.grad_fn.op`` would
reach the registry, ``arr.tofile`` the file system).
"""
from __future__ import annotations

import builtins
import copy as _copy
import math as _math
import string

import numpy as np

import core.torch  # noqa: F401  (attaches the Tensor methods listed below)
from core import dtypes
from core.autograd.grad_mode import _GradModeManager
from core.autograd.node import Node, RemovableHandle
from core.autograd.tensor import Size, Tensor
from core.interp.parse import SAVED_PREFIX, ProgramRejected


class SafeModule:
    """A read-only namespace standing in for a module (``torch``, ``math``)."""

    __slots__ = ("name", "members")

    def __init__(self, name: str, members: dict):
        self.name = name
        self.members = members

    def __repr__(self):
        return f"<module '{self.name}'>"


def _public(module, exclude=()):
    return {n: getattr(module, n) for n in dir(module)
            if not n.startswith("_") and n not in exclude and not isinstance(getattr(module, n), type(_math))}


def _safe_deepcopy(x, memo=None):
    _check_copyable(x)
    return _copy.deepcopy(x, memo)


def _safe_copy(x):
    _check_copyable(x)
    return _copy.copy(x)


def _check_copyable(x, depth=0):
    if depth > 20:
        raise ValueError("copy.deepcopy: the value is nested too deeply")
    if isinstance(x, (Tensor, int, float, bool, str, type(None), dtypes.dtype)):
        return
    if isinstance(x, (list, tuple, set)):
        for y in x:
            _check_copyable(y, depth + 1)
        return
    if isinstance(x, dict):
        for k, v in x.items():
            _check_copyable(k, depth + 1)
            _check_copyable(v, depth + 1)
        return
    raise TypeError(f"copy.deepcopy in Backprop Lens copies tensors, numbers, strings and lists, tuples and "
                    f"dicts of them, not {type(x).__name__}")


def build_modules():
    """The modules a program can import, keyed by import name."""
    import core.torch as ct
    import core.torch.autograd as cta
    import core.torch.autograd.functional as ctaf
    import core.torch.nn as ctn
    import core.torch.nn.functional as ctnf
    functional = SafeModule("torch.autograd.functional", {
        n: getattr(ctaf, n) for n in ("jacobian", "hessian", "vjp", "jvp")})
    autograd = SafeModule("torch.autograd", {
        "backward": cta.backward, "grad": cta.grad, "Variable": cta.Variable, "no_grad": cta.no_grad,
        "enable_grad": cta.enable_grad, "set_grad_enabled": cta.set_grad_enabled, "functional": functional,
        "set_detect_anomaly": cta.set_detect_anomaly})
    nnf = SafeModule("torch.nn.functional", {n: getattr(ctnf, n) for n in ctnf.__all__})
    nn = SafeModule("torch.nn", {"functional": nnf, "Parameter": ctn.Parameter})
    torch_members = _public(ct, exclude=("install", "annotations", "sys", "creation"))
    torch_members.update({"autograd": autograd, "nn": nn})
    torch = SafeModule("torch", torch_members)
    math = SafeModule("math", {n: getattr(_math, n) for n in (
        "pi", "e", "inf", "nan", "tau", "sqrt", "exp", "log", "log2", "log10", "sin", "cos", "tan", "tanh",
        "asin", "acos", "atan", "atan2", "sinh", "cosh", "floor", "ceil", "fabs", "isclose", "isnan", "isinf",
        "isfinite", "hypot", "degrees", "radians", "trunc", "copysign", "erf", "gamma", "lgamma", "fsum",
        "prod")})
    copy = SafeModule("copy", {"deepcopy": _safe_deepcopy, "copy": _safe_copy})
    return {"torch": torch, "torch.autograd": autograd, "torch.autograd.functional": functional,
            "torch.nn": nn, "torch.nn.functional": nnf, "copy": copy, "math": math}


# ---------------------------------------------------------------------------
# attributes
# ---------------------------------------------------------------------------

TENSOR_ATTRS = frozenset(n for n in dir(Tensor) if not n.startswith("_")) | {"_version"}
TENSOR_SETTABLE = frozenset({"grad", "requires_grad", "data"})
NODE_ATTRS = frozenset({"name", "next_functions", "register_hook", "register_prehook", "metadata", "variable"})
DTYPE_ATTRS = frozenset({"is_floating_point", "is_complex", "is_signed", "itemsize"})
NDARRAY_ATTRS = frozenset({"tolist", "shape", "dtype", "ndim", "size", "item", "T", "sum", "mean", "max", "min",
                           "reshape", "copy", "flatten", "argmax", "argmin", "round", "std", "var", "all", "any"})
STR_ATTRS = frozenset({"format", "join", "upper", "lower", "strip", "lstrip", "rstrip", "split", "rsplit", "replace",
                       "startswith", "endswith", "ljust", "rjust", "center", "zfill", "title", "capitalize",
                       "count", "find", "index", "isdigit", "isalpha", "isspace", "splitlines", "partition"})
LIST_ATTRS = frozenset({"append", "extend", "insert", "pop", "remove", "index", "count", "sort", "reverse", "copy",
                        "clear"})
TUPLE_ATTRS = frozenset({"index", "count"})
DICT_ATTRS = frozenset({"keys", "values", "items", "get", "pop", "update", "setdefault", "copy", "clear"})
SET_ATTRS = frozenset({"add", "remove", "discard", "pop", "union", "intersection", "difference", "update", "copy",
                       "clear"})
NUMBER_ATTRS = frozenset({"real", "imag", "conjugate", "is_integer", "bit_length"})
EXC_ATTRS = frozenset({"args"})


class AttributeDenied(AttributeError):
    pass


def _allowed(obj, name) -> bool:
    if isinstance(obj, Tensor):
        return name in TENSOR_ATTRS
    if isinstance(obj, Node):
        return name in NODE_ATTRS or name.startswith(SAVED_PREFIX)
    if isinstance(obj, Size):
        return name in ("numel", "count", "index")
    if isinstance(obj, dtypes.dtype):
        return name in DTYPE_ATTRS
    if isinstance(obj, RemovableHandle):
        return name == "remove"
    if isinstance(obj, (np.ndarray, np.generic)):
        return name in NDARRAY_ATTRS
    if isinstance(obj, str):
        return name in STR_ATTRS
    if isinstance(obj, list):
        return name in LIST_ATTRS
    if isinstance(obj, tuple):
        return name in TUPLE_ATTRS or (name in ("values", "indices") and hasattr(type(obj), "_kind"))
    if isinstance(obj, dict):
        return name in DICT_ATTRS
    if isinstance(obj, (set, frozenset)):
        return name in SET_ATTRS
    if isinstance(obj, (bool, int, float, complex)):
        return name in NUMBER_ATTRS
    if isinstance(obj, BaseException):
        return name in EXC_ATTRS
    return False


def get_attribute(obj, name):
    """``obj.name`` if a program may read it."""
    if isinstance(obj, SafeModule):
        try:
            return obj.members[name]
        except KeyError:
            raise AttributeError(f"module '{obj.name}' has no attribute '{name}'") from None
    if not _allowed(obj, name):
        if hasattr(obj, name) or isinstance(obj, Node):
            raise AttributeDenied(f"'{type(obj).__name__}' attribute '{name}' is not available in Backprop Lens "
                                  "programs")
        raise AttributeError(f"'{type(obj).__name__}' object has no attribute '{name}'")
    value = getattr(obj, name)
    if isinstance(obj, str) and name in ("format", "format_map"):
        return _safe_format_method(obj, name)
    return value


def set_attribute(obj, name, value):
    if isinstance(obj, Tensor) and name in TENSOR_SETTABLE:
        setattr(obj, name, value)
        return
    raise AttributeDenied(f"setting '{name}' on a {type(obj).__name__} is not available in Backprop Lens programs"
                          + ("; tensors let you set grad, requires_grad and data" if isinstance(obj, Tensor) else ""))


def _safe_format_method(fmt: str, name: str):
    def method(*args, **kwargs):
        check_format_fields(fmt)
        return getattr(fmt, name)(*args, **kwargs)
    return method


def check_format_fields(fmt: str):
    """Run-time twin of the parser's check, for format strings built at run time."""
    for _, field_name, spec, _ in string.Formatter().parse(fmt):
        if field_name is not None and ("." in field_name or "[" in field_name):
            raise ProgramRejected(f"the format field '{{{field_name}}}' reaches into an attribute or item",
                                  construct="format-string")
        if spec and "{" in spec:
            check_format_fields(spec)


# ---------------------------------------------------------------------------
# context managers and exceptions a program may use
# ---------------------------------------------------------------------------

def is_context_manager(obj) -> bool:
    return isinstance(obj, (_GradModeManager, RemovableHandle))


EXCEPTIONS = {n: getattr(builtins, n) for n in (
    "Exception", "RuntimeError", "ValueError", "TypeError", "IndexError", "KeyError", "ZeroDivisionError",
    "AssertionError", "AttributeError", "ArithmeticError", "LookupError", "NameError", "StopIteration",
    "NotImplementedError", "OverflowError", "UserWarning", "Warning")}
