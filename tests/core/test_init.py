"""nn.init, the in-place random fills and dropout draw PyTorch 2.13's numbers bit for bit.

``tests/data/random_numbers/init_draws.json`` holds what real PyTorch drew for
:func:`draws` (``python -m tests.core.test_init`` re-records it); the tests
compare core.torch with it number by number, and with live PyTorch when it is
installed.  The float32 arithmetic the draws rest on (an exact FMA, the
vectorised log/sin/cos of PyTorch's normal kernel) is tested on its own too.
"""
from __future__ import annotations

import json
import math
import warnings
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import core.torch
from core.torch.nn import functional as cF, init as cinit
from core.torch.random import _log8, _sincos8, fma32
from tests.recorded_programs import HAS_TORCH

DATA = Path(__file__).resolve().parents[1] / "data" / "random_numbers" / "init_draws.json"


def draws(torch, init, F):
    """Every initialiser and random fill once, after manual_seed: name -> (dtype, flat values)."""
    out = {}

    def keep(name, t):
        out[name] = (str(t.dtype), t.detach().reshape(-1).tolist())

    torch.manual_seed(1234)
    keep("kaiming_uniform_linear", init.kaiming_uniform_(torch.empty(7, 5), a=math.sqrt(5)))
    keep("kaiming_uniform_conv", init.kaiming_uniform_(torch.empty(4, 3, 3, 3), mode="fan_out",
                                                       nonlinearity="relu"))
    keep("kaiming_normal", init.kaiming_normal_(torch.empty(33, 9), a=0.1, nonlinearity="leaky_relu"))
    keep("xavier_uniform", init.xavier_uniform_(torch.empty(6, 10), gain=2.0))
    keep("xavier_normal", init.xavier_normal_(torch.empty(3, 4)))
    keep("normal_small", init.normal_(torch.empty(9), 0.5, 2.0))
    keep("normal_blocks", init.normal_(torch.empty(1001), -1.0, 0.02))
    keep("normal_f64", init.normal_(torch.empty(77, dtype=torch.float64), 3.0, 0.5))
    keep("uniform_f64", init.uniform_(torch.empty(21, dtype=torch.float64), -0.7, 0.3))
    keep("trunc_normal_resample", init.trunc_normal_(torch.empty(300), std=1.0, a=-0.3, b=0.6))
    keep("trunc_normal_vit", init.trunc_normal_(torch.empty(64), std=0.02))
    keep("trunc_normal_tail", init.trunc_normal_(torch.empty(40), mean=0.0, std=1.0, a=1.5, b=4.0))
    keep("bernoulli_", torch.empty(50).bernoulli_(0.37))
    keep("bernoulli_probs", torch.bernoulli(torch.tensor([0.0, 0.1, 0.25, 0.5, 0.5, 0.75, 0.9, 1.0])))
    keep("exponential_", torch.empty(30).exponential_(1.5))
    keep("random_to", torch.empty(25, dtype=torch.int64).random_(-3, 1000))
    keep("random_full_f32", torch.empty(6).random_())
    keep("random_full_i64", torch.empty(4, dtype=torch.int64).random_())
    keep("dropout", F.dropout(torch.ones(40), 0.3))
    keep("dropout2d", F.dropout2d(torch.ones(3, 5, 2, 2), 0.6))
    keep("dropout_f64", F.dropout(torch.ones(20, dtype=torch.float64), 0.5))
    keep("randn_after", torch.randn(5))
    return out


@pytest.fixture(scope="module")
def recorded():
    return json.loads(DATA.read_text())


@pytest.fixture(scope="module")
def ours():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return draws(core.torch, cinit, cF)


def test_every_recorded_draw_is_reproduced(recorded, ours):
    assert set(ours) == set(recorded)
    for name, (dtype, values) in recorded.items():
        assert ours[name][0] == dtype, name
        assert ours[name][1] == values, name


@pytest.mark.skipif(not HAS_TORCH, reason="compared with the recording when torch is not installed")
def test_the_recording_is_what_pytorch_draws_now(recorded):
    import torch
    import torch.nn.functional as F
    assert draws(torch, torch.nn.init, F) == {k: tuple(v) for k, v in recorded.items()}


def _round_to_float32(x: Fraction) -> np.float32:
    """``x`` rounded to the nearest float32 (ties to even), exactly."""
    r = np.float32(float(x))
    best = None
    for c in (np.nextafter(r, np.float32(-np.inf)), r, np.nextafter(r, np.float32(np.inf))):
        d = abs(Fraction(float(c)) - x)
        key = (d, int(np.array(c).view(np.int32)) & 1)
        if best is None or key < best[0]:
            best = (key, c)
    return best[1]


