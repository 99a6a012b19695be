"""``torch.autograd.functional``: jacobian, hessian, vjp, jvp, vhp, hvp.

Built on the engine's ``grad`` the way PyTorch's reverse-mode versions are:
one backward per output element for a Jacobian, a Jacobian of the gradient
for a Hessian, and the double-backward trick for jvp.
"""
from __future__ import annotations

from core.autograd.engine import grad as _grad
from core.tensor import grad_mode
from core.tensor.tensor import Tensor
from core.torch.creation import zeros, zeros_like
from core.torch.functional import stack


def _as_tuple(x):
    return (x, False) if isinstance(x, tuple) else ((x,), True)


def _prepare(inputs, create_graph):
    out = []
    for t in inputs:
        if not isinstance(t, Tensor):
            raise TypeError("The inputs given to jacobian must be either a Tensor or a tuple of Tensors but "
                            f"the value at index 0 has type {type(t).__name__}.")
        if create_graph and t._rg:
            out.append(t.view_as(t) if hasattr(t, "view_as") else t)
        else:
            out.append(t.detach().requires_grad_(True))
    return tuple(out)


def _grad_or_zeros(outputs, inputs, grad_outputs, create_graph):
    gs = _grad(outputs, inputs, grad_outputs, retain_graph=True, create_graph=create_graph, allow_unused=True)
    return tuple(zeros_like(i) if g is None else g for g, i in zip(gs, inputs))


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False, strategy="reverse-mode"):
    """The Jacobian of ``func`` at ``inputs``: shape ``out.shape + in.shape``."""
    inputs, single_in = _as_tuple(inputs)
    with grad_mode.enable_grad():
        inputs = _prepare(inputs, create_graph)
        outputs = func(*inputs)
    outputs, single_out = _as_tuple(outputs)
    result = []
    for out in outputs:
        rows = [[] for _ in inputs]
        flat = out.reshape(-1)
        for i in range(flat.shape[0]):
            if out._rg:
                gs = _grad_or_zeros(flat[i], inputs, None, create_graph)
            else:
                gs = tuple(zeros_like(x) for x in inputs)
            for k, g in enumerate(gs):
                rows[k].append(g if create_graph else g.detach())
        per_input = []
        for k, x in enumerate(inputs):
            if rows[k]:
                J = stack(rows[k]).reshape(tuple(out.shape) + tuple(x.shape))
            else:
                J = zeros(*(tuple(out.shape) + tuple(x.shape)), dtype=out.dtype)
            per_input.append(J)
        result.append(per_input[0] if single_in else tuple(per_input))
    return result[0] if single_out else tuple(result)


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False, outer_jacobian_strategy="reverse-mode"):
    """The Hessian of a scalar ``func`` at ``inputs``."""
    inputs_t, single_in = _as_tuple(inputs)

    def gradient(*xs):
        out = func(*xs)
        if out.numel() != 1:
            raise RuntimeError("The function given to hessian should return a single Tensor with a single element.")
        gs = _grad_or_zeros(out.reshape(()), xs, None, True)
        return gs[0] if single_in else gs

    return jacobian(gradient, inputs if single_in else inputs_t, create_graph=create_graph)


def vjp(func, inputs, v=None, create_graph=False, strict=False):
    """``(func(inputs), vᵀ J)``."""
    inputs, single_in = _as_tuple(inputs)
    with grad_mode.enable_grad():
        inputs = _prepare(inputs, create_graph)
        outputs = func(*inputs)
    outs, single_out = _as_tuple(outputs)
    if v is None:
        if any(o.numel() != 1 for o in outs):
            raise RuntimeError("The vector v can only be None if the user-provided function returns a single "
                               "Tensor with a single element.")
        vs = None
    else:
        vs, _ = _as_tuple(v)
    with grad_mode.enable_grad():
        gs = _grad_or_zeros(outs, inputs, vs, create_graph)
    gs = tuple(g if create_graph else g.detach() for g in gs)
    outputs = outputs if create_graph else (outs[0].detach() if single_out else tuple(o.detach() for o in outs))
    return outputs, (gs[0] if single_in else gs)


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    """``(func(inputs), J v)`` by the double-backward trick."""
    inputs, single_in = _as_tuple(inputs)
    if v is None:
        if any(i.numel() != 1 for i in inputs):
            raise RuntimeError("The vector v can only be None if the input to the user-provided function is a "
                               "single Tensor with a single element.")
        vs = tuple(zeros_like(i) + 1 for i in inputs)
    else:
        vs, _ = _as_tuple(v)
    with grad_mode.enable_grad():
        inputs = _prepare(inputs, create_graph)
        outputs = func(*inputs)
        outs, single_out = _as_tuple(outputs)
        res = forward_product(transposed(outs, inputs), vs, create_graph)
    res = tuple(zeros_like(o) if r is None else (r if create_graph else r.detach()) for r, o in zip(res, outs))
    outputs = outs[0].detach() if single_out else tuple(o.detach() for o in outs)
    return outputs, (res[0] if single_out else res)


