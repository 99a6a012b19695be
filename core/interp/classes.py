"""Classes a program defines, run by the interpreter and dispatched by Python.

A ``class`` statement becomes a *host class* made with ``type()``: its bases
are the host classes of the program's bases (or :class:`ProgramInstance`,
or :class:`ProgramFunction` under ``torch.autograd.Function``), and its
dictionary holds only what Python needs to dispatch: the program's class
namespace as a plain dict (``_bpl_ns``), no ``__dict__`` for instances
(``__slots__``), and, for each special method the class body defines, one
fixed dispatcher taken from :data:`DISPATCHERS`.  A dispatcher looks the name
up again in the program's namespaces along the host MRO and calls the
program's function through the interpreter (budgeted, depth-limited).  So
``a + b``, ``len(x)``, ``hash(x)`` or ``print(x)`` follow Python's own
rules and errors (the reflected operator, ``unsupported operand type(s)``,
``unhashable type``, the default ``<__main__.Value object at 0x...>``)
while the program's code only ever runs in the interpreter.

Instances keep their attributes in ``_bpl_vars``; the sandbox reads and
writes them (:func:`instance_attribute`, :func:`set_instance_attribute`),
never Python's attribute machinery on the host class, so nothing the host
class inherits is reachable from a program.  ``staticmethod``,
``classmethod`` and ``property`` are the small wrappers below, and
``super()`` is :class:`Super`.
"""
from __future__ import annotations

import copy
import warnings

from core.interp.parse import DISPATCHED_METHODS
from core.torch.autograd.function import Function, apply_function
from core.torch.nn.module import MODULE_API, Module, module_member, module_setattr


class ProgramInstance:
    """Base of the host class of every program class."""

    __slots__ = ("_bpl_vars",)

    def __new__(cls, *args, **kwargs):
        obj = object.__new__(cls)
        object.__setattr__(obj, "_bpl_vars", {})   # (not through nn.Module's __setattr__)
        return obj

    def __init__(self, *args, **kwargs):
        found = lookup(type(self), "__init__")
        if found is None:
            if args or kwargs:
                raise TypeError(f"{type(self).__name__}() takes no arguments")
            return
        result = _call(found[0], self, args, kwargs)
        if result is not None:
            raise TypeError(f"__init__() should return None, not '{type(result).__name__}'")


class ProgramFunction(ProgramInstance, Function):
    """Base of a program class deriving from ``torch.autograd.Function``
    (so ``issubclass(MyExp, torch.autograd.Function)`` holds)."""

    __slots__ = ()

    def __init__(self, *args, **kwargs):
        # PyTorch 2.13's warning, word for word (older tutorials write exp = Exp(); exp.apply(x))
        warnings.warn(f"<class '__main__.{type(self).__name__}'> should not be instantiated. Methods on autograd "
                      "functions are all static, so you should invoke them on the class itself. Instantiating an "
                      "autograd function will raise an error in a future version of PyTorch.", DeprecationWarning)
        super().__init__(*args, **kwargs)


class ProgramModule(ProgramInstance, Module):
    """Base of a program class deriving from ``torch.nn.Module``: Module's registration and
    calling (``net(x)`` runs the hooks and the program's ``forward``), the program's plain
    attributes in ``_bpl_vars`` and its methods found before Module's."""

    __slots__ = ()
    _bpl_program_module = True

    def __init__(self, *args, **kwargs):
        found = lookup(type(self), "__init__")
        if found is None:
            super(ProgramInstance, self).__init__(*args, **kwargs)   # the host module's (nn.Module, nn.Linear...)
            return
        result = _call(found[0], self, args, kwargs)
        if result is not None:
            raise TypeError(f"__init__() should return None, not '{type(result).__name__}'")

    def _plain(self):
        return self._bpl_vars

    def __deepcopy__(self, memo):
        new = Module.__deepcopy__(self, memo)
        object.__setattr__(new, "_bpl_vars", copy.deepcopy(self._bpl_vars, memo))
        return new

    def _has(self, name):
        try:
            instance_attribute(self, name)
        except AttributeError:
            return False
        return True

    def _method(self, name):
        if name in self._bpl_vars:   # self.forward = ... in __init__ wins, as an instance attribute does
            return self._bpl_vars[name]
        found = lookup(type(self), name)
        if found is not None:
            return _bind(found[0], self, type(self))
        return getattr(super(ProgramInstance, self), name)


def is_program_class(obj) -> bool:
    return isinstance(obj, type) and issubclass(obj, ProgramInstance) and "_bpl_ns" in obj.__dict__


def lookup(cls, name):
    """``(value, owner)`` for ``name`` in the program namespaces along ``cls``'s MRO, or None."""
    for c in cls.__mro__:
        ns = c.__dict__.get("_bpl_ns")
        if ns is not None and name in ns:
            return ns[name], c
    return None


def _call(fn, self, args, kwargs):
    if isinstance(fn, StaticMethod):
        return fn.fn(*args, **kwargs)
    if isinstance(fn, ClassMethod):
        return fn.fn(type(self), *args, **kwargs)
    if not callable(fn):
        raise TypeError(f"'{type(fn).__name__}' object is not callable")
    return fn(self, *args, **kwargs)


