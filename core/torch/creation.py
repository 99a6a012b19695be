"""Tensor creation: ``torch.tensor``, ``ones``, ``arange``, the legacy
constructors, and the random generator.

The random functions draw from numpy's generator, seeded by
``manual_seed``; their values are reproducible here but are not the numbers
PyTorch's generator would give (the app says so where it matters).
"""
from __future__ import annotations

import math
import warnings

import numpy as np

from core import dtypes
from core.tensor import grad_mode
from core.tensor.tensor import FLOAT_ONLY, Size, Tensor
from core.context import check_shape, leaf_created, warn_once
from core.ops import numbers
from core.ops.registry import REGISTRY, apply
from core.torch.random import Generator

# PyTorch's warning when a constructor copies a tensor ("torch.tensor", "tensor.new_tensor")
COPY_CONSTRUCT_TEMPLATE = (
    "To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() or "
    "sourceTensor.detach().clone().requires_grad_(True), rather than {}(sourceTensor).")
COPY_CONSTRUCT_WARNING = COPY_CONSTRUCT_TEMPLATE.format("torch.tensor")

# PyTorch's CPU generator (core.torch.random): reseeded 0 at the start of every run
default_generator = Generator(0)


def _finish(arr, dtype, requires_grad):
    if dtype is not None:
        arr = arr.astype(dtype.np, copy=False)
    t = Tensor._make(arr if arr.ndim else arr[()])
    if requires_grad:
        if t.dtype.category < 2:
            raise RuntimeError(FLOAT_ONLY)
        t._rg = True
        leaf_created(t)
    return t


def _nominal_shape(data):
    """The shape nested lists claim, read down their first elements only (cheap:
    checked against the size limit before anything walks or converts them)."""
    shape = []
    x = data
    while isinstance(x, (list, tuple)):
        shape.append(len(x))
        if not x:
            break
        x = x[0]
    if isinstance(x, (Tensor, np.ndarray)):
        shape.extend(x.shape)
    return shape


_NDARRAY_LIST_WARNING = (
    "Creating a tensor from a list of numpy.ndarrays is extremely slow. Please consider converting the list to a "
    "single numpy.ndarray with numpy.array() before converting to a tensor. (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/utils/tensor_new.cpp:252.)")


def _infer(data, dtype=None):
    """Convert nested Python data to a numpy array with torch's dtype inference (or ``dtype``),
    storing each number as PyTorch does (:func:`core.ops.numbers.element`)."""
    check_shape(_nominal_shape(data))
    first = data
    while isinstance(first, (list, tuple)) and first:
        first = first[0]
        if isinstance(first, str):   # a str is a sequence to PyTorch: one dimension too many
            raise ValueError("too many dimensions 'str'")
    kinds = set()      # which kinds of Python numbers the data holds
    found = []         # the dtype of each tensor, numpy array and numpy number in it

    def walk(x, depth, shape):
        if isinstance(x, Tensor):
            found.append(x.dtype)
            return x._data
        if isinstance(x, np.ndarray):
            # NOTE: PyTorch reads an array inside a list as a sequence of its own dtype (a 0-d one has no length)
            warn_once(_NDARRAY_LIST_WARNING)
            if x.ndim == 0:
                raise TypeError("len() of unsized object")
            for k, n in enumerate(x.shape):
                if len(shape) <= depth + k:
                    shape.append(n)
                elif shape[depth + k] != n:
                    raise ValueError(f"expected sequence of length {shape[depth + k]} at dim {depth + k} (got {n})")
            found.append(dtypes.from_numpy(x.dtype))
            return x
        if isinstance(x, (list, tuple)):
            if len(shape) <= depth:
                shape.append(len(x))
            elif shape[depth] != len(x):
                raise ValueError(f"expected sequence of length {shape[depth]} at dim {depth} (got {len(x)})")
            return [walk(y, depth + 1, shape) for y in x]
        if isinstance(x, np.generic) and not isinstance(x, (np.str_, np.bytes_, np.void, np.object_)):
            found.append(dtypes.from_numpy(x.dtype))    # a numpy number is of its own dtype (np.float64: float64)
            if isinstance(x, np.floating):
                kinds.add("numpy float")    # (promoted by its dtype alone; marked for the integer cast below)
        elif isinstance(x, bool):
            kinds.add("bool")
        elif isinstance(x, int):
            kinds.add("int")
        elif isinstance(x, float):
            kinds.add("float")
        elif isinstance(x, complex):
            kinds.add("complex")
        elif isinstance(x, str):
            raise TypeError(f"new(): invalid data type '{type(x).__name__}'")
        elif dtype is None:
            raise RuntimeError(f"Could not infer dtype of {type(x).__name__}")
        else:
            raise TypeError(f"must be real number, not {type(x).__name__}")
        return x

    nested = walk(data, 0, [])
    if dtype is not None:
        dt = dtype
    else:
        # PyTorch's promoteTypes over every element: a Python bool, int, float or complex number is bool, int64,
        # the default dtype or the default complex dtype; a tensor, an array or a numpy number its own dtype
        python = {"bool": dtypes.bool_, "int": dtypes.int64, "float": dtypes.get_default_dtype(),
                  "complex": dtypes.default_complex_dtype()}
        every = found + [python[k] for k in ("bool", "int", "float", "complex") if k in kinds]
        dt = dtypes.promote(every, (), ()) if every else dtypes.get_default_dtype()
    if not (dt.category == 1 and kinds & {"float", "numpy float"}):   # numpy casts floats to integers unchecked
        try:
            return np.array(nested, dtype=dt.np)
        except (OverflowError, ValueError):
            pass   # a number numpy refuses: PyTorch's rules say what happens (below)
    return np.array(_stored(nested, dt.np), dtype=dt.np)


