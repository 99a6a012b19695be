"""The ``torch`` that programs see.

With ``install()``, ``import torch``, ``import torch.nn.functional as F`` and
``from torch.autograd import Variable`` resolve to these modules, so the
tutorial programs run unchanged on core's engine.
"""
from __future__ import annotations

import contextlib as _contextlib
import sys

import numpy as _numpy

from core import context as _context, dtypes as _dtypes, printing as _printing
from core.tensor import grad_mode as _grad_mode
from core.tensor.grad_mode import (enable_grad, inference_mode, is_grad_enabled, is_inference_mode_enabled,
                                     no_grad, set_grad_enabled)
from core.tensor.tensor import (Size, Tensor, channels_last, channels_last_3d, contiguous_format, is_tensor,
                               memory_format, preserve_format)
from core.torch import arguments as _arguments, signatures as _signatures
from core.torch import tensor_methods as _tensor_methods  # noqa: F401  (attaches Tensor methods)
from core.torch.functional import *  # noqa: F401,F403  (the functions programs call: functional.__all__)
from core.printing import get_printoptions as _get_printoptions, set_printoptions  # noqa: F401
from core.torch import creation
from core.torch.type_info import finfo, iinfo  # noqa: F401
from core.torch.creation import (BoolTensor, DoubleTensor, FloatTensor, IntTensor, LongTensor, arange, as_tensor,
                                 empty, empty_like, eye, from_numpy, full, full_like, linspace, logspace, manual_seed,
                                 normal,
                                 ones, ones_like, rand, rand_like, randint, randn, randn_like, randperm, seed, tensor,
                                 zeros, zeros_like)

__version__ = "2.13.0+backprop-lens"

dtype = _dtypes.dtype
float32 = float = _dtypes.float32
float64 = double = _dtypes.float64
float16 = half = _dtypes.float16
int64 = long = _dtypes.int64
int32 = int = _dtypes.int32
int16 = short = _dtypes.int16
int8 = _dtypes.int8
uint8 = _dtypes.uint8
bool = _dtypes.bool_
complex64 = cfloat = _dtypes.complex64
complex128 = cdouble = _dtypes.complex128
get_default_dtype = _dtypes.get_default_dtype
set_default_dtype = _dtypes.set_default_dtype


def numel(input):
    return input.numel()


def is_floating_point(input):
    return input.is_floating_point()


def is_complex(input):
    return input.is_complex()


def is_inference(input):
    return input.is_inference()


def set_num_threads(n):
    return None


def get_num_threads():
    return 1


device = creation.device
range = creation.range_   # noqa: A001  (torch.range; nothing in this module calls the builtin)


class _CudnnFlags:
    """``torch.backends.cudnn`` of a build without CUDA: its flags are there to set (a program's reproducibility
    lines), and change nothing; ``is_available()`` is False.  A program gets fresh flags each run."""

    _bpl_settable = ("deterministic", "benchmark", "enabled", "allow_tf32")
    _bpl_public = _bpl_settable + ("is_available", "version")

    def __init__(self):
        self.deterministic, self.benchmark, self.enabled, self.allow_tf32 = False, False, True, True

    @staticmethod
    def is_available():
        return False

    @staticmethod
    def version():
        return None

    def __repr__(self):
        return "<module 'torch.backends.cudnn'>"


def _not_available():
    return False


class _Cuda:
    """``torch.cuda`` of a PyTorch build without CUDA: nothing is available, seeding does nothing."""

    @staticmethod
    def is_available():
        return False

    @staticmethod
    def device_count():
        return 0

    @staticmethod
    def manual_seed(seed):
        return None

    manual_seed_all = manual_seed

    @staticmethod
    def is_initialized():
        return False

    @staticmethod
    def empty_cache():
        return None

    @staticmethod
    def current_device():
        raise AssertionError(creation.NO_CUDA)

    synchronize = current_device

    @staticmethod
    def get_device_name(device=None):
        raise AssertionError(creation.NO_CUDA)

    get_device_properties = get_device_capability = get_device_name


cuda = _Cuda()


class _Version:
    """``torch.version`` of the CPU build of PyTorch 2.13.0 (no CUDA, no ROCm)."""

    _bpl_public = frozenset({"cuda", "hip", "rocm", "xpu", "debug", "git_version"})
    cuda = hip = rocm = xpu = None
    debug = False
    git_version = "cf30153c4c131c8164ee7798e5022d810682e2cb"

    def __repr__(self):
        return "<module 'torch.version'>"   # as the interpreter shows the other modules (no file path)


