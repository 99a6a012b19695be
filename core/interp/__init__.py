"""The safe program interpreter: parse with ast, check a whitelist, interpret.

>>> r = run_program("import torch\\nx = torch.ones(2, requires_grad=True)\\n(x * 3).sum().backward()\\nprint(x.grad)")
>>> r.stdout
'tensor([3., 3.])\\n'
"""
from core.interp.limits import LimitExceeded, Limits
from core.interp.parse import Program, ProgramRejected, parse_program
from core.interp.run import RunError, RunResult, run_program

__all__ = ["Limits", "LimitExceeded", "Program", "ProgramRejected", "parse_program", "RunError", "RunResult",
           "run_program"]
