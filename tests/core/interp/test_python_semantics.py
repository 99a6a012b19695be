"""Issue 11, items 4 and 5: Python's own behaviour where tutorials depend on it.

Run-time errors at their line with Python's messages, underscore names,
reflection (type, isinstance, getattr, hasattr, setattr) that never reaches
Python's machinery, and the standard-library subsets.  What real PyTorch and
Python print is recorded in tests/data/oracle/py_*; the tests here are what
only the interpreter shows (class names printed as PyTorch's, the version, the
notes of gc and pdb, the refusals), with the expected texts taken from
PyTorch 2.13 and Python 3.11.
"""
import textwrap

import pytest

from core.explain import explain
from core.interp import run_program


def run(src):
    return run_program(textwrap.dedent(src).lstrip("\n"))


def out(src):
    r = run(src)
    assert r.error is None, r.error
    return r.stdout


def test_unknown_name_raises_at_its_line_after_earlier_lines_ran():
    r = run("""
        import torch
        x = torch.ones(2)
        print('before')
        y = (x +
             yy)
    """)
    assert r.stdout == "before\n"
    assert (r.error.type, r.error.message, r.error.line, r.error.kind) == \
        ("NameError", "name 'yy' is not defined", 5, "raised")


def test_unknown_name_inside_a_function_has_both_lines():
    r = run("""
        def f():
            return missing
        f()
    """)
    assert (r.error.type, r.error.line, r.error.inner_line) == ("NameError", 3, 2)


def test_a_program_may_bind_names_of_refused_builtins():
    assert out("""
        input = 3
        type = 'kind'
        print(input, type)
    """) == "3 kind\n"
    assert run("x = input()\n").error.kind == "rejected"


def test_types_print_and_compare_as_pytorchs():
    assert out("""
        import torch
        x = torch.ones(2, requires_grad=True)
        y = x * 2
        h = y.register_hook(lambda g: g)
        print(type(x), type(y.grad_fn), type(x.shape), type(x.dtype), type(x.max(0)))
        print(type(h), type(print), torch.Tensor, list, type(type(x)))
        print(f"{type(x)}", [type(1)])
        print(type(x)([1., 2.]), type(3)('4'), type(x) in (torch.Tensor, int))
    """) == ("<class 'torch.Tensor'> <class 'MulBackward0'> <class 'torch.Size'> <class 'torch.dtype'> "
             "<class 'torch.return_types.max'>\n"
             "<class 'torch.utils.hooks.RemovableHandle'> <class 'builtin_function_or_method'> "
             "<class 'torch.Tensor'> <class 'list'> <class 'type'>\n"
             "<class 'torch.Tensor'> [<class 'int'>]\n"
             "tensor([1., 2.]) 4 True\n")


def test_torch_version_reads_as_the_cpu_build():
    assert out("import torch\nprint(torch.__version__)\n") == "2.13.0+cpu\n"


def test_main_guard_runs():
    assert out("if __name__ == '__main__':\n    print('main')\n") == "main\n"


@pytest.mark.parametrize("src", [
    "x = 1\ny = x.__class__.__mro__\n",
    "x = 1\nx.__class__ = bool\n",
    "import torch\nprint(type(torch.ones(1)).__subclasses__())\n",
    "def f():\n    pass\nprint(f.__globals__)\n",
    "__builtins__\n",
    "__name__ = 'x'\n",
])
def test_dunders_stay_refused_before_running(src):
    assert run(src).error.kind == "rejected"


def test_class_reads_as_type():
    r = run("import torch\nclass A:\n    pass\nprint(A().__class__.__name__, (1).__class__, torch.ones(1).__class__)\n"
            "print(A().__class__ is A, type(torch.ones(1)) == torch.ones(1).__class__)\n")
    assert r.error is None and r.stdout == "A <class 'int'> <class 'torch.Tensor'>\nTrue True\n"


@pytest.mark.parametrize("src, message", [
    ("import torch\ngetattr(torch.ones(1), '__dict__')\n", "not available"),
    ("import torch\ngetattr(torch, '__dict__')\n", "dunder"),
    ("setattr([], '__class__', 1)\n", "dunder"),
    ("import torch\ngetattr(torch.ones(1), '_data')\n", "not available"),
    ("getattr(int, 'mro')\n", "not available"),
    ("import torch\nsetattr(torch.ones(1), 'shape', 3)\n", "not available"),
])
def test_reflection_never_reaches_python_internals(src, message):
    r = run(src)
    assert r.error is not None and r.error.kind == "raised" and r.error.type == "AttributeDenied", r.error
    assert message in r.error.message


def test_a_functions_frame_is_not_there():
    r = run("def f():\n    pass\ngetattr(f, 'gi_frame')\n")
    assert (r.error.type, r.error.message) == ("AttributeError", "'function' object has no attribute 'gi_frame'")


def test_hasattr_is_false_for_refused_attributes_and_getattr_defaults_only_missing_ones():
    assert out("""
        import torch
        x = torch.ones(1)
        print(hasattr(x, '_data'), hasattr(x, '_version'), getattr(x, 'nope', 1))
    """) == "False True 1\n"


