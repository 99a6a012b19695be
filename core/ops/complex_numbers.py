"""Complex numbers as values: their parts, conjugate and angle, built from parts, and the eigen-decomposition.

The engine computes with complex tensors (numpy's complex64/complex128, with PyTorch's promotion and
printing) but does not differentiate through them: PyTorch's gradients of complex numbers are conjugate
Wirtinger derivatives, which the vjps here are not.  These ops therefore have no vjp; they record the
node PyTorch records (``complex_grad``), so ``grad_fn`` prints as in PyTorch, and a backward pass that
reaches a complex tensor is refused with a message (core.autograd.engine).

>>> import numpy as np
>>> real(np.array([1 + 2j, 3 - 4j], dtype=np.complex64)).tolist()
[1.0, 3.0]
"""
from __future__ import annotations

import numpy as np

from core import dtypes
from core.ops.registry import SPECIAL, call, defop


def _scalar(a) -> str:
    """c10's name of an array's dtype (``Float``, ``Long``), as PyTorch's messages give it."""
    return dtypes.from_numpy(np.asarray(a).dtype).scalar_name


def _whole(part):
    """The complex numpy dtype of two parts of numpy dtype ``part``."""
    return dtypes.complex_of(dtypes.from_numpy(part)).np


def _need_complex(a, message):
    if np.asarray(a).dtype.kind != "c":
        raise RuntimeError(message)


# ``z.real`` and ``z.imag`` are views of the parts (PyTorch: view_as_real, then select, hence the name)
@defop("real", "SelectBackward0", dtype_rule="keep", view=True, complex_grad=True, pytorch=call("torch.real", 0))
def real(a):
    return np.asarray(a).real


@defop("imag", "SelectBackward0", dtype_rule="keep", view=True, complex_grad=True, pytorch=call("torch.imag", 0))
def imag(a):
    _need_complex(a, "imag is not implemented for tensors with non-complex dtypes.")
    return np.asarray(a).imag


@defop("view_as_real", "ViewAsRealBackward0", dtype_rule="keep", view=True, complex_grad=True,
       pytorch=call("torch.view_as_real", 0))
def view_as_real(a):
    _need_complex(a, "view_as_real is only supported for complex tensors")
    a = np.asarray(a)
    part = dtypes.real_of(dtypes.from_numpy(a.dtype)).np
    if a.ndim == 0:
        return np.ascontiguousarray(a.reshape(1)).view(part)
    return np.ascontiguousarray(a)[..., None].view(part)


@defop("view_as_complex", "ViewAsComplexBackward0", dtype_rule="keep", view=True, complex_grad=True,
       pytorch=call("torch.view_as_complex", 0))
def view_as_complex(a):
    a = np.asarray(a)
    if a.dtype not in (np.float32, np.float64):
        raise RuntimeError("view_as_complex is only supported for float and double tensors, but got a tensor of "
                           f"scalar type: {_scalar(a)}")
    if a.ndim == 0 or a.shape[-1] != 2:
        raise RuntimeError("Tensor must have a last dimension of size 2")
    return np.ascontiguousarray(a).view(_whole(a.dtype))[..., 0]


@defop("conj", "ConjBackward0", dtype_rule="keep", complex_grad=True, pytorch=call("torch.conj", 0))
def conj(a):
    return np.conj(a)


@defop("angle", "AngleBackward0", dtype_rule="float", complex_grad=True, function=True,
       pytorch=call("torch.angle", 0))
def angle(a):
    a = np.asarray(a)
    if a.dtype.kind == "c":
        return np.angle(a)
    # a real number's angle: pi for a negative one, 0 otherwise (nan stays nan)
    return np.where(a < 0, np.asarray(np.pi, a.dtype), np.where(np.isnan(a), a, np.zeros((), a.dtype)))


@defop("sgn", "SgnBackward0", dtype_rule="keep", complex_grad=True, function=True, pytorch=call("torch.sgn", 0))
def sgn(a):
    a = np.asarray(a)
    if a.dtype.kind != "c":
        return np.sign(a)
    size = np.abs(a)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(size == 0, np.zeros((), a.dtype), a / np.where(size == 0, 1, size)).astype(a.dtype)


def _parts_checked(a, b):
    a, b = np.asarray(a), np.asarray(b)
    if a.dtype not in (np.float16, np.float32, np.float64) or b.dtype not in (np.float16, np.float32, np.float64):
        raise RuntimeError(f"Expected both inputs to be Half, Float or Double tensors but got "
                           f"{_scalar(a)} and {_scalar(b)}")
    if a.dtype != b.dtype:
        raise RuntimeError(f"Expected object of scalar type {_scalar(a)} but got scalar type {_scalar(b)} for "
                           "second argument")
    if a.dtype == np.float16:
        raise NotImplementedError("torch.complex32 (complex numbers of two float16 parts) is not modelled in "
                                  "Backprop Lens")
    return a, b


@defop("complex", "ComplexBackward0", dtype_rule="keep", complex_grad=True, input_names=("real", "imag"),
       pytorch=call("torch.complex", 0, 1))
def complex_(re, im):
    re, im = _parts_checked(re, im)
    out = np.empty(np.broadcast_shapes(re.shape, im.shape), _whole(re.dtype))
    out.real, out.imag = re, im
    return out


@defop("polar", "PolarBackward0", dtype_rule="keep", complex_grad=True, input_names=("abs", "angle"),
       pytorch=call("torch.polar", 0, 1))
def polar(size, theta):
    size, theta = _parts_checked(size, theta)
    out = np.empty(np.broadcast_shapes(size.shape, theta.shape), _whole(size.dtype))
    out.real, out.imag = size * np.cos(theta), size * np.sin(theta)
    return out


# ---------------------------------------------------------------------------
# the eigen-decomposition of a general square matrix: complex eigenvalues and eigenvectors (LAPACK's geev,
# as PyTorch's; vectors of unit length whose largest component is real)
# ---------------------------------------------------------------------------

def eig_arrays(a):
    a = np.asarray(a)
    if a.ndim < 2:
        raise RuntimeError(f"linalg.eig: The input tensor A must have at least 2 dimensions.")
    if a.shape[-1] != a.shape[-2]:
        raise RuntimeError(f"linalg.eig: A must be batches of square matrices, but they are "
                           f"{a.shape[-2]} by {a.shape[-1]} matrices")
    if a.dtype.kind not in "fc":
        raise RuntimeError(f"Unknown Complex ScalarType for {_scalar(a)}")
    whole = np.complex128 if a.dtype in (np.float64, np.complex128) else np.complex64   # float16: complex64 too
    values, vectors = np.linalg.eig(a)
    return values.astype(whole), vectors.astype(whole)


@defop("eig_values", "LinalgEigBackward0", dtype_rule="keep", complex_grad=True, input_names=("self",),
       pytorch=call("torch.linalg.eigvals", 0))
def eig_values(a):
    return eig_arrays(a)[0]


@defop("eig_vectors", "LinalgEigBackward0", dtype_rule="keep", complex_grad=True, input_names=("self",),
       pytorch=SPECIAL)
def eig_vectors(a):
    return eig_arrays(a)[1]
