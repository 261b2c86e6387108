"""The concordance family from one O(n log n) kernel.

:func:`~rankmeasures._concordance.counts.pair_counts` (exported by the root) counts, over
the ``n(n-1)/2`` unordered pairs of items, the pairs that are concordant, discordant, tied
in ``x``, tied in ``y`` and tied in both. Every measure here is a ratio of those counts:

========================  ======================================================
Kendall distance          ``D`` (Fürnkranz & Hüllermeier, "Kendall's Distance")
Kendall tau-a / tau-b     ``(C-D)/n0`` / ``(C-D)/sqrt((n0-Tx)(n0-Ty))``
Goodman-Kruskal gamma     ``(C-D)/(C+D)`` (tutorial, "Gamma Coefficient")
Somers' d (y given x)     ``(C-D)/(n0-Tx)``
AUC (Mann-Whitney)        ``(C + (Ty-Txy)/2)/(n0-Tx)`` with x binary labels
C-index                   the same with graded labels (Gönen & Heller 2005)
m-AUC                     mean of the AUCs of every pair of levels (Hand & Till's M)
========================  ======================================================

``n0 = n(n-1)/2``; ``Tx`` counts pairs tied in x (including those tied in both), ``Ty``
likewise, ``Txy`` pairs tied in both; then ``C = n0 - D - Tx - Ty + Txy``.

The counts, and how the discordant ones are counted in O(n log n) (a compiled Fenwick-tree
pass, or a wavelet-matrix pass in numpy), are those of :mod:`rankmeasures._concordance.counts`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from ._concordance.counts import pair_counts
from ._validation import as_float_pair

if TYPE_CHECKING:
    from ._typing import ArrayLike

__all__ = [
    "kendall_distance",
    "kendall_tau",
    "goodman_kruskal_gamma",
    "somers_d",
    "auc",
    "c_index",
    "pairwise_aucs",
    "m_auc",
]


def kendall_distance(x: ArrayLike, y: ArrayLike, *, normalize: bool = False) -> float:
    """Kendall's distance: the number of pairs ordered one way by x and the other by y.

    Fürnkranz & Hüllermeier, "Kendall's Distance": ``D_tau = |{(i,j): r(x_i) < r(x_j) and
    rhat(x_i) > rhat(x_j)}|``; pass two rank vectors or two score vectors. Tied pairs are
    not counted. With ``normalize=True`` the count is divided by the number of pairs that
    ``x`` (the target) orders strictly, as the tutorial says for partial targets; then
    ``AUC = 1 - normalised Kendall distance`` for a bipartite target without score ties.

    Parameters
    ----------
    x : array_like, shape (n,)
        The target: finite ranks or scores. With ``normalize=True`` its tied pairs leave
        the denominator.
    y : array_like, shape (n,)
        The prediction: finite values of the same length, on the same convention as ``x``
        (both scores, larger meaning higher, or both ranks, smaller meaning higher).
    normalize : bool, default False
        Divide the count by the number of pairs that ``x`` orders strictly, ``n0 - Tx``.

    Returns
    -------
    int or float
        With ``normalize=False`` the count ``D``, a Python int in ``[0, n(n-1)/2]``; with
        ``normalize=True`` the float ``D / (n0 - Tx)`` in ``[0, 1]``.

    Raises
    ------
    ValueError
        If ``x`` or ``y`` is empty, not 1-d, not numbers or not finite (integers beyond
        2**53 included), or the two differ in length; with ``normalize=True``, also if every
        pair is tied in ``x`` (a constant ``x`` or a single item): the normalised distance
        is then undefined (an error, not NaN).

    Examples
    --------
    The tutorial's example (Fürnkranz & Hüllermeier, slide "Kendall's Distance"): target
    E>B>C>A>D, prediction A>B>E>C>D, as rank vectors over A..E.

    >>> import rankmeasures as rm
    >>> r, rhat = [4, 2, 3, 5, 1], [1, 2, 4, 5, 3]
    >>> rm.kendall_distance(r, rhat)  # inverted: A over E, B and C; B over E
    4
    >>> rm.kendall_distance(r, rhat, normalize=True)  # 4 of 10 pairs
    0.4

    A bipartite target: of the 4 (positive, negative) pairs one is inverted (0.3 < 0.5),
    so the normalised distance is 1/4 and the AUC 3/4.

    >>> rm.kendall_distance([1, 1, 0, 0], [0.9, 0.3, 0.5, 0.1], normalize=True)
    0.25
    """
    pc = pair_counts(x, y)
    if not normalize:
        return pc.discordant
    denom = pc.total - pc.ties_x
    if denom == 0:
        raise ValueError(
            "x: every pair is tied in the target; the normalised distance is undefined"
        )
    return pc.discordant / denom


def kendall_tau(x: ArrayLike, y: ArrayLike, *, variant: str = "b") -> float:
    """Kendall's tau, ``"a"``: ``(C-D)/n0``; ``"b"``: ``(C-D)/sqrt((n0-Tx)(n0-Ty))``.

    Kendall (1938); tutorial, "Kendall's tau" (``1 - 4 D_tau / (c(c-1))`` for total
    rankings, which is tau-a). NaN when the denominator is 0 (a constant input), as
    :func:`scipy.stats.kendalltau`.

    Parameters
    ----------
    x, y : array_like, shape (n,)
        Finite values of the same length, on one convention (both scores, larger meaning
        higher, or both ranks, smaller meaning higher); tau is symmetric in ``x`` and ``y``.
    variant : {"b", "a"}, default "b"
        ``"a"`` divides ``C - D`` by all ``n0`` pairs; ``"b"`` by
        ``sqrt((n0 - Tx)(n0 - Ty))``, leaving out the pairs tied in each input.

    Returns
    -------
    float
        In ``[-1, 1]``. NaN when the denominator is 0: for tau-a when ``n = 1``, for tau-b
        when ``x`` or ``y`` is constant (a single item included).

    Raises
    ------
    ValueError
        If ``variant`` is neither ``"a"`` nor ``"b"`` (checked before the data), or if
        ``x`` or ``y`` is empty, not 1-d, not numbers or not finite (integers beyond
        2**53 included), or the two differ in length.

    Examples
    --------
    >>> import math
    >>> import rankmeasures as rm
    >>> round(rm.kendall_tau([1, 2, 3], [1, 3, 2]), 6)  # C = 2, D = 1 of 3 pairs: 1/3
    0.333333

    The tutorial's example (Fürnkranz & Hüllermeier, slide "Kendall's Distance"): D = 4
    of 10 pairs, so ``1 - 4 * 4 / (5 * 4)``.

    >>> rm.kendall_tau([4, 2, 3, 5, 1], [1, 2, 4, 5, 3], variant="a")
    0.2

    With a tie in x (pair (0, 1)), C = 2 and D = 0: tau-a divides by all 3 pairs, tau-b
    by ``sqrt((3 - 1) * (3 - 0))``.

    >>> round(rm.kendall_tau([1, 1, 2], [1, 2, 3], variant="a"), 6)
    0.666667
    >>> round(rm.kendall_tau([1, 1, 2], [1, 2, 3]), 6) == round(2 / math.sqrt(6), 6)
    True
    """
    if variant not in ("a", "b"):
        raise ValueError(f"variant: must be 'a' or 'b', got {variant!r}")
    pc = pair_counts(x, y)
    num = pc.concordant - pc.discordant
    if variant == "a":
        return num / pc.total if pc.total else float("nan")
    den = (pc.total - pc.ties_x) * (pc.total - pc.ties_y)
    return num / math.sqrt(den) if den else float("nan")


def goodman_kruskal_gamma(x: ArrayLike, y: ArrayLike) -> float:
    """Goodman & Kruskal's gamma ``(C - D)/(C + D)``; NaN when no pair is untied in both.

    Tutorial, "Gamma Coefficient": equal to Kendall's tau when both rankings are total.
    Here C counts the correctly ordered pairs and D the inverted ones.

    Parameters
    ----------
    x, y : array_like, shape (n,)
        Finite values of the same length, on one convention (both scores, larger meaning
        higher, or both ranks, smaller meaning higher); gamma is symmetric in ``x`` and
        ``y``, and pairs tied in either are left out.

    Returns
    -------
    float
        In ``[-1, 1]``; NaN when ``C + D = 0``, i.e. every pair is tied in ``x`` or in
        ``y`` (a constant input or a single item).

    Raises
    ------
    ValueError
        If ``x`` or ``y`` is empty, not 1-d, not numbers or not finite (integers beyond
        2**53 included), or the two differ in length.

    Examples
    --------
    Of the 6 pairs of ``x = [1, 2, 2, 3]``, ``y = [1, 3, 2, 2]``: (0, 1), (0, 2), (0, 3)
    concordant, (1, 3) discordant, (1, 2) tied in x, (2, 3) tied in y; the ties drop out.

    >>> import rankmeasures as rm
    >>> rm.goodman_kruskal_gamma([1, 2, 2, 3], [1, 3, 2, 2])  # (3 - 1) / (3 + 1)
    0.5
    >>> round(rm.goodman_kruskal_gamma([1, 2, 3], [1, 3, 2]), 6)  # no ties: tau, 1/3
    0.333333
    """
    pc = pair_counts(x, y)
    s = pc.concordant + pc.discordant
    return (pc.concordant - pc.discordant) / s if s else float("nan")


def somers_d(x: ArrayLike, y: ArrayLike) -> float:
    """Somers' d of y given x, ``(C - D)/(n0 - Tx)``; NaN when x is constant.

    Matches ``scipy.stats.somersd(x, y).statistic``.

    Parameters
    ----------
    x : array_like, shape (n,)
        The conditioning variable, finite values; pairs tied in ``x`` leave the
        denominator (d is not symmetric: ``somers_d(y, x)`` divides by ``n0 - Ty``).
    y : array_like, shape (n,)
        Finite values of the same length, on the same convention as ``x`` (larger meaning
        higher in both, or smaller in both).

    Returns
    -------
    float
        In ``[-1, 1]``; NaN when ``n0 - Tx = 0``, i.e. every pair is tied in ``x`` (a
        constant ``x`` or a single item).

    Raises
    ------
    ValueError
        If ``x`` or ``y`` is empty, not 1-d, not numbers or not finite (integers beyond
        2**53 included), or the two differ in length.

    Examples
    --------
    C = 3, D = 1 and one pair tied in x among the 6 pairs (see :func:`goodman_kruskal_gamma`):

    >>> import rankmeasures as rm
    >>> rm.somers_d([1, 2, 2, 3], [1, 3, 2, 2])  # (3 - 1) / (6 - 1)
    0.4
    """
    pc = pair_counts(x, y)
    den = pc.total - pc.ties_x
    return (pc.concordant - pc.discordant) / den if den else float("nan")


def _concordance_index(yt, ys) -> float:
    pc = pair_counts(yt, ys, names=("y_true", "y_score"))
    den = pc.total - pc.ties_x
    return (pc.concordant + 0.5 * (pc.ties_y - pc.ties_xy)) / den


def auc(y_true: ArrayLike, y_score: ArrayLike) -> float:
    """Area under the ROC curve: the fraction of (positive, negative) pairs ranked
    correctly, score ties counting 1/2 (Mann & Whitney 1947; tutorial, "AUC").

    Parameters
    ----------
    y_true : array_like of {0, 1}, shape (n,)
        Both classes must occur.
    y_score : array_like, shape (n,)
        Finite scores of the same length, larger meaning more likely positive; ties
        allowed.

    Returns
    -------
    float
        In ``[0, 1]``. The denominator, the ``n_pos * n_neg`` (positive, negative) pairs,
        is positive because both classes must occur, so the result is never NaN.

    Raises
    ------
    ValueError
        If ``y_true`` has a value other than 0 and 1 (booleans count as 0 and 1) or only
        one class; if ``y_true`` or ``y_score`` is empty, not 1-d, not numbers or not finite
        (integers beyond 2**53 included), or the two differ in length.

    Examples
    --------
    Positives score 0.9 and 0.3, negatives 0.5 and 0.1: of the 4 (positive, negative)
    pairs only (0.3, 0.5) is ranked the wrong way.

    >>> import rankmeasures as rm
    >>> rm.auc([1, 1, 0, 0], [0.9, 0.3, 0.5, 0.1])
    0.75
    >>> rm.auc([1, 1, 0, 0], [0.9, 0.5, 0.5, 0.1])  # the tied pair counts 1/2: 3.5 / 4
    0.875
    """
    yt, ys = as_float_pair(("y_true", "y_score"), y_true, y_score)
    if not np.all((yt == 0) | (yt == 1)):
        raise ValueError("y_true: AUC needs binary labels 0/1; use c_index for graded labels")
    if yt.min() == yt.max():
        raise ValueError("y_true: only one class present; AUC is undefined")
    return _concordance_index(yt, ys)


def c_index(y_true: ArrayLike, y_score: ArrayLike) -> float:
    """Concordance index: the fraction of pairs with different labels that the scores
    order correctly, score ties counting 1/2 (Gönen & Heller 2005; tutorial, "C-Index").

    Equals the AUC for two levels, and ``sum c_i c_j AUC_ij / sum c_i c_j`` over pairs of
    levels in general (tutorial; see :func:`pairwise_aucs`): the Jonckheere-Terpstra
    statistic (Jonckheere 1954), the sum of the pairs' Mann-Whitney counts, divided by its
    maximum.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        Finite graded labels, any real values (larger meaning more relevant), at least two
        of them distinct; pairs with equal labels are not counted.
    y_score : array_like, shape (n,)
        Finite scores of the same length, larger meaning ranked higher; ties allowed.

    Returns
    -------
    float
        In ``[0, 1]``. The denominator, the number of pairs with different labels, is
        positive because two labels must differ, so the result is never NaN.

    Raises
    ------
    ValueError
        If all labels are equal (no pair to compare); if ``y_true`` or ``y_score`` is
        empty, not 1-d, not numbers or not finite (integers beyond 2**53 included), or the
        two differ in length.

    Examples
    --------
    Labels 2, 1, 1, 0 give 5 pairs with different labels; only (item 0, item 1) is ordered
    the wrong way (0.2 < 0.3).

    >>> import rankmeasures as rm
    >>> rm.c_index([2, 1, 1, 0], [0.2, 0.3, 0.1, 0.0])  # 4 / 5
    0.8
    """
    yt, ys = as_float_pair(("y_true", "y_score"), y_true, y_score)
    if yt.min() == yt.max():
        raise ValueError("y_true: all labels equal; no pair to compare")
    return _concordance_index(yt, ys)


def pairwise_aucs(y_true: ArrayLike,
                  y_score: ArrayLike) -> dict[tuple[float, float], tuple[float, int]]:
    """AUC of every pair of label levels ``a < b`` with its weight ``c_a c_b``.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        Finite graded labels, any real values (larger meaning more relevant), with at least
        two distinct levels.
    y_score : array_like, shape (n,)
        Finite scores of the same length, larger meaning ranked higher; ties count 1/2.

    Returns
    -------
    dict
        ``{(a, b): (AUC of the items of levels a and b, c_a * c_b)}``. One key per pair
        of levels present, as floats with ``a < b``, in increasing order of ``(a, b)``;
        the AUC (a float in ``[0, 1]``, never NaN) takes the items of level ``b`` as the
        positives, and ``c_a`` (an int) counts the items of level ``a``.

    Raises
    ------
    ValueError
        If all labels are equal (no pair of levels); if ``y_true`` or ``y_score`` is
        empty, not 1-d, not numbers or not finite (integers beyond 2**53 included), or the
        two differ in length.

    Examples
    --------
    The data of :func:`c_index`'s example: levels 0 and 1 (1 x 2 pairs) and 0 and 2 (1 x 1)
    are ordered perfectly; between levels 1 and 2 one of 2 pairs is inverted.

    >>> import rankmeasures as rm
    >>> rm.pairwise_aucs([2, 1, 1, 0], [0.2, 0.3, 0.1, 0.0])
    {(0.0, 1.0): (1.0, 2), (0.0, 2.0): (1.0, 1), (1.0, 2.0): (0.5, 2)}

    Weighted by ``c_a c_b`` they give the C-index, ``(2 + 1 + 1) / 5 = 0.8``.
    """
    yt, ys = as_float_pair(("y_true", "y_score"), y_true, y_score)
    levels = np.unique(yt)
    if levels.size < 2:
        raise ValueError("y_true: all labels equal; no pair of levels")
    out = {}
    for i, a in enumerate(levels):
        for b in levels[i + 1 :]:
            m = (yt == a) | (yt == b)
            sub = (yt[m] == b).astype(np.float64)
            out[(float(a), float(b))] = (
                _concordance_index(sub, ys[m]),
                int((yt == a).sum()) * int((yt == b).sum()),
            )
    return out


def m_auc(y_true: ArrayLike, y_score: ArrayLike) -> float:
    """Unweighted mean of the pairwise AUCs, ``2/(l(l-1)) sum_{i<j} AUC_ij``: Hand & Till's
    (2001) M with one score for all levels (tutorial, slide "Evaluating Multipartite
    Rankings: C-Index"). ``l`` counts the levels present in ``y_true``.

    The tutorial calls this mean the Jonckheere-Terpstra statistic; that statistic sums the
    Mann-Whitney counts ``c_i c_j AUC_ij`` of the pairs of levels, the weighted sum, which
    divided by ``sum c_i c_j`` is :func:`c_index`, not this mean.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        Finite graded labels, any real values (larger meaning more relevant), with at least
        two distinct levels.
    y_score : array_like, shape (n,)
        Finite scores of the same length, larger meaning ranked higher; ties count 1/2.

    Returns
    -------
    float
        In ``[0, 1]``, never NaN; every pair of levels weighs the same whatever its number
        of items. With two levels it equals :func:`c_index`.

    Raises
    ------
    ValueError
        As :func:`pairwise_aucs`: if all labels are equal; if ``y_true`` or ``y_score`` is
        empty, not 1-d, not numbers or not finite (integers beyond 2**53 included), or the
        two differ in length.

    Examples
    --------
    The pairwise AUCs of :func:`pairwise_aucs`'s example are 1, 1 and 1/2:

    >>> import rankmeasures as rm
    >>> round(rm.m_auc([2, 1, 1, 0], [0.2, 0.3, 0.1, 0.0]), 6)  # 2.5 / 3
    0.833333
    """
    vals = [a for a, _ in pairwise_aucs(y_true, y_score).values()]
    return float(np.mean(vals))
