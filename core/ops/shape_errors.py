"""PyTorch's shape-mismatch messages."""
from __future__ import annotations


def broadcast_error(a_shape, b_shape, inplace=False) -> str:
    """The message for shapes that do not broadcast, naming the first
    mismatching dimension from the right, as PyTorch does."""
    a, b = tuple(a_shape), tuple(b_shape)
    n = max(len(a), len(b))
    for k in range(1, n + 1):
        da = a[-k] if k <= len(a) else 1
        db = b[-k] if k <= len(b) else 1
        if da != db and da != 1 and db != 1:
            if inplace:
                return (f"The size of tensor a ({da}) must match the size of tensor b ({db}) at "
                        f"non-singleton dimension {n - k}")
            return (f"The size of tensor a ({da}) must match the size of tensor b ({db}) at "
                    f"non-singleton dimension {n - k}")
    return f"shapes {list(a)} and {list(b)} are not broadcastable"
