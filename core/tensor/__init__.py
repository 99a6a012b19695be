"""Tensors and their graph: the Tensor's state, grad_fn nodes, grad mode.

The floor every op stands on: nothing here runs an op or a backward (the op
registry is in :mod:`core.ops`, the engine in :mod:`core.autograd`; Tensor's
math methods and ``backward`` are attached from :mod:`core.torch`).
"""
