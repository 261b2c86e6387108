"""The compiled pair-counting kernel against the numpy kernel and scipy (issue 14)."""

import numpy as np
import pytest
from scipy import stats

import rankmeasures as rm
from rankmeasures import _pairs_kernel
from rankmeasures.concordance import _pair_counts_numpy

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
