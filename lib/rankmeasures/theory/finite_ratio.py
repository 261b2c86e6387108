"""``E[DCG] / E[IDCG]`` at a finite list length: exactly (:func:`expected_ratio`, with a
proven bound on its distance to ``E[NDCG]``), and estimated from paired Monte Carlo draws
(:func:`ratio_of_means`, with its delta-method standard error). The first is the target of
the second; Definition 5's pseudo-expectation of Wang et al. (2013) replaces both sums by
integrals.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import sympy

from .._validation import check_int
from ..discounts import CustomDiscount, Discount
from . import asymptotics
from .arguments import discount_and_cut
from .classification import check_discount_theory, discount_at
from .models import RelevanceModel, relevance_model
from .results import ExactRatio

__all__ = ["expected_ratio", "expected_ratio_of_model", "ratio_of_means"]


def expected_ratio(discount: Any, ybar: Any, nv: int, *, cut: Any = None) -> ExactRatio | None:
    """``E[DCG] / E[IDCG]`` at list length ``nv``, exactly (double precision), with a
    proven bound on how far the mean of NDCG can be from it (see :func:`expected_ratio_of_model`).

    Parameters
    ----------
    discount, cut : str, sympy expression or Discount
        As for :func:`~rankmeasures.theory.analysis.analyse` (a non-linear discount); or a
        :class:`~rankmeasures.discounts.Discount` object (its cut-off, if any, inside it,
        e.g. :func:`~rankmeasures.cutoff`), with ``cut`` None: the formula needs the
        weights D(1..nv) only.
    ybar : str, sympy expression in s, or dict
        A binary or graded relevance model, as for :func:`~rankmeasures.theory.analysis.analyse`.
    nv : int
        The list length, at most 1e7.

    Returns
    -------
    ExactRatio or None
        ``ratio`` (``E[DCG] / E[IDCG]``), ``bias_bound`` (on ``|E[NDCG] -
        E[DCG]/E[IDCG]|``), ``expected_dcg`` and ``expected_idcg``; None for a mean curve
        that is not a polynomial in s or ``nv > 1e7``.

    Examples
    --------
    >>> out = expected_ratio("r^(-1/2)", "1/2", 3)  # by hand: sum D(r)/2 / sum D(r) P[M >= r]
    >>> round(out.ratio, 12)
    0.878149498646
    >>> from rankmeasures import power_discount
    >>> round(expected_ratio(power_discount(0.5), "1/2", 3).ratio, 12)  # the same discount
    0.878149498646
    """
    check_int("nv", nv, min=1)
    if isinstance(discount, Discount):
        if cut is not None:
            raise ValueError("cut: with a Discount object, put the cut-off inside it "
                             "(rankmeasures.cutoff); cut is for an expression discount")
        return expected_ratio_of_model(relevance_model(ybar), discount, int(nv))
    d_expr, k_expr = discount_and_cut(discount, cut)
    check_discount_theory(d_expr)
    base = CustomDiscount(expr=d_expr, name=str(d_expr))
    return expected_ratio_of_model(relevance_model(ybar), discount_at(base, k_expr, nv), int(nv))


def expected_ratio_of_model(mod: RelevanceModel, disc: Discount, nv: int,
                            max_n: int = 10**7) -> ExactRatio | None:
    """``E[DCG] / E[IDCG]`` at list length ``nv`` exactly (double precision), the target of
    the Monte Carlo, and a bound on ``|E[NDCG] - E[DCG] / E[IDCG]|``. Definition 5's
    pseudo-expectation replaces both sums by integrals; its error at finite n depends on
    the relevance curve (compare the two with :func:`expected_ratio`).

    ``E[DCG] = sum_r D(r) E[m(ftilde(x_(r)))]`` with ``1 - ftilde(x_(r)) ~ Beta(r, n-r+1)``
    (Wang et al. 2013, Claim 2) for a mean curve ``m`` polynomial in s, and
    ``E[IDCG] = sum_j (v_j - v_(j+1)) E[F(M_j)]`` with ``F(m) = sum_{r <= m} D(r)`` and
    ``M_j ~ Binomial(n, R_j)`` the number of labels at least ``v_j``. The bound: with
    ``Z = DCG / IDCG`` in [0, 1] and ``E[Z IDCG] = E[DCG]``, ``E[Z] - E[DCG]/E[IDCG] =
    -Cov(Z, IDCG) / E[IDCG]``, at most ``sd(Z) sd(IDCG) / E[IDCG] <= sd(IDCG) / (2
    E[IDCG])`` by Cauchy-Schwarz, and ``sd(IDCG) <= sum_j (v_j - v_(j+1)) sd(F(M_j))``
    (Minkowski), each computed exactly from the binomial law. None for a curve that is not
    a polynomial or ``nv > max_n``.
    """
    from scipy import stats

    u = sympy.Symbol("u")
    if nv > max_n:
        return None
    try:
        poly = sympy.Poly(sympy.expand(mod.mean.subs(asymptotics.s, 1 - u)), u)
    except sympy.PolynomialError:
        return None
    if not all(c.is_number for c in poly.all_coeffs()):
        return None
    w = np.asarray(disc.weights(nv), dtype=np.float64)
    ranks = np.arange(1, nv + 1, dtype=np.float64)
    moment = np.ones(nv)  # E[u^k], built up k by k
    mean = np.zeros(nv)
    for k, a in enumerate(reversed(poly.all_coeffs())):
        if k:
            moment = moment * (ranks + k - 1) / (nv + k)
        mean += float(a) * moment
    values = [float(v) for v in mod.values] + [0.0]
    cum = np.concatenate([[0.0], np.cumsum(w)])  # F(m), m = 0..nv
    ideal, sd_ideal = 0.0, 0.0
    for j, rate in enumerate(mod.rates):
        step = values[j] - values[j + 1]
        ideal += step * float(w @ stats.binom.sf(ranks - 1, nv, float(rate)))
        pmf = stats.binom.pmf(np.arange(nv + 1), nv, float(rate))
        m1 = float(pmf @ cum)
        sd_ideal += step * math.sqrt(max(float(pmf @ (cum - m1) ** 2), 0.0))
    expected_dcg = float(w @ mean)
    return ExactRatio(expected_dcg / ideal, sd_ideal / (2 * ideal), expected_dcg, ideal)


def ratio_of_means(dcg: Any, idcg: Any) -> tuple[float, float, float | None, float | None]:
    """The ratio estimator of ``E[DCG] / E[IDCG]`` from paired draws, with its delta-method
    standard error: ``(mean DCG, mean IDCG, ratio, its s.e.)``.

    ``R = mean(DCG) / mean(IDCG)``; its standard error is ``sd(DCG - R IDCG) / (sqrt(m)
    mean(IDCG))`` over the ``m`` draws (the linearisation of ``D / I`` about the means,
    e.g. Cochran, *Sampling Techniques*, 3rd ed., Section 6.3); its bias is of order
    ``1/m``, against a standard error of order ``1/sqrt(m)``. A draw with IDCG = 0 (no
    relevant label) adds 0 to both sums; with no relevant label in any draw the ratio and
    its standard error are None.
    """
    dcg, idcg = np.asarray(dcg, dtype=np.float64), np.asarray(idcg, dtype=np.float64)
    m = dcg.size
    mean_d, mean_i = float(dcg.mean()), float(idcg.mean())
    if mean_i == 0:  # no draw had a relevant document: the ratio is not defined
        return mean_d, mean_i, None, None
    ratio = mean_d / mean_i
    resid = dcg - ratio * idcg
    se = float(np.sqrt(resid @ resid / (m - 1)) / (math.sqrt(m) * mean_i)) if m > 1 \
        else math.nan
    return mean_d, mean_i, ratio, se
