"""pathlib and pprint (tests/data/corpus/zerotomastery_01_*): a run's own folders (Path.mkdir) and checkpoints
(torch.save refuses a folder the run has not made, as PyTorch refuses one that does not exist), Path's arithmetic
and printing, pprint's layout; against what PyTorch 2.13.0 and Python printed from an empty folder (re-checked
with real torch, from an empty folder, when it is installed)."""
import subprocess
import sys

import pytest

from core.interp import run_program

PROGRAM = 'import torch\nfrom pathlib import Path\nfrom pprint import pprint\nimport pprint as pp_mod\nfor f in [\'a/b.pt\', Path(\'a\')/\'b.pt\', \'./c.pt\', \'a/b/c.pt\']:\n    try:\n        torch.save({}, f)\n        print(\'ok\', f)\n    except Exception as e:\n        print(type(e).__name__, e)\np = Path(\'models\')\nprint(repr(p), p, repr(p/\'x.pth\'), (p/\'x.pth\').name, (p/\'x.pth\').stem, (p/\'x.pth\').suffix, (p/\'x.pth\').parent, p.exists(), p.is_dir())\np.mkdir(parents=True, exist_ok=True)\ntry:\n    p.mkdir()\nexcept Exception as e:\n    print(type(e).__name__, e)\ntry:\n    Path(\'q/r\').mkdir()\nexcept Exception as e:\n    print(type(e).__name__, e)\nPath(\'q/r/s\').mkdir(parents=True)\nprint(Path(\'q/r\').is_dir(), Path(\'q\').exists())\ntorch.save({\'a\': 1}, p/\'x.pth\')\nprint(torch.load(p/\'x.pth\'), torch.load(\'models/x.pth\'), torch.load(\'./models/x.pth\'), (p/\'x.pth\').is_file(), Path(\'models/x.pth\').exists())\ntry:\n    torch.load(\'nope.pt\')\nexcept Exception as e:\n    print(type(e).__name__, e)\nprint(f\'{p/"x"}\', Path(\'a\', \'b\'), Path(), Path(\'./a/\'), Path(\'/x\') / \'y\', \'a\' / Path(\'b\'), Path(\'a\') == Path(\'a/\'), type(p).__name__)\nprint(Path(\'a/b.tar.gz\').suffixes, Path(\'a/b.pt\').with_suffix(\'.pth\'), Path(\'a\').joinpath(\'b\', \'c\'), isinstance(p, Path))\ntorch.manual_seed(0)\nnet = torch.nn.Linear(2, 3)\npprint(net.state_dict())\npprint({\'b\': 1, \'a\': [1, 2, 3] * 10, \'c\': torch.ones(2)})\nprint(pp_mod.pformat([torch.zeros(3)] * 3, width=30))\npp_mod.pp({\'z\': 1, \'a\': 2})\n'

PRINTED = "RuntimeError Parent directory a does not exist.\nRuntimeError Parent directory a does not exist.\nok ./c.pt\nRuntimeError Parent directory a/b does not exist.\nPosixPath('models') models PosixPath('models/x.pth') x.pth x .pth models False False\nFileExistsError [Errno 17] File exists: 'models'\nFileNotFoundError [Errno 2] No such file or directory: 'q/r'\nTrue True\n{'a': 1} {'a': 1} {'a': 1} True True\nFileNotFoundError [Errno 2] No such file or directory: 'nope.pt'\nmodels/x a/b . a /x/y a/b True PosixPath\n['.tar', '.gz'] a/b.pth a/b/c True\nOrderedDict([('weight',\n              tensor([[-0.0053,  0.3793],\n        [-0.5820, -0.5204],\n        [-0.2723,  0.1896]])),\n             ('bias', tensor([-0.0140,  0.5607, -0.0628]))])\n{'a': [1,\n       2,\n       3,\n       1,\n       2,\n       3,\n       1,\n       2,\n       3,\n       1,\n       2,\n       3,\n       1,\n       2,\n       3,\n       1,\n       2,\n       3,\n       1,\n       2,\n       3,\n       1,\n       2,\n       3,\n       1,\n       2,\n       3,\n       1,\n       2,\n       3],\n 'b': 1,\n 'c': tensor([1., 1.])}\n[tensor([0., 0., 0.]),\n tensor([0., 0., 0.]),\n tensor([0., 0., 0.])]\n{'z': 1, 'a': 2}\n"


def test_pathlib_and_pprint_print_as_python_and_pytorch():
    r = run_program(PROGRAM)
    assert r.error is None, r.error
    assert r.stdout == PRINTED


def test_a_run_starts_with_no_folders_or_checkpoints():
    run_program("import torch\nfrom pathlib import Path\nPath('m').mkdir()\ntorch.save(1, 'm/a.pt')\n")
    r = run_program("from pathlib import Path\nprint(Path('m').exists(), Path('m/a.pt').is_file())\n")
    assert r.stdout == "False False\n"


def test_pprint_writes_nowhere_else():
    r = run_program("import pprint\nimport sys\npprint.pprint(1, stream=sys)\n")
    assert r.error is not None and r.error.type == "TypeError"


def test_the_recording_is_pythons_and_pytorchs(tmp_path):
    pytest.importorskip("torch")
    f = tmp_path / "p.py"
    f.write_text(PROGRAM)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    assert subprocess.run([sys.executable, str(f)], capture_output=True, text=True, timeout=120, check=True,
                          cwd=scratch).stdout == PRINTED


def test_a_checkpoint_may_go_to_an_absolute_path():
    # the machine's own folders are not modelled: an absolute path is kept in memory as before
    r = run_program("import torch\ntorch.save({'a': 1}, '/tmp/x.pt')\nprint(torch.load('/tmp/x.pt'))\n")
    assert r.error is None, r.error
    assert r.stdout == "{'a': 1}\n"
