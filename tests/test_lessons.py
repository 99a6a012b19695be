"""Every lesson runs, its texts exist in English and Chinese, and its numbers hold.

A lesson is ``resources/lessons/NN_name.py`` (the program) with
``NN_name.json`` beside it: title, text and look_at in ``en`` and ``zh``, and
``checks`` stating the lesson's numbers (checked here against the project's
interpreter and analysis; they were taken from real PyTorch 2.13).
"""
import json
import re
from functools import lru_cache

import numpy as np
import pytest

import resources
from core.analysis import analyze
from core.interp import run_program

NAMES = resources.lesson_names()
CJK = re.compile(r"[\u4e00-\u9fff]")
TOL = 1e-5


def _meta(name):
    path = resources.lessons_folder() / (name[:-3] + ".json")
    return json.loads(path.read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def _run(name):
    return run_program(resources.read_lesson(name))


@lru_cache(maxsize=None)
def _analysis(name):
    return analyze(resources.read_lesson(name))


def _error_check(meta):
    errors = [c for c in meta["checks"] if "error" in c]
    assert len(errors) <= 1
    return errors[0] if errors else None


def _same(actual, expected):
    if expected is None:
        return actual is None
    if actual is None:
        return False
    a = np.asarray(actual, dtype=np.float64)
    e = np.asarray(expected, dtype=np.float64)
    return a.shape == e.shape and bool(np.all(np.abs(a - e) <= TOL))


def test_there_are_at_least_12_lessons_in_order():
    assert len(NAMES) >= 12
    assert NAMES[0] == resources.DEFAULT_LESSON
    assert all(re.fullmatch(r"\d\d_[a-z0-9_]+\.py", n) for n in NAMES)
    numbers = [int(n[:2]) for n in NAMES]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)
    assert numbers == list(range(1, len(NAMES) + 1))


def test_lessons_folder_is_data_not_a_package():
    assert not (resources.lessons_folder() / "__init__.py").is_file()


@pytest.mark.parametrize("name", NAMES)
def test_lesson_texts_in_english_and_chinese(name):
    meta = _meta(name)
    for key in ("title", "text", "look_at"):
        assert set(meta[key]) >= {"en", "zh"}, key
        for lang in ("en", "zh"):
            assert meta[key][lang], (key, lang)
    for lang in ("en", "zh"):
        assert isinstance(meta["title"][lang], str) and isinstance(meta["text"][lang], str)
        assert isinstance(meta["look_at"][lang], list) and 2 <= len(meta["look_at"][lang]) <= 4
        assert all(isinstance(s, str) and s.strip() for s in meta["look_at"][lang])
    assert len(meta["look_at"]["en"]) == len(meta["look_at"]["zh"])
    for key in ("title", "text"):
        assert CJK.search(meta[key]["zh"]), key
        assert not CJK.search(meta[key]["en"]), key
    assert all(CJK.search(s) for s in meta["look_at"]["zh"])
    assert meta["checks"], "every lesson states numbers to check"


@pytest.mark.parametrize("name", NAMES)
def test_lesson_program_is_plain_pytorch(name):
    source = resources.read_lesson(name)
    assert len(source.splitlines()) <= 25
    imports = {line.strip() for line in source.splitlines() if re.match(r"\s*(import|from)\s", line)}
    assert imports <= {"import torch", "import torch.nn.functional as F", "import copy", "import math"}
    assert "__" not in source and "rand" not in source
    assert re.search(r"^out = ", source, re.M), "the lesson's tensor is named out"


@pytest.mark.parametrize("name", NAMES)
def test_lesson_runs_as_stated(name):
    r = _run(name)
    check = _error_check(_meta(name))
    if check is None:
        assert r.error is None, f"{r.error.type}: {r.error.message} (line {r.error.line})"
    else:
        assert r.error is not None, "the lesson should end in an error"
        assert r.error.kind == "raised"
        assert r.error.type == check["error"]
        assert check["contains"] in r.error.message


@pytest.mark.parametrize("name", NAMES)
def test_lesson_tensor_checks(name):
    tensors = _run(name).tensors()
    checks = [c for c in _meta(name)["checks"] if "tensor" in c]
    for c in checks:
        assert c["tensor"] in tensors, c["tensor"]
        t = tensors[c["tensor"]]
        assert c["field"] in ("value", "grad")
        if c["field"] == "value":
            actual = t.tolist()
        else:
            actual = None if t._grad is None else t._grad.tolist()
        assert _same(actual, c["equals"]), (c, actual)


@pytest.mark.parametrize("name", NAMES)
def test_lesson_analysis_checks(name):
    meta = _meta(name)
    a = _analysis(name)
    # a lesson may show a disagreement on purpose (a wrong custom backward): "expect_match": false
    assert a.match == meta.get("expect_match", True), a.notes
    for c in [c for c in meta["checks"] if "analysis" in c]:
        field = {"jacobian": a.jacobian, "vjp": a.vjp, "backward": a.backward}[c["analysis"]]
        assert field is not None and c["leaf"] in field, c
        actual = np.asarray(field[c["leaf"]]).tolist()
        assert _same(actual, c["equals"]), (c, actual)


def test_every_lesson_checks_its_analysis():
    for name in NAMES:
        assert any("analysis" in c for c in _meta(name)["checks"]), name


def test_no_stray_lesson_files():
    names = {e.name for e in resources.lessons_folder().iterdir() if e.is_file()}
    programs = {n[:-3] for n in names if n.endswith(".py")}
    texts = {n[:-5] for n in names if n.endswith(".json")}
    assert programs == texts
