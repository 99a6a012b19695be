"""The standard-library modules a program may import, as documented safe subsets.

Tutorials import a little of the standard library around their tensor code:
``math``, ``random`` for a shuffled list, ``functools.reduce``, ``itertools``,
``collections.namedtuple``, ``time.perf_counter`` to time a loop, ``gc`` and
``pdb`` left over from debugging.  Each module here is a table of the names a
program gets (``members_*`` functions; :mod:`core.interp.sandbox` wraps them in
read-only namespaces), and each name is Python's own behaviour where that is
safe, or a stand-in with the same results where Python's object would give a
way out or could run away inside one C call:

- ``random`` is CPython's own Mersenne Twister (bit-exact with Python for the
  same seed), one generator per run, seeded 0 at the start of every run and by
  ``random.seed()`` without an argument, so a run is repeatable (the analysis
  interprets a program twice and both runs must see the same numbers);
- ``functools.partial`` is a small class of ours (nothing to read on it: no
  ``.func``), ``reduce`` takes one step per item, ``wraps`` copies the name;
- ``itertools``' endless iterators (``count``, ``cycle``, ``repeat``) and every
  iterator the module returns take one step of the run's budget per item, so
  whatever consumes them (a ``list()``, a ``dict.update`` in C, ``x in it``) is
  bounded by the step and time limits; the sizes of the tuples that
  ``product``, ``combinations``... build are checked before they are made;
- ``collections``: ``namedtuple`` classes made for the program (their fields,
  ``_fields``, ``_asdict`` and ``_replace`` are readable, nothing else),
  ``OrderedDict``, ``defaultdict`` and ``deque`` with their iterables counted;
- ``time``: clocks, and a ``sleep`` that respects the run's time limit;
- ``gc`` and ``pdb``: accepted, their calls do nothing and say so in a note of the run (not a warning:
  PyTorch would give none);
- ``pprint``: Python's own layout (``pprint``, ``pformat``, ``pp``, ``PrettyPrinter``), written where ``print``
  writes.

What a program may read on the objects these return is decided by the sandbox's
attribute whitelist, like everything else.
"""
from __future__ import annotations
import __future__ as _future_module

import collections as _collections
import datetime as _datetime
import functools as _functools
import itertools as _itertools
import math as _math
import posixpath as _posixpath
import pprint as _pprint
import random as _random
import sys as _sys
import time as _time
import warnings

from core import context
from core.interp.parse import FUTURE_FEATURES
from core.interp.safe_builtins import is_program_function, real_type, safe_fsum, safe_prod
from core.translatable import _T

# ---------------------------------------------------------------------------
# __future__
# ---------------------------------------------------------------------------

class FutureFeature:
    """What ``from __future__ import division`` binds: an inert marker printing like Python's."""

    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


def members_sys() -> dict:
    """``sys`` as tutorials touch it: ``sys.path.append("..")`` before importing a helper module (a
    list of the run's own, so appending changes nothing outside), ``sys.argv``, the version and
    platform strings.  Nothing that reaches modules, frames or the process (modules, exit, stdout)."""
    return {"path": [], "argv": ["program.py"], "version": _sys.version, "platform": _sys.platform,
            "maxsize": _sys.maxsize, "byteorder": _sys.byteorder}


def members_os() -> tuple[dict, dict]:
    """``os`` as tutorials touch it: ``os.environ["CUDA_VISIBLE_DEVICES"] = "0"`` (a dict of the run's
    own, empty at the start, so nothing of the machine's environment is read or changed) and the
    string functions of ``os.path``.  Nothing that reaches files, processes or the machine."""
    path = {n: getattr(_posixpath, n) for n in ("join", "basename", "dirname", "split", "splitext", "normpath",
                                                 "isabs", "commonprefix")}
    path["sep"] = "/"
    members = {"environ": {}, "sep": "/", "linesep": "\n", "name": "posix", "curdir": ".", "pardir": ".."}
    return members, path


def members_future() -> dict:
    return {n: FutureFeature(repr(getattr(_future_module, n))) for n in FUTURE_FEATURES}


# ---------------------------------------------------------------------------
# math
# ---------------------------------------------------------------------------

MATH_NAMES = (
    "pi", "e", "inf", "nan", "tau", "sqrt", "exp", "expm1", "log", "log1p", "log2", "log10", "pow", "sin", "cos",
    "tan", "tanh", "asin", "acos", "atan", "atan2", "sinh", "cosh", "asinh", "acosh", "atanh", "floor", "ceil",
    "fabs", "fmod", "modf", "frexp", "ldexp", "remainder", "isclose", "isnan", "isinf", "isfinite", "hypot",
    "degrees", "radians", "trunc", "copysign", "erf", "erfc", "gamma", "lgamma", "gcd", "lcm", "isqrt", "dist",
    "cbrt", "exp2", "nextafter", "ulp", "fsum", "prod", "factorial", "comb", "perm")


