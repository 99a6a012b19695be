"""What a program can reach: module namespaces, attributes, builtins.

The parser rejects dunder names and attributes (but a few harmless ones); this
module decides at run time which attributes of which objects a program may
read, call or set, so that no chain of attribute accesses leads out of tensor
math (``x.grad_fn.op`` would reach the registry, ``arr.tofile`` the file
system, ``f.gi_frame`` a frame).  What is not listed for a type is refused, so
a single-underscore attribute of a host object (``x._data``) is refused here
too.  ``getattr``, ``hasattr``, ``setattr``, ``type``, ``isinstance`` and
``issubclass`` (:func:`make_reflection`) go through the same checks, with
the attribute name's check done at run time.
"""
from __future__ import annotations

import ast
import builtins as _builtins
import collections as _collections
import copy as _copy
import math as _math
import os
import pickle
import string
import types as _types

import numpy as np

import core.torch as ct  # (also attaches the Tensor methods listed below)
import core.torch.autograd as cta
import core.torch.autograd.functional as ctaf
import core.torch.func as ct_func
import core.torch.nn as ctn
import core.torch.nn.functional as ctnf
import core.torch.optim as ct_optim  # (issue 12, C2: optim, utils.data, random)
import core.torch.utils.data as ct_data
import core.torch.linalg as ct_linalg
from core.torch import arguments as ct_arguments, signatures as ct_signatures
import core.torch.distributions as ct_distributions
from core.torch import inplace_random as ct_inplace_random, random as ct_random
from core.torch.nn import dropout as ct_dropout
from core import context, dtypes
from core.translatable import _T
from core.interp import classes, numpy_subset, plotting, stdlib
from core.interp.limits import Budget, LimitExceeded, Limits
from core.interp.run_files import BytesIO, RunFiles, members_pathlib
from core.interp.parse import ALLOWED_DUNDER_ATTRS, SAVED_PREFIX, ProgramRejected, is_dunder
from core.interp.safe_builtins import (_CONSTRUCTIBLE, _TORCH_NAMES, EXCEPTIONS, Guard, ProgramType,
                                       is_program_function, real_type)
from core.tensor.grad_mode import _GradModeManager
from core.tensor.node import Node, RemovableHandle
from core.tensor.tensor import Size, Tensor
from core.torch.autograd.function import Function as _Function

# What ``torch.__version__`` reads in a program: the PyTorch release whose behaviour
# core.torch reproduces, as its CPU build names itself (there is no CUDA here either),
# so a tutorial that prints it prints what it printed under PyTorch.
TORCH_VERSION = "2.13.0+cpu"
_TORCH_NAMES[ct.device] = ("torch", "device")
_TORCH_NAMES[_Function] = ("torch.autograd.function", "Function")
for _cls, _name in ((classes.StaticMethod, "staticmethod"), (classes.ClassMethod, "classmethod"),
                    (classes.Property, "property"), (classes.BoundMethod, "method"), (classes.Super, "super")):
    _TORCH_NAMES[_cls] = ("builtins", _name)


def _once_differentiable(fn):
    """torch.autograd.function.once_differentiable: a backward that is never
    differentiated again; here the decorator changes nothing."""
    return fn


# the names of PyTorch's torch/functional.py module
TORCH_FUNCTIONAL = ("atleast_1d", "atleast_2d", "atleast_3d", "align_tensors", "broadcast_shapes", "broadcast_tensors",
                    "cartesian_prod", "block_diag", "cdist", "chain_matmul", "einsum", "istft", "lu", "norm",
                    "meshgrid", "pca_lowrank", "split", "stft", "svd_lowrank", "tensordot", "unique",
                    "unique_consecutive", "unravel_index")


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


def _copying(guard):
    """copy.deepcopy and copy.copy for one run: what they would copy is checked
    (:func:`_check_copyable`) and counted against the run's totals first."""
    def deepcopy(x, memo=None):
        _count_copy(x, guard, deep=True)
        return _copy.deepcopy(x, memo)

    def copy(x):
        _count_copy(x, guard, deep=False)
        return _copy.copy(x)
    deepcopy.__name__, copy.__name__ = "deepcopy", "copy"
    return deepcopy, copy


_WEIGHTS_ONLY = (
    "Weights only load failed. This file can still be loaded, to do so you have two options, \x1b[1mdo those "
    "steps only if you trust the source of the checkpoint\x1b[0m. \n\t(1) In PyTorch 2.6, we changed the default "
    "value of the `weights_only` argument in `torch.load` from `False` to `True`. Re-running `torch.load` with "
    "`weights_only` set to `False` will likely succeed, but it can result in arbitrary code execution. Do it only "
    "if you got the file from a trusted source.\n\t(2) Alternatively, to load with `weights_only=True` please "
    "check the recommended steps in the following error message.\n\tWeightsUnpickler error: Unsupported global: "
    "GLOBAL {name} was not an allowed global by default. Please use "
    "`torch.serialization.add_safe_globals([{name}])` or the `torch.serialization.safe_globals([{name}])` context "
    "manager to allowlist this global if you trust this class/function.\n\nCheck the documentation of torch.load "
    "to learn more about types accepted by default with weights_only "
    "https://pytorch.org/docs/stable/generated/torch.load.html.")


