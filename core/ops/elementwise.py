"""Elementwise ops: arithmetic, unary math, clamping, where, casts.

Each vjp returns one gradient per input; gradients of the output's shape are
summed down to broadcast inputs by the engine.  ``ctx.input(i, F)`` reads a
saved input, ``ctx.result(F)`` the saved output, ``ctx.wants(i)`` whether input
``i`` needs a gradient.
"""
from __future__ import annotations

import numpy as np

from core import dtypes
from core.ops import numbers, vecmath
from core.ops.registry import SPECIAL, call, defop
from core.ops.shape_errors import broadcast_error
from core.ops.vjp import raw as _raw

# ---------------------------------------------------------------------------
# arithmetic
# ---------------------------------------------------------------------------


def _plus_scaled(a, b, alpha):
    """``a + alpha * b`` as PyTorch's add kernel computes it: for float32 and float64 one fused multiply-add
    (alpha in the dtype), rounded once; other dtypes as written.

    NOTE: measured bit for bit for operands of one shape (``p.add_(p.grad, alpha=-lr)``).  With a number or a
    broadcast element as ``b``, PyTorch's vectors are these FMAs too, but its last few elements past the whole
    vectors add a product rounded first (the kernel hoists ``alpha * b``), in an order not fully modelled."""
    dt = np.result_type(a, b)
    if dt == np.float32:
        a, b = np.asarray(a, np.float32), np.asarray(b, np.float32)
        if a.shape != b.shape and b.size != 1:    # vecmath.fma takes operands of the result's shape, or numbers
            shape = np.broadcast_shapes(a.shape, b.shape)
            a, b = (x if x.shape == shape else np.ascontiguousarray(np.broadcast_to(x, shape)) for x in (a, b))
        return vecmath.fma(b, np.float32(alpha), a)[()]
    if dt == np.float64:
        return vecmath.fma64(b, float(alpha), a)[()]
    return a + alpha * b


@defop("add", "AddBackward0", pytorch=call("torch.add", 0, 1, alpha="=alpha"), pytorch_inplace=True)
def add(a, b, alpha=1):
    return a + b if alpha == 1 else _plus_scaled(a, b, alpha)


@add.def_vjp
def _(ctx, g, F):
    alpha = ctx.params.get("alpha", 1)
    return g, (g if alpha == 1 else g * alpha)


@add.def_symbolic
def _(S, s, n, alpha=1):
    return S.obj(s[0] + s[1] * alpha if alpha != 1 else s[0] + s[1])


@defop("sub", "SubBackward0", pytorch=call("torch.sub", 0, 1, alpha="=alpha"), pytorch_inplace=True)
def sub(a, b, alpha=1):
    return a - b if alpha == 1 else _plus_scaled(a, b, -alpha)


@sub.def_vjp
def _(ctx, g, F):
    alpha = ctx.params.get("alpha", 1)
    return g, (-g if alpha == 1 else g * -alpha)


@sub.def_symbolic
def _(S, s, n, alpha=1):
    return S.obj(s[0] - s[1] * alpha if alpha != 1 else s[0] - s[1])


@defop("rsub", "RsubBackward1", pytorch=call("torch.rsub", 0, "=other", alpha="=alpha"))
def rsub(a, other=0, alpha=1):
    return _plus_scaled(np.asarray(other, np.result_type(a)), a, -alpha) if alpha != 1 else other - a


@rsub.def_vjp
def _(ctx, g, F):
    alpha = ctx.params.get("alpha", 1)
    return (-g if alpha == 1 else g * -alpha),


@rsub.def_symbolic
def _(S, s, n, other=0, alpha=1):
    return S.obj(other - s[0] * alpha)


@defop("mul", "MulBackward0", needs={0: (1,), 1: (0,)}, pytorch=call("torch.mul", 0, 1), pytorch_inplace=True)
def mul(a, b):
    return a * b


@mul.def_vjp
def _(ctx, g, F):
    (a_fn, _), (b_fn, _) = ctx.next_functions  # inlined wants(): mul is the hottest rule
    return (g * ctx.input(1, F) if a_fn is not None else None,
            g * ctx.input(0, F) if b_fn is not None else None)


@mul.def_symbolic
def _(S, s, n):
    return S.obj(s[0] * s[1])


@defop("div", "DivBackward0", needs={0: (1,), 1: (0, 1)}, dtype_rule="float",
       pytorch=call("torch.div", 0, 1), pytorch_inplace=True)
def div(a, b):
    return a / b


@div.def_vjp
def _(ctx, g, F):
    b = ctx.input(1, F)
    ga = g / b if ctx.wants(0) else None
    gb = -g * ctx.input(0, F) / (b * b) if ctx.wants(1) else None
    return ga, gb


@div.def_symbolic
def _(S, s, n):
    return S.obj(s[0] / s[1])


@defop("reciprocal", "ReciprocalBackward0", saves_result=True, dtype_rule="float",
       pytorch=call("torch.reciprocal", 0), pytorch_inplace=True, inplace_method=True)
def reciprocal(a):
    return 1 / a


@reciprocal.def_vjp
def _(ctx, g, F):
    r = ctx.result(F)
    return -g * (r * r),


@reciprocal.def_symbolic
def _(S, s, n):
    return S.obj(S.ONE / s[0])


@defop("neg", "NegBackward0", dtype_rule="first", pytorch=call("torch.neg", 0), pytorch_inplace=True,
       inplace_method=True)
def neg(a):
    if a.dtype == np.bool_:
        raise RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. If you are "
                           "trying to invert a mask, use the `~` or `logical_not()` operator instead.")
    return -a


@neg.def_vjp
def _(ctx, g, F):
    return -g,


@neg.def_symbolic
def _(S, s, n):
    return S.obj(-s[0])


