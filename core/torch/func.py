"""``torch.func``: PyTorch's function transforms (grad, grad_and_value, vjp, jvp, jacrev, jacfwd, hessian,
vmap, functional_call), as the tutorial "Jacobians, Hessians, hvp, vhp, and more" composes them.

PyTorch runs them with functorch's levels of wrapped tensors.  Here each transform is a function of the
engine's reverse mode (core.autograd.engine.grad), the way core.torch.autograd.functional builds its
Jacobians:

* grad, vjp, jacrev: a backward from the output (jacrev: one per output element, with the one-hot
  vector as grad_output, so each row is the vector-Jacobian product PyTorch's vmap of vjp computes);
* jvp, jacfwd: there is no forward mode; ``J t`` comes from the double-backward trick
  (``transposed`` / ``forward_product`` in core.torch.autograd.functional), one tangent per column;
  the values are forward mode's (the zeros' signs too, for elementwise steps: ``t * f'(x)``);
* hessian: ``jacfwd(jacrev(f))``, as PyTorch defines it;
* vmap: the function applied to each slice along the mapped dimension, the results stacked.

Composition: an input the transform differentiates becomes a fresh leaf, or, when it already requires
grad (an outer transform's input, a tensor of the program's graph), a view of it, and every backward
keeps its graph (create_graph).  A result stays connected to the program's graph only if that graph
reaches a tensor outside the transform (:func:`_finish`), so with inputs that need no grad the results
have no grad_fn, as PyTorch's.  Where the results do require grad, their grad_fn is the one this
construction leaves (vmap's StackBackward0 where PyTorch names the batched op's own backward).
"""
from __future__ import annotations

from core.autograd.engine import grad as _grad
from core.tensor import grad_mode
from core.tensor.node import AccumulateGrad
from core.tensor.tensor import Tensor
from core.torch import random as _random
from core.torch.autograd.functional import forward_product, transposed
from core.torch.creation import eye, zeros, zeros_like
from core.torch.functional import stack

__all__ = ["grad", "grad_and_value", "vjp", "jvp", "jacrev", "jacfwd", "hessian", "vmap", "functional_call",
           "stack_module_state"]


# ---------------------------------------------------------------------------
# pytrees: tuples, lists and dicts of leaves, as PyTorch's transforms walk them
# ---------------------------------------------------------------------------

def _flatten(tree):
    """``(leaves, rebuild)``: the leaves in order and a function that puts new leaves in their places."""
    if isinstance(tree, (tuple, list)) and not hasattr(tree, "_fields"):
        parts = [_flatten(x) for x in tree]
        kind = type(tree)
    elif isinstance(tree, dict):
        keys = list(tree)
        parts = [_flatten(tree[k]) for k in keys]
        kind = None
    else:
        return [tree], lambda leaves: leaves[0]
    leaves = [leaf for p in parts for leaf in p[0]]
    sizes = [len(p[0]) for p in parts]

    def rebuild(new):
        out, at = [], 0
        for (_, sub), n in zip(parts, sizes):
            out.append(sub(new[at:at + n]))
            at += n
        if kind is None:
            return type(tree)(zip(keys, out)) if type(tree) is not dict else dict(zip(keys, out))
        return kind(out)
    return leaves, rebuild


def _type_text(x) -> str:
    return f"<class '{type(x).__name__}'>"


def _name(func) -> str:
    return getattr(func, "__name__", type(func).__name__)


# ---------------------------------------------------------------------------
# lifting inputs and finishing results
# ---------------------------------------------------------------------------

class _Lifted:
    """The differentiated inputs of one transform call: ``args`` with the chosen ones replaced by tensors
    that require grad, ``leaves`` those tensors in order, ``fresh`` the ids of tensors made here."""

    def __init__(self, args, argnums, outer):
        self.outer = outer          # grad mode was on at the call: results may join the program's graph
        self.fresh = set()
        nums = _argnums(argnums, len(args))
        self.args = list(args)
        self.trees = []            # (leaves, rebuild) per differentiated argument
        for n in nums:
            leaves, rebuild = _flatten(args[n])
            lifted = [self.lift(t) for t in leaves]
            self.trees.append((lifted, rebuild))
            self.args[n] = rebuild(lifted)
        self.single = not isinstance(argnums, tuple)
        self.leaves = [t for lifted, _ in self.trees for t in lifted]

    def lift(self, t):
        if not isinstance(t, Tensor):
            raise ValueError(f"Thing passed to transform API must be Tensor, got {_type_text(t)}")
        if self.outer and t._rg:
            x = t.view_as(t)        # stays in the outer graph, so an outer transform sees through
        else:
            x = t.detach().requires_grad_(True)
        self.fresh.add(id(x))
        return x

    def per_argument(self, flat):
        """``flat`` (one entry per leaf) regrouped as the differentiated arguments are."""
        out, at = [], 0
        for lifted, rebuild in self.trees:
            out.append(rebuild(flat[at:at + len(lifted)]))
            at += len(lifted)
        return out[0] if self.single else tuple(out)