def _checkpoints(deepcopy, run_files):
    """``torch.save`` and ``torch.load`` for one run.  Programs write no files: a checkpoint is a copy
    kept in memory until the run ends (counted like any copy), under its path, for ``torch.load`` of
    the same path; a note says so.  ``torch.load`` of anything but tensors, numbers, strings and their
    containers refuses as PyTorch 2.13's ``weights_only=True`` default does (the class is named by its
    module as PyTorch names it: ``__main__.Net`` for the program's classes, ``torch.nn.modules.linear.Linear``
    or ``torch.optim.sgd.SGD`` for the library's)."""
    files = run_files.files

    def save(obj, f, *args, **kwargs):
        if isinstance(f, BytesIO):
            f.keep(deepcopy(obj))
            return
        if not isinstance(f, (str, os.PathLike)):
            raise AttributeError("expected 'f' to be string, path, or a file-like object with a 'write' attribute")
        f = os.fspath(f)
        missing = run_files.parent_missing(f)
        if missing is not None:
            raise RuntimeError(f"Parent directory {missing} does not exist.")
        files[run_files.key(f)] = deepcopy(obj)
        context.note(_T("torch.save writes no file in Backprop Lens: '{path}' is kept in memory for torch.load "
                        "until the run ends").format(path=f))

    def load(f, map_location=None, *args, weights_only=None, **kwargs):
        if isinstance(f, os.PathLike):
            f = os.fspath(f)
        if isinstance(f, BytesIO):
            obj = f.take()
        elif not isinstance(f, str) or run_files.key(f) not in files:
            raise FileNotFoundError(2, "No such file or directory", f)
        else:
            obj = files[run_files.key(f)]
        if weights_only is not False:
            other = _not_weights(obj)
            if other is not None:
                where = "__main__" if classes.is_program_class(other) else other.__module__
                name = other.__name__ if where == "builtins" else f"{where}.{other.__name__}"
                raise pickle.UnpicklingError(_WEIGHTS_ONLY.format(name=name))
        return deepcopy(obj)
    return save, load


def _not_weights(obj, depth=0):
    """The first class in ``obj`` that a weights-only load refuses, or None."""
    if obj is None or isinstance(obj, (Tensor, bool, int, float, complex, str, bytes, dtypes.dtype, ct.device)) \
            or depth > 50:
        return None
    if type(obj) in (dict, _collections.OrderedDict, _collections.Counter):
        items = [x for pair in obj.items() for x in pair]   # in the order pickle writes them
    elif isinstance(obj, (list, tuple, set)) and not isinstance(obj, _collections.deque):
        items = list(obj)
    else:
        return type(obj)
    for item in items:
        found = _not_weights(item, depth + 1)
        if found is not None:
            return found
    return None


def _count_copy(x, guard, deep):
    sizes = [0, 0]                 # [tensor elements, container items]
    _check_copyable(x, sizes=sizes)
    if guard is None:
        return
    if not deep:                   # a shallow copy makes the outer container (or a tensor's storage) only
        sizes = [int(x.numel()) if isinstance(x, Tensor) else 0,
                 len(x) if isinstance(x, (list, tuple, set, dict, _collections.deque)) else 0]
    guard.made(sizes[0], "a copy")
    if sizes[1]:
        guard.sequence(sizes[1], "a copied container")


def _check_copyable(x, depth=0, sizes=None):
    if depth > 20:
        raise ValueError("copy.deepcopy: the value is nested too deeply")
    if sizes is None:
        sizes = [0, 0]
    if isinstance(x, Tensor):
        sizes[0] += int(x.numel())
        return
    if isinstance(x, (int, float, bool, str, type(None), dtypes.dtype, ct.device)):
        return
    if isinstance(x, _collections.defaultdict) and x.default_factory is not None and \
            not isinstance(x.default_factory, type):
        raise TypeError("copy.deepcopy in Backprop Lens copies a defaultdict whose default is a type "
                        "(list, int, ...), not one made with a function")
    if isinstance(x, (list, tuple, set, _collections.deque)):
        sizes[1] += len(x)
        for y in x:
            _check_copyable(y, depth + 1, sizes)
        return
    if isinstance(x, dict):
        sizes[1] += len(x)
        for k, v in x.items():
            _check_copyable(k, depth + 1, sizes)
            _check_copyable(v, depth + 1, sizes)
        return
    if isinstance(x, ctn.Module):
        _check_module_copyable(x, depth, sizes)
        return
    kind = "a function" if callable(x) else ("a module" if isinstance(x, SafeModule) else type(x).__name__)
    raise TypeError(f"copy.deepcopy in Backprop Lens copies tensors, numbers, strings and lists, tuples and "
                    f"dicts of them, not {kind}")


def _check_module_copyable(m, depth, sizes):
    """A module is copied with its parameters, buffers, children and plain attributes (the
    torch functions it keeps are shared, as deepcopy shares functions), never with hooks."""
    d = m.__dict__
    if any(d.get(t) for t in ctn.module.HOOK_TABLES):
        raise TypeError("copy.deepcopy in Backprop Lens copies modules without hooks; remove the hooks first "
                        "(handle.remove())")
    for table in ctn.module.MODULE_TABLES:
        for v in d.get(table, {}).values():
            if v is not None:
                _check_copyable(v, depth + 1, sizes)
    plain = m._bpl_vars if isinstance(m, classes.ProgramInstance) else {
        k: v for k, v in d.items() if not k.startswith("_")}
    for v in plain.values():
        if isinstance(v, (_types.FunctionType, _types.BuiltinFunctionType)) and not _is_program_function(v):
            continue
        _check_copyable(v, depth + 1, sizes)


