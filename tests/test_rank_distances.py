"""The tutorial's rank distances on its worked example and exhaustively on small c."""

import itertools
import math

import numpy as np
import pytest
import sympy

import rankmeasures as rm

ITEMS = "ABCDE"


@pytest.fixture
def example():
    """Target E>B>C>A>D, predicted A>B>E>C>D (Fürnkranz & Hüllermeier)."""
    return rm.ranks_from_order("E>B>C>A>D", ITEMS), rm.ranks_from_order("A>B>E>C>D", ITEMS)


def test_notation(example):
    r, rhat = example
    assert rhat[ITEMS.index("A")] == 1  # rhat(A) = 1
    assert ITEMS[int(np.flatnonzero(r == 4)[0])] == "A"  # r^-1(4) = A
    big_r = [int(r[np.flatnonzero(rhat == i)[0]]) for i in range(1, 6)]
    assert big_r[0] == 4  # R(1) = r(rhat^-1(1)) = 4


def test_worked_example_values(example):
    r, rhat = example
    assert rm.spearman_footrule(r, rhat) == 3 + 0 + 1 + 0 + 2 == 6
    assert rm.spearman_distance(r, rhat) == 9 + 0 + 1 + 0 + 4 == 14
    assert rm.kendall_distance(r, rhat) == 4
    assert rm.position_error(r, rhat) == 2  # E, the true top, is predicted third
    # position error = footrule with only the target item's weight kept
    w = (r == 1).astype(float)
    assert rm.discounted_error(r, rhat, weights=w) == 2
    # discounted error, w_i = 1/log(r(x_i) + 1): A (r=4, d=3), C (r=3, d=1), E (r=1, d=2)
    expect = 3 / math.log(5) + 1 / math.log(4) + 2 / math.log(2)
    assert rm.discounted_error(r, rhat) == pytest.approx(expect, rel=1e-15)
    # rho = 1 - 6*14/(5*24)
    assert rm.spearman_rho(r, rhat) == pytest.approx(1 - 6 * 14 / 120, rel=1e-15)


def test_tutorial_dcg_example(example):
    r, rhat = example
    # predicted order A, B, E, C, D has true ranks R = 4, 2, 1, 3, 5
    expect = sum((5 - big_r) / math.log(i + 1)
                 for i, big_r in enumerate([4, 2, 1, 3, 5], start=1))
    ideal = sum((5 - i) / math.log(i + 1) for i in range(1, 6))
    assert rm.tutorial_dcg(r, rhat) == pytest.approx(expect, rel=1e-15)
    assert rm.tutorial_idcg(5) == pytest.approx(ideal, rel=1e-15)
    assert rm.tutorial_ndcg(r, rhat) == pytest.approx(expect / ideal, rel=1e-15)
    assert rm.tutorial_ndcg(r, r) == 1.0


def test_spearman_range_exhaustive():
    """max D_S = c(c^2-1)/3 (checked by enumeration), rho in [-1, 1]."""
    for c in range(1, 7):
        ident = list(range(1, c + 1))
        vals = [rm.spearman_distance(ident, list(p)) for p in itertools.permutations(ident)]
        assert max(vals) == c * (c * c - 1) // 3
        if c > 1:
            rhos = [1 - 6 * v / (c * (c * c - 1)) for v in vals]
            assert min(rhos) == -1 and max(rhos) == 1


def test_spearman_max_symbolic():
    """The slide's sum: sum_{i=1}^{c} ((c - i) - i)^2 is NOT c(c^2-1)/3 (the reversal has
    d_i = (c + 1 - i) - i); the library's exhaustive maximum agrees with the latter."""
    c, i = sympy.symbols("c i", positive=True, integer=True)
    printed = sympy.summation(((c - i) - i) ** 2, (i, 1, c))
    correct = sympy.summation(((c + 1 - i) - i) ** 2, (i, 1, c))
    assert sympy.simplify(correct - c * (c**2 - 1) / 3) == 0
    assert sympy.simplify(printed - c * (c**2 - 1) / 3) != 0