def _argnums(argnums, n_args):
    """The argument positions ``argnums`` names (an int or a non-empty tuple of distinct ints), checked."""
    if isinstance(argnums, tuple):
        if not argnums:
            raise RuntimeError("argnums must be non-empty")
        nums = argnums
    elif isinstance(argnums, int) and not isinstance(argnums, bool):
        nums = (argnums,)
    else:
        raise RuntimeError(f"argnums must be int or Tuple[int, ...], got: {_type_text(argnums)}")
    for n in nums:
        if not isinstance(n, int) or isinstance(n, bool):
            raise RuntimeError(f"argnum must be int, got: {_type_text(n)}")
        if not -n_args <= n < n_args:
            raise RuntimeError(f"Got argnum={n}, but only {n_args} positional inputs")
    normal = tuple(n % n_args for n in nums)
    if len(set(normal)) != len(normal):
        raise RuntimeError(f"argnums elements must be unique, got {normal}")
    return nums


def _reaches_outside(t, fresh) -> bool:
    """Whether ``t``'s graph reaches a leaf (or a tensor) not made by the transform."""
    if t.grad_fn is None:
        return t._rg and id(t) not in fresh
    seen, todo = set(), [t.grad_fn]
    while todo:
        node = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, AccumulateGrad):
            if id(node.variable) not in fresh:
                return True
            continue
        todo.extend(n for n, _ in node.next_functions if n is not None)
    return False


def _finish(tree, lifted):
    """The results as PyTorch returns them: joined to the program's graph only if they reach outside."""
    def one(t):
        if not isinstance(t, Tensor) or not t._rg:
            return t
        return t if lifted.outer and _reaches_outside(t, lifted.fresh) else t.detach()
    leaves, rebuild = _flatten(tree)
    return rebuild([one(t) for t in leaves])


def _keeps_graph(tensors, lifted, also=()):
    """Whether a backward from ``tensors`` must record its own graph: only when they reach a tensor outside
    the transform (an outer transform's input, the program's parameters), as the results would then keep
    their grad_fn.  (Recording it when nothing would keep it changes no value, but the engine's recorded
    backward loses the sign of some zeros that PyTorch prints: -0. as 0.)"""
    fresh = lifted.fresh | {id(t) for t in also}
    return lifted.outer and any(_reaches_outside(t, fresh) for t in tensors if t is not None)


def _backward(outputs, lifted, grad_outputs, keep=None):
    """The gradients of ``outputs`` (weighted by ``grad_outputs``) for every lifted leaf, zeros where unused."""
    kept = [(o, g) for o, g in zip(outputs, grad_outputs) if o._rg]
    if not kept:
        return [zeros_like(x) for x in lifted.leaves]
    if keep is None:
        keep = _keeps_graph([o for o, _ in kept], lifted)
    gs = _grad([o for o, _ in kept], lifted.leaves, [g for _, g in kept], retain_graph=True, create_graph=keep,
               allow_unused=True)
    return [zeros_like(x) if g is None else g for g, x in zip(gs, lifted.leaves)]


def _split_aux(out, has_aux, what):
    if not has_aux:
        return out, None
    if not (isinstance(out, tuple) and len(out) == 2):
        raise RuntimeError(f"{what}: output of function f should be a tuple: (output, aux) if has_aux is True")
    return out


def _tensor_outputs(out, what):
    leaves, rebuild = _flatten(out)
    for t in leaves:
        if not isinstance(t, Tensor):
            raise RuntimeError(f"{what}: expected f(*primals) to return only tensors, got unsupported type "
                               f"{_type_text(t)}")
    return leaves, rebuild


# ---------------------------------------------------------------------------
# grad, grad_and_value, vjp, jvp
# ---------------------------------------------------------------------------