version = _Version()

_TENSOR_TYPE_WARNING = (
    "torch.set_default_tensor_type() is deprecated as of PyTorch 2.1, please use torch.set_default_dtype() and "
    "torch.set_default_device() as alternatives. (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/tensor/python_tensor.cpp:434.)")
_FLOAT_TENSOR_TYPES = {"torch.FloatTensor": _dtypes.float32, "torch.DoubleTensor": _dtypes.float64,
                       "torch.HalfTensor": _dtypes.float16}
_OTHER_TENSOR_TYPES = ("torch.ByteTensor", "torch.CharTensor", "torch.ShortTensor", "torch.IntTensor",
                       "torch.LongTensor", "torch.BoolTensor")


def set_default_tensor_type(t):
    """The deprecated ``torch.set_default_tensor_type``: the default dtype from a tensor type's name
    ('torch.DoubleTensor') or its legacy constructor (torch.DoubleTensor), with PyTorch's warning (once)."""
    _context.warn_once(_TENSOR_TYPE_WARNING)
    name = t if isinstance(t, str) else "torch." + getattr(t, "__name__", "")
    if isinstance(t, str) or t in (FloatTensor, DoubleTensor, LongTensor, IntTensor, BoolTensor):
        if name in _FLOAT_TENSOR_TYPES:
            return _dtypes.set_default_dtype(_FLOAT_TENSOR_TYPES[name])
        if name in _OTHER_TENSOR_TYPES:
            raise TypeError("only floating-point types are supported as the default type")
        if name.startswith("torch.cuda."):
            raise TypeError(f"type {name} not available. Torch not compiled with CUDA enabled.")
        if isinstance(t, str) and not name.startswith("torch."):
            raise ModuleNotFoundError(f"No module named '{name.rsplit('.', 1)[0]}'")
    raise TypeError("invalid type object: only floating-point types are supported as the default type")


class _Accelerator:
    """``torch.accelerator`` (PyTorch 2.6+; new tutorials pick their device with it) on a machine
    without one: none is available, so ``current_accelerator()`` is None and programs use "cpu"."""

    _bpl_public = frozenset({"is_available", "current_accelerator", "device_count"})

    @staticmethod
    def is_available():
        return False

    @staticmethod
    def current_accelerator(check_available=False):
        return None

    @staticmethod
    def device_count():
        return 0


accelerator = _Accelerator()


def set_default_device(device):
    """Every tensor here is on the CPU: "cpu" is accepted; CUDA raises PyTorch's error (PyTorch
    raises it at the first tensor made, one line later)."""
    creation.check_device(device)


def get_default_device():
    return creation.CPU


from core.torch import autograd, nn  # noqa: E402  (submodules refer back to this module)
from core.torch.autograd import Variable  # noqa: E402,F401
from core.torch.autograd import is_anomaly_check_nan_enabled, is_anomaly_enabled  # noqa: E402,F401
# issue 12, C2: torch.optim, torch.utils.data, the generator and the random functions
from core.torch import optim, utils  # noqa: E402,F401
from core.torch import linalg  # noqa: E402,F401
from core.torch.creation import default_generator  # noqa: E402,F401
from core.torch.inplace_random import bernoulli, get_rng_state, initial_seed, multinomial, set_rng_state  # noqa: E402,F401
from core.torch.nn.dropout import torch_dropout as dropout  # noqa: E402,F401
from core.torch.random import Generator  # noqa: E402,F401
from core.torch.nn.functional import (adaptive_avg_pool1d, avg_pool1d,  # noqa: E402,F401  (torch.NAME too)
                                   bilinear, binary_cross_entropy_with_logits, conv1d, conv2d, conv_transpose1d,
                                   conv_transpose2d, cosine_similarity, kl_div, max_pool1d,
                                   max_pool2d, pairwise_distance)


from core.torch import inplace_random as _inplace_random_module  # noqa: E402
from core.torch.nn import dropout as _dropout_module  # noqa: E402