def members_math(guard) -> dict:
    members = {n: getattr(_math, n) for n in MATH_NAMES if hasattr(_math, n)}

    def bounded(n, what):
        # factorial(n), comb(n, k), perm(n, k) have about n * log2(n) bits
        if isinstance(n, int) and n > 2:
            guard.int_bits(int(n * _math.log2(n)), what)

    def factorial(n, /):
        bounded(n, f"factorial({n})")
        return _math.factorial(n)

    def comb(n, k, /):
        bounded(n, f"comb({n}, {k})")
        return _math.comb(n, k)

    def perm(n, k=None, /):
        bounded(n, f"perm({n}, {k})")
        return _math.perm(n, k)

    def dist(p, q, /):
        return _math.dist(tuple(guard.fill(p)), tuple(guard.fill(q)))

    members.update({"factorial": factorial, "comb": comb, "perm": perm, "dist": dist,
                    "prod": safe_prod(guard), "fsum": safe_fsum(guard)})
    return members


# ---------------------------------------------------------------------------
# random
# ---------------------------------------------------------------------------

RANDOM_SEED = 0


def members_random(guard) -> dict:
    rng = _random.Random(RANDOM_SEED)

    def seed(a=None, version=2):
        # without an argument Python seeds from the operating system; here every run
        # must be repeatable, so it means the start-of-run seed
        rng.seed(RANDOM_SEED if a is None else a, version)

    def getrandbits(k, /):
        guard.int_bits(k if isinstance(k, int) else 0, f"getrandbits({k})")
        return rng.getrandbits(k)

    def choices(population, weights=None, *, cum_weights=None, k=1):
        guard.sequence(k if isinstance(k, int) else 0, "random.choices(k=...)")
        return rng.choices(population, weights, cum_weights=cum_weights, k=k)

    def sample(population, k, *, counts=None):
        guard.sequence(k if isinstance(k, int) else 0, "random.sample(k=...)")
        if counts is not None:
            guard.sequence(sum(guard.counted(counts)), "random.sample(counts=...)")
        return rng.sample(population, k, counts=counts)

    def shuffle(x, /):
        return rng.shuffle(x)

    members = {"seed": seed, "getrandbits": getrandbits, "choices": choices, "sample": sample,
               "shuffle": shuffle}
    for name in ("random", "uniform", "randint", "randrange", "choice", "gauss", "normalvariate", "expovariate",
                 "triangular", "betavariate", "gammavariate", "lognormvariate", "vonmisesvariate",
                 "paretovariate", "weibullvariate"):
        members[name] = _plain(getattr(rng, name), name)
    return members


def _plain(method, name):
    """A bound method as a plain function, so nothing leads back to the generator object."""
    def f(*args, **kwargs):
        return method(*args, **kwargs)
    f.__name__ = f.__qualname__ = name
    return f


# ---------------------------------------------------------------------------
# functools
# ---------------------------------------------------------------------------

class Partial:
    """``functools.partial``: calls ``func`` with the stored arguments first.  A
    program can call it and print it; there is nothing to read on it."""

    __slots__ = ("_func", "_args", "_kwargs")

    def __init__(self, func, /, *args, **kwargs):
        if not callable(func):
            raise TypeError("the first argument must be callable")
        if isinstance(func, Partial):  # Python flattens nested partials
            args = func._args + args
            kwargs = {**func._kwargs, **kwargs}
            func = func._func
        self._func, self._args, self._kwargs = func, args, kwargs

    def __call__(self, *args, **kwargs):
        return self._func(*self._args, *args, **{**self._kwargs, **kwargs})

    def __repr__(self):
        parts = [repr(self._func)] + [repr(a) for a in self._args] + [f"{k}={v!r}" for k, v in self._kwargs.items()]
        return f"functools.partial({', '.join(parts)})"


