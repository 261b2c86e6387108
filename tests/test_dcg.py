"""DCG/IDCG/NDCG: hand-computed cases, tie policies, zero-IDCG policy, batching."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rankmeasures as rm
from oracles import dcg_all_tie_orders, dcg_of_order, log2_weights

L2 = [1 / math.log2(1 + r) for r in range(1, 10)]


def test_hand_computed_dcg_ndcg():
    # scores order the items 1, 3, 0, 2 -> grades 3, 1, 0, 2
    y = [0, 3, 2, 1]
    s = [0.3, 0.9, 0.1, 0.5]
    dcg = 3 * L2[0] + 1 * L2[1] + 0 + 2 * L2[3]
    idcg = 3 * L2[0] + 2 * L2[1] + 1 * L2[2]
    assert rm.dcg(y, s) == pytest.approx(dcg, rel=1e-15)
    assert rm.idcg(y) == pytest.approx(idcg, rel=1e-15)
    assert rm.ndcg(y, s) == pytest.approx(dcg / idcg, rel=1e-15)
    # exponential gain 2^y - 1 (Jin & Geng eq. (2))
    dcg_e = 7 * L2[0] + 1 * L2[1] + 0 + 3 * L2[3]
    idcg_e = 7 * L2[0] + 3 * L2[1] + 1 * L2[2]
    assert rm.ndcg(y, s, gain="exp2") == pytest.approx(dcg_e / idcg_e, rel=1e-15)
    # @2
    assert rm.ndcg(y, s, k=2) == pytest.approx((3 + L2[1]) / (3 + 2 * L2[1]), rel=1e-15)


def test_tie_policies_by_hand():
    # items 0 and 1 tie at the top; item 2 is last
    y = [0, 1, 1]
    s = [0.5, 0.5, 0.1]
    assert rm.dcg(y, s, ties="optimistic") == pytest.approx(1 + 0.5)
    assert rm.dcg(y, s, ties="pessimistic") == pytest.approx(L2[1] + 0.5)
    assert rm.dcg(y, s, ties="stable") == pytest.approx(L2[1] + 0.5)
    assert rm.dcg(y, s, ties="average") == pytest.approx((1 + L2[1]) / 2 + 0.5)
    # stable is the only input-order dependent policy
    assert rm.dcg([1, 0, 1], [0.5, 0.5, 0.1], ties="stable") == pytest.approx(1.5)
    for t in ("average", "optimistic", "pessimistic"):
        assert rm.dcg([1, 0, 1], [0.5, 0.5, 0.1], ties=t) == rm.dcg(y, s, ties=t)


def test_ties_straddling_the_cutoff():
    # four tied items, k = 2: average of D over positions 1..4 with D(3) = D(4) = 0
    y = [1, 0, 0, 0]
    s = [1, 1, 1, 1]
    assert rm.dcg(y, s, k=2) == pytest.approx((1 + L2[1]) / 4)


small_lists = st.integers(1, 6).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 3), min_size=n, max_size=n),
    st.lists(st.integers(0, 2), min_size=n, max_size=n)))


@given(small_lists, st.sampled_from([None, 1, 2, 3]))
def test_average_ties_equal_mean_over_all_tie_breaking_orders(data, k):
    """McSherry & Najork: the tie-averaged DCG is the mean over every tie-breaking order;
    optimistic/pessimistic are its max/min (log2 discount is non-increasing)."""
    y, s = data
    w = log2_weights(len(y))
    if k is not None:
        w = [v if p < k else 0.0 for p, v in enumerate(w)]
    mean, lo, hi = dcg_all_tie_orders(y, s, w)
    assert rm.dcg(y, s, k=k) == pytest.approx(mean, rel=1e-12, abs=1e-12)
    assert rm.dcg(y, s, k=k, ties="optimistic") == pytest.approx(hi, rel=1e-12, abs=1e-12)
    assert rm.dcg(y, s, k=k, ties="pessimistic") == pytest.approx(lo, rel=1e-12, abs=1e-12)


@given(st.lists(st.integers(0, 4), min_size=1, max_size=40),
       st.integers(0, 2**32 - 1), st.sampled_from(["log2", "zipf", "exp2", "linear"]),
       st.sampled_from(["identity", "exp2"]))
def test_ndcg_in_unit_interval(y, seed, disc, gain):
    s = np.random.default_rng(seed).integers(0, 5, len(y)).astype(float)
    for ties in rm.TIE_POLICIES:
        v = rm.ndcg(y, s, discount=disc, gain=gain, ties=ties)
        assert 0.0 <= v <= 1.0


@given(st.lists(st.integers(0, 4), min_size=1, max_size=30), st.integers(0, 2**32 - 1))
def test_invariance_under_increasing_transforms(y, seed):
    """Only the order of the scores matters (Wang et al. 2013, after Definition 1)."""
    s = np.random.default_rng(seed).normal(size=len(y)).round(1)
    for f in (lambda x: 3 * x + 7, np.exp, lambda x: x**3, np.arctan):
        for ties in rm.TIE_POLICIES:
            assert rm.ndcg(y, f(s), ties=ties) == rm.ndcg(y, s, ties=ties)


def test_order_independence(rng):
    y = rng.integers(0, 4, 50)
    s = rng.integers(0, 5, 50).astype(float)
    perm = rng.permutation(50)
    for ties in ("average", "optimistic", "pessimistic"):
        assert rm.ndcg(y[perm], s[perm], ties=ties) == pytest.approx(
            rm.ndcg(y, s, ties=ties), rel=1e-14)


def test_perfect_and_reversed_rankings():
    y = np.array([3, 2, 2, 1, 0])
    assert rm.ndcg(y, y.astype(float)) == 1.0
    assert rm.ndcg(y, -np.arange(5.0)) == 1.0
    assert rm.ndcg(y, np.arange(5.0)) < 1.0


def test_textbook_example_is_exactly_ideal():
    """y = [3,3,2,2,2,1,1,2] scored by itself is ideal for every k, so the
    textbook loss is exactly 0 -- the fast kernels alone left 1.1e-16 at k = 4."""
    y = np.array([3, 3, 2, 2, 2, 1, 1, 2.0])
    for k in range(1, 10):
        assert rm.ndcg_loss(y, y, k=k) == 0.0
        for ties in rm.TIE_POLICIES:
            assert rm.ndcg(y, y, k=k, ties=ties) == 1.0


@given(st.lists(st.integers(0, 6), min_size=1, max_size=60), st.integers(0, 2**32 - 1),
       st.sampled_from([None, 1, 2, 3, 5, 10, 40]),
       st.sampled_from(["log2", "zipf", "exp2", "linear"]),
       st.sampled_from(["identity", "exp2"]))
def test_ideal_up_to_ties_is_exactly_one(y, seed, k, disc, gain):
    """Any ranking that puts higher grades first -- however equal grades are ordered or
    tied -- has DCG = IDCG exactly, so NDCG is 1.0 in floating point, alone and batched
    (an all-zero list is ideal too: zero_idcg="one")."""
    rng = np.random.default_rng(seed)
    y = np.asarray(y, dtype=float)
    # scores: an increasing function of the grade, with random order or ties inside a grade
    jitter = rng.integers(0, 3, y.size) * 1e-3
    for s in (y, 2 * y + 1, y + jitter, np.exp(y)):
        for ties in rm.TIE_POLICIES:
            assert rm.ndcg(y, s, k=k, discount=disc, gain=gain, ties=ties,
                           zero_idcg="one") == 1.0
    batch = rm.ndcg_queries(np.tile(y, 3), np.tile(y + jitter, 3), k=k, discount=disc,
                            gain=gain, offsets=np.arange(4) * y.size, zero_idcg="one")
    assert np.all(batch.values == 1.0)
    ragged = rm.ndcg_queries(np.r_[y, y[:1]], np.r_[y + jitter, 0.0], k=k, discount=disc,
                             gain=gain, offsets=[0, y.size, y.size + 1],
                             zero_idcg="one")
    assert np.all(ragged.values == 1.0)


def test_near_ideal_rankings_stay_below_one():
    """The exact path must not round genuinely imperfect rankings up to 1: swapping two
    adjacent grades deep in a long list costs ~1e-7 of NDCG, which must survive."""
    n = 20000
    y = np.sort(np.random.default_rng(1).integers(0, 5, n))[::-1].astype(float)
    s = -np.arange(n, dtype=float)
    i = int(np.flatnonzero(y[:-1] != y[1:])[-1])  # the last change of grade
    s[i], s[i + 1] = s[i + 1], s[i]
    w = 1 / np.log2(np.arange(2, n + 2))
    expected_gap = (y[i] - y[i + 1]) * (w[i] - w[i + 1]) / float(np.sum(y * w))
    v = rm.ndcg(y, s)
    assert v < 1.0
    assert 1.0 - v == pytest.approx(expected_gap, rel=1e-6)


def test_a_tie_groups_rounded_mean_gain_does_not_lift_ndcg_above_one():
    """Under a constant discount every ranking has DCG = IDCG (by hand: 2.4 + 2.0 + 2.9 +
    2.8 = 10.1 both ways), so NDCG is 1. Tied, the four gains share their mean, rounded by
    its division: the canonical sum lands an ulp above IDCG, and only the clamp of
    exact_near_ideal, the one mechanism, brings NDCG back to 1."""
    from rankmeasures._dcg_paths import exact_near_ideal, ndcg_parts
    from rankmeasures._ragged import slot_weights

    flat = rm.CustomDiscount(lambda r: np.ones_like(r), name="one")
    y, s, off = np.array([2.4, 2.0, 2.9, 2.8]), np.ones(4), np.array([0, 4])
    w = slot_weights(flat, off, None)
    num, den = ndcg_parts(y, s, off, w, None, "average")
    ratio = (num / den)[0]
    assert ratio > 1.0 and ratio - 1.0 < 1e-15  # the rounding the clamp exists for
    num, den = exact_near_ideal(num, den, y, s, off, w, "average")
    assert num[0] == den[0]
    assert rm.ndcg(y, s, discount=flat) == 1.0
    # a discount that increases puts DCG truly above IDCG: left as it is, not clamped
    up = rm.CustomDiscount(lambda r: r, name="r")
    assert rm.ndcg([0, 1], [2, 1], discount=up) == 2.0  # (0 * 1 + 1 * 2) / (1 * 1 + 0 * 2)

def test_zero_idcg_policies():
    y, s = [0, 0, 0], [0.1, 0.2, 0.3]
    assert rm.ndcg(y, s) == 0.0  # default, as scikit-learn and trec_eval
    assert rm.ndcg(y, s, zero_idcg="one") == 1.0
    assert math.isnan(rm.ndcg(y, s, zero_idcg="nan"))
    with pytest.raises(ValueError, match=r"y_true: IDCG is 0"):
        rm.ndcg(y, s, zero_idcg="raise")
    res = rm.ndcg_queries([0, 0, 1, 0], [1, 2, 3, 4], offsets=[0, 2, 4], zero_idcg="nan")
    assert math.isnan(res.values[0]) and res.mean == res.values[1]


def test_unscored_labels_trec_convention():
    """Judged but unscored documents join the ideal ordering only."""
    y, s = [2, 0], [0.5, 0.9]
    dcg = 0 + 2 * L2[1]
    ideal = 3 * L2[0] + 2 * L2[1] + 1 * L2[2]
    assert rm.ndcg(y, s, unscored_labels=[3, 1]) == pytest.approx(dcg / ideal, rel=1e-15)
    assert rm.idcg(y, unscored_labels=[3, 1]) == pytest.approx(ideal, rel=1e-15)
    res = rm.ndcg_queries([2, 0, 1, 1], [0.5, 0.9, 0.2, 0.1], offsets=[0, 2, 4],
                          unscored_labels=[3, 1, 4], unscored_offsets=[0, 2, 3])
    assert res.values[0] == pytest.approx(dcg / ideal, rel=1e-15)
    assert res.values[1] == pytest.approx((1 + L2[1]) / (4 + L2[1] + 0.5), rel=1e-15)


def test_batch_equals_per_query_loop(rng):
    lengths = rng.integers(1, 30, 40)
    off = np.concatenate([[0], np.cumsum(lengths)])
    y = rng.integers(0, 5, off[-1])
    s = rng.integers(0, 6, off[-1]).astype(float)
    for ties in rm.TIE_POLICIES:
        for k in (None, 1, 5):
            for disc in ("log2", "linear", rm.cutoff("zipf", fraction=0.3)):
                res = rm.ndcg_queries(y, s, offsets=off, k=k, ties=ties, discount=disc)
                loop = [rm.ndcg(y[a:b], s[a:b], k=k, ties=ties, discount=disc)
                        for a, b in zip(off[:-1], off[1:], strict=True)]
                np.testing.assert_allclose(res.values, loop, rtol=1e-13)
                assert res.mean == pytest.approx(np.mean(loop), rel=1e-13)


def test_batch_2d_and_query_ids(rng):
    y = rng.integers(0, 5, (20, 15))
    s = rng.random((20, 15))
    res2d = rm.ndcg_queries(y, s, k=10)
    flat = rm.ndcg_queries(y.ravel(), s.ravel(), offsets=np.arange(0, 301, 15), k=10)
    np.testing.assert_array_equal(res2d.values, flat.values)
    # query ids in shuffled order give the same per-query values, keyed by sorted id
    ids = np.repeat(np.arange(20)[::-1] * 10, 15)
    perm = rng.permutation(300)
    byid = rm.ndcg_queries(y.ravel()[perm], s.ravel()[perm], query_ids=ids[perm], k=10)
    np.testing.assert_array_equal(byid.query_ids, np.arange(20) * 10)
    np.testing.assert_allclose(byid.values, res2d.values[::-1], rtol=1e-14)
    d = rm.dcg_queries(y, s).values
    i = rm.idcg_queries(y).values
    np.testing.assert_allclose(d / i, rm.ndcg_queries(y, s).values, rtol=1e-14)


def test_custom_gain_and_discount_callables():
    y, s = [1, 2, 0], [0.3, 0.2, 0.1]
    g = rm.custom_gain(lambda v: 3.0**v - 1, name="3^y-1")
    d = rm.CustomDiscount(lambda p: 1 / p**2, name="1/r^2")
    expect = dcg_of_order([2, 8, 0], [0, 1, 2], [1, 1 / 4, 1 / 9])
    assert rm.dcg(y, s, gain=g, discount=d) == pytest.approx(expect, rel=1e-15)


def test_linear_discount_depends_on_length():
    # Jin & Geng eq. (1): weights |S| - i
    assert rm.dcg([1, 2, 0], [0.3, 0.2, 0.1], discount="linear") == 1 * 2 + 2 * 1 + 0


def test_exact_symbolic_matches_float(rng):
    for _ in range(20):
        y = rng.integers(0, 4, 7).tolist()
        s = rng.integers(0, 3, 7).tolist()
        for disc in ("log2", "zipf", "linear", rm.power_discount(0.5)):
            exact = rm.dcg_symbolic(y, s, discount=disc, gain="exp2")
            assert float(exact) == pytest.approx(
                rm.dcg(y, s, discount=disc, gain="exp2"), rel=1e-13, abs=1e-13)
        assert float(rm.idcg_symbolic(y)) == pytest.approx(rm.idcg(y), rel=1e-13, abs=1e-13)


@given(st.integers(1, 40), st.integers(4, 60), st.integers(1, 15), st.integers(0, 2**32 - 1),
       st.sampled_from([2, 4, 1000]))
def test_topk_partition_path_equals_the_sorting_path(q, m, k, seed, levels):
    """DCG@k by argpartition (no row sort) equals the full tie-averaged sort, with
    ties inside the top k, straddling position k, and none."""
    import importlib

    kernel = importlib.import_module("rankmeasures._dcg_paths")
    k = min(k, m)
    rng = np.random.default_rng(seed)
    g = rng.integers(0, 5, (q, m)).astype(float)
    s = rng.integers(0, levels, (q, m)).astype(float)
    w = np.zeros(m)
    w[:k] = 1 / np.log2(np.arange(2, k + 2))
    fast = kernel._dcg_topk_average(g, s, w, k)
    order = np.argsort(s, axis=1)[:, ::-1]
    slow = kernel._tie_averaged_rows(np.take_along_axis(g, order, axis=1),
                                     np.take_along_axis(s, order, axis=1), w)
    np.testing.assert_allclose(fast, slow, rtol=1e-13, atol=1e-13)
