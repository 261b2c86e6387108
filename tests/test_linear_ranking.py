"""Linear rankers and the textbook's surrogates (Shalev-Shwartz & Ben-David 17.4.1)."""

import itertools

import numpy as np
import pytest

import rankmeasures as rm
from rankmeasures.learning import linear_ranking as lr
from rankmeasures.learning.ranking_data import diabetes_ranking_split


def _brute_ndcg_hinge(w, x, y, k):
    """max over every permutation vector v of Delta(v, y) + sum (v_i - pi(y)_i) <w, x_i>."""
    r = len(y)
    s = x @ w
    g = sum(rm.TopKDiscount.book_form(np.arange(1, r + 1), r, k) * np.sort(y))
    pi_y = np.empty(r, dtype=int)
    pi_y[np.argsort(y, kind="stable")] = np.arange(1, r + 1)
    best = -np.inf
    for p in itertools.permutations(range(1, r + 1)):
        v = np.array(p)
        delta = 1 - (rm.TopKDiscount.book_form(v, r, k) * y).sum() / g
        best = max(best, delta + ((v - pi_y) * s).sum())
    return best


def test_ndcg_hinge_is_the_maximum_over_permutations(rng):
    for _ in range(40):
        r = int(rng.integers(2, 6))
        x = rng.normal(size=(r, 3))
        y = rng.integers(0, 3, r).astype(float)
        y[0] = 2.0
        w = rng.normal(size=3)
        k = int(rng.integers(1, r + 1))
        value, grad, v = lr.ndcg_hinge(w, x, y, k)
        assert value == pytest.approx(_brute_ndcg_hinge(w, x, y, k), abs=1e-10)
        assert sorted(v.tolist()) == list(range(1, r + 1))


def test_surrogates_bound_their_losses(rng):
    for _ in range(200):
        r = int(rng.integers(2, 12))
        x = rng.normal(size=(r, 4))
        y = rng.integers(0, 4, r).astype(float)
        y[0] = 3.0
        w = rng.normal(size=4) * rng.choice([0.01, 1, 100])
        s = lr.linear_scores(w, x)
        k = int(rng.integers(1, r + 1))
        assert rm.ndcg_loss(y, s, k=k) <= lr.ndcg_hinge(w, x, y, k)[0] + 1e-12
        assert rm.kendall_tau_loss(y, s) <= lr.kendall_hinge(w, x, y)[0] + 1e-12


def test_kendall_hinge_by_hand_and_gradient():
    x = np.array([[1.0, 0.0], [0.0, 1.0]])
    y = np.array([1.0, 0.0])
    w = np.array([0.25, 0.0])
    # one pair, sign +1, margin 1 - 0.25 = 0.75, scaled by 2/(2*1) = 1
    value, grad = lr.kendall_hinge(w, x, y)
    assert value == pytest.approx(0.75)
    np.testing.assert_allclose(grad, [-1.0, 1.0])
    # finite differences agree away from kinks
    eps = 1e-6
    for i in range(2):
        e = np.zeros(2)
        e[i] = eps
        fd = (lr.kendall_hinge(w + e, x, y)[0] - lr.kendall_hinge(w - e, x, y)[0]) / (2 * eps)
        assert fd == pytest.approx(grad[i], abs=1e-6)


def test_training_beats_random_on_held_out_lists():
    train, test = diabetes_ranking_split(1, n_train_lists=20, n_test_lists=20)
    w = lr.fit_linear_ranker(train, surrogate="kendall_hinge")
    taus = [rm.kendall_tau(lr.linear_scores(w, x), y) for x, y in test]
    assert np.mean(taus) > 0.3


def test_least_squares_fits_an_intercept():
    # by hand: y = 2 x1 - x2 + 5 exactly, so the slope is (2, -1) whatever the constant
    x = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [2.0, 3.0]])
    y = 2 * x[:, 0] - x[:, 1] + 5
    np.testing.assert_allclose(lr.least_squares_ranker([(x[:2], y[:2]), (x[2:], y[2:])]),
                               [2.0, -1.0], atol=1e-12)


def test_least_squares_ranking_ignores_a_constant_added_to_the_grades():
    # the stacked training lists are not centred, so without an intercept the slope
    # would move with the grades' mean; with one it must not
    train, test = diabetes_ranking_split(3, n_train_lists=10, n_test_lists=5)
    w = lr.least_squares_ranker(train)
    w_shifted = lr.least_squares_ranker([(x, y + 10.0) for x, y in train])
    np.testing.assert_allclose(w_shifted, w, rtol=1e-9, atol=1e-12)
    for x, _ in test:
        assert np.array_equal(np.argsort(-lr.linear_scores(w, x)),
                              np.argsort(-lr.linear_scores(w_shifted, x)))


def test_least_squares_agrees_with_scikit_learn():
    from sklearn.linear_model import LinearRegression

    train, _ = diabetes_ranking_split(5, n_train_lists=10, n_test_lists=2)
    xs = np.vstack([x for x, _ in train])
    ys = np.concatenate([y for _, y in train])
    peer = LinearRegression(fit_intercept=True).fit(xs, ys)
    np.testing.assert_allclose(lr.least_squares_ranker(train), peer.coef_, rtol=1e-8,
                               atol=1e-10)


def test_bad_input():
    x = np.zeros((3, 2))
    with pytest.raises(ValueError, match=r"X and y: 3 rows but 2 labels"):
        lr.kendall_hinge(np.zeros(2), x, [1, 0])
    with pytest.raises(ValueError, match=r"w: length 3, but X has 2 features"):
        lr.linear_scores(np.zeros(3), x)
    with pytest.raises(ValueError, match=r"y: no relevant item"):
        lr.ndcg_hinge(np.zeros(2), x, [0, 0, 0], 2)
    with pytest.raises(ValueError, match=r"y: the NDCG loss needs non-negative"):
        lr.ndcg_hinge(np.zeros(2), x, [1, -1, 0], 2)
    with pytest.raises(ValueError, match=r"queries: need at least one"):
        lr.least_squares_ranker([])
    with pytest.raises(ValueError, match=r"X and y: 3 rows but 2 labels"):
        lr.least_squares_ranker([(x, [1, 0])])
    with pytest.raises(ValueError, match=r"surrogate: must be"):
        lr.fit_linear_ranker([(x, [1, 0, 0])], surrogate="hinge")


def test_split_is_disjoint_and_seeded():
    a_train, a_test = diabetes_ranking_split(7, n_train_lists=5, n_test_lists=5)
    b_train, _ = diabetes_ranking_split(7, n_train_lists=5, n_test_lists=5)
    assert all(np.array_equal(p[0], q[0]) for p, q in zip(a_train, b_train, strict=True))
    train_rows = {tuple(r) for x, _ in a_train for r in x.round(12)}
    test_rows = {tuple(r) for x, _ in a_test for r in x.round(12)}
    assert not train_rows & test_rows
    assert set(np.concatenate([y for _, y in a_train]).tolist()) <= {0, 1, 2, 3, 4}