@defop("pow", "PowBackward0", needs={0: (0,)}, pytorch=call("torch.pow", 0, "=exponent"), pytorch_inplace=True)
def pow_scalar(a, exponent=1.0):
    a = np.asarray(a)
    if a.dtype.kind == "f":
        # NOTE: PyTorch's CPU kernel computes these exponents by multiplication, division and sqrt
        # (x ** 3 is x * x * x), which rounds differently from pow
        if exponent == 2:
            return (a * a)[()]
        if exponent == 3:
            return (a * a * a)[()]
        if exponent == -1:
            return (1 / a)[()]
        if exponent == -2:
            return (1 / (a * a))[()]
        if exponent == 0.5:
            return np.sqrt(a)[()]
        if exponent == -0.5:
            return (1 / np.sqrt(a))[()]
        if a.dtype == np.float32:
            # NOTE: numpy's float32 pow differs from PyTorch's in about 1 element in 5; computed in
            # float64 and rounded, about 1 in 60 (PyTorch's vectorized pow is not correctly rounded)
            return (a.astype(np.float64) ** exponent).astype(np.float32)[()]
    return (a ** exponent)[()]


@pow_scalar.def_vjp
def _(ctx, g, F):
    n = ctx.params["exponent"]
    if n == 0:
        return g * 0,
    a = ctx.input(0, F)
    return g * (n * a ** (n - 1)),


@pow_scalar.def_symbolic
def _(S, s, n, exponent=1.0):
    e = S.number(exponent)
    return S.ew(lambda x: x ** e)(s[0])


@defop("pow_tensor", "PowBackward1", needs={0: (0, 1), 1: (0, 1)}, saves_result=True,
       input_names=("self", "exponent"), pytorch=call("torch.pow", 0, 1), pytorch_inplace=True)
def pow_tensor(a, b):
    return a ** b


@pow_tensor.def_vjp
def _(ctx, g, F):
    a, b = ctx.input(0, F), ctx.input(1, F)
    ga = g * (b * a ** (b - 1)) if ctx.wants(0) else None
    gb = None
    if ctx.wants(1):
        # NOTE: at a == 0 with b >= 0, PyTorch defines the b-gradient as 0 (not nan from log 0).
        safe = F.where(a == 0, a + 1, a)
        gb = g * F.where((a == 0) & (b >= 0), a * 0, ctx.result(F) * F.log(safe))
    return ga, gb


@pow_tensor.def_symbolic
def _(S, s, n):
    return S.obj(s[0] ** s[1])


@defop("rpow", "PowBackward2", saves_result=True, dtype_rule="float", pytorch=call("torch.pow", "=base", 0))
def rpow(a, base=1.0):
    return base ** a


@rpow.def_vjp
def _(ctx, g, F):
    base = ctx.params["base"]
    # NOTE: for base 0 PyTorch takes the gradient as 0 where the exponent is >= 0.
    return g * (ctx.result(F) * float(np.log(base))) if base != 0 else g * 0,


@rpow.def_symbolic
def _(S, s, n, base=1.0):
    b = S.number(base)
    return S.ew(lambda x: b ** x)(s[0])


# ---------------------------------------------------------------------------
# unary math
# ---------------------------------------------------------------------------


def _mkl_like(fn, a):
    # NOTE: PyTorch's float32 exp/log/sin/cos/tanh come from MKL, whose last bit numpy's float32
    # code misses far more often than the correctly rounded value does (core/ops/vecmath.py).
    if np.asarray(a).dtype == np.float32:
        return vecmath.mkl_like(fn, a)[()]
    return fn(a)


@defop("exp", "ExpBackward0", saves_result=True, dtype_rule="float",
       pytorch=call("torch.exp", 0), pytorch_inplace=True, function=True, inplace_method=True)
def exp(a):
    return _mkl_like(np.exp, a)


@exp.def_vjp
def _(ctx, g, F):
    return g * ctx.result(F),


@exp.def_symbolic
def _(S, s, n):
    return S.exp(s[0])


@defop("log", "LogBackward0", needs={0: (0,)}, dtype_rule="float", pytorch=call("torch.log", 0), pytorch_inplace=True,
       function=True, inplace_method=True)
def log(a):
    with np.errstate(divide="ignore", invalid="ignore"):
        return _mkl_like(np.log, a)


@log.def_vjp
def _(ctx, g, F):
    return g / ctx.input(0, F),


@log.def_symbolic
def _(S, s, n):
    return S.log(s[0])


@defop("log1p", "Log1PBackward0", needs={0: (0,)}, dtype_rule="float", pytorch=call("torch.log1p", 0),
       pytorch_inplace=True, function=True, inplace_method=True)
def log1p(a):
    # NOTE: PyTorch's float32 log1p is Sleef's (1 ulp); the correctly rounded value stands for it here
    with np.errstate(divide="ignore", invalid="ignore"):
        return _mkl_like(np.log1p, a)


@log1p.def_vjp
def _(ctx, g, F):
    return g / (ctx.input(0, F) + 1),


@log1p.def_symbolic
def _(S, s, n):
    return S.log(S.ONE + S.obj(s[0]))


@defop("expm1", "Expm1Backward0", saves_result=True, dtype_rule="float", pytorch=call("torch.expm1", 0),
       pytorch_inplace=True, function=True, inplace_method=True)
def expm1(a):
    # NOTE: PyTorch's float32 expm1 is Sleef's (1 ulp); the correctly rounded value stands for it here
    with np.errstate(over="ignore"):
        return _mkl_like(np.expm1, a)


@expm1.def_vjp
def _(ctx, g, F):
    return g * (ctx.result(F) + 1),


@expm1.def_symbolic
def _(S, s, n):
    return S.exp(s[0]) - S.ONE


@defop("sqrt", "SqrtBackward0", saves_result=True, dtype_rule="float",
       pytorch=call("torch.sqrt", 0), pytorch_inplace=True, function=True, inplace_method=True)
