"""P[NDCG(f0) > NDCG(f1)] on coupled samples (rankmeasures.theory.distinguish)."""

import numpy as np
import pytest

import rankmeasures as rm
from rankmeasures.theory.distinguish import _positive, _wins, win_rate
from rankmeasures.theory.simulate import latent_sample

DISCOUNTS = [rm.log2_discount, rm.power_discount(0.5), rm.exponential_discount,
             rm.cutoff(rm.log2_discount, fraction=0.2)]


def test_win_rate_is_the_frequency_of_ndcg_comparisons():
    """The oracle: rm.ndcg of each function on the same sample, compared, counted."""
    for n, noise in ((30, [0.1, 0.3]), (200, [0.0, np.inf]), (500, [0.3, 0.1])):
        seeds = range(7, 47)
        expected = np.zeros(len(DISCOUNTS))
        for s in seeds:
            lab, sc = latent_sample(n, noise, seed=s)
            expected += [rm.ndcg(lab, sc[0], discount=d) > rm.ndcg(lab, sc[1], discount=d)
                         for d in DISCOUNTS]
        got = win_rate(n, noise, DISCOUNTS, seeds=seeds)
        np.testing.assert_array_equal(got, expected / 40)


def test_the_sign_is_exact_where_a_float_sum_is_not():
    # 1e16 + 1 rounds back to 1e16 (the spacing there is 2): summed left to right the
    # terms give 0, their exact sum is 1
    terms = np.array([1e16, 1.0, -1e16])
    assert terms[0] + terms[1] + terms[2] == 0.0
    assert _positive(terms)
    assert not _positive(-terms)
    assert not _positive(np.zeros(5)) and not _positive(np.array([1.0, -1.0]))


def test_tied_scores_are_averaged_as_ndcg_averages_them():
    lab = np.array([1.0, 0.0, 1.0, 0.0, 1.0, 0.0])
    scores = np.array([[3.0, 3.0, 2.0, 2.0, 1.0, 0.0],    # ties in f0
                       [0.0, 5.0, 4.0, 3.0, 2.0, 1.0]])
    w = [d.weights(lab.size) for d in DISCOUNTS]
    expected = [rm.ndcg(lab, scores[0], discount=d) > rm.ndcg(lab, scores[1], discount=d)
                for d in DISCOUNTS]
    assert list(_wins(lab, scores, w, DISCOUNTS)) == expected
    # the same rows in the other order: the comparison reverses where it was strict
    swapped = _wins(lab, scores[::-1], w, DISCOUNTS)
    assert all(not (a and b) for a, b in zip(expected, swapped, strict=True))


def test_a_good_function_beats_a_random_one_under_the_log_discount():
    """Theorem 2 in its simplest case: ybar = s against ybar = 1/2 at n = 2000 (the two
    NDCGs differ by about 0.1, a few standard deviations of either)."""
    assert win_rate(2000, [0.0, np.inf], ["log2"], seeds=range(20))[0] == 1.0


@pytest.mark.parametrize("kwargs, message", [
    ({"noise": [0.1]}, "noise: expected two values"),
    ({"discounts": []}, "discounts: expected at least one"),
    ({"seeds": []}, "seeds: expected at least one"),
    ({"seeds": [1, True]}, "seeds: expected integers"),
    ({"seeds": [1.5]}, "seeds: expected integers"),
])
def test_bad_input_is_named(kwargs, message):
    args = {"n": 10, "noise": [0.1, 0.3], "discounts": ["log2"], "seeds": [1]} | kwargs
    with pytest.raises(ValueError, match=message):
        win_rate(args["n"], args["noise"], args["discounts"], seeds=args["seeds"])
