"""numpy as tutorials use it: a documented safe subset.

``import numpy as np`` gives a program this table of names, never the numpy
module itself.  Everything here is numpy's own function (so results and
printing are exactly numpy's), wrapped where it could allocate past the run's
limits: every function that makes an array of a size chosen by its arguments
(``zeros``, ``arange``, ``linspace``, ``outer``, ``tile``, ``np.random.rand``...)
checks that size against ``max_tensor_elements`` first, and the operators and
ufuncs that broadcast are checked by the interpreter's guard as tensor
operations are.  Nothing that reaches files, memory addresses or Python
internals is offered (``save``, ``load``, ``tofile``, ``fromfile``, ``memmap``,
``frombuffer``, ``ctypes``, ``lib``, ``vectorize`` and other functions taking
callables...); on an array a program reads only the attributes the sandbox
lists (``NDARRAY_ATTRS``).

``np.random`` is a ``RandomState`` of the run's own, seeded 0 when the run
starts (every run of a program sees the same numbers; the analysis runs it
twice) and by ``np.random.seed(n)``: the numbers are numpy's own for that seed,
bit for bit, as the legacy global functions give them.  ``np.empty`` gives
zeros (numpy's would show whatever memory it got).
"""
from __future__ import annotations

import math

import numpy as np

from core.interp.limits import LimitExceeded
from core.tensor.tensor import Tensor


def _size_of(shape) -> int:
    if isinstance(shape, (int, np.integer)):
        return int(shape)
    n = 1
    for s in shape:
        n *= int(s)
    return n


class _Sizes:
    """The run's element limit, checked before numpy allocates."""

    def __init__(self, guard):
        self.guard = guard
        self.limits = guard.limits

    def check(self, n: int, what: str) -> None:
        if n > self.limits.max_tensor_elements:
            raise LimitExceeded(self.limits, "max_tensor_elements", f"{what} would make {n:,} elements")
        self.guard.made(n, what)        # and counted with what tensors make, in all


def _plain(x):
    """A Tensor handed to numpy becomes its numbers, as numpy's array protocol gives them
    (PyTorch refuses one that requires grad)."""
    if isinstance(x, Tensor):
        return x.numpy()
    if isinstance(x, (list, tuple)):
        return type(x)(_plain(v) for v in x)
    return x