def sqrt(a):
    with np.errstate(invalid="ignore"):
        return np.sqrt(a)


@sqrt.def_vjp
def _(ctx, g, F):
    # NOTE: at a == 0 this is g / 0 = inf, as in PyTorch.
    with np.errstate(divide="ignore"):
        return g / (2 * ctx.result(F)),


@sqrt.def_symbolic
def _(S, s, n):
    return S.sqrt(s[0])


@defop("abs", "AbsBackward0", needs={0: (0,)}, dtype_rule="first", pytorch=call("torch.abs", 0), pytorch_inplace=True,
       function=True, inplace_method=True)
def abs_(a):
    return np.abs(a)


@abs_.def_vjp
def _(ctx, g, F):
    # NOTE: sign(0) = 0, so the gradient of |a| at 0 is 0, as in PyTorch.
    return g * F.sign(ctx.input(0, F)),


@abs_.def_symbolic
def _(S, s, n):
    # NOTE: sign(0) = 0 makes |x| at 0 the constant 0, whose derivative 0 is PyTorch's.
    return S.obj(s[0] * S.const(np.sign(n[0])))


@defop("sign", "SignBackward0", dtype_rule="first", pytorch=call("torch.sign", 0), pytorch_inplace=True,
       function=True, inplace_method=True)
def sign(a):
    return np.sign(a)


@sign.def_vjp
def _(ctx, g, F):
    return g * 0,


@sign.def_symbolic
def _(S, s, n):
    return S.const(np.sign(np.asarray(n[0])))


@defop("sin", "SinBackward0", needs={0: (0,)}, dtype_rule="float", pytorch=call("torch.sin", 0), pytorch_inplace=True,
       function=True, inplace_method=True)
def sin(a):
    return _mkl_like(np.sin, a)


@sin.def_vjp
def _(ctx, g, F):
    return g * F.cos(ctx.input(0, F)),


@sin.def_symbolic
def _(S, s, n):
    return S.sin(s[0])


@defop("cos", "CosBackward0", needs={0: (0,)}, dtype_rule="float", pytorch=call("torch.cos", 0), pytorch_inplace=True,
       function=True, inplace_method=True)
def cos(a):
    return _mkl_like(np.cos, a)


@cos.def_vjp
def _(ctx, g, F):
    return g * -F.sin(ctx.input(0, F)),


@cos.def_symbolic
def _(S, s, n):
    return S.cos(s[0])


@defop("tan", "TanBackward0", saves_result=True, dtype_rule="float",
       pytorch=call("torch.tan", 0), pytorch_inplace=True, function=True, inplace_method=True)
def tan(a):
    return np.tan(a)


@tan.def_vjp
def _(ctx, g, F):
    r = ctx.result(F)
    return g * (1 + r * r),


@tan.def_symbolic
def _(S, s, n):
    return S.tan(s[0])


@defop("asin", "AsinBackward0", needs={0: (0,)}, dtype_rule="float", pytorch=call("torch.asin", 0),
       pytorch_inplace=True, function=True, inplace_method=True)
def asin(a):
    return _mkl_like(np.arcsin, a)


@asin.def_vjp
def _(ctx, g, F):
    x = ctx.input(0, F)
    return g / F.sqrt(1 - x * x),


@asin.def_symbolic
def _(S, s, n):
    return S.asin(s[0])


@defop("acos", "AcosBackward0", needs={0: (0,)}, dtype_rule="float", pytorch=call("torch.acos", 0),
       pytorch_inplace=True, function=True, inplace_method=True)
def acos(a):
    return _mkl_like(np.arccos, a)


@acos.def_vjp
def _(ctx, g, F):
    x = ctx.input(0, F)
    return -g / F.sqrt(1 - x * x),


@acos.def_symbolic
def _(S, s, n):
    return S.acos(s[0])


@defop("atan", "AtanBackward0", needs={0: (0,)}, dtype_rule="float", pytorch=call("torch.atan", 0),
       pytorch_inplace=True, function=True, inplace_method=True)
def atan(a):
    return _mkl_like(np.arctan, a)


@atan.def_vjp
def _(ctx, g, F):
    x = ctx.input(0, F)
    return g / (x * x + 1),


@atan.def_symbolic
def _(S, s, n):
    return S.atan(s[0])


@defop("tanh", "TanhBackward0", saves_result=True, dtype_rule="float",
       pytorch=call("torch.tanh", 0), pytorch_inplace=True, function=True, inplace_method=True)
def tanh(a):
    return _mkl_like(np.tanh, a)


@tanh.def_vjp
def _(ctx, g, F):
    r = ctx.result(F)
    if isinstance(r, np.ndarray) and r.dtype == np.float32 and isinstance(g, np.ndarray) and g.dtype == np.float32:
        # NOTE: PyTorch's tanh_backward, g * (1 - r*r) with 1 - r*r one fused multiply-add (measured)
        return np.multiply(g, vecmath.fma(-r, r, np.float32(1)), dtype=np.float32),
    return g * (1 - r * r),


@tanh.def_symbolic
def _(S, s, n):
    return S.tanh(s[0])


@defop("sigmoid", "SigmoidBackward0", saves_result=True, dtype_rule="float",
       pytorch=call("torch.sigmoid", 0), pytorch_inplace=True, function=True, inplace_method=True)
def sigmoid(a):
    if np.asarray(a).dtype == np.float32:
        return vecmath.sigmoid32(a)[()]   # NOTE: bit for bit PyTorch's kernel (SLEEF's exp, glibc's tail)
    # NOTE: written with exp(-|a|) so large |a| neither overflows nor loses precision.
    e = np.exp(-np.abs(a))
    return np.where(a >= 0, 1 / (1 + e), e / (1 + e)).astype(a.dtype)[()]


