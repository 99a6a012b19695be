"""The builtins a program sees: Python's, guarded where they could run away.

Work that Python does inside one C call (``sum(...)``, ``"a".ljust(n)``,
``list * n``) cannot be stopped by the interpreter's step counter, so it is
checked before it starts (:class:`Guard`), and iterables that builtins
consume are passed through :meth:`Guard.counted`, which takes one step per
item (so limits and the clock apply to them too).  ``print`` writes to the
run's own output, up to a limit.

``type(x)`` gives a :class:`ProgramType`, never the class itself: it prints,
compares and names itself as Python's class would (``<class 'torch.Tensor'>``,
``type(x).__name__``, ``type(x) == torch.Tensor``, ``isinstance(y, type(x))``)
but has nothing else to read, so no chain of attributes starts from it.
"""
from __future__ import annotations

import ast
import builtins
import collections
import math
import operator
import re

import types

import numpy as np

from core import context, dtypes
from core.interp.limits import LimitExceeded, Limits
from core.interp.parse import EXCEPTION_NAMES
from core.tensor.node import RemovableHandle
from core.tensor.tensor import Size, Tensor

# The exception classes a program may name, raise and catch (the builtins a program sees include them).
EXCEPTIONS = {n: getattr(builtins, n) for n in EXCEPTION_NAMES}

_DIGITS = re.compile(r"\d+")
_BOUNDED = (list, tuple, str, range, dict, set, frozenset, bytes, collections.deque)


def _as_int(n):
    """``n`` as an int if it is integer-like (Python or numpy), else None."""
    if isinstance(n, bool):
        return int(n)
    try:
        return operator.index(n)
    except TypeError:
        return None


