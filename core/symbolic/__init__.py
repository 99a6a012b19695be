"""Symbolic witness: the same program evaluated with symengine expressions.

The Jacobian comes from differentiating these expressions, never from the
engine's vjp rules (see core.symbolic.forward).
"""