@sigmoid.def_vjp
def _(ctx, g, F):
    r = ctx.result(F)
    # NOTE: in PyTorch's order, (g * (1 - r)) * r: float32 results equal to the last bit
    return g * (1 - r) * r,


@sigmoid.def_symbolic
def _(S, s, n):
    return S.obj(S.ONE / (S.ONE + S.exp(-S.obj(s[0]))))


@defop("relu", "ReluBackward0", saves_result=True, dtype_rule="first",
       pytorch=call("torch.relu", 0), pytorch_inplace=True, function=True, inplace_method=True)
def relu(a):
    return np.maximum(a, 0).astype(a.dtype)[()]


@relu.def_vjp
def _(ctx, g, F):
    # NOTE: relu'(0) = 0 in PyTorch (the mask is result > 0).
    r = ctx.result(F)
    return F.keep(_raw(r) > 0, g),


@relu.def_symbolic
def _(S, s, n):
    # NOTE: relu'(0) = 0 in PyTorch, so the branch at 0 is the constant 0.
    return S.pick(np.asarray(n[0]) > 0, s[0], S.zeros_like(n[0]))


# ---------------------------------------------------------------------------
# clamping and selection
# ---------------------------------------------------------------------------


@defop("clamp", "ClampBackward1", needs={0: (0,)}, dtype_rule="first",
       pytorch=call("torch.clamp", 0, min="=min", max="=max"), pytorch_inplace=True)
def clamp(a, min=None, max=None):
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    out = a
    if min is not None:
        out = np.maximum(out, min)
    if max is not None:
        out = np.minimum(out, max)
    return np.asarray(out, dtype=a.dtype)[()]


@clamp.def_vjp
def _(ctx, g, F):
    # NOTE: at the boundary (a == min or a == max) the gradient passes (inclusive mask).
    a = _raw(ctx.input(0, F))
    lo, hi = ctx.params.get("min"), ctx.params.get("max")
    keep = np.ones(np.shape(a), dtype=bool)
    if lo is not None:
        keep &= a >= lo
    if hi is not None:
        keep &= a <= hi
    return F.keep(keep, g),


@clamp.def_symbolic
def _(S, s, n, min=None, max=None):
    return _clamp_symbolic(S, s, n, min, max)


def _clamp_symbolic(S, s, n, lo, hi):
    # NOTE: at the boundary the input passes (PyTorch's gradient is 1 there)
    x = np.asarray(n[0])
    out = s[0]
    if lo is not None:
        out = S.pick(x >= lo, out, S.const(np.full(x.shape, lo)))
    if hi is not None:
        out = S.pick(x <= hi, out, S.const(np.full(x.shape, hi)))
    return S.obj(out)


@defop("clamp_min", "ClampMinBackward0", needs={0: (0,)}, dtype_rule="first",
       pytorch=call("torch.clamp_min", 0, "=min"), pytorch_inplace=True)
def clamp_min(a, min=0.0):
    return np.asarray(np.maximum(a, min), dtype=a.dtype)[()]


@clamp_min.def_vjp
def _(ctx, g, F):
    return F.keep(_raw(ctx.input(0, F)) >= ctx.params["min"], g),


@clamp_min.def_symbolic
def _(S, s, n, min=0.0):
    return _clamp_symbolic(S, s, n, min, None)


@defop("clamp_max", "ClampMaxBackward0", needs={0: (0,)}, dtype_rule="first",
       pytorch=call("torch.clamp_max", 0, "=max"), pytorch_inplace=True)
def clamp_max(a, max=0.0):
    return np.asarray(np.minimum(a, max), dtype=a.dtype)[()]


@clamp_max.def_vjp
def _(ctx, g, F):
    return F.keep(_raw(ctx.input(0, F)) <= ctx.params["max"], g),


@clamp_max.def_symbolic
def _(S, s, n, max=0.0):
    return _clamp_symbolic(S, s, n, None, max)


@defop("where", "WhereBackward0", has_aux=True, aux_saved=True, pytorch=call("torch.where", "=condition", 0, 1))
def where(a, b, condition=None):
    return np.where(condition, a, b)[()], condition


@where.def_vjp
def _(ctx, g, F):
    c = ctx.aux()
    zero = g * 0
    return (F.where(F.const(c), g, zero) if ctx.wants(0) else None,
            F.where(F.const(c), zero, g) if ctx.wants(1) else None)


@where.def_symbolic
def _(S, s, n, condition=None):
    return S.pick(condition, s[0], s[1])


# ---------------------------------------------------------------------------
# copies and casts
# ---------------------------------------------------------------------------


@defop("clone", "CloneBackward0", dtype_rule="keep", pytorch=SPECIAL)
def clone(a, order="K"):
    # order "K" keeps a transposed layout (PyTorch's preserve_format); contiguous() asks for "C"
    return np.array(a, copy=True, order=order)[()]


@clone.def_vjp
def _(ctx, g, F):
    return g,


@clone.def_symbolic
def _(S, s, n, order="K"):
    return S.obj(s[0]).copy()


@defop("to", "ToCopyBackward0", dtype_rule="keep", pytorch=call(".to", 0, "=dtype"))
def to(a, dtype=None):
    return np.asarray(a).astype(dtype.np)[()]


@to.def_vjp
def _(ctx, g, F):
    return g,


@to.def_symbolic
def _(S, s, n, dtype=None):
    return S.obj(s[0]).copy()


@defop("copy_", "CopyBackwards", dtype_rule="keep", node_name="torch::autograd::CopyBackwards", structural=True,
       pytorch=call(".copy_", 0, 1))
def copy_(a, src):
    """The value ``a.copy_(src)`` leaves in ``a``: ``src`` broadcast and cast."""
    src = np.asarray(src)
    try:
        return np.broadcast_to(src, np.shape(a)).astype(a.dtype)
    except ValueError:
        raise RuntimeError(broadcast_error(np.shape(a), src.shape, inplace=True)) from None


