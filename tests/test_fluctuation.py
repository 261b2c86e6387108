"""rankmeasures.theory.fluctuation: closed forms against exact enumeration and a peer."""

import itertools
import math

import numpy as np
import pytest

from rankmeasures.theory.fluctuation import (
    condition2_asymptotics,
    cutoff_ndcg_sd,
    random_ranking_expected_ndcg,
)


def test_cutoff_sd_limit_is_the_weighted_bernoulli_sum():
    d = np.array([1.0, 0.5, 0.25])
    q = 0.75
    by_hand = math.sqrt(q * (1 - q) * (1 + 0.25 + 0.0625)) / 1.75
    assert cutoff_ndcg_sd(d, q) == pytest.approx(by_hand, rel=1e-14)


def test_cutoff_sd_exact_for_small_n_by_enumeration():
    # n = 3, k = 2, ybar = 1/4 + s/2: integrate over the order statistics exactly
    n, d, a, b = 3, np.array([1.0, 0.6]), 0.25, 0.5
    # E[s_(r)] = (n - r + 1)/(n + 1); Var(s_(r)) = r (n - r + 1) / ((n+1)^2 (n+2))
    mu = a + b * np.array([3 / 4, 2 / 4])
    cov12 = b**2 * 1 * (n - 2 + 1) / ((n + 1) ** 2 * (n + 2))
    var = d[0] ** 2 * mu[0] * (1 - mu[0]) + d[1] ** 2 * mu[1] * (1 - mu[1]) \
        + 2 * d[0] * d[1] * cov12
    assert cutoff_ndcg_sd(d, a, b, n=n) == pytest.approx(math.sqrt(var) / d.sum(), rel=1e-14)


def test_cutoff_sd_against_monte_carlo():
    rng = np.random.default_rng(1)
    n, d, a, b = 50, 1 / np.log2(1 + np.arange(1, 8)), 0.25, 0.5
    s = np.sort(rng.random((200_000, n)), axis=1)[:, ::-1][:, :7]
    y = rng.random(s.shape) < a + b * s
    vals = (y * d).sum(axis=1) / d.sum()
    assert vals.std() == pytest.approx(cutoff_ndcg_sd(d, a, b, n=n), rel=0.01)


def test_condition2_asymptotics_by_hand():
    out = condition2_asymptotics(0.8, 0.5, 0.75, 0.5)
    from scipy.special import zeta  # an independent peer for zeta(1.6)
    zeta08, zeta16 = -4.437538415895550, float(zeta(1.6))  # zeta(0.8) from tables
    scale = 0.2 / 0.5**0.2
    # the true gap is the pseudo gap -Delta y(1)/p^(1-beta) times -(1-beta) zeta(beta) > 0
    assert out["scaled gap"] == pytest.approx(-0.25 / 0.5**0.2 * (-0.2 * zeta08), rel=1e-9)
    assert out["scaled gap"] < 0
    assert out["scaled sd f0"] == pytest.approx(scale * math.sqrt(zeta16 * 0.1875), rel=1e-9)
    with pytest.raises(ValueError):
        condition2_asymptotics(0.4, 0.5, 0.75, 0.5)


def test_random_ranking_expected_ndcg_by_enumeration():
    d = np.array([1.0, 0.63, 0.5, 0.43])
    probs, grades = np.array([0.2, 0.3, 0.5]), np.array([2.0, 1.0, 0.0])
    exact = 0.0
    for labels in itertools.product(range(3), repeat=d.size):
        pr = np.prod(probs[list(labels)])
        gains = grades[list(labels)]
        ideal = np.sort(gains)[::-1] @ d
        # a random ranking: average DCG over all orders = mean gain * sum D
        exact += pr * (gains.mean() * d.sum() / ideal if ideal > 0 else 0.0)
    assert random_ranking_expected_ndcg(d, probs, grades) == pytest.approx(exact, rel=1e-12)


def test_latent_relevance_ends_and_symmetry():
    from rankmeasures.theory.distinguish import latent_relevance

    assert latent_relevance(0.2, 0.0) == 0.2 and latent_relevance(0.2, float("inf")) == 0.5
    # Z and 1 - Z have the same law and the noise is symmetric: ybar(1 - s) = 1 - ybar(s)
    assert latent_relevance(0.9, 0.5) == pytest.approx(1 - latent_relevance(0.1, 0.5), abs=1e-9)
    # a peer: E[Z | Z + 0.5 E <= t-quantile] by Monte Carlo near s = 0.9
    rng = np.random.default_rng(3)
    z = rng.random(2_000_000)
    t = z + 0.5 * rng.standard_normal(z.size)
    lo, hi = np.quantile(t, [0.895, 0.905])
    band = (t > lo) & (t < hi)
    assert z[band].mean() == pytest.approx(latent_relevance(0.9, 0.5), abs=0.003)


def test_random_ranking_ndcg_moments_by_enumeration():
    # every label vector and every order of a random ranking, n = 5, D = 1/log2(1+r)
    n, q = 5, 0.3
    d = 1 / np.log2(1 + np.arange(1, n + 1))
    vals, probs = [], []
    for labels in itertools.product((0, 1), repeat=n):
        pr = q ** sum(labels) * (1 - q) ** (n - sum(labels))
        ideal = np.sort(labels)[::-1] @ d
        for order in itertools.permutations(range(n)):
            y = np.array(labels)[list(order)]
            vals.append(y @ d / ideal if ideal > 0 else 0.0)
            probs.append(pr / math.factorial(n))
    vals, probs = np.array(vals), np.array(probs)
    mean = probs @ vals
    sd = math.sqrt(probs @ (vals - mean) ** 2)
    from rankmeasures.theory.fluctuation import random_ranking_ndcg_moments

    m, s = random_ranking_ndcg_moments(d, q)
    assert m == pytest.approx(mean, rel=1e-12) and s == pytest.approx(sd, rel=1e-10)
    # a cut-off (zeros beyond k = 2) too
    dk = np.where(np.arange(n) < 2, d, 0.0)
    vals_k = []
    for labels in itertools.product((0, 1), repeat=n):
        ideal = np.sort(labels)[::-1] @ dk
        for order in itertools.permutations(range(n)):
            y = np.array(labels)[list(order)]
            vals_k.append(y @ dk / ideal if ideal > 0 else 0.0)
    vals_k = np.array(vals_k)
    mk = probs @ vals_k
    m2, s2 = random_ranking_ndcg_moments(dk, q)
    assert m2 == pytest.approx(mk, rel=1e-12)
    assert s2 == pytest.approx(math.sqrt(probs @ (vals_k - mk) ** 2), rel=1e-10)
