"""Parse a program and check it against the whitelist, before anything runs.

A program is data: it is parsed with :mod:`ast` and every node is checked
here.  What is not on the whitelist is rejected with its line, column and the
construct named, and a way forward where there is one.  Nothing is compiled
or executed.
"""
from __future__ import annotations

import ast
import builtins as _py_builtins
import string
from dataclasses import dataclass, field


class ProgramRejected(Exception):
    """The program uses something Backprop Lens does not run."""

    def __init__(self, message: str, line: int | None = None, col: int | None = None,
                 construct: str | None = None, type_name: str = "ProgramRejected"):
        super().__init__(message)
        self.message = message
        self.line = line
        self.col = col
        self.construct = construct
        self.type_name = type_name


# Modules a program may import.  The torch ones are the engine; the others are
# safe subsets of the standard library (core.interp.sandbox builds them, and
# README.md lists what each holds).
IMPORTABLE = {
    "torch", "torch.autograd", "torch.autograd.functional", "torch.autograd.function", "torch.autograd.variable",
    "torch.nn",
    "torch.nn.functional", "torch.nn.init", "torch.nn.utils", "torch.nn.utils.rnn", "torch.optim",
    "torch.optim.lr_scheduler", "torch.utils",
    "torch.utils.data", "torch.utils.data._utils", "torch.utils.data._utils.collate", "torch.utils.data.dataloader",
    "torch.functional", "torch.func",
    "torch.distributions", "torch.distributions.constraints", "torch.distributions.kl", "torch.distributions.normal",
    "torch.distributions.bernoulli", "torch.distributions.categorical", "torch.distributions.uniform",
    "copy", "math", "random", "functools", "itertools", "collections", "time", "datetime", "gc", "pdb",
    "numpy", "numpy.random", "numpy.linalg", "warnings", "sys", "os", "os.path", "io",
    "matplotlib", "matplotlib.pyplot", "matplotlib.ticker", "pathlib", "pprint", "tqdm", "tqdm.auto", "tqdm.notebook",
}
# `from __future__ import ...` names Python knows; they change nothing here (every
# program already has the Python 3 behaviour they ask for).
FUTURE_FEATURES = {"nested_scopes", "generators", "division", "absolute_import", "with_statement",
                   "print_function", "unicode_literals", "generator_stop", "annotations"}


def importable_list() -> str:
    """The importable modules, for a refusal's message."""
    return ", ".join(sorted(IMPORTABLE)) + " (and from __future__ import ...)"


# Builtins a program may call (the interpreter provides its own versions).
SAFE_BUILTINS = {
    "print", "range", "len", "enumerate", "zip", "list", "tuple", "dict", "set", "float", "int", "bool",
    "str", "repr", "abs", "min", "max", "sum", "round", "isinstance", "sorted", "reversed", "any", "all",
    "map", "filter", "iter", "next", "divmod", "pow", "format", "callable", "hash", "id", "chr", "ord",
    "type", "issubclass", "getattr", "setattr", "hasattr",
    "object", "super", "staticmethod", "classmethod", "property",
    "True", "False", "None", "NotImplemented",
}
# The exception and warning classes a program may name, raise and catch (core.interp.safe_builtins gives them)
EXCEPTION_NAMES = (
    "Exception", "RuntimeError", "ValueError", "TypeError", "IndexError", "KeyError", "ZeroDivisionError",
    "AssertionError", "AttributeError", "ArithmeticError", "LookupError", "NameError", "StopIteration",
    "NotImplementedError", "OverflowError", "ImportError", "ModuleNotFoundError", "UnboundLocalError",
    "Warning", "UserWarning", "DeprecationWarning", "FutureWarning", "RuntimeWarning", "OSError",
    "FileNotFoundError")
SAFE_BUILTINS |= set(EXCEPTION_NAMES)