def test_python_messages_for_reflection_misuse():
    for src, msg in [("getattr(1)\n", "getattr expected at least 2 arguments, got 1"),
                     ("getattr(1, 2)\n", "attribute name must be string, not 'int'"),
                     ("type(1, 2)\n", "type() takes 1 or 3 arguments")]:
        r = run(src)
        assert (r.error.type, r.error.message) == ("TypeError", msg)


def test_type_cannot_make_classes_or_objects_of_host_types():
    r = run("T = type('T', (), {})\n")
    assert r.error.type == "TypeError" and "class" in r.error.message
    r = run("import torch\nx = torch.ones(1)\nh = type(x.sum().grad_fn)\nh()\n")
    assert r.error.type == "TypeError" and "cannot create" in r.error.message


def test_underscore_keywords_only_reach_the_programs_own_functions():
    assert out("def f(_a=1):\n    return _a\nprint(f(_a=2))\n") == "2\n"
    r = run("import torch\ntorch.ones(2, _internal=1)\n")
    assert r.error.type == "TypeError" and "underscore" in r.error.message


def test_tensor_attribute_typo_is_explained_with_the_near_name():
    r = run("import torch\nx = torch.ones(1, requires_grad=True)\nprint(x.gard)\n")
    assert (r.error.type, r.error.message, r.error.line) == ("AttributeError",
                                                             "'Tensor' object has no attribute 'gard'", 3)
    e = explain(r.error.type, r.error.message)
    assert e.key == "tensor_missing_attribute" and "x.grad" in e.example
    assert explain("AttributeError", "'Tensor' object has no attribute 'retian_grad'").example.startswith(
        "x.retain_grad")


# ---------------------------------------------------------------------------- modules

def test_other_modules_are_refused_by_name_with_the_list():
    for src, name in [("import shutil\n", "shutil"), ("import subprocess\n", "subprocess"), ("import scipy\n", "scipy"),
                      ("import collections.abc\n", "collections.abc")]:
        r = run(src)
        assert r.error.kind == "rejected", src
        assert f"module '{name}' is not available" in r.error.message
        assert "functools" in r.error.message and "random" in r.error.message


def test_future_imports_follow_pythons_rules():
    assert out('"""doc"""\nfrom __future__ import annotations\nprint(1)\n') == "1\n"
    r = run("import math\nfrom __future__ import division\n")
    assert (r.error.type, r.error.line) == ("SyntaxError", 2)
    r = run("from __future__ import braces\n")
    assert r.error.type == "SyntaxError" and "braces" in r.error.message


def test_gc_and_pdb_do_nothing_and_say_so():
    r = run("""
        import gc, pdb
        print(gc.collect())
        pdb.set_trace()
        print('after')
    """)
    assert r.error is None and r.stdout == "0\nafter\n"
    assert r.warnings == []   # PyTorch warns nothing: the app says it in its own notes
    assert [(w.category, w.line) for w in r.notes] == [("Note", 2), ("Note", 3)]
    assert "gc.collect() does nothing" in r.notes[0].message
    assert "pdb.set_trace() does nothing" in r.notes[1].message


def test_a_note_is_never_a_warning_the_program_can_turn_into_an_error():
    r = run("""
        import gc, warnings
        warnings.simplefilter('error')
        gc.collect()
        print('after')
    """)
    assert r.error is None and r.stdout == "after\n" and len(r.notes) == 1


def test_notes_reach_the_json_and_the_readable_summary():
    from core.report_json import run_to_json
    r = run("import gc\ngc.collect()\n")
    assert run_to_json(r)["notes"] == [r.notes[0].message] and run_to_json(r)["warnings"] == []


def test_random_is_repeatable_from_run_to_run():
    src = "import random\nprint(random.random(), random.randint(0, 10 ** 6))\nrandom.seed()\nprint(random.random())\n"
    first, second = out(src), out(src)
    assert first == second
    import random
    rng = random.Random(0)
    a, b = rng.random(), rng.randint(0, 10 ** 6)
    assert first.splitlines()[0] == f"{a} {b}"


@pytest.mark.parametrize("src", [
    "from functools import partial\np = partial(print, 1)\np.func\n",
    "from functools import partial\np = partial(print, 1)\np.args\n",
    "from collections import namedtuple\nP = namedtuple('P', 'a')\nP._make([1])\n",
    "from collections import namedtuple\nP = namedtuple('P', 'a')\nP.a\n",
    "from collections import deque\nd = deque()\nd.__reduce__\n",
    "import itertools\nc = itertools.count()\nc.gi_frame\n",
    "import random\nrandom.Random\n",
    "import random\nrandom.seed.__self__\n",
    "import functools\n@functools.lru_cache\ndef f(n):\n    return n\nf.cache_info()\n",
    "import time\ntime.time.__self__\n",
])
def test_stdlib_objects_have_nothing_to_reach_through(src):
    r = run(src)
    assert r.error is not None and r.error.kind in ("rejected", "raised"), r.error
    assert r.error.type in ("ProgramRejected", "AttributeDenied", "AttributeError"), r.error


