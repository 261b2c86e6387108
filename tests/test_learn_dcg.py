"""The binary representation, the utility and T(w) of Zhou, Zha, Xue, Yu."""

import numpy as np
import pytest

import rankmeasures as rm
from rankmeasures import learn_dcg


def test_binary_representation_by_hand():
    s = learn_dcg.binary_representation([2, 1, 3], 3, k=2)
    assert s.tolist() == [0, 1, 0, 1, 0, 0]
    assert learn_dcg.binary_representation([1, 5, 3], 5).sum() == 3


def test_case_1_utility_is_dcg(rng):
    """w_ij = c_i g_j: the utility equals the library's DCG with discount c, gains g."""
    for _ in range(50):
        k, n_levels = 4, 5
        c = -np.sort(-rng.random(k))
        g = -np.sort(-rng.random(n_levels))
        labels = rng.integers(1, n_levels + 1, k)
        w = np.outer(c, g).ravel()
        u = learn_dcg.utility(w, learn_dcg.binary_representation(labels, n_levels))
        disc = rm.CustomDiscount(lambda p, c=c: c[p.astype(int) - 1], name="c")
        dcg = rm.dcg(g[labels - 1], -np.arange(k, dtype=float), discount=disc, ties="stable")
        assert u == pytest.approx(dcg, rel=1e-13)


def test_order_transform_and_similarity():
    w = np.array([3.0, 2.0, 1.0, 6.0, 4.0, 2.0])
    np.testing.assert_array_equal(learn_dcg.order_transform(w, 3), [2, 1, 0, 4, 2, 0])
    assert learn_dcg.similarity(w, 2 * w + np.repeat([5.0, -1.0], 3), 3) == pytest.approx(1.0)
    assert learn_dcg.similarity(w, -w, 3) == pytest.approx(-1.0)


def test_bad_input():
    with pytest.raises(ValueError, match=r"labels: grades must lie in 1..3"):
        learn_dcg.binary_representation([0, 1], 3)
    with pytest.raises(ValueError, match=r"k: must be an integer in 1..2"):
        learn_dcg.binary_representation([1, 2], 3, k=3)
    with pytest.raises(ValueError, match=r"w: length 5 is not a multiple"):
        learn_dcg.order_transform(np.ones(5), 3)
    with pytest.raises(ValueError, match=r"T\(w\) is zero"):
        learn_dcg.similarity(np.ones(3), np.ones(3), 3)
