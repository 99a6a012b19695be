"""What real training tutorials call beyond the basics: the rest of torch.optim.lr_scheduler, LBFGS,
parameters_to_vector / vector_to_parameters / clip_grad_value_, interpolate and the Upsample modules, the
padding modules and Softmax2d.  Each program in tests/data/training_extras/ runs in the interpreter and prints
(and warns) what PyTorch 2.13.0 printed (and warned) for it, recorded in tests/data/training_extras.json by
``python tests/core/test_training_extras.py`` and re-checked against real torch when it is installed."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:   # run as a script
    sys.path.insert(0, str(ROOT))

from core.interp import run_program  # noqa: E402

PROGRAMS = ROOT / "tests" / "data" / "training_extras"
RECORD = ROOT / "tests" / "data" / "training_extras.json"
NAMES = sorted(p.stem for p in PROGRAMS.glob("*.py"))

# runs a program under real torch, every warning kept (the interpreter shows each one, as "always")
_RUNNER = """
import contextlib, io, json, runpy, sys, warnings
out = io.StringIO()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with contextlib.redirect_stdout(out):
        runpy.run_path(sys.argv[1], run_name="__main__")
json.dump({"stdout": out.getvalue(), "warnings": [[w.category.__name__, str(w.message)] for w in caught]},
          sys.stdout)
"""


def torch_run(name):
    """What real PyTorch prints and warns for the program."""
    done = subprocess.run([sys.executable, "-c", _RUNNER, str(PROGRAMS / f"{name}.py")], capture_output=True,
                          text=True, timeout=300, check=True)
    return json.loads(done.stdout)


def recorded(name):
    return json.loads(RECORD.read_text())[name]


def test_every_program_is_recorded():
    assert sorted(json.loads(RECORD.read_text())) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_runs_as_pytorch_printed_it(name):
    r = run_program((PROGRAMS / f"{name}.py").read_text())
    assert r.error is None, r.error
    assert r.stdout == recorded(name)["stdout"]
    assert [[w.category, w.message] for w in r.warnings] == recorded(name)["warnings"]


@pytest.mark.parametrize("name", NAMES)
def test_the_recording_is_pytorchs(name):
    pytest.importorskip("torch")
    assert torch_run(name) == recorded(name)


if __name__ == "__main__":
    import torch
    assert torch.__version__.split("+")[0] == "2.13.0", torch.__version__
    RECORD.write_text(json.dumps({n: torch_run(n) for n in NAMES}, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(NAMES)} programs in {RECORD.relative_to(ROOT)}")