def _safe_printoptions(set_printoptions, guard):
    """torch.set_printoptions with bounds: a precision of 10**8 digits or a line
    of 10**9 characters would make printing itself run away."""
    def wrapped(precision=None, threshold=None, edgeitems=None, linewidth=None, profile=None, sci_mode=None):
        if guard is not None:
            lim = guard.limits
            for name, value, top in (("precision", precision, 100), ("edgeitems", edgeitems, 10_000),
                                     ("linewidth", linewidth, 100_000)):
                if value is not None and value > top:
                    raise LimitExceeded(lim, "max_output_chars", f"set_printoptions({name}={value}); at most {top}")
        return set_printoptions(precision=precision, threshold=threshold, edgeitems=edgeitems,
                                linewidth=linewidth, profile=profile, sci_mode=sci_mode)
    wrapped.__name__ = "set_printoptions"
    return wrapped


def build_modules(guard=None):
    """The modules a program can import, keyed by import name (``guard`` bounds
    the functions that could run away inside C: math.prod, math.fsum)."""
    functional = SafeModule("torch.autograd.functional", {
        n: getattr(ctaf, n) for n in ("jacobian", "hessian", "vjp", "jvp", "vhp", "hvp")})
    autograd = SafeModule("torch.autograd", {
        "backward": cta.backward, "grad": cta.grad, "Variable": cta.Variable, "no_grad": cta.no_grad,
        "enable_grad": cta.enable_grad, "set_grad_enabled": cta.set_grad_enabled, "functional": functional,
        "set_detect_anomaly": cta.set_detect_anomaly, "detect_anomaly": cta.detect_anomaly,
        "Function": _Function, "gradcheck": cta.gradcheck, "gradgradcheck": cta.gradgradcheck})
    function = SafeModule("torch.autograd.function", {"Function": _Function,
                                                      "once_differentiable": _once_differentiable})
    autograd.members["function"] = function
    # the module Variable lives in (older tutorials import it from there: from torch.autograd.variable import Variable)
    autograd.members["variable"] = SafeModule("torch.autograd.variable", {"Variable": cta.Variable})
    autograd.members["graph"] = SafeModule("torch.autograd.graph", {
        "Node": cta.graph.Node, "saved_tensors_hooks": cta.saved_tensors_hooks,
        "register_multi_grad_hook": cta.register_multi_grad_hook,
        "allow_mutation_on_saved_tensors": cta.allow_mutation_on_saved_tensors})
    nnf = SafeModule("torch.nn.functional", {n: getattr(ctnf, n) for n in ctnf.__all__})
    for name, signatures in ct_signatures.NN_FUNCTIONS.items():   # PyTorch's argument errors where programs call
        nnf.members[name] = ct_arguments.checked(ct_arguments.Parser(name, signatures), nnf.members[name])
    nn = SafeModule("torch.nn", {n: getattr(ctn, n) for n in ctn.__all__})
    nn.members["functional"] = nnf
    nn.members["init"] = SafeModule("torch.nn.init", {n: getattr(ctn.init, n) for n in ctn.init.__all__})
    nn.members["utils"] = SafeModule("torch.nn.utils", {n: getattr(ctn.utils, n) for n in ctn.utils.__all__})
    nn.members["utils"].members["rnn"] = SafeModule("torch.nn.utils.rnn", {n: getattr(ctn.utils, n)
                                                                           for n in ctn.utils.RNN})
    torch_members = _public(ct, exclude=("install", "installed", "annotations", "sys", "creation"))
    torch_members.update({"autograd": autograd, "nn": nn,
                          "set_printoptions": _safe_printoptions(ct.set_printoptions, guard)})
    torch_members["__version__"] = TORCH_VERSION
    torch_members["cuda"] = SafeModule("torch.cuda", {n: getattr(ct.cuda, n) for n in (
        "is_available", "device_count", "manual_seed", "manual_seed_all", "is_initialized", "empty_cache",
        "current_device", "synchronize", "get_device_name", "get_device_properties", "get_device_capability")})
    # torch.optim, torch.utils.data, the generator and random fills (issue 12, C2)
    lr_scheduler = SafeModule("torch.optim.lr_scheduler", {n: getattr(ct_optim.lr_scheduler, n)
                                                           for n in ct_optim.lr_scheduler.__all__})
    optim = SafeModule("torch.optim", {n: getattr(ct_optim, n) for n in ct_optim.__all__})
    optim.members["lr_scheduler"] = lr_scheduler
    utils_data = SafeModule("torch.utils.data", {n: getattr(ct_data, n) for n in ct_data.__all__})
    # the modules the collate functions live in, as older code imports them (from torch.utils.data.dataloader
    # import default_collate; torch.utils.data._utils.collate.default_collate)
    collate = SafeModule("torch.utils.data._utils.collate", {n: getattr(ct_data, n)
                                                              for n in ("default_collate", "default_convert")})
    utils_data_utils = SafeModule("torch.utils.data._utils", {"collate": collate})
    dataloader = SafeModule("torch.utils.data.dataloader", {n: getattr(ct_data, n) for n in (
        "DataLoader", "default_collate", "default_convert")})
    utils_data.members.update({"_utils": utils_data_utils, "dataloader": dataloader})
    utils = SafeModule("torch.utils", {"data": utils_data})
    torch_members.update({"optim": optim, "utils": utils, "Generator": ct_random.Generator,
                          "default_generator": ct.creation.default_generator, "dropout": ct_dropout.torch_dropout,
                          "dropout_": ct_dropout.torch_dropout_,
                          **{n: getattr(ct_inplace_random, n) for n in ct_inplace_random.__all__}})
    # torch.functional: PyTorch's module of that name (einsum, norm, split...), the ones that exist here
    torch_functional = SafeModule("torch.functional", {n: torch_members[n] for n in TORCH_FUNCTIONAL
                                                       if n in torch_members})
    torch_members["functional"] = torch_functional
    # torch.func: the function transforms (grad, vjp, jvp, jacrev, jacfwd, hessian, vmap, functional_call)
    func = SafeModule("torch.func", {n: getattr(ct_func, n) for n in ct_func.__all__})
    torch_members["func"] = func
    torch_members["vmap"] = ct_func.vmap
    linalg = SafeModule("torch.linalg", {n: getattr(ct_linalg, n) for n in ct_linalg.__all__})
    torch_members["linalg"] = linalg
    distributions = SafeModule("torch.distributions", {n: getattr(ct_distributions, n)
                                                       for n in ct_distributions.__all__})
    distributions.members["constraints"] = SafeModule("torch.distributions.constraints",
                                                      dict(ct_distributions.CONSTRAINTS))
    distributions.members["kl"] = SafeModule("torch.distributions.kl",
                                             {"kl_divergence": ct_distributions.kl_divergence})
    for cls in (ct_distributions.Normal, ct_distributions.Bernoulli, ct_distributions.Categorical,
                ct_distributions.Uniform):   # each distribution's own module: from torch.distributions.normal import Normal
        name = cls.__name__.lower()
        distributions.members[name] = SafeModule(f"torch.distributions.{name}", {cls.__name__: cls})
    torch_members["distributions"] = distributions
    torch_members["random"] = SafeModule("torch.random", {n: getattr(ct, n) for n in (
        "manual_seed", "seed", "initial_seed", "get_rng_state", "set_rng_state")})
    torch_members["backends"] = SafeModule("torch.backends", {
        "cudnn": ct._CudnnFlags(),
        "mps": SafeModule("torch.backends.mps", {"is_available": ct._not_available, "is_built": ct._not_available})})
    deepcopy, shallow_copy = _copying(guard)
    run_files = RunFiles()
    torch_members["save"], torch_members["load"] = _checkpoints(deepcopy, run_files)
    torch = SafeModule("torch", torch_members)
    copy = SafeModule("copy", {"deepcopy": deepcopy, "copy": shallow_copy})
    modules = {"torch": torch, "torch.autograd": autograd, "torch.autograd.functional": functional,
               "torch.autograd.function": function, "torch.autograd.variable": autograd.members["variable"],
               "torch.nn": nn, "torch.nn.functional": nnf, "torch.nn.init": nn.members["init"],
               "torch.nn.utils": nn.members["utils"],
               "torch.nn.utils.rnn": nn.members["utils"].members["rnn"], "copy": copy,
               "torch.optim": optim, "torch.optim.lr_scheduler": lr_scheduler, "torch.utils": utils,
               "torch.utils.data": utils_data, "torch.utils.data._utils": utils_data_utils,
               "torch.utils.data._utils.collate": collate, "torch.utils.data.dataloader": dataloader,
               "torch.functional": torch_functional, "torch.func": func,
               "torch.linalg": linalg, "torch.distributions": distributions,
               **{f"torch.distributions.{n}": m for n, m in distributions.members.items() if isinstance(m, SafeModule)}}
    if guard is None:  # the module tables only (tests that list names); no run to bound
        guard = Guard(Limits(), Budget(Limits()))
    for name, members in (("math", stdlib.members_math(guard)), ("random", stdlib.members_random(guard)),
                          ("functools", stdlib.members_functools(guard)),
                          ("itertools", stdlib.members_itertools(guard)),
                          ("collections", stdlib.members_collections(guard)), ("time", stdlib.members_time(guard)),
                          ("gc", stdlib.members_gc()), ("pdb", stdlib.members_pdb()),
                          ("warnings", stdlib.members_warnings()),
                          ("__future__", stdlib.members_future()), ("sys", stdlib.members_sys())):
        modules[name] = SafeModule(name, members)
    os_members, os_path = stdlib.members_os()
    os_members["path"] = modules["os.path"] = SafeModule("os.path", os_path)
    modules["os"] = SafeModule("os", os_members)
    modules["pathlib"] = SafeModule("pathlib", members_pathlib(run_files))
    modules["datetime"] = SafeModule("datetime", stdlib.members_datetime())
    modules["io"] = SafeModule("io", {"BytesIO": BytesIO})    # files cannot be opened; a checkpoint buffer can
    mpl_members, pyplot_members, ticker_members = plotting.members()
    mpl_members["pyplot"] = modules["matplotlib.pyplot"] = SafeModule("matplotlib.pyplot", pyplot_members)
    mpl_members["ticker"] = modules["matplotlib.ticker"] = SafeModule("matplotlib.ticker", ticker_members)
    modules["matplotlib"] = SafeModule("matplotlib", mpl_members)
    np_members, np_random, np_linalg = numpy_subset.members_numpy(guard)
    np_members["random"] = modules["numpy.random"] = SafeModule("numpy.random", np_random)
    np_members["linalg"] = modules["numpy.linalg"] = SafeModule("numpy.linalg", np_linalg)
    modules["numpy"] = SafeModule("numpy", np_members)
    return modules


