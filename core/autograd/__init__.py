"""Autograd: Tensor, grad_fn nodes, the backward engine, grad mode."""
