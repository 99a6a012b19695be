"""matplotlib draws nothing and torch.save/torch.load keep checkpoints in memory (core/interp/plotting.py,
core/interp/sandbox.py): a tutorial that plots its loss or saves its model runs to its end."""
from __future__ import annotations

import pytest

from core.interp import run_program

PLOTTING = """import torch
import numpy as np
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
plt.rcParams['font.sans-serif'] = ['SimHei']
x = torch.linspace(0, 1, 5)
losses = []
for step in range(3):
    losses.append(float((x * step).sum()))
    plt.plot(losses)
plt.figure(figsize=(8, 6))
line, = plt.plot(x.numpy(), (x ** 2).numpy(), 'r-', label='x^2')
fig, axes = plt.subplots(2, 3)
for ax in axes.flat:
    ax.set_title('t')
axes[1, 2].legend()
axes[0][1].grid(True)
fig, (left, right) = plt.subplots(1, 2, sharey=True)
left.scatter([1], [2])
plt.xlabel('step'); plt.ylabel('loss'); plt.legend(); plt.savefig('loss.png'); plt.show()
print(len(axes), len(axes.flat), len(axes.flatten()), losses)
"""


def test_a_program_that_plots_runs_to_its_end_with_one_note():
    result = run_program(PLOTTING, filename="plots.py")
    assert result.error is None, result.error
    assert result.stdout == "2 6 6 [0.0, 2.5, 5.0]\n"
    notes = [w.message for w in result.notes]
    assert len(notes) == 1 and "matplotlib" in notes[0] and "not drawn" in notes[0]


def test_a_mistake_in_a_plotted_expression_still_stops_the_run_at_its_line():
    result = run_program("import matplotlib.pyplot as plt\nimport torch\nx = torch.ones(2)\n"
                         "plt.plot(x.nmpy())\n", filename="typo.py")
    assert result.error is not None and result.error.line == 4
    assert result.error.type == "AttributeError" and "nmpy" in result.error.message


def test_an_unknown_pyplot_name_is_python_s_attribute_error():
    result = run_program("import matplotlib.pyplot as plt\nplt.plto([1])\n", filename="typo.py")
    assert result.error.type == "AttributeError" and result.error.line == 2
    assert "matplotlib.pyplot" in result.error.message and "plto" in result.error.message


def test_the_stand_ins_refuse_private_and_special_names():
    for grab in ("plt.figure()._x", "getattr(plt.figure(), '__dict__')", "getattr(plt.plot, '__globals__')",
                 "plt.subplots(2, 2)[1]._rows", "getattr(plt.rcParams, '__setitem__')"):
        result = run_program(f"import matplotlib.pyplot as plt\nv = {grab}\n", filename="h.py")
        assert result.error is not None and result.error.type in ("AttributeError", "AttributeDenied",
                                                                  "ProgramRejected"), (grab, result.error)


CHECKPOINT = """import torch
import torch.nn as nn
torch.manual_seed(0)
net = nn.Linear(2, 1)
torch.save(net.state_dict(), 'net.pth')
with torch.no_grad():
    net.weight.fill_(0.0)
net.load_state_dict(torch.load('net.pth'))
print(net.weight)
state = torch.load('net.pth')
state['weight'].add_(1.0)
print(torch.equal(torch.load('net.pth')['weight'], net.weight))
try:
    torch.load('elsewhere.pth')
except FileNotFoundError as e:
    print(e)
torch.save(net, 'whole.pth')
print(type(torch.load('whole.pth', weights_only=False)).__name__)
torch.load('whole.pth')
"""


# what torch.load of a whole saved nn.Linear raises in PyTorch 2.13.0 (read from it): the class by its module
WHOLE_LINEAR_REFUSED = (
    "Weights only load failed. This file can still be loaded, to do so you have two options, \x1b[1mdo those steps "
    "only if you trust the source of the checkpoint\x1b[0m. \n\t(1) In PyTorch 2.6, we changed the default value of "
    "the `weights_only` argument in `torch.load` from `False` to `True`. Re-running `torch.load` with `weights_only` "
    "set to `False` will likely succeed, but it can result in arbitrary code execution. Do it only if you got the "
    "file from a trusted source.\n\t(2) Alternatively, to load with `weights_only=True` please check the "
    "recommended steps in the following error message.\n\tWeightsUnpickler error: Unsupported global: GLOBAL "
    "torch.nn.modules.linear.Linear was not an allowed global by default. Please use "
    "`torch.serialization.add_safe_globals([torch.nn.modules.linear.Linear])` or the "
    "`torch.serialization.safe_globals([torch.nn.modules.linear.Linear])` context manager to allowlist this global "
    "if you trust this class/function.\n\nCheck the documentation of torch.load to learn more about types accepted "
    "by default with weights_only https://pytorch.org/docs/stable/generated/torch.load.html.")

