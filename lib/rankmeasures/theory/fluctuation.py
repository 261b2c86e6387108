"""How much NDCG fluctuates around its expectation, in closed form, where the top labels
decide it: the exact standard deviation of NDCG@k for a linear relevance curve, the
asymptotic scaled gap and spread of the pair of Theorem 4's condition 2, and the exact
expected NDCG of a ranking independent of i.i.d. graded labels.

Wang et al. (2013), Section 2's model: canonical scores ``U[0, 1]``, ``P[Y = 1 | s] =
ybar(s)``. The limits of the paper are statements about the centring N_D(n); these
functions give the other half of "NDCG tends to its limit": the fluctuation, against which
the notebook calibrates its Monte Carlo checks.
"""

from __future__ import annotations

import math

import mpmath
import numpy as np
from scipy import stats

__all__ = ["cutoff_ndcg_sd", "condition2_asymptotics", "random_ranking_expected_ndcg",
           "random_ranking_ndcg_moments"]


def cutoff_ndcg_sd(weights, intercept: float, slope: float = 0.0, n: int | None = None) -> float:
    """The standard deviation of ``NDCG@k = sum_{r<=k} D(r) Y_(r) / sum_{r<=k} D(r)`` for
    a linear relevance curve ``ybar(s) = intercept + slope * s``.

    Wang et al. (2013), Theorem 7 (``k -> infinity``, ``k = o(n)``: NDCG@k concentrates at
    ``ybar(1)``) and Theorem 6 (``k`` fixed, a summable discount: it does not). The label
    at rank ``r`` is Bernoulli(``ybar(s_(r))``), ``s_(r)`` the r-th largest of n uniform
    scores, so ``P[Y_(r) = 1] = mu_r = intercept + slope (n - r + 1)/(n + 1)`` and, for
    ``r != q``, ``Cov(Y_(r), Y_(q)) = slope^2 Cov(s_(r), s_(q))`` with
    ``Cov(s_(r), s_(q)) = r (n - q + 1) / ((n + 1)^2 (n + 2))`` for ``r <= q``. The IDCG@k
    is ``sum_{r<=k} D(r)`` whenever at least k of the n objects are relevant, an event
    whose complement has probability exponentially small in n when ``k = o(n)``; the value
    is exact on it.

    Parameters
    ----------
    weights : array_like
        ``D(1), ..., D(k)``, the positions with weight (a cut discount's non-zero weights).
    intercept, slope : float
        The curve ``ybar(s) = intercept + slope * s``, a probability on [0, 1].
    n : int or None
        The sample size; None for the limit ``n -> infinity`` (every top score at 1, the
        top labels i.i.d. Bernoulli(``ybar(1)``)).

    Returns
    -------
    float

    Examples
    --------
    >>> round(cutoff_ndcg_sd([1.0, 1.0], 0.5), 6)  # two fair coins, averaged
    0.353553
    >>> round(cutoff_ndcg_sd([1.0], 0.0, 1.0, n=1), 6)  # Y = 1 w.p. E[U] = 1/2
    0.5
    """
    d = np.asarray(weights, dtype=np.float64)
    if d.ndim != 1 or d.size == 0 or not np.all(d > 0):
        raise ValueError("weights: need a non-empty 1-d array of positive weights")
    if not (0 <= intercept <= 1 and 0 <= intercept + slope <= 1):
        raise ValueError(f"ybar = {intercept} + {slope} s is not a probability on [0, 1]")
    k = d.size
    r = np.arange(1, k + 1, dtype=np.float64)
    if n is None:
        mu = np.full(k, intercept + slope)
        var = float(np.sum(d**2 * mu * (1 - mu)))
    else:
        if n < k:
            raise ValueError(f"n: need n >= k = {k}, got {n}")
        mu = intercept + slope * (n - r + 1) / (n + 1)
        lo, hi = np.minimum.outer(r, r), np.maximum.outer(r, r)
        cov = lo * (n - hi + 1) / ((n + 1.0) ** 2 * (n + 2.0))
        np.fill_diagonal(cov, 0.0)
        var = float(np.sum(d**2 * mu * (1 - mu)) + slope**2 * (d @ cov @ d))
    return math.sqrt(var) / float(d.sum())


