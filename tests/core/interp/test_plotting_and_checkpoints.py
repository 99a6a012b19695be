"""matplotlib draws nothing and torch.save/torch.load keep checkpoints in memory (core/interp/plotting.py,
core/interp/sandbox.py): a tutorial that plots its loss or saves its model runs to its end."""
from __future__ import annotations

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


def test_a_checkpoint_saved_in_the_run_loads_back_as_a_copy():
    result = run_program(CHECKPOINT, filename="ckpt.py")
    lines = result.stdout.splitlines()
    assert lines[0] == "Parameter containing:"
    assert lines[1] == "tensor([[-0.0053,  0.3793]], requires_grad=True)"      # PyTorch 2.13, manual_seed(0)
    assert lines[2] == "True"                          # the load is a copy: changing it leaves the checkpoint
    assert lines[3] == "[Errno 2] No such file or directory: 'elsewhere.pth'"
    assert lines[4] == "Linear"
    assert result.error.type == "UnpicklingError" and result.error.line == 19
    assert result.error.message.startswith("Weights only load failed.")
    assert "GLOBAL torch.nn.Linear was not an allowed global by default" in result.error.message
    notes = [w.message for w in result.notes]
    assert any("'net.pth'" in n for n in notes) and any("'whole.pth'" in n for n in notes)


def test_save_needs_a_path():
    result = run_program("import torch\ntorch.save(torch.ones(1), 3)\n", filename="s.py")
    assert result.error.type == "AttributeError"
    assert result.error.message == "expected 'f' to be string, path, or a file-like object with a 'write' attribute"