# Builtins that are never available, with the reason shown to the user.  A
# program may still bind such a name itself (``input = torch.ones(2)`` is
# everyday tutorial code); only reading the builtin is refused.
FORBIDDEN_NAMES = {
    "open": "programs cannot read or write files",
    "eval": "programs cannot run code from strings",
    "exec": "programs cannot run code from strings",
    "compile": "programs cannot run code from strings",
    "__import__": "use an import statement",
    "delattr": "deleting attributes is not available",
    "globals": "reflection is not available",
    "locals": "reflection is not available",
    "vars": "reflection is not available",
    "input": "programs cannot read from the keyboard",
    "breakpoint": "the debugger is not available",
    "help": "help() is not available",
    "exit": "programs end by reaching their last line",
    "quit": "programs end by reaching their last line",
    "memoryview": "raw memory is not available",
    "bytearray": "raw bytes are not available",
    "bytes": "raw bytes are not available",
}

# Dunder names a program may read: ``__name__`` is "__main__", as when Python
# runs a script (``if __name__ == "__main__":`` guards tutorials' main code).
ALLOWED_DUNDER_NAMES = {"__name__"}
# Dunder attributes a program may read, harmless strings: a class's or
# function's name, and torch.__version__.  Every other ``__x__`` attribute is
# refused, here and (for getattr/hasattr/setattr) at run time.
# ``__init__`` is readable for ``super().__init__(...)`` and ``Base.__init__(self, ...)``;
# the sandbox gives it on program classes, their instances and super() only.
ALLOWED_DUNDER_ATTRS = {"__name__", "__version__", "__init__", "__class__"}   # __class__: read only, as type(x)
# Underscore attributes of host objects that are PyTorch's public API.  Other
# single-underscore attributes pass this check and are decided per type by the
# sandbox (a host object has none of them; program-made namedtuples have _fields...).
ALLOWED_UNDERSCORE_ATTRS = {"_version"}
SAVED_PREFIX = "_saved_"


def is_dunder(name: str) -> bool:
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


# Special methods a class body may define that Python dispatches (core.interp.classes
# gives each a host dispatcher); with __init__, the dunder names a method may have.
_BINARY = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "and", "or", "xor", "lshift", "rshift")
DISPATCHED_METHODS = tuple(f"__{p}{n}__" for n in _BINARY for p in ("", "r", "i")) + (
    "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__neg__", "__pos__", "__abs__", "__invert__",
    "__len__", "__getitem__", "__setitem__", "__delitem__", "__iter__", "__next__", "__contains__",
    "__call__", "__bool__", "__str__", "__repr__", "__hash__", "__float__", "__int__")
ALLOWED_METHODS = frozenset(DISPATCHED_METHODS) | {"__init__"}
# Special names a class may not define (they reach Python's object machinery), with
# what to write instead.
REFUSED_METHODS = {
    "__getattribute__": "set the attributes in __init__ instead",
    "__getattr__": "set the attributes in __init__ instead",
    "__setattr__": "assign attributes with self.name = value",
    "__delattr__": "assign attributes with self.name = value",
    "__del__": "Backprop Lens never runs code when an object is freed",
    "__new__": "create the instance's attributes in __init__",
    "__reduce__": "objects are not pickled in Backprop Lens",
    "__reduce_ex__": "objects are not pickled in Backprop Lens",
    "__init_subclass__": "set what subclasses need in their own __init__",
    "__class_getitem__": "classes are not subscripted in Backprop Lens",
    "__set_name__": "assign the attribute in __init__",
    "__get__": "use @property",
    "__set__": "use @property and @x.setter",
    "__delete__": "use @property",
    "__slots__": "assign attributes in __init__",
    "__dict__": "assign attributes in __init__",
    "__class__": "use type(x) to read the class",
}