# ---------------------------------------------------------------------------
# attributes
# ---------------------------------------------------------------------------

TENSOR_ATTRS = frozenset(n for n in dir(Tensor) if not n.startswith("_")) | {"_version"}
TENSOR_SETTABLE = frozenset({"grad", "requires_grad", "data"})
NODE_ATTRS = frozenset({"name", "next_functions", "register_hook", "register_prehook", "metadata", "variable", "apply"})
DTYPE_ATTRS = frozenset({"is_floating_point", "is_complex", "is_signed", "itemsize"})
NDARRAY_ATTRS = frozenset({"tolist", "shape", "dtype", "ndim", "size", "item", "T", "sum", "mean", "max", "min",
                           "reshape", "copy", "flatten", "argmax", "argmin", "round", "std", "var", "all", "any",
                           "astype", "transpose", "dot", "clip", "cumsum", "prod", "squeeze", "argsort", "sort",
                           "ravel", "fill", "itemsize", "real", "imag", "resize"})
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
ORDERED_DICT_ATTRS = frozenset({"move_to_end", "popitem"})
DEQUE_ATTRS = frozenset({"append", "appendleft", "pop", "popleft", "extend", "extendleft", "clear", "count", "index",
                         "insert", "remove", "reverse", "rotate", "maxlen", "copy"})
