"""The interpreter runs the Python that tutorials use, with Python's semantics."""
import textwrap

import pytest

from core.tensor import grad_mode
from core.interp import Limits, run_program
from core import context


def run(src, **kw):
    return run_program(textwrap.dedent(src).lstrip("\n"), **kw)


def out(src):
    r = run(src)
    assert r.error is None, r.error
    return r.stdout


def test_print_and_tensor_program():
    assert out("""
        import torch
        x = torch.ones(2, 2, requires_grad=True)
        y = (x + 2) * (x + 2) * 3
        y.mean().backward()
        print(x.grad)
    """) == "tensor([[4.5000, 4.5000],\n        [4.5000, 4.5000]])\n"


def test_closures_see_later_assignments_and_defaults_are_early():
    assert out("""
        def make():
            def inner(k=10):
                return base + k
            base = 1
            return inner
        f = make()
        print(f(), f(2))
    """) == "11 3\n"


def test_local_read_before_assignment_is_unbound():
    r = run("""
        x = 1
        def f():
            print(x)
            x = 2
        f()
    """)
    assert r.error.type == "UnboundLocalError"
    assert r.error.line == 5 and r.error.inner_line == 3


def test_comprehension_has_its_own_scope():
    assert out("""
        i = 'outer'
        squares = [i * i for i in range(4) if i % 2 == 0]
        pairs = {k: v for k, v in zip('ab', [1, 2])}
        print(squares, i, pairs, sum(x for x in range(3)))
    """) == "[0, 4] outer {'a': 1, 'b': 2} 3\n"


def test_unpacking_star_and_augmented_assignment():
    assert out("""
        a, *rest, b = [1, 2, 3, 4]
        t = [1, 2]
        t += [3]
        n = 5
        n //= 2
        print(a, rest, b, t, n)
    """) == "1 [2, 3] 4 [1, 2, 3] 2\n"


def test_augmented_assignment_is_in_place_on_tensors():
    assert out("""
        import torch
        a = torch.zeros(2)
        b = a
        a += 1
        print(b, a is b, a._version)
    """) == "tensor([1., 1.]) True 1\n"


def test_try_except_finally_and_raise():
    assert out("""
        import torch
        try:
            torch.ones(3).view(2)
        except RuntimeError as e:
            print('caught:', e)
        finally:
            print('done')
        try:
            raise ValueError('bad v')
        except (TypeError, ValueError) as e:
            print(e.args)
    """) == (
        "caught: shape '[2]' is invalid for input of size 3\ndone\n('bad v',)\n")


def test_limits_cannot_be_caught_by_the_program():
    r = run("""
        try:
            while True:
                pass
        except Exception:
            print('swallowed')
    """, limits=Limits(max_seconds=1))
    assert r.error.kind == "limit" and "swallowed" not in r.stdout


def test_hook_error_reports_both_lines():
    r = run("""
        import torch
        x = torch.ones(2, requires_grad=True)
        def hook(g):
            return g.view(3)
        y = x * 2
        y.register_hook(hook)
        y.sum().backward()
    """)
    assert (r.error.type, r.error.line, r.error.inner_line) == ("RuntimeError", 7, 4)


def test_decorators_and_grad_mode_restored():
    assert out("""
        import torch
        @torch.no_grad()
        def f(t):
            return t * 2
        x = torch.ones(1, requires_grad=True)
        print(f(x).requires_grad, torch.is_grad_enabled())
        with torch.no_grad():
            print(torch.is_grad_enabled())
        torch.set_grad_enabled(False)
    """) == "False True\nFalse\n"
    # the program left grad mode off; the run put it back
    assert grad_mode.is_grad_enabled() and context.guard[0] is None


def test_fstrings_and_format():
    assert out("""
        import torch
        s = torch.tensor(3.14159)
        print(f"{s:.2f} {s.item():.3f} {'x'!r} {3:>4}", "{} and {:.1f}".format(1, 2.25), "%d%%" % 5)
    """) == "3.14 3.142 'x'    3 1 and 2.2 5%\n"


@pytest.mark.parametrize("src, kind, line", [
    ("import subprocess\n", "rejected", 1),
    ("x = 1\ny = x.__class__.__bases__\n", "rejected", 2),
    ("x = 1\nx.__class__ = float\n", "rejected", 2),
    ("print(open)\n", "rejected", 1),
    ("'{0.__class__}'.format(1)\n", "rejected", 1),
    ("class A(metaclass=type):\n    pass\n", "rejected", 1),
    ("class A:\n    def __getattr__(self, n):\n        pass\n", "rejected", 2),
    ("x = (\n", "rejected", 1),
    # an unknown name is Python's NameError at run time (it was a rejection before issue 11)
    ("print(numpy)\n", "raised", 1),
])
def test_rejections_name_the_line(src, kind, line):
    r = run_program(src)
    assert r.error.kind == kind and r.error.line == line and r.error.message


def test_importing_an_unknown_module_names_it_and_what_is_available():
    r = run_program("import torch\nimport scipy\n")
    assert r.error.kind == "rejected" and r.error.line == 2
    assert "module 'scipy' is not available" in r.error.message
    assert "math" in r.error.message and "numpy" in r.error.message


def test_numpy_as_tutorials_use_it():
    r = run_program("import numpy as np\nimport torch\nnp.random.seed(0)\na = np.random.rand(3).astype(np.float32)\n"
                    "t = torch.from_numpy(a)\nb = t.numpy()\nprint(a, np.dot(a, a) > 0, b.dtype)\n"
                    "x = torch.tensor(np.arange(3.0))\nprint(x)\n")
    assert r.error is None, r.error
    assert r.stdout == "[0.5488135  0.71518934 0.60276335] True float32\ntensor([0., 1., 2.], dtype=torch.float64)\n"


@pytest.mark.parametrize("src, limit", [
    ("import torch\nx = torch.zeros(100000, 100000)\n", "tensor elements"),
    ("def f(n):\n    return f(n + 1)\nf(0)\n", "nested function calls"),
    ("x = [0] * 10 ** 9\n", "elements of a list"),
    ("x = 2 ** 10 ** 8\n", "bits of an integer"),
    ("for i in range(10 ** 6):\n    pass\n", "iterations of one loop"),
])
def test_each_limit_names_itself_and_how_to_change_it(src, limit):
    r = run_program(src)
    assert r.error.kind == "limit"
    assert limit in r.error.message and "--max-" in r.error.message


def test_stop_before_runs_a_prefix():
    r = run_program("import torch\nx = torch.ones(1)\nprint('a')\nprint('b')\n", stop_before=3)
    assert r.stdout == "a\n" and r.statements_run == 3


def test_namespace_is_kept_at_the_error():
    r = run_program("import torch\nx = torch.ones(2)\ny = x.view(3)\n")
    assert list(r.tensors()) == ["x"] and r.error.line == 3