def _check_arguments():
    """Put PyTorch's argument check in front of every torch function and Tensor method PyTorch
    binds in C++ (core.torch.arguments; the signatures: core.torch.signatures).  Done once, here,
    where every name is bound; core's own calls of core.torch.functional go to the unchecked ones."""
    names = globals()
    for name, signatures in _signatures.FUNCTIONS.items():
        if name in names:
            names[name] = _arguments.checked(_arguments.Parser(name, signatures), names[name])
    # the interpreter's torch module takes these two from their own modules (core/interp/sandbox.py)
    _inplace_random_module.bernoulli, _dropout_module.torch_dropout = names["bernoulli"], names["dropout"]
    _inplace_random_module.multinomial = names["multinomial"]
    for name, signatures in _signatures.METHODS.items():
        method = Tensor.__dict__.get(name)
        if callable(method):
            setattr(Tensor, name, _arguments.no_arguments(name, method) if signatures is None else
                    _arguments.checked(_arguments.Parser(name, signatures), method, method=True))


_check_arguments()


@_contextlib.contextmanager
def installed():
    """``import torch`` resolves to core.torch inside the block, in the state a
    program starts from (grad mode on, float32, default print options, seed
    0, numpy's floating-point warnings off); the previous modules come back
    after.  For running the project's own recorded programs as plain Python
    (tests and benchmarks), never a user's program."""
    names = ["torch", "torch.autograd", "torch.autograd.functional", "torch.nn", "torch.nn.functional"]
    names += ["torch.nn.init", "torch.optim", "torch.optim.lr_scheduler", "torch.utils", "torch.utils.data"]
    names += ["torch.linalg"]
    saved = {n: sys.modules.get(n) for n in names}
    install()
    _grad_mode._state[0], _grad_mode._inference[0] = True, False
    _dtypes._default[0] = _dtypes.float32
    _printing.set_printoptions(profile="default")
    manual_seed(0)
    _context.forget_warnings()   # a recorded program ran in a process of its own: warned-once ones warn again
    try:
        with _numpy.errstate(all="ignore"):
            yield sys.modules["torch"]
    finally:
        for n, m in saved.items():
            if m is None:
                sys.modules.pop(n, None)
            else:
                sys.modules[n] = m


# torch.sin_(x), torch.relu_(x), torch.clamp_(x, ...): the in-place functions of PyTorch's namespace, each
# the Tensor method of its name (those the engine's Tensor has)
_INPLACE_FUNCTIONS = (
    "abs_", "acos_", "acosh_", "addmv_", "arccos_", "arccosh_", "arcsin_", "arcsinh_", "arctan_", "arctanh_",
    "asin_", "asinh_", "atan_", "atanh_", "ceil_", "clamp_", "clamp_max_", "clamp_min_", "clip_", "cos_", "cosh_",
    "deg2rad_", "detach_", "erf_", "erfc_", "exp2_", "exp_", "expm1_", "fill_", "fix_", "floor_", "frac_", "gcd_",
    "i0_", "index_put_", "lcm_", "ldexp_", "log10_", "log1p_", "log2_", "log_", "logit_", "nan_to_num_", "neg_",
    "negative_", "rad2deg_", "reciprocal_", "relu_", "round_", "rsqrt_", "sigmoid_", "sin_", "sinc_", "sinh_",
    "sqrt_", "square_", "tan_", "tanh_", "trunc_", "xlogy_", "zero_")


def _torch_inplace(name):
    method = getattr(Tensor, name)

    def fn(input, *args, **kwargs):
        return method(input, *args, **kwargs)
    fn.__name__ = fn.__qualname__ = name
    return fn


for _name in _INPLACE_FUNCTIONS:
    if hasattr(Tensor, _name) and _name not in globals():
        globals()[_name] = _torch_inplace(_name)


def install():
    """Make ``import torch`` (and its submodules programs use) resolve here.

    Also silences numpy's floating-point warnings process-wide: PyTorch gives
    inf and nan without a word, so a program must not see "divide by zero"."""
    _numpy.seterr(all="ignore")
    mods = {"torch": sys.modules[__name__], "torch.autograd": autograd,
            "torch.autograd.functional": autograd.functional,
            "torch.nn": nn, "torch.nn.functional": nn.functional,
            "torch.nn.init": nn.init, "torch.optim": optim, "torch.optim.lr_scheduler": optim.lr_scheduler,
            "torch.utils": utils, "torch.utils.data": utils.data, "torch.linalg": linalg}
    sys.modules.update(mods)
    return mods
