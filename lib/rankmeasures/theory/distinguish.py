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
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from .._validation import check_positive_int
from ..dcg import ndcg
from ..discounts import as_discount
from ._label_model import numpy_curve
from .simulate import latent_sample

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from .._typing import ArrayLike, DiscountLike

__all__ = ["win_rate", "coupled_sample", "model_win_rate", "latent_relevance"]

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


# -- two relevance curves of the user's own ------------------------------------------------

class _Density:
    """A density on [0, 1] for scipy's numerical inversion (UNU.RAN's PINV)."""

    def __init__(self, f):
        self._f = f

    def pdf(self, x):
        return self._f(x)


def _curve(model):
    f = numpy_curve(model)
    return lambda x: np.broadcast_to(np.asarray(f(np.asarray(x, dtype=np.float64)),
                                                dtype=np.float64), np.shape(x))


def _samplers(models) -> tuple[float, list]:
    """p and, for each model, the inverse CDFs of its score given Y = 0 and given Y = 1;
    memoised (building them is the expensive part of a sample at small n)."""
    models = tuple(models)
    try:
        return _samplers_cached(models)
    except TypeError:  # an unhashable model
        return _build_samplers(models)


def _build_samplers(models: tuple) -> tuple[float, list]:
    from scipy.integrate import quad
    from scipy.stats.sampling import NumericalInversePolynomial

    curves = [_curve(m) for m in models]
    ps = [quad(lambda x, c=c: float(c(x)), 0.0, 1.0, epsabs=1e-13, epsrel=1e-12)[0]
          for c in curves]
    if not all(0 < q < 1 for q in ps):
        raise ValueError(f"models: P[Y = 1] = int ybar must lie in (0, 1), got {ps}")
    if abs(ps[0] - ps[1]) > 1e-9:
        raise ValueError(f"models: the two curves give P[Y = 1] = {ps[0]:.12g} and "
                         f"{ps[1]:.12g}; functions scoring the same labelled objects share it")
    grid = np.linspace(0.0, 1.0, 2001)
    for m, c in zip(models, curves, strict=True):
        v = c(grid)
        if not (v.min() >= 0 and v.max() <= 1):  # NaN fails both
            raise ValueError(f"models: ybar = {m} is not a probability on [0, 1]")
    p = ps[0]
    out = []
    for m, c in zip(models, curves, strict=True):
        pair = []
        for dens in (lambda x, c=c: (1.0 - c(x)) / (1.0 - p), lambda x, c=c: c(x) / p):
            try:
                pair.append(NumericalInversePolynomial(_Density(dens), domain=(0.0, 1.0),
                                                       u_resolution=1e-12))
            except Exception as exc:  # UNU.RAN's setup error names no argument
                raise ValueError(f"models: cannot invert the score law of ybar = {m} given "
                                 f"the label ({exc})") from None
        out.append(pair)
    return p, out


_samplers_cached = lru_cache(maxsize=16)(_build_samplers)


