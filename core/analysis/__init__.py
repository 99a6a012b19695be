"""The analysis: symbolic Jacobian, vᵀJ beside backward, and the verdict."""
from core.analysis.analysis import Analysis, AnalysisError, analyze, compare

__all__ = ["Analysis", "AnalysisError", "analyze", "compare"]
