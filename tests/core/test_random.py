"""PyTorch's random numbers after manual_seed, as torch 2.13 gives them.

The programs in tests/data/random_numbers are the project's own; what real
PyTorch printed is in their ``.out`` files (``python tests/core/test_random.py``
re-records them), compared again live when torch is installed.  Exactness is
checked number by number against torch itself where it is installed.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import core.torch
from tests.recorded_programs import HAS_TORCH, programs, record, run_ours, run_torch

DATA = Path(__file__).resolve().parents[1] / "data" / "random_numbers"
PROGRAMS = programs(DATA)


@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: p.stem)
def test_seeded_programs_print_what_pytorch_printed(path):
    assert run_ours(path) == path.with_suffix(".out").read_text()


@pytest.mark.skipif(not HAS_TORCH, reason="compared with the recording above when torch is not installed")
@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: p.stem)
def test_the_recording_is_what_pytorch_prints_now(path):
    assert run_torch(path) == path.with_suffix(".out").read_text()


def _draws(torch, seed):
    torch.manual_seed(seed)
    return [torch.rand(50).numpy(), torch.randn(7).numpy(), torch.randn(9).numpy(),
            torch.randn(40, dtype=torch.float64).numpy(), torch.rand(33, dtype=torch.float64).numpy(),
            torch.randint(-5, 2 ** 40, (20,)).numpy(), torch.randperm(50).numpy()]


@pytest.mark.skipif(not HAS_TORCH, reason="needs real torch to compare number by number")
@pytest.mark.parametrize("seed", [0, 1, 1234, 2 ** 40 + 7])
def test_every_number_is_pytorchs(seed):
    import torch
    for ours, theirs in zip(_draws(core.torch, seed), _draws(torch, seed)):
        assert ours.dtype == theirs.dtype and np.array_equal(ours, theirs)


@pytest.mark.skipif(not HAS_TORCH, reason="needs real torch to compare number by number")
@pytest.mark.parametrize("seed", [3, 77])
def test_float32_normals_in_blocks_are_pytorchs_bit_for_bit(seed):
    # PyTorch's vectorised kernel (avx_mathfun's log and sincos, with FMAs), mean and std fused too
    import torch
    for mean, std in ((0.0, 1.0), (0.5, 0.01), (-2.0, 3.0)):
        core.torch.manual_seed(seed)
        torch.manual_seed(seed)
        ours = core.torch.empty(4099).normal_(mean, std).numpy()
        theirs = torch.empty(4099).normal_(mean, std).numpy()
        assert np.array_equal(ours, theirs)


def test_manual_seed_starts_the_same_stream_again():
    torch = core.torch
    torch.manual_seed(5)
    a = torch.randn(3)
    torch.manual_seed(5)
    assert np.array_equal(a.numpy(), torch.randn(3).numpy())


if __name__ == "__main__":
    record(DATA)
