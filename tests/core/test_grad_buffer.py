"""A leaf's first gradient: kept when nothing else holds it (PyTorch steals such a buffer), copied otherwise.

The engine decides by counting references (core/autograd/engine.py, ``_sole_owner``).  What must never
happen is a ``.grad`` that shares memory with a value something else holds: the next backward adds
into ``.grad`` in place, and an optimizer writes it.
"""
import numpy as np
import pytest

import core.autograd.engine as engine
import core.torch as torch


@pytest.fixture
def decisions(monkeypatch):
    """What the engine decided for each leaf (True: the gradient it got is kept as ``.grad``)."""
    seen = []
    accumulate = engine._accumulate

    def spy(var, g, create_graph, owned=False):
        seen.append(owned)
        return accumulate(var, g, create_graph, owned)
    monkeypatch.setattr(engine, "_accumulate", spy)
    return seen


def _independent(a, b):
    return not np.shares_memory(np.asarray(a._data), np.asarray(b._data))


def test_a_fresh_gradient_is_kept(decisions):
    w = torch.ones(3, 4, requires_grad=True)
    (w * 3).sum().backward()
    assert decisions == [True]
    assert w.grad.is_contiguous() and w.grad.tolist() == [[3.0] * 4] * 3


def test_a_linear_weight_gradient_is_kept_in_the_weight_layout(decisions):
    torch.manual_seed(0)
    layer = torch.nn.Linear(5, 3)
    layer(torch.randn(4, 5)).sum().backward()
    assert decisions == [True, True]       # bias, then weight (the transposed product, made row-major)
    assert layer.weight.grad.is_contiguous() and layer.weight.grad._data.flags.c_contiguous
    assert layer.weight.grad.shape == (3, 5)


def test_the_users_grad_tensor_is_copied(decisions):
    x = torch.ones(2, 3, requires_grad=True)
    v = torch.full((2, 3), 2.0)
    x.view(6).view(2, 3).backward(v)        # the views pass v's memory along
    assert decisions == [False]
    assert _independent(x.grad, v)
    v.add_(1)
    assert x.grad.tolist() == [[2.0] * 3] * 2


def test_a_gradient_a_hook_kept_is_copied(decisions):
    x = torch.ones(4, requires_grad=True)
    kept = []
    y = x.view(2, 2)                        # its backward passes the gradient on as a view
    y.register_hook(lambda g: kept.append(g))
    y.backward(torch.ones(2, 2) * 5)
    assert decisions == [False]
    assert _independent(x.grad, kept[0])


def test_a_gradient_sent_to_two_leaves_is_copied_for_each():
    a = torch.ones(3, requires_grad=True)
    b = torch.ones(3, requires_grad=True)
    for _ in range(2):
        (a + b).mul(torch.tensor([1.0, 2.0, 3.0])).sum().backward()
    assert _independent(a.grad, b.grad)
    assert a.grad.tolist() == b.grad.tolist() == [2.0, 4.0, 6.0]


def test_a_leaf_hook_sees_the_gradient_and_keeps_it_apart(decisions):
    x = torch.ones(3, requires_grad=True)
    kept = []
    x.register_hook(lambda g: kept.append(g))
    (x * 4).sum().backward()
    assert _independent(x.grad, kept[0])
    x.grad.zero_()
    assert kept[0].tolist() == [4.0] * 3


def test_accumulating_twice_adds_into_the_kept_buffer():
    torch.manual_seed(1)
    layer = torch.nn.Linear(3, 2)
    x = torch.randn(5, 3)
    layer(x).pow(2).sum().backward()
    first = layer.weight.grad.clone()
    held = layer.weight.grad
    layer(x).pow(2).sum().backward()
    assert held is layer.weight.grad     # accumulated in place, as PyTorch does
    assert torch.allclose(layer.weight.grad, first * 2)


def test_a_second_backward_with_retained_graph_does_not_alias(decisions):
    x = torch.ones(2, requires_grad=True)
    y = (x * 3)
    y.sum().backward(retain_graph=True)
    g1 = x.grad
    x.grad = None
    y.sum().backward()
    assert _independent(g1, x.grad)


def test_the_reference_counts_were_calibrated():
    """The counts the engine compares against are what this interpreter reports of a sole holder."""
    assert engine._HELD_ONCE >= 1 and engine._OWNER_ONLY_IN_VIEW >= 1
    owner = np.zeros((2, 3))
    assert engine._sole_owner(owner.T.T) is False       # ``owner`` still holds the memory
    view = np.zeros((2, 3)).T
    assert engine._sole_owner(view) is True
    part = np.zeros((4, 3))[:2]
    assert engine._sole_owner(part) is False            # a part of a larger owner is not taken
