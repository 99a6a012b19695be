"""Saved tensors are freed by a backward without retain_graph, and kept with it."""
import gc
import tracemalloc
import weakref

import numpy as np
import pytest

import core.torch as torch


def _graph(n=200_000):
    """out = sum(exp(2x) * 2x): the graph saves two n-element intermediates."""
    x = torch.linspace(-1, 1, n).requires_grad_()
    h = x * 2
    y = h.exp()
    out = (y * h).sum()
    refs = [weakref.ref(h._data), weakref.ref(y._data)]
    return x, out, refs


@pytest.mark.parametrize("retain", [False, True])
def test_saved_arrays_are_released_after_backward(retain):
    x, out, refs = _graph()
    gc.collect()
    assert all(r() is not None for r in refs), "the graph must hold its saved intermediates"
    out.backward(retain_graph=retain)
    gc.collect()
    alive = [r() is not None for r in refs]
    if retain:
        assert all(alive)
    else:
        assert not any(alive)


def test_memory_drops_after_backward():
    tracemalloc.start()
    try:
        x, out, _ = _graph()
        gc.collect()
        before, _ = tracemalloc.get_traced_memory()
        out.backward()
        gc.collect()
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # two float32 intermediates of 200k elements (1.6 MB) leave; x.grad (0.8 MB) arrives
    assert before - after > 0.6e6


def test_second_backward_after_release_raises():
    x, out, _ = _graph(10)
    out.backward()
    with pytest.raises(RuntimeError, match="Trying to backward through the graph a second time"):
        out.backward()


def test_no_error_when_nodes_saved_nothing():
    x = torch.tensor([1., 2.], requires_grad=True)
    s = (x + 1).sum()
    s.backward()
    s.backward()
    assert np.allclose(x.grad.tolist(), [2., 2.])


def test_copyslices_releases_the_wrapped_op():
    # an in-place mul through a view: CopySlices wraps a MulBackward0 that saved its inputs
    x = torch.tensor([2.0], requires_grad=True)
    y = torch.full((2,), 3.0)
    y[0:1].mul_(x)
    s = y.sum()
    assert type(y.grad_fn).__name__ == "CopySlices"
    s.backward()
    assert x.grad.tolist() == [3.0]
    with pytest.raises(RuntimeError, match="second time"):
        s.backward()