class Cached:
    """``functools.lru_cache`` / ``cache``: results kept by their (hashable) arguments."""

    __slots__ = ("_func", "_maxsize", "_store", "__name__")

    def __init__(self, func, maxsize):
        self._func, self._maxsize = func, maxsize
        self._store = _collections.OrderedDict()
        self.__name__ = getattr(func, "__name__", "function")

    def __call__(self, *args, **kwargs):
        key = (args, tuple(sorted(kwargs.items())))
        if key in self._store:
            self._store.move_to_end(key)
            return self._store[key]
        value = self._func(*args, **kwargs)
        self._store[key] = value
        if self._maxsize is not None and len(self._store) > max(self._maxsize, 0):
            self._store.popitem(last=False)
        return value

    def cache_clear(self):
        self._store.clear()

    def __repr__(self):
        return "<functools._lru_cache_wrapper object>"


def members_functools(guard) -> dict:
    def reduce(function, iterable, *initial):
        if len(initial) > 1:
            raise TypeError(f"reduce expected at most 3 arguments, got {2 + len(initial)}")
        return _functools.reduce(function, guard.counted(iterable), *initial)

    def wraps(wrapped, assigned=None, updated=None):
        def decorate(wrapper):
            name = getattr(wrapped, "__name__", None)
            if isinstance(name, str) and _is_program_function(wrapper):
                wrapper.__name__ = wrapper.__qualname__ = name
            return wrapper
        return decorate

    def lru_cache(maxsize=128, typed=False):
        if callable(maxsize) and not isinstance(maxsize, bool):  # @lru_cache without parentheses
            return Cached(maxsize, 128)
        if maxsize is not None and not isinstance(maxsize, int):
            raise TypeError("Expected first argument to be an integer, a callable, or None")
        return lambda f: Cached(f, maxsize)

    def cache(user_function, /):
        return Cached(user_function, None)

    return {"reduce": reduce, "partial": Partial, "wraps": wraps, "lru_cache": lru_cache, "cache": cache,
            "cmp_to_key": _functools.cmp_to_key}


def _is_program_function(f) -> bool:
    return is_program_function(f)


# ---------------------------------------------------------------------------
# itertools
# ---------------------------------------------------------------------------

class Chain:
    """``itertools.chain``, with ``chain.from_iterable``."""

    __slots__ = ("_guard",)
    _bpl_public = frozenset({"from_iterable"})

    def __init__(self, guard):
        self._guard = guard

    def __call__(self, *iterables):
        return self._guard.counted(_itertools.chain(*iterables))

    def from_iterable(self, iterable):
        return self._guard.counted(_itertools.chain.from_iterable(self._guard.counted(iterable)))

    def __repr__(self):
        return "<class 'itertools.chain'>"


def members_itertools(guard) -> dict:
    counted, fill = guard.counted, guard.fill

    def tuple_size(n, what):
        if isinstance(n, int):
            guard.sequence(max(n, 0), what)

    def count(start=0, step=1):
        return counted(_itertools.count(start, step))

    def cycle(iterable, /):
        return counted(_itertools.cycle(fill(iterable)))

    def repeat(obj, times=None):
        return counted(_itertools.repeat(obj) if times is None else _itertools.repeat(obj, times))

    def product(*iterables, repeat=1):
        tuple_size(len(iterables) * repeat if isinstance(repeat, int) else 0, "the tuples of itertools.product")
        return counted(_itertools.product(*(tuple(fill(i)) for i in iterables), repeat=repeat))

    def permutations(iterable, r=None):
        tuple_size(r, "the tuples of itertools.permutations")
        return counted(_itertools.permutations(tuple(fill(iterable)), r))

    def combinations(iterable, r):
        tuple_size(r, "the tuples of itertools.combinations")
        return counted(_itertools.combinations(tuple(fill(iterable)), r))

    def combinations_with_replacement(iterable, r):
        tuple_size(r, "the tuples of itertools.combinations_with_replacement")
        return counted(_itertools.combinations_with_replacement(tuple(fill(iterable)), r))

    def tee(iterable, n=2, /):
        tuple_size(n, "itertools.tee")
        return tuple(counted(t) for t in _itertools.tee(fill(iterable), n))

    def lazy(f):
        # every iterator the module returns takes a step per item, whatever consumes it
        def g(*args, **kwargs):
            return counted(f(*args, **kwargs))
        g.__name__ = f.__name__
        return g

    members = {"count": count, "cycle": cycle, "repeat": repeat, "product": product, "permutations": permutations,
               "combinations": combinations, "combinations_with_replacement": combinations_with_replacement,
               "tee": tee, "chain": Chain(guard)}
    for name in ("islice", "accumulate", "starmap", "takewhile", "dropwhile", "filterfalse", "compress",
                 "zip_longest", "pairwise", "groupby"):
        members[name] = lazy(getattr(_itertools, name))
    return members


# ---------------------------------------------------------------------------
# collections
# ---------------------------------------------------------------------------