# (saved, the class PyTorch 2.13 names when loading it, None where it loads)
SAVED = [("nn.Sequential(nn.Linear(2, 3), nn.ReLU())", "torch.nn.modules.container.Sequential"),
         ("nn.MSELoss()", "torch.nn.modules.loss.MSELoss"), ("nn.Conv2d(1, 2, 3)", "torch.nn.modules.conv.Conv2d"),
         ("nn.LSTM(2, 3)", "torch.nn.modules.rnn.LSTM"), ("nn.BatchNorm1d(3)", "torch.nn.modules.batchnorm.BatchNorm1d"),
         ("nn.Embedding(3, 2)", "torch.nn.modules.sparse.Embedding"), ("Net()", "__main__.Net"),
         ("{'net': Net().state_dict(), 'layer': nn.Dropout()}", "torch.nn.modules.dropout.Dropout"),
         ("[torch.float32, torch.Size([2]), torch.device('cpu'), {1, 2}]", None),
         ("collections.OrderedDict(a=nn.Parameter(torch.ones(1)))", None),
         ("collections.defaultdict(list)", "collections.defaultdict")]


@pytest.mark.parametrize("saved, named", SAVED)
def test_a_weights_only_load_names_the_class_as_pytorch_does(saved, named):
    src = ("import collections\nimport torch\nimport torch.nn as nn\nclass Net(nn.Module):\n"
           "    def __init__(self):\n        super().__init__()\n        self.fc = nn.Linear(2, 2)\n"
           f"torch.save({saved}, 'x.pt')\nobj = torch.load('x.pt')\n")
    error = run_program(src).error
    if named is None:
        assert error is None
    else:
        assert error.type == "UnpicklingError"
        assert error.message == WHOLE_LINEAR_REFUSED.replace("torch.nn.modules.linear.Linear", named)


def test_a_checkpoint_saved_in_the_run_loads_back_as_a_copy():
    result = run_program(CHECKPOINT, filename="ckpt.py")
    lines = result.stdout.splitlines()
    assert lines[0] == "Parameter containing:"
    assert lines[1] == "tensor([[-0.0053,  0.3793]], requires_grad=True)"      # PyTorch 2.13, manual_seed(0)
    assert lines[2] == "True"                          # the load is a copy: changing it leaves the checkpoint
    assert lines[3] == "[Errno 2] No such file or directory: 'elsewhere.pth'"
    assert lines[4] == "Linear"
    assert result.error.type == "UnpicklingError" and result.error.line == 19
    assert result.error.message == WHOLE_LINEAR_REFUSED
    notes = [w.message for w in result.notes]
    assert any("'net.pth'" in n for n in notes) and any("'whole.pth'" in n for n in notes)


def test_save_needs_a_path():
    result = run_program("import torch\ntorch.save(torch.ones(1), 3)\n", filename="s.py")
    assert result.error.type == "AttributeError"
    assert result.error.message == "expected 'f' to be string, path, or a file-like object with a 'write' attribute"


BUFFER = """import io
import torch
import torch.nn as nn
torch.manual_seed(3)
model = nn.Linear(2, 1)
buffer = io.BytesIO()
torch.save(model.state_dict(), buffer)
print(buffer.closed)
buffer.seek(0)
state = torch.load(buffer)
state['weight'] += 1
buffer.seek(0)
again = torch.load(buffer)
print(torch.equal(again['weight'], model.weight), torch.equal(state['weight'], model.weight))
copy = nn.Linear(2, 1)
print(copy.load_state_dict(again))
print(torch.equal(copy.weight, model.weight))
torch.load(io.BytesIO())
"""


def test_a_checkpoint_in_a_bytes_buffer_loads_back_from_its_start():
    """PyTorch's saving recipe with ``io.BytesIO``: a copy back after ``seek(0)``, PyTorch's EOFError at the
X"""
    result = run_program(BUFFER, filename="buffer.py")
    assert result.stdout.splitlines() == ["False", "True False", "<All keys matched successfully>", "True"]
    assert (result.error.type, result.error.message, result.error.line) == ("EOFError", "", 18)


@pytest.mark.parametrize("use", ["buffer.getvalue()", "buffer.seek(0)\nbuffer.read()", "buffer.tell()",
                                 "buffer.seek(5)", "buffer.seek(0, 2)", "torch.save(model, buffer)",
                                 "buffer.seek(0)\ntorch.load(buffer)\ntorch.load(buffer)"])
def test_the_bytes_of_a_buffered_checkpoint_are_refused_with_a_reason(use):
    """Where PyTorch would read its archive's bytes (a second load without seek(0) finds PyTorch's reader
    inside the archive: "Unsupported operand 80"), the buffer says what it is instead."""
    src = ("import io\nimport torch\nmodel = torch.nn.Linear(1, 1)\nbuffer = io.BytesIO()\n"
           f"torch.save(model.state_dict(), buffer)\n{use}\n")
    error = run_program(src, filename="bytes.py").error
    assert error.type == "NotImplementedError" and error.line == src.count("\n")
    assert "not the bytes of PyTorch's archive" in error.message


@pytest.mark.parametrize("attribute", ["keep", "take", "_saved", "__dict__"])
def test_a_buffer_hides_its_workings(attribute):
    error = run_program(f"import io\nb = io.BytesIO()\nb.{attribute}\n", filename="b.py").error
    assert error is not None and error.line == 3 and error.type in ("AttributeDenied", "AttributeError")


def test_an_empty_buffer_reads_as_empty_and_a_closed_one_refuses():
    result = run_program("import io\nb = io.BytesIO()\nprint(b.getvalue(), b.read(), b.tell())\nb.close()\n"
                         "print(b.closed)\nb.seek(0)\n", filename="b.py")
    assert result.stdout == "b'' b'' 0\nTrue\n"
    assert (result.error.type, result.error.message, result.error.line) == \
        ("ValueError", "I/O operation on closed file.", 6)
