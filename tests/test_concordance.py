"""The concordance kernel against brute-force pair enumeration, and its identities."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rankmeasures as rm
from oracles import pair_counts_brute

pairs = st.integers(1, 30).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 4), min_size=n, max_size=n),
    st.lists(st.integers(0, 6), min_size=n, max_size=n)))


@given(pairs)
def test_pair_counts_brute_force(data):
    x, y = data
    pc = rm.pair_counts(x, y)
    assert (pc.concordant, pc.discordant, pc.ties_x, pc.ties_y, pc.ties_xy) == \
        pair_counts_brute(x, y)


@given(st.lists(st.integers(0, 50), max_size=60))
def test_count_inversions_brute_force(v):
    brute = sum(1 for i in range(len(v)) for j in range(i + 1, len(v)) if v[i] > v[j])
    assert rm.count_inversions(v) == brute


def test_count_inversions_refuses_what_it_would_truncate():
    # a float rank is read only when it is a whole number: [0.2, 0.1] has one inversion,
    # which a cast to integers would lose
    assert rm.count_inversions(np.array([2.0, 0.0, 1.0])) == 2
    for bad in ([0.2, 0.1], [1.0, np.nan], [1.0, np.inf]):
        with pytest.raises(ValueError, match=r"v: must be non-negative integers, got .* at "
                                             r"index \d"):
            rm.count_inversions(bad)


def test_count_inversions_known():
    n = 1000
    assert rm.count_inversions(np.arange(n)[::-1]) == n * (n - 1) // 2
    assert rm.count_inversions(np.arange(n)) == 0


@given(st.integers(2, 30).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 1), min_size=n, max_size=n),
    st.permutations(list(range(n))))))
def test_auc_is_one_minus_normalised_kendall_distance(data):
    """Tutorial: AUC = 1 - normalised Kendall distance for a bipartite target (no score
    ties)."""
    y, s = data
    if len(set(y)) < 2:
        return
    assert rm.auc(y, s) == pytest.approx(1 - rm.kendall_distance(y, s, normalize=True),
                                         rel=1e-12)


@given(pairs)
def test_c_index_is_weighted_mean_of_pairwise_aucs(data):
    """Tutorial: C-index = sum c_i c_j AUC_ij / sum c_i c_j, each AUC_ij computed by
    restricting to two levels and calling auc()."""
    y, s = data
    y = np.asarray(y)
    s = np.asarray(s, dtype=float)
    levels = np.unique(y)
    if levels.size < 2:
        return
    num = den = 0.0
    aucs = []
    for i, a in enumerate(levels):
        for b in levels[i + 1:]:
            m = (y == a) | (y == b)
            w = (y == a).sum() * (y == b).sum()
            auc_ab = rm.auc((y[m] == b).astype(int), s[m])
            num += w * auc_ab
            den += w
            aucs.append(auc_ab)
    assert rm.c_index(y, s) == pytest.approx(num / den, rel=1e-12)
    assert rm.m_auc(y, s) == pytest.approx(np.mean(aucs), rel=1e-12)


@given(st.integers(2, 12).flatmap(lambda n: st.tuples(st.permutations(list(range(n))),
                                                       st.permutations(list(range(n))))))
def test_gamma_equals_tau_for_total_rankings(data):
    """Tutorial: gamma = Kendall's tau when both rankings are total (no ties); and
    tau = 1 - 4 D_tau / (c(c-1))."""
    x, y = data
    c = len(x)
    tau = rm.kendall_tau(x, y, variant="a")
    assert rm.goodman_kruskal_gamma(x, y) == pytest.approx(tau, rel=1e-12, abs=1e-15)
    assert rm.kendall_tau(x, y, variant="b") == pytest.approx(tau, rel=1e-12, abs=1e-15)
    assert tau == pytest.approx(1 - 4 * rm.kendall_distance(x, y) / (c * (c - 1)), abs=1e-12)


def test_kendall_distance_range_exhaustive():
    """Tutorial: D_tau in [0, c(c-1)/2], attained by identity and reversal."""
    import itertools
    for c in range(1, 7):
        base = list(range(c))
        vals = [rm.kendall_distance(base, list(p)) for p in itertools.permutations(base)]
        assert min(vals) == 0 and max(vals) == c * (c - 1) // 2


def test_gamma_hand_computed():
    # pairs: (0,1) concordant, (0,2) concordant, (1,2) discordant, (2,3) tied in x
    x = [1, 2, 3, 3]
    y = [1, 3, 2, 5]
    pc = rm.pair_counts(x, y)
    assert (pc.concordant, pc.discordant, pc.ties_x) == (4, 1, 1)
    assert rm.goodman_kruskal_gamma(x, y) == pytest.approx(3 / 5)


def test_nan_policies():
    assert np.isnan(rm.kendall_tau([1, 1, 1], [1, 2, 3]))
    assert np.isnan(rm.goodman_kruskal_gamma([1, 1], [1, 2]))
    assert np.isnan(rm.somers_d([1, 1], [1, 2]))