def grad_and_value(func, argnums=0, has_aux=False):
    """``grad_and_value(f)(*args)``: ``(df/dargs, f(*args))`` for a scalar ``f`` (with ``has_aux``:
    ``(grads, (value, aux))``)."""
    what = "grad_and_value(f)(*args)"

    def wrapper(*args, **kwargs):
        outer = grad_mode.is_grad_enabled()
        with grad_mode.enable_grad():
            lifted = _Lifted(args, argnums, outer)
            out, aux = _split_aux(func(*lifted.args, **kwargs), has_aux, what)
            if not isinstance(out, Tensor):
                raise RuntimeError(f"{what}: Expected f(*args) to return a Tensor, got {_type_text(out)}")
            if out.dim() != 0:
                raise RuntimeError(f"{what}: Expected f(*args) to return a scalar Tensor, got tensor with "
                                   f"{out.dim()} dims. Maybe you wanted to use the vjp or jacrev APIs instead?")
            grads = lifted.per_argument(_backward([out], lifted, [None]))
        value = (out, aux) if has_aux else out
        return _finish(grads, lifted), _finish(value, lifted)
    return wrapper


def grad(func, argnums=0, has_aux=False):
    """``grad(f)(*args)``: the gradient of a scalar ``f`` w.r.t. the arguments ``argnums`` names
    (with ``has_aux``: ``(grads, aux)``)."""
    both = grad_and_value(func, argnums, has_aux)

    def wrapper(*args, **kwargs):
        grads, value = both(*args, **kwargs)
        return (grads, value[1]) if has_aux else grads
    return wrapper


def vjp(func, *primals, has_aux=False):
    """``(f(*primals), vjp_fn)``; ``vjp_fn(cotangents)`` gives a tuple: ``vᵀ J`` for each primal."""
    what = "vjp(f, *primals)"
    outer = grad_mode.is_grad_enabled()
    with grad_mode.enable_grad():
        lifted = _Lifted(primals, tuple(range(len(primals))), outer)
        out, aux = _split_aux(func(*lifted.args), has_aux, what)
        outs, _ = _tensor_outputs(out, what)

    def vjp_fn(cotangents):
        cots, _ = _flatten(cotangents)
        if len(cots) != len(outs):
            raise RuntimeError(f"Expected pytree structure of cotangents to be the same as pytree structure of "
                               f"outputs to the function. cotangents: {len(cots)} leaves, outputs: {len(outs)}")
        with grad_mode.enable_grad():
            gs = _backward(outs, lifted, cots)
        return _finish(tuple(lifted.per_argument(gs)), lifted)

    result = (_finish(out, lifted), vjp_fn)
    return result + (_finish(aux, lifted),) if has_aux else result


def _check_tuple(x, name):
    if not isinstance(x, tuple):
        raise RuntimeError(f"jvp(f, primals, tangents): Expected {name} to be a tuple. E.g. it should be valid "
                           "to call f(*primals).")


def jvp(func, primals, tangents, *, strict=False, has_aux=False):
    """``(f(*primals), J · tangents)`` (see the module's note: two reverse passes, forward mode's values)."""
    _check_tuple(primals, "primals")
    _check_tuple(tangents, "tangents")
    outer = grad_mode.is_grad_enabled()
    with grad_mode.enable_grad():
        lifted = _Lifted(primals, tuple(range(len(primals))), outer)
        tans, _ = _flatten(tangents)
        if len(tans) != len(lifted.leaves):
            raise RuntimeError("jvp(f, primals, tangents): Expected primals and tangents to have the same "
                               "python structure.")
        for p, t in zip(lifted.leaves, tans):
            if tuple(p.shape) != tuple(t.shape):
                raise RuntimeError("Trying to set a forward gradient that has a different size than that of the "
                                   f"original Tensor, this is not supported. Tensor is of size {list(p.shape)} "
                                   f"while the given forward gradient is of size {list(t.shape)}.")
        out, aux = _split_aux(func(*lifted.args), has_aux, "jvp(f, primals, tangents)")
        outs, rebuild = _tensor_outputs(out, "jvp(f, primals, tangents)")
        pair = transposed(outs, lifted.leaves)
        res = forward_product(pair, tans, create_graph=_keeps_graph(pair[1], lifted, also=pair[0]))
        res = [zeros_like(o) if r is None else r for r, o in zip(res, outs)]
    result = (_finish(out, lifted), _finish(rebuild(res), lifted))
    return result + (_finish(aux, lifted),) if has_aux else result


# ---------------------------------------------------------------------------
# jacrev, jacfwd, hessian
# ---------------------------------------------------------------------------

