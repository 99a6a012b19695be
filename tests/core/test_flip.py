"""torch.flip, Tensor.flip, torch.fliplr and torch.flipud (FlipBackward0), as PyTorch 2.13 prints them:
the expected text is real PyTorch's output of the same program (addresses masked).  The op's row in
tests/ops_table.py holds it to central differences, its symbolic rule and a PyTorch replay."""
import re

from core.interp import run_program

PROGRAM = 'import torch\nx = torch.arange(6.).reshape(2, 3).requires_grad_()\ny = torch.flip(x, [0, 1])\nprint(y, y.grad_fn)\nprint(x.flip(1), x.flip(-1, 0).grad_fn, torch.fliplr(x).grad_fn, torch.flipud(x).grad_fn)\nprint(x.flip(dims=[1]))\n(y * torch.tensor([[1., 2., 3.], [4., 5., 6.]])).sum().backward()\nprint(x.grad)\nprint(torch.flip(torch.tensor(2.), [0]))\nfor f in [lambda: torch.flip(x, (5,)), lambda: torch.flip(x, (0, 0)), lambda: torch.fliplr(torch.ones(3)),\n          lambda: torch.flipud(torch.tensor(1.)), lambda: torch.flip(x, 0), lambda: x.flip()]:\n    try:\n        print(f())\n    except Exception as e:\n        print(type(e).__name__, e)\n'

PYTORCH_PRINTED = 'tensor([[5., 4., 3.],\n        [2., 1., 0.]], grad_fn=<FlipBackward0>) <FlipBackward0 object at 0x...>\ntensor([[2., 1., 0.],\n        [5., 4., 3.]], grad_fn=<FlipBackward0>) <FlipBackward0 object at 0x...> <FlipBackward0 object at 0x...> <FlipBackward0 object at 0x...>\ntensor([[2., 1., 0.],\n        [5., 4., 3.]], grad_fn=<FlipBackward0>)\ntensor([[6., 5., 4.],\n        [3., 2., 1.]])\ntensor(2.)\nIndexError Dimension out of range (expected to be in range of [-2, 1], but got 5)\nRuntimeError dim 0 appears multiple times in the list of dims\nRuntimeError Input must be >= 2-d.\nRuntimeError Input must be >= 1-d.\nTypeError flip(): argument \'dims\' (position 2) must be tuple of ints, not int\nTypeError flip() missing 1 required positional arguments: "dims"\n'


def test_flip_runs_as_pytorch_ran_it():
    result = run_program(PROGRAM)
    assert result.error is None
    assert re.sub(r"0x[0-9a-f]+", "0x...", result.stdout) == PYTORCH_PRINTED


def test_flip_is_analysed():
    from core.analysis import analyze
    a = analyze("import torch\nx = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)\n"
                "out = torch.flip(x, [0, 1]) * torch.arange(6.).reshape(2, 3)\nout.sum().backward()\n", pytorch="off")
    assert a.match is True and a.verdict_basis == "symbolic"
    assert a.backward["x"].tolist() == [[5., 4., 3.], [2., 1., 0.]]
