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


# Modules a program may import, and what each import binds.
IMPORTABLE = {
    "torch", "torch.autograd", "torch.autograd.functional", "torch.nn", "torch.nn.functional",
    "copy", "math",
}

# Builtins a program may call (the interpreter provides its own versions).
SAFE_BUILTINS = {
    "print", "range", "len", "enumerate", "zip", "list", "tuple", "dict", "set", "float", "int", "bool",
    "str", "repr", "abs", "min", "max", "sum", "round", "isinstance", "sorted", "reversed", "any", "all",
    "map", "filter", "iter", "next", "divmod", "pow", "format", "callable", "hash", "id", "chr", "ord",
    "True", "False", "None",
    # exceptions, for try/except and raise
    "Exception", "RuntimeError", "ValueError", "TypeError", "IndexError", "KeyError", "ZeroDivisionError",
    "AssertionError", "AttributeError", "ArithmeticError", "LookupError", "NameError", "StopIteration",
    "NotImplementedError", "OverflowError", "UserWarning", "Warning",
}

# Names that are never allowed, with the reason shown to the user.
FORBIDDEN_NAMES = {
    "open": "programs cannot read or write files",
    "eval": "programs cannot run code from strings",
    "exec": "programs cannot run code from strings",
    "compile": "programs cannot run code from strings",
    "__import__": "only the imports of torch, copy and math are available",
    "getattr": "attributes are reached with the dot (x.grad), not getattr",
    "setattr": "attributes are set with the dot (x.grad = None), not setattr",
    "delattr": "deleting attributes is not available",
    "hasattr": "reflection is not available",
    "globals": "reflection is not available",
    "locals": "reflection is not available",
    "vars": "reflection is not available",
    "dir": "reflection is not available",
    "type": "reflection is not available; use isinstance(x, torch.Tensor)",
    "input": "programs cannot read from the keyboard",
    "breakpoint": "the debugger is not available",
    "help": "help() is not available",
    "exit": "programs end by reaching their last line",
    "quit": "programs end by reaching their last line",
    "memoryview": "raw memory is not available",
    "object": "defining classes is not available",
    "super": "defining classes is not available",
    "classmethod": "defining classes is not available",
    "staticmethod": "defining classes is not available",
    "property": "defining classes is not available",
    "bytearray": "raw bytes are not available",
    "bytes": "raw bytes are not available",
}

# Underscore attributes that are PyTorch's public API.
ALLOWED_UNDERSCORE_ATTRS = {"_version"}
SAVED_PREFIX = "_saved_"

_ALLOWED_NODES = {
    ast.Module, ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.If, ast.For, ast.While, ast.Break,
    ast.Continue, ast.Pass, ast.FunctionDef, ast.Return, ast.Import, ast.ImportFrom, ast.With, ast.Assert,
    ast.Try, ast.Delete, ast.Raise,
    ast.BoolOp, ast.BinOp, ast.UnaryOp, ast.Lambda, ast.IfExp, ast.Dict, ast.Set, ast.ListComp, ast.SetComp,
    ast.DictComp, ast.GeneratorExp, ast.Compare, ast.Call, ast.FormattedValue, ast.JoinedStr, ast.Constant,
    ast.Attribute, ast.Subscript, ast.Starred, ast.Name, ast.List, ast.Tuple, ast.Slice,
    ast.Load, ast.Store, ast.Del,
    ast.And, ast.Or, ast.Add, ast.Sub, ast.Mult, ast.MatMult, ast.Div, ast.Mod, ast.Pow, ast.FloorDiv,
    ast.BitAnd, ast.BitOr, ast.BitXor, ast.Invert, ast.Not, ast.UAdd, ast.USub,
    ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Is, ast.IsNot, ast.In, ast.NotIn,
    ast.comprehension, ast.arguments, ast.arg, ast.keyword, ast.alias, ast.withitem, ast.ExceptHandler,
}