def _basis(t):
    """The one-hot tensors of ``t``'s shape, in row-major order."""
    n = t.numel()
    return [row.reshape(tuple(t.shape)) for row in eye(n, dtype=t.dtype).unbind(0)] if n else []


def _jacobian(func, argnums, has_aux, columns, what):
    def wrapper(*args, **kwargs):
        outer = grad_mode.is_grad_enabled()
        with grad_mode.enable_grad():
            lifted = _Lifted(args, argnums, outer)
            out, aux = _split_aux(func(*lifted.args, **kwargs), has_aux, what)
            outs, rebuild = _tensor_outputs(out, "vjp(f, *primals)" if what == "jacrev" else what)
            blocks = columns(outs, lifted)   # blocks[m][k]: d outs[m] / d leaves[k]
        jac = rebuild([lifted.per_argument(b) for b in blocks])
        return (_finish(jac, lifted), _finish(aux, lifted)) if has_aux else _finish(jac, lifted)
    return wrapper


def _shaped(parts, out, x):
    shape = tuple(out.shape) + tuple(x.shape)
    return stack(parts).reshape(shape) if parts else zeros(*shape, dtype=out.dtype)


def _reverse_blocks(outs, lifted):
    blocks = []
    for o in outs:
        rows = [[] for _ in lifted.leaves]
        keep = _keeps_graph([o], lifted)
        for e in _basis(o):
            for k, g in enumerate(_backward([o], lifted, [e], keep)):
                rows[k].append(g)
        blocks.append([_shaped(r, o, x) for r, x in zip(rows, lifted.leaves)])
    return blocks


def _forward_blocks(outs, lifted):
    pair = transposed(outs, lifted.leaves)
    keep = _keeps_graph(pair[1], lifted, also=pair[0])
    cols = [[[] for _ in lifted.leaves] for _ in outs]
    for k, x in enumerate(lifted.leaves):
        for e in _basis(x):
            tangents = [e if j == k else zeros_like(y) for j, y in enumerate(lifted.leaves)]
            res = forward_product(pair, tangents, create_graph=keep)
            for m, (r, o) in enumerate(zip(res, outs)):
                cols[m][k].append(zeros_like(o) if r is None else r)
    blocks = []
    for m, o in enumerate(outs):
        per = []
        for k, x in enumerate(lifted.leaves):
            c = cols[m][k]
            shape = tuple(o.shape) + tuple(x.shape)
            per.append(stack(c, dim=-1).reshape(shape) if c else zeros(*shape, dtype=o.dtype))
        blocks.append(per)
    return blocks


def jacrev(func, argnums=0, *, has_aux=False, chunk_size=None, _preallocate_and_copy=False):
    """``jacrev(f)(*args)``: the Jacobian, shape ``out.shape + arg.shape``, row by row (reverse mode)."""
    return _jacobian(func, argnums, has_aux, _reverse_blocks, "jacrev")


def jacfwd(func, argnums=0, has_aux=False, *, randomness="error"):
    """``jacfwd(f)(*args)``: the Jacobian column by column (a jvp per input element)."""
    return _jacobian(func, argnums, has_aux, _forward_blocks, "jacfwd")


def hessian(func, argnums=0):
    """``hessian(f)(*args)``: ``jacfwd(jacrev(f))``, shape ``out.shape + arg.shape + arg.shape``."""
    return jacfwd(jacrev(func, argnums), argnums)


# ---------------------------------------------------------------------------
# vmap
# ---------------------------------------------------------------------------

RANDOMNESS = ("error", "different", "same")


