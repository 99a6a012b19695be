"""The functional API over the registry: what ``torch.add``, ``x.sum(dim=1)``
and ``a @ b`` call.  Argument parsing and PyTorch's composite ops (matmul,
reshape, flatten, cross_entropy...) live here; every differentiable step is a
registry op run through :func:`core.ops.registry.apply`.
"""
from __future__ import annotations

import builtins
import inspect as _inspect
import warnings

import numpy as np

from core import context as _context
from core.context import warn_once
from core import dtypes
from core.ops import REGISTRY as R
from core.ops import apply, numbers
from core.ops.activations import INPLACE_NODES, SELU_ALPHA, SELU_SCALE
from core.ops.inplace import _num, copy_, getitem, inplace
from core.ops.inplace import setitem as _setitem  # noqa: F401
from core.ops.registry import _result_dtype
from core.ops.shape_errors import broadcast_error
from core.ops.vjp import raw as _raw
from core.tensor import grad_mode
from core.tensor.tensor import Tensor, check_memory_format, contiguous_format
from core.torch.creation import scalar_tensor, tensor

_EMPTY: dict = {}
_SCALARS = (bool, int, float)


def as_tensor_operand(x):
    """Tensors and Python scalars pass through; numpy values and lists become tensors."""
    if isinstance(x, (Tensor, bool, int, float, builtins.complex)):
        return x
    if isinstance(x, (np.generic, np.ndarray)):
        return Tensor._make(x)
    if isinstance(x, (list, tuple)):
        return tensor(x)
    raise TypeError(f"unsupported operand type: '{type(x).__name__}'")


def _binary(op, a, b, params=_EMPTY):
    try:
        return apply(op, (a, b), params)
    except ValueError as e:
        sa, sb = np.shape(getattr(a, "_data", a)), np.shape(getattr(b, "_data", b))
        if "broadcast" in str(e):
            raise RuntimeError(broadcast_error(sa, sb)) from None
        raise


def _lhs(x):
    """torch.add(2, x): a scalar first operand becomes a 0-dim tensor."""
    if isinstance(x, Tensor):
        return x
    return scalar_tensor(x)


# ---------------------------------------------------------------------------
# arithmetic
# ---------------------------------------------------------------------------

def check_alpha(op, inputs, alpha):
    """PyTorch's alpha_check: a bool alpha only where the result is bool."""
    if isinstance(alpha, bool) and _result_dtype(op, inputs) is not dtypes.bool_:
        raise RuntimeError("Boolean alpha only supported for Boolean results.")


def add(input, other, *, alpha=1, out=None):
    input, other = _lhs(input), as_tensor_operand(other)
    check_alpha(R["add"], (input, other), alpha)
    return _binary(R["add"], input, other, _EMPTY if alpha == 1 else {"alpha": alpha})


def check_sub(input, other):
    """PyTorch's sub_check: no bool operand (a Python bool is a bool tensor to it)."""
    bools = [x.dtype is dtypes.bool_ if isinstance(x, Tensor) else isinstance(x, bool) for x in (input, other)]
    if builtins.all(bools):
        raise RuntimeError("Subtraction, the `-` operator, with two bool tensors is not supported. Use the "
                           "`^` or `logical_xor()` operator instead.")
    if builtins.any(bools):
        raise RuntimeError("Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to "
                           "invert a mask, use the `~` or `logical_not()` operator instead.")


def sub(input, other, *, alpha=1, out=None):
    input, other = _lhs(input), as_tensor_operand(other)
    check_sub(input, other)
    check_alpha(R["sub"], (input, other), alpha)
    return _binary(R["sub"], input, other, _EMPTY if alpha == 1 else {"alpha": alpha})


def rsub(input, other, alpha=1):
    """``other - input`` for a scalar ``other`` (PyTorch's RsubBackward1)."""
    if isinstance(other, Tensor):
        return sub(other, input, alpha=alpha)
    params = {"other": other} if alpha == 1 else {"other": other, "alpha": alpha}
    return apply(R["rsub"], (input,), params)


def mul(input, other, *, out=None):
    return _binary(R["mul"], _lhs(input), as_tensor_operand(other))


def div(input, other, *, rounding_mode=None, out=None):
    if rounding_mode not in (None, "trunc", "floor"):
        raise RuntimeError("div expected rounding_mode to be one of None, 'trunc', or 'floor' but found "
                           f"'{rounding_mode}'")
    a, b = _lhs(input), as_tensor_operand(other)
    if rounding_mode == "floor":
        return _binary(R["floor_divide"], a, b)
    if rounding_mode == "trunc" and _result_dtype(R["trunc_divide"], (a, b)).category < 2:
        return _binary(R["trunc_divide"], a, b, {"rounding_mode": "trunc"})
    r = _binary(R["div"], a, b)
    if rounding_mode == "trunc":
        return trunc(r)
    return r


def floor_divide(input, other, *, out=None):
    return _binary(R["floor_divide"], _lhs(input), as_tensor_operand(other))


def _modulo(name, input, other):
    other = as_tensor_operand(other)
    if isinstance(other, Tensor):
        return _binary(R[name], _lhs(input), other)
    # a number divisor is a parameter (...Backward0): the input goes to the result's dtype first
    d = _result_dtype(R[name], (input, other))
    if d is not input.dtype:
        input = to(input, d)
    return apply(R[name + "_scalar"], (input,), {"other": _scalar_in(other, d)})


def _scalar_in(x, d):
    """A Python number as the kernel takes it in dtype ``d`` (an int wraps as C++ casts it)."""
    if isinstance(x, np.generic):
        x = x.item()
    if type(x) is int:
        numbers.scalar(x)
        return numbers.wrap(x, d.np) if d.category == 1 else x
    return x


def remainder(input, other, *, out=None):
    """Python's %: the result takes the divisor's sign (RemainderBackward0 for a number divisor)."""
    return _modulo("remainder", input, other)


def fmod(input, other, *, out=None):
    """C's fmod: the result takes the dividend's sign (FmodBackward0 for a number divisor)."""
    return _modulo("fmod", input, other)


true_divide = divide = div
multiply = mul
subtract = sub


def rdiv(input, other):
    """``other / input`` for a scalar ``other``: PyTorch computes reciprocal then mul."""
    if isinstance(other, Tensor):
        return div(other, input)
    return mul(apply(R["reciprocal"], (input,)), other)


def reciprocal(input):
    return apply(R["reciprocal"], (input,))


def neg(input):
    return apply(R["neg"], (input,))


negative = neg


def pow(input, exponent, *, out=None):
    if not isinstance(input, Tensor):
        return apply(R["rpow"], (exponent,), {"base": input})
    if isinstance(exponent, Tensor):
        return _binary(R["pow_tensor"], input, exponent)
    if isinstance(exponent, _SCALARS):
        if input.dtype.category == 1 and isinstance(exponent, int) and exponent < 0:
            raise RuntimeError("Integers to negative integer powers are not allowed.")
        if input.dtype.category < 2 and isinstance(exponent, float):
            input = to(input, dtypes.get_default_dtype())  # int ** float is a float tensor
        return apply(R["pow"], (input,), {"exponent": exponent})
    return pow(input, as_tensor_operand(exponent))


def rpow(input, base):
    if isinstance(base, Tensor):
        return pow(base, input)
    return apply(R["rpow"], (input,), {"base": base})


def matmul(input, other, *, out=None):
    """PyTorch's matmul: dot, mv, mm, or batched mm with broadcasting."""
    da, db = input.dim(), other.dim()
    if da == 0 or db == 0:
        raise RuntimeError(f"both arguments to matmul need to be at least 1D, but they are {da}D and {db}D")
    if da == 1 and db == 1:
        return apply(R["dot"], (input, other))
    if da == 2 and db == 1:
        return apply(R["mv"], (input, other))
    if da == 1 and db == 2:
        if input.shape[0] != other.shape[0]:
            raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied (1x{input.shape[0]} and "
                               f"{other.shape[0]}x{other.shape[1]})")
        # PyTorch squeezes the fresh product in place: no view, version 1, SqueezeBackward4 (the in-place
        # view method itself); an in-place op after it (ReLU(inplace=True) after a Linear(n, 1) on a 1-D input)
        # is a plain one, no CopySlices
        return apply(R["mm"], (unsqueeze(input, 0), other)).squeeze_(0)
    if da == 2 and db == 2:
        return apply(R["mm"], (input, other))
    if db <= 2 and da >= 3:
        # fold the batch into rows: (..., n, k) @ (k, m) -> mm -> unfold
        k = input.shape[-1]
        if db == 1:
            flat = reshape(input, (-1, k))
            out = apply(R["mv"], (flat, other))
            return apply(R["unsafe_view"], (out,), {"shape": tuple(input.shape[:-1])})
        if k != other.shape[0]:
            raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({int(np.prod(input.shape[:-1]))}x{k} "
                               f"and {other.shape[0]}x{other.shape[1]})")
        flat = reshape(input, (-1, k))
        out = apply(R["mm"], (flat, other))
        return apply(R["unsafe_view"], (out,), {"shape": tuple(input.shape[:-1]) + (other.shape[1],)})
    return _batched_matmul(input, other)


def _batched_matmul(a, b):
    a2 = unsqueeze(a, 0) if a.dim() == 1 else a
    b2 = unsqueeze(b, -1) if b.dim() == 1 else b
    n, k = a2.shape[-2], a2.shape[-1]
    k2, m = b2.shape[-2], b2.shape[-1]
    if k != k2:
        raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                           f"[{int(np.prod(b2.shape[:-2]))}, {k}] but got: [{int(np.prod(b2.shape[:-2]))}, {k2}].")
    try:
        batch = np.broadcast_shapes(tuple(a2.shape[:-2]), tuple(b2.shape[:-2]))
    except ValueError:
        raise RuntimeError(broadcast_error(tuple(a2.shape[:-2]), tuple(b2.shape[:-2]))) from None
    nb = int(np.prod(batch)) if batch else 1
    a3 = reshape(expand(a2, *(batch + (n, k))), (nb, n, k))
    b3 = reshape(expand(b2, *(batch + (k, m))), (nb, k, m))
    out = apply(R["bmm"], (a3, b3))
    shape_out = batch + ((n,) if a.dim() > 1 else ()) + ((m,) if b.dim() > 1 else ())
    return apply(R["unsafe_view"], (out,), {"shape": shape_out})


def mm(input, mat2, *, out=None):
    return apply(R["mm"], (input, mat2))


def mv(input, vec, *, out=None):
    return apply(R["mv"], (input, vec))


def dot(input, other, *, out=None):
    return apply(R["dot"], (input, other))


def bmm(input, mat2, *, out=None):
    return apply(R["bmm"], (input, mat2))


def _einsum_labels(equation):
    """The equation's operands and output as lists of labels (a letter, or ``...``; the output None
    without '->'), read as PyTorch reads it: spaces skipped, an error naming its index in the string."""
    arrow = equation.find("->")
    sides, labels, i = [], [], 0
    while i < len(equation):
        c = equation[i]
        if i == arrow or (c == "," and (arrow < 0 or i < arrow)):
            sides.append(labels)
            labels = []
            i += 2 if i == arrow else 1
        elif c == " ":
            i += 1
        elif c == ".":
            if equation[i:i + 3] != "...":
                raise RuntimeError(f"einsum(): found '.' for operand {len(sides)} that is not part of any ellipsis")
            labels.append("...")
            i += 3
        elif "a" <= c <= "z" or "A" <= c <= "Z":
            labels.append(c)
            i += 1
        else:
            raise RuntimeError(f"einsum(): invalid subscript given at index {i} in the equation string, "
                               "subscripts must be in [a-zA-Z]")
    sides.append(labels)
    return (sides[:-1], sides[-1]) if arrow >= 0 else (sides, None)


