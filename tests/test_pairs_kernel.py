"""The compiled pair-counting kernel against the numpy kernel and scipy."""

import numpy as np
import pytest
from scipy import stats

import rankmeasures as rm
from rankmeasures._concordance.counts import _pair_counts_numpy
from rankmeasures._kernels import pairs as _pairs_kernel

pytestmark = pytest.mark.skipif(not _pairs_kernel.available(), reason="numba not installed")


def _counts(x, y):
    d, tx, ty, txy = _pairs_kernel.pair_counts_sorted(np.asarray(x, float),
                                                      np.asarray(y, float))
    return d, tx, ty, txy


@pytest.mark.parametrize("n", [1, 2, 3, 15, 16, 17, 33, 100, 1000, 5000])
def test_compiled_counts_equal_the_numpy_kernel(n):
    rng = np.random.default_rng(n)
    for levels in (2, 5, 50, 10**9):  # heavy ties .. none
        x = rng.integers(0, levels, n).astype(float)
        y = rng.integers(0, levels, n).astype(float)
        ref = _pair_counts_numpy(x, y)
        assert _counts(x, y) == (ref.discordant, ref.ties_x, ref.ties_y, ref.ties_xy)


def test_compiled_counts_by_hand():
    assert _counts([], []) == (0, 0, 0, 0)
    # x = (1, 2, 3, 4), y = (4, 3, 2, 1): every pair discordant
    assert _counts([1, 2, 3, 4], [4, 3, 2, 1]) == (6, 0, 0, 0)
    # a long tie run in x with y reversed inside it:
    # no pair inside the run is discordant; all 40*39/2 pairs tie in x
    x = np.zeros(40)
    y = np.arange(40.0)[::-1].copy()
    assert _counts(x, y) == (0, 780, 0, 0)
    # ties in both: (1,1), (1,1), (2,0): pairs (0,1) tie in both; (0,2), (1,2) discordant
    assert _counts([1, 1, 2], [1, 1, 0]) == (2, 1, 1, 1)


def test_large_inputs_take_the_compiled_path_and_agree_with_scipy():
    rng = np.random.default_rng(7)
    x = np.round(rng.random(200_000), 3)
    y = np.round(x + rng.random(200_000), 3)
    assert rm.kendall_tau(x, y) == pytest.approx(stats.kendalltau(x, y).statistic,
                                                 rel=1e-12, abs=1e-12)
    g = rng.integers(0, 5, 200_000).astype(float)
    assert rm.kendall_tau(g, y) == pytest.approx(stats.kendalltau(g, y).statistic,
                                                 rel=1e-12, abs=1e-12)
    pc = rm.pair_counts(x, y)
    ref = _pair_counts_numpy(x, y)
    assert pc == ref


def _sort_kernel():
    from rankmeasures._kernels import jit as _jit

    return _jit.load("sort_numba")


def test_radix_sort_is_numpys_stable_argsort():
    # negative values, -0.0 beside 0.0 (equal, so input order decides), subnormals, huge
    # magnitudes, integers stored as floats and many ties
    rng = np.random.default_rng(3)
    special = np.array([-0.0, 0.0, -0.0, 5e-324, -5e-324, 1e308, -1e308, 1.0, -1.0, 0.5])
    cases = [np.empty(0), np.array([2.0]), special,
             rng.integers(-3, 4, 5000).astype(float),
             np.round(rng.normal(size=20_000), 2),
             rng.normal(size=20_000) * 10.0 ** rng.integers(-300, 300, 20_000)]
    for x in cases:
        idx = np.arange(x.size, dtype=np.int32)
        keys, order = _sort_kernel().radix_sort(x, idx)
        np.testing.assert_array_equal(order, np.argsort(x, kind="stable"))
        # the keys are ordered as the values, and equal exactly where the values are
        assert np.all(np.diff(keys.astype(object)) >= 0) if x.size else True
        srt = x[order]
        np.testing.assert_array_equal(keys[1:] == keys[:-1], srt[1:] == srt[:-1])


def test_radix_sort_carries_any_payload():
    x = np.array([3.0, 1.0, 2.0, 1.0])
    _, carried = _sort_kernel().radix_sort(x, np.array([30.5, 10.5, 20.5, 11.5]))
    np.testing.assert_array_equal(carried, [10.5, 11.5, 20.5, 30.5])


@pytest.mark.parametrize("radix", [False, True])
@pytest.mark.parametrize("table", [0, 16])
def test_every_path_counts_as_the_numpy_kernel(monkeypatch, radix, table):
    # the radix sort (from _RADIX_FROM items), the counts table (up to _TABLE_UP_TO
    # distinct values in the tree's vector) and the Fenwick tree, either vector walked
    monkeypatch.setattr(_pairs_kernel, "_RADIX_FROM", 0 if radix else 1 << 40)
    monkeypatch.setattr(_pairs_kernel, "_TABLE_UP_TO", table)
    rng = np.random.default_rng(11)
    for n in (1, 2, 7, 300, 5000):
        for lx, ly in ((1, 5), (5, 1), (2, 7), (7, 2), (40, 10**6), (10**6, 40), (10**6, 10**6)):
            x = rng.integers(-lx // 2, lx - lx // 2, n).astype(float)
            y = rng.integers(0, ly, n).astype(float)
            ref = _pair_counts_numpy(x, y)
            assert _counts(x, y) == (ref.discordant, ref.ties_x, ref.ties_y, ref.ties_xy)


def test_counts_table_equals_the_fenwick_tree():
    from rankmeasures._kernels import jit as _jit

    kernel = _jit.load("pairs_numba")
    rng = np.random.default_rng(5)
    for m in (1, 2, 5, 16):
        xs = np.sort(rng.integers(0, 30, 4000)).astype(float)
        r = rng.integers(0, m, 4000).astype(np.int32)
        assert kernel.counts_pass(xs, r, m) == kernel.fenwick_pass(xs, r, m)
