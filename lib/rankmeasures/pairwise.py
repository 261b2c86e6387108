"""Linear NDCG and the multipartite pairwise losses of Jin & Geng.

With grades ``r_i in {0, ..., L-1}`` and the linear discount ``|S| - i``,

* ``DCG^beta = sum_i r_(i) (|S| - i)`` (eq. (1)), :func:`linear_dcg`;
* ``Delta DCG^beta = DCG^beta_pi - DCG^beta_g`` (the DCG error), :func:`delta_dcg_linear`;
* ``R(f) = sum_{a<b} (b - a) #{(x^b, x^a): f(x^b) < f(x^a)}`` (eq. (4)) and
  ``Rhat(f) = R(f) / Z``, ``Z = sum_{a<b} |S_a||S_b|`` (eq. (3)), :func:`pairwise_loss`;
* ``R_k(f) = #{(x^b, x^a): a <= k < b, f(x^b) < f(x^a)}`` (eq. (7)),
  :func:`pairwise_loss_levels`, whose sum is R(f) by Theorem 1.

Score ties: ``R`` counts strict inversions only (the indicator ``I[f(x^b) < f(x^a)]``),
so a tied pair costs 0, while any order of the tied items in the DCG costs between 0 and
``b - a``. ``Delta DCG^beta = R(f)`` holds exactly when no two items of different grades
tie; under ``ties="average"`` (uniformly random tie-breaking) the expected DCG error is
``R(f) + (1/2) sum over tied pairs of |b - a|``.

Cost: one sort plus O(n L) vectorised work; no pair is enumerated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ._ragged import group_starts
from ._validation import as_float_array, as_grades, check_int, check_same_length
from .dcg import dcg, idcg
from .discounts import linear_discount

if TYPE_CHECKING:
    from ._typing import ArrayLike

__all__ = [
    "linear_dcg",
    "delta_dcg_linear",
    "pairwise_loss",
    "pairwise_loss_levels",
    "tied_pair_weight",
]


def _grades_scores(y_true, y_score, n_levels=None):
    yt = as_grades("y_true", y_true)
    ys = as_float_array("y_score", y_score)
    check_same_length(("y_true", "y_score"), yt, ys)
    top = int(yt.max())
    if n_levels is None:
        n_levels = top + 1
    elif check_int("n_levels", n_levels, min=2) <= top:
        raise ValueError(f"y_true: grade {top} is outside 0..n_levels-1 = 0..{n_levels - 1}")
    return yt.astype(np.int64), ys, max(n_levels, 2)


def _above_counts(yt, ys):
    """Sort by decreasing score; return grades in that order and, for each item, the
    index of the first item of its tie group (items strictly above it = that index)."""
    order = np.argsort(-ys)  # order inside a tie group is irrelevant: counts are per group
    g = yt[order]
    s = ys[order]
    new = group_starts(s)
    group_first = np.maximum.accumulate(np.where(new, np.arange(s.size), 0))
    return g, group_first


def linear_dcg(y_true: ArrayLike, y_score: ArrayLike, *, ties: str = "average") -> float:
    """``DCG^beta_g = sum_{i=1}^{|S|} r_(i) (|S| - i)``, Jin & Geng eq. (1).

    Parameters
    ----------
    y_true : array_like of int in {0, ..., L-1}, shape (n,)
        Grades.
    y_score : array_like, shape (n,)
        Scores; larger ranks higher.
    ties : {"average", "optimistic", "pessimistic", "stable"}
        Tie policy of :func:`rankmeasures.dcg`.

    Returns
    -------
    float

    Examples
    --------
    >>> import rankmeasures as rm
    >>> rm.linear_dcg([2, 0, 1], [3, 2, 1])  # weights |S| - i = 2, 1, 0: 2*2 + 0*1 + 1*0
    4.0

    A bipartite list in its ideal order has ``DCG = mn + m(m-1)/2`` (Jin & Geng, after
    eq. (1)); m = 2 positives, n = 2 negatives: weights 3 + 2 = 4 + 1.

    >>> rm.linear_dcg([1, 1, 0, 0], [4, 3, 2, 1])
    5.0
    """
    yt, ys, _ = _grades_scores(y_true, y_score)
    return dcg(yt, ys, discount=linear_discount, gain="identity", ties=ties)


def delta_dcg_linear(y_true: ArrayLike, y_score: ArrayLike, *, ties: str = "average") -> float:
    """The DCG error ``Delta DCG^beta = DCG^beta_pi - DCG^beta_g`` (Jin & Geng, eq. (5)).

    Equals :func:`pairwise_loss` when no two items of different grades have equal
    scores (see the module docstring for ties).

    Parameters
    ----------
    y_true, y_score, ties
        As in :func:`linear_dcg`.

    Returns
    -------
    float
        The ideal order's ``DCG^beta`` minus the scores' (>= 0).

    Examples
    --------
    The ideal order of grades 2, 0, 1 has DCG ``2*2 + 1*1 + 0*0 = 5``; the scores give
    ``2*2 + 0*1 + 1*0 = 4`` (see :func:`linear_dcg`).

    >>> import rankmeasures as rm
    >>> rm.delta_dcg_linear([2, 0, 1], [3, 2, 1])
    1.0
    >>> rm.pairwise_loss([2, 0, 1], [3, 2, 1])  # eq. (5): the same
    1
    """
    yt, ys, _ = _grades_scores(y_true, y_score)
    return idcg(yt, discount=linear_discount, gain="identity") - dcg(
        yt, ys, discount=linear_discount, gain="identity", ties=ties
    )


def pairwise_loss(y_true: ArrayLike, y_score: ArrayLike, *, normalized: bool = False,
                  n_levels: int | None = None) -> int | float:
    """``R(f)`` (eq. (4)) or, with ``normalized=True``, ``Rhat(f) = R(f)/Z`` (eq. (3)).

    ``R(f) = sum_{0<=a<b<L} (b-a) sum_{x in S_b, x' in S_a} I[f(x) < f(x')]``: every
    pair ranked strictly the wrong way costs its grade difference; ties cost 0.

    Parameters
    ----------
    y_true : array_like of int in {0, ..., L-1}
        Grades.
    y_score : array_like
        Scores; larger ranks higher.
    normalized : bool
        Divide by ``Z = sum_{a<b} |S_a||S_b|`` (raises when Z = 0, i.e. one grade only).
    n_levels : int, optional
        L; default ``max(y_true) + 1``.

    Returns
    -------
    int (R) or float (Rhat)

    Examples
    --------
    >>> import rankmeasures as rm
    >>> rm.pairwise_loss([2, 0, 1], [3, 2, 1])  # grade 1 scored below grade 0: cost 1 - 0
    1
    >>> rm.pairwise_loss([2, 0, 1], [1, 3, 2])  # reversed: (2 - 0) + (2 - 1) + (1 - 0)
    4
    >>> round(rm.pairwise_loss([2, 0, 1], [1, 3, 2], normalized=True), 6)  # Z = 3: 4/3
    1.333333
    """
    yt, ys, n_lev = _grades_scores(y_true, y_score, n_levels)
    g, first = _above_counts(yt, ys)
    total = 0
    for a in range(n_lev - 1):  # O(n) work per level, L levels
        is_a = g == a
        excl = np.cumsum(is_a) - is_a  # items of grade a strictly before i
        above_a = excl[first]  # ... strictly above i's tie group
        w = np.maximum(g - a, 0)
        total += int((w * above_a).sum())
    if not normalized:
        return total
    counts = np.bincount(yt, minlength=n_lev).astype(np.int64)
    z = (int(counts.sum()) ** 2 - int((counts**2).sum())) // 2
    if z == 0:
        raise ValueError("y_true: a single grade present; Z = 0 and Rhat is undefined")
    return total / z


def pairwise_loss_levels(y_true: ArrayLike, y_score: ArrayLike, *,
                         n_levels: int | None = None) -> np.ndarray:
    """``[R_0(f), ..., R_{L-2}(f)]`` of Jin & Geng eq. (7).

    ``R_k(f)`` counts pairs with grades ``a <= k < b`` whose grade-b item scores strictly
    below the grade-a item: the bipartite loss of thresholding the grades at k.

    Parameters
    ----------
    y_true, y_score, n_levels
        As in :func:`pairwise_loss`.

    Returns
    -------
    ndarray of int64, shape (L-1,)

    Examples
    --------
    >>> import rankmeasures as rm
    >>> rm.pairwise_loss_levels([2, 0, 1], [3, 2, 1]).tolist()  # only grade 1 below 0
    [1, 0]

    Reversed, every pair is inverted: 2 pairs straddle each threshold, and the sum is
    ``R = 4`` of :func:`pairwise_loss` (Theorem 1).

    >>> rm.pairwise_loss_levels([2, 0, 1], [1, 3, 2]).tolist()
    [2, 2]
    """
    yt, ys, n_lev = _grades_scores(y_true, y_score, n_levels)
    g, first = _above_counts(yt, ys)
    out = np.zeros(n_lev - 1, dtype=np.int64)
    for k in range(n_lev - 1):
        low = g <= k
        excl = np.cumsum(low) - low
        out[k] = int(excl[first][~low].sum())
    return out


def tied_pair_weight(y_true: ArrayLike, y_score: ArrayLike, *, n_levels: int | None = None) -> int:
    """``T = sum over pairs with equal scores of |y_i - y_j|``.

    The cost that score ties add to the DCG error of Jin & Geng: with ``R = R(f)``,
    ``Delta DCG^beta`` is ``R`` under the optimistic tie rule, ``R + T`` under the
    pessimistic one and ``R + T/2`` in expectation over uniform tie-breaking
    (``ties="average"``). Computed per tie group from its grade counts ``c``:
    ``sum_{a<b} (b - a) c_a c_b``, in O(n + G L^2) for G tie groups.

    Parameters
    ----------
    y_true, y_score, n_levels
        As in :func:`pairwise_loss`.

    Returns
    -------
    int

    Examples
    --------
    Grades 1 and 0 tie at the top; grade 2 is scored below both.

    >>> import rankmeasures as rm
    >>> y, s = [1, 0, 2], [2, 2, 1]
    >>> rm.tied_pair_weight(y, s)  # |1 - 0|
    1
    >>> rm.pairwise_loss(y, s)  # (2 - 1) + (2 - 0)
    3
    >>> [rm.delta_dcg_linear(y, s, ties=t) for t in ("optimistic", "average", "pessimistic")]
    [3.0, 3.5, 4.0]
    """
    yt, ys, n_lev = _grades_scores(y_true, y_score, n_levels)
    _, group = np.unique(ys, return_inverse=True)
    counts = np.zeros((group.max() + 1, n_lev), dtype=np.int64)
    np.add.at(counts, (group, yt), 1)
    lv = np.arange(n_lev)
    w = np.abs(lv[:, None] - lv[None, :])
    return int(np.einsum("ga,ab,gb->", counts, w, counts) // 2)