def test_endless_iterators_are_bounded_by_the_limits():
    from core.interp import Limits
    for src in ["import itertools\nx = -1 in itertools.count()\n",
                "import itertools\nd = {}\nd.update(zip(itertools.count(), itertools.count()))\n",
                "import itertools\nprint(*itertools.repeat(1))\n",
                "import itertools\nfrom collections import deque\ndeque(itertools.cycle([1]))\n",
                "import itertools\nlist(itertools.product(itertools.count(), repeat=2))\n"]:
        r = run_program(src, limits=Limits(max_seconds=2, max_steps=50_000))
        assert r.error is not None and r.error.kind == "limit", (src, r.error)


def test_huge_results_are_refused_before_they_are_built():
    for src in ["import math\nmath.factorial(10 ** 7)\n",
                "import itertools\nnext(itertools.product([1], repeat=10 ** 9))\n",
                "import random\nrandom.choices([1], k=10 ** 9)\n",
                "from collections import deque\nd = deque([1]) * 10 ** 9\n"]:
        r = run(src)
        assert r.error is not None and r.error.kind == "limit", (src, r.error)


# ---------------------------------------------------------------------------- devices (item 7)

def test_device_objects_print_and_refuse_like_pytorch_without_cuda():
    assert out("""
        import torch
        d = torch.device('cpu')
        print(type(d), torch.device, d, hasattr(d, 'type'), isinstance(d, torch.device))
        try:
            torch.device('gpu')
        except RuntimeError as e:
            print(str(e)[:40])
        try:
            torch.zeros(1).to('cuda:0')
        except AssertionError as e:
            print(e)
    """) == ("<class 'torch.device'> <class 'torch.device'> cpu True True\n"
             "Expected one of cpu, cuda, ipu, xpu, mkl\n"
             "Torch not compiled with CUDA enabled\n")
    r = run("import torch\nd = torch.device('cpu')\nsetattr(d, 'type', 'cuda')\n")
    assert r.error.type == "AttributeDenied"


def test_the_explanations_list_of_tensor_attributes_is_the_tensors():
    from core import explain as ex
    from core.interp.sandbox import TENSOR_ATTRS
    # every name suggested is one a tensor has; the list may lag a method added since (then add it)
    public = {a for a in TENSOR_ATTRS if not a.startswith("_")}
    assert set(ex._TENSOR_ATTRIBUTES) <= public
    assert len(set(ex._TENSOR_ATTRIBUTES)) >= 0.95 * len(public), sorted(public - set(ex._TENSOR_ATTRIBUTES))


def test_warnings_filters_last_for_the_run_and_warn_is_recorded_at_its_line():
    src = ("import warnings\nimport torch\nwarnings.warn('check the units')\nwarnings.filterwarnings('ignore')\n"
           "x = torch.ones(2, requires_grad=True)\n(x * 2).sum().backward(create_graph=True)\n")
    r = run(src)
    assert r.error is None
    assert [(w.category, w.message, w.line) for w in r.warnings] == [("UserWarning", "check the units", 3)]
    again = run("import torch\nx = torch.ones(2, requires_grad=True)\n(x * 2).sum().backward(create_graph=True)\n")
    assert [w.category for w in again.warnings] == ["UserWarning"]     # the filter ended with its run


def test_sys_as_tutorials_touch_it():
    assert out("""
        import sys
        sys.path.append('..')
        print(sys.argv[0], sys.maxsize > 2 ** 31, sys.path)
    """) == "program.py True ['..']\n"


def test_shift_operators_run_as_python():
    # << and >> (once refused) on ints, bools, numpy ints and a class's own __lshift__/__rrshift__/__ilshift__
    assert out("""
        import numpy as np
        x = 3
        x <<= 4
        x >>= 1
        class Bits:
            def __init__(self, v):
                self.v = v
            def __lshift__(self, n):
                return Bits(self.v * 2 ** n)
            def __rrshift__(self, n):
                return n // self.v
            def __ilshift__(self, n):
                self.v += n
                return self
        b = Bits(3)
        c = b
        b <<= 5
        print(x, 1 << 70, -7 >> 1, True << 3, (b << 2).v, 12 >> b, c.v, np.int64(3) << 2)
    """) == "24 1180591620717411303424 -4 8 32 1 8 12\n"
    e = run("x = 1 << -1\n").error
    assert (e.type, e.message, e.line) == ("ValueError", "negative shift count", 1)


def test_a_generator_expression_is_single_use_and_next_takes_it():
    # next((x for x in ...), default) is a common idiom (finding the first matching node, parameter...)
    r = run("g = (x * 2 for x in [1, 2, 3])\nprint(next(g), list(g), list(g))\n"
            "print(next((x for x in [] if x), 'none'), sum(x for x in range(4)), max(x for x in [3, 1]))\n")
    assert r.error is None, r.error
    assert r.stdout == "2 [4, 6] []\nnone 6 3\n"