def transposed(outs, inputs):
    """The first half of the double-backward trick: ``(u, Jᵀu)`` for zeros ``u`` that require grad, one per
    output (``Jᵀu`` is None for an input no output depends on).  ``Jᵀu`` is linear in ``u``, so its own
    vector-Jacobian product with a tangent ``t`` is ``J t``: forward mode through two reverse passes."""
    dummies = tuple(zeros_like(o).requires_grad_(True) for o in outs)
    gs = _grad(outs, inputs, dummies, create_graph=True, retain_graph=True, allow_unused=True)
    return dummies, gs


def forward_product(transposed_pair, tangents, create_graph):
    """``J t`` (one entry per output, None where no input reaches it) from :func:`transposed`'s pair."""
    dummies, gs = transposed_pair
    pairs = [(g, t) for g, t in zip(gs, tangents) if g is not None and g._rg]
    if not pairs:
        return (None,) * len(dummies)
    return _grad([g for g, _ in pairs], dummies, [t for _, t in pairs], create_graph=create_graph,
                 retain_graph=True, allow_unused=True)


def _scalar_output(func, inputs, name):
    outputs = func(*inputs)
    outs, single_out = _as_tuple(outputs)
    if not single_out or not isinstance(outs[0], Tensor):
        raise RuntimeError(f"The function given to {name} should return a single Tensor")
    if outs[0].numel() != 1:
        raise RuntimeError(f"The Tensor returned by the function given to {name} should contain a single element")
    return outs[0]


def _grad_of_requiring(outputs, inputs, grad_outputs, create_graph):
    """grad of the outputs that require grad (as PyTorch's _autograd_grad keeps only those), zeros where unused."""
    kept = [(o, g) for o, g in zip(outputs, grad_outputs) if o is not None and o._rg]
    if not kept:
        return tuple(zeros_like(i) for i in inputs)
    return _grad_or_zeros([o for o, _ in kept], inputs, [g for _, g in kept], create_graph)


def _vector_for(v, inputs, name):
    if v is None:
        if any(i.numel() != 1 for i in inputs):
            raise RuntimeError("The vector v can only be None if the input to the user-provided function is a "
                               "single Tensor with a single element.")
        return tuple(zeros_like(i) + 1 for i in inputs)
    vs, _ = _as_tuple(v)
    if len(vs) != len(inputs):
        raise RuntimeError(f"v is a tuple of invalid length: should be {len(inputs)} but got {len(vs)}.")
    return vs


def vhp(func, inputs, v=None, create_graph=False, strict=False):
    """``(func(inputs), vᵀ H)`` for a scalar ``func``: the gradient's own vector-Jacobian product."""
    inputs, single_in = _as_tuple(inputs)
    vs = _vector_for(v, inputs, "vhp")
    with grad_mode.enable_grad():
        inputs = _prepare(inputs, create_graph)
        out = _scalar_output(func, inputs, "vhp")
        jac = _grad_or_zeros(out, inputs, None, True)
        res = _grad_of_requiring(jac, inputs, vs, create_graph)
    res = tuple(r if create_graph else r.detach() for r in res)
    return (out if create_graph else out.detach()), (res[0] if single_in else res)


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    """``(func(inputs), H v)`` for a scalar ``func``, as PyTorch computes it: the double-backward trick on the
    gradient (a backward through zeros that require grad, then a backward of that into them)."""
    inputs, single_in = _as_tuple(inputs)
    vs = _vector_for(v, inputs, "hvp")
    with grad_mode.enable_grad():
        inputs = _prepare(inputs, create_graph)
        out = _scalar_output(func, inputs, "hvp")
        jac = _grad_or_zeros(out, inputs, None, True)
        grad_jac = tuple(zeros_like(i).requires_grad_(True) for i in inputs)
        double_back = _grad_of_requiring(jac, inputs, grad_jac, True)
        res = _grad_of_requiring(double_back, grad_jac, vs, create_graph)
    res = tuple(r if create_graph else r.detach() for r in res)
    return (out if create_graph else out.detach()), (res[0] if single_in else res)
