"""``torch.nn.Module`` and ``torch.nn.Parameter`` with PyTorch 2.13's semantics.

A module keeps its state as PyTorch's does: parameters, buffers and child
modules in three ordered dicts filled by attribute assignment (a Parameter
becomes a parameter, a Module a child, assigning None to a registered name
keeps the slot), other attributes as plain attributes; reads fall back to
the three dicts.  ``repr`` prints the module tree as PyTorch prints it.

Two kinds of object are modules here: the host layers of :mod:`core.torch.nn`
(``Linear``...), whose plain attributes live in the host ``__dict__``, and
the host classes of a program's ``class Net(nn.Module)`` (core.interp.classes),
whose plain attributes live in the program's own dict.  The few places where
the two differ go through three methods a program module overrides:
``_plain`` (the dict of plain attributes), ``_has`` (``hasattr`` as the
program sees it) and ``_method`` (``forward``/``extra_repr``, which a program
may define).
"""
from __future__ import annotations

import copy
import functools
import itertools
import warnings

import numpy as np
from collections import OrderedDict, namedtuple

from core import dtypes
from core.tensor.node import _HookTable, add_hook
from core.tensor.node import _seq as _node_seq
from core.tensor.tensor import FLOAT_ONLY, Tensor
from core.context import leaf_created
from core.tensor.grad_mode import no_grad
from core.torch import creation
from core.torch.nn.hooks import BackwardHook

COMPLEX_MODULES = (
    "Complex modules are a new feature under active development whose design may change, and some modules might "
    "not work as expected when using complex tensors as parameters or buffers. Please file an issue at "
    "https://github.com/pytorch/pytorch/issues/new?template=bug-report.yml if a complex module does not work as "
    "expected.")


class Parameter(Tensor):
    """``nn.Parameter(data, requires_grad=True)``: a leaf sharing ``data``'s storage,
    listed by the module it is assigned to, printed as "Parameter containing:"."""

    _is_param = True

    def __new__(cls, data=None, requires_grad=True):
        if data is None:
            data = Tensor._make(np.zeros((0,), dtype=dtypes.get_default_dtype().np))
        if not isinstance(data, Tensor):
            raise TypeError(f"Parameter(): argument 'data' must be Tensor, not {type(data).__name__}")
        t = data.detach()
        if requires_grad and t.dtype.category < 2:
            raise RuntimeError(FLOAT_ONLY)
        t.__class__ = cls
        t._rg = bool(requires_grad)
        if t._rg:
            leaf_created(t)
        return t

    def __init__(self, data=None, requires_grad=True):
        pass


def typename(obj) -> str:
    """``torch.typename``: a tensor's legacy type name, else the class's qualified name."""
    if isinstance(obj, Tensor):
        return obj.dtype.legacy_name
    cls = type(obj)
    module = cls.__module__
    if module in (None, "builtins"):
        return cls.__qualname__
    return f"{module}.{cls.__qualname__}"