NAMEDTUPLE_ATTRS = frozenset({"_fields", "_asdict", "_replace"})
# callables and classes: their name only (a string)
NAME_ONLY = frozenset({"__name__"})


class AttributeDenied(AttributeError):
    pass


def _allowed(obj, name) -> bool:
    if is_dunder(name) and name not in ALLOWED_DUNDER_ATTRS:
        return False
    if isinstance(obj, Tensor):
        return name in TENSOR_ATTRS
    if isinstance(obj, plotting.NotDrawn):
        return not name.startswith("_")
    if isinstance(obj, Node):
        return name in NODE_ATTRS or name.startswith(SAVED_PREFIX)
    if isinstance(obj, Size):
        return name in ("numel", "count", "index")
    if isinstance(obj, ct.device):
        return name in ("type", "index")
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
        if getattr(type(obj), stdlib.NAMEDTUPLE_MARK, False):
            return name in TUPLE_ATTRS or name in NAMEDTUPLE_ATTRS or name in type(obj)._fields
        return name in TUPLE_ATTRS or (name in ("values", "indices") and hasattr(type(obj), "_kind")) or \
            name in getattr(type(obj), "_bpl_public", ())   # load_state_dict's (missing_keys, unexpected_keys)
    if isinstance(obj, dict):
        return name in DICT_ATTRS or (name in ORDERED_DICT_ATTRS and isinstance(obj, _collections.OrderedDict))
    if isinstance(obj, _collections.deque):
        return name in DEQUE_ATTRS
    if isinstance(obj, (set, frozenset)):
        return name in SET_ATTRS
    if isinstance(obj, (bool, int, float, complex)):
        return name in NUMBER_ATTRS
    if isinstance(obj, BaseException):
        return name in EXC_ATTRS or (name == "value" and isinstance(obj, StopIteration))   # a generator's return
    if isinstance(obj, type) and getattr(obj, stdlib.NAMEDTUPLE_MARK, False):
        return name in NAME_ONLY or name == "_fields"
    if isinstance(obj, stdlib.DATETIME_TYPES):
        return not name.startswith("_")          # a date, a time, a duration: values, every public name
    if isinstance(obj, type) and obj in _DATETIME_CLASSES:
        return name in NAME_ONLY or name in DATETIME_CLASS_ATTRS
    if isinstance(obj, (ProgramType, type, _types.FunctionType, _types.BuiltinFunctionType, _types.MethodType,
                        stdlib.Cached)) \
            or _is_program_function(obj):
        # a host class: its name, and the class methods it lists (nn.Embedding.from_pretrained)
        return name in NAME_ONLY or (isinstance(obj, type) and name in obj.__dict__.get("_bpl_class_methods", ()))
    return name in getattr(type(obj), "_bpl_public", ())


def _type_name(obj) -> str:
    """The class name Python would show for ``obj`` (the program's functions are 'function')."""
    if _is_program_function(obj):
        return "function"
    if isinstance(obj, ProgramType):
        return "type"
    return type(obj).__name__


def _is_program_function(obj) -> bool:
    return is_program_function(obj)


_DATETIME_CLASSES = frozenset(v for v in stdlib.members_datetime().values() if isinstance(v, type))
# what a program reads of datetime's classes: their constructors from the clock, a timestamp or a string, and
# their bounds
DATETIME_CLASS_ATTRS = frozenset({"now", "today", "utcnow", "fromtimestamp", "utcfromtimestamp", "fromisoformat",
                                  "fromordinal", "strptime", "combine", "min", "max", "resolution", "utc"})


def _checked_strftime(value, guard):
    def strftime(format):
        guard.spec(format)
        return value(format)
    return strftime


