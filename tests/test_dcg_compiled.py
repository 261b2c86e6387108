"""The compiled DCG/IDCG kernels (rankmeasures._kernels.dcg_numba) against the numpy
path they replace and against scikit-learn's tie-averaged ``ndcg_score``."""

import importlib

import numpy as np
import pytest
from sklearn.metrics import ndcg_score

import rankmeasures as rm
from rankmeasures._kernels import jit as _jit

kernel = _jit.load("dcg_numba")
dcg_module = importlib.import_module("rankmeasures._dcg_paths")  # the fast paths
jit = importlib.import_module("rankmeasures._kernels.jit")
pytestmark = pytest.mark.skipif(kernel is None, reason="numba not installed")


def _weights(m, k):
    w = 1 / np.log2(np.arange(2, m + 2))
    w[k:] = 0.0
    return w


def _topk(g, s, w, k):
    """The compiled pass's DCG@k of float rows (no IDCG, no checks)."""
    return kernel.topk_rows(g, s, w, k, False, *kernel.FLOAT_LIMITS)[0]


def _sorted_reference(g, s, w):
    order = np.argsort(s, axis=1)[:, ::-1]
    return dcg_module._tie_averaged_rows(np.take_along_axis(g, order, axis=1),
                                         np.take_along_axis(s, order, axis=1), w)


@pytest.mark.parametrize("levels", [2, 3, 10, 10**9])  # heavy ties .. none
@pytest.mark.parametrize("k", [1, 2, 5, 10, 25])
def test_topk_rows_equal_the_sorting_path(levels, k):
    rng = np.random.default_rng(levels + k)
    q, m = 300, 100
    g = rng.integers(0, 5, (q, m)).astype(float)
    s = rng.integers(0, levels, (q, m)).astype(float)
    w = _weights(m, k)
    np.testing.assert_allclose(_topk(g, s, w, k), _sorted_reference(g, s, w),
                               rtol=1e-13, atol=1e-13)


def test_topk_rows_by_hand():
    # scores (3, 2, 2, 1), gains (1, 0, 2, 5), k = 2: position 1 holds gain 1; the two
    # items tied at 2 share positions 2..3, of which only position 2 is within k:
    # DCG@2 = 1 * 1 + (0 + 2) * (1/log2(3) + 0) / 2
    g = np.array([[1.0, 0.0, 2.0, 5.0]])
    s = np.array([[3.0, 2.0, 2.0, 1.0]])
    w = np.array([1.0, 1 / np.log2(3), 0.0, 0.0])
    assert _topk(g, s, w, 2)[0] == pytest.approx(1 + 1 / np.log2(3), rel=1e-15)
    # all tied: every item gets the mean of the k weights
    s = np.zeros((1, 4))
    assert _topk(g, s, w, 2)[0] == pytest.approx(
        8 * (1 + 1 / np.log2(3)) / 4, rel=1e-15)


@pytest.mark.parametrize("levels", [2, 50, 10**9])
def test_sorted_rows_equal_the_numpy_path(levels):
    rng = np.random.default_rng(levels)
    q, m = 50, 400
    g = rng.normal(size=(q, m))  # any real gain (dcg_queries allows negative ones)
    s = rng.integers(0, levels, (q, m)).astype(float)
    for k in (m, 37):
        w = _weights(m, k)
        got = kernel.sorted_rows(g, s, np.argsort(s, axis=1), w)
        np.testing.assert_allclose(got, _sorted_reference(g, s, w), rtol=1e-12, atol=1e-12)


def test_ideal_rows_count_integer_gains_and_flag_the_rest():
    rng = np.random.default_rng(3)
    g = rng.integers(0, 7, (40, 300)).astype(float)
    g[5, 17] = 2.5  # a non-integer gain: that row is left to the caller (NaN)
    w = _weights(300, 20)
    got = kernel.ideal_rows(g, w, 7)
    ref = (-np.sort(-g, axis=1) * w).sum(axis=1)
    assert np.isnan(got[5])
    ok = np.arange(40) != 5
    np.testing.assert_allclose(got[ok], ref[ok], rtol=1e-13)


