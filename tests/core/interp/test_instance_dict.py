"""``obj.__dict__`` in a program: a module's reads as PyTorch's instance dict (a read-only snapshot), an
instance of the program's own class gives its own attribute dict (live, as in Python), everything else
(classes, functions, Python and torch modules, tensors, host objects) refuses.  The hostile side is in
tests/data/hostile/209_... to 222_...."""
import subprocess
import sys

import pytest

from core.interp import run_program

PROGRAM = "import torch\nfrom torch import nn\ntorch.manual_seed(0)\nm = nn.Linear(2, 1)\nprint(m.__dict__)\nclass A:\n    def __init__(self):\n        self.x = 1\na = A()\na.__dict__['y'] = 2\nprint(a.y, a.__dict__)\na.__dict__.update(z=3)\nprint(a.z, sorted(a.__dict__))\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.fc = nn.Linear(1, 1)\n        self.k = 3\n        self._h = 4\nn = Net()\nprint(list(n.__dict__))\nprint(n.__dict__['k'], n.__dict__['_modules'])\nh = n.register_forward_hook(lambda mod, i, o: None)\nprint(len(n.__dict__['_forward_hooks']))\n"

# what PyTorch 2.13.0 printed for PROGRAM (python PROGRAM; checked against real torch below when installed)
PYTORCH_STDOUT = "{'training': True, '_parameters': {'weight': Parameter containing:\ntensor([[-0.0053,  0.3793]], requires_grad=True), 'bias': Parameter containing:\ntensor([-0.5820], requires_grad=True)}, '_buffers': {}, '_non_persistent_buffers_set': set(), '_backward_pre_hooks': OrderedDict(), '_backward_hooks': OrderedDict(), '_is_full_backward_hook': None, '_forward_hooks': OrderedDict(), '_forward_hooks_with_kwargs': OrderedDict(), '_forward_hooks_always_called': OrderedDict(), '_forward_pre_hooks': OrderedDict(), '_forward_pre_hooks_with_kwargs': OrderedDict(), '_state_dict_hooks': OrderedDict(), '_state_dict_pre_hooks': OrderedDict(), '_load_state_dict_pre_hooks': OrderedDict(), '_load_state_dict_post_hooks': OrderedDict(), '_modules': {}, 'in_features': 2, 'out_features': 1}\n2 {'x': 1, 'y': 2}\n3 ['x', 'y', 'z']\n['training', '_parameters', '_buffers', '_non_persistent_buffers_set', '_backward_pre_hooks', '_backward_hooks', '_is_full_backward_hook', '_forward_hooks', '_forward_hooks_with_kwargs', '_forward_hooks_always_called', '_forward_pre_hooks', '_forward_pre_hooks_with_kwargs', '_state_dict_hooks', '_state_dict_pre_hooks', '_load_state_dict_pre_hooks', '_load_state_dict_post_hooks', '_modules', 'k', '_h']\n3 {'fc': Linear(in_features=1, out_features=1, bias=True)}\n1\n"


def test_dict_of_modules_and_instances_prints_as_pytorch_does():
    r = run_program(PROGRAM)
    assert r.error is None, r.error
    assert r.stdout == PYTORCH_STDOUT


def test_the_recorded_stdout_is_real_pytorchs(tmp_path):
    pytest.importorskip("torch")
    f = tmp_path / "p.py"
    f.write_text(PROGRAM)
    out = subprocess.run([sys.executable, str(f)], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout == PYTORCH_STDOUT


@pytest.mark.parametrize("write", [
    "d['forward'] = print", "del d['training']", "d.update(training=False)", "d.setdefault('x', 1)",
    "d.pop('training')", "d.clear()", "d |= {'x': 1}"])
def test_a_modules_dict_refuses_writes(write):
    r = run_program(f"import torch\nm = torch.nn.Linear(2, 2)\nd = m.__dict__\n{write}\n")
    assert r.error is not None and r.error.line == 4
    assert "writing to a module's __dict__ is not available" in r.error.message


def test_a_modules_dict_is_a_snapshot_of_its_state():
    r = run_program("import torch\nm = torch.nn.Linear(2, 2)\nd = m.__dict__\nm.eval()\nm.note = 'x'\n"
                    "print(d['training'], m.__dict__['training'], 'note' in d, m.__dict__['note'])\n"
                    "print(d['_parameters'] is m._parameters, type(d).__name__)\n")
    assert r.error is None, r.error
    assert r.stdout == "True False False x\nTrue dict\n"


@pytest.mark.parametrize("expr, kind", [
    ("torch.__dict__", "module"), ("torch.ones(2).__dict__", "Tensor"), ("A.__dict__", "type"),
    ("f.__dict__", "function"), ("print.__dict__", "function"),
    ("torch.nn.Module.__dict__", "type"), ("(1).__dict__", "int"), ("[].__dict__", "list")])
def test_other_objects_refuse_their_dict(expr, kind):
    r = run_program(f"import torch\nclass A:\n    pass\ndef f():\n    pass\nx = {expr}\n")
    assert r.error is not None and r.error.type == "AttributeDenied" and r.error.line == 6, r.error
    assert "'__dict__' is not available in Backprop Lens programs" in r.error.message
    assert kind in r.error.message


@pytest.mark.parametrize("code", ["a.__dict__ = {}", "del a.__dict__", "a.__dict__ += 1"])
def test_assigning_or_deleting_dict_is_rejected_before_running(code):
    r = run_program(f"class A:\n    pass\na = A()\n{code}\n")
    assert r.error is not None and r.error.type == "ProgramRejected" and r.error.line == 4


def test_a_copy_of_a_modules_dict_is_a_plain_dict_as_in_python():
    # PyTorch 2.13 printed "dict dict False True" for the same lines
    r = run_program("import copy\nimport torch\nm = torch.nn.Linear(1, 1)\nd = m.__dict__\ne = copy.deepcopy(d)\n"
                    "f = copy.copy(d)\ne['x'] = 1\nprint(type(e).__name__, type(f).__name__, "
                    "e['_parameters']['weight'] is d['_parameters']['weight'], f['_parameters'] is d['_parameters'])\n")
    assert r.error is None, r.error
    assert r.stdout == "dict dict False True\n"
