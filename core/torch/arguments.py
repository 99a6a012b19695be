"""PyTorch's argument parser: what a torch function or Tensor method accepts, and the
TypeError it raises for anything else.

PyTorch checks every call of a C++-bound function against its signatures before
running it (``torch/csrc/utils/python_arg_parser.cpp``), so a wrong argument type
never reaches the kernel: ``torch.sum('a')`` says ``sum(): argument 'input'
(position 1) must be Tensor, not str``.  The signatures are declared once, in
PyTorch's own notation, in :mod:`core.torch.signatures`; :func:`checked` puts
this check in front of every function and method listed there, so no internal
error (an AttributeError on a number, numpy's UFuncTypeError) reaches a program.

The rules are PyTorch 2.13's:

- one signature: its parse raises the precise error (missing, extra or
  mistyped argument, unexpected keyword);
- several: the first that parses wins; if none does and exactly one takes as
  many arguments as were given, its error is raised, else
  ``NAME() received an invalid combination of arguments - got (...), but
  expected one of:`` and the signatures;
- a lone ``tuple of ints`` parameter takes varargs (``x.view(2, 3)``); a list
  is checked on its first element, its other elements when it is unpacked;
- a Python int where a number is taken must fit int64/uint64, where an int is
  taken int64 (:mod:`core.ops.numbers`).

Only the types are checked here; the function then runs with the arguments as
given (it reads them itself).

>>> sig = Signature.parse_text("sum", "(Tensor input, *, torch.dtype dtype = None)")
>>> [p.name for p in sig.params], sig.max_pos_args
(['input', 'dtype'], 1)
"""
from __future__ import annotations

import functools
import inspect

import numpy as np

from core import dtypes
from core.ops import numbers
from core.tensor.tensor import Size, Tensor, contiguous_format, memory_format, preserve_format

_NONE_OK = {"torch.Generator"}

# PyTorch's should_allow_numbers_as_tensors: these take a Python number where they declare a Tensor
NUMBERS_AS_TENSORS = frozenset("""copy_ add add_ sub sub_ mul mul_ div div_ divide divide_ true_divide true_divide_
multiply multiply_ subtract subtract_ floor_divide floor_divide_""".split())

_INT_TYPES = (int, np.integer)
_NUMBER_TYPES = (int, float, complex, np.number, np.bool_)


# what Python calls the interpreter's stand-ins for a program's own functions and methods (a type
# name in PyTorch's message must be the program's, never the interpreter's: core.interp is above us)
_PROGRAM_TYPES = {"UserFunction": "function", "BoundMethod": "method", "ProgramGenerator": "generator",
                  "ProgramType": "type", "StaticMethod": "staticmethod", "ClassMethod": "classmethod",
                  "Property": "property", "Super": "super"}


def type_name(x) -> str:
    """The type as PyTorch's messages name it (CPython's tp_name)."""
    t = type(x)
    if t.__module__.startswith("core.interp") and t.__name__ in _PROGRAM_TYPES:
        return _PROGRAM_TYPES[t.__name__]
    if isinstance(x, Size):
        return "torch.Size"
    if isinstance(x, dtypes.dtype):
        return "torch.dtype"
    if t.__module__ == "numpy":
        return "numpy." + t.__name__
    if t.__name__ in ("device", "Generator", "memory_format", "layout") and t.__module__.startswith("core."):
        return "torch." + t.__name__
    return t.__name__


def _is_int(x) -> bool:
    """THPUtils_checkLong, or an integer 0-dim tensor that does not require grad."""
    if isinstance(x, _INT_TYPES) and not isinstance(x, (bool, np.bool_)):
        return True
    return isinstance(x, Tensor) and x.dtype.category == 1 and x._data.ndim == 0 and not x._rg


def _is_index(x) -> bool:
    """THPUtils_checkIndex: an int, or anything with __index__ (an integer 0-dim tensor)."""
    if isinstance(x, (bool, np.bool_)):
        return False
    return isinstance(x, _INT_TYPES) or (isinstance(x, Tensor) and x.dtype.category == 1 and x._data.ndim == 0)


def _is_float(x) -> bool:
    if isinstance(x, (float, int, np.floating, np.integer, np.bool_)):
        return True
    return isinstance(x, Tensor) and x._data.ndim == 0 and not x._rg


def _is_number(x) -> bool:
    return isinstance(x, _NUMBER_TYPES) or _is_float(x)


def _is_device(x) -> bool:
    return isinstance(x, (str, int)) and not isinstance(x, bool) or type(x).__name__ == "device"


# PyTorch's numpy_compatibility_arg_names: x.sum(axis=0, keepdims=True) is x.sum(dim=0, keepdim=True)
NUMPY_NAMES = {"dim": ("axis",), "keepdim": ("keepdims",), "input": ("x", "a", "x1"), "other": ("x2",)}


