"""Grad mode: ``no_grad``, ``enable_grad``, ``set_grad_enabled``, ``inference_mode``.

One module-level flag, read on every op's hot path, so it is a plain list
cell rather than a property.  Each manager works as a context manager and as
a decorator, as PyTorch's do.
"""
from __future__ import annotations

import functools

# _state[0] is True when operations record a graph.
_state = [True]
# _inference[0] is True inside ``torch.inference_mode()``: every tensor made there is an inference tensor
_inference = [False]


def is_grad_enabled() -> bool:
    return _state[0]


def is_inference_mode_enabled() -> bool:
    return _inference[0]


class _GradModeManager:
    """Base: sets the flag on entry, restores it on exit; decorates functions."""

    _mode = True

    def __enter__(self):
        self._prev = _state[0]
        _state[0] = self._mode
        return None

    def __exit__(self, *exc):
        _state[0] = self._prev
        return False

    def __call__(self, fn):
        mode = self._mode

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            prev = _state[0]
            _state[0] = mode
            try:
                return fn(*args, **kwargs)
            finally:
                _state[0] = prev

        return wrapper

    def clone(self):
        return type(self)()


class _NoParamManager(_GradModeManager):
    """Also usable as a bare decorator: ``@torch.no_grad`` without parentheses."""

    def __new__(cls, orig_func=None):
        if orig_func is None:
            return super().__new__(cls)
        return cls()(orig_func)


class no_grad(_NoParamManager):
    """Disable graph recording: ``with torch.no_grad(): ...`` or ``@torch.no_grad()``."""

    _mode = False


class enable_grad(_NoParamManager):
    """Enable graph recording inside a ``no_grad`` region."""

    _mode = True


class set_grad_enabled(_GradModeManager):
    """``torch.set_grad_enabled(False)`` sets the mode at once, and restores it
    when used as a context manager."""

    def __init__(self, mode: bool):
        self._prev = _state[0]
        self._mode = bool(mode)
        _state[0] = self._mode

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        _state[0] = self._prev
        return False

    def clone(self):
        return set_grad_enabled(self._mode)


class inference_mode(no_grad):
    """``no_grad`` that also makes every tensor created inside an inference tensor (``is_inference()``):
    it has no version counter, and outside the mode it may not be written in place or saved for backward.
    ``inference_mode(False)`` inside turns both back on.  A view of a normal tensor stays normal."""

    def __new__(cls, mode=True):
        if callable(mode):     # bare ``@torch.inference_mode``
            return cls()(mode)
        return object.__new__(cls)

    def __init__(self, mode: bool = True):
        self._mode = not mode

    def __enter__(self):
        self._prev_inference = _inference[0]
        _inference[0] = not self._mode
        return super().__enter__()

    def __exit__(self, *exc):
        _inference[0] = self._prev_inference
        return super().__exit__(*exc)

    def __call__(self, fn):
        mode = self._mode

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            prev, prev_inference = _state[0], _inference[0]
            _state[0], _inference[0] = mode, not mode
            try:
                return fn(*args, **kwargs)
            finally:
                _state[0], _inference[0] = prev, prev_inference

        return wrapper

    def clone(self):
        return inference_mode(not self._mode)