def get_attribute(obj, name, guard=None):
    """``obj.name`` if a program may read it (``guard`` bounds the str and list
    methods that could build something huge inside one C call)."""
    if name == "__dict__":
        return instance_dict(obj)
    if isinstance(obj, SafeModule):
        try:
            return obj.members[name]
        except KeyError:
            raise AttributeError(f"module '{obj.name}' has no attribute '{name}'") from None
    if isinstance(obj, (classes.ProgramInstance, classes.Super)) or classes.is_program_class(obj):
        return _program_attribute(obj, name)
    if isinstance(obj, ctn.Module):
        return _module_attribute(obj, name)
    if obj is ctn.Module and name == "__init__":   # nn.Module.__init__(self), as older tutorials write it
        return _module_init
    if not _allowed(obj, name):
        kind = _type_name(obj)
        if hasattr(obj, name) or isinstance(obj, Node):
            raise AttributeDenied(f"'{kind}' attribute '{name}' is not available in Backprop Lens programs")
        raise AttributeError(f"'{kind}' object has no attribute '{name}'")
    if isinstance(obj, ProgramType) and name == "__name__":
        return obj.name
    value = getattr(obj, name)
    if isinstance(obj, str) and name in ("format", "format_map"):
        return _safe_format_method(obj, name, guard)
    if isinstance(obj, np.ndarray) and name == "resize":
        return _checked_resize(value, guard)
    if guard is not None:
        if isinstance(obj, str) and name in _STR_GUARDS:
            return _STR_GUARDS[name](obj, value, guard)
        if isinstance(obj, list) and name in _LIST_GUARDS:
            return _LIST_GUARDS[name](obj, value, guard)
        if isinstance(obj, _collections.deque) and name in _DEQUE_GUARDS:
            return _DEQUE_GUARDS[name](obj, value, guard)
        if isinstance(obj, np.ndarray) and name == "dot":
            return _checked_dot(obj, guard)
        if name == "strftime" and isinstance(obj, stdlib.DATETIME_TYPES):
            return _checked_strftime(value, guard)
        copying = next((names for kind, names in _COPYING if isinstance(obj, kind)), ())
        if name in copying:
            return _counted_copy(obj, name, value, guard)
    return value


class _ModuleInstanceDict(dict):
    """A module's ``__dict__`` as a program reads it: a snapshot (ctn.module.instance_dict) that refuses writes,
    which in Python would bypass nn.Module's registration of parameters and children."""

    __slots__ = ()

    def _refuse(self, *args, **kwargs):
        raise AttributeDenied("writing to a module's __dict__ is not available in Backprop Lens programs; "
                              "assign attributes with module.name = value (or setattr)")

    __setitem__ = __delitem__ = __ior__ = update = setdefault = pop = popitem = clear = _refuse

    def __copy__(self):   # copy.copy / copy.deepcopy give a plain dict, as Python's copy of a __dict__ is
        return dict(self)

    def __deepcopy__(self, memo):
        return _copy.deepcopy(dict(self), memo)


_ModuleInstanceDict.__name__ = _ModuleInstanceDict.__qualname__ = "dict"


def instance_dict(obj):
    """``obj.__dict__``: an instance of the program's own class gives its attribute dict itself (it holds
    only what the program put there, as in Python); a module gives a read-only snapshot of PyTorch's
    instance dict (ctn.module.instance_dict).  Every other object, a class or a Python module refuses:
    their dicts are the interpreter's and the host's internals."""
    if isinstance(obj, ctn.Module):
        return _ModuleInstanceDict(ctn.module.instance_dict(obj))
    if isinstance(obj, classes.ProgramInstance) and not isinstance(obj, type):
        return obj._bpl_vars
    kind = "module" if isinstance(obj, SafeModule) else _type_name(obj)
    raise AttributeDenied(f"'{kind}' attribute '__dict__' is not available in Backprop Lens programs (only an "
                          "nn.Module's and an instance's of the program's own classes are)")


def _program_attribute(obj, name):
    """An attribute of a program's instance, class or super(): only what the program
    put there (and a class's __name__, __init__ for super().__init__(...))."""
    if is_dunder(name) and name != "__init__" and not (name == "__name__" and isinstance(obj, type)):
        raise AttributeDenied(f"the attribute '{name}' is not available in Backprop Lens programs")
    if isinstance(obj, classes.Super):
        return classes.super_attribute(obj, name)
    if isinstance(obj, type):
        return classes.class_attribute(obj, name)
    try:
        return classes.instance_attribute(obj, name)
    except AttributeError:
        if isinstance(obj, ctn.Module) and name in ctn.module.MODULE_TABLES:
            return obj.__dict__[name]
        if isinstance(obj, ctn.Module) and name.startswith("_") and hasattr(obj, name):
            raise AttributeDenied(f"'{type(obj).__name__}' attribute '{name}' is one of nn.Module's internals, "
                                  "which are not available in Backprop Lens programs") from None
        raise


def _module_init(self, *args, **kwargs):
    """``nn.Module.__init__`` as a program reads it: for modules only."""
    if not isinstance(self, ctn.Module):
        raise TypeError(f"descriptor '__init__' requires a 'Module' object but received a "
                        f"'{type(self).__name__}'")
    ctn.Module.__init__(self, *args, **kwargs)


_module_init.__name__ = _module_init.__qualname__ = "__init__"


def _module_attribute(obj, name):
    """An attribute of a host module (``nn.Linear(...)``, ``nn.Sequential(...)``): its parameters,
    buffers, children, public settings and Module's API, never its internals."""
    if name in ctn.module.MODULE_TABLES:
        return obj.__dict__[name]
    if name.startswith("_"):
        if is_dunder(name) or hasattr(obj, name):
            raise AttributeDenied(f"'{type(obj).__name__}' attribute '{name}' is not available in Backprop Lens "
                                  "programs")
        raise AttributeError(f"'{type(obj).__name__}' object has no attribute '{name}'")
    return ctn.module.module_member(obj, name)


def _checked_dot(a, guard):
    """``a.dot(b)``: the product's size checked first, as ``np.dot``'s is."""
    def dot(b, out=None):
        if out is not None:
            raise TypeError("dot(out=...) is not available in Backprop Lens programs")
        guard.binop(ast.MatMult, a, b) if isinstance(b, np.ndarray) else None
        return a.dot(b)
    return dot