_ALLOWED_NODES = {
    ast.Module, ast.ClassDef, ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.If, ast.For, ast.While, ast.Break,
    ast.Continue, ast.Pass, ast.FunctionDef, ast.Return, ast.Import, ast.ImportFrom, ast.With, ast.Assert,
    ast.Try, ast.Delete, ast.Raise,
    ast.BoolOp, ast.BinOp, ast.UnaryOp, ast.Lambda, ast.IfExp, ast.Dict, ast.Set, ast.ListComp, ast.SetComp,
    ast.DictComp, ast.GeneratorExp, ast.Compare, ast.Call, ast.FormattedValue, ast.JoinedStr, ast.Constant,
    ast.Attribute, ast.Subscript, ast.Starred, ast.Name, ast.List, ast.Tuple, ast.Slice,
    ast.Load, ast.Store, ast.Del,
    ast.And, ast.Or, ast.Add, ast.Sub, ast.Mult, ast.MatMult, ast.Div, ast.Mod, ast.Pow, ast.FloorDiv,
    ast.BitAnd, ast.BitOr, ast.BitXor, ast.LShift, ast.RShift, ast.Invert, ast.Not, ast.UAdd, ast.USub,
    ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Is, ast.IsNot, ast.In, ast.NotIn,
    ast.comprehension, ast.arguments, ast.arg, ast.keyword, ast.alias, ast.withitem, ast.ExceptHandler,
    ast.Yield, ast.YieldFrom,   # only where _check_yields allows them
}

_CONSTRUCT_NAMES = {
    ast.AsyncFunctionDef: ("async functions", None),
    ast.Await: ("await", None),
    ast.Global: ("global statements", "return the value from the function instead"),
    ast.Nonlocal: ("nonlocal statements", "keep the value in a list and change its element instead"),
    ast.NamedExpr: ("the walrus operator :=", "assign on a line of its own"),
    ast.Match: ("match statements", "use if/elif"),
    ast.AsyncFor: ("async for", None),
    ast.AsyncWith: ("async with", None),
}


@dataclass
class Program:
    """A parsed, checked program: its tree and its source lines."""

    source: str
    tree: ast.Module
    filename: str = "<program>"
    lines: list = field(default_factory=list)

    @property
    def statements(self) -> list:
        return self.tree.body


def parse_program(source: str, filename: str = "<program>") -> Program:
    """Parse ``source`` and check every node; raise :class:`ProgramRejected`."""
    try:
        tree = ast.parse(source, filename=filename, mode="exec")
    except SyntaxError as e:
        raise ProgramRejected(f"{e.msg}", e.lineno or 1, (e.offset or 1), "syntax", type_name="SyntaxError") from None
    except (ValueError, MemoryError, RecursionError) as e:  # null bytes, too deeply nested source
        reason = str(e) or "it is nested too deeply"
        raise ProgramRejected(f"the program could not be parsed: {reason}", 1, 1, "syntax",
                              type_name="SyntaxError") from None
    _LINES[0] = source.splitlines()
    try:
        _Checker(tree).check()
        _check_structure(tree)
    finally:
        _LINES[0] = []
    return Program(source, tree, filename, source.splitlines())


_LINES: list = [[]]  # the source lines of the program being checked (for columns)


def _column(node):
    """1-based column in characters (ast counts UTF-8 bytes), or None."""
    off = getattr(node, "col_offset", None)
    line = getattr(node, "lineno", None)
    if off is None or line is None:
        return None
    lines = _LINES[0]
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return len(text.encode("utf-8")[:off].decode("utf-8", errors="ignore")) + 1


def _reject(node, message, construct, hint=None):
    if hint:
        message = f"{message}; {hint}"
    raise ProgramRejected(message, getattr(node, "lineno", None), _column(node), construct)


