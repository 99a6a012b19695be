"""How one element of a named tensor is named, in every text the user reads.

Tutorial style, as the symbolic J writes its symbols: ``x`` for a 0-dim tensor,
``x_1``, ``x_12`` (1-based, the digits run together while each is below 10 and
the tensor has at most 2 dims) and ``x_{1,10}`` or ``x_{1,1,2}`` otherwise.
The desktop shows ``x_12`` as x₁₂ and says once what that is in Python (x[0, 1]);
the analysis, its paths and the v editor all name elements through here.

Pure Python (no numpy): the desktop names v's elements before any analysis.

>>> element_names("W", (2, 2))
['W_11', 'W_12', 'W_21', 'W_22']
>>> element_name("t", (0, 0, 1)), element_name("x", (0, 9)), element_name("s", ())
('t_{1,1,2}', 'x_{1,10}', 's')
>>> python_index("x", (0, 1))
'x[0, 1]'
"""
from __future__ import annotations

import itertools


def element_name(name: str, index: tuple) -> str:
    """The element at the 0-based ``index`` of a tensor named ``name``, 1-based as the J writes it."""
    if not index:
        return name
    one_based = [i + 1 for i in index]
    if len(index) <= 2 and all(i <= 9 for i in one_based):
        return f"{name}_{''.join(map(str, one_based))}"
    return f"{name}_{{{','.join(map(str, one_based))}}}"


def element_names(name: str, shape) -> list:
    """Every element's name, in row-major (flat) order."""
    shape = tuple(int(n) for n in shape)
    if not shape:
        return [name]
    return [element_name(name, index) for index in itertools.product(*(range(n) for n in shape))]


def python_index(name: str, index: tuple) -> str:
    """The same element as Python indexes it (0-based): ``x[0, 1]``; ``x`` for a 0-dim tensor."""
    return f"{name}[{', '.join(map(str, index))}]" if index else name
