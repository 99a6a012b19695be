"""core.explain: every recorded PyTorch error gets a plain-language explanation and the usual fix."""

import json
import re
from pathlib import Path

import pytest

from core.explain import RULES, Explanation, explain, translatable_texts

DATA = Path(__file__).resolve().parent.parent / "data"

# Recorded errors that legitimately have no explanation: the program raised its own exception.
UNEXPLAINED = {"err_hook_raises"}


def recorded_cases():
    cases = []
    for path in sorted((DATA / "oracle").glob("err_*.json")) + sorted((DATA / "examples").glob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        if record.get("error"):
            cases.append(pytest.param(record["error"]["type"], record["error"]["message"], id=path.stem))
    return cases


def recorded_warnings():
    seen = {}
    for path in sorted((DATA / "oracle").glob("*.json")) + sorted((DATA / "examples").glob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(record, dict):
            for warning in record.get("warnings") or []:
                seen.setdefault(warning["message"][:60], pytest.param(
                    warning["category"], warning["message"], id=f"{path.stem}-{len(seen)}"))
    return list(seen.values())


def fix_text(e: Explanation) -> str:
    return e.fix + "\n" + e.example


@pytest.mark.parametrize("error_type, message", recorded_cases())
def test_every_recorded_error_is_explained(request, error_type, message):
    case = request.node.callspec.id
    explanation = explain(error_type, message)
    if case in UNEXPLAINED:
        assert explanation is None
        return
    assert explanation is not None, f"no explanation for {error_type}: {message}"
    assert explanation.title and explanation.text and explanation.fix


def test_the_unexplained_list_is_still_needed():
    ids = {p.id for p in recorded_cases()}
    assert UNEXPLAINED <= ids


@pytest.mark.parametrize("category, message", recorded_warnings())
def test_every_recorded_warning_is_explained(category, message):
    assert explain(category, message) is not None


# (error type, message, rule key, words the fix must mention)
FIX_KEYWORDS = [
    ("RuntimeError", "Trying to backward through the graph a second time (or directly access saved tensors "
     "after they have already been freed).", "backward_twice", ["retain_graph=True"]),
    ("RuntimeError", "grad can be implicitly created only for scalar outputs", "implicit_grad_for_scalar_only",
     ["gradient=", ".sum()"]),
    ("RuntimeError", "element 0 of tensors does not require grad and does not have a grad_fn", "no_grad_fn",
     ["requires_grad=True", "no_grad", "detach"]),
    ("RuntimeError", "Only Tensors of floating point and complex dtype can require gradients",
     "integer_requires_grad", ["dtype=torch.float32", "1."]),
    ("RuntimeError", "only Tensors of floating point dtype can require gradients", "integer_requires_grad",
     ["float"]),
    ("RuntimeError", "a leaf Variable that requires grad is being used in an in-place operation.",
     "leaf_inplace", ["torch.no_grad()", "y = x + 1"]),
    ("RuntimeError", "a view of a leaf Variable that requires grad is being used in an in-place operation.",
     "view_of_leaf_inplace", ["clone()"]),
    ("RuntimeError", "one of the variables needed for gradient computation has been modified by an inplace "
     "operation: [torch.FloatTensor [2]], which is output 0 of Mul, is at version 1; expected version 0 "
     "instead.", "modified_by_inplace", ["clone()", "y = y * 2"]),
    ("RuntimeError", "Mismatch in shape: grad_output[0] has a shape of torch.Size([3]) and output[0] has a "
     "shape of torch.Size([2]).", "grad_output_shape", ["ones_like(out)"]),
    ("RuntimeError", "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)", "matmul_shapes", [".T", "shape"]),
    ("RuntimeError", "mat2 must be a matrix", "matmul_dims", ["matmul"]),
    ("RuntimeError", "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1",
     "broadcast", ["unsqueeze"]),
    ("RuntimeError", "shape '[4]' is invalid for input of size 6", "view_numel", ["-1"]),
    ("RuntimeError", "view size is not compatible with input tensor's size and stride (at least one dimension "
     "spans across two contiguous subspaces). Use .reshape(...) instead.", "view_stride", ["reshape"]),
    ("RuntimeError", "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.",
     "numpy_requires_grad", ["detach().numpy()"]),
    ("RuntimeError", "a Tensor with 3 elements cannot be converted to Scalar", "item_many_elements",
     [".sum().item()"]),
    ("ValueError", "only one element tensors can be converted to Python scalars", "item_many_elements",
     ["tolist()"]),
    ("RuntimeError", "you can only change requires_grad flags of leaf variables.", "requires_grad_nonleaf",
     ["detach()"]),
    ("RuntimeError", "hook 'shrink' has changed the size of value", "hook_changed_size", ["None", "same shape"]),
    ("IndexError", "index 3 is out of bounds for dimension 0 with size 3", "index_out_of_range", ["x.shape"]),
    ("RuntimeError", "attempting to assign a gradient of size '[3]' to a tensor of size '[2]'. Please ensure "
     "that the gradient and the tensor are the same size", "grad_assign_size", ["x.grad = None", "zero_()"]),
    ("RuntimeError", "The differentiated Tensor at index 1 appears to not have been used in the graph. Set "
     "allow_unused=True if this is the desired behavior.", "unused_input", ["allow_unused=True"]),
    ("UserWarning", "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
     "attribute won't be populated during autograd.backward().", "nonleaf_grad_warning", ["retain_grad()"]),
    ("LimitExceeded", "the program went past the limit of 100,000 iterations of one loop. If this is intended, "
     "raise the limit (option --max-loop-iterations, or Settings > Limits in the app).", "limit", ["limit"]),
    ("ProgramRejected", "'import os' is not available; programs can import torch, torch.nn.functional, "
     "torch.autograd, copy and math", "rejected", ["available"]),
    ("NameError", "name 'y' is not defined", "name_not_defined", ["before"]),
    ("ProgramRejected", "name 'np' is not defined; only torch, copy and math can be imported",
     "name_not_defined", ["import torch"]),
    ("SyntaxError", "'(' was never closed", "syntax", ["bracket"]),
    ("RuntimeError", "linalg.det: A must be batches of square matrices, but they are 2 by 3 matrices",
     "linalg_square", ["shape", "A[:, :2]", "svdvals"]),
    ("RuntimeError", "linalg.inv: A must be batches of square matrices, but they are 3 by 2 matrices",
     "linalg_square", ["shape"]),
    ("RuntimeError", "linalg.svd: The input tensor A must have at least 2 dimensions.", "linalg_matrix_dims",
     ["unsqueeze"]),
    ("RuntimeError", "linalg.svd: input should have at least 2 dimensions, but has 1 dimensions instead",
     "linalg_matrix_dims", ["unsqueeze"]),
    ("_LinAlgError", "linalg.inv: The diagonal element 2 is zero, the inversion could not be completed because the "
     "input matrix is singular.", "linalg_singular", ["torch.linalg.det", "identity", "torch.eye"]),
]


@pytest.mark.parametrize("error_type, message, key, keywords", FIX_KEYWORDS,
                         ids=[f"{row[2]}-{i}" for i, row in enumerate(FIX_KEYWORDS)])
def test_explanation_names_the_usual_fix(error_type, message, key, keywords):
    explanation = explain(error_type, message)
    assert explanation is not None and explanation.key == key
    for word in keywords:
        assert word in fix_text(explanation), f"{key}: the fix should mention {word!r}"


def test_unknown_errors_have_no_explanation():
    assert explain("ValueError", "bad gradient seen in hook") is None
    assert explain("RuntimeError", "something nobody has seen before") is None
    assert explain("", "") is None


def test_a_rule_for_one_type_does_not_catch_another():
    # SyntaxError's rule matches any message, but only for SyntaxError.
    assert explain("RuntimeError", "'(' was never closed") is None
    # The non-leaf warning is a warning, not an error.
    assert explain("RuntimeError", "The .grad attribute of a Tensor that is not a leaf Tensor") is None


def test_rule_keys_are_unique():
    keys = [rule.key for rule in RULES]
    assert len(keys) == len(set(keys))


def test_texts_are_translation_keys_without_placeholders():
    texts = translatable_texts()
    assert len(texts) == 3 * len(RULES)
    for text in texts:
        assert text == text.strip() and text
        assert not re.search(r"\{\w*\}|%\d", text), text


def test_every_text_is_marked_for_the_extractor():
    source = (Path(__file__).resolve().parents[2] / "core" / "explain.py").read_text(encoding="utf-8")
    marked = re.findall(r'_T\(((?:\s*"(?:[^"\\]|\\.)*")+)\s*\)', source)
    extracted = {"".join(re.findall(r'"((?:[^"\\]|\\.)*)"', group)) for group in marked}
    assert set(translatable_texts()) <= extracted
