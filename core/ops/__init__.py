"""The op registry (``REGISTRY``) and the ops declared in it."""
from core.ops.registry import REGISTRY, OpDef, apply  # noqa: F401