_CONSTRUCT_NAMES = {
    ast.ClassDef: ("class definitions", "write functions with def instead"),
    ast.AsyncFunctionDef: ("async functions", None),
    ast.Await: ("await", None),
    ast.Yield: ("generators (yield)", "build a list instead"),
    ast.YieldFrom: ("generators (yield from)", "build a list instead"),
    ast.Global: ("global statements", "return the value from the function instead"),
    ast.Nonlocal: ("nonlocal statements", "keep the value in a list and change its element instead"),
    ast.NamedExpr: ("the walrus operator :=", "assign on a line of its own"),
    ast.Match: ("match statements", "use if/elif"),
    ast.AsyncFor: ("async for", None),
    ast.AsyncWith: ("async with", None),
    ast.LShift: ("the << operator", None),
    ast.RShift: ("the >> operator", None),
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

    def check(self):
        for node in ast.walk(self.tree):
            kind = type(node)
            if kind not in _ALLOWED_NODES:
                what, hint = _CONSTRUCT_NAMES.get(kind, (f"'{kind.__name__}'", None))
                _reject(node, f"{what} {'are' if what.endswith('s') else 'is'} not available in Backprop Lens "
                              "programs", kind.__name__, hint)
            method = getattr(self, "check_" + kind.__name__, None)
            if method is not None:
                method(node)

    # -- names -------------------------------------------------------------------
    def _name(self, node, name, what="name"):
        if name.startswith("_") and name != "_":  # a lone _ is the usual throwaway name
            _reject(node, f"the {what} '{name}' starts with an underscore, and such names are not available "
                          "in Backprop Lens programs", "underscore-name")
        if name in FORBIDDEN_NAMES:
            _reject(node, f"'{name}' is not available: {FORBIDDEN_NAMES[name]}", "forbidden-name")

    def check_Name(self, node):
        self._name(node, node.id)
        if isinstance(node.ctx, ast.Load) and node.id not in self.bound and node.id not in SAFE_BUILTINS:
            hint = ""
            if node.id in ("np", "numpy"):
                hint = "; only torch, copy and math can be imported (torch has the tensor functions you need)"
            _reject(node, f"name '{node.id}' is not defined{hint}", "undefined-name")

    def check_arg(self, node):
        self._name(node, node.arg, "argument")

    def check_keyword(self, node):
        if node.arg is not None:
            self._name(node, node.arg, "keyword argument")

    def check_FunctionDef(self, node):
        self._name(node, node.name, "function name")

    def check_ExceptHandler(self, node):
        if node.name:
            self._name(node, node.name)

    def check_alias(self, node):
        if node.asname:
            self._name(node, node.asname)

    def check_Attribute(self, node):
        attr = node.attr
        if attr.startswith("_") and attr not in ALLOWED_UNDERSCORE_ATTRS and not (
                attr.startswith(SAVED_PREFIX) and attr[len(SAVED_PREFIX):].isidentifier()
                and not attr[len(SAVED_PREFIX):].startswith("_")):
            _reject(node, f"the attribute '{attr}' starts with an underscore, and such attributes are not "
                          "available in Backprop Lens programs", "underscore-attribute")

    # -- imports -----------------------------------------------------------------
    def check_Import(self, node):
        for alias in node.names:
            if alias.name not in IMPORTABLE:
                _reject(node, f"'import {alias.name}' is not available; programs can import torch, "
                              "torch.nn.functional, torch.autograd, copy and math", "import")

    def check_ImportFrom(self, node):
        mod = node.module or ""
        if node.level or mod not in IMPORTABLE:
            _reject(node, f"'from {'.' * node.level}{mod} import ...' is not available; programs can import "
                          "torch, torch.nn.functional, torch.autograd, copy and math", "import")
        for alias in node.names:
            if alias.name == "*":
                _reject(node, "'import *' is not available; import the names you use", "import-star")
            self._name(node, alias.name)

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