@pytest.mark.parametrize("k", [None, 10])
def test_large_inputs_take_the_compiled_path_and_agree_with_sklearn(k, monkeypatch):
    rng = np.random.default_rng(11)
    q, m = 1000, 100  # 10^5 items: above the compiled threshold
    assert q * m >= jit.DCG_FROM
    y = rng.integers(0, 5, (q, m)).astype(float)
    s = np.round(rng.random((q, m)) + 0.1 * y, 2)
    y[7] = 0  # a query with zero IDCG (both report 0)
    y[8, :50] = 3.5  # a non-integer gain: the IDCG of that row comes from the sort
    got = rm.ndcg_queries(y, s, k=k).values
    ref = ndcg_score(y, s, k=k) * q  # the mean only; compare per row below
    assert got.sum() == pytest.approx(ref, rel=1e-12)
    for row in (0, 7, 8, 500):
        assert got[row] == pytest.approx(ndcg_score(y[row:row + 1], s[row:row + 1], k=k),
                                         rel=1e-12, abs=1e-15)
    # the numpy path (compiled kernels switched off) gives the same values
    monkeypatch.setattr(jit, "DCG_FROM", 10**12)
    np.testing.assert_allclose(rm.ndcg_queries(y, s, k=k).values, got, rtol=1e-12,
                               atol=1e-15)


def test_ideal_rankings_stay_exactly_one_on_the_compiled_path():
    rng = np.random.default_rng(5)
    y = rng.integers(0, 4, (1000, 100)).astype(float)
    for k in (None, 10):
        vals = rm.ndcg_queries(y, y, k=k).values  # scores = labels: ideal up to ties
        assert np.all(vals == 1.0)


def _merged_by_gain(g, s, w, most=16):
    """DCG of one row by the gain-split path: counting pass, numpy sorts, merge."""
    buf, starts, values, ok = kernel.level_buckets(g, s, int(g.max()) + 1, most)
    if not ok:
        return None
    for b in range(values.size):
        buf[starts[b]:starts[b + 1]].sort()
    return kernel.merge_levels(buf, starts, values, w)


@pytest.mark.parametrize("decimals", [0, 1, 3, 12])  # heavy ties .. none
def test_merge_by_gain_is_bitwise_the_sorted_walk(decimals):
    # the same terms in the same order as sorted_rows: not close, identical
    rng = np.random.default_rng(decimals)
    m = 5000
    for gains in (rng.integers(0, 5, m), 2.0 ** rng.integers(0, 5, m) - 1,
                  rng.integers(0, 16, m), np.zeros(m, int), np.full(m, 3)):
        g = gains.astype(float)
        s = np.round(rng.normal(size=m) * 3 + 0.2 * g, decimals)
        s[:7] = -0.0  # -0.0 ties with 0.0
        s[7:9] = 0.0
        for k in (m, 50):
            w = _weights(m, k)
            ref = kernel.sorted_rows(g[None], s[None], np.argsort(s)[None], w)[0]
            assert _merged_by_gain(g, s, w) == ref


def test_merge_by_gain_by_hand():
    # scores (2, 1, 2, 0), gains (1, 3, 0, 3): positions 1-2 hold the tie at 2 (gains 1
    # and 0), position 3 the 1 (gain 3), position 4 the 0 (gain 3)
    w = 1 / np.log2(np.arange(2, 6))
    got = _merged_by_gain(np.array([1.0, 3.0, 0.0, 3.0]), np.array([2.0, 1.0, 2.0, 0.0]), w)
    assert got == pytest.approx((1 + 0) * (w[0] + w[1]) / 2 + 3 * w[2] + 3 * w[3], rel=1e-15)


