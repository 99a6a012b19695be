"""``torch.autograd.gradcheck``: a function's backward against central differences of its forward.

What the "Extending PyTorch" page and custom-Function tutorials call after writing a backward:
for every input that requires grad, the analytical Jacobian (one backward per output element,
through the engine, so a custom Function's own backward runs) is compared with the numerical one
(each input element moved by ``eps`` either way, the forward run under no_grad); they agree when
``|analytical - numerical| <= atol + rtol * |numerical|`` everywhere.  Both are laid out as
PyTorch lays them out (one row per input element, one column per output element) and printed in
its ``GradcheckError`` message.  PyTorch's fast mode, batched grads and complex inputs are not
offered: the arguments that ask for them are refused.
"""
from __future__ import annotations

import warnings

import numpy as np

from core import dtypes
from core.autograd.engine import grad as _grad
from core.tensor import grad_mode
from core.tensor.tensor import Tensor


class GradcheckError(RuntimeError):
    """PyTorch's ``torch.autograd.gradcheck.GradcheckError``."""


GradcheckError.__module__ = "torch.autograd.gradcheck"


def _outputs(value):
    outs = value if isinstance(value, (tuple, list)) else (value,)
    return [o for o in outs if isinstance(o, Tensor)]


def gradcheck(func, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True, nondet_tol=0.0,
              check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
              check_batched_forward_grad=False, check_forward_ad=False, check_backward_ad=True,
              fast_mode=False, masked=None):
    for name, value in (("check_batched_grad", check_batched_grad), ("check_forward_ad", check_forward_ad),
                        ("check_batched_forward_grad", check_batched_forward_grad), ("fast_mode", fast_mode)):
        if value:
            raise NotImplementedError(f"gradcheck({name}=True) is not available in Backprop Lens: it checks the "
                                      "backward against central differences only")
    tupled = tuple(inputs) if isinstance(inputs, (tuple, list)) else (inputs,)
    diff = [(i, t) for i, t in enumerate(tupled) if isinstance(t, Tensor) and t.requires_grad]
    if not diff:
        raise ValueError("gradcheck expects at least one input tensor to require gradient, but none of them "
                         "have requires_grad=True.")
    for i, t in diff:
        if t.dtype is not dtypes.float64:
            warnings.warn(f"Input #{i} requires gradient and is not a double precision floating point or complex. "
                          "This check will likely fail if all the inputs are not of double precision floating "
                          "point or complex. ", UserWarning)
    outputs = _outputs(func(*tupled))
    if not check_backward_ad:
        return True
    for k, out in enumerate(outputs):
        if not out.requires_grad:
            continue
        n_out = out.numel()
        for j, (i, t) in enumerate(diff):
            numerical = _numerical(func, tupled, t, k, eps)
            analytical = np.zeros((t.numel(), n_out), dtype=out._data.dtype)
            for col in range(n_out):
                onehot = np.zeros(n_out, dtype=out._data.dtype)
                onehot[col] = 1
                g = _grad((out,), (t,), (Tensor._make(onehot.reshape(out.shape)),), retain_graph=True,
                          allow_unused=True)[0]
                if g is not None:
                    analytical[:, col] = np.asarray(g._data, dtype=analytical.dtype).reshape(-1)
            if not np.all(np.abs(analytical - numerical) <= atol + rtol * np.abs(numerical)):
                if not raise_exception:
                    return False
                raise GradcheckError(
                    f"Jacobian mismatch for output {k} with respect to input {i},\n"
                    f"numerical:{Tensor._make(numerical)}\nanalytical:{Tensor._make(analytical)}\n")
    return True


def _numerical(func, tupled, t, k, eps):
    """d output ``k`` / d ``t``, by central differences: (input elements, output elements)."""
    arr = t._ensure_array()   # the input is moved in place and put back, as PyTorch does
    columns = []
    with grad_mode.no_grad():
        for flat in range(arr.size):
            idx = np.unravel_index(flat, arr.shape)
            orig = arr[idx].copy()
            arr[idx] = orig - eps
            before = np.array(_outputs(func(*tupled))[k]._data, copy=True)
            arr[idx] = orig + eps
            after = np.array(_outputs(func(*tupled))[k]._data, copy=True)
            arr[idx] = orig
            columns.append(((after - before) / (2 * eps)).reshape(-1))
    return np.stack(columns).astype(t._data.dtype) if columns else np.zeros((0, 0), t._data.dtype)


def gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-6, atol=1e-5, rtol=1e-3,
                  gen_non_contig_grad_outputs=False, raise_exception=True, nondet_tol=0.0, check_undefined_grad=True,
                  check_grad_dtypes=False, check_batched_grad=False, check_fwd_over_rev=False,
                  check_rev_over_rev=True, fast_mode=False, masked=False):
    """``torch.autograd.gradgradcheck``: gradcheck of the function that maps (inputs, grad_outputs) to the
    gradients of ``func``'s outputs (``autograd.grad(..., create_graph=True)``), so the backward's own backward
    is checked against central differences of the backward.

    Without ``grad_outputs`` PyTorch draws one per differentiable output, uniform in [-1, 1) in the output's
    dtype, from the global generator (``torch.testing.make_tensor``): the same draws are made here, so the
    program's later random numbers are PyTorch's."""
    for name, value in (("check_batched_grad", check_batched_grad), ("check_fwd_over_rev", check_fwd_over_rev),
                        ("gen_non_contig_grad_outputs", gen_non_contig_grad_outputs), ("fast_mode", fast_mode)):
        if value:
            raise NotImplementedError(f"gradgradcheck({name}=True) is not available in Backprop Lens: it checks the "
                                      "double backward against central differences only")
    if not check_rev_over_rev:
        raise AssertionError("Expected at least one of check_fwd_over_rev or check_rev_over_rev to be True")
    from core.torch.inplace_random import uniform_   # the torch namespace's layer: imported when first used

    tupled = tuple(inputs) if isinstance(inputs, (tuple, list)) else (inputs,)
    if grad_outputs is None:
        outputs = [o for o in _outputs(func(*tupled)) if o.requires_grad]
        tupled_grad_outputs = []
        for o in outputs:
            g = Tensor._make(np.zeros(o.shape, dtype=o._data.dtype))
            uniform_(g, -1.0, 1.0)
            tupled_grad_outputs.append(g.requires_grad_())
        tupled_grad_outputs = tuple(tupled_grad_outputs)
    else:
        tupled_grad_outputs = tuple(grad_outputs) if isinstance(grad_outputs, (tuple, list)) else (grad_outputs,)
    n_in = len(tupled)
    diff_inputs = [i for i, t in enumerate(tupled) if isinstance(t, Tensor) and t.requires_grad]

    def gradients(*args):
        # the central differences run the forward under no_grad; this function differentiates it
        with grad_mode.enable_grad():
            outs = [o for o in _outputs(func(*args[:n_in])) if o.requires_grad]
            grads = _grad(tuple(outs), tuple(args[i] for i in diff_inputs), args[n_in:], create_graph=True,
                          allow_unused=True)
        return tuple(g for g in grads if g is not None)

    return gradcheck(gradients, tupled + tupled_grad_outputs, eps=eps, atol=atol, rtol=rtol,
                     raise_exception=raise_exception, nondet_tol=nondet_tol,
                     check_undefined_grad=check_undefined_grad, check_grad_dtypes=check_grad_dtypes,
                     masked=masked or None)
