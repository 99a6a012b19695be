"""PyTorch's argument check (core.torch.arguments) and its signature table (core.torch.signatures).

The table is held to real PyTorch when it is installed: every listing PyTorch
prints, and every parameter of a one-signature function (its name, position and
type, read from PyTorch's own TypeErrors).  The calls recorded in
tests/data/arg_errors.json are replayed through the interpreter by
tests/core/interp/test_fuzz.py; here the recording itself is checked to be
current.
"""
import importlib.util
import re

import pytest

from core.torch import arguments, signatures
from core.torch.arguments import Parser, Signature

HAVE_TORCH = importlib.util.find_spec("torch") is not None and "backprop" not in (
    importlib.util.find_spec("torch").origin or "")
live = pytest.mark.skipif(not HAVE_TORCH, reason="real PyTorch is not installed: the recorded calls were checked")


def error(parser_name, table, args=(), kwargs=None):
    with pytest.raises(TypeError) as e:
        Parser(parser_name, table[parser_name]).check(tuple(args), dict(kwargs or {}))
    return str(e.value).splitlines()[0]


def test_a_wrong_type_is_named_by_argument_and_position():
    assert error("sum", signatures.FUNCTIONS, ["a"]) == "sum(): argument 'input' (position 1) must be Tensor, not str"
    assert error("transpose", signatures.METHODS, [0, "a"]) == \
        "transpose(): argument 'dim1' (position 2) must be int, not str"
    assert error("sum", signatures.METHODS, [0], {"keepdim": 1}) == "sum(): argument 'keepdim' must be bool, not int"


def test_several_overloads_list_what_was_given():
    assert error("sum", signatures.METHODS, ["a"]) == \
        "sum() received an invalid combination of arguments - got (str), but expected one of:"
    # PyTorch's own format: keywords alone keep a trailing ", "
    assert error("mean", signatures.METHODS, [], {"dim": "a"}) == \
        "mean() received an invalid combination of arguments - got (dim=str, ), but expected one of:"


def test_counts_and_keywords_get_pytorchs_messages():
    assert error("exp", signatures.FUNCTIONS) == 'exp() missing 1 required positional arguments: "input"'
    assert error("transpose", signatures.FUNCTIONS) == \
        'transpose() missing 3 required positional argument: "input", "dim0", "dim1"'
    assert error("exp", signatures.FUNCTIONS, [1, 2, 3]) == "exp() takes 1 positional argument but 3 were given"
    assert error("sum", signatures.FUNCTIONS, [1, 2, 3, 4, 5]) == \
        "sum() takes from 2 to 3 positional arguments but 5 were given"
    assert error("sum", signatures.METHODS, [], {"dim": 1, "foo": 2}) == \
        "sum() got an unexpected keyword argument 'foo'"
    assert error("sum", signatures.METHODS, [0], {"dim": 1}) == "sum() got multiple values for argument 'dim'"


def test_int_lists_take_varargs_and_are_unpacked_element_by_element():
    view = Parser("view", signatures.METHODS["view"])
    view.check((2, 3), {})
    view.check(((2, 3),), {})
    assert error("reshape", signatures.METHODS, [[6.0]]) == \
        "reshape(): argument 'shape' (position 1) must be tuple of ints, but found element of type float at pos 0"
    assert error("zeros", signatures.FUNCTIONS, [2, "a"]) == \
        "zeros(): argument 'size' failed to unpack the object at pos 2 with error \"type must be tuple of ints,but " \
        "got str\""
    with pytest.raises(TypeError, match=r"^view\(\) received an invalid combination.*got \(float, int\)"):
        view.check((2.0, 3), {})


def test_numpy_names_are_taken_where_pytorch_takes_them():
    Parser("sum", signatures.METHODS["sum"]).check((), {"axis": 0, "keepdims": True})
    Parser("exp", signatures.FUNCTIONS["exp"]).check((), {"x": object.__new__(arguments.Tensor)})
    # a numpy name beside the argument it stands for is an unknown keyword, as PyTorch says
    assert error("sum", signatures.METHODS, [0], {"axis": 1}) == "sum() got an unexpected keyword argument 'axis'"


