"""The numpy subset programs get: numpy's own numbers and printing, sizes checked first."""
import numpy as np
import pytest

from core.interp.limits import Budget, LimitExceeded, Limits
from core.interp.numpy_subset import members_numpy
from core.interp.safe_builtins import Guard


@pytest.fixture
def subset():
    limits = Limits()
    return members_numpy(Guard(limits, Budget(limits)))


def test_np_random_gives_numpys_own_numbers_for_a_seed(subset):
    _, random, _ = subset
    random["seed"](1)
    got = (random["rand"](3), random["randn"](2, 2), random["randint"](0, 10, size=5), random["normal"](size=3),
           random["permutation"](6), random["choice"](10, size=3))
    np.random.seed(1)
    want = (np.random.rand(3), np.random.randn(2, 2), np.random.randint(0, 10, size=5), np.random.normal(size=3),
            np.random.permutation(6), np.random.choice(10, size=3))
    for g, w in zip(got, want):
        assert np.array_equal(g, w)


def test_each_run_starts_seeded_0(subset):
    a = subset[1]["rand"](4)
    limits = Limits()
    b = members_numpy(Guard(limits, Budget(limits)))[1]["rand"](4)
    assert np.array_equal(a, b) and np.array_equal(a, np.random.RandomState(0).rand(4))


@pytest.mark.parametrize("call", [
    lambda np_, r: np_["zeros"]((100000, 100000)),
    lambda np_, r: np_["arange"](0, 1, 1e-12),
    lambda np_, r: np_["linspace"](0, 1, 10 ** 9),
    lambda np_, r: np_["outer"](np_["arange"](200000), np_["arange"](200000)),
    lambda np_, r: np_["tile"](np_["ones"](10), (10 ** 5, 10 ** 3)),
    lambda np_, r: r["rand"](100000, 100000),
    lambda np_, r: r["normal"](size=(10 ** 5, 10 ** 5)),
    lambda np_, r: np_["meshgrid"](np_["arange"](200000), np_["arange"](200000)),
])
def test_sizes_are_checked_before_numpy_allocates(subset, call):
    np_, random, _ = subset
    with pytest.raises(LimitExceeded):
        call(np_, random)


def test_meshgrid_is_numpys(subset):
    # Dive-into-DL 7.2 lays out its contour grid with np.meshgrid
    np_, _, _ = subset
    got = np_["meshgrid"](np_["arange"](-5.5, 1.0, 0.1), np_["arange"](-3.0, 1.0, 0.1))
    want = np.meshgrid(np.arange(-5.5, 1.0, 0.1), np.arange(-3.0, 1.0, 0.1))
    assert len(got) == 2 and all(np.array_equal(g, w) for g, w in zip(got, want))
    sparse = np_["meshgrid"](np_["arange"](3), np_["arange"](4), sparse=True, indexing="ij")
    assert [a.shape for a in sparse] == [(3, 1), (1, 4)]


def test_no_array_of_python_objects_comes_back(subset):
    np_ = subset[0]
    with pytest.raises(TypeError, match="Python objects"):
        np_["array"]([1, "a", None])
    with pytest.raises(TypeError, match="Python objects"):
        np_["full"](3, None, dtype=object)


def test_nothing_that_reaches_files_or_memory_is_offered(subset):
    np_, random, linalg = subset
    offered = set(np_) | set(random) | set(linalg)
    assert not offered & {"save", "load", "savez", "savetxt", "loadtxt", "fromfile", "tofile", "memmap", "frombuffer",
                          "ctypes", "lib", "vectorize", "frompyfunc", "apply_along_axis", "ndarray", "set_printoptions",
                          "get_state", "set_state"}
