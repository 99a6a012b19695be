"""torch.arange of floats, bit for bit: PyTorch's kernel (two vectors of lanes at a time, each lane a fused
multiply-add from the vector's rounded start; the tail element by element) on ranges where the engine's former
float64 formula printed other last digits (tests/data/corpus/zerotomastery_01_*: torch.arange(0, 1, 0.02)).
Expected: a digest of PyTorch 2.13.0's result bytes (one thread, as the recorder runs), re-checked live when
torch is installed."""
import hashlib
import subprocess
import sys

import numpy as np
import pytest

from core.torch import creation

CASES = [
    ((0, 1, 0.02), 'float32', 'ec7ed108be10e451'),
    ((0, 1, 0.02), 'float64', 'e409ad72b038e9b0'),
    ((-8.0, 8.0, 0.1), 'float32', '76a66724c081c4f1'),
    ((-8.0, 8.0, 0.1), 'float64', '90ea99b99837b41b'),
    ((0, 1, 0.01), 'float32', '68d6ea1f663d4f08'),
    ((0, 1, 0.01), 'float64', '2b783422da57522f'),
    ((-10, 10, 0.1), 'float32', '754493daef877e36'),
    ((-10, 10, 0.1), 'float64', '4de13ea0446c8b9b'),
    ((0, 10, 0.3), 'float32', '34977cc84b1b9932'),
    ((0, 10, 0.3), 'float64', 'aeb390903e34e0c6'),
    ((1, 4, 0.5), 'float32', '0cf16f8de78315c1'),
    ((1, 4, 0.5), 'float64', '55958ef18c18b270'),
    ((0, 3000, 0.7), 'float32', 'f20e6d57796bce72'),
    ((0, 3000, 0.7), 'float64', '2ec08fcc1aa5f432'),
    ((-17.6, -22.798900000000003, -0.1061), 'float32', '7b396809a9ab7ff0'),
    ((-17.6, -22.798900000000003, -0.1061), 'float64', 'aa467f4b6a682a39'),
    ((-13.0, -10.77, 0.01), 'float32', 'b49e20b7d828482c'),
    ((-13.0, -10.77, 0.01), 'float64', '6fe81c08643db399'),
    ((-8.2, -7.049999999999999, 0.01), 'float32', '8aacb14c8eeca8e7'),
    ((-8.2, -7.049999999999999, 0.01), 'float64', '84270d551ec37a43'),
    ((13.0626, 86.98528, 2.84318), 'float32', '6023e5bd84cfda10'),
    ((13.0626, 86.98528, 2.84318), 'float64', '48b29e18b4e0f9e7'),
    ((48.0, 171.61255999999997, 1.67044), 'float32', '101300f0ecc51fbe'),
    ((48.0, 171.61255999999997, 1.67044), 'float64', 'c2212bcbb40393b0'),
    ((4.0686, 19.9686, 0.3), 'float32', 'f43f2eae229bc539'),
    ((4.0686, 19.9686, 0.3), 'float64', 'a05ed4b581c61e35'),
    ((8.16002, 11.05002, 0.01), 'float32', '727ad34125d3cff9'),
    ((8.16002, 11.05002, 0.01), 'float64', '44b0dd5eb48d5b79'),
    ((-44.0, -32.05, 0.05), 'float32', '5c792cafe95ca83a'),
    ((-44.0, -32.05, 0.05), 'float64', 'f157f386430cfc29'),
    ((8.556, 46.056, 0.3), 'float32', '956912dac933a468'),
    ((8.556, 46.056, 0.3), 'float64', '163f86df112b9cb6'),
    ((-41.81, -56.61, -0.1), 'float32', '15454be5b51a2629'),
    ((-41.81, -56.61, -0.1), 'float64', '0fde63a8b28c2a7b'),
    ((11.0, 14.9, 0.05), 'float32', '390f2987c8c170c6'),
    ((11.0, 14.9, 0.05), 'float64', '72a0e2f6034561d3'),
    ((43.327, -350.54479999999995, -1.3397), 'float32', 'd33117cdcdafa042'),
    ((43.327, -350.54479999999995, -1.3397), 'float64', '2780fa741e9f93a6'),
    ((28.909417, -0.7905830000000016, -0.1), 'float32', 'ac452ea622990b46'),
    ((28.909417, -0.7905830000000016, -0.1), 'float64', 'b15aa3fd7ea3607c'),
    ((30.0, 26.6, -0.1), 'float32', 'f86a1771d85d4edf'),
    ((30.0, 26.6, -0.1), 'float64', 'db7df55e0bde6d19'),
    ((-43.93306, -58.53306, -0.1), 'float32', '74b2f3f13209b475'),
    ((-43.93306, -58.53306, -0.1), 'float64', 'ab03ef6f568dd4b1'),
    ((21.66278, 26.012780000000003, 0.05), 'float32', '504e9f0c912d417a'),
    ((21.66278, 26.012780000000003, 0.05), 'float64', '0a7a789cd05bfdad'),
    ((11.092, 49.192, 0.3), 'float32', '21907a78bdabe1af'),
    ((11.092, 49.192, 0.3), 'float64', 'fe5611699050bf17'),
    ((-10.210232, 409.97540799999996, 1.49002), 'float32', 'fb6d5e3d6cee9dd3'),
    ((-10.210232, 409.97540799999996, 1.49002), 'float64', '40378dbde7c0f6b5'),
    ((-22.2, 212.10000000000002, 1.1), 'float32', '2b5ca2386f49a7d0'),
    ((-22.2, 212.10000000000002, 1.1), 'float64', 'aca201db08e4bcab'),
    ((48.64671, 61.54671, 0.3), 'float32', 'ba141202dcc73faa'),
    ((48.64671, 61.54671, 0.3), 'float64', 'af226e9b51dce514'),
    ((-32.4, 8.100000000000001, 0.3), 'float32', 'b08707e38ac57d63'),
    ((-32.4, 8.100000000000001, 0.3), 'float64', '858430650a4681e1'),
    ((-21.8, -18.55, 0.05), 'float32', '80be4375e142973f'),
    ((-21.8, -18.55, 0.05), 'float64', 'c3ff4f61ac483b42'),
    ((19.0494, 42.4494, 0.1), 'float32', '62fe11a74f9c1f6a'),
    ((19.0494, 42.4494, 0.1), 'float64', '10eab27ef598d8ae'),
    ((39.953301, -234.27099900000002, -1.3643), 'float32', '13f38fb74b056153'),
    ((39.953301, -234.27099900000002, -1.3643), 'float64', '084d503d219f02c3'),
    ((-10.193, -0.3929999999999989, 0.1), 'float32', '95b683317ddb928d'),
    ((-10.193, -0.3929999999999989, 0.1), 'float64', '360a2d630327543a'),
    ((-43.3, -38.0, 0.1), 'float32', '0645a1699b9f82a3'),
    ((-43.3, -38.0, 0.1), 'float64', 'fb1031738fd613fa'),
    ((-50.0, -46.3, 0.1), 'float32', 'c549568d6833275d'),
    ((-50.0, -46.3, 0.1), 'float64', '9c29c8b6df0c8e29'),
    ((37.4332, 46.7832, 0.05), 'float32', '93756ab5f027ba56'),
    ((37.4332, 46.7832, 0.05), 'float64', '1b62d03ed930126f'),
    ((-3.0, -27.6, -0.1), 'float32', 'b1b6b4428fe39923'),
    ((-3.0, -27.6, -0.1), 'float64', '72ae3a3ae9af3b55'),
    ((-2.0, 268.6, 1.1), 'float32', '7493d19565d86615'),
    ((-2.0, 268.6, 1.1), 'float64', '46d1647670284406'),
    ((32.9, -44.9224, -0.4184), 'float32', '08e96ed2e09074ad'),
    ((32.9, -44.9224, -0.4184), 'float64', '551b3b262c7a6519'),
    ((-35.3397, 16.360300000000002, 1.1), 'float32', '0279b79ce7b8a807'),
    ((-35.3397, 16.360300000000002, 1.1), 'float64', '4d7c44993ead9cd3'),
    ((19.62, 25.37, 0.05), 'float32', 'bdd168efcd8fb764'),
    ((19.62, 25.37, 0.05), 'float64', 'f1e53a4341fb1150'),
]


@pytest.mark.parametrize("args, dtype, digest", CASES)
def test_arange_is_pytorchs_bit_for_bit(args, dtype, digest):
    from core import dtypes
    t = creation.arange(*args, dtype=getattr(dtypes, dtype))
    assert hashlib.sha256(np.ascontiguousarray(t._data).tobytes()).hexdigest()[:16] == digest


def test_the_digests_are_pytorchs():
    pytest.importorskip("torch")
    script = ("import hashlib, sys, torch\ntorch.set_num_threads(1)\n"
              f"for args, dtype, _ in {CASES!r}:\n"
              "    t = torch.arange(*args, dtype=getattr(torch, dtype))\n"
              "    print(hashlib.sha256(t.numpy().tobytes()).hexdigest()[:16])\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.split() == [digest for _, _, digest in CASES]