def _stored(x, np_dtype):
    """Nested data with every Python number as PyTorch stores it in ``np_dtype`` (checked, and an
    integer wrapped as C++ casts it: -1 in a uint8 is 255)."""
    if isinstance(x, list):
        return [_stored(y, np_dtype) for y in x]
    if isinstance(x, (bool, np.ndarray)) or not isinstance(x, (int, float, np.integer, np.floating)):
        return x
    x = numbers.element(x, np_dtype)
    if np_dtype.kind in "iu" and isinstance(x, (int, np.integer)):
        return numbers.wrap(int(x), np_dtype)
    if np_dtype.kind in "iu":
        return int(x)  # C++ truncates toward zero
    return x


# The device types PyTorch 2.13 names in its parse error, in its order.
_DEVICE_TYPES = ("cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve", "fpga", "maia",
                 "xla", "lazy", "vulkan", "mps", "meta", "hpu", "mtia", "privateuseone")
NO_CUDA = "Torch not compiled with CUDA enabled"


class device:
    """``torch.device``.  Tensors live on the CPU only; other devices can be named,
    as in a PyTorch build without CUDA, and using one raises PyTorch's error."""

    __slots__ = ("type", "index")

    def __init__(self, type, index=None):
        if isinstance(type, device):
            type, index = type.type, type.index
        elif isinstance(type, int) and not isinstance(type, bool):
            type, index = "cuda", type   # torch.device(0) is the first CUDA device
        elif isinstance(type, str):
            name, _, idx = type.partition(":")
            if name not in _DEVICE_TYPES:
                raise RuntimeError(f"Expected one of {', '.join(_DEVICE_TYPES)} device type at start of device "
                                   f"string: {type}")
            if idx:
                if not idx.isdigit():
                    raise RuntimeError(f"Invalid device string: '{type}'")
                index = int(idx)
            type = name
        else:
            raise TypeError(f"device() received an invalid combination of arguments - got ({builtins_type(type)})")
        self.type, self.index = type, index

    def __str__(self):
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __repr__(self):
        return f"device(type='{self.type}')" if self.index is None else \
            f"device(type='{self.type}', index={self.index})"

    def __eq__(self, other):
        return isinstance(other, device) and (self.type, self.index) == (other.type, other.index)

    def __hash__(self):
        return hash((self.type, self.index))


def builtins_type(x):
    return type(x).__name__


CPU = device("cpu")


def check_device(where):
    """Refuse a device argument that is not the CPU, as PyTorch without CUDA does."""
    if where is None:
        return
    if isinstance(where, int) and not isinstance(where, bool):
        raise RuntimeError("Cannot access accelerator device when none is available.")
    d = where if isinstance(where, device) else device(where)
    if d.type == "cuda":
        raise AssertionError(NO_CUDA)
    if d.type != "cpu":
        raise RuntimeError(f"Could not run an operation on the '{d.type}' device: Backprop Lens runs tensors on "
                           "the CPU only")


