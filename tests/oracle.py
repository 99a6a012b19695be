"""Run a recorded oracle program against core.torch and compare with PyTorch.

The programs under ``tests/data/examples`` and ``tests/data/oracle`` were
recorded from real PyTorch 2.13 by ``shared/tools/make_oracle.py``.  Here the
same program runs as plain Python with ``import torch`` bound to
``core.torch`` (these are the project's own test data, not user input), and
the result is recorded the way the oracle recorded PyTorch's.
"""
from __future__ import annotations

import contextlib
import io
import json
import sys
import traceback
import warnings
from pathlib import Path

import numpy as np

DATA = Path(__file__).resolve().parent / "data"
CASE_DIRS = (DATA / "examples", DATA / "oracle")


def case_paths():
    paths = []
    for d in CASE_DIRS:
        paths += sorted(p for p in d.glob("*.py") if p.with_suffix(".json").exists())
    return paths


def load_expected(path: Path) -> dict:
    return json.loads(path.with_suffix(".json").read_text())


def core_torch():
    """Bind ``torch`` (and its submodules) to core.torch for the block, then restore."""
    import core.torch
    return core.torch.installed()


def _plain(x):
    """A tensor's ``tolist()`` as JSON holds it: a complex element as ``{"real": x, "imag": y}``."""
    if isinstance(x, complex):
        return {"real": x.real, "imag": x.imag}
    if isinstance(x, list):
        return [_plain(v) for v in x]
    return x


def _tensor_record(t):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        g = t.grad
    return {
        "value": _plain(t.detach().tolist()),
        "shape": list(t.shape),
        "dtype": str(t.dtype).replace("torch.", ""),
        "requires_grad": bool(t.requires_grad),
        "is_leaf": bool(t.is_leaf),
        "grad": None if g is None else _plain(g.detach().tolist()),
        "grad_fn": None if t.grad_fn is None else type(t.grad_fn).__name__,
        "retains_grad": bool(t.retains_grad),
        "version": None if t.is_inference() else int(t._version),  # an inference tensor has no counter
        "grad_requires_grad": None if g is None else bool(g.requires_grad),
        "grad_grad_fn": None if (g is None or g.grad_fn is None) else type(g.grad_fn).__name__,
    }


@contextlib.contextmanager
def real_torch():
    """Real PyTorch (when installed), in the state the oracle recorder used."""
    import importlib
    names = ["torch", "torch.autograd", "torch.autograd.functional", "torch.nn", "torch.nn.functional"]
    saved = {n: sys.modules.get(n) for n in names}
    for n in names:
        if saved[n] is not None and getattr(saved[n], "__file__", "").startswith(str(Path(__file__).parents[1] / "core")):
            del sys.modules[n]
    torch = importlib.import_module("torch")
    threads = torch.get_num_threads()   # put back after: other tests compare with torch's own thread count
    torch.set_num_threads(1)
    torch.set_grad_enabled(True)
    torch.set_printoptions(profile="default")
    torch.set_default_dtype(torch.float32)
    torch.manual_seed(0)
    try:
        yield torch
    finally:
        torch.set_num_threads(threads)
        for n, m in saved.items():
            if m is not None:
                sys.modules[n] = m


def run_case(path: Path, backend=None) -> dict:
    """Run one program under core.torch (or ``backend``, e.g. :func:`real_torch`);
    return what the oracle records."""
    source = path.read_text()
    filename = str(path)
    with (backend or core_torch)() as torch:
        ns = {"__name__": "__main__"}
        buf = io.StringIO()
        error = None
        with warnings.catch_warnings(record=True) as wlist, np.errstate(all="ignore"):
            warnings.simplefilter("always")
            with contextlib.redirect_stdout(buf):
                try:
                    exec(compile(source, filename, "exec"), ns)  # test data recorded from PyTorch
                except Exception as e:  # noqa: BLE001 - the program's own error is the result
                    frames = [f for f in traceback.extract_tb(e.__traceback__) if f.filename == filename]
                    error = {"type": type(e).__name__, "message": str(e),
                             "line": frames[0].lineno if frames else None,
                             "traceback": traceback.format_exc()}
                    if len(frames) > 1:
                        error["inner_line"] = frames[-1].lineno
        tensors = {k: _tensor_record(v) for k, v in ns.items()
                   if not k.startswith("__") and isinstance(v, torch.Tensor)}
        warns = [{"category": w.category.__name__, "message": str(w.message),
                  **({"line": w.lineno} if w.filename == filename else {})} for w in wlist]
    return {"stdout": buf.getvalue(), "error": error, "tensors": tensors, "warnings": warns}


def close(a, b, rtol=1e-6, atol=1e-6) -> bool:
    """Numbers (nested lists) equal to float32 precision; NaN equals NaN."""
    if a is None or b is None:
        return a is None and b is None
    x = np.asarray(a, dtype=np.float64)
    y = np.asarray(b, dtype=np.float64)
    if x.shape != y.shape:
        return False
    return bool(np.allclose(x, y, rtol=rtol, atol=atol, equal_nan=True))


def compare(got: dict, exp: dict) -> list[str]:
    """Differences between a core.torch run and PyTorch's record ([] when they agree)."""
    diffs = []
    if got["stdout"] != exp["stdout"]:
        diffs.append(f"stdout differs:\n--- got\n{got['stdout']}\n--- expected\n{exp['stdout']}")
    ge, ee = got["error"], exp["error"]
    if (ge is None) != (ee is None):
        diffs.append(f"error: got {ge and ge['type'] + ': ' + ge['message']}\n{ge and ge['traceback']}\n"
                     f"expected {ee and ee['type'] + ': ' + ee['message']}")
    elif ee is not None:
        for key in ("type", "message", "line"):
            if ge[key] != ee[key]:
                diffs.append(f"error {key}: got {ge[key]!r}, expected {ee[key]!r}\n{ge['traceback']}")
        if "inner_line" in ee and ge.get("inner_line") != ee["inner_line"]:
            diffs.append(f"error inner_line: got {ge.get('inner_line')}, expected {ee['inner_line']}")
    gw = [(w["category"], w["message"]) for w in got["warnings"]]
    ew = [(w["category"], w["message"]) for w in exp["warnings"]]
    if gw != ew:
        diffs.append(f"warnings: got {gw}, expected {ew}")
    if list(got["tensors"]) != list(exp["tensors"]):
        diffs.append(f"tensor names: got {list(got['tensors'])}, expected {list(exp['tensors'])}")
    for name, et in exp["tensors"].items():
        gt = got["tensors"].get(name)
        if gt is None:
            continue
        for key in ("shape", "dtype", "requires_grad", "is_leaf", "grad_fn", "retains_grad",
                    "grad_requires_grad", "grad_grad_fn"):
            if gt[key] != et[key]:
                diffs.append(f"{name}.{key}: got {gt[key]!r}, expected {et[key]!r}")
        for key in ("value", "grad"):
            if not close(gt[key], et[key]):
                diffs.append(f"{name}.{key}: got {gt[key]!r}, expected {et[key]!r}")
    return diffs
