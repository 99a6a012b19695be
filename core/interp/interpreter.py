"""A tree-walking interpreter for the checked subset of Python.

Statements and expressions are evaluated by methods named after the ast
node (``s_Assign``, ``e_BinOp``), dispatched through one table.  Scopes follow
Python's rules (locals decided per function, closures see later assignments,
comprehensions have their own scope); functions the program defines are
:class:`UserFunction` objects, callable from the engine too (hooks), and
every call, attribute and operator goes through :mod:`core.interp.sandbox`.
"""
from __future__ import annotations

import ast
import operator

from core.interp import classes, progress_bars, safe_builtins, stdlib
from core.interp.limits import Budget, LimitExceeded, Limits
from core.interp.parse import YIELD_BLOCKS, Program, ProgramRejected
from core.interp.safe_builtins import _BOUNDED, EXCEPTIONS, ProgramType, real_type
from core.interp.sandbox import SafeModule, build_modules, get_attribute, is_context_manager, make_reflection, \
    set_attribute
from core.tensor.tensor import Tensor

_BINOPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.MatMult: operator.matmul,
           ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: operator.pow,
           ast.BitAnd: operator.and_, ast.BitOr: operator.or_, ast.BitXor: operator.xor, ast.LShift: operator.lshift,
           ast.RShift: operator.rshift}
_IBINOPS = {ast.Add: operator.iadd, ast.Sub: operator.isub, ast.Mult: operator.imul, ast.MatMult: operator.imatmul,
            ast.Div: operator.itruediv, ast.FloorDiv: operator.ifloordiv, ast.Mod: operator.imod,
            ast.Pow: operator.ipow, ast.BitAnd: operator.iand, ast.BitOr: operator.ior, ast.BitXor: operator.ixor,
            ast.LShift: operator.ilshift, ast.RShift: operator.irshift}
_CMPOPS = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
           ast.Gt: operator.gt, ast.GtE: operator.ge,
           # type(x) is torch.Tensor: a ProgramType is its class
           ast.Is: lambda a, b: real_type(a) is real_type(b), ast.IsNot: lambda a, b: real_type(a) is not real_type(b)}
# containers whose `in` Python answers without running through an iterator
_CONTAINERS = _BOUNDED + (Tensor, ProgramType)
_UNARY = {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Not: operator.not_, ast.Invert: operator.invert}


def _super(*args):
    """The program's ``super``: the interpreter answers calls to it (it needs the
    calling method's frame); called from host code, it has none."""
    raise RuntimeError("super(): no arguments")


class _Break(BaseException):
    pass


class _Continue(BaseException):
    pass


class _Return(BaseException):
    def __init__(self, value):
        self.value = value


def _Delegate(iterable, interp):
    """``yield from iterable``: its items, one per step of the run; what is sent goes on to a
    program generator (to any other iterable, only None may be sent, as Python's yield from)."""
    it = iter(iterable)
    sent = None
    while True:
        interp.budget.step()
        try:
            item = it.send(sent) if isinstance(it, ProgramGenerator) else next(it)
        except StopIteration as stop:
            return stop.value
        sent = yield item


class Scope:
    """Variables of one module, function call or comprehension."""

    __slots__ = ("vars", "local_names", "parent")

    def __init__(self, parent=None, local_names=None):
        self.vars = {}
        self.local_names = local_names   # None at module level
        self.parent = parent


class ClassScope(Scope):
    """The scope a class body runs in: its names become the class namespace, and
    functions defined in it close over the enclosing scope, not this one (Python's
    rule).  ``owner`` is the class once made (for ``super()`` in its methods)."""

    __slots__ = ("owner",)

    def __init__(self, parent):
        super().__init__(parent)
        self.owner = None


def _closure(scope):
    """The scope a function defined in ``scope`` sees (a class body is skipped)."""
    while isinstance(scope, ClassScope):
        scope = scope.parent
    return scope


class Frame:
    __slots__ = ("line", "name", "fn", "scope")

    def __init__(self, name, fn=None, scope=None):
        self.line = None
        self.name = name
        self.fn = fn          # the program function running in this frame, and its scope
        self.scope = scope    # (zero-argument super() reads the class and the first argument)


