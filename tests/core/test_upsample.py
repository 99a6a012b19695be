"""F.interpolate's ops against real PyTorch, case by case: random sizes, scale factors and align_corners for
every nearest / nearest-exact / linear / bilinear / trilinear op, in float32 and float64, forward and backward
compared bit for bit (the op rows of tests/ops_table.py and tests/data/training_extras/interpolate.py are the
recorded checks; this sweep runs where torch is installed)."""
import numpy as np
import pytest

import core.torch  # noqa: F401  (registers every op)
from core.ops.registry import REGISTRY, apply
from core.tensor.tensor import Tensor


def _cases():
    rng = np.random.default_rng(0)
    cases = []
    for nd, linear in ((1, "upsample_linear1d"), (2, "upsample_bilinear2d"), (3, "upsample_trilinear3d")):
        for _ in range(12):
            ins = tuple(int(v) for v in rng.integers(1, 6, nd))
            if rng.random() < 0.5:
                size, scales = tuple(int(v) for v in rng.integers(1, 11, nd)), None
            else:
                size, scales = None, tuple(float(rng.choice([0.5, 0.7, 1.5, 2.0, 2.5, 3.0])) for _ in range(nd))
            channels = int(rng.choice([1, 3, 4, 9]))
            cases.append((linear, (2, channels) + ins,
                          {"output_size": size, "align_corners": bool(rng.random() < 0.5), "scale_factors": scales}))
            for name in (f"upsample_nearest{nd}d", f"_upsample_nearest_exact{nd}d"):
                cases.append((name, (2, channels) + ins, {"output_size": size, "scale_factors": scales}))
    cases.append(("upsample_bilinear2d", (1, 2, 20, 30), {"output_size": (90, 70), "align_corners": False,
                                                          "scale_factors": None}))   # the generic kernel
    cases.append(("upsample_bilinear2d", (1, 5, 1, 1), {"output_size": (80, 90), "align_corners": True,
                                                        "scale_factors": None}))     # channels-last, 1x1
    return cases


CASES = _cases()


@pytest.mark.parametrize("name, shape, params", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_values_and_gradients_are_pytorchs_bits(name, shape, params, dtype):
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(sum(map(ord, name)) + sum(shape))
    x = (rng.standard_normal(shape) * 3).astype(dtype)
    tx = torch.tensor(x, requires_grad=True)
    fn = getattr(torch._C._nn, name)
    args = (params["output_size"], params["align_corners"], params["scale_factors"]) if "align_corners" in params \
        else (params["output_size"], params["scale_factors"])
    try:
        ty = fn(tx, *args)
    except RuntimeError:     # an empty output: refused by both
        with pytest.raises(RuntimeError, match="Input and output sizes should be greater than 0"):
            apply(REGISTRY[name], (Tensor._make(x),), params)
        return
    g = rng.standard_normal(tuple(ty.shape)).astype(dtype)
    ty.backward(torch.tensor(g))
    ex = Tensor._make(x.copy()).requires_grad_(True)
    ey = apply(REGISTRY[name], (ex,), params)
    ey.backward(Tensor._make(g))
    assert ey.grad_fn.name() == ty.grad_fn.name()
    assert ey._data.dtype == x.dtype
    np.testing.assert_array_equal(ey._data, ty.detach().numpy())
    np.testing.assert_array_equal(ex.grad._data, tx.grad.numpy())