class Guard:
    """Limits, the step budget and run-wide totals, shared by the interpreter and builtins."""

    def __init__(self, limits: Limits, budget):
        self.limits = limits
        self.budget = budget
        self.sequence_total = 0     # elements of lists/strings/tuples built in bulk this run

    def step(self):
        self.budget.step()

    def counted(self, iterable):
        """Iterate ``iterable`` one step per item (C consumers call back into Python)."""
        step = self.budget.step
        for item in iterable:
            step()
            yield item

    def fill(self, iterable):
        """``iterable`` itself if it is a bounded container, else its items, counted."""
        return iterable if isinstance(iterable, _BOUNDED) else self.counted(iterable)

    # sizes ------------------------------------------------------------------------
    def sequence(self, n: int, what: str = "a sequence"):
        lim = self.limits
        if n > lim.max_sequence_length:
            raise LimitExceeded(lim, "max_sequence_length", f"{what} of {n:,} elements")
        self.sequence_total += n
        if self.sequence_total > lim.max_total_sequence:
            raise LimitExceeded(lim, "max_total_sequence", f"{self.sequence_total:,} elements built so far")

    def made(self, n: int, what: str = "a copy"):
        """``n`` tensor or array elements made outside the op registry (a numpy copy, a
        deep copy): checked and counted as the registry's guard counts what ops make."""
        guard = context.guard[0]
        if guard is not None and n:
            guard(None, ((int(n),),), None)

    def width(self, n, what="a width"):
        n = _as_int(n)
        if n is not None and n > self.limits.max_sequence_length:
            raise LimitExceeded(self.limits, "max_sequence_length", f"{what} of {n:,}")

    def spec(self, spec: str, nested: bool = False):
        """A format spec may not ask for a field wider than the sequence limit, nor (in a
        format string, ``nested``) take its width from an argument ({:>{}}) where it cannot be
        checked.  Outside a format string a ``{`` is no field: format() refuses the spec."""
        if nested and "{" in (spec or ""):
            raise LimitExceeded(self.limits, "max_sequence_length", "a format width taken from an argument")
        for m in _DIGITS.findall(spec or ""):
            if len(m) > 9 or int(m) > self.limits.max_sequence_length:
                raise LimitExceeded(self.limits, "max_sequence_length", f"a format width of {m}")

    def percent_format(self, fmt: str):
        if re.search(r"%[-#0 +]*\*|%[-#0 +]*\d*\.\*", fmt):
            raise LimitExceeded(self.limits, "max_sequence_length", "a % width taken from an argument (*)")
        self.spec(fmt.replace("%%", ""))

    def int_bits(self, bits: int, what: str):
        if bits > self.limits.max_int_bits:
            raise LimitExceeded(self.limits, "max_int_bits", f"{what} has about {bits:,} bits")

    def pow(self, base, exp, mod=None):
        b, e = _as_int(base), _as_int(exp)
        if b is None or e is None:
            return
        if mod is not None:
            m = _as_int(mod)
            if m is not None and m.bit_length() > 4096:
                raise LimitExceeded(self.limits, "max_int_bits", "a modular power with a modulus over 4096 bits")
            return
        if e > 0 and abs(b) > 1:
            self.int_bits(e * abs(b).bit_length(), f"{b} ** {e}")

    def binop(self, op_class, a, b):
        """Check an operator's result size before Python builds it."""
        if op_class is ast.Pow:
            self.pow(a, b)
        elif op_class is ast.Mult:
            for seq, n in ((a, b), (b, a)):
                k = _as_int(n)
                if isinstance(seq, (str, list, tuple, collections.deque)) and k is not None:
                    self.sequence(len(seq) * max(k, 0), "a repeated sequence")
            ia, ib = _as_int(a), _as_int(b)
            if ia is not None and ib is not None and not isinstance(a, bool) and not isinstance(b, bool):
                self.int_bits(abs(ia).bit_length() + abs(ib).bit_length(), "a product of integers")
        elif op_class is ast.LShift:
            if isinstance(a, int) and isinstance(b, int) and a and b > 0:
                # checked before Python builds it: 1 << 10**9 would take 125 MB and seconds
                self.int_bits(abs(a).bit_length() + b, f"a left shift by {b:,}")
        elif op_class is ast.Add:
            if isinstance(a, (str, list, tuple, collections.deque)) and \
                    isinstance(b, (str, list, tuple, collections.deque)):
                self.sequence(len(a) + len(b), "a concatenation")
        elif op_class is ast.Mod and isinstance(a, str):
            self.percent_format(a)
        if op_class is ast.MatMult and isinstance(a, np.ndarray) and isinstance(b, np.ndarray):
            self._matmul(a, b)
        else:
            self._numpy(a, b)

    def _matmul(self, a, b):
        """``a @ b`` of numpy arrays: the product's size, before numpy makes it."""
        sa, sb = a.shape, b.shape
        if not sa or not sb:
            return
        try:
            batch = np.broadcast_shapes(sa[:-2], sb[:-2])
        except ValueError:
            return   # numpy raises its own error
        n = (sa[-2] if len(sa) > 1 else 1) * (sb[-1] if len(sb) > 1 else 1)
        for s in batch:
            n *= s
        if n > self.limits.max_tensor_elements:
            raise LimitExceeded(self.limits, "max_tensor_elements", f"an array product would make {n:,} elements")

    def _numpy(self, a, b):
        if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
            try:
                shape = np.broadcast_shapes(np.shape(a), np.shape(b))
            except ValueError:
                return
            n = 1
            for s in shape:
                n *= s
            if n > self.limits.max_tensor_elements:
                raise LimitExceeded(self.limits, "max_tensor_elements", f"an array operation would make {n:,} elements")


# The names PyTorch gives its classes, where core's differ (printing type(x) reads like PyTorch).
_TORCH_NAMES = {Tensor: ("torch", "Tensor"), Size: ("torch", "Size"), dtypes.dtype: ("torch", "dtype"),
                RemovableHandle: ("torch.utils.hooks", "RemovableHandle"), np.ndarray: ("numpy", "ndarray")}
_FUNCTION_TYPES = (types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.BuiltinMethodType)
# builtins a program may call through type(x)(...): value types and exceptions
_CONSTRUCTIBLE = {int, float, str, bool, list, tuple, dict, set, complex, range}


