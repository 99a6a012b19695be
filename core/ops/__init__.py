"""The op registry (``REGISTRY``) and the ops declared in it.

Importing this package registers every op, so ``REGISTRY`` is complete
whichever module is imported first:

>>> from core.ops import REGISTRY
>>> REGISTRY["mul"].grad_fn, REGISTRY["minimum"].grad_fn
('MulBackward0', 'MinimumBackward0')
"""
from core.ops.registry import REGISTRY, OpDef, apply  # noqa: F401
from core.ops import activations, complex_numbers, conv, decompositions, elementwise, inplace, least_squares, linalg, losses, nn, norms, reduce, shape, symmetric, upsample  # noqa: F401,E402,E501  (each registers its ops)
