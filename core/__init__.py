"""Backprop Lens core: pure Python (numpy, sympy, symengine, stdlib). Never imports Qt.

See DESIGN.md: the op registry, the numeric autograd engine, the namespace that
programs see as ``torch``, the interpreter, the symbolic Jacobian and the analysis
all live here; ``desktop`` only displays what this package computes.
"""