def is_program_function(obj) -> bool:
    """A function the program defined (the interpreter's UserFunction marks its class;
    the modules below the interpreter cannot import it)."""
    return getattr(type(obj), "_bpl_program_function", False) is True


def real_type(obj):
    """The class ``obj`` stands for: a ProgramType's class, a builtin wrapper's type
    (the program's ``list`` is a guarded function), or ``obj`` itself."""
    if isinstance(obj, ProgramType):
        return obj.cls
    return getattr(obj, "_bpl_type", obj) if isinstance(obj, types.FunctionType) else obj


class ProgramType:
    """What ``type(x)`` gives a program: a class's name and identity, nothing to reach through."""

    __slots__ = ("cls", "name", "module", "_make")

    def __init__(self, cls, name=None, module=None, make=None):
        self.cls = cls
        shown = _TORCH_NAMES.get(cls)
        if shown is None and getattr(cls, "_kind", None) is not None and issubclass(cls, tuple):
            shown = ("torch.return_types", cls._kind)
        if shown is None and cls is not None and issubclass(cls, _FUNCTION_TYPES):
            shown = ("builtins", "builtin_function_or_method")
        if shown is None and cls is not None:
            shown = (cls.__module__, cls.__qualname__)
        self.module = module if module is not None else shown[0]
        self.name = name if name is not None else shown[1]
        self._make = make

    @property
    def qualified(self) -> str:
        return self.name if self.module == "builtins" else f"{self.module}.{self.name}"

    def __repr__(self):
        return f"<class '{self.qualified}'>"

    def __eq__(self, other):
        other = real_type(other)
        if isinstance(other, ProgramType):
            return self.cls is other.cls and self.name == other.name
        return self.cls is other and self.cls is not None

    def __hash__(self):
        return hash((self.cls, self.name))

    def __call__(self, *args, **kwargs):
        if self._make is None:
            raise TypeError(f"cannot create '{self.qualified}' instances")
        return self._make(*args, **kwargs)


# the public methods PyTorch 2.13 writes in Python (torch/_tensor.py): print shows them as bound methods; the
# others are its C methods, shown as built-in ones (read from torch.Tensor's own dict with real torch)
_PYTHON_TENSOR_METHODS = frozenset((
    "backward", "dim_order", "eig", "index", "is_shared", "istft", "lstsq", "lu", "module_load", "norm",
    "register_hook", "register_post_accumulate_grad_hook", "reinforce", "resize", "resize_as", "share_memory_",
    "solve", "split", "stft", "storage", "storage_type", "symeig", "to_sparse_coo", "unflatten", "unique",
    "unique_consecutive"))


def shown(value):
    """``value`` as print shows it: a class by PyTorch's name (``<class 'torch.Tensor'>``), a tensor's method as
    PyTorch's (``<built-in method sum of Tensor object at 0x...>``)."""
    if isinstance(value, types.MethodType) and isinstance(value.__self__, Tensor):
        name = value.__name__
        if name in _PYTHON_TENSOR_METHODS:
            return f"<bound method Tensor.{name} of {value.__self__!r}>"
        return f"<built-in method {name} of Tensor object at {hex(id(value.__self__))}>"
    if isinstance(value, type) or (isinstance(value, types.FunctionType) and hasattr(value, "_bpl_type")):
        return repr(ProgramType(real_type(value)))
    if isinstance(value, (types.FunctionType, types.BuiltinFunctionType)):
        return f"<built-in function {value.__name__}>"  # the host's functions are the program's builtins
    return value


