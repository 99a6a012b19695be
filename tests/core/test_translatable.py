"""core's texts keep their template and values (core.translatable.Text), in the JSON and across frames;
the verdict's per-entry mask is in the JSON, bounded.

The JSON stays what it was for headless readers (every text field is the English string), with two
additions: ``"texts"`` (each text's template and values) and ``"mismatch"`` (per leaf, where vᵀJ and
the engine's backward disagree, by the verdict's own rule).
"""
from __future__ import annotations

import io
import json
import pickle

import numpy as np
import pytest

from core.analysis import AnalysisError, analyze
from core.analysis.analysis import IMPLICIT_NONSCALAR
from core.analysis.verdict import MAX_MASK_ENTRIES, compare, mismatch, mismatch_json
from core.frames import FrameError, loads, read_frame, write_frame
from core.interp import run_program
from core.report_json import run_to_json
from core.symbolic.shadow import MAX_ELEMENTS
from core.translatable import Text, _T, texts_json

NONSCALAR = ("import torch\n"
             "x = torch.tensor([1.0, 2.0], requires_grad=True)\n"
             "out = x * x\n")
# A custom autograd.Function whose backward is wrong in its second entry.
WRONG_BACKWARD = """import torch

class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad):
        x, = ctx.saved_tensors
        return grad * x * torch.tensor([2.0, 3.0, 2.0])

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = Square.apply(x).sum()
out.backward()
"""


def test_a_note_in_the_json_is_english_with_its_template_and_values_beside_it():
    a = analyze(NONSCALAR, pytorch="off").to_json()
    note = a["notes"][0]
    assert note.startswith("PyTorch raises \"grad can be implicitly created only for scalar outputs\" here: out has")
    assert a["texts"][note] == {"template": IMPLICIT_NONSCALAR, "values": {"name": "out", "shape": "[2]"}}
    back = json.loads(json.dumps(a, allow_nan=False))      # plain JSON, English strings where they were
    assert back["notes"] == [str.__str__(note)] and back["texts"] == a["texts"]


def test_a_budget_reason_keeps_its_numbers_as_the_english_writes_them():
    source = (f"import torch\nx = torch.ones({MAX_ELEMENTS + 1}, requires_grad=True)\n"
              "out = (x * 2).sum()\nout.backward()\n")
    a = analyze(source, pytorch="off").to_json()
    reason = a["witnesses"]["symbolic"]["note"]
    assert a["witnesses"]["symbolic"]["state"] == "over_budget" and reason in a["notes"]
    record = a["texts"][reason]
    assert record["template"].startswith("the symbolic Jacobian is not computed: a leaf has {n:,} elements")
    assert record["values"] == {"n": f"{MAX_ELEMENTS + 1:,}", "limit": f"{MAX_ELEMENTS:,}"}


def test_a_text_inside_a_text_is_nested_and_data_is_not():
    label = _T("the tensor differentiated on line {line}").format(line=4)
    with pytest.raises(AnalysisError) as error:
        analyze("import torch\nx = torch.ones(2, requires_grad=True)\n(x * x).sum().backward()\n",
                grad_tensor=[1.0, 2.0], pytorch="off")
    note = str(error.value)         # what the pipeline keeps as its note: str() keeps the Text
    assert isinstance(note, Text) and note.values["label"] == "the tensor differentiated on line 3"
    assert texts_json([note])[note]["values"] == {
        "shape": "[2]", "label": {"template": label.template, "values": {"line": "3"}}, "output_shape": "[]"}
    message = _T("the engine's backward raises {type}, as PyTorch's does: {error}").format(
        type="RuntimeError", error="Mismatch in shape")
    assert message.values == {"type": "RuntimeError", "error": "Mismatch in shape"}
    assert not any(isinstance(v, Text) for v in message.values.values())   # PyTorch's message is data