class UserFunction:
    """A function (``def`` or ``lambda``) defined by the program."""

    _bpl_program_function = True  # how the sandbox tells the program's functions from the host's

    def __init__(self, interp, node, scope, defaults, kw_defaults, name, class_scope=None):
        self._interp = interp
        self._node = node
        self._scope = scope
        self._defaults = defaults
        self._kw_defaults = kw_defaults
        self._class_scope = class_scope   # the class body it was defined in, if any
        self.__name__ = name
        self.__qualname__ = name

    def __call__(self, *args, **kwargs):
        return self._interp.call_user(self, args, kwargs)

    def __repr__(self):
        return f"<function {self.__name__}>"


class ProgramGenerator:
    """What calling a program's generator function gives: its body runs a piece at a time,
    on each ``next()``, in the interpreter (:meth:`Interpreter.gen_block`), with the
    function's frame on the stack only while it runs, as in Python."""

    __slots__ = ("_interp", "_fn", "_gen", "_frame", "_running")
    _bpl_public = frozenset({"send", "close"})

    def __init__(self, interp, fn, scope):
        self._interp = interp
        self._fn = fn
        self._frame = Frame(fn.__name__, fn, scope)
        self._gen = interp.gen_block(fn._node.body, scope)
        self._running = False

    def __iter__(self):
        return self

    def __next__(self):
        return self.send(None)

    def send(self, value):
        if self._running:
            raise ValueError("generator already executing")
        interp = self._interp
        interp.depth += 1
        if interp.depth > interp.limits.max_call_depth:
            interp.depth -= 1
            raise LimitExceeded(interp.limits, "max_call_depth")
        interp.frames.append(self._frame)
        self._running = True
        try:
            return self._gen.send(value)
        except _Return as r:
            self._gen.close()
            raise StopIteration(r.value) from None
        except StopIteration:
            raise
        except Exception as e:
            if interp.error_exc is not e:
                interp.error_exc = e
                interp.error_inner_line = self._frame.line
            raise
        finally:
            self._running = False
            interp.frames.pop()
            interp.depth -= 1

    def close(self):
        self._gen.close()

    def __repr__(self):
        return f"<generator object {self._fn.__qualname__} at {hex(id(self))}>"


ProgramGenerator.__name__ = ProgramGenerator.__qualname__ = "generator"


def _yielding(body) -> frozenset:
    """The ids of the statements of a def's ``body`` that hold a yield (a ``yield`` statement, an
    assignment of one, or an if/for/while block holding one; core.interp.parse allows no other
    place), at any depth of those blocks: what :meth:`Interpreter.gen_block` must run as a
    generator.  Empty for a plain function."""
    found = set()

    def visit(stmts) -> bool:
        any_here = False
        for stmt in stmts:
            value = getattr(stmt, "value", None)
            here = isinstance(stmt, (ast.Expr, ast.Assign)) and isinstance(value, (ast.Yield, ast.YieldFrom))
            if isinstance(stmt, YIELD_BLOCKS):
                inner = visit(stmt.body)
                here = visit(stmt.orelse) or inner
            if here:
                found.add(id(stmt))
                any_here = True
        return any_here

    visit(body)
    return frozenset(found)