def einsum(equation, *operands):
    """PyTorch's einsum (without opt_einsum): operands lined up on one order of labels, then
    contracted left to right with bmm, as PyTorch contracts them (so float32 sums round alike)."""
    if not isinstance(equation, str):
        raise TypeError(f"einsum(): argument 'equation' (position 1) must be str, not {type(equation).__name__}")
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    inputs, output = _einsum_labels(equation)
    if len(inputs) > len(operands):
        raise RuntimeError("einsum(): fewer operands were provided than specified in the equation")
    if len(inputs) < len(operands):
        raise RuntimeError("einsum(): more operands were provided than specified in the equation")
    ell = 0
    for i, (labels, t) in enumerate(zip(inputs, operands)):
        letters = [c for c in labels if c != "..."]
        if "..." in labels:
            ell = builtins.max(ell, t.dim() - len(letters))
        elif len(letters) != t.dim():
            raise RuntimeError(f"einsum(): the number of subscripts in the equation ({len(letters)}) does not match "
                               f"the number of dimensions ({t.dim()}) for operand {i} and no ellipsis was given")
    counts = {}
    for labels in inputs:
        for c in labels:
            if c != "...":
                counts[c] = counts.get(c, 0) + 1
    if output is None:                  # implicit: the ellipsis, then the labels seen once, in ASCII order
        output = (["..."] if builtins.any("..." in lb for lb in inputs) else []) + sorted(c for c, n in counts.items() if n == 1)
    for c in output:
        if c != "..." and c not in counts:
            raise RuntimeError(f"einsum(): output subscript {c} does not appear in the equation for any input operand")
        if output.count(c) > 1:
            raise RuntimeError(f"einsum(): output subscript {c} appears more than once in the output")
    # one order for every label: the output's (the ellipsis in its place), then the contracted ones
    order = []
    for c in output:
        order += [("...", j) for j in range(ell)] if c == "..." else [c]
    if "..." not in output:
        order = [("...", j) for j in range(ell)] + order
    out_dims = len(order)
    order += sorted(c for c in counts if c not in output)
    index = {c: i for i, c in enumerate(order)}
    lined, sizes = [], {}
    for i, (labels, t) in enumerate(zip(inputs, operands)):
        dims = []
        for c in labels:
            if c == "...":
                n = t.dim() - (len(labels) - 1)
                dims += [("...", j) for j in range(ell - n, ell)]
            else:
                dims.append(c)
        d = 0
        while d < len(dims):   # a label repeated in one operand: its diagonal, moved to the label's first place
            c, d = dims[d], d + 1
            if c in dims[:d - 1]:
                p = dims.index(c)
                if t.shape[d - 1] != t.shape[p]:
                    raise RuntimeError(f"einsum(): subscript {c} is repeated for operand {i} but the sizes don't "
                                       f"match, {t.shape[d - 1]} != {t.shape[p]}")
                t = movedim(diagonal(t, 0, p, d - 1), -1, p)
                d -= 1
                del dims[d]
        for d, c in enumerate(dims):
            size = t.shape[d]
            seen = sizes.get(c, 1)
            if size != 1 and seen != 1 and size != seen:
                name = c if isinstance(c, str) else "..."
                raise RuntimeError(f"einsum(): subscript {name} has size {size} for operand {i} which does not "
                                   f"broadcast with previously seen size {seen}")
            sizes[c] = builtins.max(seen, size)
        missing = [c for c in order if c not in dims]
        for _ in missing:
            t = unsqueeze(t, t.dim())
        at = dims + missing
        t = permute(t, [at.index(c) for c in order])
        alone = [index[c] for c in dims if index[c] >= out_dims and counts.get(c) == 1]
        if alone and len(operands) > 1:      # a label of this operand only: summed before any product
            t = sum(t, alone, keepdim=True)
        lined.append(t)
    contracted = list(range(out_dims, len(order)))
    if len(lined) == 1:
        result = lined[0]
        return sum(result, contracted) if contracted else result
    last = {d: builtins.max([i for i, t in enumerate(lined) if t.shape[d] != 1], default=0) for d in contracted}
    result = lined[0]
    for i in range(1, len(lined)):
        summed = [d for d in contracted if last[d] <= i]
        result = _sumproduct_pair(result, lined[i], summed)
    if contracted:
        result = view(result, tuple(result.shape[:out_dims]))
    return result


def _sumproduct_pair(left, right, summed):
    """``(left * right).sum(summed, keepdim=True)`` as PyTorch computes it: one bmm."""
    if not summed:
        return mul(left, right)
    lro, lo, ro, sm = [], [], [], []
    for d in range(left.dim()):
        sl, sr = left.shape[d] != 1, right.shape[d] != 1
        if d in summed:
            sm.append(d)
            if sl and not sr:
                left = sum(left, d, keepdim=True)
            elif sr and not sl:
                right = sum(right, d, keepdim=True)
        elif sl and sr:
            lro.append(d)
        elif sl:
            lo.append(d)
        else:
            ro.append(d)
    size = lambda t, ds: int(np.prod([t.shape[d] for d in ds], dtype=np.int64))  # noqa: E731
    shape = [left.shape[d] for d in lro] + [left.shape[d] for d in lo] + [1] * len(sm) + [right.shape[d] for d in ro]
    a = reshape(permute(left, lro + lo + sm + ro), (size(left, lro), size(left, lo), size(left, sm)))
    b = reshape(permute(right, lro + sm + ro + lo), (size(right, lro), size(right, sm), size(right, ro)))
    result = view(bmm(a, b), tuple(shape))
    placed = lro + lo + sm + ro
    return permute(result, [placed.index(d) for d in range(left.dim())])


def dist(input, other, p=2):
    return apply(R["dist"], (input, as_tensor_operand(other)), {"p": _num(p)})


def rot90(input, k=1, dims=(0, 1)):
    dims = tuple(dims)
    if len(dims) != 2:
        raise RuntimeError(f"expected total rotation dims == 2, but got dims = {len(dims)}")
    n = input.dim()
    if n < 2:
        raise RuntimeError(f"expected total dims >= 2, but got total dims = {n}")
    wrapped = (input._dim(dims[0]), input._dim(dims[1]))   # (range first; the message names the dims as given)
    if wrapped[0] == wrapped[1]:
        raise RuntimeError(f"expected rotation dims to be different, but got dim0 = {dims[0]} and dim1 = {dims[1]}")
    return apply(R["rot90"], (input,), {"k": int(k), "dims": wrapped})


def tensordot(a, b, dims=2, out=None):
    """torch.tensordot as PyTorch computes it: each operand permuted (its free dims, then the contracted
    ones) and reshaped to a matrix, one mm (a dot when neither has a free dim), the result viewed."""
    if isinstance(dims, (tuple, list)):
        if len(dims) != 2:
            raise RuntimeError("tensordot expects dims to be int or tuple[list[int], list[int]] or list[list[int]] "
                               f"containing two lists, but got dims={dims}")
        dims_a, dims_b = ([d] if isinstance(d, int) else list(d) for d in dims)
    elif isinstance(dims, int) and not isinstance(dims, bool):
        if dims < 0:
            raise RuntimeError(f"tensordot expects dims >= 0, but got dims={dims}")
        if dims > builtins.min(a.dim(), b.dim()):
            raise RuntimeError(f"tensordot expects dims < ndim_a or ndim_b, but got dims={dims}")
        dims_a, dims_b = list(range(-dims, 0)), list(range(dims))
    else:
        raise RuntimeError("tensordot expects dims to be int or tuple[list[int], list[int]] or list[list[int]] "
                           f"containing two lists, but got dims={dims}")
    if len(dims_a) != len(dims_b):
        raise RuntimeError("both dimension lists should have same length")
    if a.dtype is not b.dtype:
        raise RuntimeError("both inputs should have same dtype")
    dims_a = [a._dim(d) for d in dims_a]
    dims_b = [b._dim(d) for d in dims_b]
    for da, db in zip(dims_a, dims_b):
        sa, sb = a.shape[da], b.shape[db]
        if sa != sb:   # a contracted dim of size 1 against a longer one: the longer one summed first
            if sa == 1:
                b = sum(b, db, True)
            elif sb == 1:
                a = sum(a, da, True)
            else:
                raise RuntimeError(f"contracted dimensions need to match, but first has size {sa} in dim {da} and "
                                   f"second has size {sb} in dim {db}")
    csize = 1
    for da in dims_a:
        csize *= a.shape[da]
    free_a = [d for d in range(a.dim()) if d not in dims_a]
    free_b = [d for d in range(b.dim()) if d not in dims_b]
    size_a = [a.shape[d] for d in free_a]
    size_b = [b.shape[d] for d in free_b]
    ta = permute(a, *(free_a + dims_a))
    tb = permute(b, *(dims_b + free_b))
    if not free_a and not free_b:
        out = dot(reshape(ta, csize), reshape(tb, csize))
    else:
        m, n = int(np.prod(size_a)), int(np.prod(size_b))
        out = mm(reshape(ta, m, csize), reshape(tb, csize, n))
    return view(out, *(size_a + size_b))


def kron(input, other, *, out=None):
    """torch.kron as PyTorch composes it: the operands viewed with their dims interleaved (each padded
    with 1s), multiplied, and the product viewed back (UnsafeViewBackward0 nodes)."""
    n = builtins.max(input.dim(), other.dim())
    pad_a, pad_b = n - input.dim(), n - other.dim()
    shape_a, shape_b, shape = [], [], []
    for i in range(n):
        sa = input.shape[i - pad_a] if i >= pad_a else 1
        sb = other.shape[i - pad_b] if i >= pad_b else 1
        shape_a += [sa, 1]
        shape_b += [1, sb]
        shape.append(sa * sb)
    a = apply(R["unsafe_view"], (input,), {"shape": tuple(shape_a)})
    b = apply(R["unsafe_view"], (other,), {"shape": tuple(shape_b)})
    return apply(R["unsafe_view"], (mul(a, b),), {"shape": tuple(shape)})


kron._bpl_no_overlap = True   # out= may not share memory with an input (_writes_out)


def bincount(input, weights=None, minlength=0):
    """How often each non-negative integer occurs (int64), or the sum of its weights (float32 weights stay
    float32, others give float64), summed in the input's order."""
    if not input.dtype.is_floating_point and input.dtype is not dtypes.bool_:
        d = np.asarray(input._data)
        if d.ndim != 1 or (d.size and d.min() < 0):
            raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    else:
        raise NotImplementedError(f'"bincount_cpu" not implemented for \'{input.dtype.scalar_name}\'')
    if minlength < 0:
        raise RuntimeError("minlength should be >= 0")
    if weights is not None and (weights.dim() != 1 or weights.shape[0] != d.shape[0]):
        raise RuntimeError("weights should be 1-d and have the same length as input")
    size = builtins.max(int(d.max()) + 1 if d.size else 0, int(minlength))
    if weights is None:
        return Tensor._make(np.bincount(d.astype(np.int64), minlength=size).astype(np.int64))
    w = np.asarray(weights._data)
    out_type = np.float32 if w.dtype == np.float32 else np.float64
    out = np.zeros(size, out_type)
    np.add.at(out, d.astype(np.int64), w.astype(out_type))   # one element after another, as PyTorch adds them
    return Tensor._make(out)


