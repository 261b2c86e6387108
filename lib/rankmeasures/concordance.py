"""The concordance family from one O(n log n) kernel.

:func:`pair_counts` counts, over the ``n(n-1)/2`` unordered pairs of items, the pairs that
are concordant, discordant, tied in ``x``, tied in ``y`` and tied in both. Every measure
here is a ratio of those counts:

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

The discordant count is the number of strict inversions of y after sorting by (x, y). With
numba installed (the ``fast`` extra; pinned in the lock) and from 4096 items on, a
compiled Fenwick-tree pass counts them (:mod:`rankmeasures._kernels.pairs`); otherwise they are
counted level by level on the bits of the y-ranks (a wavelet-matrix pass), each level O(n)
in numpy. Both are O(n log n) with no Python loop over items, and are tested against each
other and against scipy.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ._kernels import jit as _jit
from ._kernels import pairs as _pairs_kernel
from ._ragged import group_starts
from ._validation import as_float_pair

if TYPE_CHECKING:
    from ._typing import ArrayLike

__all__ = [
    "PairCounts",
    "pair_counts",
    "count_inversions",
    "kendall_distance",
    "kendall_tau",
    "goodman_kruskal_gamma",
    "somers_d",
    "auc",
    "c_index",
    "pairwise_aucs",
    "m_auc",
]


@dataclass(frozen=True)
class PairCounts:
    """Counts of the unordered pairs of n items (all exact Python integers).

    Attributes
    ----------
    n : int
    concordant, discordant : int
        Pairs ordered the same way / opposite ways by x and y (strictly in both).
    ties_x, ties_y, ties_xy : int
        Pairs tied in x, tied in y, tied in both.

    Examples
    --------
    >>> import rankmeasures as rm
    >>> pc = rm.PairCounts(n=4, concordant=5, discordant=1, ties_x=0, ties_y=0, ties_xy=0)
    >>> pc.total  # 4 * 3 / 2 pairs
    6
    """

    n: int
    concordant: int
    discordant: int
    ties_x: int
    ties_y: int
    ties_xy: int

    @property
    def total(self) -> int:
        """``n(n-1)/2``."""
        return self.n * (self.n - 1) // 2


def _tied_pairs(sorted_values: np.ndarray) -> int:
    """Sum of t(t-1)/2 over runs of equal values of an already sorted array."""
    if sorted_values.size < 2:
        return 0
    starts = np.flatnonzero(group_starts(sorted_values))
    t = np.diff(np.append(starts, sorted_values.size)).astype(np.int64)
    return int((t * (t - 1) // 2).sum())


def count_inversions(v: ArrayLike) -> int:
    """Number of pairs ``i < j`` with ``v[i] > v[j]`` (strict), in O(n log max v).

    Wavelet-tree pass from the most significant bit down: before level b the sequence is
    stably grouped by ``v >> (b+1)``; inside each group every 0-bit element that follows a
    1-bit element is an inversion decided at this bit. The groups' start positions come
    from a table of value counts, so each level is a handful of O(n) numpy operations.

    Parameters
    ----------
    v : array_like of non-negative int, shape (n,)
        Typically dense ranks ``0..m-1``; floats are accepted when they hold whole
        numbers.

    Returns
    -------
    int
        The number of strict inversions, a Python int in ``[0, n(n-1)/2]``; 0 when ``v``
        has fewer than 2 items.

    Raises
    ------
    ValueError
        If ``v`` has a negative or non-integer entry (checked when it has at least 2
        items).

    Examples
    --------
    >>> import rankmeasures as rm
    >>> rm.count_inversions([2, 0, 1])  # (2, 0) and (2, 1)
    2
    >>> rm.count_inversions([1, 1, 0])  # (1, 0) twice; the equal pair is no inversion
    2
    """
    seq = np.asarray(v)
    nn = seq.size
    if nn < 2:
        return 0
    if seq.dtype.kind not in "biu":
        if seq.dtype.kind != "f":
            raise ValueError(f"v: must be non-negative integers, got dtype {seq.dtype}")
        bad = np.flatnonzero(~np.isfinite(seq) | (seq != np.floor(seq)))
        if bad.size:
            raise ValueError(f"v: must be non-negative integers, got {float(seq[bad[0]])!r} "
                             f"at index {bad[0]}")
    if seq.min() < 0:
        raise ValueError("v: must be non-negative integers")
    vmax = int(seq.max())
    dt: type[np.signedinteger] = np.int32 if max(nn, vmax + 1) < 2**31 - 1 else np.int64
    seq = seq.astype(dt)
    # below[x] = #{values < x} for x = 0..vmax+1
    below = np.zeros(vmax + 2, dtype=dt)
    np.cumsum(np.bincount(seq, minlength=vmax + 1), out=below[1:])
    idx = np.arange(nn, dtype=dt)
    total = 0
    for b in range(vmax.bit_length() - 1, -1, -1):
        # groups at this level: values sharing the bits above b, i.e. [p 2^(b+1), (p+1) 2^(b+1))
        edges = below[np.minimum(np.arange(0, vmax + 2 + (2 << b), 2 << b), vmax + 1)]
        starts, sizes = edges[:-1], np.diff(edges)
        mids = below[np.minimum(np.arange(1 << b, (1 << b) + starts.size * (2 << b), 2 << b),
                                vmax + 1)]
        is_one = ((seq >> b) & 1).astype(bool)
        excl = np.cumsum(is_one, dtype=dt)
        excl -= is_one  # ones strictly before i
        ones_before = excl - np.repeat(excl[np.minimum(starts, nn - 1)], sizes)
        # sum over the 0-bits of ones_before = sum over all - sum over the 1-bits, and the
        # 1-bits of a group with o ones contribute 0 + 1 + ... + (o-1)
        o = (sizes - (mids - starts)).astype(np.int64)
        total += int(ones_before.sum(dtype=np.int64)) - int((o * (o - 1) // 2).sum())
        newpos = np.where(is_one, np.repeat(mids, sizes) + ones_before, idx - ones_before)
        seq2 = np.empty_like(seq)
        seq2[newpos] = seq
        seq = seq2
    return total


def _rank_and_ties(a: np.ndarray) -> tuple[np.ndarray, int]:
    """Dense ranks 0..m-1 of ``a`` (one sort) and its number of tied pairs."""
    order = np.argsort(a)
    sa = a[order]
    new = group_starts(sa)
    ranks = np.empty(a.size, dtype=np.int64)
    ranks[order] = np.cumsum(new) - 1
    starts = np.flatnonzero(new)
    t = np.diff(np.append(starts, a.size)).astype(np.int64)
    return ranks, int((t * (t - 1) // 2).sum())


def pair_counts(x: ArrayLike, y: ArrayLike, *, names: tuple[str, str] = ("x", "y")) -> PairCounts:
    """Concordant, discordant and tied pair counts of two score vectors in O(n log n).

    Parameters
    ----------
    x, y : array_like, shape (n,)
        Finite values; larger means ranked higher (the counts are the same when both are
        rank vectors where smaller means higher).
    names : tuple of str
        Argument names used in error messages.

    Returns
    -------
    PairCounts

    Examples
    --------
    Pairs (0, 1): tied in x; (0, 2): both increase, concordant; (1, 2): tied in y.

    >>> import rankmeasures as rm
    >>> rm.pair_counts([1, 1, 2], [1, 2, 2])
    PairCounts(n=3, concordant=1, discordant=0, ties_x=1, ties_y=1, ties_xy=0)
    """
    xa, ya = as_float_pair(names, x, y)
    nn = xa.size
    if nn >= _jit.PAIRS_FROM and _pairs_kernel.available():
        d, tx, ty, txy = _pairs_kernel.pair_counts_sorted(xa, ya)
        n0 = nn * (nn - 1) // 2
        return PairCounts(nn, n0 - d - tx - ty + txy, d, tx, ty, txy)
    return _pair_counts_numpy(xa, ya)


def _pair_counts_numpy(xa: np.ndarray, ya: np.ndarray) -> PairCounts:
    """The numpy kernel: two rankings, one stable sort by (x, y), the wavelet count."""
    nn = xa.size
    rx, tx = _rank_and_ties(xa)
    ry, ty = _rank_and_ties(ya)
    if tx == 0:  # no ties in x: sorting by x alone is sorting by (x, y)
        order = np.empty(nn, dtype=np.int64)
        order[rx] = np.arange(nn)
        txy = 0
    else:
        joint = rx * (int(ry.max()) + 1) + ry
        order = np.argsort(joint, kind="stable")
        txy = _tied_pairs(joint[order])
    d = count_inversions(ry[order])
    n0 = nn * (nn - 1) // 2
    c = n0 - d - tx - ty + txy
    return PairCounts(nn, c, d, tx, ty, txy)


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