@copy_.def_vjp
def _(ctx, g, F):
    # NOTE: the overwritten values get a gradient of zeros, not none (PyTorch's CopyBackwards: a leaf whose clone
    # was copied into has .grad zeros after backward, as after fill_)
    return F.zeros_like(g), g


@defop("fill_", "FillBackward2", dtype_rule="keep", pytorch=call(".fill_", 0, "=value"))
def fill_(a, value=0):
    value = _raw(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = numbers.fill_value(value, a.dtype, half_exempt=np.size(a) == 1)
        if a.dtype.kind in "iu" and isinstance(value, int):
            value = numbers.wrap(value, a.dtype)   # -1 into uint8 is 255, as C++ casts it
    return np.full(np.shape(a), value, dtype=a.dtype)


@fill_.def_vjp
def _(ctx, g, F):
    return F.zeros_like(g),


@fill_.def_symbolic
def _(S, s, n, value=0):
    return S.const(np.full(np.shape(n[0]), value))


# comparisons and logic: results are bool and carry no gradient (no vjp: never recorded)
for _name, _fn in (("lt", np.less), ("le", np.less_equal), ("gt", np.greater),
                   ("ge", np.greater_equal), ("eq", np.equal), ("ne", np.not_equal)):
    defop(_name, "NotDifferentiable", dtype_rule="bool", pytorch=call("torch." + _name, 0, 1))(
        (lambda f: lambda a, b: f(a, b))(_fn))

for _name, _fn in (("logical_and", np.logical_and), ("logical_or", np.logical_or),
                   ("logical_xor", np.logical_xor)):
    defop(_name, "NotDifferentiable", dtype_rule="keep", pytorch=call("torch." + _name, 0, 1))(
        (lambda f: lambda a, b: f(a, b))(_fn))

defop("logical_not", "NotDifferentiable", dtype_rule="keep", pytorch=call("torch.logical_not", 0),
      function=True)(np.logical_not)


def _integers_only(kernel, fn):
    """A bitwise kernel: integer and bool tensors only (after promotion), as PyTorch's CPU kernels; the
    shifts take no bool either."""
    refused = "fcb" if kernel in ("lshift_cpu", "rshift_cpu") else "fc"

    def forward(*arrays):
        for x in arrays:
            if np.asarray(x).dtype.kind in refused:
                raise NotImplementedError(f'"{kernel}" not implemented for '
                                          f"'{dtypes.from_numpy(np.asarray(x).dtype).scalar_name}'")
        return fn(*arrays)
    return forward


# bitwise logic and shifts (the operators & | ^ ~ << >> of integer and bool tensors): no gradient
for _name, _kernel, _fn in (("bitwise_and", "bitwise_and_cpu", np.bitwise_and),
                            ("bitwise_or", "bitwise_or_cpu", np.bitwise_or),
                            ("bitwise_xor", "bitwise_xor_cpu", np.bitwise_xor),
                            ("bitwise_left_shift", "lshift_cpu", np.left_shift),
                            ("bitwise_right_shift", "rshift_cpu", np.right_shift)):
    defop(_name, "NotDifferentiable", pytorch=call("torch." + _name, 0, 1))(_integers_only(_kernel, _fn))
defop("bitwise_not", "NotDifferentiable", dtype_rule="keep", pytorch=call("torch.bitwise_not", 0),
      function=True)(_integers_only("bitwise_not_cpu", np.invert))
for _name, _fn in (("floor", np.floor), ("ceil", np.ceil), ("round", np.round), ("trunc", np.trunc)):
    _op = defop(_name, _name.capitalize() + "Backward0", dtype_rule="first", pytorch=call("torch." + _name, 0),
                pytorch_inplace=True, function=_name != "round", inplace_method=True)(_fn)
    _op.vjp = lambda ctx, g, F: (g * 0,)
    # piecewise constant: the value at the point, as a constant
    _op.symbolic = (lambda f: lambda S, s, n: S.const(f(np.asarray(n[0]))))(_fn)


@defop("round_decimals", "RoundBackward1", dtype_rule="first", pytorch=call("torch.round", 0, decimals="=decimals"))
def round_decimals(a, decimals=0):
    """``torch.round(x, decimals=d)`` as PyTorch's kernel: with t = 10 ** |d| in the dtype, rint(x * t) / t (d > 0)
    or rint(x / t) * t (d < 0), each step rounded to the dtype; floating dtypes only."""
    a = np.asarray(a)
    if a.dtype.kind != "f":
        raise NotImplementedError(f"\"round_cpu\" not implemented for '{dtypes.from_numpy(a.dtype).scalar_name}'")
    t = a.dtype.type(10.0 ** abs(decimals))
    return (np.rint(a / t) * t if decimals < 0 else np.rint(a * t) / t).astype(a.dtype)


round_decimals.vjp = lambda ctx, g, F: (g * 0,)
# piecewise constant: the value at the point, as a constant
round_decimals.symbolic = lambda S, s, n, decimals=0: S.const(round_decimals.forward(np.asarray(n[0]), decimals))


@defop("zero_", "ZeroBackward0", dtype_rule="keep", pytorch=call(".zero_", 0))
def zero_(a):
    return np.zeros(np.shape(a), dtype=a.dtype)


@zero_.def_vjp
def _(ctx, g, F):
    return F.zeros_like(g),


@zero_.def_symbolic
def _(S, s, n):
    return S.const(np.zeros(np.shape(n[0])))


@defop("clamp_tensor", "ClampBackward0", needs={0: (0, 1, 2), 1: (0, 1), 2: (0, 2)}, input_names=("self", "min", "max"),
       pytorch=call("torch.clamp", 0, min=1, max=2), pytorch_inplace=True)
def clamp_tensor(a, lo, hi):
    out = a
    if lo is not None:
        out = np.maximum(out, lo)
    if hi is not None:
        out = np.minimum(out, hi)
    return np.asarray(out)[()]


@clamp_tensor.def_vjp
def _(ctx, g, F):
    a = np.asarray(_raw(ctx.input(0, F)))
    lo = ctx.input(1, F) if ctx.wants(1) or ctx.wants(0) else None
    hi = ctx.input(2, F) if ctx.wants(2) or ctx.wants(0) else None
    lo_r = None if lo is None else np.asarray(_raw(lo))
    hi_r = None if hi is None else np.asarray(_raw(hi))
    inside = np.ones(a.shape, dtype=bool)
    if lo_r is not None:
        inside = inside & (a >= lo_r)
    if hi_r is not None:
        inside = inside & (a <= hi_r)
    ga = F.keep(inside, g) if ctx.wants(0) else None
    # NOTE: a bound takes the gradient only where it is the value chosen (strictly outside)
    glo = F.keep(np.broadcast_to(a < lo_r, np.shape(_raw(g))), g) if ctx.wants(1) else None
    below = a < lo_r if lo_r is not None else np.zeros(a.shape, bool)
    ghi = F.keep(np.broadcast_to((a > hi_r) & ~below, np.shape(_raw(g))), g) if ctx.wants(2) else None
    return ga, glo, ghi


@clamp_tensor.def_symbolic
def _(S, s, n):
    x = np.asarray(n[0])
    lo, hi = n[1], n[2]
    out = s[0]
    if lo is not None:
        out = S.pick(x < np.asarray(lo), s[1], out)
    if hi is not None:
        below = x < np.asarray(lo) if lo is not None else np.zeros(x.shape, bool)
        out = S.pick((x > np.asarray(hi)) & ~below, s[2], out)
    return S.obj(out)


def _extreme2(kind, grad_fn):
    pick = np.maximum if kind == "maximum" else np.minimum

    def forward(a, b):
        return pick(a, b)
    op = defop(kind, grad_fn, needs={0: (0, 1), 1: (0, 1)}, pytorch=call("torch." + kind, 0, 1))(forward)

    def vjp(ctx, g, F):
        # NOTE: at a tie PyTorch splits the gradient in half between the two inputs.
        a, b = np.asarray(_raw(ctx.input(0, F))), np.asarray(_raw(ctx.input(1, F)))
        wins = (a > b) if kind == "maximum" else (a < b)
        tie = a == b
        wa = F.const((wins + 0.5 * tie).astype(np.result_type(_raw(g))))
        wb = F.const((~wins & ~tie) + 0.5 * tie)
        wb = F.const(np.asarray(_raw(wb), dtype=np.result_type(_raw(g))))
        return (g * wa if ctx.wants(0) else None, g * wb if ctx.wants(1) else None)
    op.vjp = vjp

    def symbolic(S, s, n):
        a, b = np.asarray(n[0]), np.asarray(n[1])
        wins = a > b if kind == "maximum" else a < b
        # NOTE: a tie is the mean of both, so each input gets half the gradient (PyTorch)
        tie = S.obj((S.obj(s[0]) + S.obj(s[1])) / 2)
        return S.pick(a == b, tie, S.pick(wins, s[0], s[1]))
    op.symbolic = symbolic
    return op


maximum = _extreme2("maximum", "MaximumBackward0")
minimum = _extreme2("minimum", "MinimumBackward0")


# ---------------------------------------------------------------------------
# integer-valued division: floor, trunc, remainder, fmod
# ---------------------------------------------------------------------------

def check_integer_divisor(a, b):
    """PyTorch's integer kernels raise where numpy gives 0 (``5 // 0``, ``5 % 0``): an integer
    division by zero is an error, for every element actually computed (none: no error)."""
    b = np.asarray(b)
    if b.dtype.kind in "iub" and np.asarray(a).dtype.kind in "iub" and (b == 0).any() \
            and 0 not in np.broadcast_shapes(np.shape(a), b.shape):
        raise RuntimeError("ZeroDivisionError")


def _integer_kernel(a, kernel):
    """PyTorch has no bool kernel for these: '"div_floor_cpu" not implemented for 'Bool''."""
    if np.asarray(a).dtype == np.bool_:
        raise NotImplementedError(f'"{kernel}" not implemented for \'Bool\'')


@defop("floor_divide", "DivBackward1", pytorch=call("torch.floor_divide", 0, 1), pytorch_inplace=True)
def floor_divide(a, b):
    _integer_kernel(a, "div_floor_cpu")
    check_integer_divisor(a, b)
    return np.floor_divide(a, b)


@floor_divide.def_vjp
def _(ctx, g, F):
    return F.zeros_like(g), (F.zeros_like(g) if ctx.wants(1) else None)


@floor_divide.def_symbolic
def _(S, s, n):
    return S.const(np.floor_divide(n[0], n[1]))


@defop("trunc_divide", "DivBackward2", pytorch=call("torch.div", 0, 1, rounding_mode="=rounding_mode"))
def trunc_divide(a, b, rounding_mode="trunc"):
    """``torch.div(a, b, rounding_mode='trunc')`` on integers (floats divide, then truncate):
    the quotient rounded toward zero, in integers (a float64 detour would round large int64)."""
    _integer_kernel(a, "div_trunc_cpu")
    check_integer_divisor(a, b)
    q = np.floor_divide(a, b)
    # floor and trunc differ where the division is inexact and the signs differ
    return q + ((np.remainder(a, b) != 0) & ((np.asarray(a) < 0) != (np.asarray(b) < 0)))


def _modulo(name, grad_fn, kernel, fn, quotient, scalar):
    """remainder (Python's %: the sign of the divisor) and fmod (C's: the sign of the dividend).
    ``scalar``: the divisor is a Python number, the parameter ``other`` (PyTorch's ...Backward0,
    no gradient for it; core.torch.functional casts the input to the result's dtype first)."""
    torch_name = "torch." + kernel.split("_cpu")[0]
    if scalar:
        def forward(a, other=1):
            _integer_kernel(a, kernel)
            check_integer_divisor(a, other)
            a = np.asarray(a)
            return fn(a, a.dtype.type(other))[()]
        call_ = call(torch_name, 0, "=other")
    else:
        def forward(a, b):
            _integer_kernel(a, kernel)
            check_integer_divisor(a, b)
            return fn(a, b)
        call_ = call(torch_name, 0, 1)
    op = defop(name, grad_fn, needs={} if scalar else {1: (0, 1)}, input_names=("self", "other"),
               pytorch=call_, pytorch_inplace=True)(forward)

    def vjp(ctx, g, F):
        if scalar or not ctx.wants(1):
            return (g,) if scalar else (g, None)
        a, b = np.asarray(_raw(ctx.input(0, F))), np.asarray(_raw(ctx.input(1, F)))
        # d/db (a - b·q(a/b)) = -q(a/b): q is floor (remainder) or trunc (fmod), constant between its jumps
        return g, -g * F.const(quotient(a / b).astype(np.result_type(_raw(g))))
    op.vjp = vjp

    def symbolic(S, s, n, other=None):
        if scalar:
            return S.obj(s[0] - S.number(other) * S.const(quotient(np.asarray(n[0]) / other)))
        return S.obj(s[0] - S.obj(s[1]) * S.const(quotient(np.asarray(n[0]) / np.asarray(n[1]))))
    op.symbolic = symbolic
    return op


remainder = _modulo("remainder", "RemainderBackward1", "remainder_cpu", np.remainder, np.floor, scalar=False)
remainder_scalar = _modulo("remainder_scalar", "RemainderBackward0", "remainder_cpu", np.remainder, np.floor,
                           scalar=True)
fmod = _modulo("fmod", "FmodBackward1", "fmod_cpu", np.fmod, np.trunc, scalar=False)
fmod_scalar = _modulo("fmod_scalar", "FmodBackward0", "fmod_cpu", np.fmod, np.trunc, scalar=True)


# ---------------------------------------------------------------------------
# addcmul, addcdiv, lerp, atan2, frac, nan_to_num, logit (issue 12: optimizers written by hand, the math chapters)
# ---------------------------------------------------------------------------

def _typed(x, like):
    return np.asarray(x).astype(np.result_type(like))


@defop("addcmul", "AddcmulBackward0", needs={1: (2,), 2: (1,)},
       pytorch=call("torch.addcmul", 0, 1, 2, value="=value"))
def addcmul(a, t1, t2, value=1):
    # NOTE: PyTorch's kernel: self + value * t1 * t2, rounded after each step, left to right
    dt = np.result_type(a, t1, t2)
    v = np.asarray(value).astype(dt)
    return (np.asarray(a, dt) + (v * np.asarray(t1, dt)).astype(dt) * np.asarray(t2, dt)).astype(dt)


@addcmul.def_vjp
def _(ctx, g, F):
    v = ctx.params.get("value", 1)
    return (g if ctx.wants(0) else None, g * ctx.input(2, F) * v if ctx.wants(1) else None,
            g * ctx.input(1, F) * v if ctx.wants(2) else None)


@addcmul.def_symbolic
def _(S, s, n, value=1):
    return S.obj(S.obj(s[0]) + S.number(value) * S.obj(s[1]) * S.obj(s[2]))


@defop("addcdiv", "AddcdivBackward0", needs={1: (2,), 2: (1, 2)}, dtype_rule="float",
       pytorch=call("torch.addcdiv", 0, 1, 2, value="=value"))
def addcdiv(a, t1, t2, value=1):
    # NOTE: PyTorch's kernel: self + value * t1 / t2, rounded after each step, left to right
    dt = np.result_type(a, t1, t2)
    v = np.asarray(value).astype(dt)
    with np.errstate(divide="ignore", invalid="ignore"):
        return (np.asarray(a, dt) + ((v * np.asarray(t1, dt)).astype(dt) / np.asarray(t2, dt)).astype(dt)).astype(dt)


@addcdiv.def_vjp
def _(ctx, g, F):
    v = ctx.params.get("value", 1)
    t1, t2 = ctx.input(1, F), ctx.input(2, F)
    return (g if ctx.wants(0) else None, g * v / t2 if ctx.wants(1) else None,
            -g * v * t1 / (t2 * t2) if ctx.wants(2) else None)


@addcdiv.def_symbolic
def _(S, s, n, value=1):
    return S.obj(S.obj(s[0]) + S.number(value) * S.obj(s[1]) / S.obj(s[2]))


def _lerp(a, end, w):
    """PyTorch's lerp: ``self + w * (end - self)`` for |w| < 0.5, else ``end - (end - self) * (1 - w)``, each a
    fused multiply-add in its vectorized kernel (rounded once, here through float64)."""
    dt = np.result_type(a, end)
    a, end = np.asarray(a, dt), np.asarray(end, dt)
    w = np.asarray(w).astype(dt)
    d = (end - a).astype(dt)
    wide = np.float64 if dt == np.float32 else dt
    small = np.abs(w) < 0.5
    near = a.astype(wide) + w.astype(wide) * d.astype(wide)
    far = end.astype(wide) - d.astype(wide) * (1 - w).astype(dt).astype(wide)
    return np.where(small, near, far).astype(dt)[()]


@defop("lerp_scalar", "LerpBackward0", pytorch=call("torch.lerp", 0, 1, "=weight"))
def lerp_scalar(a, end, weight=0.5):
    return _lerp(a, end, weight)


@lerp_scalar.def_vjp
def _(ctx, g, F):
    w = ctx.params["weight"]
    return (g * (1 - w) if ctx.wants(0) else None, g * w if ctx.wants(1) else None)


@lerp_scalar.def_symbolic
def _(S, s, n, weight=0.5):
    a = S.obj(s[0])
    return S.obj(a + S.number(weight) * (S.obj(s[1]) - a))


@defop("lerp_tensor", "LerpBackward1", needs={0: (0, 1, 2), 1: (2,), 2: (0, 1)},
       pytorch=call("torch.lerp", 0, 1, 2))
def lerp_tensor(a, end, weight):
    return _lerp(a, end, weight)


@lerp_tensor.def_vjp
def _(ctx, g, F):
    a, end, w = ctx.input(0, F), ctx.input(1, F), ctx.input(2, F)
    return (g * (1 - w) if ctx.wants(0) else None, g * w if ctx.wants(1) else None,
            g * (end - a) if ctx.wants(2) else None)


@lerp_tensor.def_symbolic
def _(S, s, n):
    a = S.obj(s[0])
    return S.obj(a + S.obj(s[2]) * (S.obj(s[1]) - a))


@defop("atan2", "Atan2Backward0", needs={0: (0, 1), 1: (0, 1)}, dtype_rule="float",
       pytorch=call("torch.atan2", 0, 1), pytorch_inplace=True)
def atan2(a, b):
    # NOTE: PyTorch's float32 atan2 is Sleef's; the correctly rounded value stands for it here
    dt = np.result_type(a, b)
    if dt.kind != "f":
        dt = np.dtype(np.float32)
    return np.arctan2(np.asarray(a, np.float64), np.asarray(b, np.float64)).astype(dt)[()]


@atan2.def_vjp
def _(ctx, g, F):
    a, b = ctx.input(0, F), ctx.input(1, F)
    r = a * a + b * b
    return (g * b / r if ctx.wants(0) else None, g * -a / r if ctx.wants(1) else None)


@atan2.def_symbolic
def _(S, s, n):
    # atan(y / x) plus the constant (0 or +-pi) that makes it atan2 at the program's numbers; where x is 0,
    # pi/2 * sign(y) - atan(x / y): the same value and derivatives there
    y, x = np.broadcast_arrays(np.asarray(n[0], np.float64), np.asarray(n[1], np.float64))
    ys, xs = np.broadcast_arrays(S.obj(s[0]), S.obj(s[1]))
    shift = np.arctan2(y, x) - np.arctan(np.divide(y, x, out=np.zeros_like(y), where=x != 0))
    main = S.obj(S.atan(S.obj(ys / np.where(x != 0, xs, S.ONE))) + S.const(shift))
    side = S.obj(S.const(np.pi / 2 * np.sign(y)) - S.atan(S.obj(xs / np.where(y != 0, ys, S.ONE))))
    return S.pick(x != 0, main, side)


@defop("frac", "FracBackward0", dtype_rule="float", pytorch=call("torch.frac", 0), pytorch_inplace=True,
       function=True, inplace_method=True)
def frac(a):
    a = np.asarray(a)
    return (a - np.trunc(a)).astype(a.dtype)[()]


frac.vjp = lambda ctx, g, F: (g,)
frac.symbolic = lambda S, s, n: S.obj(S.obj(s[0]) - S.const(np.trunc(np.asarray(n[0]))))


@defop("nan_to_num", "NanToNumBackward0", needs={0: (0,)}, dtype_rule="keep",
       pytorch=call("torch.nan_to_num", 0, nan="=nan", posinf="=posinf", neginf="=neginf"))
def nan_to_num(a, nan=0.0, posinf=None, neginf=None):
    a = np.asarray(a)
    if a.dtype.kind != "f":
        return a.copy()[()]
    info = np.finfo(a.dtype)
    hi = info.max if posinf is None else posinf
    lo = info.min if neginf is None else neginf
    return np.nan_to_num(a, nan=nan, posinf=hi, neginf=lo).astype(a.dtype)[()]


nan_to_num.vjp = lambda ctx, g, F: (F.keep(np.isfinite(np.asarray(_raw_input(ctx))), g),)
nan_to_num.symbolic = lambda S, s, n, nan=0.0, posinf=None, neginf=None: S.pick(
    np.isfinite(np.asarray(n[0])), S.obj(s[0]), S.zeros_like(n[0]) + S.const(nan_to_num.forward(n[0], nan, posinf,
                                                                                                    neginf)))


@defop("logit", "LogitBackward0", needs={0: (0,)}, dtype_rule="float", pytorch=call("torch.logit", 0, eps="=eps"))
def logit(a, eps=None):
    a = np.asarray(a)
    x = a if eps is None else np.clip(a, eps, 1 - eps).astype(a.dtype)
    with np.errstate(divide="ignore", invalid="ignore"):
        return _mkl_like(np.log, (x / (1 - x)).astype(x.dtype)) if x.dtype == np.float32 else np.log(x / (1 - x))


@logit.def_vjp
def _(ctx, g, F):
    x = ctx.input(0, F)
    eps = ctx.params.get("eps")
    grad = g / (x * (1 - x))
    if eps is None:
        return grad,
    xs = np.asarray(_raw_input(ctx))
    return F.keep((xs >= eps) & (xs <= 1 - eps), grad),


@logit.def_symbolic
def _(S, s, n, eps=None):
    x = S.obj(s[0])
    if eps is not None:
        xs = np.asarray(n[0])
        x = S.pick((xs >= eps) & (xs <= 1 - eps), x, S.zeros_like(xs) + S.const(np.clip(xs, eps, 1 - eps)))
    return S.obj(S.log(x / (S.ONE - x)))


def _raw_input(ctx):
    from core.ops.vjp import NumpyF
    return ctx.input(0, NumpyF)