def vmap(func, in_dims=0, out_dims=0, randomness="error", *, chunk_size=None):
    """``vmap(f)(*args)``: ``f`` applied to each slice of the arguments along ``in_dims`` (an int for every
    argument, or a tuple with one entry per argument: an int, None for an argument passed whole, or a
    nested tuple/dict of them), the results stacked along ``out_dims``."""
    if randomness not in RANDOMNESS:
        raise RuntimeError(f"Only allowed values for randomness are 'error', 'different', or 'same'. Got "
                           f"{randomness}")

    def wrapper(*args, **kwargs):
        head = f"vmap({_name(func)}, in_dims={in_dims}, ...)(<inputs>)"
        if randomness != "error":
            raise RuntimeError(f"vmap(randomness='{randomness}') is not available in Backprop Lens: a vmap here "
                               "runs the function once per slice, which cannot draw random numbers as PyTorch's "
                               "batched draw does; draw them outside the vmap")
        mapped = _mapped_inputs(args, in_dims, head)
        sizes = [t.shape[d] for t, d in mapped]
        if not sizes:
            raise ValueError("vmap: Expected at least one Tensor to vmap over")
        if len(set(sizes)) > 1:
            raise ValueError(f"vmap: Expected all tensors to have the same size in the mapped dimension, got "
                             f"sizes {sizes} for the mapped dimension")
        results = []
        for b in range(max(sizes[0], 1)):
            # NOTE: an empty batch still calls the function once, on zeros of a slice's shape, to learn the
            # results' shapes (PyTorch runs it once on the empty batched tensor)
            slices = {id(t): t.select(d, b) if sizes[0] else _empty_slice(t, d) for t, d in mapped}
            call_args = _sliced(args, in_dims, slices)
            drawn = _random.DRAWS[0]
            out = func(*call_args, **kwargs)
            if _random.DRAWS[0] != drawn:
                raise RuntimeError("vmap: called random operation while in randomness error mode. Please either "
                                   "use the 'same' or 'different' randomness flags on vmap or perform the "
                                   "randomness operation out of vmap")
            results.append(out)
        return _stacked(results, out_dims, func, empty=sizes[0] == 0)
    return wrapper


def _empty_slice(t, d):
    shape = tuple(s for i, s in enumerate(t.shape) if i != d % t.dim())
    return zeros(*shape, dtype=t.dtype)


def _arg_dims(args, in_dims, head):
    """One in_dim per argument."""
    if isinstance(in_dims, int) and not isinstance(in_dims, bool):
        return [in_dims] * len(args)
    if not isinstance(in_dims, tuple):
        raise ValueError(f"{head}: expected `in_dims` to be int or a (potentially nested) tuple matching the "
                         f"structure of inputs, got: {_type_text(in_dims)}.")
    if len(in_dims) != len(args):
        raise ValueError(f"{head}: in_dims is not compatible with the structure of `inputs`. in_dims has "
                         f"structure {_spec(in_dims)} but inputs has structure {_spec(args)}.")
    return list(in_dims)


def _spec(tup):
    """A flat tuple's TreeSpec as PyTorch prints it (leaves only: ``TreeSpec(tuple, None, [*,\\n  *])``)."""
    return "TreeSpec(tuple, None, [" + ",\n  ".join("*" for _ in tup) + "])"


def _leaf_dims(arg, dim):
    """(leaf, dim) for each leaf of one argument under its in_dim (an int or None for all, or a tree)."""
    leaves, _ = _flatten(arg)
    if dim is None or isinstance(dim, int):
        return [(leaf, dim) for leaf in leaves]
    dims, _ = _flatten(dim)
    return list(zip(leaves, dims))


def _mapped_inputs(args, in_dims, head):
    mapped = []
    for arg, dim in zip(args, _arg_dims(args, in_dims, head)):
        for leaf, d in _leaf_dims(arg, dim):
            if d is None:
                continue
            if not isinstance(leaf, Tensor):
                raise ValueError(f"{head}: Got in_dim={d} for an input but the input is of type "
                                 f"{_type_text(leaf)}. We cannot vmap over non-Tensor arguments, please use None "
                                 "as the respective in_dim")
            n = leaf.dim()
            if not -n <= d < n:
                raise ValueError(f"{head}: Got in_dim={d} for some input, but that input is a Tensor of "
                                 f"dimensionality {n} so expected in_dim to satisfy -{n} <= in_dim < {n}.")
            mapped.append((leaf, d % n))
    return mapped


def _sliced(args, in_dims, slices):
    out = []
    dims = [in_dims] * len(args) if not isinstance(in_dims, tuple) else list(in_dims)
    for arg, dim in zip(args, dims):
        leaves, rebuild = _flatten(arg)
        pairs = _leaf_dims(arg, dim)
        out.append(rebuild([slices[id(leaf)] if d is not None and isinstance(leaf, Tensor) else leaf
                            for leaf, d in pairs]))
    return out


