"""Module backward hooks (``register_full_backward_hook``) as PyTorch runs them."""
from __future__ import annotations

import warnings

from core.tensor import grad_mode
from core.tensor.tensor import Tensor
from core.torch.autograd.function import apply_function


def _identity_forward(ctx, *args):
    ctx.mark_non_differentiable(*[a for a in args if not a.requires_grad])
    return args if len(args) > 1 else args[0]


def _identity_backward(ctx, *grads):
    return grads if len(grads) > 1 else grads[0]


def _pack(index, values, n):
    out = [None] * n
    for i, v in zip(index, values):
        out[i] = v
    return tuple(out)


class BackwardHook:
    """``register_full_backward_hook`` as PyTorch runs it: the module's tensor inputs and outputs
    pass through an identity function (grad_fn BackwardHookFunctionBackward); a pre-hook on the
    outputs' node keeps ``grad_output``, a hook on the inputs' node calls
    ``hook(module, grad_input, grad_output)``, whose result replaces ``grad_input``.  When no
    input requires grad the hooks are called at the outputs with ``grad_input`` all None."""

    def __init__(self, module, hooks):
        self.module, self.hooks = module, hooks
        self.grad_outputs = None
        self.n_inputs, self.input_index = 0, None
        self.n_outputs, self.output_index = 0, None

    @staticmethod
    def _wrap(values, register):
        index = [i for i, v in enumerate(values) if isinstance(v, Tensor)]
        tensors = [values[i] for i in index]
        if not (grad_mode.is_grad_enabled() and any(t.requires_grad for t in tensors)):
            return values, None
        new = apply_function("BackwardHookFunction", _identity_forward, _identity_backward, tuple(tensors))
        new = new if isinstance(new, tuple) else (new,)
        register(next(t.grad_fn for t in new if t.grad_fn is not None))
        out = list(values)
        for i, t in zip(index, new):
            out[i] = t
        return tuple(out), index

    def setup_input(self, args):
        self.n_inputs = len(args)
        args, self.input_index = self._wrap(args, lambda node: node.register_hook(self._input_hook))
        return args

    def setup_output(self, result):
        single = isinstance(result, Tensor)
        values = (result,) if single else result
        if not isinstance(values, tuple):
            return result
        self.n_outputs = len(values)
        values, self.output_index = self._wrap(values, lambda node: node.register_prehook(self._output_hook))
        return values[0] if single else values

    def _input_hook(self, grad_inputs, grad_outputs):
        packed = _pack(self.input_index, grad_inputs, self.n_inputs)
        changed = False
        for hook in self.hooks:
            res = hook(self.module, packed, self.grad_outputs)
            if res is None:
                continue
            res = tuple(res) if isinstance(res, (tuple, list)) else (res,)
            if len(res) != len(packed):
                raise RuntimeError(f"Backward hook returned an invalid number of grad_input, got {len(res)}, but "
                                   f"expected {len(packed)}")
            packed, changed = res, True
        self.grad_outputs = None
        return tuple(packed[i] for i in self.input_index) if changed else None

    def _output_hook(self, grad_outputs):
        self.grad_outputs = _pack(self.output_index, grad_outputs, self.n_outputs)
        if self.input_index is None:
            warnings.warn("Full backward hook is firing when gradients are computed with respect to module outputs "
                          "since no inputs require gradients. See https://docs.pytorch.org/docs/main/generated/"
                          "torch.nn.Module.html#torch.nn.Module.register_full_backward_hook for more details.")
            nothing = (None,) * self.n_inputs
            for hook in self.hooks:
                res = hook(self.module, nothing, self.grad_outputs)
                if res is not None and not (isinstance(res, tuple) and all(r is None for r in res)):
                    raise RuntimeError("Backward hook for Modules where no input requires gradient should always "
                                       "return None or None for all gradients.")
            self.grad_outputs = None
        return None
