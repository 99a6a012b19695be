"""``matplotlib`` and ``matplotlib.pyplot`` as a program sees them here: accepted, drawing nothing.

Tutorials plot their data and their loss curve (``plt.plot(losses); plt.show()``), and a program that
imports matplotlib used to be rejected before its first line.  Here every pyplot function exists and
returns a :class:`NotDrawn` stand-in (a figure, axes, a line, ``rcParams``): its public attributes are
more stand-ins, calling it or indexing it gives one, assigning into it does nothing.  The arguments
are still evaluated as Python would (``losses``, ``y.detach().numpy()``), so a mistake there stops
the run at its line as it would in Python.  The first call of a run says, in a note, that plots are
not drawn (nor saved: ``savefig`` writes no file).

Nothing of matplotlib itself is imported or reachable: the stand-ins hold nothing, and their
underscore names are refused (as the sandbox refuses every dunder).
"""
from __future__ import annotations

from core import context
from core.translatable import _T

# pyplot's functions that tutorials call (anything else is an AttributeError, as a typo would be)
PYPLOT_FUNCTIONS = (
    "annotate", "arrow", "autoscale", "axes", "axhline", "axis", "axvline", "bar", "barh", "boxplot", "cla",
    "clf", "close", "colorbar", "contour", "contourf", "draw", "errorbar", "figure", "fill", "fill_between",
    "gca", "gcf", "grid", "hist", "hist2d", "imshow", "ioff", "ion", "legend", "loglog", "margins",
    "matshow", "minorticks_on", "pause", "pcolormesh", "pie", "plot", "quiver", "savefig", "scatter",
    "semilogx", "semilogy", "show", "stem", "step", "subplot", "subplot2grid", "subplots", "subplots_adjust",
    "suptitle", "text", "tick_params", "tight_layout", "title", "twinx", "xlabel", "xlim", "xscale", "xticks",
    "ylabel", "ylim", "yscale", "yticks", "draw_if_interactive", "get_cmap",
)
PYPLOT_OBJECTS = ("rcParams", "cm", "style", "colors")
# matplotlib.ticker's locators and formatters (an axis's ticks: ax.xaxis.set_major_locator(MultipleLocator(1)))
TICKER_CLASSES = ("AutoMinorLocator", "FixedLocator", "FormatStrFormatter", "FuncFormatter", "LogLocator",
                  "MaxNLocator", "MultipleLocator", "NullFormatter", "NullLocator", "PercentFormatter",
                  "ScalarFormatter", "StrMethodFormatter")


class NotDrawn:
    """A figure, axes, line or setting of a plot that is not drawn."""

    __slots__ = ()

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")
        return _PLOT if name == "plot" else self

    def __call__(self, *args, **kwargs):
        return self

    def __getitem__(self, key):
        return self

    def __setitem__(self, key, value):
        return None

    def __repr__(self):
        return "<matplotlib object (not drawn in Backprop Lens)>"


class _Lines(NotDrawn):
    """``plot`` returns a list of lines: ``line, = ax.plot(x, y)`` unpacks one."""

    __slots__ = ()

    def __call__(self, *args, **kwargs):
        return [NOT_DRAWN]


class Grid(NotDrawn):
    """The axes ``subplots(nrows, ncols)`` returns: indexable by row (``axes[0]``), by ``[i, j]``, and
    iterable, as numpy's array of axes is; ``.flat``, ``.flatten()`` and ``.ravel()`` give every axes."""

    __slots__ = ("_rows",)

    def __init__(self, rows):
        self._rows = rows

    def __getitem__(self, key):
        if isinstance(key, tuple):
            item = self
            for k in key:
                item = item._rows[k] if isinstance(item, Grid) else item
            return item
        return self._rows[key]

    def __iter__(self):
        return iter(self._rows)

    def __len__(self):
        return len(self._rows)

    def __getattr__(self, name):
        if name == "flat":
            return self._all()
        if name in ("flatten", "ravel"):
            return lambda: self._all()
        return super().__getattr__(name)

    def _all(self):
        out = []
        for row in self._rows:
            out.extend(row._rows if isinstance(row, Grid) else [row])
        return out


NOT_DRAWN = NotDrawn()
_PLOT = _Lines()


def _subplots(nrows=1, ncols=1, *args, squeeze=True, **kwargs):
    if not isinstance(nrows, int) or not isinstance(ncols, int) or nrows < 1 or ncols < 1 or nrows * ncols > 10_000:
        raise ValueError(f"Number of rows and columns must be positive integers, not {nrows!r} and {ncols!r}")
    if squeeze and nrows == ncols == 1:
        return NOT_DRAWN, NOT_DRAWN
    if squeeze and (nrows == 1 or ncols == 1):
        return NOT_DRAWN, Grid([NOT_DRAWN] * (nrows * ncols))
    return NOT_DRAWN, Grid([Grid([NOT_DRAWN] * ncols) for _ in range(nrows)])


def members() -> tuple[dict, dict, dict]:
    """``matplotlib``'s, ``matplotlib.pyplot``'s and ``matplotlib.ticker``'s names for one run."""
    said = [False]

    def say():
        if not said[0]:
            said[0] = True
            context.note(_T("matplotlib: plots are not drawn (nor saved) in Backprop Lens; the program "
                            "runs on without them"))

    def function(name, body=None):
        def f(*args, **kwargs):
            say()
            return body(*args, **kwargs) if body is not None else (_PLOT(*args) if name == "plot" else NOT_DRAWN)
        f.__name__ = name
        return f

    pyplot = {name: function(name, _subplots if name == "subplots" else None) for name in PYPLOT_FUNCTIONS}
    pyplot.update({name: NOT_DRAWN for name in PYPLOT_OBJECTS})
    matplotlib = {"use": function("use"), "rcParams": NOT_DRAWN, "rc": function("rc"), "__version__": "3.9.2"}
    ticker = {name: function(name) for name in TICKER_CLASSES}
    return matplotlib, pyplot, ticker


__all__ = ["Grid", "NOT_DRAWN", "NotDrawn", "members"]