# ---------------------------------------------------------------------------
# descriptors a program makes with the builtins of the same names
# ---------------------------------------------------------------------------

class StaticMethod:
    __slots__ = ("fn",)

    def __init__(self, fn):
        self.fn = fn

    def __repr__(self):
        return f"<staticmethod({self.fn!r})>"


class ClassMethod:
    __slots__ = ("fn",)

    def __init__(self, fn):
        self.fn = fn

    def __repr__(self):
        return f"<classmethod({self.fn!r})>"


class Property:
    """``property(fget, fset)``; ``@x.setter`` makes a copy with the setter."""

    __slots__ = ("fget", "fset", "name")
    _bpl_public = frozenset({"setter", "getter", "fget", "fset"})

    def __init__(self, fget=None, fset=None, fdel=None, doc=None):
        self.fget = fget
        self.fset = fset
        self.name = getattr(fget, "__name__", None)

    def setter(self, fset):
        return Property(self.fget, fset)

    def getter(self, fget):
        return Property(fget, self.fset)

    def __repr__(self):
        return f"<property object at {hex(id(self))}>"


class BoundMethod:
    """``obj.method``: calling it calls the program's function with ``obj`` first."""

    __slots__ = ("fn", "obj")

    def __init__(self, fn, obj):
        self.fn = fn
        self.obj = obj

    def __call__(self, *args, **kwargs):
        return self.fn(self.obj, *args, **kwargs)

    def __eq__(self, other):
        return isinstance(other, BoundMethod) and self.fn is other.fn and self.obj is other.obj

    def __hash__(self):
        return hash((id(self.fn), id(self.obj)))

    def __repr__(self):
        owner = self.obj.__name__ if isinstance(self.obj, type) else type(self.obj).__name__
        return f"<bound method {owner}.{getattr(self.fn, '__name__', '?')} of {self.obj!r}>"


class Super:
    """What ``super()`` gives: lookups start after ``cls`` in the MRO of ``obj``'s class."""

    __slots__ = ("cls", "obj")

    def __init__(self, cls, obj):
        self.cls = cls
        self.obj = obj

    def __repr__(self):
        return f"<super: <class '{self.cls.__name__}'>, <{type(self.obj).__name__} object>>"


def _object_init(self, *args, **kwargs):
    """``object.__init__`` as ``super().__init__()`` reaches it at the top of the MRO."""
    if args or kwargs:
        raise TypeError("object.__init__() takes exactly one argument (the instance to initialize)")


_object_init.__name__ = _object_init.__qualname__ = "__init__"


def _bind(value, obj, cls):
    """A class attribute read through an instance (``obj``) or the class (``obj`` None)."""
    if isinstance(value, StaticMethod):
        return value.fn
    if isinstance(value, ClassMethod):
        return BoundMethod(value.fn, cls)
    if obj is None:
        return value
    if isinstance(value, Property):
        if value.fget is None:
            raise AttributeError(f"property '{value.name}' of '{cls.__name__}' object has no getter")
        return value.fget(obj)
    if _is_method(value):
        return BoundMethod(value, obj)
    return value


def _is_method(value) -> bool:
    return getattr(type(value), "_bpl_program_function", False) is True


# ---------------------------------------------------------------------------
# attribute access (the sandbox's branch for program objects)
# ---------------------------------------------------------------------------

def instance_attribute(obj, name):
    cls = type(obj)
    found = lookup(cls, name)
    if found is not None and isinstance(found[0], Property):   # a data descriptor wins over the instance
        return _bind(found[0], obj, cls)
    v = obj._bpl_vars
    if name in v:
        return v[name]
    if found is not None:
        return _bind(found[0], obj, cls)
    if isinstance(obj, ProgramModule):
        if name == "__init__":
            return super(ProgramInstance, obj).__init__
        return module_member(obj, name)
    if name == "__init__":
        return BoundMethod(_object_init, obj)
    if name == "apply" and isinstance(obj, ProgramFunction):   # exp = Exp(); exp.apply(x) (older tutorials)
        return _apply(cls)
    raise AttributeError(f"'{cls.__name__}' object has no attribute '{name}'")


def class_attribute(cls, name):
    if name == "__name__":
        return cls.__name__
    found = lookup(cls, name)
    if found is not None:
        return _bind(found[0], None, cls)
    if name == "apply" and issubclass(cls, ProgramFunction):
        return _apply(cls)
    if name == "__init__":
        return _object_init
    raise AttributeError(f"type object '{cls.__name__}' has no attribute '{name}'")


def super_attribute(sup, name):
    obj = sup.obj
    cls = obj if isinstance(obj, type) else type(obj)
    mro = cls.__mro__
    for c in mro[mro.index(sup.cls) + 1:]:
        ns = c.__dict__.get("_bpl_ns")
        if ns is not None and name in ns:
            return _bind(ns[name], None if obj is cls else obj, cls)
        if c is ProgramModule and obj is not cls and (name == "__init__" or name in MODULE_API or name in
                                                      getattr(cls, "_bpl_methods", ())) and name != "training":
            # super().__init__(...) reaches the host module's: nn.Module's, nn.Linear's...
            return getattr(super(ProgramInstance, obj), name)
    if name == "__init__":
        return BoundMethod(_object_init, obj)
    raise AttributeError(f"'super' object has no attribute '{name}'")