def _checked_resize(method, guard):
    """``a.resize(shape)`` in place (numpy's own, its new elements zeros): the new size counted first, and numpy's
    reference check kept on (``refcheck=False`` would free memory a view of ``a`` still reads).  Only the bound
    method is held, as Python holds it: numpy's check counts the references to ``a``."""
    def resize(*new_shape, refcheck=True):
        if not refcheck:
            raise TypeError("resize(refcheck=False) is not available in Backprop Lens programs")
        shape = new_shape[0] if len(new_shape) == 1 and not isinstance(new_shape[0], (int, np.integer)) else new_shape
        size = 1
        for n in (shape if isinstance(shape, (tuple, list)) else (shape,)):
            size *= n if isinstance(n, (int, np.integer)) and n > 0 else 1
        if guard is not None and size > method.__self__.size:
            guard.made(int(size), "ndarray.resize()")
        return method(*new_shape)
    return resize


def _width_first(s, method, guard):
    def m(width, *rest):
        guard.width(width)
        return method(width, *rest)
    return m


def _replace(s, method, guard):
    def m(old, new, count=-1):
        if isinstance(old, str) and isinstance(new, str):
            n = s.count(old) if old else len(s) + 1
            if count is not None and count >= 0:
                n = min(n, count)
            guard.sequence(len(s) + n * max(0, len(new) - len(old)), "a replaced string")
        return method(old, new, count)
    return m


def _join(s, method, guard):
    def m(iterable):
        items = list(guard.fill(iterable))
        total = sum(len(x) for x in items if isinstance(x, str)) + len(s) * max(0, len(items) - 1)
        guard.sequence(total, "a joined string")
        return method(items)
    return m


def _extend(lst, method, guard):
    def m(iterable):
        items = list(guard.fill(iterable))
        guard.sequence(len(lst) + len(items), "an extended list")
        return method(items)
    return m


def _grow(lst, method, guard):
    def m(*args):
        if len(lst) + 1 > guard.limits.max_sequence_length:
            guard.sequence(len(lst) + 1, "a list")
        return method(*args)
    return m


def _counted_copy(obj, name, method, guard):
    """A method that copies ``obj`` whole (``list.copy``, ``ndarray.astype``, ``Tensor.tolist``...):
    its size is counted against the run's totals first, as what ops and slices build is."""
    def m(*args, **kwargs):
        if isinstance(obj, Tensor):
            guard.sequence(int(obj.numel()), f"a list from {name}()")
        elif isinstance(obj, np.ndarray):
            guard.made(obj.size, f"ndarray.{name}()")
            if name == "tolist":
                guard.sequence(obj.size, "a list from tolist()")
        else:
            guard.sequence(len(obj), f"a {type(obj).__name__} copy")
        return method(*args, **kwargs)
    return m


_NDARRAY_COPIES = frozenset({"copy", "astype", "flatten", "ravel", "tolist", "argsort", "cumsum", "round", "clip"})
_COPYING = ((Tensor, ("tolist",)), (np.ndarray, _NDARRAY_COPIES), (list, ("copy",)), (dict, ("copy",)),
            (set, ("copy", "union", "difference", "intersection")), (_collections.deque, ("copy",)))

_STR_GUARDS = {"ljust": _width_first, "rjust": _width_first, "center": _width_first, "zfill": _width_first,
               "replace": _replace, "join": _join}
_LIST_GUARDS = {"extend": _extend, "append": _grow, "insert": _grow}
_DEQUE_GUARDS = {"extend": _extend, "extendleft": _extend, "append": _grow, "appendleft": _grow, "insert": _grow}


def set_attribute(obj, name, value):
    if is_dunder(name):
        raise AttributeDenied(f"setting '{name}' is not available in Backprop Lens programs: it is one of "
                              "Python's special (dunder) attributes")
    if isinstance(obj, Tensor) and name in TENSOR_SETTABLE:
        setattr(obj, name, value)
        return
    if isinstance(obj, classes.ProgramInstance):
        classes.set_instance_attribute(obj, name, value)
        return
    if classes.is_program_class(obj):
        classes.set_class_attribute(obj, name, value)
        return
    if isinstance(obj, ctn.Module) and not name.startswith("_"):
        ctn.module.module_setattr(obj, name, value)   # nn.Module's registration (net.fc = nn.Linear(...))
        return
    if not isinstance(obj, type) and name in getattr(type(obj), "_bpl_settable", ()):
        setattr(obj, name, value)   # a ctx of a custom Function: ctx.k = ...
        return
    raise AttributeDenied(f"setting '{name}' on a {type(obj).__name__} is not available in Backprop Lens programs"
                          + ("; tensors let you set grad, requires_grad and data" if isinstance(obj, Tensor) else ""))


def _safe_format_method(fmt: str, name: str, guard=None):
    def method(*args, **kwargs):
        check_format_fields(fmt, guard)
        return getattr(fmt, name)(*args, **kwargs)
    return method


def check_format_fields(fmt: str, guard=None):
    """Run-time twin of the parser's check, for format strings built at run
    time; with ``guard``, field widths are bounded too."""
    for _, field_name, spec, _ in string.Formatter().parse(fmt):
        if field_name is not None and ("." in field_name or "[" in field_name):
            raise ProgramRejected(f"the format field '{{{field_name}}}' reaches into an attribute or item",
                                  construct="format-string")
        if guard is not None:
            guard.spec(spec, nested=True)
        if spec and "{" in spec:
            check_format_fields(spec, guard)


# ---------------------------------------------------------------------------
# reflection: type, isinstance, issubclass, getattr, hasattr, setattr
# ---------------------------------------------------------------------------