def test_fma32_rounds_once():
    rng = np.random.default_rng(5)
    a = rng.standard_normal(3000).astype(np.float32)
    b = rng.standard_normal(3000).astype(np.float32)
    c = (rng.standard_normal(3000) * 10.0 ** rng.integers(-9, 3, 3000)).astype(np.float32)
    # cases whose exact value sits just below a float32 halfway point that float64 rounds onto
    # (a b = 2^(k-24) (1 - 2^-46), c = 2^k (1 + 2^-23)): rounding twice goes up, once goes down
    k = rng.integers(-30, 30, 500)
    sign = rng.choice([-1.0, 1.0], 500)
    a[:500] = (sign * 2.0 ** (k - 12) * (1 + 2 ** -23)).astype(np.float32)
    b[:500] = np.float32(2.0 ** -12 * (1 - 2 ** -23))
    c[:500] = (sign * 2.0 ** k * (1 + 2 ** -23)).astype(np.float32)
    naive = (a.astype(np.float64) * b + c).astype(np.float32)
    got = fma32(a, b, c)
    exact = [_round_to_float32(Fraction(float(x)) * Fraction(float(y)) + Fraction(float(z)))
             for x, y, z in zip(a, b, c)]
    assert np.array_equal(got, np.array(exact, dtype=np.float32))
    assert not np.array_equal(naive[:500], got[:500])   # (the cases do test the single rounding)


def test_vectorised_log_and_sincos_are_close_to_the_true_functions():
    x = np.linspace(1e-6, 1, 10001, dtype=np.float32)
    assert np.max(np.abs(_log8(x) - np.log(x.astype(np.float64))) / np.abs(np.log(x.astype(np.float64)) + 1e-30)) \
        < 1e-6
    t = np.linspace(0, 2 * np.pi, 10001, dtype=np.float32)
    s, c = _sincos8(t)
    assert np.max(np.abs(s - np.sin(t.astype(np.float64)))) < 3e-7
    assert np.max(np.abs(c - np.cos(t.astype(np.float64)))) < 3e-7


def test_initialisers_work_without_grad_and_bump_the_version():
    torch = core.torch
    w = torch.nn.Parameter(torch.empty(3, 4))
    before = w._version
    cinit.xavier_uniform_(w)
    assert w.grad_fn is None and w.requires_grad and w._version == before + 1
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad"):
        w.uniform_()


def test_fan_and_gain_errors_are_pytorchs():
    torch = core.torch
    with pytest.raises(ValueError, match="Fan in and fan out can not be computed"):
        cinit.kaiming_uniform_(torch.empty(3))
    with pytest.raises(ValueError, match=r"Mode fan_avg not supported, please use one of \['fan_in', 'fan_out'\]"):
        cinit.kaiming_normal_(torch.empty(3, 3), mode="fan_avg")
    with pytest.raises(ValueError, match="Unsupported nonlinearity gelu"):
        cinit.calculate_gain("gelu")
    assert cinit._calculate_fan_in_and_fan_out(torch.empty(4, 3, 5, 2)) == (30, 40)


def test_orthogonal_is_orthogonal_and_near_pytorchs():
    torch = core.torch
    torch.manual_seed(3)
    q = cinit.orthogonal_(torch.empty(4, 7), gain=2.0).numpy()
    assert np.allclose(q @ q.T, 4 * np.eye(4), atol=1e-5)
    if HAS_TORCH:
        import torch as real
        real.manual_seed(3)
        theirs = real.nn.init.orthogonal_(real.empty(4, 7), gain=2.0).numpy()
        assert np.allclose(q, theirs, atol=1e-6)


def test_dropout_graph_and_edge_cases():
    torch = core.torch
    x = torch.ones(4, requires_grad=True)
    assert cF.dropout(x, 0.0) is x and cF.dropout(x, 0.5, training=False) is x
    y = cF.dropout(x, 1.0)
    assert y.grad_fn.name() == "MulBackward0" and y.tolist() == [0.0] * 4
    with pytest.raises(ValueError, match="dropout probability has to be between 0 and 1, but got 1.5"):
        cF.dropout(x, 1.5)


if __name__ == "__main__":
    import torch
    import torch.nn.functional as F
    assert torch.__version__.split("+")[0] == "2.13.0", torch.__version__
    DATA.write_text(json.dumps(draws(torch, torch.nn.init, F)))
    print("recorded", DATA)