def _stacked(results, out_dims, func, empty):
    leaves_per = [_flatten(r) for r in results]
    rebuild = leaves_per[0][1]
    columns = list(zip(*(leaves for leaves, _ in leaves_per)))
    dims = [out_dims] * len(columns) if not isinstance(out_dims, tuple) else _flatten(out_dims)[0]
    if isinstance(out_dims, tuple) and len(dims) != len(columns):
        raise ValueError(f"vmap({_name(func)}, ...): out_dims is not compatible with the structure of `outputs`.")
    stacked = []
    for col, d in zip(columns, dims):
        if d is None:
            stacked.append(col[0])
            continue
        for t in col:
            if not isinstance(t, Tensor):
                raise ValueError(f"vmap({_name(func)}, ...): `{_name(func)}` must only return Tensors, got type "
                                 f"{_type_text(t)}. Did you mean to set out_dims= to None for output?")
        s = stack(list(col), dim=d)
        stacked.append(s.narrow(d, 0, 0) if empty else s)
    return rebuild(stacked)


# ---------------------------------------------------------------------------
# functional_call
# ---------------------------------------------------------------------------

def functional_call(module, parameter_and_buffer_dicts, args=None, kwargs=None, *, tie_weights=True,
                    strict=False):
    """``module(*args, **kwargs)`` with its parameters and buffers named in the dict(s) replaced by the given
    tensors for the call, then put back."""
    dicts = parameter_and_buffer_dicts
    if isinstance(dicts, dict):
        given = dict(dicts)
    elif isinstance(dicts, (tuple, list)):
        if not all(isinstance(d, dict) for d in dicts):
            raise ValueError("Expected all elements of parameter_and_buffer_dicts to be dictionaries")
        given, repeated = {}, []
        for d in dicts:
            repeated += [k for k in d if k in given and k not in repeated]
            given.update(d)
        if repeated:
            raise ValueError(f"{repeated} appeared in multiple dictionaries; behavior of functional call is "
                             "ambiguous")
    else:
        raise ValueError(f"Expected parameter_and_buffer_dicts to be a dict, or a list/tuple of dicts, but got "
                         f"{type(dicts)}")
    for t in given.values():
        if t is not None and not isinstance(t, Tensor):
            raise TypeError(f"{t} is not an instance of torch.Tensor")
    names = {n: t for n, t in module.named_parameters(remove_duplicate=False)}
    names.update({n: t for n, t in module.named_buffers(remove_duplicate=False)})
    if tie_weights:   # a tied name takes the tensor given for its twin
        for n, t in names.items():
            if n not in given:
                twin = next((g for g in given if g in names and names[g] is t), None)
                if twin is not None:
                    given[n] = given[twin]
    if strict:
        missing = [n for n in names if n not in given]
        unexpected = [n for n in given if n not in names]
        if missing or unexpected:
            lines = []
            if unexpected:
                lines.append("Unexpected key(s): " + ", ".join(f"'{n}'" for n in unexpected) + ".")
            if missing:
                lines.append("Missing key(s): " + ", ".join(f"'{n}'" for n in missing) + ".")
            raise RuntimeError(f"Error(s) in reparametrizing for {type(module).__name__}:\n\t" + "\n\t".join(lines))
    if args is None:
        args = ()
    elif not isinstance(args, tuple):
        args = (args,)
    swapped = []
    try:
        for n, t in given.items():
            if n not in names:
                continue
            path, _, leaf = n.rpartition(".")
            owner = module.get_submodule(path)
            table = owner.__dict__["_parameters" if leaf in owner.__dict__["_parameters"] else "_buffers"]
            swapped.append((table, leaf, table[leaf]))
            table[leaf] = t
        return module(*args, **(kwargs or {}))
    finally:
        for table, leaf, old in reversed(swapped):
            table[leaf] = old


def stack_module_state(models):
    """``(params, buffers)``: each parameter and buffer of the same-shaped ``models`` stacked along a new first
    dimension, by name; the stacked parameters are new leaves that require grad where the originals do."""
    models = list(models)
    if not models:
        raise RuntimeError("stack_module_state: Expected at least one model, got 0.")
    if not (all(m.training for m in models) or all(not m.training for m in models)):
        raise RuntimeError("stack_module_state: Expected all models to have the same training/eval mode.")
    first = type(models[0])
    if not all(type(m) is first for m in models):
        raise RuntimeError("stack_module_state: Expected all models to be of the same class.")

    def stacked(named, as_leaf):
        out = {}
        for name, t in named(models[0]):
            s = stack([dict(named(m))[name].detach() for m in models])
            out[name] = s.requires_grad_(t.requires_grad) if as_leaf else s
        return out
    params = stacked(lambda m: list(m.named_parameters()), True)
    buffers = stacked(lambda m: list(m.named_buffers()), False)
    return params, buffers