def tensor(data, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """``torch.tensor``: a new leaf tensor holding a copy of ``data``."""
    check_device(device)
    if isinstance(data, Tensor):
        warnings.warn(COPY_CONSTRUCT_WARNING, UserWarning, stacklevel=3)
        arr = np.array(data._data, copy=True)
    elif isinstance(data, (np.ndarray, np.generic)):
        dtypes.from_numpy(data.dtype)
        arr = np.array(data, copy=True)
    else:
        arr = _infer(data, dtype)
    return _finish(arr, dtype, requires_grad)


def as_tensor(data, dtype=None, device=None):
    check_device(device)
    if isinstance(data, Tensor) and (dtype is None or dtype is data.dtype):
        return data
    return tensor(data, dtype=dtype)


def from_numpy(arr):
    dtypes.from_numpy(arr.dtype)
    return Tensor._make(arr)


def scalar_tensor(x, dtype=None):
    """A 0-dim tensor of a Python scalar (PyTorch's wrapped numbers)."""
    return tensor(x, dtype=dtype)


def _size(args, kwargs):
    size = kwargs.pop("size", None)
    if size is not None:
        return tuple(size)
    if len(args) == 1 and isinstance(args[0], (tuple, list, Size)):
        return tuple(int(s) for s in args[0])
    return tuple(int(s) for s in args)


def _fill(value, dtype, shape):
    """A fill value as full and fill_ write it into ``dtype`` (core.ops.numbers), -1 wrapped into a
    uint8 as C++ casts it (numpy refuses it)."""
    value = numbers.fill_value(value, dtype.np, half_exempt=math.prod(shape) == 1)
    if dtype.category == 1 and isinstance(value, int) and not isinstance(value, bool):
        return numbers.wrap(value, dtype.np)
    return value


def _filled(value, args, kwargs, default=None):
    dtype = kwargs.pop("dtype", None) or default or dtypes.get_default_dtype()
    requires_grad = kwargs.pop("requires_grad", False)
    check_device(kwargs.pop("device", None))
    shape = _size(args, kwargs)
    value = _fill(value, dtype, shape)
    for s in shape:
        if s < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {s}: [{', '.join(map(str, shape))}]")
    check_shape(shape)
    return _finish(np.full(shape, value, dtype=dtype.np), None, requires_grad)


def ones(*size, **kwargs):
    return _filled(1, size, kwargs)


def zeros(*size, **kwargs):
    return _filled(0, size, kwargs)


def empty(*size, **kwargs):
    return _filled(0, size, kwargs)


def full(size, fill_value, *, dtype=None, device=None, requires_grad=False):
    check_device(device)
    if dtype is None:
        dtype = dtypes.bool_ if isinstance(fill_value, bool) else (
            dtypes.int64 if isinstance(fill_value, int) else dtypes.get_default_dtype())
    return _filled(fill_value, (tuple(size),), {"dtype": dtype, "requires_grad": requires_grad})


def _like(name, value):
    def fn(input, *, dtype=None, device=None, requires_grad=False, memory_format=None):
        check_device(device)
        check_shape(input.shape)
        d = dtype or input.dtype
        return _finish(np.full(input._data.shape, value, dtype=d.np), None, requires_grad)
    fn.__name__ = fn.__qualname__ = name
    return fn


ones_like = _like("ones_like", 1)
zeros_like = _like("zeros_like", 0)
empty_like = _like("empty_like", 0)


def full_like(input, fill_value, *, dtype=None, device=None, requires_grad=False):
    check_device(device)
    check_shape(input.shape)
    d = dtype or input.dtype
    return _finish(np.full(input._data.shape, _fill(fill_value, d, input.shape), dtype=d.np), None, requires_grad)


def _new_filled(value):
    """``Tensor.new_ones`` and kin: ``self``'s dtype unless ``dtype=`` says otherwise."""
    def method(self, *size, dtype=None, device=None, requires_grad=False, **kwargs):
        return _filled(value, size, {"dtype": dtype or self.dtype, "device": device,
                                     "requires_grad": requires_grad, **kwargs})
    return method


new_ones = _new_filled(1)
new_zeros = _new_filled(0)
new_empty = _new_filled(0)


def new_full(self, size, fill_value, *, dtype=None, device=None, requires_grad=False):
    return _filled(fill_value, (tuple(size),), {"dtype": dtype or self.dtype, "device": device,
                                                "requires_grad": requires_grad})


def new_tensor(self, data, *, dtype=None, device=None, requires_grad=False):
    if isinstance(data, Tensor):
        warnings.warn(COPY_CONSTRUCT_TEMPLATE.format("tensor.new_tensor"), UserWarning, stacklevel=3)
        data = data._data
    return tensor(np.asarray(data) if isinstance(data, np.ndarray) else data, dtype=dtype or self.dtype,
                  device=device, requires_grad=requires_grad)


def eye(n, m=None, *, dtype=None, device=None, requires_grad=False):
    check_device(device)
    check_shape((n, m if m is not None else n))
    return _finish(np.eye(n, m if m is not None else n, dtype=(dtype or dtypes.get_default_dtype()).np),
                   None, requires_grad)


def arange(start, end=None, step=1, *, dtype=None, device=None, requires_grad=False):
    check_device(device)
    if end is None:
        start, end = 0, start
    vals = [start, end, step]
    vals = [v.item() if isinstance(v, Tensor) else v for v in vals]
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if dtype is None:
        dtype = dtypes.get_default_dtype() if any(isinstance(v, float) for v in vals) else dtypes.int64
    # NOTE: the length is computed in float64, so arange(0, 1, 0.1) has PyTorch's 10 elements
    n = int(np.ceil((vals[1] - vals[0]) / vals[2]))
    check_shape((max(n, 0),))
    if np.dtype(dtype.np) in (np.dtype(np.float32), np.dtype(np.float64)):
        arr = _arange_values(float(vals[0]), float(vals[2]), max(n, 0), dtype.np)
    else:
        arr = (vals[0] + np.arange(max(n, 0), dtype=np.float64) * vals[2]).astype(dtype.np)
    return _finish(arr, None, requires_grad)


def _arange_values(start, step, n, np_dtype):
    """PyTorch's CPU arange kernel for float32/float64, bit for bit: in blocks of two vectors
    (``summation.VECTOR_BYTES``: 8 float32 or 4 float64 lanes), each vector starts at
    ``start + step * i`` rounded to the dtype, and lane k is ``base + k * step``; the elements after
    the last whole block are ``start + step * i``.  Every ``a + b * c`` is in double and one fused
    multiply-add (the compiled kernel contracts it).  Checked against PyTorch 2.13 on 300 random
    ranges (tests/core/test_creation_arange.py)."""
    from core.ops.summation import VECTOR_BYTES
    lanes = VECTOR_BYTES // np.dtype(np_dtype).itemsize
    whole = n // (2 * lanes) * (2 * lanes)
    i = np.arange(n)
    starts = np.full(n, start)
    steps = np.full(n, step)
    tail = _fused_multiply_add(steps, i.astype(np.float64), starts).astype(np_dtype)
    first = i // lanes * lanes
    base = _fused_multiply_add(steps, first.astype(np.float64), starts).astype(np_dtype).astype(np.float64)
    lane = _fused_multiply_add((i - first).astype(np.float64), steps, base).astype(np_dtype)
    return np.where(i < whole, lane, tail)


RANGE_DEPRECATED = ("torch.range is deprecated and will be removed in a future release because its behavior is "
                    "inconsistent with Python's range builtin. Instead, use torch.arange, which produces values in "
                    "[start, end).")


def range_(start, end, step=1, *, dtype=None, device=None, requires_grad=False):
    """``torch.range``: deprecated; both ends included, the default float dtype whatever the arguments."""
    warnings.warn(RANGE_DEPRECATED, UserWarning, stacklevel=3)
    check_device(device)
    start, end, step = (float(v.item() if isinstance(v, Tensor) else v) for v in (start, end, step))
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if (step > 0 and end < start) or (step < 0 and end > start):
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    # NOTE: the length and each value start + i * step are computed in double (PyTorch's accscalar), then cast
    n = int((end - start) / step + 1)
    check_shape((n,))
    dtype = dtype or dtypes.get_default_dtype()
    arr = (start + step * np.arange(n, dtype=np.float64)).astype(dtype.np)
    return _finish(arr, None, requires_grad)


def _two_sum(a, b):
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def _fused_multiply_add(a, b, c):
    """a * b + c rounded once (a C compiler's fma), exactly, for float32 or float64 arrays."""
    if a.dtype == np.float32:
        # the product of two float32 is exact in float64; the float64 sum q is off the true value
        # by err, which matters only when q sits exactly halfway between two float32
        q, err = _two_sum(a.astype(np.float64) * b.astype(np.float64), c.astype(np.float64))
        r = q.astype(np.float32)
        r64 = r.astype(np.float64)
        other = np.nextafter(r, np.where(q > r64, np.float32(np.inf), np.float32(-np.inf)))
        halfway = (q != r64) & ((r64 + other.astype(np.float64)) * 0.5 == q) & (err != 0)
        towards_other = np.sign(err) == np.sign(other.astype(np.float64) - r64)
        return np.where(halfway & towards_other, other, r)
    # float64: Boldo & Melquiond's emulated FMA: exact product, exact sum, round-to-odd, round
    split = a * 134217729.0
    ah = split - (split - a)
    al = a - ah
    split = b * 134217729.0
    bh = split - (split - b)
    bl = b - bh
    uh = a * b
    ul = ((ah * bh - uh) + ah * bl + al * bh) + al * bl
    th, tl = _two_sum(c, uh)
    v, e = _two_sum(tl, ul)
    even = (v.view(np.int64) & 1) == 0
    v = np.where((e != 0) & even, np.nextafter(v, np.where(e > 0, np.inf, -np.inf)), v)
    return th + v


def _linspace_values(start, end, steps, np_dtype):
    """PyTorch's CPU linspace: step = (end - start) / (steps - 1) in the dtype; the first half is
    start + step * i, the second end - step * (steps - 1 - i), each one fused multiply-add (the
    compiled kernel contracts it).  Other dtypes: numpy's linspace."""
    t = np.dtype(np_dtype).type
    if steps <= 1 or np.dtype(np_dtype) not in (np.dtype(np.float32), np.dtype(np.float64)):
        return np.linspace(start, end, steps, dtype=np.float64).astype(np_dtype)
    s, e = t(start), t(end)
    step = t(e - s) / t(steps - 1)
    i = np.arange(steps)
    first = i < steps // 2
    k = np.where(first, i, steps - 1 - i).astype(np_dtype)
    return _fused_multiply_add(np.where(first, step, -step).astype(np_dtype), k,
                               np.where(first, s, e).astype(np_dtype))


def _check_ends(name, start, end):
    """linspace's and logspace's start and end: numbers or 0-dim tensors."""
    dims = [(which, t.dim()) for which, t in (("start", start), ("end", end)) if isinstance(t, Tensor) and t.dim()]
    if dims:
        raise RuntimeError(f"{name} only supports 0-dimensional start and end tensors, but got " +
                           " and ".join(f"{which} with {n} dimension(s)" for which, n in dims) + ".")


def linspace(start, end, steps, *, dtype=None, device=None, requires_grad=False):
    check_device(device)
    _check_ends("linspace", start, end)
    d = dtype or dtypes.get_default_dtype()
    check_shape((int(steps),))
    return _finish(_linspace_values(start, end, int(steps), d.np), None, requires_grad)


def _logspace_values(start, end, steps, base, np_dtype):
    """base ** the evenly spaced exponents, as PyTorch's CPU logspace computes them: start and end in the dtype,
    their difference in the dtype, the step in double; the first half start + step * i and the second
    end - step * (steps - 1 - i), in double; the double power rounded to the dtype (an integer dtype truncates)."""
    dt = np.dtype(np_dtype)
    if steps == 1:
        with np.errstate(invalid="ignore", over="ignore"):
            return np.array([_pow(base, float(start))]).astype(dt)
    if dt.kind in "iub":
        s, e = int(start), int(end)
        difference = float(e - s)
    else:
        s, e = dt.type(start), dt.type(end)
        difference = float(dt.type(e - s))
    step = difference / max(steps - 1, 1)
    i = np.arange(steps)
    exponents = np.where(i < steps // 2, float(s) + step * i, float(e) - step * (steps - 1 - i))
    # NOTE: the C library's pow, as PyTorch's (numpy's vectorised power rounds otherwise on some CPUs)
    values = np.array([_pow(base, x) for x in exponents.tolist()], dtype=np.float64)
    with np.errstate(invalid="ignore", over="ignore"):      # inf and nan as C++ casts them (past a float32: inf)
        return np.trunc(values).astype(dt) if dt.kind in "iu" else values.astype(dt)


def _pow(base, x):
    try:
        return math.pow(base, x)
    except OverflowError:
        return math.inf
    except ValueError:      # a negative base to a fractional power
        return -math.nan   # the C library's pow gives the nan with the sign bit set


def logspace(start, end, steps, base=10.0, *, dtype=None, device=None, requires_grad=False):
    check_device(device)
    _check_ends("logspace", start, end)
    if int(steps) < 0:
        raise RuntimeError("number of steps must be non-negative")
    d = dtype or dtypes.get_default_dtype()
    check_shape((int(steps),))
    start, end = (x.item() if isinstance(x, Tensor) else x for x in (start, end))
    return _finish(_logspace_values(start, end, int(steps), float(base), d.np), None, requires_grad)


def manual_seed(seed):
    default_generator.manual_seed(seed)
    return None


def seed():
    return 0


# the signatures PyTorch 2.13 lists when torch.rand / torch.randn get arguments they do not take
_RANDOM_SIGNATURES = "".join(
    f" * (tuple of ints size, *, {generator}Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, "
    "torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n"
    for generator in ("torch.Generator generator, ", ""))


def _random(name, size, kwargs, dtype, requires_grad, draw):
    """A tensor of ``size`` filled by ``draw(n, numpy dtype)`` from the default generator (float64
    numbers for a float64 tensor, float32 for any other, as PyTorch draws them)."""
    d = dtype or dtypes.get_default_dtype()
    if set(kwargs) - {"size"}:
        got = [builtins_type(a) for a in size] + [f"{k}={builtins_type(v)}" for k, v in kwargs.items()]
        raise TypeError(f"{name}() received an invalid combination of arguments - got ({', '.join(got)}), but "
                        f"expected one of:\n{_RANDOM_SIGNATURES}")
    shape = _size(size, kwargs)   # torch.rand(2, 3), torch.rand((2, 3)) or torch.rand(size=(2, 3))
    check_shape(shape)
    n = int(np.prod(shape))
    if d.is_complex:
        # the real and imaginary parts, drawn in turn as a float tensor of twice the elements
        part = dtypes.real_of(d).np
        values = draw(2 * n, np.float64 if part == np.float64 else np.float32, complex_parts=True)
        return _finish(values.astype(part).view(d.np).reshape(shape), None, requires_grad)
    values = draw(n, np.float64 if d.np == np.float64 else np.float32)
    return _finish(values.reshape(shape).astype(d.np), None, requires_grad)


def rand(*size, dtype=None, requires_grad=False, device=None, generator=None, **kwargs):
    check_device(device)
    uniform = (generator or default_generator).uniform
    return _random("rand", size, kwargs, dtype, requires_grad, lambda n, dt, complex_parts=False: uniform(n, dt))


def randn(*size, dtype=None, requires_grad=False, device=None, generator=None, **kwargs):
    """Normals; a complex one's parts each have variance 1/2 (PyTorch's normal_ on complex)."""
    check_device(device)
    normal = (generator or default_generator).normal
    return _random("randn", size, kwargs, dtype, requires_grad,
                   lambda n, dt, complex_parts=False: normal(n, dt, std=1 / math.sqrt(2) if complex_parts else 1.0))


def randint(low, high=None, size=None, *, dtype=None, requires_grad=False, device=None, generator=None):
    check_device(device)
    if size is None and isinstance(high, (tuple, list)):
        size, high = high, None
    if high is None:
        low, high = 0, low
    d = dtype or dtypes.int64
    check_shape(tuple(size))
    shape = tuple(size)
    values = (generator or default_generator).integers(int(np.prod(shape)), low, high)
    return _finish(values.reshape(shape).astype(d.np), None, requires_grad)


def rand_like(input, *, dtype=None, requires_grad=False, device=None, generator=None):
    return rand(*input.shape, dtype=dtype or input.dtype, requires_grad=requires_grad, device=device,
                generator=generator)


def randn_like(input, *, dtype=None, requires_grad=False, device=None, generator=None):
    return randn(*input.shape, dtype=dtype or input.dtype, requires_grad=requires_grad, device=device,
                 generator=generator)


def legacy_new(dtype, args, kwargs, cls=Tensor):
    """The legacy constructors: ``torch.FloatTensor([[1, 2]])`` or ``torch.FloatTensor(2, 3)``."""
    if kwargs.get("device") is not None:
        check_device(kwargs["device"])
        kwargs = {k: v for k, v in kwargs.items() if k != "device"}
    if kwargs:
        raise TypeError(f"new() received an invalid combination of arguments - got ({', '.join(kwargs)})")
    if len(args) == 1 and isinstance(args[0], (list, tuple, np.ndarray)) and not isinstance(args[0], Size):
        return _finish(np.array(_infer(args[0]) if not isinstance(args[0], np.ndarray) else args[0], copy=True),
                       dtype, False)
    if len(args) == 1 and isinstance(args[0], Tensor):
        if args[0].dtype is not dtype:
            raise TypeError(f"expected {dtype} (got {args[0].dtype})")
        return apply(REGISTRY["alias"], (args[0],), {})
    shape = _size(args, {}) if args else (0,)
    check_shape(shape)
    return _finish(np.zeros(shape, dtype=dtype.np), None, False)


def _legacy(dtype, name):
    def ctor(*args, **kwargs):
        return legacy_new(dtype, args, kwargs)
    ctor.__name__ = ctor.__qualname__ = name
    return ctor


FloatTensor = _legacy(dtypes.float32, "FloatTensor")
DoubleTensor = _legacy(dtypes.float64, "DoubleTensor")
LongTensor = _legacy(dtypes.int64, "LongTensor")
IntTensor = _legacy(dtypes.int32, "IntTensor")
BoolTensor = _legacy(dtypes.bool_, "BoolTensor")


def Variable(data, requires_grad=False, volatile=False):
    """The legacy ``torch.autograd.Variable``: a detached alias of ``data``
    (same storage and version counter) with ``requires_grad`` set."""
    if not isinstance(data, Tensor):
        raise TypeError(f"Variable data has to be a tensor, but got {type(data).__name__}")
    t = data.detach()
    if requires_grad:
        t.requires_grad_(True)
    return t


def randperm(n, *, dtype=None, requires_grad=False, device=None, generator=None):
    check_device(device)
    check_shape((int(n),))
    return _finish((generator or default_generator).permutation(int(n)).astype((dtype or dtypes.int64).np), None, requires_grad)


def _normal_tensors(mean, std, generator, requires_grad):
    """``torch.normal(means, std)``: one standard normal draw per element of the broadcast shape, then
    ``draw * std + mean`` in the tensors' dtype, as PyTorch draws it.  PyTorch gives the sample a
    grad_fn whose gradients are zero (NormalBackward1/2/3); that is not built here yet."""
    tensors = [t for t in (mean, std) if isinstance(t, Tensor)]
    if any(t.requires_grad for t in tensors) and grad_mode._state[0]:
        raise NotImplementedError("torch.normal with a mean or std that requires grad is not available in Backprop "
                                  "Lens yet (PyTorch gives such a sample zero gradients): draw from detached tensors, "
                                  "e.g. torch.normal(mean.detach(), std)")
    dt = tensors[0]._data.dtype
    if not np.issubdtype(dt, np.floating):
        raise NotImplementedError(f'"normal_kernel_cpu" not implemented for '
                                  f"'{dtypes.from_numpy(dt).scalar_name}'")
    m = mean._data if isinstance(mean, Tensor) else dt.type(mean)
    s = std._data if isinstance(std, Tensor) else dt.type(std)
    if isinstance(std, Tensor) and (np.asarray(s) < 0).any():
        raise RuntimeError("normal expects all elements of std >= 0.0")
    if not isinstance(std, Tensor) and std < 0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {std:g}")
    shape = np.broadcast_shapes(np.shape(m), np.shape(s))
    check_shape(shape)
    draws = (generator or default_generator).normal(int(np.prod(shape)), dt.type, 0.0, 1.0).reshape(shape)
    return _finish((draws.astype(dt) * s + m).astype(dt), None, requires_grad)


def normal(mean=0.0, std=1.0, size=None, *, dtype=None, requires_grad=False, device=None, generator=None):
    """``torch.normal(mean, std, size)`` with numbers, or with a tensor of means and/or of deviations."""
    check_device(device)
    if isinstance(mean, Tensor) or isinstance(std, Tensor):
        return _normal_tensors(mean, std, generator, requires_grad)
    if size is None:
        raise TypeError("normal() received an invalid combination of arguments - got (float, float), but expected "
                        "one of: (Tensor mean, Tensor std), (Tensor mean, float std), (float mean, Tensor std), "
                        "(float mean, float std, tuple of ints size)")
    return _random("normal", tuple(size), {}, dtype, requires_grad,
                   lambda n, np_dtype: (generator or default_generator).normal(n, np_dtype, float(mean), float(std)))