def condition2_asymptotics(beta: float, p: float, ybar0_1: float, ybar1_1: float) -> dict:
    """The limits, scaled by ``n^(1 - beta)``, of the expected NDCG gap and of the two
    standard deviations for a pair meeting Theorem 4's condition 2, and the probability of
    the right order a Gaussian law with those moments gives.

    Wang et al. (2013), Theorem 4 (2) with ``1/2 < beta < 1``: the beta-integral of
    ``Delta y`` vanishes, so the pseudo-expectation gap is ``-Delta y(1) / (np)^(1-beta)``
    (Lemma 6) and the exact expected gap that times ``-(1-beta) zeta(beta)`` (claim
    S004-L6), i.e. ``(1-beta) zeta(beta) Delta y(1) / (np)^(1-beta)``, of the sign of
    ``-Delta y(1)`` (``zeta(beta) < 0``); given the scores, the top labels are
    Bernoulli(``ybar(1)``) and
    ``Var(DCG) -> zeta(2 beta) ybar(1)(1 - ybar(1))`` while IDCG grows like
    ``(np)^(1-beta)/(1-beta)``. The fluctuations of the scores and of the label count
    contribute terms of smaller order (``n^(1/2-beta)`` and ``n^-1/2`` relative).

    Parameters
    ----------
    beta : float
        In (1/2, 1).
    p : float
        ``P[Y = 1]``, shared by the two functions.
    ybar0_1, ybar1_1 : float
        ``ybar0(1)`` and ``ybar1(1)``.

    Returns
    -------
    dict
        ``"scaled gap"`` (signed: ``E[NDCG(f0) - NDCG(f1)] n^(1-beta)``), ``"scaled sd
        f0"``, ``"scaled sd f1"`` and ``"P Gaussian"`` (``Phi(|gap| / sqrt(sd0^2 +
        sd1^2))``, independent samples: the probability that the two NDCGs are in the order
        of their expectations).

    Examples
    --------
    >>> a = condition2_asymptotics(0.8, 0.5, 0.628, 0.5)
    >>> round(a["scaled gap"], 4), round(a["scaled sd f1"], 4)
    (-0.1305, 0.1737)
    """
    if not 0.5 < beta < 1:
        raise ValueError(f"beta: need 1/2 < beta < 1, got {beta}")
    scale = (1 - beta) / p ** (1 - beta)
    gap = float((1 - beta) * mpmath.zeta(beta) * (ybar0_1 - ybar1_1) / p ** (1 - beta))
    z2 = float(mpmath.zeta(2 * beta))
    sd0 = scale * math.sqrt(z2 * ybar0_1 * (1 - ybar0_1))
    sd1 = scale * math.sqrt(z2 * ybar1_1 * (1 - ybar1_1))
    return {"scaled gap": gap, "scaled sd f0": sd0, "scaled sd f1": sd1,
            "P Gaussian": float(stats.norm.cdf(abs(gap) / math.hypot(sd0, sd1)))}


def random_ranking_expected_ndcg(weights, probs, grades=(2.0, 1.0, 0.0), *,
                                 width: float = 12.0) -> float:
    """The exact ``E[NDCG]`` of a ranking independent of n i.i.d. graded labels (gain =
    grade), summed over the multinomial law of the label counts.

    Given the counts, every position holds a uniformly drawn label, so
    ``E[DCG | counts] = mean grade * sum_r D(r)``, while the IDCG is a function of the
    counts alone; ``E[NDCG] = E[mean grade * sum_r D(r) / IDCG(counts)]``. The counts are
    summed within ``width`` standard deviations of their means (the rest is negligible
    in double precision). This is the expectation of the random function of Wang et al. (2013),
    Section 4 (a uniform random score), under any discount, cut-offs included.

    Parameters
    ----------
    weights : array_like
        ``D(1), ..., D(n)`` (zeros beyond a cut-off).
    probs : sequence of float
        The probabilities of ``grades`` (three grades, the last 0; a binary model is
        ``grades=(1, 0, 0)``-like with the middle probability 0).
    grades : sequence of float
        Three grades in decreasing order, the last one 0.
    width : float

    Returns
    -------
    float

    Examples
    --------
    >>> # two objects, binary labels with P[Y = 1] = 1/2, D = (1, 1/2): NDCG is 1 when
    >>> # both labels agree on relevance (1/4), 1 or 1/2 for one relevant at the top or
    >>> # not (1/4 each), 0 when none is (conventionally): 1/4 + 1/4 + 1/8 = 5/8
    >>> round(random_ranking_expected_ndcg([1.0, 0.5], [0.5, 0.0, 0.5], (1.0, 0.5, 0.0)), 6)
    0.625
    """
    d = np.asarray(weights, dtype=np.float64)
    pr = np.asarray(probs, dtype=np.float64)
    g = np.asarray(grades, dtype=np.float64)
    if d.ndim != 1 or d.size == 0 or pr.shape != (3,) or g.shape != (3,):
        raise ValueError("weights: 1-d, non-empty; probs, grades: three values each")
    if not (abs(pr.sum() - 1) < 1e-12 and np.all(pr >= 0)) or g[2] != 0 or not g[0] > g[1] >= 0:
        raise ValueError("probs: a probability vector; grades: decreasing, the last one 0")
    n = d.size
    cs = np.concatenate([[0.0], np.cumsum(d)])
    total = cs[-1]

    def window(m, q):
        mean, sd = m * q, math.sqrt(m * q * (1 - q))
        return np.arange(max(0, math.floor(mean - width * sd - 1)),
                         min(m, math.ceil(mean + width * sd + 1)) + 1)

    c0 = window(n, pr[0])
    p0 = stats.binom.pmf(c0, n, pr[0])
    q1 = pr[1] / (1 - pr[0]) if pr[0] < 1 else 0.0
    out = 0.0
    for a, pa in zip(c0, p0, strict=True):
        b = window(n - a, q1)
        pb = stats.binom.pmf(b, n - a, q1)
        idcg = g[0] * cs[a] + g[1] * (cs[a + b] - cs[a])
        mean_grade = (g[0] * a + g[1] * b) / n
        val = np.where(idcg > 0, mean_grade * total / np.where(idcg > 0, idcg, 1.0), 0.0)
        out += float(pa) * float(np.sum(pb * val))
    return float(out)