def test_python_ints_past_int64_raise_pytorchs_overflow_errors():
    with pytest.raises(ValueError, match="^Overflow when unpacking long long$"):
        Parser("unsqueeze", signatures.METHODS["unsqueeze"]).check((2 ** 63,), {})
    with pytest.raises(OverflowError, match="^int too big to convert$"):
        Parser("clamp", signatures.FUNCTIONS["clamp"]).check((object.__new__(arguments.Tensor), 10 ** 30), {})
    with pytest.raises(TypeError, match=r"^ones\(\): argument 'size' failed to unpack the object at pos 1 with error "
                                        r"\"Overflow when unpacking long long\n"):
        Parser("ones", signatures.FUNCTIONS["ones"]).check((10 ** 30,), {})


def test_every_signature_parses():
    for table in (signatures.FUNCTIONS, signatures.METHODS):
        for name, texts in table.items():
            if texts is not None:
                for sig in Parser(name, texts).signatures:
                    assert sig.text.startswith("("), (name, sig.text)


# ---------------------------------------------------------------------------- held to PyTorch

def _listing(message):
    return [line[3:] for line in message.splitlines() if line.startswith(" * ")]


@live
def test_the_listed_signatures_are_pytorchs():
    """Where PyTorch lists several signatures, ours are the same text (25 arguments fit none)."""
    import torch
    x = torch.ones(2, 3)
    odd = object()
    wrong = []
    for where, table in (("torch", signatures.FUNCTIONS), ("Tensor", signatures.METHODS)):
        for name, texts in table.items():
            visible = [t for t in (texts or ()) if t != "!"]
            if len(visible) < 2:
                continue
            with pytest.raises(TypeError) as e:
                (getattr(torch, name) if where == "torch" else getattr(x, name))(*[odd] * 25)
            ours = [Signature.parse_text(name, t).text for t in visible]
            if _listing(str(e.value)) != ours:
                wrong.append(f"{where}.{name}: PyTorch {_listing(str(e.value))}, here {ours}")
    assert not wrong, "\n".join(wrong)


VALUES = {"Tensor": "x", "int": "0", "Number": "1", "float": "0.5", "bool": "False", "tuple of ints": "(2, 3)",
          "torch.dtype": "torch.float32", "str": "'floor'", "tuple of Tensors": "[x]", "object": "[1.0]",
          "torch.memory_format": "torch.contiguous_format", "torch.device": "'cpu'"}
KEYWORDS = ("out", "dtype", "layout", "device", "pin_memory", "requires_grad", "memory_format", "generator",
            "keepdim", "as_tuple", "alpha")


@live
def test_the_one_signature_functions_take_pytorchs_parameters():
    """For a function or method of one signature PyTorch names each parameter it refuses: its
    positional parameters (name, position, type) and keywords here are the ones PyTorch takes."""
    import torch
    ns = {"torch": torch, "x": torch.ones(2, 3), "odd": object()}
    wrong = []
    for where, table in (("torch", signatures.FUNCTIONS), ("Tensor", signatures.METHODS)):
        for name, texts in table.items():
            visible = [t for t in (texts or ()) if t != "!"]
            if len(visible) != 1 or len(texts) != 1:
                continue
            sig = Signature.parse_text(name, visible[0])
            head = f"torch.{name}(" if where == "torch" else f"x.{name}("
            positional = [p for p in sig.params if not p.kw_only]
            for i, p in enumerate(positional):
                if p.type == "object":   # torch.tensor's data: any object, judged when it is read
                    continue
                call = head + "".join(VALUES[q.type] + ", " for q in positional[:i]) + "odd)"
                message = _raised(call, ns)
                m = re.search(r"argument '(\w+)' \(position (\d+)\) must be (.+), not object", message)
                if not m or (m.group(1), int(m.group(2)), m.group(3)) != (p.name, i + 1, p.type):
                    wrong.append(f"{call}: PyTorch says {message!r}, the table has {p.type} {p.name}")
            required = "".join(VALUES[q.type] + ", " for q in positional if not q.optional)
            names = {p.name for p in sig.params}
            for key in sorted(names.union(KEYWORDS) - {p.name for p in positional if not p.optional}):
                message = _raised(f"{head}{required}{key}=odd)", ns)
                if ("unexpected keyword" in message) == (key in names):
                    wrong.append(f"{head}{required}{key}=odd): PyTorch says {message!r}")
    assert not wrong, "\n".join(wrong)


