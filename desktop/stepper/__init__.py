"""Stepping through the backward pass: the step bar and the node inspector."""