def set_instance_attribute(obj, name, value):
    cls = type(obj)
    found = lookup(cls, name)
    if found is not None and isinstance(found[0], Property):
        if found[0].fset is None:
            raise AttributeError(f"property '{found[0].name}' of '{cls.__name__}' object has no setter")
        found[0].fset(obj, value)
        return
    if isinstance(obj, ProgramModule):
        module_setattr(obj, name, value)   # a Parameter, a Module or a buffer is registered
        return
    obj._bpl_vars[name] = value


def set_class_attribute(cls, name, value):
    cls.__dict__["_bpl_ns"][name] = value


def _apply(cls):
    """``MyExp.apply``: the program's forward and backward run by the engine."""
    def apply(*args, **kwargs):
        forward, backward = (_static(cls, n) for n in ("forward", "backward"))
        # PyTorch 2's style: a setup_context of the program's means a forward without ctx
        setup = _static(cls, "setup_context") if lookup(cls, "setup_context") is not None else None
        return apply_function(cls.__name__, forward, backward, args, kwargs, setup)
    apply.__name__ = apply.__qualname__ = "apply"
    return apply


def _static(cls, name):
    found = lookup(cls, name)
    if found is None:
        message = ("You must implement the forward function for custom autograd.Function." if name == "forward" else
                   "You must implement either the backward or vjp method for your custom autograd.Function to "
                   "use it with backward mode AD.")

        def missing(ctx, *args):
            raise NotImplementedError(message)
        return missing
    value = found[0]
    if isinstance(value, (StaticMethod, ClassMethod)):
        return value.fn if isinstance(value, StaticMethod) else BoundMethod(value.fn, cls)
    return value


# ---------------------------------------------------------------------------
# making a class
# ---------------------------------------------------------------------------

def make_class(name: str, bases: tuple, ns: dict):
    """The host class of ``class name(*bases)`` whose body left ``ns``."""
    host_bases = []
    function = module = False
    for b in bases:
        if b is object or getattr(b, "_bpl_plain_base", False):   # (torch.utils.data.Dataset: issue 12, C2)
            continue
        if b is Function:
            function = True
            continue
        if isinstance(b, type) and issubclass(b, Module) and not is_program_class(b):
            if module:
                raise TypeError(f"class {name}: a Backprop Lens class derives from one torch.nn module class")
            module = b
            continue
        if not is_program_class(b):
            shown = b.__name__ if isinstance(b, type) else type(b).__name__
            raise TypeError(f"class {name}: a Backprop Lens class derives from object, torch.autograd.Function, "
                            f"torch.nn.Module or another class of the program, not {shown}")
        host_bases.append(b)
    if function and not any(issubclass(b, ProgramFunction) for b in host_bases):
        host_bases.append(ProgramFunction)
    if module and not any(issubclass(b, ProgramModule) for b in host_bases):
        host_bases.append(ProgramModule)
        if module is not Module:   # class MyLinear(nn.Linear): the layer's own methods after the program's
            host_bases.append(module)
    if not host_bases:
        host_bases.append(ProgramInstance)
    body = {"__slots__": (), "__module__": "__main__", "__qualname__": name, "_bpl_ns": ns}
    for key, value in ns.items():
        if key in DISPATCHERS:
            body[key] = None if value is None else DISPATCHERS[key]
    if "__eq__" in ns and "__hash__" not in ns:
        body["__hash__"] = None   # Python's rule: defining __eq__ alone makes instances unhashable
    # duplicate bases and an impossible MRO: Python's own TypeError
    return type(name, tuple(host_bases), body)


def _dispatcher(name):
    def method(self, *args):
        found = lookup(type(self), name)
        if found is None or found[0] is None:   # not reachable unless the namespace changed
            raise TypeError(f"'{type(self).__name__}' object does not support {name}")
        return _call(found[0], self, args, {})
    method.__name__ = method.__qualname__ = name
    return method


def _checked(name, check):
    inner = _dispatcher(name)

    def method(self, *args):
        result = inner(self, *args)
        check(result)
        return result
    method.__name__ = method.__qualname__ = name
    return method


def _str_result(name):
    def check(result):
        if not isinstance(result, str):
            raise TypeError(f"{name} returned non-string (type {type(result).__name__})")
    return check


def _bool_result(result):
    if not isinstance(result, bool):
        raise TypeError(f"__bool__ should return bool, returned {type(result).__name__}")


DISPATCHERS = {n: _dispatcher(n) for n in DISPATCHED_METHODS}
DISPATCHERS["__str__"] = _checked("__str__", _str_result("__str__"))
DISPATCHERS["__repr__"] = _checked("__repr__", _str_result("__repr__"))
DISPATCHERS["__bool__"] = _checked("__bool__", _bool_result)