def members_numpy(guard) -> tuple[dict, dict, dict]:
    """The names of ``numpy``, ``numpy.random`` and ``numpy.linalg`` for one run."""
    sizes = _Sizes(guard)

    def sized(fn, size_of, what):
        def wrapped(*args, **kwargs):
            sizes.check(size_of(*args, **kwargs), what)
            return fn(*args, **kwargs)
        wrapped.__name__ = wrapped.__qualname__ = fn.__name__
        return wrapped

    def shape_arg(shape=(), *rest, **kw):
        return _size_of(shape)

    def array(obj, dtype=None, copy=True, ndmin=0):
        return np.array(_plain(obj), dtype=dtype, copy=copy, ndmin=min(int(ndmin), 32))

    def asarray(obj, dtype=None):
        return np.asarray(_plain(obj), dtype=dtype)

    def arange_size(start, stop=None, step=1, dtype=None):
        if stop is None:
            start, stop = 0, start
        return max(0, math.ceil((float(stop) - float(start)) / float(step))) if step else 0

    def linspace_size(start, stop, num=50, *rest, **kw):
        return int(num)

    def eye_size(N, M=None, *rest, **kw):
        return int(N) * int(N if M is None else M)

    def like_size(a, *rest, **kw):
        return np.size(a)

    def product_size(a, b, *rest, **kw):
        return np.size(a) * np.size(b)

    def tile_size(a, reps):
        reps = (reps,) if isinstance(reps, (int, np.integer)) else tuple(reps)
        return np.size(a) * _size_of(reps)

    def repeat_size(a, repeats, axis=None):
        return np.size(a) * (int(repeats) if isinstance(repeats, (int, np.integer)) else max(1, int(np.max(repeats))))

    def matmul_size(a, b, *rest, **kw):
        sa, sb = np.shape(a), np.shape(b)
        if len(sa) < 1 or len(sb) < 1:
            return np.size(a) * np.size(b)
        batch = np.broadcast_shapes(sa[:-2], sb[:-2]) if len(sa) > 2 or len(sb) > 2 else ()
        rows = sa[-2] if len(sa) > 1 else 1
        cols = sb[-1] if len(sb) > 1 else 1
        return _size_of(batch) * rows * cols

    def meshgrid_size(*xi, sparse=False, **kw):
        sizes = [np.size(x) for x in xi]
        return sum(sizes) if sparse else len(sizes) * _size_of(sizes)

    def zeros(shape, dtype=float):
        return np.zeros(shape, dtype=dtype)

    def empty(shape, dtype=float):
        return np.zeros(shape, dtype=dtype)   # numpy's would show whatever memory it got

    def empty_like(a, dtype=None):
        return np.zeros_like(a, dtype=dtype)

    members = {
        # creation
        "array": array, "asarray": asarray,
        "zeros": sized(zeros, shape_arg, "np.zeros"), "ones": sized(np.ones, shape_arg, "np.ones"),
        "empty": sized(empty, shape_arg, "np.empty"), "full": sized(np.full, shape_arg, "np.full"),
        "zeros_like": np.zeros_like, "ones_like": np.ones_like, "full_like": np.full_like,
        "empty_like": empty_like,
        "arange": sized(np.arange, arange_size, "np.arange"), "linspace": sized(np.linspace, linspace_size,
                                                                                "np.linspace"),
        "meshgrid": sized(np.meshgrid, meshgrid_size, "np.meshgrid"),
        "eye": sized(np.eye, eye_size, "np.eye"), "identity": sized(np.identity, lambda n, *a, **k: int(n) ** 2,
                                                                   "np.identity"),
        # dtypes and constants
        "float16": np.float16, "float32": np.float32, "float64": np.float64, "int8": np.int8, "int16": np.int16,
        "int32": np.int32, "int64": np.int64, "uint8": np.uint8, "bool_": np.bool_, "double": np.double,
        "single": np.single,
        "pi": np.pi, "e": np.e, "inf": np.inf, "nan": np.nan, "newaxis": np.newaxis,
        # shapes
        "reshape": np.reshape, "transpose": np.transpose, "squeeze": np.squeeze, "expand_dims": np.expand_dims,
        "concatenate": np.concatenate, "stack": np.stack, "vstack": np.vstack, "hstack": np.hstack,
        "ravel": np.ravel, "shape": np.shape, "size": np.size, "ndim": np.ndim,
        "tile": sized(np.tile, tile_size, "np.tile"), "repeat": sized(np.repeat, repeat_size, "np.repeat"),
        # products
        "dot": sized(np.dot, matmul_size, "np.dot"), "matmul": sized(np.matmul, matmul_size, "np.matmul"),
        "outer": sized(np.outer, product_size, "np.outer"), "inner": np.inner, "vdot": np.vdot,
        # reductions and sorting
        "sum": np.sum, "mean": np.mean, "std": np.std, "var": np.var, "max": np.max, "min": np.min,
        "amax": np.amax, "amin": np.amin, "argmax": np.argmax, "argmin": np.argmin, "prod": np.prod,
        "cumsum": np.cumsum, "all": np.all, "any": np.any, "sort": np.sort, "argsort": np.argsort,
        "unique": np.unique, "median": np.median, "average": np.average,
        # elementwise
        "exp": np.exp, "log": np.log, "log2": np.log2, "log10": np.log10, "log1p": np.log1p, "sqrt": np.sqrt,
        "square": np.square, "abs": np.abs, "absolute": np.absolute, "sign": np.sign, "sin": np.sin,
        "cos": np.cos, "tan": np.tan, "tanh": np.tanh, "arctan": np.arctan, "floor": np.floor, "ceil": np.ceil,
        "round": np.round, "around": np.around, "clip": np.clip, "maximum": np.maximum, "minimum": np.minimum,
        "power": np.power, "add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": np.divide,
        "where": np.where, "isnan": np.isnan, "isinf": np.isinf, "isfinite": np.isfinite, "isclose": np.isclose,
        "allclose": np.allclose, "array_equal": np.array_equal, "equal": np.equal,
    }
    state = np.random.RandomState(0)

    def seed(value=None):
        state.seed(0 if value is None else value)

    def size_arg(*dims):
        return _size_of(dims)

    def sized_kw(fn, what):
        return sized(fn, lambda *a, size=None, **k: 1 if size is None else _size_of(size), what)

    random = {
        "seed": seed,
        "rand": sized(state.rand, size_arg, "np.random.rand"), "randn": sized(state.randn, size_arg,
                                                                              "np.random.randn"),
        "random": sized_kw(state.random_sample, "np.random.random"),
        "random_sample": sized_kw(state.random_sample, "np.random.random_sample"),
        "uniform": sized_kw(state.uniform, "np.random.uniform"), "normal": sized_kw(state.normal,
                                                                                    "np.random.normal"),
        "randint": sized_kw(state.randint, "np.random.randint"), "choice": sized_kw(state.choice,
                                                                                    "np.random.choice"),
        "permutation": sized(state.permutation, lambda x: int(x) if isinstance(x, (int, np.integer))
                             else np.size(x), "np.random.permutation"),
        "shuffle": state.shuffle,
    }
    linalg = {"norm": np.linalg.norm}
    return tuple({name: _safe(value) for name, value in table.items()} for table in (members, random, linalg))


_CONSTANTS = (float, int, type(None))


def _safe(value):
    """A function of the subset as a program gets it: Tensors among its arguments become
    their numbers, and an array of Python objects never comes back (numpy would call
    their methods from C, outside the interpreter)."""
    if isinstance(value, _CONSTANTS) or isinstance(value, type):
        return value

    def call(*args, **kwargs):
        result = value(*(_plain(a) for a in args), **{k: _plain(v) for k, v in kwargs.items()})
        for r in result if isinstance(result, tuple) else (result,):
            if isinstance(r, np.ndarray) and r.dtype.kind == "O":
                raise TypeError(f"numpy arrays of Python objects are not available in Backprop Lens programs "
                                f"(np.{getattr(value, '__name__', '?')} made one); use numbers")
        return result
    call.__name__ = call.__qualname__ = getattr(value, "__name__", "function")
    return call
