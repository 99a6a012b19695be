"""Classes a program defines: run by the interpreter, dispatched by Python.

The behaviour PyTorch and Python show is recorded in tests/data/oracle/cls_*
(micrograd's Value, plain classes, special methods, errors) and, for custom
``torch.autograd.Function``s (the PyTorch docs' exp, LinearFunction and
MulConstant, the tutorial's LegendrePolynomial3, a wrong backward, a wrong
number of gradients), in tests/core/interp/recorded: the same recorder and
format as the oracle, kept apart because those programs are compared here
through the interpreter (the oracle folder's other consumers replay every
program in PyTorch, where a custom Function's backward cannot be replayed).
The tests below also cover what a recording cannot: the refusals, the scope
rules of a class body, the sandbox's view of program objects, and the
analysis of a custom Function's backward.
"""
import json
import textwrap
from pathlib import Path

import numpy as np
import pytest

from core.analysis import analyze
from core.interp import run_program


RECORDED = sorted((Path(__file__).parent / "recorded").glob("cls_*.py"))


@pytest.mark.parametrize("path", RECORDED, ids=[p.stem for p in RECORDED])
def test_custom_functions_run_as_pytorch_ran_them(path):
    """stdout, the error (type, message, line) and every top-level tensor, exactly."""
    expected = json.loads(path.with_suffix(".json").read_text())
    r = run_program(path.read_text())
    assert r.stdout == expected["stdout"]
    e = expected["error"]
    if e is None:
        assert r.error is None, r.error
    else:
        assert r.error is not None and (r.error.type, r.error.message, r.error.line) == (
            e["type"], e["message"], e["line"])
    tensors = r.tensors()
    assert set(tensors) == set(expected["tensors"])
    for name, rec in expected["tensors"].items():
        t = tensors[name]
        assert np.allclose(np.asarray(t.tolist(), dtype=float), np.asarray(rec["value"], dtype=float),
                           rtol=1e-6, atol=1e-6), name
        grad = None if t._grad is None else t._grad.tolist()
        assert (grad is None) == (rec["grad"] is None), name
        if grad is not None:
            assert np.allclose(np.asarray(grad, dtype=float), np.asarray(rec["grad"], dtype=float),
                               rtol=1e-6, atol=1e-6), name
        assert (t.requires_grad, t.is_leaf, list(t.shape)) == (rec["requires_grad"], rec["is_leaf"], rec["shape"]), name
        assert (None if t.grad_fn is None else type(t.grad_fn).__name__) == rec["grad_fn"], name


def test_the_recordings_cover_the_docs_and_tutorial_functions():
    assert {p.stem for p in RECORDED} >= {"cls_function_exp", "cls_function_linear", "cls_legendre_p3",
                                          "cls_function_wrong_backward", "cls_err_function_gradients"}


def run(src):
    return run_program(textwrap.dedent(src).lstrip("\n"))


def output(src):
    r = run(src)
    assert r.error is None, r.error
    return r.stdout


CUBE = """
import torch


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * BACKWARD


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = Cube.apply(x).sum()
out.backward()
"""


def test_a_wrong_custom_backward_is_caught_by_the_analysis():
    a = analyze(CUBE.replace("BACKWARD", "3 * x"))
    assert a.match is False
    assert np.allclose(a.jacobian["x"], [3, 12, 27]) and np.allclose(a.backward["x"], [3, 6, 9])
    step = next(s for s in a.trace if s["grad_fn"] == "CubeBackward")
    assert step["implied"] and all(i["match"] is False for i in step["implied"])
    assert np.allclose(step["implied"][0]["grad"], [3, 12, 27])


def test_a_right_custom_backward_matches():
    a = analyze(CUBE.replace("BACKWARD", "3 * x ** 2"))
    assert a.match is True
    step = next(s for s in a.trace if s["grad_fn"] == "CubeBackward")
    assert all(i["match"] for i in step["implied"])


@pytest.mark.parametrize("imp, base", [
    ("import torch", "torch.autograd.Function"),
    ("from torch.autograd import Function", "Function"),
    ("from torch.autograd.function import Function", "Function"),
    ("import torch.autograd as ag", "ag.Function"),
])
def test_function_is_importable_as_tutorials_write_it(imp, base):
    out = output(f"""
        import torch
        {imp}
        class Sq({base}):
            @staticmethod
            def forward(ctx, x):
                ctx.k = 2
                ctx.save_for_backward(x)
                return x * x
            @staticmethod
            def backward(ctx, g):
                x, = ctx.saved_tensors
                return ctx.k * x * g
        x = torch.tensor([3.0], requires_grad=True)
        y = Sq.apply(x)
        y.backward()
        print(y.grad_fn.name(), x.grad)
    """)
    assert out == "SqBackward tensor([6.])\n"


def test_once_differentiable_and_the_ctx_flags():
    out = output("""
        import torch
        from torch.autograd.function import once_differentiable
        class F(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x, n):
                ctx.n = n
                return x * n
            @staticmethod
            @once_differentiable
            def backward(ctx, g):
                print(ctx.needs_input_grad)
                return g * ctx.n, None
        x = torch.ones(2, requires_grad=True)
        F.apply(x, 3).sum().backward()
        print(x.grad)
    """)
    assert out == "(True, False)\ntensor([3., 3.])\n"


def test_class_body_names_do_not_leak_into_methods():
    r = run("""
        k = "global"
        class A:
            k = "class"
            def get(self):
                return k
            ks = [k for _ in range(2)]
        print(A().get(), A.k, A.ks)
    """)
    assert r.error is None and r.stdout == "global class ['class', 'class']\n"