class _IncompatibleKeys(namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    __slots__ = ()
    _bpl_public = frozenset({"missing_keys", "unexpected_keys"})

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return super().__repr__()

    __str__ = __repr__


def _addindent(text: str, spaces: int) -> str:
    lines = text.split("\n")
    if len(lines) == 1:
        return text
    first = lines.pop(0)
    return first + "\n" + "\n".join((" " * spaces) + ln if ln.strip() else "" for ln in lines)


def _forward_unimplemented(self, *input):
    raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')


_forward_unimplemented.__name__ = _forward_unimplemented.__qualname__ = "forward"


Parameter.__module__ = "torch.nn.parameter"


class Module:
    """Base of every module (host layers and the program's ``nn.Module`` subclasses)."""

    _torch_module = "module"
    # a layer's own public methods (beyond MODULE_API) a program may call
    _bpl_methods: frozenset = frozenset()
    _version = 1

    def __init__(self, *args, **kwargs):
        if kwargs:
            raise TypeError(f"{type(self).__name__}.__init__() got an unexpected keyword argument "
                            f"'{next(iter(kwargs))}'")
        if args:
            raise TypeError(f"{type(self).__name__}.__init__() takes 1 positional argument but {len(args) + 1} "
                            "were given")
        d = self.__dict__
        d["_parameters"] = {}
        d["_buffers"] = {}
        d["_non_persistent_buffers_set"] = set()
        d["_modules"] = {}
        d["_forward_hooks"] = _HookTable()
        d["_forward_pre_hooks"] = _HookTable()
        d["_backward_hooks"] = _HookTable()
        d["training"] = True

    # -- what differs between host layers and program modules ---------------------------
    def _plain(self) -> dict:
        return self.__dict__

    def _has(self, name) -> bool:
        return hasattr(self, name)

    def _method(self, name):
        return getattr(self, name)

    # -- attributes ---------------------------------------------------------------------
    def __getattr__(self, name):
        d = self.__dict__
        for table in ("_parameters", "_buffers", "_modules"):
            t = d.get(table)
            if t is not None and name in t:
                return t[name]
        if not name.startswith("_bpl"):
            plain = self._plain()   # a program module's plain attributes, read by a layer's own code
            if plain is not d and name in plain:
                return plain[name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        module_setattr(self, name, value)

    def __delattr__(self, name):
        d = self.__dict__
        for table in ("_parameters", "_buffers", "_modules"):
            if name in d.get(table, ()):
                del d[table][name]
                d["_non_persistent_buffers_set"].discard(name)
                return
        object.__delattr__(self, name)

    def register_parameter(self, name, param):
        d = self.__dict__
        if "_parameters" not in d:
            raise AttributeError("cannot assign parameter before Module.__init__() call")
        _check_name(self, name, "parameter", d["_parameters"])
        if param is None:
            d["_parameters"][name] = None
        elif not isinstance(param, Parameter):
            raise TypeError(f"cannot assign '{typename(param)}' object to parameter '{name}' "
                            "(torch.nn.Parameter or None required)")
        elif param.grad_fn is not None:
            raise ValueError(f"Cannot assign non-leaf Tensor to parameter '{name}'. Model parameters must be "
                             f"created explicitly. To express '{name}' as a function of another Tensor, compute "
                             "the value in the forward() method.")
        else:
            d["_parameters"][name] = param

    def register_buffer(self, name, tensor, persistent=True):
        d = self.__dict__
        if "_buffers" not in d:
            raise AttributeError("cannot assign buffer before Module.__init__() call")
        _check_name(self, name, "buffer", d["_buffers"])
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(f"cannot assign '{typename(tensor)}' object to buffer '{name}' "
                            "(torch Tensor or None required)")
        d["_buffers"][name] = tensor
        if persistent:
            d["_non_persistent_buffers_set"].discard(name)
        else:
            d["_non_persistent_buffers_set"].add(name)

    def add_module(self, name, module):
        if not isinstance(module, Module) and module is not None:
            raise TypeError(f"{typename(module)} is not a Module subclass")
        if not isinstance(name, str):
            raise TypeError(f"module name should be a string. Got {typename(name)}")
        modules = self.__dict__.get("_modules")
        if modules is None:
            raise AttributeError("cannot assign module before Module.__init__() call")
        if self._has(name) and name not in modules:
            raise KeyError(f"attribute '{name}' already exists")
        if "." in name:
            raise KeyError(f'module name can\'t contain ".", got: {name}')
        if name == "":
            raise KeyError('module name can\'t be empty string ""')
        modules[name] = module

    register_module = add_module

    def get_submodule(self, target):
        if target == "":
            return self
        mod = self
        for item in target.split("."):
            if item not in mod.__dict__["_modules"]:
                raise AttributeError(f"{mod._get_name()} has no attribute `{item}`")
            mod = mod.__dict__["_modules"][item]
            if not isinstance(mod, Module):
                raise AttributeError("`" + item + "` is not an nn.Module")
        return mod

    def get_parameter(self, target):
        module_path, _, name = target.rpartition(".")
        mod = self.get_submodule(module_path)
        if name not in mod.__dict__["_parameters"]:
            raise AttributeError(f"{mod._get_name()} has no attribute `{name}`")
        return mod.__dict__["_parameters"][name]

    # -- iteration ----------------------------------------------------------------------
    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        if memo is None:
            memo = set()
        if self not in memo:
            if remove_duplicate:
                memo.add(self)
            yield prefix, self
            for name, module in self.__dict__["_modules"].items():
                if module is None:
                    continue
                yield from module.named_modules(memo, prefix + ("." if prefix else "") + name, remove_duplicate)

    def modules(self):
        for _, m in self.named_modules():
            yield m

    def named_children(self):
        memo = set()
        for name, module in self.__dict__["_modules"].items():
            if module is not None and module not in memo:
                memo.add(module)
                yield name, module

    def children(self):
        for _, m in self.named_children():
            yield m

    def _named_members(self, table, prefix, recurse, remove_duplicate):
        memo = set()
        mods = self.named_modules(prefix=prefix, remove_duplicate=remove_duplicate) if recurse else [(prefix, self)]
        for module_prefix, module in mods:
            for k, v in module.__dict__[table].items():
                if v is None or v in memo:
                    continue
                if remove_duplicate:
                    memo.add(v)
                yield module_prefix + ("." if module_prefix else "") + k, v

    def named_parameters(self, prefix="", recurse=True, remove_duplicate=True):
        yield from self._named_members("_parameters", prefix, recurse, remove_duplicate)

    def parameters(self, recurse=True):
        for _, p in self.named_parameters(recurse=recurse):
            yield p

    def named_buffers(self, prefix="", recurse=True, remove_duplicate=True):
        yield from self._named_members("_buffers", prefix, recurse, remove_duplicate)

    def buffers(self, recurse=True):
        for _, b in self.named_buffers(recurse=recurse):
            yield b

    # -- modes and gradients --------------------------------------------------------------
    def train(self, mode=True):
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        self.__dict__["training"] = mode
        for module in self.children():
            module.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none=True):
        for p in self.parameters():
            if p.grad is not None:
                if set_to_none:
                    p.grad = None
                else:
                    g = p.grad
                    if g.grad_fn is not None:
                        g.detach_()
                    else:
                        g.requires_grad_(False)
                    g.zero_()

    # -- conversion -------------------------------------------------------------------------
    def apply(self, fn):
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    def _convert(self, fn):
        """Each parameter's and buffer's data replaced by ``fn`` of it (PyTorch's ``_apply``
        with ``param.data = fn(param)``, so the Parameter objects stay the same)."""
        for module in self.modules():
            d = module.__dict__
            for key, p in d["_parameters"].items():
                if p is None:
                    continue
                with no_grad():
                    new = fn(p)
                if new is not p:
                    p.data = new
                if p.grad is not None:
                    with no_grad():
                        g = fn(p.grad)
                    if g is not p.grad:
                        p.grad.data = g
            for key, b in d["_buffers"].items():
                if b is not None:
                    d["_buffers"][key] = fn(b)
        return self

    def to(self, *args, **kwargs):
        dtype = kwargs.pop("dtype", None)
        kwargs.pop("device", None)
        kwargs.pop("non_blocking", None)
        if kwargs:
            raise TypeError(f"to() received an invalid combination of arguments - got {tuple(kwargs)}")
        for a in args:
            if isinstance(a, dtypes.dtype):
                dtype = a
            elif isinstance(a, Tensor):
                dtype = a.dtype
        if dtype is None:
            return self
        if dtype.category < 2:
            raise TypeError(f"nn.Module.to only accepts floating point or complex dtypes, but got desired "
                            f"dtype={dtype}")
        if dtype.is_complex:
            warnings.warn(COMPLEX_MODULES)
        return self._convert(lambda t: t.to(dtype) if t.dtype.category >= 2 else t)

    def cpu(self):
        return self

    def cuda(self, device=None):
        raise AssertionError(creation.NO_CUDA)   # a CPU build of PyTorch, as torch.cuda says

    def float(self):
        return self._convert(lambda t: t.float() if t.is_floating_point() else t)

    def double(self):
        return self._convert(lambda t: t.double() if t.is_floating_point() else t)

    def half(self):
        return self._convert(lambda t: t.half() if t.is_floating_point() else t)

    def type(self, dst_type):
        return self._convert(lambda t: t.type(dst_type))

    # -- state -----------------------------------------------------------------------------
    def state_dict(self, *args, destination=None, prefix="", keep_vars=False):
        if args:
            warnings.warn("Positional args are being deprecated, use kwargs instead. Refer to "
                          "https://pytorch.org/docs/main/generated/torch.nn.Module.html#torch.nn.Module.state_dict"
                          " for details.", FutureWarning)
            destination = args[0] if destination is None else destination
            if len(args) > 1 and prefix == "":
                prefix = args[1]
            if len(args) > 2 and keep_vars is False:
                keep_vars = args[2]
        if destination is None:
            destination = OrderedDict()
        d = self.__dict__
        for name, p in d["_parameters"].items():
            if p is not None:
                destination[prefix + name] = p if keep_vars else p.detach()
        for name, b in d["_buffers"].items():
            if b is not None and name not in d["_non_persistent_buffers_set"]:
                destination[prefix + name] = b if keep_vars else b.detach()
        for name, module in d["_modules"].items():
            if module is not None:
                module.state_dict(destination=destination, prefix=prefix + name + ".", keep_vars=keep_vars)
        return destination

    def load_state_dict(self, state_dict, strict=True, assign=False):
        if not isinstance(state_dict, dict):
            raise TypeError(f"Expected state_dict to be dict-like, got {type(state_dict)}.")
        missing, unexpected, errors = [], [], []
        state_dict = OrderedDict(state_dict)

        def load(module, local, prefix):
            # NOTE: PyTorch collects missing and unexpected keys even when not strict (and returns them)
            module._load_from_state_dict(local, prefix, True, missing, unexpected, errors, assign)
            for name, child in module.__dict__["_modules"].items():
                if child is not None:
                    child_prefix = prefix + name + "."
                    load(child, {k: v for k, v in local.items() if k.startswith(child_prefix)}, child_prefix)

        load(self, state_dict, "")
        if strict:
            if unexpected:
                errors.insert(0, "Unexpected key(s) in state_dict: {}. ".format(", ".join(f'"{k}"' for k in unexpected)))
            if missing:
                errors.insert(0, "Missing key(s) in state_dict: {}. ".format(", ".join(f'"{k}"' for k in missing)))
        if errors:
            raise RuntimeError("Error(s) in loading state_dict for {}:\n\t{}".format(type(self).__name__,
                                                                                  "\n\t".join(errors)))
        return _IncompatibleKeys(missing, unexpected)

    def _load_from_state_dict(self, state_dict, prefix, strict, missing, unexpected, errors, assign):
        d = self.__dict__
        local = {k: v for k, v in itertools.chain(
            d["_parameters"].items(),
            ((k, v) for k, v in d["_buffers"].items() if k not in d["_non_persistent_buffers_set"]))
            if v is not None}
        for name, param in local.items():
            key = prefix + name
            if key not in state_dict:
                if strict:
                    missing.append(key)
                continue
            value = state_dict[key]
            if not isinstance(value, Tensor):
                errors.append(f'While copying the parameter named "{key}", expected torch.Tensor or Tensor-like '
                              f"object from checkpoint but received {_class_repr(value)}")
                continue
            if len(param.shape) == 0 and len(value.shape) == 1 and value.shape[0] == 1:
                value = value[0]
            if value.shape != param.shape:
                errors.append(f"size mismatch for {key}: copying a param with shape {value.shape} from checkpoint, "
                              f"the shape in current model is {param.shape}.")
                continue
            try:
                with no_grad():
                    if assign:
                        if isinstance(param, Parameter) and not isinstance(value, Parameter):
                            value = Parameter(value, requires_grad=param.requires_grad)
                        module_setattr(self, name, value)
                    else:
                        param.copy_(value)
            except Exception as ex:   # PyTorch collects the message and goes on
                errors.append(f'While copying the parameter named "{key}", whose dimensions in the model are '
                              f"{param.size()} and whose dimensions in the checkpoint are {value.size()}, an "
                              f"exception occurred : {ex.args}.")
        if strict:
            for key in state_dict:
                if key.startswith(prefix):
                    head = key[len(prefix):].split(".", 1)
                    if len(head) > 1:
                        if head[0] not in d["_modules"]:
                            unexpected.append(key)
                    elif head[0] not in local:
                        unexpected.append(key)

    # -- hooks and calling ---------------------------------------------------------------
    def register_forward_pre_hook(self, hook, *, prepend=False, with_kwargs=False):
        if prepend or with_kwargs:
            raise NotImplementedError("register_forward_pre_hook(prepend=..., with_kwargs=...) is not available "
                                      "in Backprop Lens")
        return add_hook(self.__dict__["_forward_pre_hooks"], hook)

    def register_forward_hook(self, hook, *, prepend=False, with_kwargs=False, always_call=False):
        if prepend or with_kwargs or always_call:
            raise NotImplementedError("register_forward_hook(prepend=..., with_kwargs=..., always_call=...) is not "
                                      "available in Backprop Lens")
        return add_hook(self.__dict__["_forward_hooks"], hook)

    def register_full_backward_hook(self, hook, prepend=False):
        if prepend:
            raise NotImplementedError("register_full_backward_hook(prepend=True) is not available in Backprop Lens")
        self._backward_hook_kind(True)
        return add_hook(self.__dict__["_backward_hooks"], hook)

    def register_backward_hook(self, hook):
        """The deprecated hook: called as a hook of the grad_fn that made the forward's (first) output,
        with that node's input gradients as ``grad_input``, which is what PyTorch 2.13 does."""
        self._backward_hook_kind(False)
        return add_hook(self.__dict__["_backward_hooks"], hook)

    def _backward_hook_kind(self, full: bool):
        d = self.__dict__
        if d.get("_is_full_backward_hook", full) != full and d["_backward_hooks"]:
            raise RuntimeError("Cannot use both regular backward hooks and full backward hooks on a single Module. "
                               "Please use only one of them.")
        d["_is_full_backward_hook"] = full

    def register_full_backward_pre_hook(self, hook, prepend=False):
        raise NotImplementedError("register_full_backward_pre_hook is not available in Backprop Lens; "
                                  "register_full_backward_hook is")

    def __call__(self, *args, **kwargs):
        call = _enter_call(self)
        try:
            result = self._call_impl(args, kwargs)
        finally:
            _calls.pop()
        _stamp(call, result)
        return result

    def _call_impl(self, args, kwargs):
        d = self.__dict__
        forward = self._method("forward")
        pre, post, back = d.get("_forward_pre_hooks"), d.get("_forward_hooks"), d.get("_backward_hooks")
        if not pre and not post and not back:
            return forward(*args, **kwargs)
        for hook in list(pre.values()):
            result = hook(self, args)
            if result is not None:
                args = result if isinstance(result, tuple) else (result,)
        full = d.get("_is_full_backward_hook", True)
        backward_hook = BackwardHook(self, list(back.values())) if back and full else None
        if backward_hook is not None:
            args = backward_hook.setup_input(args)
        result = forward(*args, **kwargs)
        for hook in list(post.values()):
            out = hook(self, args, result)
            if out is not None:
                result = out
        if backward_hook is not None:
            result = backward_hook.setup_output(result)
        elif back:
            self._hook_output_node(args, result, list(back.values()))
        return result

    def _hook_output_node(self, args, result, hooks):
        """The deprecated backward hooks: each becomes a hook of the node that made the result's
        first tensor, warned about where its ``grad_input`` cannot be the module's inputs' gradients."""
        first = result
        while not isinstance(first, Tensor):
            if isinstance(first, dict):
                first = next(v for v in first.values() if isinstance(v, Tensor))
            else:
                first = first[0]
        node = first.grad_fn
        if node is None:
            return
        _warn_non_full_backward_hook(args, result, node)
        for hook in hooks:
            node.register_hook(functools.partial(hook, self))

    forward = _forward_unimplemented

    def __deepcopy__(self, memo):
        new = object.__new__(type(self))
        memo[id(self)] = new
        for k, v in self.__dict__.items():
            new.__dict__[k] = copy.deepcopy(v, memo)
        return new

    # -- printing ----------------------------------------------------------------------------
    def _get_name(self):
        return type(self).__name__

    def extra_repr(self):
        return ""

    def __repr__(self):
        extra = self._method("extra_repr")()
        if not isinstance(extra, str):
            raise TypeError(f"extra_repr() returned {type(extra).__name__}, not str")
        extra_lines = extra.split("\n") if extra else []
        child_lines = ["(" + key + "): " + _addindent(repr(m), 2)
                       for key, m in self.__dict__.get("_modules", {}).items()]
        lines = extra_lines + child_lines
        text = self._get_name() + "("
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                text += extra_lines[0]
            else:
                text += "\n  " + "\n  ".join(lines) + "\n"
        return text + ")"


# -- which module call made a node (issue 12, item 5; issue 13, item 4) ------------------------------

class ModuleCall:
    """One call of a module, for the analysis to group the graph's nodes by module call.

    ``path`` is the module's path relative to the top-level module the program called (``""`` for
    that module itself, ``fc1``, ``0``, ``encoder.layers.1``: :meth:`Module.named_modules`'s
    names); ``number`` counts the calls of this module object in the run (1, 2, ...), so two calls
    of one module are two groups; ``parent`` is the call running when this one began (None at the
    top); ``root`` the top-level call the path is relative to.  A module called from inside another
    one's forward that is not one of its submodules starts its own naming (it is its own root).
    ``start`` is the node sequence number taken when the call began: every node made during the
    call has a larger one (:func:`_stamp`)."""

    __slots__ = ("module", "path", "type", "number", "parent", "root", "start", "_paths")

    def __init__(self, module, parent, start):
        d = module.__dict__
        self.number = d.get("_bpl_calls", 0) + 1
        d["_bpl_calls"] = self.number     # host-side bookkeeping: never in a program's view of the module
        self.module, self.parent, self.start = module, parent, start
        self.type = module._get_name()
        self._paths = None
        path = None if parent is None else parent.root.path_of(module)
        self.root = self if path is None else parent.root
        self.path = "" if path is None else path

    def path_of(self, module):
        """``module``'s path under this (top-level) call's module, or None when it is not a submodule."""
        if self._paths is None:
            self._paths = {id(m): p for p, m in self.module.named_modules()}
        return self._paths.get(id(module))

    def __repr__(self):
        return f"<ModuleCall {self.path or '(top)'} ({self.type}) #{self.number}>"


_calls: list = []   # the module calls running, innermost last


def _enter_call(module) -> ModuleCall:
    call = ModuleCall(module, _calls[-1] if _calls else None, next(_node_seq))
    _calls.append(call)
    return call


STAMP_ITEMS = 64   # a forward's result is searched for tensors this far (a tuple, a dict, nested)


def _stamp(call: ModuleCall, result) -> None:
    """Mark the nodes ``call`` made (sequence number past ``call.start``) that its result reaches
    with ``call``, unless an inner call marked them already (inner calls end first, so each node
    keeps the innermost call that made it).  Nodes made before the call stop the walk, so it costs
    the nodes of the call (times the depth of the nesting)."""
    start, stack, seen = call.start, [], set()
    _result_nodes(result, stack, [STAMP_ITEMS])
    while stack:
        fn = stack.pop()
        if fn is None or id(fn) in seen:
            continue
        seen.add(id(fn))
        seq = getattr(fn, "_seq", -1)
        if seq <= start or seq == float("inf"):   # made before the call; a leaf's AccumulateGrad
            continue
        if fn.module_call is None:
            fn.module_call = call
        stack.extend(n for n, _ in fn.next_functions)


def _result_nodes(x, out: list, left: list) -> None:
    if left[0] <= 0:
        return
    left[0] -= 1
    if isinstance(x, Tensor):
        if x.grad_fn is not None:
            out.append(x.grad_fn)
    elif isinstance(x, (tuple, list)):
        for item in x:
            _result_nodes(item, out, left)
    elif isinstance(x, dict):
        for item in x.values():
            _result_nodes(item, out, left)


def _warn_non_full_backward_hook(args, result, node):
    """PyTorch's FutureWarnings for a deprecated backward hook whose arguments will not be what they
    say: the module's inputs or outputs are not tensors, its outputs come from no node or other nodes
    than ``node``, or ``node``'s inputs are not exactly the module's inputs."""
    outputs = (result,) if isinstance(result, Tensor) else result
    if not (isinstance(outputs, tuple) and all(isinstance(r, Tensor) for r in outputs)):
        _future("Using non-full backward hooks on a Module that does not return a single Tensor or a tuple of "
                "Tensors is deprecated and will be removed in future versions. This hook will be missing some of "
                "the grad_output. Please use register_full_backward_hook to get the documented behavior.")
        return
    inputs = args if isinstance(args, tuple) else (args,)
    if not all(isinstance(i, Tensor) for i in inputs):
        _future("Using non-full backward hooks on a Module that does not take as input a single Tensor or a tuple "
                "of Tensors is deprecated and will be removed in future versions. This hook will be missing some "
                "of the grad_input. Please use register_full_backward_hook to get the documented behavior.")
        return
    made_by = {id(r.grad_fn): r.grad_fn for r in outputs if r.grad_fn is not None}
    if not made_by or (len(made_by) == 1 and id(node) not in made_by):
        _future("Using a non-full backward hook when outputs are nested in python data structure is deprecated "
                "and will be removed in future versions. This hook will be missing some grad_output.")
    elif len(made_by) > 1:
        _future("Using a non-full backward hook when outputs are generated by different autograd Nodes is "
                "deprecated and will be removed in future versions. This hook will be missing some grad_output. "
                "Please use register_full_backward_hook to get the documented behavior.")
    else:
        from_inputs = {id(i.grad_fn) for i in inputs if i.grad_fn is not None}
        feeding = {id(n) for n, _ in node.next_functions}   # None too: an input that needs no grad
        if from_inputs != feeding:
            _future("Using a non-full backward hook when the forward contains multiple autograd Nodes is "
                    "deprecated and will be removed in future versions. This hook will be missing some "
                    "grad_input. Please use register_full_backward_hook to get the documented behavior.")


def _future(message):
    warnings.warn(message, FutureWarning, stacklevel=4)


def _class_repr(value):
    cls = type(value)
    return f"<class '{cls.__qualname__ if cls.__module__ == 'builtins' else cls.__module__ + '.' + cls.__qualname__}'>"


def _check_name(mod, name, kind, table):
    if not isinstance(name, str):
        raise TypeError(f"{kind} name should be a string. Got {typename(name)}")
    if "." in name:
        raise KeyError(f'{kind} name can\'t contain "."')
    if name == "":
        raise KeyError(f'{kind} name can\'t be empty string ""')
    if mod._has(name) and name not in table:
        raise KeyError(f"attribute '{name}' already exists")


def module_setattr(mod, name, value):
    """``mod.name = value`` as ``nn.Module.__setattr__`` does it (plain attributes go to ``mod._plain()``)."""
    d = mod.__dict__
    plain = mod._plain()
    params = d.get("_parameters")

    def remove_from(*tables):
        for t in tables:
            if name in t:
                if isinstance(t, dict):
                    del t[name]
                else:
                    t.discard(name)

    if isinstance(value, Parameter):
        if params is None:
            raise AttributeError("cannot assign parameters before Module.__init__() call")
        remove_from(plain, d["_buffers"], d["_modules"], d["_non_persistent_buffers_set"])
        mod.register_parameter(name, value)
        return
    if params is not None and name in params:
        if value is not None:
            raise TypeError(f"cannot assign '{typename(value)}' as parameter '{name}' "
                            "(torch.nn.Parameter or None expected)")
        mod.register_parameter(name, value)
        return
    modules = d.get("_modules")
    if isinstance(value, Module):
        if modules is None:
            raise AttributeError("cannot assign module before Module.__init__() call")
        remove_from(plain, params, d["_buffers"], d["_non_persistent_buffers_set"])
        modules[name] = value
        return
    if modules is not None and name in modules:
        if value is not None:
            raise TypeError(f"cannot assign '{typename(value)}' as child module '{name}' "
                            "(torch.nn.Module or None expected)")
        modules[name] = value
        return
    buffers = d.get("_buffers")
    if buffers is not None and name in buffers:
        if value is not None and not isinstance(value, Tensor):
            raise TypeError(f"cannot assign '{typename(value)}' as buffer '{name}' "
                            "(torch.nn.Buffer, torch.Tensor or None expected)")
        mod.register_buffer(name, value, name not in d["_non_persistent_buffers_set"])
        return
    if name == "training":
        d["training"] = value
        return
    if plain is d:
        object.__setattr__(mod, name, value)
    else:
        plain[name] = value


# The three ordered dicts a program may read (d2l's ``MySequential`` writes ``self._modules[k] = m``):
# plain data; what a program puts there is only ever used as a module, parameter or buffer.
MODULE_TABLES = frozenset({"_parameters", "_buffers", "_modules"})
HOOK_TABLES = ("_forward_hooks", "_forward_pre_hooks", "_backward_hooks")
# What a program may read on any module: Module's public API (never its internals).
MODULE_API = frozenset({
    "parameters", "named_parameters", "buffers", "named_buffers", "children", "named_children", "modules",
    "named_modules", "zero_grad", "train", "eval", "training", "requires_grad_", "apply", "to", "cpu", "float",
    "double", "half", "type", "cuda", "state_dict", "load_state_dict", "register_forward_hook", "register_forward_pre_hook",
    "register_full_backward_hook", "register_backward_hook", "register_full_backward_pre_hook",
    "register_buffer", "register_parameter", "add_module", "register_module", "get_submodule", "get_parameter",
    "extra_repr", "forward"})


def module_member(mod, name):
    """``mod.name`` for a program: a registered parameter, buffer or child, a public plain
    attribute, or Module's API (a layer's own methods are listed in its ``_bpl_methods``)."""
    d = mod.__dict__
    for table in ("_parameters", "_buffers", "_modules"):
        t = d.get(table)
        if t is not None and name in t:
            return t[name]
    if not name.startswith("_") and name in d:   # training, a layer's settings, what a program set
        return d[name]
    if name in MODULE_API or name in type(mod)._bpl_methods:
        return getattr(mod, name)
    raise AttributeError(f"'{type(mod).__name__}' object has no attribute '{name}'")


Module.__module__ = "torch.nn.modules.module"


# PyTorch 2.13's ``Module.__init__`` fills the instance dict in this order (the hook tables are
# OrderedDicts); a module's plain attributes follow.
_INSTANCE_DICT_ORDER = (
    "training", "_parameters", "_buffers", "_non_persistent_buffers_set", "_backward_pre_hooks", "_backward_hooks",
    "_is_full_backward_hook", "_forward_hooks", "_forward_hooks_with_kwargs", "_forward_hooks_always_called",
    "_forward_pre_hooks", "_forward_pre_hooks_with_kwargs", "_state_dict_hooks", "_state_dict_pre_hooks",
    "_load_state_dict_pre_hooks", "_load_state_dict_post_hooks", "_modules")


def instance_dict(mod) -> dict:
    """``mod.__dict__`` as PyTorch's would read at this moment, built fresh: the three tables themselves
    (as ``mod._parameters`` gives them), copies of the rest of Module's bookkeeping (the hook tables hold
    only the hooks the program registered) and the public plain attributes (a program module's own
    attributes, a layer's settings)."""
    d = mod.__dict__
    out = {}
    for key in _INSTANCE_DICT_ORDER:
        if key in MODULE_TABLES:
            out[key] = d[key]
        elif key == "training":
            out[key] = d.get("training", True)
        elif key == "_non_persistent_buffers_set":
            out[key] = set(d.get(key, ()))
        elif key == "_is_full_backward_hook":
            out[key] = d.get(key)
        else:
            out[key] = OrderedDict(d.get(key) or ())
    plain = mod._plain()
    own = plain is not d   # a program module: every plain attribute is the program's
    for key, value in plain.items():
        if isinstance(key, str) and (own or not key.startswith("_")) and key not in out:
            out[key] = value
    return out


def module_names(mod) -> set:
    """The names :func:`module_member` answers for ``mod`` (``dir(mod)`` in a program)."""
    d = mod.__dict__
    names = set(MODULE_API) | set(type(mod)._bpl_methods) | set(MODULE_TABLES)
    names.update(n for n in d if not n.startswith("_"))
    for table in MODULE_TABLES:
        names.update(d.get(table, ()))
    return names


def module_leaves(namespace: dict) -> dict:
    """The parameters reachable from a program's top-level modules, named by module path
    (``{"net.fc1.weight": p, ...}``, each parameter once, under its first name), for the
    analysis to name leaves as the program reaches them."""
    leaves, seen = {}, set()
    for var, value in namespace.items():
        if isinstance(value, Module):
            for path, p in value.named_parameters():
                if id(p) not in seen:
                    seen.add(id(p))
                    leaves[f"{var}.{path}"] = p
    return leaves