def random_ranking_ndcg_moments(weights, q: float, *, width: float = 12.0) -> tuple[float, float]:
    """The exact mean and standard deviation of binary NDCG for a ranking independent of n
    i.i.d. Bernoulli(``q``) labels: a constant relevance curve ``ybar = q``.

    Given the label count ``l``, the labels sit in a uniformly random order, so with
    ``W = sum_r D(r)``, ``Dbar = W / n`` and ``I(l) = sum_{r <= l} D(r)`` (the IDCG; a
    cut-off's zero weights included),
    ``E[NDCG | l] = (l / n) W / I(l)`` and
    ``Var(NDCG | l) = l (n - l) / (n (n - 1)) sum_r (D(r) - Dbar)^2 / I(l)^2``
    (sampling without replacement); the law of total variance over ``l ~ Binomial(n, q)``
    gives the rest. ``l`` is summed within ``width`` standard deviations of ``nq`` (the
    remaining mass is negligible in double precision); NDCG is 0 when ``l = 0``.
    Wang et al. (2013), Lemma 4 (a constant curve is Hölder for every exponent) and the
    random function of Section 4.

    Parameters
    ----------
    weights : array_like
        ``D(1), ..., D(n)``, non-increasing (zeros beyond a cut-off).
    q : float
        ``P[Y = 1]``, in (0, 1).
    width : float

    Returns
    -------
    mean, sd : float

    Examples
    --------
    >>> # two objects, D = (1, 1/2), fair labels: NDCG is 1 (both relevant or the one
    >>> # relevant on top), 1/2 (the one relevant below) or 0 (none), w.p. 1/2, 1/4, 1/4
    >>> m, s = random_ranking_ndcg_moments([1.0, 0.5], 0.5)
    >>> round(m, 6), round(s ** 2, 6)
    (0.625, 0.171875)
    """
    d = np.asarray(weights, dtype=np.float64)
    if d.ndim != 1 or d.size < 2 or np.any(d < 0) or np.any(np.diff(d) > 0) or d[0] <= 0:
        raise ValueError("weights: a 1-d non-increasing array of n >= 2 non-negative weights")
    if not 0 < q < 1:
        raise ValueError(f"q: need 0 < q < 1, got {q}")
    n = d.size
    cs = np.concatenate([[0.0], np.cumsum(d)])
    total = cs[-1]
    ss = float(np.sum((d - total / n) ** 2))
    mean_l, sd_l = n * q, math.sqrt(n * q * (1 - q))
    ls = np.arange(max(1, math.floor(mean_l - width * sd_l - 1)),
                   min(n, math.ceil(mean_l + width * sd_l + 1)) + 1)
    pl = stats.binom.pmf(ls, n, q)
    ideal = cs[ls]
    cond_mean = (ls / n) * total / ideal
    cond_var = ls * (n - ls) / (n * (n - 1.0)) * ss / ideal**2
    mean = float(np.sum(pl * cond_mean))
    # l = 0 (NDCG = 0) enters only through its squared distance from the mean
    var = float(np.sum(pl * (cond_var + (cond_mean - mean) ** 2))
                + (1 - q) ** n * mean**2 if ls[0] == 1 else
                np.sum(pl * (cond_var + (cond_mean - mean) ** 2)))
    return mean, math.sqrt(max(var, 0.0))
