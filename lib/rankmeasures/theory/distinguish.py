"""How often NDCG ranks the better of two ranking functions first, on coupled samples.

Wang et al. (2013), Definition 3: a measure *consistently distinguishes* two ranking
functions f0, f1 when ``P[NDCG(f0) > NDCG(f1)] -> 1`` as n grows (Theorem 2: the standard
NDCG does; a summable discount such as 2^-r does not, Theorem 6). The probability is
estimated here on samples of :func:`~rankmeasures.theory.simulate.latent_sample`'s model,
both functions scoring the same n objects, one sample per seed.

The comparison is decided exactly for the double-precision weights: with the same labels
the IDCG is common to both functions, so ``NDCG(f0) > NDCG(f1)`` is
``sum_r D(r) (y_pi0(r) - y_pi1(r)) > 0``, whose terms are exact (binary labels); the sum's
sign is taken from numpy's sum when it exceeds the sum's rounding bound and from
:func:`math.fsum` (correctly rounded) otherwise. This matters under a summable discount,
where both functions often put the same labels on every position that carries weight and
the two NDCGs differ in their last bits only.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from ..dcg import ndcg
from ..discounts import as_discount
from .simulate import latent_sample

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from .._typing import ArrayLike, DiscountLike

__all__ = ["win_rate"]

_EPS = np.finfo(np.float64).eps / 2  # the unit roundoff u


def _positive(terms: np.ndarray) -> bool:
    """Whether the exact sum of ``terms`` is > 0.

    Any summation order errs by at most ``gamma_m sum|t|``, ``gamma_m = m u / (1 - m u)``
    (Higham, *Accuracy and Stability of Numerical Algorithms*, 2nd ed., eq. (4.4)): beyond
    that bound numpy's sign is the exact sign; within it :func:`math.fsum` decides.
    """
    nz = terms[terms != 0]
    if nz.size == 0:
        return False
    total = float(nz.sum())
    m = nz.size
    bound = m * _EPS / (1 - m * _EPS) * float(np.abs(nz).sum())
    if abs(total) > bound:
        return total > 0
    return math.fsum(nz.tolist()) > 0


def _wins(labels: np.ndarray, scores: np.ndarray, weights: Sequence[np.ndarray],
          discounts: Sequence) -> np.ndarray:
    """For one sample: whether NDCG(f0) > NDCG(f1) under each discount (booleans).

    ``labels`` are 0/1, ``scores`` has two rows. A function with tied scores is compared
    by :func:`rankmeasures.ndcg` (ties averaged, its default): its ranking is not one order.
    """
    orders = []
    for row in scores:
        order = np.argsort(-row, kind="stable")
        srt = row[order]
        if np.any(srt[1:] == srt[:-1]):
            return np.array([ndcg(labels, scores[0], discount=d)
                             > ndcg(labels, scores[1], discount=d) for d in discounts])
        orders.append(order)
    diff = labels[orders[0]] - labels[orders[1]]
    return np.array([_positive(diff * w) for w in weights])


def win_rate(n: int, noise: ArrayLike, discounts: Sequence[DiscountLike], *,
             seeds: Iterable[int]) -> np.ndarray:
    """The fraction of samples on which ``NDCG(f0) > NDCG(f1)``, under each discount.

    Wang et al. (2013), Definition 3 and Theorem 2 (consistent distinguishability); the
    estimate behind document 004's distinguishability table.

    Parameters
    ----------
    n : int
        Objects per sample.
    noise : pair of float >= 0 (or inf)
        The score noise of f0 and f1 in :func:`~rankmeasures.theory.simulate.latent_sample`
        (0: the canonical score, ybar(s) = s; inf: a random ranking).
    discounts : sequence of Discount or names
        One estimate per discount, all on the same samples.
    seeds : iterable of int
        One sample per seed (``latent_sample(n, noise, seed=seed)``).

    Returns
    -------
    ndarray of float, shape (len(discounts),)
        Wins divided by the number of samples. A tie (equal NDCG, e.g. no relevant object)
        is not a win.
    """
    sig = np.asarray(noise, dtype=np.float64)
    if sig.shape != (2,):
        raise ValueError(f"noise: expected two values (f0, f1), got shape {sig.shape}")
    ds = [as_discount(d) for d in discounts]
    if not ds:
        raise ValueError("discounts: expected at least one discount")
    seeds = list(seeds)
    if not seeds:
        raise ValueError("seeds: expected at least one seed")
    for s in seeds:
        if isinstance(s, bool) or not isinstance(s, (int, np.integer)):
            raise ValueError(f"seeds: expected integers, got {s!r}")
    weights = None
    wins = np.zeros(len(ds), dtype=np.int64)
    for s in seeds:
        labels, scores = latent_sample(n, sig, seed=int(s))
        if weights is None:  # n is validated by latent_sample
            weights = [d.weights(n) for d in ds]
        wins += _wins(labels, scores, weights, ds)
    return wins / len(seeds)