class LimitedOutput:
    """What ``print`` writes, kept up to ``max_output_chars``."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.parts = []
        self.size = 0

    def write(self, text: str):
        self.size += len(text)
        if self.size > self.limits.max_output_chars:
            raise LimitExceeded(self.limits, "max_output_chars")
        self.parts.append(text)

    def getvalue(self) -> str:
        return "".join(self.parts)


def make_builtins(out, guard: Guard) -> dict:
    """The builtin namespace of one run; ``out`` receives what print writes."""
    limits = guard.limits
    fill, counted = guard.fill, guard.counted

    def print_(*args, sep=" ", end="\n", flush=False, **kw):
        if kw:
            raise TypeError(f"print() in Backprop Lens takes sep, end and flush, not {', '.join(kw)}")
        text = (str(shown(a)) for a in args)
        out.write(" ".join(text) if sep is None else sep.join(text))
        out.write("\n" if end is None else end)

    print_.__name__ = "print"

    def range_(*args):
        r = builtins.range(*args)
        if len(r) > limits.max_sequence_length:
            raise LimitExceeded(limits, "max_sequence_length", f"a range of {len(r):,} numbers")
        return r

    def pow_(base, exp, mod=None):
        guard.pow(base, exp, mod)
        return builtins.pow(base, exp) if mod is None else builtins.pow(base, exp, mod)

    def format_(value, spec=""):
        guard.spec(spec)
        return builtins.format(value, spec)

    def iter_(obj, *sentinel):
        if sentinel:
            raise TypeError("iter() with a sentinel (an endless iterator) is not available in Backprop Lens programs")
        return builtins.iter(fill(obj))

    def sum_(iterable, /, start=0):
        if not isinstance(start, (int, float, complex, Tensor)) or isinstance(start, bool):
            raise TypeError("sum() in Backprop Lens adds numbers and tensors; to join lists use a comprehension")
        return builtins.sum(counted(iterable), start)

    def consume(f):
        def g(iterable=(), *args, **kwargs):
            return f(fill(iterable), *args, **kwargs)
        g.__name__ = f.__name__
        if isinstance(f, type):
            g._bpl_type = f  # isinstance(x, list), type(x) == list and print(list) see the class
        return g

    def minmax(f):
        def g(*args, **kwargs):
            if len(args) == 1:
                return f(fill(args[0]), **kwargs)
            return f(*args, **kwargs)
        g.__name__ = f.__name__
        return g

    def zip_(*iterables, strict=False):
        return builtins.zip(*(fill(i) for i in iterables), strict=strict)

    def map_(func, *iterables):
        return builtins.map(func, *(fill(i) for i in iterables))

    def filter_(func, iterable):
        return builtins.filter(func, fill(iterable))

    def enumerate_(iterable, start=0):
        return builtins.enumerate(fill(iterable), start)

    ns = {n: getattr(builtins, n) for n in ("len", "float", "int", "bool", "repr", "abs", "round", "isinstance",
                                             "reversed", "next", "divmod", "callable", "hash", "id", "chr", "ord",
                                             "str")}
    ns.update({
        "print": print_, "range": range_, "pow": pow_, "format": format_, "iter": iter_, "sum": sum_,
        "list": consume(builtins.list), "tuple": consume(builtins.tuple), "set": consume(builtins.set),
        "dict": _dict(fill), "sorted": consume(builtins.sorted), "any": consume(builtins.any),
        "all": consume(builtins.all), "min": minmax(builtins.min), "max": minmax(builtins.max),
        "zip": zip_, "map": map_, "filter": filter_, "enumerate": enumerate_,
        "True": True, "False": False, "None": None,
        # a program runs as Python's main script
        "__name__": "__main__"})
    ns["dict"]._bpl_type = builtins.dict
    ns.update(EXCEPTIONS)
    return ns


def _dict(fill):
    def dict_(*args, **kwargs):
        if args and not isinstance(args[0], dict):
            return builtins.dict(fill(args[0]), **kwargs)
        return builtins.dict(*args, **kwargs)
    dict_.__name__ = "dict"
    return dict_


def safe_prod(guard: Guard):
    """``math.prod`` as a Python loop, with the size checks of ``*``."""

    def prod(iterable, /, *, start=1):
        result = start
        for x in guard.counted(iterable):
            guard.binop(ast.Mult, result, x)
            result = result * x
        return result
    return prod


def safe_fsum(guard: Guard):
    def fsum(iterable):
        return math.fsum(guard.counted(iterable))
    return fsum


__all__ = ["Guard", "LimitedOutput", "ProgramType", "make_builtins", "real_type", "safe_prod", "safe_fsum",
           "shown"]