def histc(input, bins=100, min=0, max=0, *, out=None):
    """A histogram of ``bins`` equal bins over [min, max] (the data's own range when both are 0; widened by
    1 each way when that is one value); elements outside are left out, the maximum goes in the last bin."""
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f'"histogram_cpu" not implemented for \'{input.dtype.scalar_name}\'')
    bins = int(bins)
    if bins <= 0:
        raise RuntimeError(f"torch.histogram(): bins must be > 0, but got {bins} for dimension 0")
    d = np.asarray(input._data).reshape(-1)
    kind = d.dtype.type
    lo, hi = kind(min), kind(max)
    if lo == hi and d.size:
        lo, hi = d.min(), d.max()
    if lo == hi:
        lo, hi = lo - kind(1), hi + kind(1)
    if lo > hi:
        raise RuntimeError("torch.histc: max must be larger than min")
    if not (np.isfinite(lo) and np.isfinite(hi)):
        raise RuntimeError(f"torch.histc: range of [{lo}, {hi}] is not finite")
    inside = d[(d >= lo) & (d <= hi)]
    pos = ((inside - lo) / (hi - lo) * kind(bins)).astype(np.int64)
    pos[pos == bins] = bins - 1
    return Tensor._make(np.bincount(pos, minlength=bins).astype(d.dtype))


def _sorted_search(seq, values, right):
    """The insertion point of each value in each row of ``seq`` (a binary search with PyTorch's comparisons:
    a NaN sorts after everything); ``seq`` (..., n) and ``values`` (..., m) share their leading dims."""
    seq, values = np.asarray(seq), np.asarray(values)
    start = np.zeros(values.shape, np.int64)
    end = np.full(values.shape, seq.shape[-1], np.int64)
    with np.errstate(invalid="ignore"):
        while True:
            open_ = start < end
            if not open_.any():
                return start
            mid = (start + end) // 2
            at = np.take_along_axis(seq, np.minimum(mid, seq.shape[-1] - 1), axis=-1)
            before = ~(at > values) if right else ~(at >= values)
            start = np.where(open_ & before, mid + 1, start)
            end = np.where(open_ & ~before, mid, end)


def searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None, out=None):
    if side is not None and side not in ("left", "right"):
        raise RuntimeError(f"torch.searchsorted(): side can only be 'left' or 'right' but got {side}")
    if side is not None and (side == "right") != bool(right) and right:
        raise RuntimeError(f"torch.searchsorted(): side and right can't be set to opposites, got side of {side} "
                           f"while right was {right}")
    right = bool(right) or side == "right"
    scalar = not isinstance(input, Tensor)
    values = np.asarray(input if scalar else input._data)
    seq = np.asarray(sorted_sequence._data)
    if seq.ndim != 1 and (scalar or seq.shape[:-1] != values.shape[:-1]):
        raise RuntimeError("torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 "
                           "dimensions of boundaries tensor and input value tensor must match, but we got "
                           f"boundaries tensor {list(seq.shape)} and input value tensor {list(values.shape)}")
    if sorter is not None:
        if sorter.dtype is not dtypes.int64:
            raise RuntimeError(f"torch.searchsorted(): sorter must be a tensor of long dtype but got dtype "
                               f"{sorter.dtype.scalar_name}")
        seq = np.take_along_axis(seq, np.asarray(sorter._data), axis=-1)
    if seq.ndim == 1:
        flat = values.reshape(1, -1)
        found = _sorted_search(seq.reshape(1, -1), flat, right).reshape(values.shape)
    else:
        found = _sorted_search(seq, values, right)
    return Tensor._make(np.asarray(found, np.int32 if out_int32 else np.int64)[()])


def _search_out(out, out_int32=False, **kwargs):
    if out.dtype is not (dtypes.int32 if out_int32 else dtypes.int64):
        raise RuntimeError("torch.searchsorted(): output tensor's dtype is wrong, it can only be Int(int32) or "
                           "Long(int64) depending on whether out_int32 flag is True, but we got output tensor's "
                           f"dtype {out.dtype.scalar_name} and out_int32 flag is {bool(out_int32)}")


searchsorted._bpl_out_check = _search_out


def bucketize(input, boundaries, *, out_int32=False, right=False, out=None):
    if boundaries.dim() != 1:
        raise RuntimeError(f"boundaries tensor must be 1 dimension, but got dim({boundaries.dim()})")
    return searchsorted(boundaries, input, out_int32=out_int32, right=right)


bucketize._bpl_out_check = _search_out


_CDIST_MODES = (None, "use_mm_for_euclid_dist_if_necessary", "use_mm_for_euclid_dist", "donot_use_mm_for_euclid_dist")


