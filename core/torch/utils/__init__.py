"""``torch.utils``: only ``data`` (datasets and the DataLoader)."""
from __future__ import annotations

from core.torch.utils import data

__all__ = ["data"]