def _attribute_name(name, fn):
    if not isinstance(name, str):
        raise TypeError(f"attribute name must be string, not '{type(name).__name__}'")
    if is_dunder(name) and name not in ALLOWED_DUNDER_ATTRS:
        raise AttributeDenied(f"{fn}(..., '{name}'): Python's special (dunder) attributes are not available in "
                              "Backprop Lens programs")
    return name


def _classes(spec):
    """isinstance's second argument with type(x) results and builtin wrappers as their classes."""
    if isinstance(spec, tuple):
        return tuple(_classes(s) for s in spec)
    return real_type(spec)


def make_reflection(builtins_ns: dict, guard=None) -> dict:
    """The reflective builtins of one run (``builtins_ns``: the program's builtins, whose
    constructors ``type(x)(...)`` may call)."""
    def program_type(cls):
        if cls in _CONSTRUCTIBLE:
            make = builtins_ns.get(cls.__name__, cls)
        elif cls in EXCEPTIONS.values() or getattr(cls, stdlib.NAMEDTUPLE_MARK, False):
            make = cls
        elif cls is Tensor:
            make = ct.Tensor
        else:
            make = None
        return ProgramType(cls, make=make)

    def type_(*args):
        if len(args) != 1:
            if len(args) == 3:
                raise TypeError("type() with three arguments makes a class, which Backprop Lens programs "
                                "cannot do")
            raise TypeError("type() takes 1 or 3 arguments")
        obj = args[0]
        if isinstance(obj, classes.ProgramInstance):
            return type(obj)   # the program's class (its attributes go through the sandbox)
        if isinstance(obj, (type, ProgramType)) or (isinstance(obj, _types.FunctionType)
                                                    and hasattr(obj, "_bpl_type")):
            return ProgramType(type)
        if isinstance(obj, Node):
            return ProgramType(Node, name=obj.name().rpartition("::")[2], module="builtins")
        if isinstance(obj, SafeModule):
            return ProgramType(SafeModule, name="module", module="builtins")
        if _is_program_function(obj):
            return ProgramType(type(obj), name="function", module="builtins")
        if isinstance(obj, ctn.Parameter):
            return ProgramType(ctn.Parameter, make=ctn.Parameter)
        if isinstance(obj, Tensor):
            return program_type(Tensor)
        return program_type(type(obj))

    def isinstance_(obj, classinfo, /):
        return _builtins.isinstance(obj, _classes(classinfo))

    def issubclass_(cls, classinfo, /):
        return _builtins.issubclass(real_type(cls), _classes(classinfo))

    def getattr_(*args):
        if len(args) < 2:
            raise TypeError(f"getattr expected at least 2 arguments, got {len(args)}")
        if len(args) > 3:
            raise TypeError(f"getattr expected at most 3 arguments, got {len(args)}")
        obj, name = args[0], _attribute_name(args[1], "getattr")
        if name == "__class__":
            return type_(obj)      # as x.__class__ reads
        try:
            return get_attribute(obj, name, guard)
        except AttributeDenied:
            raise
        except AttributeError:
            if len(args) == 3:
                return args[2]
            raise

    def hasattr_(*args):
        if len(args) != 2:
            raise TypeError(f"hasattr expected 2 arguments, got {len(args)}")
        obj, name = args[0], _attribute_name(args[1], "hasattr")
        try:
            get_attribute(obj, name, guard)
        except AttributeError:  # a refused attribute is one the program does not have
            return False
        return True

    def setattr_(*args):
        if len(args) != 3:
            raise TypeError(f"setattr expected 3 arguments, got {len(args)}")
        set_attribute(args[0], _attribute_name(args[1], "setattr"), args[2])

    def dir_(*args):
        """The names a program may read on the object (never Python's machinery), sorted."""
        if len(args) != 1:
            raise TypeError("dir() without an argument (the names in scope) is not available in Backprop Lens "
                            "programs; pass the object: dir(x)")
        obj = args[0]
        if isinstance(obj, SafeModule):
            return sorted(obj.members)
        names = set()
        if isinstance(obj, ctn.Module):
            names.update(ctn.module.module_names(obj))
            if not isinstance(obj, classes.ProgramInstance):
                return sorted(names)
        if isinstance(obj, classes.ProgramInstance) or classes.is_program_class(obj):
            cls = obj if isinstance(obj, type) else type(obj)
            names.update(obj._bpl_vars if isinstance(obj, classes.ProgramInstance) else ())
            for c in cls.__mro__:
                names.update(c.__dict__.get("_bpl_ns", ()))
            return sorted(n for n in names if not is_dunder(n))
        return sorted(n for n in _builtins.dir(obj) if not n.startswith("_") and _allowed(obj, n))

    for f, name in ((type_, "type"), (isinstance_, "isinstance"), (issubclass_, "issubclass"),
                    (getattr_, "getattr"), (hasattr_, "hasattr"), (setattr_, "setattr"), (dir_, "dir")):
        f.__name__ = f.__qualname__ = name
    return {"type": type_, "isinstance": isinstance_, "issubclass": issubclass_, "getattr": getattr_,
            "hasattr": hasattr_, "setattr": setattr_, "dir": dir_}


# ---------------------------------------------------------------------------
# context managers a program may use
# ---------------------------------------------------------------------------

def is_context_manager(obj) -> bool:
    return isinstance(obj, (_GradModeManager, RemovableHandle, cta.saved_tensors_hooks,
                            cta.allow_mutation_on_saved_tensors, cta.detect_anomaly, cta.set_detect_anomaly)) \
        or getattr(type(obj), "_bpl_context_manager", False)   # a stand-in that is one (a tqdm bar)