def test_a_run_note_is_in_the_run_json_with_its_template():
    result = run_program("import gc\ngc.collect()\n")
    run = run_to_json(result)
    note = run["notes"][0]
    assert note == "gc.collect() does nothing in Backprop Lens: the program's memory is managed by the app"
    assert run["texts"][note] == {"template": "{what} does nothing in Backprop Lens: {why}", "values": {
        "what": "gc.collect()", "why": {"template": "the program's memory is managed by the app", "values": {}}}}


class OtherText(str):
    pass


def test_texts_cross_the_frames_with_their_meaning_and_nothing_else_does():
    inner = _T("not replayed in PyTorch: {reason}").format(reason="x")
    note = _T("real PyTorch disagrees: {note}").format(note=inner)
    stream = io.BytesIO()
    write_frame(stream, ("finished", 1, {"notes": [note]}))
    stream.seek(0)
    got = read_frame(stream)[2]["notes"][0]
    assert isinstance(got, Text) and got == note and got.template == note.template
    assert isinstance(got.values["note"], Text) and got.values["note"].template == inner.template

    with pytest.raises(FrameError):         # another str subclass is still refused
        loads(pickle.dumps(OtherText("a")))
    with pytest.raises(FrameError):          # Text is built from plain data only
        loads(pickle.dumps(Text("a")).replace(b"Text", b"Tex_"))


def test_a_text_read_back_from_json_is_the_same_text():
    note = _T("real PyTorch disagrees: {note}").format(note=_T("PyTorch's backward raises an error"))
    record = json.loads(json.dumps(texts_json({"n": note})))[note]
    again = Text.from_json(str.__str__(note), record)
    assert again == note and again.template == note.template and again.values["note"].template == note.values[
        "note"].template


def test_formatting_follows_str_format_exactly():
    for template, args, kwargs in (("{} and {}", (1, 2.5), {}),
                                   ("{x!r} {y:>5} {z:.2e}", (), {"x": "q", "y": 7, "z": 1234.5}),
                                   ("{0}{0}", ("ab",), {}), ("{a[0]} {b.real}", (), {"a": [9], "b": 3})):
        text = _T(template).format(*args, **kwargs)
        assert text == template.format(*args, **kwargs) and text.template == template


# -- the mask ---------------------------------------------------------------------------------------

def test_the_verdicts_mask_is_in_the_json_where_the_engine_disagrees():
    a = analyze(WRONG_BACKWARD, pytorch="off").to_json()
    assert a["match"] is False
    assert a["vjp"]["x"] == [2.0, 4.0, 6.0] and a["backward"]["x"] == [2.0, 6.0, 6.0]
    assert a["mismatch"] == {"x": {"mask": [False, True, False], "count": 1}}
    agree = analyze(NONSCALAR, grad_tensor=[1.0, 1.0], pytorch="off").to_json()
    assert agree["match"] is True and agree["mismatch"] == {"x": {"mask": [False, False], "count": 0}}


def test_the_mask_is_the_verdicts_rule_entry_by_entry():
    """The same tolerance as compare(), scale and all: an entry is marked exactly when compare() of that
    entry alone says it disagrees."""
    rng = np.random.default_rng(3)
    a = rng.normal(size=40) * 10.0 ** rng.integers(-6, 6, size=40)
    b = a * (1 + rng.choice([0.0, 1e-6, 1e-3], size=40))
    scale = np.abs(a) * rng.choice([1.0, 100.0], size=40)
    mask = mismatch(a, b, scale)
    assert mask.any() and not mask.all()
    assert mask.tolist() == [not compare(a[i:i + 1], b[i:i + 1], scale[i:i + 1])[1] for i in range(40)]


def test_a_large_mask_is_bounded():
    mask = np.zeros(MAX_MASK_ENTRIES + 1, dtype=bool)
    mask[[5, 7, 100_000]] = True
    record = mismatch_json(mask)
    assert record == {"mask": None, "count": 3, "first": [5, 7, 100_000]}