class _Checker:
    """Walks the tree once; raises on the first construct outside the whitelist."""

    def __init__(self, tree):
        self.tree = tree
        self.bound = _bound_names(tree)
        self.methods = set()    # ids of the FunctionDef nodes directly in a class body
        self.unhashable = set()  # ids of the names in `__hash__ = None` (or `__constants__ = [...]`) directly in a class body

    def check(self):
        for node in ast.walk(self.tree):
            kind = type(node)
            if kind not in _ALLOWED_NODES:
                what, hint = _CONSTRUCT_NAMES.get(kind, (f"'{kind.__name__}'", None))
                _reject(self._located(node), f"{what} {'are' if what.endswith('s') else 'is'} not available in Backprop Lens "
                              "programs", kind.__name__, hint)
            method = getattr(self, "check_" + kind.__name__, None)
            if method is not None:
                method(node)

    def _located(self, node):
        """``node``, or for one without a position (an operator such as ``<<``) the nearest node
        around it that has one, so that the rejection names a line."""
        if hasattr(node, "lineno"):
            return node
        parents = {id(child): parent for parent in ast.walk(self.tree) for child in ast.iter_child_nodes(parent)}
        while not hasattr(node, "lineno") and id(node) in parents:
            node = parents[id(node)]
        return node

    # -- names -------------------------------------------------------------------
    def _name(self, node, name, what="name"):
        # single-underscore names (_y, _helper) are ordinary Python names; dunder
        # names are Python's machinery and stay out of reach
        if is_dunder(name) and name not in ALLOWED_DUNDER_NAMES:
            _reject(node, f"the {what} '{name}' is one of Python's special (dunder) names, and such names are "
                          "not available in Backprop Lens programs", "dunder-name", REFUSED_METHODS.get(name))

    def check_ClassDef(self, node):
        self._name(node, node.name, "class name")
        if node.keywords:
            _reject(node, f"class keywords ({node.keywords[0].arg or '**'}=...) are not available in Backprop Lens "
                          "programs", "class-keyword", "write class Name(Base): without metaclass or keywords")
        if node.decorator_list:
            _reject(node, "class decorators are not available in Backprop Lens programs", "class-decorator",
                    "write the class without a decorator")
        for base in node.bases:
            if isinstance(base, ast.Starred):
                _reject(base, "starred class bases are not available", "class-base", "name the base classes")
        for stmt in node.body:
            if isinstance(stmt, ast.FunctionDef):
                self.methods.add(id(stmt))
            # Python's way to make instances unhashable: the one dunder a class body may assign
            if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
                    and stmt.targets[0].id == "__hash__" and isinstance(stmt.value, ast.Constant)
                    and stmt.value.value is None):
                self.unhashable.add(id(stmt.targets[0]))
            # TorchScript's list of constant attribute names (torch.nn.Linear's source has one, and tutorials that
            # copy it): plain strings eager PyTorch ignores; it stays in the class's namespace, and no program can
            # read it back (a dunder attribute)
            if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
                    and stmt.targets[0].id == "__constants__" and isinstance(stmt.value, (ast.List, ast.Tuple))
                    and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in stmt.value.elts)):
                self.unhashable.add(id(stmt.targets[0]))

    def check_Name(self, node):
        if id(node) in self.unhashable:
            return
        self._name(node, node.id)
        if node.id in ALLOWED_DUNDER_NAMES and not isinstance(node.ctx, ast.Load):
            _reject(node, f"'{node.id}' can be read but not assigned in Backprop Lens programs", "dunder-name")
        # An unknown name is Python's NameError at run time, on its line (the lines
        # before it run); a forbidden builtin is refused here, unless the program
        # binds that name itself.
        if isinstance(node.ctx, ast.Load) and node.id in FORBIDDEN_NAMES and node.id not in self.bound:
            _reject(node, f"'{node.id}' is not available: {FORBIDDEN_NAMES[node.id]}", "forbidden-name")

    def check_arg(self, node):
        self._name(node, node.arg, "argument")

    def check_keyword(self, node):
        if node.arg is not None:
            self._name(node, node.arg, "keyword argument")

    def check_FunctionDef(self, node):
        name = node.name
        if id(node) in self.methods and is_dunder(name):
            if name in ALLOWED_METHODS:
                return
            hint = REFUSED_METHODS.get(name) or ("the special methods a class may define are __init__, "
                                                 "__repr__, __str__, the operators (__add__, __radd__, __mul__, "
                                                 "...), comparisons, __len__, __getitem__, __setitem__, __iter__, "
                                                 "__next__, __contains__, __call__, __bool__ and __hash__")
            _reject(node, f"a class may not define '{name}' in Backprop Lens programs", "special-method", hint)
        self._name(node, name, "function name")

    def check_ExceptHandler(self, node):
        if node.name:
            self._name(node, node.name)

    def check_alias(self, node):
        if node.asname:
            self._name(node, node.asname)

    def check_Attribute(self, node):
        attr = node.attr
        if attr == "__class__" and not isinstance(node.ctx, ast.Load):
            _reject(node, "assigning or deleting '__class__' is not available in Backprop Lens programs",
                    "dunder-attribute", "make a new object of the class you want instead")
        if attr == "__dict__":
            if not isinstance(node.ctx, ast.Load):
                _reject(node, "assigning or deleting '__dict__' is not available in Backprop Lens programs",
                        "dunder-attribute", "assign attributes with obj.name = value")
            return   # read: an instance's or a module's (the sandbox decides per object)
        if is_dunder(attr) and attr not in ALLOWED_DUNDER_ATTRS:
            hint = "; use type(x) for the class" if attr == "__class__" else ""
            _reject(node, f"the attribute '{attr}' is one of Python's special (dunder) attributes, and such "
                          f"attributes are not available in Backprop Lens programs{hint}", "dunder-attribute")

    # -- imports -----------------------------------------------------------------
    def check_Import(self, node):
        for alias in node.names:
            if alias.name not in IMPORTABLE:
                _reject(node, f"module '{alias.name}' is not available ('import {alias.name}'); programs can "
                              f"import {importable_list()}", "import", _module_hint(alias.name.split(".")[0]))

    def check_ImportFrom(self, node):
        mod = node.module or ""
        if mod == "__future__" and not node.level:
            self._future(node)
            return
        if node.level or mod not in IMPORTABLE:
            shown = "." * node.level + mod
            _reject(node, f"module '{shown}' is not available ('from {shown} import ...'); programs can "
                          f"import {importable_list()}", "import", _module_hint(mod.split(".")[0]))
        for alias in node.names:
            if alias.name == "*":
                _reject(node, "'import *' is not available; import the names you use", "import-star")
            self._name(node, alias.name)

    def _future(self, node):
        """Python's own compile-time rules for ``from __future__ import``: known
        features only, and only at the top (after the docstring and other futures)."""
        def syntax(message):
            raise ProgramRejected(message, node.lineno, _column(node), "syntax", type_name="SyntaxError")
        for alias in node.names:
            if alias.name not in FUTURE_FEATURES:
                syntax("future feature * is not defined" if alias.name == "*" else
                       f"future feature {alias.name} is not defined")
        for i, stmt in enumerate(self.tree.body):
            if stmt is node:
                return
            docstring = i == 0 and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) \
                and isinstance(stmt.value.value, str)
            if not (docstring or (isinstance(stmt, ast.ImportFrom) and stmt.module == "__future__")):
                break
        syntax("from __future__ imports must occur at the beginning of the file")

    # -- strings that format -------------------------------------------------------
    def check_Call(self, node):
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr in ("format", "format_map") and isinstance(f.value, ast.Constant) \
                and isinstance(f.value.value, str):
            check_format_string(f.value.value, node)

    def check_JoinedStr(self, node):
        return None

    def check_Constant(self, node):
        if isinstance(node.value, bytes):
            _reject(node, "bytes literals are not available", "bytes")
        if isinstance(node.value, str) and len(node.value) > 1_000_000:
            _reject(node, "a string literal of more than a million characters", "huge-literal")