def test_merge_by_gain_refuses_other_gains():
    s = np.arange(6.0)
    for g in ([0, 1, 2.5, 0, 1, 2], [0, 1, -1, 0, 1, 2]):  # a fraction, a negative gain
        assert _merged_by_gain(np.array(g, float), s, np.ones(6)) is None
    g = np.arange(6.0)  # six distinct gains, more than allowed
    assert _merged_by_gain(g, s, np.ones(6), most=5) is None
    assert _merged_by_gain(g, s, np.ones(6), most=6) is not None


@pytest.mark.parametrize("gain", ["identity", "exp2"])
def test_long_rows_take_the_gain_split_path_and_agree_with_sklearn(gain, monkeypatch):
    rng = np.random.default_rng(21)
    m = jit.DCG_FROM  # one row at the threshold, two rows above
    y = rng.integers(0, 5, (3, m)).astype(float)
    s = np.round(rng.random((3, m)) + 0.1 * y, 3)
    if gain == "identity":
        y[2, :10] = 0.5  # a fraction: that row falls back to the argsort walk
    calls = []
    real = dcg_module._dcg_by_gain
    monkeypatch.setattr(dcg_module, "_dcg_by_gain",
                        lambda *a: calls.append(real(*a)) or calls[-1])
    got = rm.ndcg_queries(y, s, gain=gain).values
    # a fraction in row 2 sends the whole call to the argsort walk
    assert (calls[0] is None) == (gain == "identity")
    got01 = rm.ndcg_queries(y[:2], s[:2], gain=gain).values
    assert calls[1] is not None
    g = y if gain == "identity" else 2.0 ** y - 1
    for row in range(2):
        assert got01[row] == pytest.approx(ndcg_score(g[row:row + 1], s[row:row + 1]),
                                           rel=1e-12)
        assert got01[row] == got[row]  # the two paths agree bitwise


@pytest.mark.parametrize("k", [dcg_module._TOPK_MOST, dcg_module._TOPK_MOST + 1, 400])
def test_long_cutoffs_are_sorted_not_buffered_and_agree_with_sklearn(k, monkeypatch):
    # the top-k buffer costs k^2: beyond _TOPK_MOST the rows go to the sorted paths
    rng = np.random.default_rng(k)
    y = rng.integers(0, 3, (40, 2000)).astype(float)
    s = np.round(rng.random((40, 2000)) + 0.1 * y, 3)
    calls = []
    real = kernel.topk_rows
    monkeypatch.setattr(kernel, "topk_rows", lambda *a: calls.append(a[3]) or real(*a))
    got = rm.ndcg_queries(y, s, k=k).values
    assert bool(calls) == (k <= dcg_module._TOPK_MOST)
    for row in (0, 17, 39):
        assert got[row] == pytest.approx(ndcg_score(y[row:row + 1], s[row:row + 1], k=k),
                                         rel=1e-12)


def _large(seed=0, q=800, m=100):  # 80,000 items: the compiled top-k pass
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 5, (q, m)).astype(float)
    return y, np.round(rng.random((q, m)) + 0.1 * y, 3)


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_the_pass_refuses_non_finite_scores_as_the_whole_array_check(bad):
    """The compiled top-k pass checks the scores as it goes; its error is the
    whole-array check's, naming the first bad value by its flat index."""
    y, s = _large()
    s[300, 7] = bad
    s[500, 1] = bad
    y[600, 3] = -1.0  # a negative gain too: the scores are reported first, as before
    with pytest.raises(ValueError, match=rf"y_score: contains a non-finite value "
                                         rf"\({bad} at flat index {300 * 100 + 7}\)"):
        rm.ndcg_queries(y, s, k=10)


