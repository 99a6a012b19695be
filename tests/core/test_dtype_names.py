"""The names PyTorch's messages call a dtype by, read from the dtype (core.dtypes), against PyTorch 2.13.

Each message is checked for every dtype against the text real PyTorch gave (recorded below), and against
live torch when it is installed.
"""
import pytest

import core.torch as ct
from core import dtypes

# dtype -> (c10 ScalarType name, C++ element type name), as PyTorch 2.13.0 on Linux prints them
PYTORCH_NAMES = {
    "float16": ("Half", "c10::Half"), "float32": ("Float", "float"), "float64": ("Double", "double"),
    "int8": ("Char", "signed char"), "uint8": ("Byte", "unsigned char"), "int16": ("Short", "short int"),
    "int32": ("Int", "int"), "int64": ("Long", "long int"), "bool": ("Bool", "bool"),
    "complex64": ("ComplexFloat", "c10::complex<float>"), "complex128": ("ComplexDouble", "c10::complex<double>"),
}
OTHERS = [d.name for d in dtypes.ALL if d.name != "float32"]


def test_every_dtype_has_its_names():
    assert {d.name for d in dtypes.ALL} == set(PYTORCH_NAMES)
    for d in dtypes.ALL:
        assert (d.scalar_name, d.cpp_name) == PYTORCH_NAMES[d.name]
        assert d.legacy_name == f"torch.{d.scalar_name}Tensor"


def raised(f) -> str:
    with pytest.raises(RuntimeError) as info:
        f()
    return str(info.value)


def messages(torch, other: str) -> dict[str, str]:
    """The dtype messages of ``torch`` (core.torch or real torch), float32 against ``other``."""
    a = torch.ones(2, 2)
    b = torch.ones(2, 2, dtype=getattr(torch, other))
    x = torch.ones(2, requires_grad=True)

    def assign_grad():
        x.grad = torch.ones(2, dtype=getattr(torch, other))
    texts = {"mm": raised(lambda: torch.mm(a, b)),
             "mv": raised(lambda: torch.mv(b, a[0])),
             "dot": raised(lambda: torch.dot(a[0], b[0])),
             "grad": raised(assign_grad).split(".")[0]}
    if other != "bool":   # bmm of bool is not implemented, a different message
        texts["bmm"] = raised(lambda: torch.bmm(a[None], b[None]))
    if dtypes.from_name(other).category < 2:   # an in-place float result into an integer (or bool) tensor
        texts["inplace"] = raised(lambda: torch.ones(2, dtype=getattr(torch, other)).add_(1.5))
    return texts


@pytest.mark.parametrize("other", OTHERS)
def test_the_messages_name_the_dtypes_as_pytorch_does(other):
    scalar, cpp = PYTORCH_NAMES[other]
    expected = {"mm": f"expected m1 and m2 to have the same dtype, but got: float != {cpp}",
                "mv": f"addmv input tensors must have the same dtype, but got Float, {scalar}, and Float",
                "dot": f"dot : expected both vectors to have same dtype, but found Float and {scalar}",
                "grad": f"attempting to assign a gradient with dtype '{cpp}' to a tensor with grad_dtype 'Float'"}
    if other != "bool":
        expected["bmm"] = f"expected scalar type Float but found {scalar}"
    if dtypes.from_name(other).category < 2:
        expected["inplace"] = f"result type Float can't be cast to the desired output type {scalar}"
    assert messages(ct, other) == expected


def in_place_version_error(torch) -> str:
    x = torch.ones(2, dtype=torch.float64, requires_grad=True)
    y = x.exp()
    y.mul_(2)
    return raised(lambda: y.sum().backward())


def test_the_in_place_version_error_names_the_legacy_type():
    assert "modified by an inplace operation: [torch.DoubleTensor [2]], which is output 0 of" \
        in in_place_version_error(ct)
    assert ct.ones(1, dtype=ct.uint8).type() == "torch.ByteTensor"


def test_live_pytorch_names_the_legacy_type_the_same():
    torch = pytest.importorskip("torch")
    assert in_place_version_error(torch) == in_place_version_error(ct)
    for d in dtypes.ALL:
        assert torch.ones(1, dtype=getattr(torch, d.name)).type() == d.legacy_name


@pytest.mark.parametrize("other", OTHERS)
def test_live_pytorch_gives_the_same_messages(other):
    torch = pytest.importorskip("torch")
    assert messages(torch, other) == messages(ct, other)
