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


# -- two relevance curves of the user's own -------------------------------------

def test_coupled_sample_has_the_models_law():
    """Each score U[0, 1] (KS), P[Y = 1 | score in a bin] = ybar at the bin (binomial
    z-tests over 10 bins), P[Y = 1] = p, and the two scores uncorrelated given the label."""
    import sympy
    from scipy import stats

    from rankmeasures.theory.asymptotics import s
    from rankmeasures.theory.distinguish import coupled_sample

    curves = (3 * s**2 / 4 + sympy.Rational(1, 4), sympy.Rational(1, 4) + s / 2)  # p = 1/2
    labels, scores = coupled_sample(200_000, curves, seed=3)
    assert abs(labels.mean() - 0.5) < 4.5 * np.sqrt(0.25 / labels.size)
    edges = np.linspace(0, 1, 11)
    for j, curve in enumerate(curves):
        assert stats.kstest(scores[j], "uniform").pvalue > 1e-3
        f = sympy.lambdify(s, curve)
        idx = np.digitize(scores[j], edges[1:-1])
        for b in range(10):
            inside = labels[idx == b]
            # the bin's expected P[Y = 1]: ybar averaged over the bin (scores uniform)
            want = float(sympy.integrate(curve, (s, edges[b], edges[b + 1]))) * 10
            assert abs(inside.mean() - want) < 4.5 * np.sqrt(want * (1 - want) / inside.size)
        assert f(0.5) == pytest.approx(float(curve.subs(s, 0.5)))
    for y in (0.0, 1.0):
        r = np.corrcoef(scores[0][labels == y], scores[1][labels == y])[0, 1]
        assert abs(r) < 4.5 / np.sqrt((labels == y).sum())


@pytest.mark.parametrize("n", [5, 10, 20])
def test_model_win_rate_matches_the_latent_model(n):
    """ybar = s against 1/2 is latent_sample's noise 0 against a random ranking: the two
    estimates of P[NDCG(f0) > NDCG(f1)], on independent samples, agree (two-proportion
    z-test, 2,000 samples each)."""
    import sympy

    from rankmeasures.theory.asymptotics import s
    from rankmeasures.theory.distinguish import model_win_rate

    a = model_win_rate(n, (s, sympy.Rational(1, 2)), "log2", seeds=range(2000))
    b = win_rate(n, (0, np.inf), ["log2"], seeds=range(10**6, 10**6 + 2000))[0]
    pooled = (a + b) / 2
    assert 0.6 < pooled < 0.99  # a comparison with teeth: neither side certain
    assert abs(a - b) < 4.5 * np.sqrt(2 * pooled * (1 - pooled) / 2000)


def test_coupled_sample_refuses_curves_with_different_p():
    import sympy

    from rankmeasures.theory.asymptotics import s
    from rankmeasures.theory.distinguish import coupled_sample

    with pytest.raises(ValueError, match="the two curves give P"):
        coupled_sample(10, (s, sympy.Rational(1, 3)))
    with pytest.raises(ValueError, match=r"ybar = 3\*s\*\*2/2 is not a probability"):
        coupled_sample(10, (3 * s**2 / 2, s))
    with pytest.raises(ValueError, match="n: must be a positive integer"):
        coupled_sample(0, (s, s))