def _raised(call, ns) -> str:
    try:
        eval(call, ns)  # a call written as a program writes it (test code, no user input)
    except Exception as e:  # noqa: BLE001 - what PyTorch says is the datum
        return (str(e).splitlines() or [""])[0]
    return ""


@live
def test_the_recorded_calls_are_current():
    from tests import record_arg_errors as record
    recorded = {call: (typ, message) for call, typ, message in record.json.loads(record.RECORD.read_text())["cases"]}
    calls = record.all_calls()
    assert sorted(calls) == sorted(recorded), "the table changed: run python tests/record_arg_errors.py"
    stale = [c for c in calls if tuple(record.run_in_torch(c)) != recorded[c]]
    assert not stale, "re-record with python tests/record_arg_errors.py:\n" + "\n".join(stale[:20])


# ---------------------------------------------------------------------------- explained

@pytest.mark.parametrize("error_type, message, key", [
    ("TypeError", "sum(): argument 'input' (position 1) must be Tensor, not str", "argument_kind"),
    ("TypeError", "sum() received an invalid combination of arguments - got (str), but expected one of:",
     "argument_kind"),
    ("TypeError", 'exp() missing 1 required positional arguments: "input"', "argument_kind"),
    ("TypeError", "TensorBase.item() takes no arguments (1 given)", "argument_kind"),
    ("TypeError", "zeros(): argument 'size' failed to unpack the object at pos 2 with error \"type must be tuple "
                  "of ints,but got str\"", "argument_kind"),
    ("RuntimeError", "ZeroDivisionError", "integer_division_by_zero"),
    ("ValueError", "Overflow when unpacking long long", "number_out_of_range"),
    ("OverflowError", "int too big to convert", "number_out_of_range"),
    ("RuntimeError", "value cannot be converted to type uint8 without overflow", "number_out_of_range"),
    ("IndexError", "amin(): Expected reduction dim -2 to have non-zero size.", "empty_reduction"),
    ("UserWarning", "std(): degrees of freedom is <= 0. Correction should be strictly less than the reduction factor",
     "degrees_of_freedom_warning"),
])
def test_the_new_kinds_of_error_are_explained(error_type, message, key):
    from core.explain import explain
    assert explain(error_type, message).key == key


def test_the_programs_own_arity_errors_are_not_blamed_on_torch():
    from core.explain import explain
    e = explain("TypeError", "f() missing 1 required positional argument: 'a'")
    assert e is None or e.key != "argument_kind"
    e = explain("TypeError", "f() takes 1 positional argument but 2 were given")
    assert e is None or e.key != "argument_kind"


# torch.nn.functional's C++-bound functions, checked where programs call them (signatures.NN_FUNCTIONS)
NN_CALLS = {
    "F.linear(torch.ones(2, 3), None)": "linear(): argument 'weight' (position 2) must be Tensor, not NoneType",
    "F.linear(torch.ones(2, 3))": 'linear() missing 1 required positional arguments: "weight"',
    "F.linear(torch.ones(2, 3), torch.ones(2, 3), 5)": "linear(): argument 'bias' (position 3) must be Tensor, not int",
    "F.linear(torch.ones(2, 3), torch.ones(2, 3), bias='x')": "linear(): argument 'bias' must be Tensor, not str",
}


@pytest.mark.parametrize("call", sorted(NN_CALLS))
def test_nn_functional_calls_get_pytorchs_argument_errors(call):
    from core.interp import run_program
    result = run_program("import torch\nimport torch.nn.functional as F\n" + call + "\n")
    assert (result.error.type, result.error.message, result.error.line) == ("TypeError", NN_CALLS[call], 3)
    try:
        import torch
        import torch.nn.functional as F
    except ImportError:
        return
    with pytest.raises(TypeError) as info:
        eval(call, {"torch": torch, "F": F})   # the test's own call text in real torch, no user input
    assert str(info.value) == NN_CALLS[call]