def _module_hint(top: str):
    return None


def _check_structure(tree):
    """What Python's compiler refuses before running: return outside a function,
    break/continue outside a loop (of the same function), duplicate arguments,
    a lone starred assignment target."""
    def syntax(node, message):
        raise ProgramRejected(message, getattr(node, "lineno", 1), _column(node), "syntax", type_name="SyntaxError")

    def visit(node, in_function, in_loop):
        if isinstance(node, ast.Return) and not in_function:
            syntax(node, "'return' outside function")
        if isinstance(node, ast.Break) and not in_loop:
            syntax(node, "'break' outside loop")
        if isinstance(node, ast.Continue) and not in_loop:
            syntax(node, "'continue' not properly in loop")
        if isinstance(node, ast.ClassDef):
            # a class body is neither a function nor a loop (return/break there are errors)
            for child in ast.iter_child_nodes(node):
                visit(child, False, False)
            return
        if isinstance(node, (ast.FunctionDef, ast.Lambda)):
            a = node.args
            names = [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs] + \
                [x.arg for x in (a.vararg, a.kwarg) if x is not None]
            dup = next((n for n in names if names.count(n) > 1), None)
            if dup:
                syntax(node, f"duplicate argument '{dup}' in function definition")
            for child in ast.iter_child_nodes(node):
                visit(child, True, False)
            return
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if isinstance(t, ast.Starred):
                    syntax(t, "starred assignment target must be in a list or tuple")
        loop = isinstance(node, (ast.For, ast.While))
        for name, value in ast.iter_fields(node):
            children = value if isinstance(value, list) else [value]
            for child in children:
                if isinstance(child, ast.AST):
                    # a loop's else block is not inside the loop
                    visit(child, in_function, in_loop or (loop and name == "body"))
    visit(tree, False, False)
    _check_yields(tree)