NAMEDTUPLE_MARK = "_bpl_namedtuple"


def members_collections(guard) -> dict:
    fill = guard.fill

    def namedtuple(typename, field_names, *, rename=False, defaults=None):
        if isinstance(field_names, str):
            guard.sequence(len(field_names), "namedtuple field names")
        else:
            field_names = list(fill(field_names))
            guard.sequence(len(field_names), "namedtuple field names")
        if defaults is not None:
            defaults = tuple(fill(defaults))
        cls = _collections.namedtuple(typename, field_names, rename=rename, defaults=defaults, module="__main__")
        setattr(cls, NAMEDTUPLE_MARK, True)
        return cls

    def tagged(f, cls):
        f.__name__ = cls.__name__
        f._bpl_type = cls  # isinstance(x, OrderedDict) and print(OrderedDict) see the class
        return f

    def OrderedDict(*args, **kwargs):
        if len(args) > 1:
            raise TypeError(f"expected at most 1 arguments, got {len(args)}")
        return _collections.OrderedDict(*(fill(a) for a in args), **kwargs)

    def defaultdict(default_factory=None, *args, **kwargs):
        if len(args) > 1:
            raise TypeError(f"defaultdict expected at most 2 arguments, got {1 + len(args)}")
        return _collections.defaultdict(real_type(default_factory), *(fill(a) for a in args), **kwargs)

    def deque(iterable=(), maxlen=None):
        if maxlen is None:
            items = list(fill(iterable))
            guard.sequence(len(items), "a deque")
            return _collections.deque(items)
        return _collections.deque(fill(iterable), maxlen)

    return {"namedtuple": namedtuple, "OrderedDict": tagged(OrderedDict, _collections.OrderedDict),
            "defaultdict": tagged(defaultdict, _collections.defaultdict),
            "deque": tagged(deque, _collections.deque)}


# ---------------------------------------------------------------------------
# time, gc, pdb
# ---------------------------------------------------------------------------

def members_time(guard) -> dict:
    def sleep(seconds, /):
        if not isinstance(seconds, (int, float)) or isinstance(seconds, bool):
            raise TypeError(f"'{type(seconds).__name__}' object cannot be interpreted as an integer")
        if seconds < 0:
            raise ValueError("sleep length must be non-negative")
        end = _time.monotonic() + seconds
        # in slices, so the run's clock (and Cancel) can stop a long sleep
        while True:
            guard.budget.check_time()
            left = end - _time.monotonic()
            if left <= 0:
                return None
            _time.sleep(min(left, 0.05))

    return {"time": _time.time, "time_ns": _time.time_ns, "perf_counter": _time.perf_counter,
            "perf_counter_ns": _time.perf_counter_ns, "monotonic": _time.monotonic,
            "process_time": _time.process_time, "sleep": sleep}


# ``datetime``: Python's own classes (pure values: no files, no processes); what a program may read of them is
# core.interp.sandbox's DATETIME_CLASS_ATTRS and, on their values, every public name; a strftime format (also a
# format spec: f"{now:%Y-%m-%d}") is checked as any format width is (Guard.spec)
DATETIME_TYPES = (_datetime.date, _datetime.time, _datetime.timedelta, _datetime.tzinfo)


def members_datetime() -> dict:
    return {"datetime": _datetime.datetime, "date": _datetime.date, "time": _datetime.time,
            "timedelta": _datetime.timedelta, "timezone": _datetime.timezone, "tzinfo": _datetime.tzinfo,
            "MINYEAR": _datetime.MINYEAR, "MAXYEAR": _datetime.MAXYEAR}


def _does_nothing(what, why, result=None):
    def f(*args, **kwargs):
        context.note(_T("{what} does nothing in Backprop Lens: {why}").format(what=what, why=why))
        return result
    f.__name__ = what.split(".")[-1].rstrip("()")
    return f


def members_gc() -> dict:
    why = _T("the program's memory is managed by the app")
    return {"collect": _does_nothing("gc.collect()", why, 0), "enable": _does_nothing("gc.enable()", why),
            "disable": _does_nothing("gc.disable()", why), "isenabled": lambda: True}


def members_pdb() -> dict:
    why = _T("programs are interpreted, not run under a debugger; print the values you want to see")
    return {"set_trace": _does_nothing("pdb.set_trace()", why), "pm": _does_nothing("pdb.pm()", why),
            "post_mortem": _does_nothing("pdb.post_mortem()", why)}


