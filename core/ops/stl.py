"""The C++ standard library's sorting algorithms, moving elements as libstdc++ moves them.

PyTorch's CPU kernels sort with ``std::sort`` (mode), ``std::nth_element`` and ``std::partial_sort``
(topk, hence multinomial without replacement), which are not stable: among elements the comparison
calls equal, the order they leave is whatever the algorithm's swaps make it.  To report the indices
PyTorch reports, these run the same introsort, introselect and heap selection on a Python list, with
the same comparison ``comp(a, b)`` ("a goes before b").  Written from the algorithms' description
(median-of-three pivot moved to the front, unguarded partition, a final insertion sort below 16
elements, heap sort past the depth limit).
"""
from __future__ import annotations

_THRESHOLD = 16


def _log2(n: int) -> int:
    return n.bit_length() - 1


def _adjust_heap(items, first, hole, length, value, comp):
    top = child = hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if comp(items[first + child], items[first + child - 1]):
            child -= 1
        items[first + hole] = items[first + child]
        hole = child
    if length % 2 == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        items[first + hole] = items[first + child - 1]
        hole = child - 1
    parent = (hole - 1) // 2
    while hole > top and comp(items[first + parent], value):
        items[first + hole] = items[first + parent]
        hole, parent = parent, (parent - 1) // 2
    items[first + hole] = value


def _make_heap(items, first, last, comp):
    length = last - first
    if length < 2:
        return
    for parent in range((length - 2) // 2, -1, -1):
        _adjust_heap(items, first, parent, length, items[first + parent], comp)


def _pop_heap(items, first, last, result, comp):
    value = items[result]
    items[result] = items[first]
    _adjust_heap(items, first, 0, last - first, value, comp)


def _heap_select(items, first, middle, last, comp):
    _make_heap(items, first, middle, comp)
    for i in range(middle, last):
        if comp(items[i], items[first]):
            _pop_heap(items, first, middle, i, comp)


def _sort_heap(items, first, last, comp):
    while last - first > 1:
        last -= 1
        _pop_heap(items, first, last, last, comp)


def _swap(items, i, j):
    items[i], items[j] = items[j], items[i]


def _median_to_first(items, result, a, b, c, comp):
    x, y, z = items[a], items[b], items[c]
    if comp(x, y):
        _swap(items, result, b if comp(y, z) else c if comp(x, z) else a)
    else:
        _swap(items, result, a if comp(x, z) else c if comp(y, z) else b)


def _partition_pivot(items, first, last, comp):
    """The median of three moved to ``first``, then the rest partitioned around it; returns the cut."""
    _median_to_first(items, first, first + 1, first + (last - first) // 2, last - 1, comp)
    pivot, lo, hi = items[first], first + 1, last
    while True:
        while comp(items[lo], pivot):
            lo += 1
        hi -= 1
        while comp(pivot, items[hi]):
            hi -= 1
        if not lo < hi:
            return lo
        _swap(items, lo, hi)
        lo += 1


def _insertion_sort(items, first, last, comp):
    for i in range(first + 1, last):
        value = items[i]
        if comp(value, items[first]):
            items[first + 1:i + 1] = items[first:i]
            items[first] = value
            continue
        j = i
        while comp(value, items[j - 1]):
            items[j] = items[j - 1]
            j -= 1
        items[j] = value


def _unguarded_insertion_sort(items, first, last, comp):
    for i in range(first, last):
        value, j = items[i], i
        while comp(value, items[j - 1]):
            items[j] = items[j - 1]
            j -= 1
        items[j] = value


def sort(items: list, comp) -> None:
    """``std::sort(items.begin(), items.end(), comp)``."""
    n = len(items)
    if n < 2:
        return

    def loop(first, last, depth):
        while last - first > _THRESHOLD:
            if depth == 0:
                _heap_select(items, first, last, last, comp)
                _sort_heap(items, first, last, comp)
                return
            depth -= 1
            cut = _partition_pivot(items, first, last, comp)
            loop(cut, last, depth)
            last = cut

    loop(0, n, 2 * _log2(n))
    if n > _THRESHOLD:
        _insertion_sort(items, 0, _THRESHOLD, comp)
        _unguarded_insertion_sort(items, _THRESHOLD, n, comp)
    else:
        _insertion_sort(items, 0, n, comp)


def sort_range(items: list, first: int, last: int, comp) -> None:
    """``std::sort(items.begin() + first, items.begin() + last, comp)``."""
    part = items[first:last]
    sort(part, comp)
    items[first:last] = part


def nth_element(items: list, nth: int, comp) -> None:
    """``std::nth_element(items.begin(), items.begin() + nth, items.end(), comp)``."""
    first, last = 0, len(items)
    if first == last or nth == last:
        return
    depth = 2 * _log2(last - first)
    while last - first > 3:
        if depth == 0:
            _heap_select(items, first, nth + 1, last, comp)
            _swap(items, first, nth)
            return
        depth -= 1
        cut = _partition_pivot(items, first, last, comp)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(items, first, last, comp)


def partial_sort(items: list, middle: int, comp) -> None:
    """``std::partial_sort(items.begin(), items.begin() + middle, items.end(), comp)``."""
    _heap_select(items, 0, middle, len(items), comp)
    _sort_heap(items, 0, middle, comp)
