"""The analysis: symbolic Jacobian, vᵀJ beside backward, and the verdict."""
from core.analysis.analysis import Analysis, AnalysisError
from core.analysis.pipeline import analyze
from core.analysis.verdict import compare

__all__ = ["Analysis", "AnalysisError", "analyze", "compare"]
