"""Paired significance tests between two runs' per-query values of a measure.

What ir_measures and ranx users compare runs with: the paired t-test
(:func:`scipy.stats.ttest_rel`) and a seeded paired permutation test -- the sign of each
query's difference flipped at random (:func:`scipy.stats.permutation_test` with
``permutation_type="samples"``; exact when ``2**n`` is at most the number of resamples).
Both two-sided. Queries enter when both runs have a defined (non-NaN) value for them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._validation import check_positive_int

__all__ = ["PairedComparison", "paired_tests"]


@dataclass(frozen=True)
class PairedComparison:
    """Two runs compared on one measure, query by query.

    Attributes
    ----------
    n : int
        Queries compared.
    mean_a, mean_b, difference : float
        The means and ``mean_b - mean_a``.
    t_pvalue, permutation_pvalue : float
        Two-sided p-values; NaN when every difference is 0 for the t-test (as scipy),
        1.0 for the permutation test then.

    Examples
    --------
    What :func:`paired_tests` returns (its Examples show one computed):

    >>> PairedComparison(2, 0.5, 0.75, 0.25, 0.5, 0.5).difference
    0.25
    """

    n: int
    mean_a: float
    mean_b: float
    difference: float
    t_pvalue: float
    permutation_pvalue: float


def _mean_difference(x, y, axis=-1):
    return np.mean(x - y, axis=axis)


def paired_tests(a, b, *, n_resamples: int = 10_000, seed: int = 0) -> PairedComparison:
    """Compare per-query values ``a`` (the baseline) and ``b``, paired by position.

    Parameters
    ----------
    a, b : array_like of float, shape (Q,)
        One value per query, the same queries in the same order.
    n_resamples : int, default 10000
        Random sign flips of the permutation test.
    seed : int, default 0
        Its random generator's seed (numpy's PCG64): the p-value is reproducible.

    Examples
    --------
    Four queries, differences 0.1, 0.1, 0.2 and 0: of the 2^3 = 8 sign patterns of the
    three non-zero differences, the two extremes (all +, all -) reach a mean difference
    as large as the observed one, so the exact permutation p-value is 2/8:

    >>> c = paired_tests([0.2, 0.4, 0.6, 0.5], [0.3, 0.5, 0.8, 0.5], n_resamples=1000, seed=1)
    >>> c.n, round(c.difference, 12), c.permutation_pvalue
    (4, 0.1, 0.25)
    """
    from scipy import stats

    x = np.asarray(a, dtype=np.float64)
    y = np.asarray(b, dtype=np.float64)
    if x.ndim != 1 or x.shape != y.shape:
        raise ValueError(f"a, b: must be 1-d of one length, got shapes {x.shape} and {y.shape}")
    check_positive_int("n_resamples", n_resamples)
    keep = ~(np.isnan(x) | np.isnan(y))
    x, y = x[keep], y[keep]
    if x.size < 2:
        raise ValueError(f"a, b: need at least two queries with values in both, got {x.size}")
    d = y - x
    if not np.any(d):
        t_p, perm_p = np.nan, 1.0
    else:
        res = stats.permutation_test((y, x), _mean_difference, permutation_type="samples",
                                     n_resamples=n_resamples, vectorized=True,
                                     rng=np.random.default_rng(seed))
        perm_p = float(res.pvalue)
        t_p = float(stats.ttest_rel(y, x).pvalue)
    return PairedComparison(int(x.size), float(x.mean()), float(y.mean()),
                            float(y.mean() - x.mean()), t_p, perm_p)