# The statements a generator's body may hold a yield in (core.interp.interpreter runs them
# as Python generators); a yield in a try or with block, or inside an expression, is refused.
YIELD_BLOCKS = (ast.If, ast.For, ast.While)


def _check_yields(tree):
    """``yield`` and ``yield from`` where a generator can hold them: as a statement of their own
    (``yield x``) or an assignment's value (``x = yield``), in a ``def``, at any depth of if/for/while;
    Python's SyntaxError outside a function."""
    def node(n, in_def):
        """``n`` where no yield can be held (an expression, a try/with block, a class body...)."""
        if isinstance(n, (ast.Yield, ast.YieldFrom)):
            if not in_def:
                raise ProgramRejected("'yield' outside function", n.lineno, _column(n), "syntax",
                                      type_name="SyntaxError")
            _reject(n, "a yield inside an expression, a lambda, a try or a with block is not available in "
                       "Backprop Lens programs", "generator",
                    "write it as a statement of its own, yield value (or x = yield value), in the function's "
                    "body or in an if/for/while block there")
        if isinstance(n, ast.FunctionDef):
            for sub in n.decorator_list + n.args.defaults + [d for d in n.args.kw_defaults if d is not None]:
                node(sub, in_def)
            block(n.body)
            return
        if isinstance(n, ast.ClassDef):
            in_def = False
        elif isinstance(n, ast.Lambda):
            in_def = True
        for child in ast.iter_child_nodes(n):
            node(child, in_def)

    def block(stmts):
        """Statements of a def's body, or of an if/for/while block in it."""
        for stmt in stmts:
            value = getattr(stmt, "value", None)
            if isinstance(stmt, (ast.Expr, ast.Assign)) and isinstance(value, (ast.Yield, ast.YieldFrom)):
                for child in ast.iter_child_nodes(value):
                    node(child, True)
                for t in getattr(stmt, "targets", ()):
                    node(t, True)
            elif isinstance(stmt, YIELD_BLOCKS):
                for name, part in ast.iter_fields(stmt):
                    if name in ("body", "orelse"):
                        block(part)
                    elif isinstance(part, ast.AST):
                        node(part, True)
            else:
                node(stmt, True)

    for stmt in tree.body:
        node(stmt, False)


def check_format_string(fmt: str, node=None):
    """Reject ``str.format`` fields that reach attributes or items ("{0.__class__}")."""
    try:
        fields = list(string.Formatter().parse(fmt))
    except ValueError as e:
        raise ProgramRejected(f"bad format string: {e}", getattr(node, "lineno", None),
                              _column(node), "format-string") from None
    for _, name, spec, _ in fields:
        if name is not None and ("." in name or "[" in name):
            raise ProgramRejected(
                f"the format field '{{{name}}}' reaches into an attribute or item; format the value "
                "directly, e.g. \"{}\".format(x.grad)", getattr(node, "lineno", None),
                _column(node), "format-string")
        if spec and "{" in spec:
            check_format_string(spec, node)


def _bound_names(tree) -> set:
    """Every name the program binds anywhere (assignments, defs, imports, loops...)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
    return names


assert all(hasattr(_py_builtins, n) for n in SAFE_BUILTINS if n not in ("True", "False", "None"))