def _local_names(node) -> frozenset:
    """Names a function binds in its own body (Python's rule for locals)."""
    names = set()
    args = node.args
    for a in args.posonlyargs + args.args + args.kwonlyargs:
        names.add(a.arg)
    if args.vararg:
        names.add(args.vararg.arg)
    if args.kwarg:
        names.add(args.kwarg.arg)
    body = node.body if isinstance(node.body, list) else [node.body]
    stack = list(body)
    while stack:
        n = stack.pop()
        if isinstance(n, (ast.FunctionDef, ast.Lambda)):
            if isinstance(n, ast.FunctionDef):
                names.add(n.name)
                stack.extend(n.decorator_list)
            stack.extend(n.args.defaults + [d for d in n.args.kw_defaults if d is not None])
            continue
        if isinstance(n, ast.ClassDef):   # its body binds class attributes, not locals
            names.add(n.name)
            stack.extend(n.bases)
            continue
        if isinstance(n, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            stack.append(n.generators[0].iter)
            continue
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            names.add(n.id)
        elif isinstance(n, ast.alias):
            names.add((n.asname or n.name).split(".")[0])
        elif isinstance(n, ast.ExceptHandler) and n.name:
            names.add(n.name)
        stack.extend(ast.iter_child_nodes(n))
    return frozenset(names)


# what passes through a try's finally: the program's own exceptions and its return, break and
# continue; anything else (a limit, a cancel, the watchdog) ends the run there
_FLOW = (Exception, GeneratorExit, _Break, _Continue, _Return)

# sequences whose slices are copies; slices this short are not counted (the steps bound them)
_SLICED = (str, list, tuple, bytes)
_SMALL_SLICE = 64


class Interpreter:
    """Runs one checked :class:`Program`."""

    def __init__(self, program: Program, limits: Limits, out, cancel=None):
        self.program = program
        self.limits = limits
        self.budget = Budget(limits, cancel)
        self.guard = safe_builtins.Guard(limits, self.budget)
        self.out = out
        self.modules = build_modules(self.guard)
        self.modules["pprint"] = SafeModule("pprint", stdlib.members_pprint(out))
        bars = progress_bars.members(out, self.guard)
        self.modules["tqdm.auto"] = SafeModule("tqdm.auto", dict(bars))
        self.modules["tqdm.notebook"] = SafeModule("tqdm.notebook", dict(bars))
        self.modules["tqdm"] = SafeModule("tqdm", {**bars, "auto": self.modules["tqdm.auto"],
                                                   "notebook": self.modules["tqdm.notebook"]})
        self.builtins = safe_builtins.make_builtins(out, self.guard)
        self.builtins.update(make_reflection(self.builtins, self.guard))
        self.builtins.update({"object": object, "staticmethod": classes.StaticMethod,
                              "classmethod": classes.ClassMethod, "property": classes.Property,
                              "super": _super, "NotImplemented": NotImplemented})
        self.globals = Scope()
        self.frames = [Frame("<module>")]
        self.depth = 0
        self._locals_cache = {}
        self._yield_cache = {}       # def node -> ids of its statements holding a yield
        self._handling = []          # exceptions being handled (for a bare raise)
        self.error_exc = None        # the exception escaping, and the innermost line it passed
        self.error_inner_line = None
        self._stmt = {t: getattr(self, "s_" + t.__name__) for t in (
            ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.If, ast.For, ast.While, ast.Break,
            ast.Continue, ast.Pass, ast.FunctionDef, ast.ClassDef, ast.Return, ast.Import, ast.ImportFrom, ast.With,
            ast.Assert, ast.Try, ast.Delete, ast.Raise)}
        self._expr = {t: getattr(self, "e_" + t.__name__) for t in (
            ast.BoolOp, ast.BinOp, ast.UnaryOp, ast.Lambda, ast.IfExp, ast.Dict, ast.Set, ast.ListComp,
            ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.Compare, ast.Call, ast.FormattedValue,
            ast.JoinedStr, ast.Constant, ast.Attribute, ast.Subscript, ast.Name, ast.List, ast.Tuple,
            ast.Slice, ast.Starred)}

    # -- running -----------------------------------------------------------------
    def run_statement(self, stmt):
        """Run one top-level statement (the runner catches what escapes)."""
        self.error_exc = None
        self.error_inner_line = None
        self.exec_stmt(stmt, self.globals)

    def exec_block(self, body, scope):
        for stmt in body:
            self.exec_stmt(stmt, scope)

    def exec_stmt(self, stmt, scope):
        self.frames[-1].line = stmt.lineno
        self.budget.step()
        self._stmt[stmt.__class__](stmt, scope)

    def eval(self, node, scope):
        return self._expr[node.__class__](node, scope)

    # -- names and scopes ------------------------------------------------------------
    def lookup(self, name, scope):
        s = scope
        while s is not None:
            v = s.vars
            if name in v:
                return v[name]
            if s.local_names is not None and name in s.local_names and s is scope:
                raise UnboundLocalError(f"cannot access local variable '{name}' where it is not associated "
                                        "with a value")
            s = s.parent
        b = self.builtins
        if name in b:
            return b[name]
        raise NameError(f"name '{name}' is not defined")

    def assign(self, target, value, scope):
        kind = target.__class__
        if kind is ast.Name:
            scope.vars[target.id] = value
        elif kind is ast.Subscript:
            obj = self.eval(target.value, scope)
            obj[self.eval(target.slice, scope)] = value
        elif kind is ast.Attribute:
            set_attribute(self.eval(target.value, scope), target.attr, value)
        elif kind in (ast.Tuple, ast.List):
            self._unpack(target.elts, value, scope)
        elif kind is ast.Starred:
            raise SyntaxError("starred assignment target must be in a list or tuple")
        else:
            raise ProgramRejected(f"cannot assign to {kind.__name__}", target.lineno, target.col_offset + 1)

    def _unpack(self, targets, value, scope):
        items = list(self.guard.fill(value)) if not isinstance(value, (list, tuple)) else value
        star = [i for i, t in enumerate(targets) if isinstance(t, ast.Starred)]
        if not star:
            if len(items) != len(targets):
                if len(items) > len(targets):
                    raise ValueError(f"too many values to unpack (expected {len(targets)})")
                raise ValueError(f"not enough values to unpack (expected {len(targets)}, got {len(items)})")
            for t, v in zip(targets, items):
                self.assign(t, v, scope)
            return
        k = star[0]
        after = len(targets) - k - 1
        if len(items) < len(targets) - 1:
            raise ValueError(f"not enough values to unpack (expected at least {len(targets) - 1}, got {len(items)})")
        for t, v in zip(targets[:k], items[:k]):
            self.assign(t, v, scope)
        self.assign(targets[k].value, list(items[k:len(items) - after]), scope)
        for t, v in zip(targets[k + 1:], items[len(items) - after:]):
            self.assign(t, v, scope)

    # -- statements --------------------------------------------------------------------
    def s_Expr(self, node, scope):
        self.eval(node.value, scope)

    def s_Assign(self, node, scope):
        value = self.eval(node.value, scope)
        for target in node.targets:
            self.assign(target, value, scope)

    def s_AnnAssign(self, node, scope):
        if node.value is not None:
            self.assign(node.target, self.eval(node.value, scope), scope)

    def s_AugAssign(self, node, scope):
        op = _IBINOPS[node.op.__class__]
        t = node.target
        rhs = self.eval(node.value, scope)
        if isinstance(t, ast.Name):
            scope.vars[t.id] = self._binop(op, self.lookup(t.id, scope), rhs, node.op)
        elif isinstance(t, ast.Subscript):
            obj = self.eval(t.value, scope)
            key = self.eval(t.slice, scope)
            obj[key] = self._binop(op, obj[key], rhs, node.op)
        else:
            obj = self.eval(t.value, scope)
            set_attribute(obj, t.attr, self._binop(op, get_attribute(obj, t.attr, self.guard), rhs, node.op))

    def s_If(self, node, scope):
        self.exec_block(node.body if self.eval(node.test, scope) else node.orelse, scope)

    def s_For(self, node, scope):
        def items():
            frame = self.frames[-1]
            it = iter(self.eval(node.iter, scope))
            while True:
                frame.line = node.lineno   # an error while taking the next item is the for line's
                try:
                    item = next(it)
                except StopIteration:
                    return
                self.assign(node.target, item, scope)
                yield
        self._loop(node, scope, items())

    def s_While(self, node, scope):
        def items():
            while self.eval(node.test, scope):
                yield
        self._loop(node, scope, items())

    def _loop(self, node, scope, iterations):
        """Run ``node.body`` once per iteration (each one a step, capped), then
        ``orelse`` unless a break ended the loop."""
        cap = self.limits.max_loop_iterations
        for count, _ in enumerate(iterations, 1):
            if count > cap:
                raise LimitExceeded(self.limits, "max_loop_iterations")
            self.budget.step()
            try:
                self.exec_block(node.body, scope)
            except _Break:
                return
            except _Continue:
                continue
        self.exec_block(node.orelse, scope)

    # -- generators (a def whose body holds a yield) --------------------------------------
    def _yielding_of(self, node) -> frozenset:
        found = self._yield_cache.get(node)
        if found is None:
            found = self._yield_cache[node] = (frozenset() if isinstance(node, ast.Lambda)
                                               else _yielding(node.body))
        return found

    def gen_block(self, body, scope):
        """Run ``body`` as a Python generator: the statements holding a yield give their values
        out; every other statement runs as usual."""
        fn_node = self.frames[-1].fn._node if self.frames[-1].fn is not None else None
        yielding = self._yielding_of(fn_node) if fn_node is not None else frozenset()
        for stmt in body:
            if id(stmt) not in yielding:
                self.exec_stmt(stmt, scope)
                continue
            self.frames[-1].line = stmt.lineno
            self.budget.step()
            if isinstance(stmt, ast.If):
                yield from self.gen_block(stmt.body if self.eval(stmt.test, scope) else stmt.orelse, scope)
            elif isinstance(stmt, (ast.For, ast.While)):
                yield from self._gen_loop(stmt, scope)
            else:   # yield x, x = yield y, yield from xs
                y = stmt.value
                value = None if y.value is None else self.eval(y.value, scope)
                if isinstance(y, ast.YieldFrom):
                    sent = yield from _Delegate(value, self)
                else:
                    sent = yield value
                self.frames[-1].line = stmt.lineno
                if isinstance(stmt, ast.Assign):
                    for target in stmt.targets:
                        self.assign(target, sent, scope)

    def _gen_loop(self, node, scope):
        """A for or while loop holding a yield: :meth:`_loop`'s rules, as a generator."""
        cap = self.limits.max_loop_iterations
        if isinstance(node, ast.For):
            iterations = iter(self.eval(node.iter, scope))
        count = 0
        while True:
            if isinstance(node, ast.For):
                self.frames[-1].line = node.lineno
                try:
                    item = next(iterations)
                except StopIteration:
                    break
                self.assign(node.target, item, scope)
            elif not self.eval(node.test, scope):
                break
            count += 1
            if count > cap:
                raise LimitExceeded(self.limits, "max_loop_iterations")
            self.budget.step()
            try:
                yield from self.gen_block(node.body, scope)
            except _Break:
                return
            except _Continue:
                continue
        yield from self.gen_block(node.orelse, scope)

    def s_Break(self, node, scope):
        raise _Break()

    def s_Continue(self, node, scope):
        raise _Continue()

    def s_Pass(self, node, scope):
        return None

    def s_FunctionDef(self, node, scope):
        decorators = [self.eval(dec, scope) for dec in node.decorator_list]
        fn = self._make_function(node, scope, node.name)
        for dec in reversed(decorators):
            fn = self.call(dec, (fn,), {})
        scope.vars[node.name] = fn

    def s_ClassDef(self, node, scope):
        bases = tuple(self.eval(b, scope) for b in node.bases)
        body = ClassScope(scope)
        self.exec_block(node.body, body)
        cls = classes.make_class(node.name, bases, body.vars)
        body.owner = cls
        for key, value in body.vars.items():
            # methods name themselves Class.method in Python's messages
            for f in (value, getattr(value, "fn", None), getattr(value, "fget", None), getattr(value, "fset", None)):
                if isinstance(f, UserFunction) and f._class_scope is body:
                    f.__qualname__ = f"{node.name}.{f.__name__}"
        scope.vars[node.name] = cls

    def s_Return(self, node, scope):
        raise _Return(None if node.value is None else self.eval(node.value, scope))

    def s_Import(self, node, scope):
        for alias in node.names:
            if alias.asname:
                scope.vars[alias.asname] = self.modules[alias.name]
            else:
                top = alias.name.split(".")[0]
                scope.vars[top] = self.modules[top]

    def s_ImportFrom(self, node, scope):
        mod = self.modules[node.module]
        for alias in node.names:
            try:
                value = mod.members[alias.name]
            except KeyError:
                raise ImportError(f"cannot import name '{alias.name}' from '{node.module}'") from None
            scope.vars[alias.asname or alias.name] = value

    def s_With(self, node, scope):
        managers = []
        try:
            for item in node.items:
                cm = self.eval(item.context_expr, scope)
                if not is_context_manager(cm):
                    raise TypeError(f"'{type(cm).__name__}' cannot be used in a with statement here; Backprop Lens "
                                    "programs use with for torch.no_grad(), torch.enable_grad() and "
                                    "torch.set_grad_enabled(...)")
                value = cm.__enter__()
                managers.append(cm)
                if item.optional_vars is not None:
                    self.assign(item.optional_vars, value, scope)
            self.exec_block(node.body, scope)
        finally:
            for cm in reversed(managers):
                cm.__exit__(None, None, None)

    def s_Assert(self, node, scope):
        if not self.eval(node.test, scope):
            if node.msg is None:
                raise AssertionError()
            raise AssertionError(self.eval(node.msg, scope))

    def s_Try(self, node, scope):
        stopped = False
        try:
            try:
                self.exec_block(node.body, scope)
            except Exception as exc:  # noqa: BLE001 - the program's handlers decide
                for handler in node.handlers:
                    if handler.type is None or isinstance(exc, self._exception_types(handler.type, scope)):
                        if handler.name:
                            scope.vars[handler.name] = exc
                        self._handling.append(exc)
                        try:
                            self.exec_block(handler.body, scope)
                        finally:
                            self._handling.pop()
                            if handler.name:
                                scope.vars.pop(handler.name, None)
                        break
                else:
                    raise
            else:
                self.exec_block(node.orelse, scope)
        except BaseException as exc:
            # a limit, a cancel or the watchdog ends the run here: the program's finally
            # blocks do not get to go on (a generator's close, GeneratorExit, still runs them)
            stopped = not isinstance(exc, _FLOW)
            raise
        finally:
            if not stopped:
                self.exec_block(node.finalbody, scope)

    def _exception_types(self, node, scope):
        t = self.eval(node, scope)
        types = t if isinstance(t, tuple) else (t,)
        for x in types:
            if not (isinstance(x, type) and issubclass(x, Exception)):
                raise TypeError("catching classes that do not inherit from BaseException is not allowed")
        return types

    def s_Raise(self, node, scope):
        if node.exc is None:
            if not self._handling:
                raise RuntimeError("No active exception to reraise")
            raise self._handling[-1]
        exc = self.eval(node.exc, scope)
        if isinstance(exc, type) and exc in EXCEPTIONS.values():
            exc = exc()
        if not isinstance(exc, tuple(EXCEPTIONS.values())):
            raise TypeError("exceptions must derive from BaseException")
        raise exc

    def s_Delete(self, node, scope):
        for t in node.targets:
            if isinstance(t, ast.Name):
                if t.id not in scope.vars:
                    raise NameError(f"name '{t.id}' is not defined")
                del scope.vars[t.id]
            elif isinstance(t, ast.Subscript):
                del self.eval(t.value, scope)[self.eval(t.slice, scope)]
            else:
                raise ProgramRejected("only names and items can be deleted", t.lineno, t.col_offset + 1)

    # -- functions ----------------------------------------------------------------------
    def _make_function(self, node, scope, name):
        args = node.args
        defaults = [self.eval(d, scope) for d in args.defaults]
        kw_defaults = [None if d is None else self.eval(d, scope) for d in args.kw_defaults]
        class_scope = scope if isinstance(scope, ClassScope) else None
        return UserFunction(self, node, _closure(scope), defaults, kw_defaults, name, class_scope)

    def _super(self, args):
        """``super()`` (the method's class and first argument) or ``super(Cls, obj)``."""
        if not args:
            frame = self.frames[-1]
            fn = frame.fn
            owner = None if fn is None or fn._class_scope is None else fn._class_scope.owner
            if owner is None:
                raise RuntimeError("super(): __class__ cell not found")
            a = fn._node.args
            params = a.posonlyargs + a.args
            if not params or params[0].arg not in frame.scope.vars:
                raise RuntimeError("super(): no arguments")
            args = (owner, frame.scope.vars[params[0].arg])
        if len(args) != 2:
            raise TypeError("super() in Backprop Lens takes no arguments or two (super(Class, self))")
        cls, obj = args
        if not classes.is_program_class(cls):
            raise TypeError("super() argument 1 must be a class of the program")
        if not (isinstance(obj, cls) or (isinstance(obj, type) and issubclass(obj, cls))):
            raise TypeError("super(type, obj): obj must be an instance or subtype of type")
        return classes.Super(cls, obj)

    def call_user(self, fn, args, kwargs):
        node = fn._node
        locals_ = self._locals_cache.get(node)
        if locals_ is None:
            locals_ = self._locals_cache[node] = _local_names(node)
        scope = Scope(fn._scope, locals_)
        self.budget.step()  # a call is a step: lambdas and hooks count too
        self._bind_args(fn, scope, args, kwargs)
        if self._yielding_of(node):
            return ProgramGenerator(self, fn, scope)
        self.depth += 1
        if self.depth > self.limits.max_call_depth:
            self.depth -= 1
            raise LimitExceeded(self.limits, "max_call_depth")
        frame = Frame(fn.__name__, fn, scope)
        self.frames.append(frame)
        try:
            if isinstance(node, ast.Lambda):
                frame.line = node.lineno
                return self.eval(node.body, scope)
            self.exec_block(node.body, scope)
            return None
        except _Return as r:
            return r.value
        except Exception as e:
            if self.error_exc is not e:
                self.error_exc = e
                self.error_inner_line = frame.line
            raise
        finally:
            self.frames.pop()
            self.depth -= 1

    def _bind_args(self, fn, scope, args, kwargs):
        a = fn._node.args
        params = [p.arg for p in a.posonlyargs + a.args]
        name = fn.__qualname__
        v = scope.vars
        if len(args) > len(params) and a.vararg is None:
            raise TypeError(f"{name}() takes {len(params)} positional argument{'s' if len(params) != 1 else ''} "
                            f"but {len(args)} {'were' if len(args) != 1 else 'was'} given")
        for p, x in zip(params, args):
            v[p] = x
        if a.vararg is not None:
            v[a.vararg.arg] = tuple(args[len(params):])
        extra = {}
        kwonly = [p.arg for p in a.kwonlyargs]
        for k, x in kwargs.items():
            if k in params or k in kwonly:
                if k in v:
                    raise TypeError(f"{name}() got multiple values for argument '{k}'")
                v[k] = x
            elif a.kwarg is not None:
                extra[k] = x
            else:
                raise TypeError(f"{name}() got an unexpected keyword argument '{k}'")
        first_default = len(params) - len(fn._defaults)
        for i, p in enumerate(params):
            if p not in v:
                if i >= first_default:
                    v[p] = fn._defaults[i - first_default]
                else:
                    raise TypeError(f"{name}() missing 1 required positional argument: '{p}'")
        for p, d in zip(kwonly, fn._kw_defaults):
            if p not in v:
                if d is None:
                    raise TypeError(f"{name}() missing 1 required keyword-only argument: '{p}'")
                v[p] = d
        if a.kwarg is not None:
            v[a.kwarg.arg] = extra

    def call(self, func, args, kwargs):
        if isinstance(func, SafeModule):
            raise TypeError("'module' object is not callable")
        if func is _super:
            if kwargs:
                raise TypeError("super() takes no keyword arguments")
            return self._super(args)
        own = isinstance(func, (UserFunction, classes.BoundMethod)) or classes.is_program_class(func)
        if kwargs and not own:
            # the program's own functions may take _private keywords; a host function's
            # underscore parameters are its internals
            for k in kwargs:
                if k.startswith("_"):
                    raise TypeError(f"the keyword argument '{k}' starts with an underscore; only the program's "
                                    "own functions take such keywords")
        return func(*args, **kwargs)

    # -- expressions --------------------------------------------------------------------
    def e_Constant(self, node, scope):
        return node.value

    def e_Name(self, node, scope):
        try:
            return self.lookup(node.id, scope)
        except NameError:
            # Python reports the line of the name (a statement may span several)
            self.frames[-1].line = node.lineno
            raise

    def e_Attribute(self, node, scope):
        if node.attr == "__class__":    # read only (parse refuses assigning it): as getattr(x, "__class__") reads it
            return self.builtins["getattr"](self.eval(node.value, scope), "__class__")
        return get_attribute(self.eval(node.value, scope), node.attr, self.guard)

    def e_Subscript(self, node, scope):
        value, index = self.eval(node.value, scope), self.eval(node.slice, scope)
        if isinstance(index, slice) and isinstance(value, _SLICED) and len(value) > _SMALL_SLICE:
            # a slice copies: counted with what the program builds in bulk (s[i:] kept 600 times)
            n = len(range(*index.indices(len(value))))
            if n > _SMALL_SLICE:
                self.guard.sequence(n, "a slice")
        return value[index]

    def e_Slice(self, node, scope):
        return slice(None if node.lower is None else self.eval(node.lower, scope),
                     None if node.upper is None else self.eval(node.upper, scope),
                     None if node.step is None else self.eval(node.step, scope))

    def e_Tuple(self, node, scope):
        return tuple(self._elements(node.elts, scope))

    def e_List(self, node, scope):
        return self._elements(node.elts, scope)

    def e_Set(self, node, scope):
        return set(self._elements(node.elts, scope))

    def _elements(self, elts, scope):
        out = []
        for e in elts:
            if isinstance(e, ast.Starred):
                out.extend(self.guard.fill(self.eval(e.value, scope)))
            else:
                out.append(self.eval(e, scope))
        if len(out) > self.limits.max_sequence_length:
            raise LimitExceeded(self.limits, "max_sequence_length")
        return out

    def e_Starred(self, node, scope):
        raise SyntaxError("can't use starred expression here")

    def e_Dict(self, node, scope):
        d = {}
        for k, v in zip(node.keys, node.values):
            if k is None:
                d.update(self.eval(v, scope))
            else:
                d[self.eval(k, scope)] = self.eval(v, scope)
        return d

    def e_BoolOp(self, node, scope):
        is_and = isinstance(node.op, ast.And)
        value = None
        for v in node.values:
            value = self.eval(v, scope)
            if (not value) if is_and else value:
                return value
        return value

    def _binop(self, fn, a, b, op):
        self.guard.binop(op.__class__, a, b)
        return fn(a, b)

    def e_BinOp(self, node, scope):
        a = self.eval(node.left, scope)
        b = self.eval(node.right, scope)
        return self._binop(_BINOPS[node.op.__class__], a, b, node.op)

    def e_UnaryOp(self, node, scope):
        return _UNARY[node.op.__class__](self.eval(node.operand, scope))

    def _contains(self, container, item):
        if isinstance(container, _CONTAINERS + (classes.ProgramInstance,)) or not hasattr(container, "__next__"):
            return item in container
        # an iterator (itertools.count()) is searched one counted step at a time
        return any(x is item or x == item for x in self.guard.counted(container))

    def e_Compare(self, node, scope):
        left = self.eval(node.left, scope)
        for op, comp in zip(node.ops, node.comparators):
            right = self.eval(comp, scope)
            kind = op.__class__
            if kind is ast.In:
                result = self._contains(right, left)
            elif kind is ast.NotIn:
                result = not self._contains(right, left)
            else:
                result = _CMPOPS[kind](left, right)
            if len(node.ops) > 1 and not result:
                return result
            if len(node.ops) == 1:
                return result
            left = right
        return result

    def e_IfExp(self, node, scope):
        return self.eval(node.body if self.eval(node.test, scope) else node.orelse, scope)

    def e_Lambda(self, node, scope):
        return self._make_function(node, scope, "<lambda>")

    def e_Call(self, node, scope):
        func = self.eval(node.func, scope)
        args = []
        for a in node.args:
            if isinstance(a, ast.Starred):
                args.extend(self.guard.fill(self.eval(a.value, scope)))
            else:
                args.append(self.eval(a, scope))
        kwargs = {}
        for k in node.keywords:
            if k.arg is None:
                extra = self.eval(k.value, scope)
                for key in extra:
                    if not isinstance(key, str):
                        raise TypeError("keywords must be strings")
                    if key.startswith("__"):
                        raise TypeError("keywords that start with two underscores are not available in "
                                        "Backprop Lens programs")
                kwargs.update(extra)
            else:
                kwargs[k.arg] = self.eval(k.value, scope)
        self.frames[-1].line = node.lineno
        return self.call(func, args, kwargs)

    def e_JoinedStr(self, node, scope):
        return "".join(self.eval(v, scope) if not isinstance(v, ast.Constant) else v.value for v in node.values)

    def e_FormattedValue(self, node, scope):
        value = self.eval(node.value, scope)
        if node.conversion == 115:
            value = str(value)
        elif node.conversion == 114:
            value = repr(value)
        elif node.conversion == 97:
            value = ascii(value)
        spec = "" if node.format_spec is None else self.eval(node.format_spec, scope)
        self.guard.spec(spec)
        return format(value, spec)

    # comprehensions: their own scope; the first iterable is evaluated outside it
    def _comprehension(self, node, scope, emit):
        gens = node.generators
        first = self.eval(gens[0].iter, scope)
        inner = Scope(scope, frozenset())
        count = [0]

        def loop(k, iterable):
            g = gens[k]
            for item in iterable:
                count[0] += 1
                if count[0] > self.limits.max_loop_iterations:
                    raise LimitExceeded(self.limits, "max_loop_iterations")
                self.budget.step()
                self.assign(g.target, item, inner)
                if all(self.eval(c, inner) for c in g.ifs):
                    if k + 1 < len(gens):
                        loop(k + 1, self.eval(gens[k + 1].iter, inner))
                    else:
                        emit(inner)
        loop(0, first)

    def e_ListComp(self, node, scope):
        out = []
        self._comprehension(node, scope, lambda s: out.append(self.eval(node.elt, s)))
        return out

    def e_GeneratorExp(self, node, scope):
        # NOTE: evaluated at once (not lazily, as Python does), but single-use like Python's generator:
        # next(x for x in ...) and for-loops over it work, a second pass finds it exhausted
        return iter(self.e_ListComp(node, scope))

    def e_SetComp(self, node, scope):
        out = set()
        self._comprehension(node, scope, lambda s: out.add(self.eval(node.elt, s)))
        return out

    def e_DictComp(self, node, scope):
        out = {}

        def emit(s):
            out[self.eval(node.key, s)] = self.eval(node.value, s)
        self._comprehension(node, scope, emit)
        return out