def test_preference_jaccard():
    # x: 0 > 1 > 2 ; y: 0 > 2 > 1  -> A = {01, 02, 12}, B = {02, 01, 21}; |A&B| = 2
    assert rm.preference_jaccard([3, 2, 1], [3, 1, 2]) == pytest.approx(2 / 4)
    assert rm.pair_set_jaccard([(0, 1), (0, 2), (1, 2)], [(0, 2), (0, 1), (2, 1)]) == \
        pytest.approx(2 / 4)
    # partial order with ties: x ties 1 and 2
    assert rm.preference_jaccard([2, 1, 1], [3, 2, 1]) == pytest.approx(2 / 3)


def test_preference_jaccard_matches_explicit_sets(rng):
    for _ in range(100):
        n = int(rng.integers(2, 12))
        x = rng.integers(0, 4, n)
        y = rng.integers(0, 4, n)
        a = [(i, j) for i in range(n) for j in range(n) if x[i] > x[j]]
        b = [(i, j) for i in range(n) for j in range(n) if y[i] > y[j]]
        ours = rm.preference_jaccard(x, y)
        ref = rm.pair_set_jaccard(a, b)
        assert (np.isnan(ours) and np.isnan(ref)) or ours == pytest.approx(ref)


def test_textbook_losses():
    """Shalev-Shwartz & Ben-David 17.4: Delta = 0 when the orders agree, Delta in [0, 1];
    the Kendall tau loss counts sign mismatches, ties in one vector only included."""
    y = np.array([3.0, 0, 2, 1])
    assert rm.ndcg_loss(y, y * 2 + 1, k=2) == 0.0
    worst = rm.ndcg_loss(y, -y, k=2)
    assert 0 < worst <= 1
    # k = 2 of r = 4: D = 1 at the top, 1/log2(3) second
    pred = np.array([0.1, 0.9, 0.5, 0.3])  # order: item1 (y=0), item2 (y=2), ...
    expect = 1 - (0 + 2 / math.log2(3)) / (3 + 2 / math.log2(3))
    assert rm.ndcg_loss(y, pred, k=2) == pytest.approx(expect, rel=1e-15)
    assert rm.kendall_tau_loss([1, 2, 3], [1, 2, 3]) == 0
    assert rm.kendall_tau_loss([1, 2, 3], [3, 2, 1]) == 1
    assert rm.kendall_tau_loss([1, 1, 2], [1, 2, 3]) == pytest.approx(1 / 3)


def test_textbook_losses_take_y_true_first():
    """Both losses take (y_true, y_score), as every measure of the package does."""
    # one relevant item, ranked third by the scores; the top-3 discount D(r) = 1/log2(r + 1):
    # Delta = 1 - D(3)/D(1) = 1 - (1/2)/1
    assert rm.ndcg_loss([1, 0, 0, 0], [2, 4, 3, 1], k=3) == 0.5
    assert rm.ndcg_loss(y_score=[2, 4, 3, 1], y_true=[1, 0, 0, 0], k=3) == 0.5
    # the other order reads [2, 4, 3, 1] as the grades: item 0 first, the other three tied
    # (average: their gains 4 + 3 + 1 share the discounts of ranks 2-4, 1/log2(3) + 1/2 + 0),
    # against the ideal 4 + 3/log2(3) + 2/2
    swapped = 1 - (2 + 8 / 3 * (1 / math.log2(3) + 0.5)) / (5 + 3 / math.log2(3))
    assert rm.ndcg_loss([2, 4, 3, 1], [1, 0, 0, 0], k=3) == pytest.approx(swapped, rel=1e-14)
    assert round(swapped, 3) == 0.272
    # pair (1, 2) is ordered differently: 1 of 3 pairs
    assert rm.kendall_tau_loss(y_true=[1, 2, 3], y_score=[1, 3, 2]) == pytest.approx(1 / 3)


def test_textbook_sign_identity_exhaustive():
    """The book rewrites 1[sign(y'_i - y'_j) != sign(y_i - y_j)] as
    1[sign(y_i - y_j)(y'_i - y'_j) <= 0]; over all nine sign patterns the two agree except
    when both differences are 0 (the rewrite then counts a pair tied in both)."""
    mismatch = []
    for dy in (-1, 0, 1):
        for dyp in (-1, 0, 1):
            lhs = np.sign(dyp) != np.sign(dy)
            rhs = np.sign(dy) * dyp <= 0
            if lhs != rhs:
                mismatch.append((dy, dyp))
    # the two sides differ exactly when y_i = y_j (then rhs is 1 whatever y' does)
    assert mismatch == [(0, 0)]