def cdist(x1, x2, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary"):
    """torch.cdist (a Python function in PyTorch): the p-norm distance of each row of x1 to each row of x2,
    batch dims broadcast.  For p = 2 PyTorch switches to a matrix-product formula past 25 rows (or when
    asked), which is not modelled here: refused rather than computed with other roundings."""
    for name, x in (("X1", x1), ("X2", x2)):
        if x.dim() < 2:
            raise RuntimeError(f"cdist only supports at least 2D tensors, {name} got: {x.dim()}D")
    if not x1.dtype.is_floating_point:
        raise RuntimeError(f"cdist only supports floating-point dtypes, X1 got: {x1.dtype.scalar_name}")
    if not x2.dtype.is_floating_point:
        raise RuntimeError(f"cdist only supports floating-point dtypes, X2 got: {x2.dtype.scalar_name}")
    if x1.shape[-1] != x2.shape[-1]:
        raise RuntimeError(f"X1 and X2 must have the same number of columns. X1: {x1.shape[-1]} X2: {x2.shape[-1]}")
    if compute_mode not in _CDIST_MODES:
        raise ValueError(f"{compute_mode} is not a valid value for compute_mode")
    if isinstance(p, (str, bool)) or not isinstance(p, (int, float, Tensor)):
        raise TypeError(f"cdist(): argument 'p' (position 3) must be float, not {type(p).__name__}")
    p = float(_num(p))
    if p < 0:
        raise RuntimeError("cdist only supports non-negative p values")
    if x1.dtype is not x2.dtype:
        raise RuntimeError(f"expected scalar type {x1.dtype.scalar_name} but found {x2.dtype.scalar_name}")
    mm = compute_mode == "use_mm_for_euclid_dist" or (
        compute_mode in (None, "use_mm_for_euclid_dist_if_necessary") and (x1.shape[-2] > 25 or x2.shape[-2] > 25))
    if p == 2 and mm:
        raise NotImplementedError("torch.cdist with p=2 and more than 25 rows (PyTorch's matrix-product formula) "
                                  "is not available in Backprop Lens yet; compute_mode="
                                  "'donot_use_mm_for_euclid_dist' gives the direct formula")
    return apply(R["cdist"], (x1, x2), {"p": p})


def outer(input, vec2, *, out=None):
    for name, t in (("self", input), ("vec2", vec2)):
        if t.dim() != 1:
            raise RuntimeError(f"outer: Expected 1-D argument {name}, but got {t.dim()}-D")
    return mul(unsqueeze(input, 1), vec2)


# ---------------------------------------------------------------------------
# unary math
# ---------------------------------------------------------------------------

def _plain(op):
    def fn(input, *, out=None):
        return apply(op, (input,))
    fn.__name__ = fn.__qualname__ = op.name
    return fn


# torch.NAME(input) for every op declared with function=True (exp, sin, relu...): one
# declaration in core.ops gives the function, the Tensor method and the torch name.
PLAIN = {name: _plain(op) for name, op in R.items() if op.function}
globals().update(PLAIN)
absolute = abs  # noqa: F821  (made just above)
arcsin, arccos, arctan = asin, acos, atan  # noqa: F821


def round(input, *, decimals=0):
    if decimals:
        return apply(R["round_decimals"], (input,), {"decimals": int(decimals)})
    return apply(R["round"], (input,))


def square(input):
    return pow(input, 2)


def rsqrt(input):
    return reciprocal(sqrt(input))


def log2(input):
    return div(log(input), float(np.log(2.0)))


def log10(input):
    return div(log(input), float(np.log(10.0)))


def clamp(input, min=None, max=None, *, out=None):
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        return apply(R["clamp_tensor"], (input, min, max))
    return apply(R["clamp"], (input,), {"min": _num(min), "max": _num(max)})


clip = clamp


def clamp_min(input, min, *, out=None):
    if isinstance(min, Tensor):
        return clamp(input, min)
    return apply(R["clamp_min"], (input,), {"min": _num(min)})


def clamp_max(input, max, *, out=None):
    if isinstance(max, Tensor):
        return clamp(input, None, max)
    return apply(R["clamp_max"], (input,), {"max": _num(max)})


def where(condition, input=None, other=None):
    if input is None and other is None:
        return tuple(Tensor._make(i.astype(np.int64)) for i in np.nonzero(condition._data))
    cond = np.asarray(condition._data if isinstance(condition, Tensor) else condition, dtype=bool)
    a, b = as_tensor_operand(input), as_tensor_operand(other)
    if not isinstance(a, Tensor) and not isinstance(b, Tensor):
        a = scalar_tensor(a)
    try:
        return apply(R["where"], (a, b), {"condition": cond})
    except ValueError:
        raise RuntimeError(broadcast_error(cond.shape, np.shape(getattr(a, "_data", a)))) from None


def _compare(name):
    op = R[name]

    def fn(input, other, *, out=None):
        return _binary(op, _lhs(input), as_tensor_operand(other))
    fn.__name__ = fn.__qualname__ = name
    return fn


lt, le, gt, ge, eq, ne = (_compare(n) for n in ("lt", "le", "gt", "ge", "eq", "ne"))
logical_and, logical_or, logical_xor = (_compare(n) for n in ("logical_and", "logical_or", "logical_xor"))
bitwise_and, bitwise_or, bitwise_xor, bitwise_left_shift, bitwise_right_shift = (
    _compare(n) for n in ("bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift", "bitwise_right_shift"))


def equal(input, other):
    return tuple(input.shape) == tuple(other.shape) and bool(np.all(input._data == other._data))


def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    return bool(np.allclose(input._data, other._data, rtol=rtol, atol=atol, equal_nan=equal_nan))


def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    return Tensor._make(np.isclose(input._data, _raw(other), rtol=rtol, atol=atol, equal_nan=equal_nan))


def isnan(input):
    return Tensor._make(np.isnan(input._data))


def isinf(input):
    return Tensor._make(np.isinf(input._data))


def to(input, *args, dtype=None, copy=False, **kwargs):
    for a in args:
        if isinstance(a, dtypes.dtype):
            dtype = a
        elif isinstance(a, Tensor):
            dtype = a.dtype
    if dtype is None or (dtype is input.dtype and not copy):
        return input
    return apply(R["to"], (input,), {"dtype": dtype})


def clone(input, *, memory_format=None):
    check_memory_format(memory_format)
    if memory_format is contiguous_format:
        return apply(R["clone"], (input,), {"order": "C"})
    return apply(R["clone"], (input,))


# ---------------------------------------------------------------------------
# reductions
# ---------------------------------------------------------------------------

def _dims(input, dim):
    """Normalise ``dim`` (int or sequence) with PyTorch's range error."""
    if isinstance(dim, (list, tuple)):
        return tuple(input._dim(d) for d in dim)
    return input._dim(dim)


def sum(input, dim=None, keepdim=False, *, dtype=None, out=None):
    if dtype is not None:
        input = to(input, dtype)
    if dim is None or dim == () or dim == []:
        if not keepdim:
            return apply(R["sum"], (input,))
        dim = tuple(range(input.dim()))
    return apply(R["sum_dim"], (input,), {"dim": _dims(input, dim), "keepdim": keepdim})


def mean(input, dim=None, keepdim=False, *, dtype=None, out=None):
    if dtype is not None:
        input = to(input, dtype)
    if dim is None or dim == () or dim == []:
        if not keepdim:
            return apply(R["mean"], (input,))
        dim = tuple(range(input.dim()))
    return apply(R["mean_dim"], (input,), {"dim": _dims(input, dim), "keepdim": keepdim})


def prod(input, dim=None, keepdim=False, *, dtype=None):
    if dim is None:
        return apply(R["prod"], (input,))
    return apply(R["prod_dim"], (input,), {"dim": _dims(input, dim), "keepdim": keepdim})


def _correction(unbiased, correction):
    if correction is not None:
        return correction
    if unbiased is None:
        return 1
    return 1 if unbiased else 0


def _spread(name):
    """var and std, with PyTorch's warning when the degrees of freedom are not positive."""
    def fn(input, dim=None, unbiased=None, keepdim=False, *, correction=None, out=None):
        if isinstance(dim, bool):
            unbiased, dim = dim, None
        dims = None if dim is None else _dims(input, dim)
        correction = _correction(unbiased, correction)
        result = apply(R[name], (input,), {"dim": dims, "correction": correction, "keepdim": keepdim})
        kept = result.numel()
        if (input.numel() // kept if kept else 0) - correction <= 0:
            warnings.warn(f"{name}(): degrees of freedom is <= 0. Correction should be strictly less than the "
                          "reduction factor (input numel divided by output numel). (Triggered internally at "
                          "/__w/pytorch/pytorch/aten/src/ATen/native/ReduceOps.cpp:1861.)", UserWarning)
        return result
    fn.__name__ = fn.__qualname__ = name
    return fn


var, std = _spread("var"), _spread("std")


def _with_mean(name):
    """std_mean and var_mean: a plain tuple (spread, mean), both made by one ``<Name>MeanBackward0``
    in PyTorch (here two ops of that name: see core.ops.decompositions)."""
    spread = name[:-len("_mean")]

    def fn(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
        if isinstance(dim, bool):
            unbiased, dim = dim, None
        if input.dtype.category < 2:
            raise RuntimeError(f"{name} only support floating point and complex dtypes")
        dims = None if dim is None else _dims(input, dim)
        correction = _correction(unbiased, correction)
        params = {"dim": dims, "correction": correction, "keepdim": keepdim}
        first = apply(R[f"{name}_{spread}"], (input,), params)
        kept = first.numel()
        if (input.numel() // kept if kept else 0) - correction <= 0:
            warnings.warn(f"{name}(): degrees of freedom is <= 0. Correction should be strictly less than the "
                          "reduction factor (input numel divided by output numel). (Triggered internally at "
                          "/__w/pytorch/pytorch/aten/src/ATen/native/ReduceOps.cpp:1861.)", UserWarning)
        return first, apply(R[f"{name}_mean"], (input,), {"dim": dims, "keepdim": keepdim})
    fn.__name__ = fn.__qualname__ = name
    return fn


std_mean, var_mean = _with_mean("std_mean"), _with_mean("var_mean")


# ---------------------------------------------------------------------------
# determinants, inverses and the SVD (core.ops.decompositions)
# ---------------------------------------------------------------------------

def det(input):
    return apply(R["det"], (input,))


def inverse(input, *, out=None):
    return apply(R["inverse"], (input,))


def matrix_power(input, n, *, out=None):
    """``A`` to the integer power ``n``, composed as PyTorch composes it: the identity (a clone of ``A`` that
    the identity is copied into) for 0; for n < 0 the inverse raised to -n; 1 a clone (the inverse itself);
    2 and 3 ``A @ A`` and ``(A @ A) @ A``; else by squaring, from the lowest bit of ``n`` up, each set bit's
    square multiplied onto the result from the right (the products, hence the float32 roundings, PyTorch's)."""
    if input.dim() < 2:
        raise RuntimeError("linalg.matrix_power: The input tensor A must have at least 2 dimensions.")
    if input.shape[-1] != input.shape[-2]:
        raise RuntimeError(f"linalg.matrix_power: A must be batches of square matrices, but they are "
                           f"{input.shape[-2]} by {input.shape[-1]} matrices")
    if n == 0:
        eye = np.broadcast_to(np.eye(input.shape[-1], dtype=input._data.dtype), tuple(input.shape))
        return copy_(clone(input, memory_format=contiguous_format), Tensor._make(np.array(eye)))
    a = input if n > 0 else apply(R["inverse"], (input,))
    n = builtins.abs(n)
    if n == 1:
        return clone(a) if a is input else a
    if n == 2:
        return matmul(a, a)
    if n == 3:
        return matmul(matmul(a, a), a)
    square = result = None
    while n > 0:
        bit, n = n % 2, n // 2
        square = a if square is None else matmul(square, square)
        if bit:
            result = square if result is None else matmul(result, square)
    return result


class _NamedResult(tuple):
    """``torch.return_types.svd(U=..., S=..., V=...)`` and ``linalg_svd(U=..., S=..., Vh=...)``: a tuple
    whose fields are read by name too, printed as PyTorch prints it."""

    _kind = "svd"
    _fields = ("U", "S", "V")

    def __new__(cls, *parts):
        return tuple.__new__(cls, parts)

    def __getattr__(self, name):
        fields = type(self)._fields
        if name in fields:
            return self[fields.index(name)]
        raise AttributeError(f"'torch.return_types.{self._kind}' object has no attribute '{name}'")

    def __repr__(self):
        parts = ",\n".join(f"{k}={v!r}" for k, v in zip(self._fields, self))
        return f"torch.return_types.{self._kind}(\n{parts})"


SvdResult = type("svd", (_NamedResult,), {"_kind": "svd", "_fields": ("U", "S", "V"),
                                          "_bpl_public": ("U", "S", "V")})
LinalgSvdResult = type("linalg_svd", (_NamedResult,), {"_kind": "linalg_svd", "_fields": ("U", "S", "Vh"),
                                                       "_bpl_public": ("U", "S", "Vh")})


LinalgQrResult = type("linalg_qr", (_NamedResult,), {"_kind": "linalg_qr", "_fields": ("Q", "R"),
                                                     "_bpl_public": ("Q", "R")})


LinalgLstsqResult = type("linalg_lstsq", (_NamedResult,), {
    "_kind": "linalg_lstsq", "_fields": ("solution", "residuals", "rank", "singular_values"),
    "_bpl_public": ("solution", "residuals", "rank", "singular_values")})


LinalgEighResult = type("linalg_eigh", (_NamedResult,), {"_kind": "linalg_eigh", "_fields": ("eigenvalues", "eigenvectors"),
                                                       "_bpl_public": ("eigenvalues", "eigenvectors")})


def linalg_svd(A, full_matrices=True):
    """U, S, Vh: three ops of one decomposition, each with a ``LinalgSvdBackward0`` node."""
    params = {"full_matrices": bool(full_matrices)}
    return LinalgSvdResult(apply(R["svd_U"], (A,), params), apply(R["svdvals"], (A,)),
                           apply(R["svd_Vh"], (A,), params))


def svd(input, some=True, compute_uv=True, *, out=None):
    """The older torch.svd: V (not Vh), the reduced factors unless ``some=False``; without
    ``compute_uv`` U and V are zeros (of the full shapes) and only S is computed."""
    if input.dim() < 2:
        raise RuntimeError(f"linalg.svd: input should have at least 2 dimensions, but has {input.dim()} dimensions "
                           "instead")
    if not compute_uv:
        R["svd_U"].forward(input._data)   # PyTorch's checks (dtype, dimensions)
        shape = tuple(input.shape)
        m, n = shape[-2], shape[-1]
        zeros = [Tensor._make(np.zeros(shape[:-2] + (k, k), dtype=input._data.dtype)) for k in (m, n)]
        return SvdResult(zeros[0], apply(R["svdvals"], (input,)), zeros[1])
    u, s, vh = linalg_svd(input, full_matrices=not some)
    return SvdResult(u, s, transpose(vh, -2, -1))


def norm(input, p="fro", dim=None, keepdim=False, dtype=None):
    if p == "fro" or p is None:
        p = 2
    return apply(R["norm"], (input,), {"p": float(p), "dim": None if dim is None else _dims(input, dim),
                                       "keepdim": keepdim})


class _ReturnType(tuple):
    """``torch.return_types.max(values=..., indices=...)``; subclasses are
    named ``max`` and ``min`` as PyTorch's are."""

    _kind = "max"

    def __new__(cls, values, indices):
        return tuple.__new__(cls, (values, indices))

    @property
    def values(self):
        return self[0]

    @property
    def indices(self):
        return self[1]

    def __repr__(self):
        return f"torch.return_types.{self._kind}(\nvalues={self[0]!r},\nindices={self[1]!r})"


_RETURN_TYPES = {k: type(k, (_ReturnType,), {"_kind": k}) for k in ("max", "min")}


def _nonempty(name, input, dims, shown=None):
    """PyTorch's errors for a max/min/argmax over nothing: over all of an empty tensor, or along
    a dim of size 0 (``shown``: the dims as the message names them, normalised or as given)."""
    shape = tuple(input.shape)
    if dims is None:
        if 0 in shape:
            message = f"{name}(): Expected reduction dim to be specified for input.numel() == 0."
            if name.startswith("arg"):
                raise IndexError(message)
            raise RuntimeError(message + " Specify the reduction dim with the 'dim' argument.")
        return
    dims = dims if isinstance(dims, tuple) else (dims,)
    shown = dims if shown is None else (shown if isinstance(shown, (tuple, list)) else (shown,))
    for d, as_shown in zip(dims, shown):
        if shape and shape[d] == 0:
            raise IndexError(f"{name}(): Expected reduction dim {as_shown} to have non-zero size.")


def _extreme(kind):
    full, along = R[kind + "_all"], R[kind + "_dim"]

    def fn(input, dim=None, keepdim=False, *, out=None):
        if isinstance(dim, Tensor):
            return (maximum if kind == "max" else minimum)(input, dim)
        if dim is None:
            _nonempty(kind, input, None)
            return apply(full, (input,))
        d = input._dim(dim)
        _nonempty(kind, input, d)
        values = apply(along, (input,), {"dim": d, "keepdim": keepdim})
        node = values.grad_fn
        idx = node._aux if node is not None else None
        if idx is None:
            idx = R[kind + "_dim"].forward(input._data, dim=d, keepdim=keepdim)[1]
        return _RETURN_TYPES[kind](values, Tensor._make(np.asarray(idx, dtype=np.int64)[()]))
    fn.__name__ = kind
    return fn


max = _extreme("max")
min = _extreme("min")


def _amax_amin(name):
    def fn(input, dim=(), keepdim=False, *, out=None):
        dims = None if dim is None or dim in ((), []) else _dims(input, dim)
        _nonempty(name, input, dims, dim)   # amax names the dim as given (-2), max normalised (1)
        return apply(R[name], (input,), {"dim": dims, "keepdim": keepdim})
    fn.__name__ = fn.__qualname__ = name
    return fn


amax, amin = _amax_amin("amax"), _amax_amin("amin")


def maximum(input, other):
    return _binary(R["maximum"], input, other)


def minimum(input, other):
    return _binary(R["minimum"], input, other)


def _truth_input(name, input, dim, keepdim):
    """PyTorch's refusal of anything but a tensor in all()/any() (a list, a generator...)."""
    if not isinstance(input, Tensor):
        given = ", ".join([type(input).__name__] + (["dim=" + type(dim).__name__] if dim is not None else [])
                          + (["keepdim=bool"] if keepdim is not False else []))
        raise TypeError(f"{name}() received an invalid combination of arguments - got ({given}), but expected one "
                        "of:\n * (Tensor input, *, Tensor out = None)\n * (Tensor input, tuple of ints dim = None, "
                        "bool keepdim = False, *, Tensor out = None)\n * (Tensor input, int dim, bool keepdim = "
                        "False, *, Tensor out = None)\n")


def all(input, dim=None, keepdim=False, *, out=None):
    _truth_input("all", input, dim, keepdim)
    return apply(R["all"], (input,), {"dim": None if dim is None else input._dim(dim), "keepdim": keepdim})


def any(input, dim=None, keepdim=False, *, out=None):
    _truth_input("any", input, dim, keepdim)
    return apply(R["any"], (input,), {"dim": None if dim is None else input._dim(dim), "keepdim": keepdim})


def cumsum(input, dim, *, dtype=None, out=None):
    t = input if dtype is None else to(input, dtype)
    return apply(R["cumsum"], (t,), {"dim": t._dim(dim) if t.dim() else 0})


def cumprod(input, dim, *, dtype=None, out=None):
    t = input if dtype is None else to(input, dtype)
    return apply(R["cumprod"], (t,), {"dim": t._dim(dim) if t.dim() else 0})


def trace(input):
    return apply(R["trace"], (input,))


_RETURN_TYPES.update({k: type(k, (_ReturnType,), {"_kind": k})
                      for k in ("sort", "topk", "median", "cummax", "cummin", "kthvalue", "mode")})


def _with_indices(kind, op, input, params):
    """``torch.return_types.KIND(values=..., indices=...)`` of an op whose node keeps the indices."""
    values = apply(R[op], (input,), params)
    node = values.grad_fn
    idx = node._aux if node is not None else None
    if idx is None:
        idx = R[op].forward(input._data, **params)[1]
    return _RETURN_TYPES[kind](values, Tensor._make(np.asarray(idx, dtype=np.int64)[()]))


def _dim0(input, dim):
    return input._dim(dim) if input.dim() else 0


def sort(input, dim=-1, descending=False, stable=False, *, out=None):
    # NOTE: PyTorch's CPU sort keeps ties in their order whether stable is asked or not
    return _with_indices("sort", "sort", input, {"dim": _dim0(input, dim), "descending": bool(descending)})


def topk(input, k, dim=-1, largest=True, sorted=True, *, out=None):
    return _with_indices("topk", "topk", input, {"k": int(k), "dim": _dim0(input, dim), "largest": bool(largest)})


def median(input, dim=None, keepdim=False, *, out=None):
    if dim is None:
        return apply(R["median"], (input,))
    return _with_indices("median", "median_dim", input, {"dim": _dim0(input, dim), "keepdim": bool(keepdim)})


def kthvalue(input, k, dim=-1, keepdim=False, *, out=None):
    return _with_indices("kthvalue", "kthvalue", input, {"k": int(k), "dim": _dim0(input, dim),
                                                         "keepdim": bool(keepdim)})


def mode(input, dim=-1, keepdim=False, *, out=None):
    return _with_indices("mode", "mode", input, {"dim": _dim0(input, dim), "keepdim": bool(keepdim)})


def cummax(input, dim, *, out=None):
    return _with_indices("cummax", "cummax", input, {"dim": _dim0(input, dim)})


def cummin(input, dim, *, out=None):
    return _with_indices("cummin", "cummin", input, {"dim": _dim0(input, dim)})


def _scatter_args(name, input, dim, index, src=None):
    """PyTorch's checks of scatter/scatter_add: an int32/int64 index of the input's rank, no larger than src (or, apart
    from ``dim``, the input), in range along ``dim``."""
    d = input._dim(dim) if input.dim() else 0
    if not isinstance(index, Tensor) or index.dtype not in (dtypes.int64, dtypes.int32):
        raise RuntimeError(f"{name}(): Expected dtype int32/int64 for index")
    idx = np.asarray(index._data)
    if src is not None and src.dtype != input.dtype:
        raise RuntimeError(f"{name}(): Expected self.dtype to be equal to src.dtype")
    if idx.ndim != input.dim() and builtins.max(idx.ndim, input.dim()) > 1:
        raise RuntimeError("Index tensor must have the same number of dimensions as self tensor")
    shape = tuple(input.shape)
    for k in range(idx.ndim):
        if (k != d and idx.shape[k] > shape[k]) or (src is not None and idx.shape[k] > src.shape[k]):
            raise RuntimeError(f"Expected index {list(idx.shape)} to be no larger than self {list(shape)} apart from "
                               f"dimension {d}" + (f" and to be no larger size than src {list(src.shape)}"
                                                   if src is not None else ""))
    bad = idx[(idx < 0) | (idx >= (shape[d] if shape else 1))]
    if bad.size:
        raise RuntimeError(f"index {int(bad.flat[0])} is out of bounds for dimension {d} with size "
                           f"{shape[d] if shape else 1}")
    return {"dim": d, "index": idx.astype(np.int64)}


def scatter(input, dim, index, src=None, value=None, *, reduce=None, out=None):
    """``out[index[i][j]][j] = src[i][j]`` (dim 0) and so on, or the number ``value`` there."""
    if reduce is not None:
        raise NotImplementedError("scatter(reduce=...) is not available in Backprop Lens yet")
    if src is None and value is None:
        raise TypeError("scatter() missing 1 required positional argument: \"src\" or \"value\"")
    given = src if src is not None else value
    if isinstance(given, Tensor):
        return apply(R["scatter_src"], (input, given), _scatter_args("scatter", input, dim, index, given))
    params = _scatter_args("scatter", input, dim, index)
    params["value"] = _num(given)
    return apply(R["scatter_value"], (input,), params)


def scatter_add(input, dim, index, src, *, out=None):
    # NOTE: PyTorch's scatter_add checks its index and src with scatter's messages ("scatter(): Expected dtype ...")
    return apply(R["scatter_add"], (input, src), _scatter_args("scatter", input, dim, index, src))


def index_fill(input, dim, index, value):
    d = input._dim(dim) if input.dim() else 0
    idx = np.asarray(index._data, dtype=np.int64).reshape(-1)
    if isinstance(value, Tensor):
        value = value.item()
    return apply(R["index_fill"], (input,), {"dim": d, "index": idx, "value": _num(value)})


def _index_add_args(input, dim, index, source, alpha):
    """PyTorch's checks of index_add, in its order (the index a vector of int32/int64, source of self's
    dtype with one slice per index and self's other sizes, every index in range): the op's params."""
    d = input._dim(dim) if input.dim() else 0
    if index.dim() > 1:
        raise IndexError(f"index_add_(): Index is supposed to be a vector, but got dim: {index.dim()} with type: "
                         f"{index.dtype.scalar_name} and size: {list(index.shape)}")
    if index.dtype not in (dtypes.int64, dtypes.int32):
        raise RuntimeError(f"index_add_(): Expected dtype int32/int64 for index but got: {index.dtype.scalar_name}")
    if input.dtype is not source.dtype:
        raise RuntimeError(f"index_add_(): self ({input.dtype.scalar_name}) and source ({source.dtype.scalar_name}) "
                           f"must have the same scalar type")
    count = index.numel()
    if source.dim() > 0 and input.dim() > 0 and count != source.shape[d]:
        raise RuntimeError(f"index_add_(): Number of indices ({count}) should be equal to source.size(dim): "
                           f"({source.shape[d]}), for dim: {d}")
    mine = [n for k, n in enumerate(input.shape) if k != d]
    theirs = [n for k, n in enumerate(source.shape) if k != d]
    if source.dim() != input.dim() or mine != theirs:
        raise RuntimeError(f"source tensor shape must match self tensor shape, excluding the specified dimension. "
                           f"Got self.shape = {list(input.shape)} source.shape = {list(source.shape)}")
    idx = np.asarray(index._data, dtype=np.int64).reshape(-1)
    if ((idx < 0) | (idx >= (input.shape[d] if input.dim() else 1))).any():
        raise IndexError("index out of range in self")   # NOTE: a negative index too (not counted from the end)
    return {"dim": d, "index": idx, "alpha": alpha}


def index_add(input, dim, index, source, *, alpha=1, out=None):
    return apply(R["index_add"], (input, source), _index_add_args(input, dim, index, source, alpha))


def broadcast_to(input, size):
    return expand(input, *size)


def broadcast_tensors(*tensors):
    shape = np.broadcast_shapes(*(tuple(t.shape) for t in tensors))
    return tuple(t if tuple(t.shape) == shape else expand(t, *shape) for t in tensors)


def isfinite(input):
    return Tensor._make(np.isfinite(np.asarray(input._data)) if input.dtype.is_floating_point
                        else np.ones(tuple(input.shape), bool))


def addcmul(input, tensor1, tensor2, *, value=1, out=None):
    return apply(R["addcmul"], (input, tensor1, tensor2), {"value": value})


def addcdiv(input, tensor1, tensor2, *, value=1, out=None):
    if not tensor1.dtype.is_floating_point and not tensor2.dtype.is_floating_point:
        raise RuntimeError("Integer division with addcdiv is no longer supported, and in a future release addcdiv "
                           "will perform a true division of tensor1 and tensor2. The historic addcdiv behavior can "
                           "be implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for "
                           "integer inputs and as (input + value * tensor1 / tensor2) for float inputs. The future "
                           "addcdiv behavior is just the latter implementation: (input + value * tensor1 / tensor2), "
                           "for all dtypes.")
    return apply(R["addcdiv"], (input, tensor1, tensor2), {"value": value})


def lerp(input, end, weight, *, out=None):
    if isinstance(weight, Tensor):
        return apply(R["lerp_tensor"], (input, end, weight))
    return apply(R["lerp_scalar"], (input, end), {"weight": weight})


def atan2(input, other, *, out=None):
    return apply(R["atan2"], (input, as_tensor_operand(other)))


arctan2 = atan2


def nan_to_num(input, nan=0.0, posinf=None, neginf=None, *, out=None):
    return apply(R["nan_to_num"], (input,), {"nan": float(nan), "posinf": posinf, "neginf": neginf})


def logit(input, eps=None, *, out=None):
    return apply(R["logit"], (input,), {"eps": None if eps is None else float(eps)})


def ravel(input):
    return reshape(input, (-1,))


def swapdims(input, dim0, dim1):
    return transpose(input, dim0, dim1)


def tile(input, dims):
    dims = tuple(dims) if isinstance(dims, (tuple, list)) else (dims,)
    if len(dims) < input.dim():
        dims = (1,) * (input.dim() - len(dims)) + dims
    return repeat(input, *dims)


def movedim(input, source, destination):
    src = [input._dim(d) for d in (source if isinstance(source, (tuple, list)) else (source,))]
    dst = [input._dim(d) for d in (destination if isinstance(destination, (tuple, list)) else (destination,))]
    if len(src) != len(dst):
        raise RuntimeError(f"movedim: Invalid source or destination dims: source ({src} dims) should contain the same "
                           f"number of dims as destination ({dst} dims)")
    order = [d for d in range(input.dim()) if d not in src]
    perm = [None] * input.dim()
    for s_, d_ in zip(src, dst):
        perm[d_] = s_
    rest = iter(order)
    perm = [p if p is not None else next(rest) for p in perm]
    return permute(input, perm)


moveaxis = movedim


def unflatten(input, dim, sizes):
    d = input._dim(dim)
    shape = list(input.shape)
    return view(input, *(shape[:d] + list(sizes) + shape[d + 1:]))


def fix(input, *, out=None):
    return trunc(input)


def diff(input, n=1, dim=-1, prepend=None, append=None):
    """``x[1:] - x[:-1]`` along ``dim``, ``n`` times (SliceBackward0, SubBackward0), after prepend/append."""
    d = input._dim(dim)
    x = input
    if prepend is not None or append is not None:
        x = cat([t for t in (prepend, x, append) if t is not None], d)
    for _ in range(n):
        size = x.shape[d]
        x = sub(narrow(x, d, 1, size - 1), narrow(x, d, 0, size - 1))
    return x


def repeat_interleave(input, repeats=None, dim=None, *, output_size=None):
    """Each element repeated: with a number, unsqueeze/expand/clone/view as PyTorch composes it (the input
    flattened first without ``dim``); with a tensor of counts, index_select; ``repeat_interleave(counts)``: the
    indices themselves."""
    if repeats is None:
        counts = np.asarray(input._data, dtype=np.int64)
        return Tensor._make(np.repeat(np.arange(counts.size, dtype=np.int64), counts))
    if dim is None:
        input = reshape(input, (-1,))
        dim = 0
    d = input._dim(dim)
    if isinstance(repeats, Tensor) and repeats.numel() != 1:
        counts = np.asarray(repeats._data, dtype=np.int64).reshape(-1)
        if counts.size != input.shape[d]:
            raise RuntimeError("repeats must have the same size as input along dim, but got repeats.size(0) = "
                               f"{counts.size} and input.size({d}) = {input.shape[d]}")
        index = Tensor._make(np.repeat(np.arange(counts.size, dtype=np.int64), counts))
        return index_select(input, d, index)
    r = int(repeats.item() if isinstance(repeats, Tensor) else repeats)
    if r < 0:
        raise RuntimeError("repeats can not be negative")
    shape = list(input.shape)
    wide = shape[:d + 1] + [r] + shape[d + 1:]
    out = clone(expand(unsqueeze(input, d + 1), *wide))
    return view(out, *(shape[:d] + [shape[d] * r] + shape[d + 1:]))


def argsort(input, dim=-1, descending=False, stable=False):
    return sort(input, dim, descending).indices


def tril(input, diagonal=0, *, out=None):
    return apply(R["tril"], (input,), {"diagonal": int(diagonal)})


def triu(input, diagonal=0, *, out=None):
    return apply(R["triu"], (input,), {"diagonal": int(diagonal)})


def diagonal(input, offset=0, dim1=0, dim2=1):
    if input.dim() < 2:
        raise RuntimeError(f"diagonal dimensions requires ndim larger than 1, but got ndim={input.dim()}")
    params = {"offset": int(offset), "dim1": input._dim(dim1), "dim2": input._dim(dim2)}
    if params["dim1"] == params["dim2"]:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    return apply(R["diagonal"], (input,), params)


def diag(input, diagonal=0, *, out=None):
    """A vector's diagonal matrix (DiagEmbedBackward0), or a matrix's diagonal (DiagonalBackward0_copy)."""
    if input.dim() == 1:
        return apply(R["diag_embed"], (input,), {"offset": int(diagonal)})
    if input.dim() == 2:
        return apply(R["diag_copy"], (input,), {"offset": int(diagonal), "dim1": 0, "dim2": 1})
    raise RuntimeError("diag(): Supports 1D or 2D tensors. Got " + f"{input.dim()}D")


def roll(input, shifts, dims=None):
    shifts = tuple(int(k) for k in (shifts if isinstance(shifts, (tuple, list)) else (shifts,)))
    if dims is None:
        if len(shifts) != 1:
            raise RuntimeError(f"`shifts` required to be of size 1 when `dims` is not provided, but got {len(shifts)}")
        return apply(R["roll"], (input,), {"shifts": shifts, "dims": None})
    dims = tuple(input._dim(d) for d in (dims if isinstance(dims, (tuple, list)) else (dims,)))
    if len(dims) != len(shifts):
        raise RuntimeError(f"shifts and dimensions must align. shifts: {len(shifts)}, dims:{len(dims)}")
    return apply(R["roll"], (input,), {"shifts": shifts, "dims": dims})


def take(input, index):
    return apply(R["take"], (input,), {"index": np.asarray(index._data, dtype=np.int64)})


def _masked_scatter(input, mask, source, in_place):
    if not isinstance(mask, Tensor) or mask.dtype is not dtypes.bool_:
        name = mask.dtype.scalar_name if isinstance(mask, Tensor) else type(mask).__name__
        raise RuntimeError(f"masked_scatter_ only supports boolean masks, but got mask with dtype {name}")
    if input.dtype is not source.dtype:
        raise RuntimeError(f"masked_scatter: expected self and source to have same dtypes but got"
                           f"{input.dtype.scalar_name} and {source.dtype.scalar_name}")
    m = np.broadcast_to(np.asarray(mask._data, bool), tuple(input.shape))
    if int(m.sum()) > source.numel():
        raise RuntimeError("Number of elements of source < number of ones in mask")
    params = {"mask": np.array(m)}
    if in_place:
        return inplace(R["masked_scatter"], input, (source,), params)
    return apply(R["masked_scatter"], (input, source), params)


def masked_scatter(input, mask, source):
    """A copy of ``input`` with ``source``'s elements, in order, where ``mask`` is True."""
    return _masked_scatter(input, mask, source, False)


def masked_scatter_(input, mask, source):
    return _masked_scatter(input, mask, source, True)


def masked_select(input, mask, *, out=None):
    if mask.dtype is not dtypes.bool_:
        raise RuntimeError("masked_select: expected BoolTensor for mask")
    return apply(R["masked_select"], (input,), {"mask": np.asarray(mask._data, dtype=bool)})


def logsumexp(input, dim, keepdim=False, *, out=None):
    return apply(R["logsumexp"], (input,), {"dim": _dims(input, dim) if input.dim() else (0,),
                                            "keepdim": bool(keepdim)})


def _stack_like(name, tensors, at_least, dim):
    if not isinstance(tensors, (list, tuple)):
        raise TypeError(f"{name}(): argument 'tensors' (position 1) must be tuple of Tensors, not "
                        f"{type(tensors).__name__}")
    parts = []
    for t in tensors:
        while t.dim() < at_least:
            t = unsqueeze(t, 0 if t.dim() == 0 or at_least == 2 else t.dim())
        parts.append(t)
    return cat(parts, dim(parts))


def hstack(tensors, *, out=None):
    return _stack_like("hstack", tensors, 1, lambda ps: 0 if ps and ps[0].dim() == 1 else 1)


def vstack(tensors, *, out=None):
    return _stack_like("vstack", tensors, 2, lambda ps: 0)


def meshgrid(*tensors, indexing=None):
    """Each 1-D tensor viewed along its own dim and expanded to the grid (ViewBackward0, ExpandBackward0)."""
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    if indexing is None:
        warnings.warn("torch.meshgrid: in an upcoming release, it will be required to pass the indexing argument. "
                      "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4215.)", UserWarning)
        indexing = "ij"
    if indexing not in ("ij", "xy"):
        raise RuntimeError(f"torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: {indexing}")
    ts = list(tensors)
    swap = indexing == "xy" and len(ts) >= 2
    if swap:
        ts[0], ts[1] = ts[1], ts[0]
    shape = tuple(t.numel() for t in ts)
    grids = []
    for i, t in enumerate(ts):
        view_shape = [1] * len(ts)
        view_shape[i] = -1
        grids.append(expand(view(t, *view_shape), *shape))
    if swap:
        grids[0], grids[1] = grids[1], grids[0]
    return tuple(grids)


def view_as(input, other):
    return input.view(other.shape)


def argmax(input, dim=None, keepdim=False):
    d = None if dim is None else input._dim(dim)
    _nonempty("argmax", input, d)
    return apply(R["argmax"], (input,), {"dim": d, "keepdim": keepdim})


def nonzero(input, *, out=None, as_tuple=False):
    """The indices of the non-zero elements (int64, never part of a graph)."""
    d = np.asarray(input._data)
    where = np.argwhere(d).astype(np.int64)
    if not as_tuple:
        return Tensor._make(where)
    if d.ndim == 0:
        return (Tensor._make(np.zeros(int(where.shape[0]), np.int64)),)
    return tuple(Tensor._make(np.ascontiguousarray(where[:, i])) for i in range(d.ndim))


def argwhere(input):
    return nonzero(input)


def count_nonzero(input, dim=None, *dims):
    if dims:                      # count_nonzero(x, 0, 1): PyTorch's dims as varargs
        dim = (dim,) + dims
    d = np.asarray(input._data)
    axis = None if dim is None else _dims(input, dim)
    return Tensor._make(np.asarray(np.count_nonzero(d, axis=axis), np.int64)[()])


def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """``torch.unique``: the distinct values (sorted: PyTorch's CPU kernel sorts even when asked not to),
    with the index of each input element's value and each value's count when asked.  The values of an
    input that requires grad have PyTorch's node (Unique2Backward0, UniqueDimBackward0 with ``dim``), whose
    backward is not implemented (core.ops.shape)."""
    d = np.asarray(input._data)
    axis = None if dim is None else input._dim(dim)
    _values, inverse, counts = np.unique(d, return_inverse=True, return_counts=True, axis=axis)
    out = [apply(R["unique"], (input,)) if axis is None else apply(R["unique_dim"], (input,), {"dim": axis})]
    if return_inverse:
        shape = d.shape if axis is None else (d.shape[axis],)
        out.append(Tensor._make(np.asarray(inverse, np.int64).reshape(shape)[()]))
    if return_counts:
        out.append(Tensor._make(np.asarray(counts, np.int64)))
    return out[0] if len(out) == 1 else tuple(out)


_CROSS_DIM_WARNING = (
    "Using torch.cross without specifying the dim arg is deprecated.\n"
    "Please either pass the dim explicitly or simply use torch.linalg.cross.\n"
    "The default value of dim will change to agree with that of linalg.cross in a future release. (Triggered "
    "internally at /__w/pytorch/pytorch/aten/src/ATen/native/Cross.cpp:63.)")
def linalg_cross(input, other, *, dim=-1):
    """``torch.linalg.cross``: the cross product of the 3-vectors along ``dim``, the others broadcast
    (core.ops.linalg)."""
    return apply(R["linalg_cross"], (input, other), {"dim": dim})


def cross(input, other, dim=None, *, out=None):
    """``torch.cross`` and ``Tensor.cross``: linalg.cross, except that without ``dim`` it takes the
    first dimension of ``input`` of size 3 (deprecated, with PyTorch's warning, once)."""
    if dim is None:
        warn_once(_CROSS_DIM_WARNING)
        sizes = tuple(input.shape)
        if 3 not in sizes:
            raise RuntimeError("no dimension of size 3 in input")
        dim = sizes.index(3)
    return linalg_cross(input, other, dim=dim)


cross._bpl_no_overlap = True


def argmin(input, dim=None, keepdim=False):
    d = None if dim is None else input._dim(dim)
    _nonempty("argmin", input, d)
    return apply(R["argmin"], (input,), {"dim": d, "keepdim": keepdim})


def softmax(input, dim=None, dtype=None, _stacklevel=3):
    if dtype is not None:
        input = to(input, dtype)
    return apply(R["softmax"], (input,), {"dim": input._dim(_implicit_dim(input, dim))})


def log_softmax(input, dim=None, dtype=None, _stacklevel=3):
    if dtype is not None:
        input = to(input, dtype)
    return apply(R["log_softmax"], (input,), {"dim": input._dim(_implicit_dim(input, dim, "log_softmax"))})


def _implicit_dim(input, dim, name="softmax"):
    if dim is not None:
        return dim
    warnings.warn(f"Implicit dimension choice for {name} has been deprecated. Change the call to include "
                  "dim=X as an argument.", UserWarning, stacklevel=4)
    return 0 if input.dim() in (0, 1, 3) else 1


# ---------------------------------------------------------------------------
# shape
# ---------------------------------------------------------------------------

def _shape_args(args):
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        args = tuple(args[0])
    return tuple(int(a) for a in args)


def view(input, *shape):
    if len(shape) == 1 and isinstance(shape[0], dtypes.dtype):
        raise RuntimeError("view(dtype) is not supported")
    return apply(R["view"], (input,), {"shape": _shape_args(shape)})


def reshape(input, *shape):
    shape = _shape_args(shape)
    d = input._data
    if not isinstance(d, np.ndarray) or d.flags.c_contiguous:
        return apply(R["view"], (input,), {"shape": shape})
    if _reshape_is_view(d, shape):
        return apply(R["reshape_alias"], (input,), {"shape": shape})
    return apply(R["unsafe_view"], (clone(input),), {"shape": R["view"].forward(np.empty(d.shape, d.dtype),
                                                                            shape=shape).shape})


def _reshape_is_view(d, shape):
    try:
        return np.may_share_memory(d.reshape(shape), d)
    except ValueError:
        return True  # let view raise the size error


def flatten(input, start_dim=0, end_dim=-1):
    n = input.dim()
    if n == 0:
        return reshape(input, (1,))
    s, e = input._dim(start_dim), input._dim(end_dim)
    if s > e:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if s == e:
        return input
    shp = tuple(input.shape)
    new = shp[:s] + (int(np.prod(shp[s:e + 1])),) + shp[e + 1:]
    return reshape(input, new)


def transpose(input, dim0, dim1):
    return apply(R["transpose"], (input,), {"dim0": input._dim(dim0), "dim1": input._dim(dim1)})


swapaxes = transpose
swapdims = transpose


def t(input):
    return apply(R["t"], (input,))


def permute(input, *dims):
    dims = _shape_args(dims)
    if len(dims) != input.dim():
        raise RuntimeError("permute(sparse_coo): number of dimensions in the tensor input does not match the length of "
                           "the desired ordering of dimensions i.e. input.dim() = "
                           f"{input.dim()} is not equal to len(dims) = {len(dims)}")
    return apply(R["permute"], (input,), {"dims": tuple(input._dim(d) for d in dims)})


def flip(input, *args, dims=None):
    """torch.flip / Tensor.flip: ``dims`` a list or tuple (the method also takes them one by one)."""
    seen = []
    for d in _shape_args(args if dims is None else (dims,)):
        d = input._dim(d)
        if d in seen:
            raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
        seen.append(d)
    return apply(R["flip"], (input,), {"dims": tuple(seen)})


def fliplr(input):
    if input.dim() < 2:
        raise RuntimeError("Input must be >= 2-d.")
    return flip(input, (1,))


def flipud(input):
    if input.dim() < 1:
        raise RuntimeError("Input must be >= 1-d.")
    return flip(input, (0,))


def unsqueeze(input, dim):
    n = input.dim() + 1
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
    return apply(R["unsqueeze"], (input,), {"dim": dim % n})


def squeeze(input, dim=None):
    if dim is None:
        return apply(R["squeeze"], (input,))
    return apply(R["squeeze_dim"], (input,), {"dim": _dims(input, dim) if input.dim() else 0})


def expand(input, *sizes, implicit=False):
    return apply(R["expand"], (input,), {"shape": _shape_args(sizes)})


def expand_as(input, other):
    return expand(input, *other.shape)


def repeat(input, *sizes):
    return apply(R["repeat"], (input,), {"repeats": _shape_args(sizes)})


def contiguous(input, memory_format=None):
    check_memory_format(memory_format)
    d = input._data
    if not isinstance(d, np.ndarray) or d.flags.c_contiguous:
        return input
    return apply(R["clone"], (input,), {"order": "C"})


def narrow(input, dim, start, length):
    if isinstance(start, Tensor) and (start.dim() or start.dtype.category != 1):
        raise RuntimeError("start must be an 0-dim integral Tensor.")
    d = input._dim(dim)
    start = _num(start)
    if start < 0:
        start += input.shape[d]
    if start + length > input.shape[d]:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size ({input.shape[d]}).")
    return apply(R["slice"], (input,), {"dim": d, "start": start, "stop": start + length, "step": 1})


def _index_copy(input, dim, index, source, in_place):
    """``index_copy``/``index_copy_`` with PyTorch's checks, in its order."""
    d = input._dim(dim) if input.dim() else 0
    if index.dim() >= 2:
        raise IndexError(f"index_copy_(): Index should have dimension 1 or 0 (got {index.dim()})")
    count = index.numel()
    if source.dim() > 0 and count != source.shape[d]:
        raise IndexError(f"index_copy_(): Number of indices ({count}) should be equal to source.size(dim) "
                         f"({source.shape[d]})")
    if index.dtype is not dtypes.int64:
        raise RuntimeError(f"index_copy_(): Expected a long tensor for index, but got {index.dtype.scalar_name}")
    if input.dtype is not source.dtype:
        raise RuntimeError(f"index_copy_(): self and source expected to have the same dtype, but got (self) "
                           f"{input.dtype.scalar_name} and (source) {source.dtype.scalar_name}")
    if source.dim() > 0 and input.dim() > 0:
        if source.dim() != input.dim():
            raise IndexError(f"index_copy_(): When source and destination are not scalars, their dimensionality must "
                             f"match. Source dimensionality ({source.dim()}), destination dimensionality "
                             f"({input.dim()})")
        mine = [n for k, n in enumerate(input.shape) if k != d]
        theirs = [n for k, n in enumerate(source.shape) if k != d]
        if mine != theirs:
            raise RuntimeError(f"index_copy_(): Source/destination tensor must have same slice shapes. Destination "
                               f"slice shape: {' '.join(map(str, mine))} at dimension {d} and source slice shape: "
                               f"{' '.join(map(str, theirs))} at dimension 0.")
    size = input.shape[d] if input.dim() else 1
    idx = np.atleast_1d(np.asarray(index._data).astype(np.int64))
    bad = idx[(idx < 0) | (idx >= size)]
    if bad.size:
        raise IndexError(f"index_copy_(): index {int(bad.flat[0])} is out of bounds for dimension {d} with size {size}")
    params = {"dim": d, "index": idx}
    if in_place:
        return inplace(R["index_copy"], input, (source,), params)
    return apply(R["index_copy"], (input, source), params)


def index_copy(input, dim, index, source):
    """A copy of ``input`` with ``source``'s slices along ``dim`` at the positions ``index`` lists."""
    return _index_copy(input, dim, index, source, False)


def index_copy_(input, dim, index, source):
    """``index_copy`` in place."""
    return _index_copy(input, dim, index, source, True)


def unfold(input, dimension, size, step):
    """``Tensor.unfold``: the windows of ``size`` elements, ``step`` apart, along ``dimension``, as a new
    last dimension (a view), with PyTorch's checks."""
    d = input._dim(dimension) if input.dim() else 0
    length = input.shape[d] if input.dim() else 1
    if size > length:
        raise RuntimeError(f"maximum size for tensor at dimension {d} is {length} but size is {size}")
    if step <= 0:
        raise RuntimeError(f"step is {step} but must be > 0")
    return apply(R["unfold"], (input,), {"dimension": d, "size": size, "step": step})


def gather(input, dim, index, *, sparse_grad=False, out=None):
    """``out[i][j] = input[index[i][j]][j]`` (dim 0) and so on, with PyTorch's checks."""
    if not isinstance(index, Tensor):
        raise TypeError(f"gather(): argument 'index' (position 3) must be Tensor, not {type(index).__name__}")
    d = input._dim(dim) if input.dim() else 0
    if index.dtype not in (dtypes.int64, dtypes.int32):
        raise RuntimeError("gather(): Expected dtype int32/int64 for index")
    idx = np.asarray(index._data).astype(np.int64)
    if idx.ndim != input.dim() and builtins.max(idx.ndim, input.dim()) > 1:   # 0-d and 1-d pair up, as in PyTorch
        raise RuntimeError("Index tensor must have the same number of dimensions as input tensor")
    shape = tuple(input.shape) if input.dim() else (1,)
    for k in range(idx.ndim):
        if k != d and idx.shape[k] > shape[k]:
            raise RuntimeError(f"Size does not match at dimension {k} expected index {list(idx.shape)} to be no larger "
                               f"than self {list(shape)} apart from dimension {d}")
    size = shape[d]
    bad = idx[(idx < 0) | (idx >= size)]
    if bad.size:
        raise RuntimeError(f"index {int(bad.flat[0])} is out of bounds for dimension {d} with size {size}")
    return apply(R["gather"], (input,), {"dim": d, "index": idx})


def index_select(input, dim, index):
    if not isinstance(index, Tensor):
        raise TypeError(f"index_select(): argument 'index' (position 2) must be Tensor, not {type(index).__name__}")
    d = input._dim(dim) if input.dim() else 0
    if index.dim() > 1:
        raise IndexError("index_select(): Index is supposed to be a vector")
    if index.dtype not in (dtypes.int64, dtypes.int32):
        raise RuntimeError("index_select(): Expected dtype int32 or int64 for index")
    idx = np.atleast_1d(index._data).astype(np.int64)
    size = input.shape[d] if input.dim() else 1
    if input.dim() == 0 and len(idx) != 1:
        raise RuntimeError(f"index_select(): Index to scalar can have only 1 value, got {len(idx)} value(s)")
    if ((idx < 0) | (idx >= size)).any():
        raise IndexError("index out of range in self")
    return apply(R["index_select"], (input,), {"dim": d, "index": idx})


def select(input, dim, index):
    return apply(R["select"], (input,), {"dim": input._dim(dim), "index": _num(index)})


def cat(tensors, dim=0, *, out=None):
    tensors = tuple(tensors)
    if not tensors:
        raise ValueError("torch.cat(): expected a non-empty list of Tensors")
    for i, t in enumerate(tensors):
        if not isinstance(t, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got {type(t).__name__}")
    if tensors[0].dim():
        tensors[0]._dim(dim)   # PyTorch's range error
    return apply(R["cat"], tensors, {"dim": dim})


concat = concatenate = cat


def stack(tensors, dim=0, *, out=None):
    tensors = tuple(tensors)
    if not tensors:
        raise RuntimeError("stack expects a non-empty TensorList")
    n = tensors[0].dim() + 1
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
    return apply(R["stack"], tensors, {"dim": dim % n})


def unbind(input, dim=0):
    return tuple(select(input, dim, i) for i in range(input.shape[dim]))


def chunk(input, chunks, dim=0):
    n = input.shape[dim]
    step = -(-n // chunks)
    return tuple(narrow(input, dim, s, builtins.min(step, n - s)) for s in range(0, n, step))


def split(input, split_size_or_sections, dim=0):
    n = input.shape[dim]
    if isinstance(split_size_or_sections, int):
        sizes = [builtins.min(split_size_or_sections, n - s) for s in range(0, n, split_size_or_sections)]
    else:
        sizes = list(split_size_or_sections)
    out, s = [], 0
    for k in sizes:
        out.append(narrow(input, dim, s, k))
        s += k
    return tuple(out)


# ---------------------------------------------------------------------------
# nn ops that are torch functions too (declared in core.ops.activations; the rest
# of torch.nn.functional is in core.torch.nn.functional)
# ---------------------------------------------------------------------------

_run_inplace = inplace


def floating_only(input, kernel):
    """PyTorch's error for a float-only kernel run on an integer tensor."""
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f'"{kernel}" not implemented for \'{input.dtype.scalar_name}\'')


def activation(name, input, params=_EMPTY, inplace=False):
    """Run activation op ``name``, in place on ``input`` when asked."""
    if inplace:
        return _run_inplace(INPLACE_NODES.get(name, R[name]), input, (), params)
    return apply(R[name], (input,), params)


def leaky_relu(input, negative_slope=0.01, inplace=False):
    floating_only(input, "leaky_relu_cpu")
    return activation("leaky_relu", input, {"negative_slope": float(negative_slope)}, inplace)


def addmm(input, mat1, mat2, *, beta=1, alpha=1, out=None):
    """``beta * input + alpha * (mat1 @ mat2)`` (AddmmBackward0)."""
    params = {k: v for k, v in (("beta", beta), ("alpha", alpha)) if v != 1}
    return apply(R["addmm"], (input, mat1, mat2), params)


def selu(input, inplace=False):
    # NOTE: PyTorch's selu is its elu kernel with SELU's scale: grad_fn EluBackward0
    floating_only(input, "elu_cpu")
    return activation("elu", input, {"alpha": SELU_ALPHA, "scale": SELU_SCALE, "input_scale": 1.0}, inplace)


def celu(input, alpha=1.0, inplace=False):
    floating_only(input, "elu_cpu")
    return activation("celu", input, {"alpha": float(alpha)}, inplace)


def prelu(input, weight):
    floating_only(input, "prelu_cpu")
    return apply(R["prelu"], (input, weight))


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05, cudnn_enable=True):
    if isinstance(normalized_shape, int):
        raise TypeError("layer_norm(): argument 'normalized_shape' (position 2) must be tuple of ints, not int")
    shape = tuple(int(n) for n in normalized_shape)
    listed = "[" + ", ".join(map(str, shape)) + "]"
    if tuple(input.shape[input.dim() - len(shape):]) != shape or len(shape) > input.dim() or not shape:
        raise RuntimeError(f"Given normalized_shape={listed}, expected input with shape [*, "
                           f"{listed[1:-1]}], but got input of size{list(input.shape)}")
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and tuple(t.shape) != shape:
            raise RuntimeError(f"Expected {name} to be of same shape as normalized_shape, but got {name} of shape "
                               f"{list(t.shape)} and normalized_shape = {listed}")
    floating_only(input, "LayerNormKernelImpl")
    return apply(R["layer_norm"], (input, weight, bias), {"normalized_shape": shape, "eps": float(eps)})


def setitem(self, idx, value):
    """``self[idx] = value``; a list or array value becomes a tensor of ``self``'s dtype first."""
    if isinstance(value, (list, tuple, np.ndarray)):
        value = tensor(value, dtype=self.dtype)
    _setitem(self, idx, value)


def _numpy_names(fn, aliases):
    """numpy's keyword names beside PyTorch's, as PyTorch takes them (``A.sum(axis=1, keepdims=True)``:
    d2l writes it): ``aliases`` maps numpy's name to PyTorch's."""
    def wrapped(*args, **kwargs):
        for theirs, ours in aliases.items():
            if theirs in kwargs:
                if ours in kwargs:
                    raise TypeError(f"{fn.__name__}() received an invalid combination of arguments: both {ours} "
                                    f"and {theirs}")
                kwargs[ours] = kwargs.pop(theirs)
        return fn(*args, **kwargs)
    wrapped.__name__ = wrapped.__qualname__ = fn.__name__
    wrapped.__wrapped__ = fn   # its signature is fn's (which says whether it takes out=)
    return wrapped


for _name in ("sum", "mean", "prod", "std", "var", "amax", "amin", "max", "min", "argmax", "argmin", "count_nonzero", "all", "any"):
    globals()[_name] = _numpy_names(globals()[_name], {"axis": "dim", "keepdims": "keepdim"})
for _name in ("softmax", "log_softmax", "squeeze", "unsqueeze", "cumsum"):
    globals()[_name] = _numpy_names(globals()[_name], {"axis": "dim"})


def _resized_warning(old, new) -> str:
    return (f"An output with one or more elements was resized since it had shape [{', '.join(map(str, old))}], which "
            f"does not match the required output shape [{', '.join(map(str, new))}]. This behavior is deprecated, "
            "and in a future PyTorch release outputs will not be resized unless they have zero elements. You can "
            "explicitly reuse an out tensor t by resizing it, inplace, to zero elements with t.resize_(0). "
            "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/Resize.cpp:30.)")


def _writes_out(fn):
    """``torch.NAME(..., out=t)``: the result written into ``t`` (resized when its shape differs,
    with PyTorch's warning unless it was empty; cast to its dtype where PyTorch allows it) and
    ``t`` returned.  PyTorch refuses out= where autograd would have to record it."""
    name = fn.__name__

    def with_out(*args, out=None, **kwargs):
        if out is None:
            return fn(*args, **kwargs)
        several = isinstance(out, (tuple, list))   # a tuple of Tensors, checked by the signature
        if not several and not isinstance(out, Tensor):
            raise TypeError(f"{name}(): argument 'out' must be Tensor, not {type(out).__name__}")
        check = getattr(fn, "_bpl_out_check", None)   # what the function itself asks of out= (searchsorted)
        if check is not None:
            check(out, **kwargs)
        result = fn(*args, **kwargs)
        results = result if isinstance(result, tuple) else (result,)
        outs = tuple(out) if several else (out,)
        if grad_mode._state[0] and builtins.any(t.requires_grad for t in outs + results):
            raise RuntimeError(f"{name}(): functions with out=... arguments don't support automatic "
                               "differentiation, but one of the arguments requires grad.")
        if getattr(fn, "_bpl_no_overlap", False) and builtins.any(
                isinstance(a, Tensor) and np.shares_memory(a._data, t._data) for a in args for t in outs):
            # a kernel that reads its inputs after writing some of the output (cross), unlike elementwise ones
            raise RuntimeError("unsupported operation: some elements of the input tensor and the written-to tensor "
                               "refer to a single memory location. Please clone() the tensor before performing "
                               "the operation.")
        if several and len(outs) != len(results):
            raise TypeError(f"expected tuple of {len(results)} elements but got {len(outs)}")
        if len(results) != 1 or several:
            raise NotImplementedError(f"{name}(out=...) with several results is not available in Backprop Lens: "
                                      "assign the results instead")
        r = results[0]
        if r.dtype.category > out.dtype.category:
            raise RuntimeError(f"result type {r.dtype.scalar_name} can't be cast to the desired output type "
                               f"{out.dtype.scalar_name}")
        if tuple(out.shape) != tuple(r.shape):
            if out.numel():
                warnings.warn(_resized_warning(out.shape, r.shape), UserWarning)
            out._data = np.array(r._data, dtype=out._data.dtype)
            out._bump_version()
        else:
            with grad_mode.no_grad():
                copy_(out, r)
        return out
    with_out.__name__ = with_out.__qualname__ = name
    with_out.__doc__ = fn.__doc__
    return with_out


# ---------------------------------------------------------------------------
# complex numbers (core.ops.complex_numbers): values only, never differentiated
# ---------------------------------------------------------------------------

def real(input):
    """The real parts (a view); a real tensor is its own real part."""
    return apply(R["real"], (input,)) if input.dtype.is_complex else input


def imag(input):
    return apply(R["imag"], (input,))


def conj(input):
    """The complex conjugate; a real tensor is its own."""
    return apply(R["conj"], (input,)) if input.dtype.is_complex else input


def view_as_real(input):
    return apply(R["view_as_real"], (input,))


def view_as_complex(input):
    return apply(R["view_as_complex"], (input,))


def complex(real, imag, *, out=None):
    return apply(R["complex"], (real, imag))


def polar(abs, angle, *, out=None):
    return apply(R["polar"], (abs, angle))


def resolve_conj(input):
    return input


def linalg_eig(A):
    """Eigenvalues and eigenvectors of a square matrix (complex): two ops of one decomposition, each with a
    LinalgEigBackward0 node."""
    return LinalgEigResult(apply(R["eig_values"], (A,)), apply(R["eig_vectors"], (A,)))


LinalgEigResult = type("linalg_eig", (_NamedResult,), {"_kind": "linalg_eig", "_fields": ("eigenvalues", "eigenvectors"),
                                                       "_bpl_public": ("eigenvalues", "eigenvectors")})


# What a program sees as torch.NAME: the generated functions and these composites
# (the losses are torch.nn.functional's; the rest here are Tensor methods only).
__all__ = sorted(PLAIN) + [
    "floor_divide", "fmod", "remainder",
    "index_select", "dist", "cdist", "rot90", "tensordot", "kron", "bincount", "histc", "searchsorted", "bucketize",
    "absolute", "arccos", "arcsin", "arctan", "add", "all", "allclose", "any", "cumsum", "amax", "amin", "argmax", "argmin", "argwhere", "bmm", "cat", "chunk", "clamp",
    "clamp_max", "clamp_min", "clip", "clone", "concat", "concatenate", "div", "divide", "dot", "einsum", "eq", "equal",
    "count_nonzero", "flatten", "flip", "fliplr", "flipud", "gather", "ge", "gt", "isclose", "isinf", "isnan", "le", "log2", "log10", "log_softmax", "logical_and",
    "logical_or", "logical_xor", "lt", "matmul", "max", "maximum", "mean", "min", "minimum", "mm", "mul",
    "multiply", "mv", "narrow", "ne", "neg", "negative", "nonzero", "norm", "outer", "permute", "pow", "prod",
    "reciprocal", "repeat", "reshape", "round", "rsqrt", "select", "softmax", "split", "square", "squeeze",
    "stack", "std", "sub", "subtract", "sum", "swapaxes", "swapdims", "t", "transpose", "true_divide", "unbind",
    "unsqueeze", "var", "where", "std_mean", "var_mean", "det", "inverse", "svd", "matrix_power"
]
__all__ += ["cumprod", "trace", "sort", "topk", "median", "cummax", "cummin", "kthvalue", "mode"]
__all__ += ["argsort", "tril", "triu", "diagonal", "diag", "roll", "take", "masked_select", "logsumexp", "hstack",
            "vstack", "meshgrid"]
__all__ += ["scatter", "scatter_add", "index_fill", "index_add", "broadcast_tensors", "broadcast_to", "isfinite"]
__all__ += ["index_copy", "masked_scatter"]
__all__ += ["repeat_interleave"]
__all__ += ["addcmul", "addcdiv", "lerp", "atan2", "arctan2", "nan_to_num", "logit", "ravel", "swapdims", "tile",
            "movedim", "moveaxis", "unflatten", "fix", "diff"]
__all__ += ["addmm", "celu", "layer_norm", "prelu", "selu"]  # torch.nn.functional's that torch has too
__all__ += ["real", "imag", "conj", "view_as_real", "view_as_complex", "complex", "polar", "resolve_conj"]
__all__ += ["bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift", "bitwise_right_shift", "unique", "cross"]

for _name in __all__:
    if "out" in _inspect.signature(globals()[_name]).parameters:
        globals()[_name] = _writes_out(globals()[_name])