def test_super_outside_a_method_and_a_class_deriving_from_a_value():
    r = run("def f():\n    return super()\nf()\n")
    assert r.error.type == "RuntimeError" and "super()" in r.error.message
    r = run("class A(3):\n    pass\n")
    assert r.error.type == "TypeError" and "derives from object" in r.error.message


def test_classmethod_inheritance_and_the_mro():
    out = output("""
        class A:
            name = "A"
            @classmethod
            def make(cls):
                return cls()
            def who(self):
                return "A"
        class B(A):
            name = "B"
            def who(self):
                return "B" + super().who()
        class C(A):
            def who(self):
                return "C" + super().who()
        class D(B, C):
            def who(self):
                return "D" + super().who()
        print(type(B.make()).__name__, D().who(), D.name, isinstance(D(), C))
    """)
    assert out == "B DBCA B True\n"


@pytest.mark.parametrize("src, construct", [
    ("class A(metaclass=type):\n    pass\n", "class-keyword"),
    ("class A:\n    def __getattribute__(self, n):\n        return 1\n", "special-method"),
    ("class A:\n    def __del__(self):\n        pass\n", "special-method"),
    ("class A:\n    def __reduce__(self):\n        pass\n", "special-method"),
    ("class A:\n    def __init_subclass__(cls):\n        pass\n", "special-method"),
    ("class A:\n    __slots__ = ()\n", "dunder-name"),
    ("class A:\n    pass\na = A()\na.__class__ = int\n", "dunder-attribute"),
    ("class A:\n    pass\nprint(A.__mro__)\n", "dunder-attribute"),
    ("class A:\n    pass\nprint(A.__bases__)\n", "dunder-attribute"),
    ("class A:\n    return 1\n", "syntax"),
])
def test_refused_with_the_line(src, construct):
    r = run(src)
    assert r.error is not None and r.error.kind == "rejected", r.error
    from core.interp.parse import ProgramRejected, parse_program
    with pytest.raises(ProgramRejected) as e:
        parse_program(src)
    assert e.value.construct == construct and e.value.line is not None


@pytest.mark.parametrize("expr", [
    "getattr(a, '__dict__')", "getattr(A, '__mro__')", "getattr(a.f, '__globals__')",
    "getattr(A, '__subclasses__')", "getattr(a, '_bpl_vars')", "getattr(A, '_bpl_ns')",
    "getattr(A, 'mro')", "getattr(a.f, 'fn')", "getattr(super(A, a), '__dict__')",
    "getattr(type(a), '__bases__')", "a.f.__init__",
])
def test_program_objects_reach_nothing_of_the_host(expr):
    r = run(f"class A:\n    def f(self):\n        return 1\na = A()\nprint({expr})\n")
    refused = ("AttributeError", "AttributeDenied", "ProgramRejected")
    assert r.error is not None and r.error.type in refused, (expr, r.stdout)


def test_setattr_on_a_program_object_and_on_a_class():
    out = output("""
        class A:
            n = 0
        a = A()
        setattr(a, "x", 1)
        A.n = 5
        print(a.x, a.n, hasattr(a, "y"))
    """)
    assert out == "1 5 False\n"


def test_underscore_keywords_reach_the_programs_own_classes_and_methods():
    out = output("""
        class Value:
            def __init__(self, data, _children=(), _op=''):
                self.data = data
                self._op = _op
            def scaled(self, _k=1):
                return self.data * _k
        v = Value(2.0, _op='+')
        print(v._op, v.scaled(_k=3))
    """)
    assert out == "+ 6.0\n"


def test_apply_through_an_instance_as_older_tutorials_write_it():
    src = """
        import torch
        class Exp(torch.autograd.Function):
            @staticmethod
            def forward(ctx, i):
                r = i.exp()
                ctx.save_for_backward(r)
                return r
            @staticmethod
            def backward(ctx, g):
                r, = ctx.saved_tensors
                return g * r
        exp = Exp()
        x = torch.zeros(2, requires_grad=True)
        exp.apply(x).sum().backward()
        print(x.grad, isinstance(exp, torch.autograd.Function))
    """
    r = run(src)
    assert r.error is None and r.stdout == "tensor([1., 1.]) True\n"
    assert [(w.category, w.line) for w in r.warnings] == [("DeprecationWarning", 12)]
    assert r.warnings[0].message.startswith("<class '__main__.Exp'> should not be instantiated.")


def test_hash_none_in_a_class_body_makes_instances_unhashable_as_python_does():
    assert output("""
        class Point:
            __hash__ = None
            def __init__(self, x):
                self.x = x
        try:
            hash(Point(1))
        except TypeError as e:
            print(e)
    """) == "unhashable type: 'Point'\n"
    for src in ("class A:\n    __hash__ = id\n", "class A:\n    __class__ = None\n", "__hash__ = None\n",
                "class A:\n    def f(self):\n        __hash__ = None\n"):
        r = run(src)
        assert r.rejected, src


def test_a_torchscript_constants_list_in_a_class_body_is_plain_data_as_in_eager_pytorch():
    # torch.nn.Linear's source (copied by tutorials) declares __constants__ = ['in_features', 'out_features']
    assert output("""
        import torch
        from torch import nn
        class Linear(nn.Module):
            __constants__ = ['in_features', 'out_features']
            def __init__(self, n):
                super().__init__()
                self.in_features = n
        print(Linear(3).in_features)
    """) == "3\n"
    for src in ("class A:\n    __constants__ = [id]\n", "__constants__ = ['a']\n",
                "class A:\n    __constants__ = ['a']\n    x = __constants__\n",
                "class A:\n    __constants__ = ['a']\nprint(A.__constants__)\n",
                "class A:\n    def f(self):\n        __constants__ = ['a']\n"):
        r = run(src)
        assert r.rejected, src