_ACTIONS = ("default", "error", "ignore", "always", "module", "once")
_CATEGORIES = {"Warning": Warning, "UserWarning": UserWarning, "DeprecationWarning": DeprecationWarning,
               "FutureWarning": FutureWarning, "RuntimeWarning": RuntimeWarning}


def members_warnings() -> dict:
    """``warnings``: filters by action and category (a run's filters end with the run), and ``warn``.
    Message and module patterns are regular expressions matched inside C, so they are not taken."""
    def category_of(category):
        if category not in _CATEGORIES.values():
            raise TypeError("category must be Warning, UserWarning, DeprecationWarning, FutureWarning or "
                            "RuntimeWarning")
        return category

    def check(action):
        if action not in _ACTIONS:
            raise ValueError(f"invalid action: {action!r}")

    def filterwarnings(action, message="", category=Warning, module="", lineno=0, append=False):
        check(action)
        if message or module:
            raise TypeError("warnings.filterwarnings with a message or module pattern is not available in "
                            "Backprop Lens programs; filter by action and category")
        warnings.filterwarnings(action, category=category_of(category), lineno=int(lineno), append=bool(append))

    def simplefilter(action, category=Warning, lineno=0, append=False):
        check(action)
        warnings.simplefilter(action, category=category_of(category), lineno=int(lineno), append=bool(append))

    def warn(message, category=UserWarning, stacklevel=1):
        warnings.warn(str(message), category_of(category), stacklevel=2)

    return {"filterwarnings": filterwarnings, "simplefilter": simplefilter, "warn": warn, **_CATEGORIES}


__all__ = ["Chain", "Cached", "FutureFeature", "NAMEDTUPLE_MARK", "Partial", "members_collections",
           "members_functools", "members_future", "members_gc", "members_itertools", "members_math",
           "members_os", "members_pdb", "members_random", "members_sys", "members_time", "members_warnings"]


# ---------------------------------------------------------------------------
# pprint
# ---------------------------------------------------------------------------

class PrettyPrinter:
    """``pprint.PrettyPrinter`` (``pp = pprint.PrettyPrinter(); pp.pprint(x)``, as CS224N's tutorial
    prints): Python's own printer, writing to the run's output; a ``stream`` is refused."""

    _bpl_public = ("pprint", "pformat", "isreadable", "isrecursive")

    def __init__(self, out, indent=1, width=80, depth=None, stream=None, *, compact=False, sort_dicts=True,
                 underscore_numbers=False):
        if stream is not None:
            raise TypeError("PrettyPrinter(stream=...) is not available in Backprop Lens programs: it prints where "
                            "print does")
        self._printer = _pprint.PrettyPrinter(indent=indent, width=width, depth=depth, compact=compact,
                                              sort_dicts=sort_dicts, underscore_numbers=underscore_numbers)
        self._out = out

    def pformat(self, object):
        return self._printer.pformat(object)

    def pprint(self, object):
        self._out.write(self._printer.pformat(object) + "\n")

    def isreadable(self, object):
        return self._printer.isreadable(object)

    def isrecursive(self, object):
        return self._printer.isrecursive(object)

    def __repr__(self):
        return f"<pprint.PrettyPrinter object at {id(self):#x}>"


def members_pprint(out) -> dict:
    """``pprint``'s functions with Python's layout; what they print goes to the run's output (``out``)."""
    def _printer(indent, width, depth, compact, sort_dicts, underscore_numbers):
        return _pprint.PrettyPrinter(indent=indent, width=width, depth=depth, compact=compact,
                                     sort_dicts=sort_dicts, underscore_numbers=underscore_numbers)

    def pformat(object, indent=1, width=80, depth=None, *, compact=False, sort_dicts=True,
                underscore_numbers=False):
        return _printer(indent, width, depth, compact, sort_dicts, underscore_numbers).pformat(object)

    def pprint(object, stream=None, indent=1, width=80, depth=None, *, compact=False, sort_dicts=True,
               underscore_numbers=False):
        if stream is not None:
            raise TypeError("pprint(..., stream=...) is not available in Backprop Lens programs: it prints where "
                            "print does")
        out.write(pformat(object, indent, width, depth, compact=compact, sort_dicts=sort_dicts,
                          underscore_numbers=underscore_numbers) + "\n")

    def pp(object, *args, sort_dicts=False, **kwargs):
        pprint(object, *args, sort_dicts=sort_dicts, **kwargs)

    def printer(*args, **kwargs):
        return PrettyPrinter(out, *args, **kwargs)

    printer.__name__ = "PrettyPrinter"
    return {"pprint": pprint, "pformat": pformat, "pp": pp, "PrettyPrinter": printer}
