"""& | ^ ~ on tensors are PyTorch's bitwise ops (they were the logical ones: ``a ^ b`` of two integer
tensors gave booleans, where PyTorch's "Introduction to PyTorch Tensors" prints tensor([3, 2, 1])).
The values below are what PyTorch 2.13 printed; tests/data/oracle/print_bitwise_ops replays more."""
from __future__ import annotations

import pytest

from core import torch


def test_integer_operators_are_bitwise():
    a, b = torch.tensor([1, 5, 11]), torch.tensor([2, 7, 10])
    assert (a ^ b).tolist() == [3, 2, 1] and (a & b).tolist() == [0, 5, 10] and (a | b).tolist() == [3, 7, 11]
    assert (~a).tolist() == [-2, -6, -12] and (a ^ True).tolist() == [0, 4, 10]
    assert torch.bitwise_left_shift(a, 2).tolist() == [4, 20, 44]
    assert torch.bitwise_right_shift(a, 1).tolist() == [0, 2, 5]
    assert (a ^ b).dtype is torch.int64


def test_bool_operators_stay_bool():
    t = torch.tensor([True, False])
    assert (t ^ t).tolist() == [False, False] and (~t).tolist() == [False, True]
    assert (t & t).dtype is torch.bool


@pytest.mark.parametrize("expr, kind, message", [
    (lambda f, a: f ^ f, NotImplementedError, "\"bitwise_xor_cpu\" not implemented for 'Float'"),
    (lambda f, a: a ^ 1.5, NotImplementedError, "\"bitwise_xor_cpu\" not implemented for 'Float'"),
    (lambda f, a: torch.bitwise_left_shift(f, 1), NotImplementedError, "\"lshift_cpu\" not implemented for 'Float'"),
    (lambda f, a: ~f, TypeError, "~ (operator.invert) is only implemented on integer and Boolean-type tensors"),
    (lambda f, a: f.double() & f.double(), NotImplementedError, "\"bitwise_and_cpu\" not implemented for 'Double'"),
])
def test_float_tensors_are_refused_as_pytorch_refuses_them(expr, kind, message):
    with pytest.raises(kind) as e:
        expr(torch.tensor([1.0, 2.0]), torch.tensor([1, 2]))
    assert str(e.value) == message