@pytest.mark.parametrize("neg", [-1.0, -1e-300, -np.inf])
def test_the_pass_refuses_negative_gains(neg):
    y, s = _large(1)
    y[123, 45] = neg
    y[700, 0] = neg / 2  # the whole-array check names the most negative gain
    if np.isinf(neg):
        match = r"y_true: contains a non-finite value"
    else:
        match = rf"y_true: must be non-negative for this measure, got {neg!r} at flat index " \
                rf"{123 * 100 + 45}"
    with pytest.raises(ValueError, match=match):
        rm.ndcg_queries(y, s, k=10)


def test_the_pass_counts_each_rows_gains_up_to_its_own_largest():
    """Rows of gains 0..63 are counted, rows with a gain of 64 or more, a fraction or a
    -0.0 are sorted; every IDCG agrees with scikit-learn's."""
    y, s = _large(2, q=700)
    rng = np.random.default_rng(3)
    y[1] = rng.integers(0, 64, 100)  # the largest counted gain, 63, in most draws
    y[1, 50] = 63.0
    y[2, 5] = 64.0  # one beyond: sorted
    y[3, 9] = 2.5  # a fraction: sorted
    y[4, 11] = -0.0  # not negative; sorted
    y[5] = 0.0  # no relevant item: IDCG 0, NDCG 0 by the zero policy
    y[6, :] = 7.0  # one level, every item
    got = rm.ndcg_queries(y, s, k=10)
    want = rm.ndcg_queries(y.ravel(), s.ravel(), k=10, offsets=np.arange(0, y.size + 1, 100))
    np.testing.assert_array_equal(got.values, want.values)  # the checked-before path
    for row in range(8):
        ref = ndcg_score(y[row:row + 1], s[row:row + 1], k=10) if row != 5 else 0.0
        assert got.values[row] == pytest.approx(ref, rel=1e-12)
    idcg = rm.idcg_queries(y, k=10).values
    dcg = rm.dcg_queries(y, s, k=10).values
    np.testing.assert_allclose(got.values[:8], np.divide(dcg, idcg, out=np.zeros(700),
                                                         where=idcg > 0)[:8], rtol=1e-12)


def test_dcg_with_negative_gains_takes_the_pass_unchecked():
    """DCG allows negative gains: the top-k pass then skips the gain checks and counts."""
    y, s = _large(4)
    y -= 2.0
    got = rm.dcg_queries(y, s, k=10).values
    w = _weights(100, 10)
    np.testing.assert_allclose(got, _sorted_reference(y, s, w), rtol=1e-12)


def test_int64_labels_go_in_unconverted_with_the_same_values_and_errors():
    """int64 labels skip the float64 conversion: the same values, bit for bit,
    as the same labels as floats, and the same errors in the same order."""
    y, s = _large(5, q=900)
    y[:300] = -np.sort(-y[:300], axis=1)  # ideal rankings: NDCG exactly 1 ...
    s[:300] = -np.sort(-s[:300], axis=1)  # ... scores in the same order
    y[300, 7] = 64  # a row beyond the counted gains: sorted
    yi = y.astype(np.int64)
    got = rm.ndcg_queries(yi, s, k=10).values
    np.testing.assert_array_equal(got, rm.ndcg_queries(y, s, k=10).values)
    assert np.all(got[:300] == 1.0)
    for bad, match in [(2**53 + 1, r"y_true: integers beyond 2\*\*53"),
                       (-(2**63), r"y_true: integers beyond 2\*\*53"),
                       (-3, r"y_true: must be non-negative for this measure, got -3.0 at "
                            rf"flat index {400 * 100 + 2}")]:
        yb = yi.copy()
        yb[400, 2] = bad
        with pytest.raises(ValueError, match=match):
            rm.ndcg_queries(yb, s, k=10)
        sb = s.copy()
        sb[100, 0] = np.nan  # the labels' range is reported before the scores
        first = "y_score: contains a non-finite" if bad == -3 else match
        with pytest.raises(ValueError, match=first):
            rm.ndcg_queries(yb, sb, k=10)