def _keyword(name, kwargs):
    """The keyword a parameter was given by (its name, or a numpy name for it), or None."""
    if not kwargs:      # most calls: no keyword at all (then the numpy names need no look)
        return None
    if name in kwargs:
        return name
    return next((alias for alias in NUMPY_NAMES.get(name, ()) if alias in kwargs), None)


class _Fail(Exception):
    """A list parameter whose element at ``index`` fails (PyTorch's failed_idx)."""

    def __init__(self, index):
        self.index = index


# the int lists PyTorch declares with a size (int[1] dim, int[2] stride): one int stands for them
_SIZED = {"dim", "stride", "padding", "dilation", "kernel_size", "output_size", "output_padding"}


def _int_list(x, one_int=False):
    """is_int_or_symint_list: a tuple or list whose first element is an int (the others are checked
    when it is unpacked), or, for a list with a size, one int."""
    if isinstance(x, (tuple, list)):
        if not x or _is_index(x[0]):
            return True
        raise _Fail(0)
    return one_int and _is_int(x)


def _tensor_list(x, argnum):
    if not isinstance(x, (tuple, list)):
        return False
    for i, item in enumerate(x):
        if not isinstance(item, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument {argnum}, but got {type_name(item)}")
    return True


# type name -> check(value, param, parser_name)
_CHECKS = {
    "Tensor": lambda x, p, name: isinstance(x, Tensor) or (name in NUMBERS_AS_TENSORS and isinstance(x, _NUMBER_TYPES)),
    "Number": lambda x, p, name: _is_number(x),
    "int": lambda x, p, name: _is_int(x),
    "float": lambda x, p, name: _is_float(x),
    "bool": lambda x, p, name: isinstance(x, (bool, np.bool_)),
    "str": lambda x, p, name: isinstance(x, str),
    "torch.dtype": lambda x, p, name: isinstance(x, dtypes.dtype) or any(x is t for t in (float, int, bool, complex)),
    "tuple of ints": lambda x, p, name: _int_list(x, p.name in _SIZED),
    "tuple of floats": lambda x, p, name: isinstance(x, (tuple, list)) or _is_float(x),
    "tuple of Tensors": lambda x, p, name: _tensor_list(x, p.index),
    "torch.device": lambda x, p, name: _is_device(x),
    "torch.memory_format": lambda x, p, name: isinstance(x, memory_format),
    "torch.Generator": lambda x, p, name: type(x).__name__ == "Generator",
    "torch.layout": lambda x, p, name: type(x).__name__ == "layout",   # (no layout but the default here)
    "object": lambda x, p, name: True,
}


class Param:
    __slots__ = ("name", "type", "optional", "allow_none", "kw_only", "index", "text", "check")

    def __init__(self, text, index, kw_only):
        self.text = text
        head, _, default = text.partition(" = ")
        kind, _, self.name = head.rpartition(" ")
        self.type = kind.rstrip("?")
        # NOTE: PyTorch takes None for a generator whatever its default (torch.rand(2, generator=None))
        self.allow_none = default == "None" or kind.endswith("?") or self.type in _NONE_OK
        self.optional = bool(default)
        self.kw_only = kw_only
        self.index = index
        self.check = _CHECKS[self.type]

    def shown(self) -> str:
        """As PyTorch prints it in a listing (the nullable mark is not shown)."""
        return self.text.replace("? ", " ", 1)


class Signature:
    """One overload, from PyTorch's printed form: ``(Tensor input, int dim, *, Tensor out = None)``."""

    __slots__ = ("name", "params", "max_pos_args", "min_args", "max_args", "varargs", "hidden", "text")

    @classmethod
    def parse_text(cls, name, text):
        self = cls()
        self.name = name
        self.hidden = text.startswith("!")
        text = text.lstrip("!")
        body = text.strip()[1:-1]
        self.params, kw_only = [], False
        for part in (p.strip() for p in body.split(", ")) if body else ():
            if part == "*":
                kw_only = True
                continue
            self.params.append(Param(part, len(self.params), kw_only))
        if any(p.name == "layout" for p in self.params):
            # a factory's options: PyTorch's schema has bool? for these, printed with their default
            for p in self.params:
                if p.name in ("pin_memory", "requires_grad"):
                    p.allow_none = True
        self.max_pos_args = sum(1 for p in self.params if not p.kw_only)
        self.min_args = sum(1 for p in self.params if not p.optional)
        self.max_args = len(self.params)
        self.varargs = self.max_pos_args == 1 and self.params[0].type == "tuple of ints"
        star = next((p.index for p in self.params if p.kw_only), None)
        self.text = "(" + ", ".join(("*, " if p.index == star else "") + p.shown() for p in self.params) + ")"
        return self

    def parse(self, args, kwargs, raise_error):
        """Whether the call fits this overload; with ``raise_error``, PyTorch's TypeError when not."""
        name = self.name
        nargs = len(args)
        if nargs > self.max_pos_args and not self.varargs:
            if raise_error:
                self._extra_args(nargs)
            return False
        arg_pos = 0
        used_kwargs = 0
        for i, param in enumerate(self.params):
            is_kwd = False
            if arg_pos < nargs:
                if param.kw_only:
                    if raise_error:
                        self._extra_args(nargs)
                    return False
                obj = args[arg_pos]
                present = True
            else:
                key = _keyword(param.name, kwargs)
                present = key is not None
                obj = kwargs.get(key)
                is_kwd = True
            varargs_eligible = self.varargs and arg_pos == 0 and not is_kwd
            if (not present and param.optional) or (present and obj is None and param.allow_none):
                pass
            elif not present:
                if raise_error:
                    self._missing_args(i)
                return False
            else:
                try:
                    # a lone int list takes its ints as varargs (view(6) is view((6,)), view(2, 3) too)
                    ok = _int_list(obj) if varargs_eligible else param.check(obj, param, name)
                    failed = None
                except _Fail as f:
                    ok, failed = False, f.index
                if ok:
                    pass
                elif varargs_eligible and _varargs_ok(args):
                    arg_pos = nargs   # view(2, 3): every positional argument is this one parameter
                    continue
                elif raise_error:
                    if is_kwd:
                        raise TypeError(f"{name}(): argument '{param.name}' must be {param.type}, not "
                                        f"{type_name(obj)}")
                    if failed is not None:
                        seq = obj if isinstance(obj, (tuple, list)) else args
                        raise TypeError(f"{name}(): argument '{param.name}' (position {arg_pos + 1}) must be "
                                        f"{param.type}, but found element of type {type_name(seq[failed])} at pos "
                                        f"{failed}")
                    raise TypeError(f"{name}(): argument '{param.name}' (position {arg_pos + 1}) must be "
                                    f"{param.type}, not {type_name(obj)}")
                else:
                    return False
            if not is_kwd:
                arg_pos += 1
            elif present:
                used_kwargs += 1
        if arg_pos < nargs:
            if raise_error:
                self._extra_args(nargs)
            return False
        if used_kwargs < len(kwargs):
            if raise_error:
                self._extra_kwargs(kwargs, nargs)
            return False
        return True

    def _missing_args(self, idx):
        missing = [f'"{p.name}"' for p in self.params[idx:] if not p.optional]
        # NOTE: PyTorch's message says "arguments" for one and "argument" for several
        raise TypeError(f"{self.name}() missing {len(missing)} required positional argument"
                        f"{'s' if len(missing) == 1 else ''}: {', '.join(missing)}")

    def _extra_args(self, nargs):
        # NOTE: PyTorch counts the required keyword-only arguments in "from", as it counts them
        if self.min_args == self.max_pos_args:
            raise TypeError(f"{self.name}() takes {self.max_pos_args} positional argument"
                            f"{'' if self.max_pos_args == 1 else 's'} but {nargs} {'was' if nargs == 1 else 'were'} "
                            "given")
        raise TypeError(f"{self.name}() takes from {self.min_args} to {self.max_pos_args} positional arguments but "
                        f"{nargs} were given")

    def _extra_kwargs(self, kwargs, nargs):
        names = [p.name for p in self.params]
        for key in kwargs:   # (PyTorch names the numpy spelling here as any other unknown keyword)
            if key not in names:
                raise TypeError(f"{self.name}() got an unexpected keyword argument '{key}'")
            if names.index(key) < nargs:
                raise TypeError(f"{self.name}() got multiple values for argument '{key}'")
        raise TypeError("invalid keyword arguments")


def _varargs_ok(args) -> bool:
    try:
        return _int_list(tuple(args))
    except _Fail:
        return False


def _arg_desc(args, kwargs) -> str:
    """PyTorch's ``got (...)``: the types given, keywords as name=type (its trailing ", " kept)."""
    text = "(" + "".join(type_name(a) + ", " for a in args) + "".join(
        f"{k}={type_name(v)}, " for k, v in kwargs.items())
    if args:
        text = text[:-2]
    return text + ")"


class Parser:
    """The overloads of one function or method."""

    def __init__(self, name, texts):
        self.name = name
        self.signatures = [Signature.parse_text(name, t) for t in texts]
        self.visible = [s for s in self.signatures if not s.hidden]

    def check(self, args, kwargs):
        """Raise PyTorch's TypeError unless the call fits an overload; then the unpacking checks.
        Returns the overload that fits."""
        sigs = self.signatures
        if len(sigs) == 1:
            sigs[0].parse(args, kwargs, True)
            matched = sigs[0]
        else:
            matched = next((s for s in sigs if not s.hidden and s.parse(args, kwargs, False)), None)
            if matched is None:
                self._error(args, kwargs)
        _unpack(matched, args, kwargs)
        return matched

    def _error(self, args, kwargs):
        n = len(args) + len(kwargs)
        plausible = [s for s in self.visible if s.min_args <= n <= s.max_args]
        if len(plausible) == 1:
            plausible[0].parse(args, kwargs, True)
        head = f"{self.name}() received an invalid combination of arguments - got {_arg_desc(args, kwargs)}, "
        if len(self.visible) == 1:
            raise TypeError(head + f"but expected {self.visible[0].text}")
        raise TypeError(head + "but expected one of:\n" + "".join(f" * {s.text}\n" for s in self.visible))


def _unpack(sig, args, kwargs):
    """What PyTorch checks when it reads the matched arguments: each element of an int list is an
    int (of int64), an int fits int64, a number int64/uint64."""
    params = sig.params
    if sig.varargs and (len(args) > 1 or args and not isinstance(args[0], (tuple, list))):
        values = [(params[0], tuple(args))]   # view(2, 3)
    else:
        values = [(p, args[p.index]) for p in params if p.index < len(args) and not p.kw_only]
        values += [(p, kwargs[key]) for p in params if (key := _keyword(p.name, kwargs)) is not None]
    for p, x in values:
        if x is None:
            continue
        if p.type == "tuple of ints":
            if not isinstance(x, (tuple, list)):
                numbers.unpack_long(x)    # one int for a sized list (x.sum(10**30)) is unpacked as an int
                continue
            for i, item in enumerate(x):
                if not _is_index(item):
                    raise TypeError(f"{sig.name}(): argument '{p.name}' failed to unpack the object at pos {i + 1} "
                                    f"with error \"type must be tuple of ints,but got {type_name(item)}\"")
                if type(item) is int and not numbers.INT64_MIN <= item <= numbers.INT64_MAX:
                    # NOTE: PyTorch's message goes on with the C++ stack of the error, then the closing quote
                    raise TypeError(f"{sig.name}(): argument '{p.name}' failed to unpack the object at pos {i + 1} "
                                    "with error \"Overflow when unpacking long long\n\"")
        elif p.type == "int":
            numbers.unpack_long(x)
        elif p.type in ("Number", "Tensor") and type(x) is int:
            numbers.scalar(x)


# keywords PyTorch takes that change nothing here (one layout, no pinned memory): left out, with these values
_INERT = {"layout": (None,), "pin_memory": (None, False), "memory_format": (None, preserve_format, contiguous_format)}


def checked(parser: Parser, fn, method: bool = False):
    """``fn`` behind PyTorch's argument check (for a method, ``self`` is not one of the arguments).

    What PyTorch takes, ``fn`` then takes: ``out=`` is written by
    :func:`core.torch.functional._writes_out` where ``fn`` has no ``out`` of its own, and the
    inert keywords (:data:`_INERT`) are dropped where ``fn`` does not name them."""
    named = {n for n, p in inspect.signature(fn).parameters.items()
             if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}
    taken = {p.name for s in parser.signatures for p in s.params}
    if not method and "out" in taken and "out" not in named:
        from core.torch.functional import _writes_out
        fn = _writes_out(fn)
    inert = [(k, v) for k, v in _INERT.items() if k in taken and k not in named]
    check = parser.check

    def call(args, kwargs):
        matched = check(args, kwargs)
        if not kwargs:
            return
        for p in matched.params:
            key = _keyword(p.name, kwargs)
            if key is not None and key != p.name:
                kwargs[p.name] = kwargs.pop(key)   # axis=0 is dim=0 to what runs it
        if kwargs.get("pin_memory") is True:
            raise RuntimeError("pin_memory=True requires a CUDA or other accelerator backend; no pinned memory "
                               "allocator is available on this system.")
        for key, values in inert:
            if key in kwargs and any(kwargs[key] is v for v in values):
                del kwargs[key]

    if method:
        @functools.wraps(fn)
        def method_fn(self, *args, **kwargs):
            call(args, kwargs)
            return fn(self, *args, **kwargs)
        method_fn.__bpl_checked__ = parser
        return method_fn

    @functools.wraps(fn)
    def function(*args, **kwargs):
        call(args, kwargs)
        return fn(*args, **kwargs)
    function.__bpl_checked__ = parser
    return function


def no_arguments(name, fn):
    """A method PyTorch binds without a parser (METH_NOARGS): ``x.abs(1)`` is CPython's error."""
    @functools.wraps(fn)
    def method(self, *args, **kwargs):
        if kwargs:
            raise TypeError(f"TensorBase.{name}() takes no keyword arguments")
        if args:
            raise TypeError(f"TensorBase.{name}() takes no arguments ({len(args)} given)")
        return fn(self)
    method.__bpl_checked__ = None
    return method