def coupled_sample(n: int, models, *, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """One sample of n objects scored by two ranking functions given by their relevance
    curves ``ybar_j(s) = P[Y = 1 | f_j's canonical score = s]``.

    Wang et al. (2013), Section 2's model for two functions at once: each object's label
    ``Y ~ Bernoulli(p)`` (``p = int ybar_j``, the same for both: they score the same
    objects), and, given ``Y``, each function's canonical score drawn from its law
    (density ``ybar_j(s)/p`` or ``(1 - ybar_j(s))/(1 - p)`` on [0, 1]), the two scores
    independent given the label. So each score is ``U[0, 1]`` and ``P[Y = 1 | s_j] =
    ybar_j(s_j)``, as the model asks; for ``ybar = s`` against ``1/2`` it is
    :func:`~rankmeasures.theory.simulate.latent_sample`'s law with noise 0 and inf. The
    inverse CDFs come from scipy's numerical inversion (UNU.RAN's PINV, u-error below
    1e-12).

    Parameters
    ----------
    n : int
    models : pair of sympy expressions in ``asymptotics.s`` or callables
    seed : int

    Returns
    -------
    labels : ndarray of float, shape (n,)
    scores : ndarray of float, shape (2, n)
    """
    check_positive_int("n", n)
    if len(models) != 2:
        raise ValueError(f"models: expected two relevance curves, got {len(models)}")
    p, inv = _samplers(models)
    rng = np.random.default_rng(seed)
    y = rng.random(n) < p
    u = rng.random((2, n))
    scores = np.empty((2, n))
    for j in range(2):
        scores[j, ~y] = inv[j][0].ppf(u[j, ~y])
        scores[j, y] = inv[j][1].ppf(u[j, y])
    return y.astype(np.float64), scores


def model_win_rate(n: int, models, discount: DiscountLike, *, seeds: Iterable[int]) -> float:
    """The fraction of :func:`coupled_sample` samples on which ``NDCG(f0) > NDCG(f1)``
    (Definition 3), each comparison decided exactly as in :func:`win_rate`."""
    d = as_discount(discount)
    seeds = list(seeds)
    if not seeds:
        raise ValueError("seeds: expected at least one seed")
    w = [d.weights(n)]
    wins = 0
    for sd in seeds:
        labels, scores = coupled_sample(n, models, seed=int(sd))
        wins += int(_wins(labels, scores, w, [d])[0])
    return wins / len(seeds)


def latent_relevance(s: float, noise: float) -> float:
    """The relevance curve ``ybar(s) = P[Y = 1 | canonical score = s]`` of the latent model
    of :func:`~rankmeasures.theory.simulate.latent_sample`: ``Z ~ U(0, 1)``,
    ``Y ~ Bernoulli(Z)``, score ``Z + noise * E`` with ``E`` standard normal.

    Wang et al. (2013), Section 2: a ranking function is summarised by its canonical score
    ``s = P[score <= t]`` (uniform when the score has no atoms, Lemma 1) and
    ``ybar(s) = E[Z | score = t]``. Noise 0 gives ``ybar(s) = s``; infinite noise (an
    independent score) gives 1/2; any finite noise gives a curve from 0 to 1, so
    ``ybar(1) = 1`` and Theorem 6's delta-condition fails at the top.

    Parameters
    ----------
    s : float
        The canonical score, in (0, 1).
    noise : float
        The standard deviation of the Gaussian noise, >= 0 (``inf``: a random score).

    Returns
    -------
    float

    Examples
    --------
    >>> latent_relevance(0.3, 0.0), latent_relevance(0.3, float("inf"))
    (0.3, 0.5)
    >>> round(latent_relevance(0.5, 0.5), 12)  # symmetric about the middle
    0.5
    """
    from scipy import integrate, optimize, stats

    if not 0 < s < 1:
        raise ValueError(f"s: need 0 < s < 1, got {s!r}")
    if not noise >= 0:
        raise ValueError(f"noise: need noise >= 0, got {noise!r}")
    if noise == 0:
        return float(s)
    if math.isinf(noise):
        return 0.5

    def tail(t, upper):  # P[score > t] (upper) or P[score <= t], accurate in the tails
        f = stats.norm.sf if upper else stats.norm.cdf
        return integrate.quad(lambda z: f((t - z) / noise), 0.0, 1.0, epsabs=0,
                              epsrel=1e-12)[0]

    upper = s > 0.5
    goal = 1 - s if upper else s
    span = 1.0 + 10 * noise  # beyond it the tail is below 1e-23
    t = optimize.brentq(lambda x: math.log(max(tail(x, upper), 1e-300)) - math.log(goal), -span,
                        1 + span, xtol=1e-14, rtol=1e-14)
    w = [integrate.quad(lambda z, j=j: z**j * stats.norm.pdf((t - z) / noise), 0.0, 1.0,
                        epsabs=0, epsrel=1e-12)[0] for j in (0, 1)]
    return float(w[1] / w[0])
