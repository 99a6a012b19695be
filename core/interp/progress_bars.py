"""``tqdm`` as a program sees it here: progress bars that iterate and draw nothing.

Training loops in tutorials wrap their epochs or batches in ``tqdm(...)`` / ``trange(...)``
(``from tqdm.auto import tqdm``).  Real tqdm draws its bar on stderr, which is not the program's
printed output, so a run here prints what the program prints with real tqdm; the bar's counter,
description and postfix are kept (a program may read ``bar.n``), and ``tqdm.write`` prints its line
where print does.  Nothing of tqdm itself is imported.

>>> class Out:
...     def __init__(self): self.text = ""
...     def write(self, s): self.text += s
>>> out = Out(); bar_type, trange = members(out)["tqdm"], members(out)["trange"]
>>> [x for x in bar_type([1, 2], desc="epoch")], len(trange(3))
([1, 2], 3)
>>> bar_type.write("done"); out.text
'done\\n'
"""
from __future__ import annotations

from core import context
from core.translatable import _T


def members(out, guard=None) -> dict:
    """``tqdm``'s names for one run (``tqdm``, ``trange``); ``out`` receives what ``tqdm.write`` prints, and
    ``guard`` (the run's) counts each step of a bar's iteration against the run's limits."""
    said = [False]

    def say():
        if not said[0]:
            said[0] = True
            context.note(_T("tqdm: progress bars are not drawn in Backprop Lens (PyTorch's runs draw them on stderr, "
                            "not in the printed output); the loop runs as written"))

    class tqdm:
        """A progress bar over ``iterable`` (or counted by ``update``), drawing nothing."""

        _bpl_public = ("update", "close", "set_description", "set_description_str", "set_postfix",
                       "set_postfix_str", "refresh", "reset", "clear", "display", "unpause", "n", "total", "desc",
                       "postfix", "disable", "iterable")
        _bpl_class_methods = ("write",)
        _bpl_context_manager = True

        def __init__(self, iterable=None, desc=None, total=None, leave=True, file=None, ncols=None,
                     mininterval=0.1, maxinterval=10.0, miniters=None, ascii=None, disable=False, unit="it",
                     unit_scale=False, dynamic_ncols=False, smoothing=0.3, bar_format=None, initial=0,
                     position=None, postfix=None, unit_divisor=1000, colour=None, delay=0, **kwargs):
            say()
            if total is None and iterable is not None:
                try:
                    total = len(iterable)
                except (TypeError, AttributeError):
                    total = None
            self.iterable, self.desc, self.total, self.disable = iterable, desc or "", total, disable
            self.n, self.postfix = initial, postfix

        def __iter__(self):
            if self.iterable is None:
                raise TypeError("'tqdm' object is not iterable")
            for x in (self.iterable if guard is None else guard.counted(self.iterable)):
                yield x
                self.n += 1

        def __len__(self):
            if self.total is None:
                raise TypeError("object of type 'tqdm' has no len()")
            return int(self.total)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def __repr__(self):
            shown = f"{self.n}/{self.total}" if self.total is not None else str(self.n)
            return f"{self.desc + ': ' if self.desc else ''}{shown}"

        __str__ = __repr__

        def update(self, n=1):
            self.n += n
            return True

        def set_description(self, desc=None, refresh=True):
            self.desc = "" if desc is None else str(desc)

        def set_description_str(self, desc=None, refresh=True):
            self.set_description(desc)

        def set_postfix(self, ordered_dict=None, refresh=True, **kwargs):
            self.postfix = dict(ordered_dict or {}, **kwargs)

        def set_postfix_str(self, s="", refresh=True):
            self.postfix = str(s)

        def reset(self, total=None):
            self.n = 0
            if total is not None:
                self.total = total

        def close(self):
            return None

        def refresh(self, *args, **kwargs):
            return None

        clear = display = unpause = refresh

        @classmethod
        def write(cls, s, file=None, end="\n", nolock=False):
            if file is not None:
                raise TypeError("tqdm.write(..., file=...) is not available in Backprop Lens programs: it prints "
                                "where print does")
            out.write(str(s) + end)

    def trange(*args, **kwargs):
        return tqdm(range(*args), **kwargs)

    return {"tqdm": tqdm, "trange": trange}
