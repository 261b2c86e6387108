"""DCG, IDCG and NDCG for one query or many, with explicit tie and zero-IDCG policies.

``DCG = sum_r G(y_(r)) D(r)`` over the items sorted by decreasing score, ``IDCG`` the
DCG of the best ordering, ``NDCG = DCG / IDCG`` (Wang et al. 2013, Definition 1;
Jin & Geng eqs. (1)-(2); Fürnkranz & Hüllermeier, "(Normalized) Discounted Cumulative
Gain"; Shalev-Shwartz & Ben-David 2014, Section 17.4).

Tie policies (``ties=``), for items with equal scores:

``"average"``
    The exact expectation over all orders of each group of tied scores
    (McSherry & Najork 2008): a tie group occupying positions a..b contributes
    ``(sum of its gains) * mean(D(a..b))``. No order is enumerated; the cost is one sort.
    This is scikit-learn's ``ndcg_score(ignore_ties=False)``. Independent of input order.
``"optimistic"`` / ``"pessimistic"``
    Within a tie group, larger / smaller gains first (the best / worst case when D is
    non-increasing). Independent of input order.
``"stable"``
    Input order breaks ties (the first listed ranks higher). The only policy whose
    answer depends on input order, by request.

Zero IDCG (``zero_idcg=``), when no item has a positive gain: ``"zero"`` (default; what
scikit-learn and trec_eval report), ``"one"``, ``"nan"`` or ``"raise"``.

Judged but unscored documents (``unscored_labels=``): trec_eval's convention, the ideal
ordering is built from the labels of every judged document, scored or not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ._dcg_paths import (
    dcg_kernel,
    exact_near_ideal,
    idcg_kernel,
    ndcg_checked_in_pass,
    ndcg_parts,
)
from ._ragged import concat_per_query, offsets_from_sizes, slot_weights
from ._validation import (
    as_float_array,
    as_float_pair,
    as_offsets,
    check_k,
    check_nonnegative,
    check_option,
    check_same_length,
)
from .discounts import as_discount
from .gains import Gain, as_gain, identity_gain

if TYPE_CHECKING:
    from ._typing import ArrayLike, DiscountLike, GainLike

__all__ = [
    "TIE_POLICIES",
    "ZERO_IDCG_POLICIES",
    "QueryResults",
    "dcg",
    "idcg",
    "ndcg",
    "dcg_queries",
    "idcg_queries",
    "ndcg_queries",
]

TIE_POLICIES = ("average", "optimistic", "pessimistic", "stable")
ZERO_IDCG_POLICIES = ("zero", "one", "nan", "raise")


@dataclass(frozen=True)
class QueryResults:
    """Per-query values of a measure and their mean.

    Attributes
    ----------
    query_ids : ndarray, shape (Q,)
        The query of each value: ``0..Q-1`` for offsets or 2-d input, the sorted unique
        ids for ``query_ids=`` input.
    values : ndarray of float64, shape (Q,)
    mean : float
        ``values.mean()`` (NaN values, from ``zero_idcg="nan"``, are left out).

    Examples
    --------
    >>> import rankmeasures as rm
    >>> res = rm.dcg_queries([[1, 0, 1], [0, 0, 1]], [[3, 2, 1], [3, 2, 1]])
    >>> res.values.tolist()  # 1/log2(2) + 1/log2(4), and 1/log2(4)
    [1.5, 0.5]
    >>> res.mean
    1.0
    >>> res.to_dict()
    {0: 1.5, 1: 0.5}
    >>> res
    QueryResults(2 queries, mean 1.0000; min 0.5000, median 1.0000, max 1.5000)
    """

    query_ids: np.ndarray
    values: np.ndarray
    mean: float

    def to_dict(self) -> dict:
        """``{query_id: value}``, as pytrec_eval and ranx report per-query values."""
        return dict(zip(self.query_ids.tolist(), self.values.tolist(), strict=True))

    def summary(self) -> tuple[float, float, float, float, int]:
        """``(mean, min, median, max, undefined)`` over the defined values (NaN
        statistics when none is), ``undefined`` the number of NaN values: what the
        ``repr`` of this and of :class:`~rankmeasures.trec.results.Evaluation` show.

        Examples
        --------
        >>> import rankmeasures as rm
        >>> rm.dcg_queries([[1, 0, 1], [0, 0, 1]], [[3, 2, 1], [3, 2, 1]]).summary()
        (1.0, 0.5, 1.0, 1.5, 0)
        """
        v = self.values[~np.isnan(self.values)]
        lo, med, hi = (float(x) for x in np.percentile(v, [0, 50, 100])) if v.size \
            else (np.nan,) * 3
        return self.mean, lo, med, hi, int(self.values.size - v.size)

    def __repr__(self) -> str:
        count = f"{self.values.size} quer{'y' if self.values.size == 1 else 'ies'}"
        mean, lo, med, hi, nan = self.summary()
        if nan == self.values.size:
            return f"QueryResults({count}, no defined value)"
        return (f"QueryResults({count}, mean {mean:.4f}; "
                f"min {lo:.4f}, median {med:.4f}, max {hi:.4f}"
                + (f"; {nan} undefined (NaN)" if nan else "") + ")")


def _apply_zero_policy(num, den, zero_idcg):
    """NDCG = DCG / IDCG, the ``zero_idcg`` policy (checked by the caller) where IDCG = 0."""
    zero = den == 0
    if zero.any() and zero_idcg == "raise":
        qs = np.flatnonzero(zero)
        raise ValueError(
            f"y_true: IDCG is 0 (no item with a positive gain) for query {qs[:5].tolist()}; "
            "choose zero_idcg='zero', 'one' or 'nan'"
        )
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.where(zero, 0.0, num / np.where(zero, 1.0, den))
    # no clamp here: DCG <= IDCG where it must hold was made exact before the division
    # (rankmeasures._dcg_paths.exact_near_ideal)
    fill = {"zero": 0.0, "one": 1.0, "nan": np.nan, "raise": 0.0}[zero_idcg]
    return np.where(zero, fill, out)


# -- argument preparation ----------------------------------------------------------------


def _prepare_gains(y_true, gain: Gain, *, need_nonneg: bool, name: str = "y_true"):
    if need_nonneg:
        check_nonnegative(name, y_true)
    if gain is identity_gain:  # already finite (and checked): read-only from here on
        return y_true
    g = gain(y_true)
    if need_nonneg:
        check_nonnegative(f"gain({name})", g)
    return g


def _unscored_pool(yt, unscored_labels, offsets, unscored_offsets):
    """Labels of the ideal ordering: scored items plus judged, unscored ones, per query."""
    if unscored_labels is None:
        if unscored_offsets is not None:
            raise ValueError("unscored_offsets: given without unscored_labels")
        return yt, offsets
    extra = as_float_array("unscored_labels", unscored_labels, allow_empty=True)
    q = offsets.size - 1
    if unscored_offsets is None:
        if q != 1:
            raise ValueError("unscored_offsets: required with unscored_labels for several queries")
        uo = np.array([0, extra.size], dtype=np.int64)
    else:
        uo = np.asarray(unscored_offsets)
        if uo.ndim != 1 or uo.size != q + 1 or not np.issubdtype(uo.dtype, np.integer):
            raise ValueError(f"unscored_offsets: expected {q + 1} integer offsets")
        uo = uo.astype(np.int64)
        if uo[0] != 0 or uo[-1] != extra.size or np.any(np.diff(uo) < 0):
            raise ValueError(
                "unscored_offsets: must be non-decreasing from 0 to len(unscored_labels)"
            )
    return concat_per_query(yt, offsets, extra, uo)  # scored labels first, then unscored


# -- one query ---------------------------------------------------------------------------


def dcg(y_true: ArrayLike, y_score: ArrayLike, *, k: int | None = None, gain: GainLike = "identity",
        discount: DiscountLike = "log2", ties: str = "average") -> float:
    """Discounted cumulative gain of one ranked list.

    ``DCG = sum_{r=1}^{n} G(y_(r)) D(r)`` with items sorted by decreasing ``y_score``
    (Wang et al. 2013, Definition 1; Jin & Geng eq. (2) with the defaults replaced by
    ``gain="exp2"``).

    Parameters
    ----------
    y_true : array_like, shape (n,)
        Relevance grades.
    y_score : array_like, shape (n,)
        Scores; larger ranks higher. Finite values only.
    k : int, optional
        Cut-off: positions beyond ``k`` get weight 0 (NDCG@k).
    gain : str, Gain, sympy expression or callable
        Default ``"identity"`` (trec_eval and scikit-learn); ``"exp2"`` is ``2^y - 1``.
    discount : str, Discount, sympy expression or callable
        Default ``"log2"``, ``1/log2(1+r)``; see :mod:`rankmeasures.discounts`.
    ties : {"average", "optimistic", "pessimistic", "stable"}
        See the module docstring.

    Returns
    -------
    float

    Examples
    --------
    Grades 1, 0, 1 ranked as listed: the relevant items sit at positions 1 and 3.

    >>> import rankmeasures as rm
    >>> rm.dcg([1, 0, 1], [3, 2, 1])  # 1/log2(2) + 0/log2(3) + 1/log2(4)
    1.5
    >>> rm.dcg([1, 0, 1], [3, 2, 1], k=2)  # position 3 is cut off
    1.0
    >>> rm.dcg([2, 0, 1], [3, 2, 1], gain="exp2")  # (2^2 - 1)/1 + 0 + (2^1 - 1)/2
    3.5

    Two tied items under ``D(r) = 1/r``: ``"average"`` gives the relevant one the mean
    discount of positions 1 and 2, ``(1 + 1/2)/2``; ``"stable"`` keeps the input order.

    >>> [rm.dcg([1, 0], [5, 5], discount="zipf", ties=t)
    ...  for t in ("average", "optimistic", "pessimistic", "stable")]
    [0.75, 1.0, 0.5, 1.0]
    """
    yt, ys = as_float_pair(("y_true", "y_score"), y_true, y_score)
    return float(dcg_queries(yt, ys, offsets=[0, yt.size], k=k, gain=gain,
                             discount=discount, ties=ties).values[0])


def idcg(y_true: ArrayLike, *, k: int | None = None, gain: GainLike = "identity",
         discount: DiscountLike = "log2", unscored_labels: ArrayLike | None = None) -> float:
    """Ideal DCG: the DCG of the items sorted by decreasing gain.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        Non-negative relevance grades of the scored items.
    k, gain, discount
        As in :func:`dcg`.
    unscored_labels : array_like, optional
        Grades of judged documents that were not scored; they join the ideal ordering
        (trec_eval's convention).

    Returns
    -------
    float
        ``sum_r G(y_(r)) D(r)`` over the grades sorted by decreasing gain (0 when no gain
        is positive).

    Examples
    --------
    >>> import rankmeasures as rm
    >>> round(rm.idcg([1, 0, 1]), 6)  # 1/log2(2) + 1/log2(3)
    1.63093
    >>> rm.idcg([1, 0, 2], discount="zipf")  # grades sorted 2, 1, 0: 2/1 + 1/2
    2.5
    >>> rm.idcg([1, 0], unscored_labels=[2], discount="zipf")  # the unscored 2 goes first
    2.5
    """
    yt = as_float_array("y_true", y_true)
    return float(idcg_queries(yt, offsets=[0, yt.size], k=k, gain=gain, discount=discount,
                              unscored_labels=unscored_labels).values[0])


def ndcg(y_true: ArrayLike, y_score: ArrayLike, *, k: int | None = None,
         gain: GainLike = "identity", discount: DiscountLike = "log2", ties: str = "average",
         zero_idcg: str = "zero", unscored_labels: ArrayLike | None = None) -> float:
    """Normalised DCG, ``DCG / IDCG`` in [0, 1] for non-negative gains.

    Wang et al. (2013), Definition 1; Fürnkranz & Hüllermeier, NDCG slide.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        Non-negative relevance grades.
    y_score : array_like, shape (n,)
        Scores; larger ranks higher. Finite values only.
    k : int, optional
        Cut-off: positions beyond ``k`` get weight 0 in DCG and IDCG (NDCG@k).
    gain, discount, ties
        As in :func:`dcg`.
    zero_idcg : {"zero", "one", "nan", "raise"}
        What to return when IDCG = 0 (no item with a positive gain); default ``"zero"``,
        as scikit-learn and trec_eval.
    unscored_labels : array_like, optional
        As in :func:`idcg`: judged, unscored documents join the ideal ordering only.

    Returns
    -------
    float
        ``DCG / IDCG``; exactly 1.0 for a ranking that is ideal up to ties among equal
        gains.

    Examples
    --------
    >>> import rankmeasures as rm
    >>> round(rm.ndcg([1, 0, 1], [3, 2, 1]), 6)  # 1.5 / (1 + 1/log2(3))
    0.919721
    >>> round(rm.ndcg([1, 0, 1], [3, 2, 1], discount="zipf"), 6)  # (1 + 1/3)/(1 + 1/2) = 8/9
    0.888889
    >>> rm.ndcg([0, 0], [2, 1]), rm.ndcg([0, 0], [2, 1], zero_idcg="nan")  # IDCG = 0
    (0.0, nan)
    """
    yt, ys = as_float_pair(("y_true", "y_score"), y_true, y_score)
    return float(ndcg_queries(yt, ys, offsets=[0, yt.size], k=k, gain=gain, discount=discount,
                              ties=ties, zero_idcg=zero_idcg,
                              unscored_labels=unscored_labels).values[0])


# -- many queries ------------------------------------------------------------------------


def _batch_inputs(y_true, y_score, offsets, query_ids):
    """Flatten 2-d input or group by ``query_ids``; return flat arrays, offsets, ids, perm."""
    if offsets is not None and query_ids is not None:
        raise ValueError("offsets, query_ids: give one of them, not both")
    yt_arr = np.asarray(y_true)
    if offsets is None and query_ids is None:
        if yt_arr.ndim != 2:
            raise ValueError(
                "y_true: without offsets or query_ids, expected a 2-d array (queries x items)"
            )
        yt = as_float_array("y_true", y_true, ndim=2)
        ys = None if y_score is None else as_float_array("y_score", y_score, ndim=2)
        if ys is not None:
            check_same_length(("y_true", "y_score"), yt, ys)
        q, m = yt.shape
        off = np.arange(0, q * m + 1, m, dtype=np.int64)
        return yt.ravel(), (None if ys is None else ys.ravel()), off, np.arange(q), None
    yt = as_float_array("y_true", y_true)
    ys = None if y_score is None else as_float_array("y_score", y_score)
    if ys is not None:
        check_same_length(("y_true", "y_score"), yt, ys)
    if offsets is not None:
        off = as_offsets(offsets, yt.size)
        return yt, ys, off, np.arange(off.size - 1), None
    ids = np.asarray(query_ids)
    if ids.shape != yt.shape:
        raise ValueError(f"query_ids: shape {ids.shape} differs from y_true's {yt.shape}")
    uniq, inv = np.unique(ids, return_inverse=True)
    perm = np.argsort(inv, kind="stable")  # keeps input order inside each query
    counts = np.bincount(inv, minlength=uniq.size)
    off = offsets_from_sizes(counts)
    return yt[perm], (None if ys is None else ys[perm]), off, uniq, perm


def _mean(values):
    v = values[~np.isnan(values)]
    return float(v.mean()) if v.size else float("nan")


def dcg_queries(y_true: ArrayLike, y_score: ArrayLike, *, offsets: ArrayLike | None = None,
                query_ids: ArrayLike | None = None, k: int | None = None,
                gain: GainLike = "identity", discount: DiscountLike = "log2",
                ties: str = "average") -> QueryResults:
    """DCG of many queries in one vectorised call (no Python loop over queries).

    Parameters
    ----------
    y_true, y_score : array_like
        Either 2-d arrays ``(Q, n)`` (every query has n items), or flat arrays of all
        items with ``offsets`` or ``query_ids``.
    offsets : array_like of int, shape (Q+1,), optional
        Query q holds items ``offsets[q]:offsets[q+1]``; strictly increasing from 0 to
        the number of items.
    query_ids : array_like, shape (N,), optional
        The query of each item (any order; results come in sorted id order).
    k, gain, discount, ties
        As in :func:`dcg`.

    Returns
    -------
    QueryResults

    Examples
    --------
    Query 0 holds the first three items (as in :func:`dcg`'s example), query 1 the fourth,
    a single relevant item at position 1.

    >>> import rankmeasures as rm
    >>> rm.dcg_queries([1, 0, 1, 1], [3, 2, 1, 7], offsets=[0, 3, 4]).values.tolist()
    [1.5, 1.0]
    >>> rm.dcg_queries([1, 0, 1, 1], [3, 2, 1, 7], query_ids=["a", "a", "a", "b"]).to_dict()
    {'a': 1.5, 'b': 1.0}
    """
    check_option("ties", ties, TIE_POLICIES)
    k = check_k(k)
    yt, ys, off, ids, _ = _batch_inputs(y_true, y_score, offsets, query_ids)
    if ys is None:
        raise ValueError("y_score: required")
    g = _prepare_gains(yt, as_gain(gain), need_nonneg=False)
    vals = dcg_kernel(g, ys, off, slot_weights(as_discount(discount), off, k), ties)
    return QueryResults(ids, vals, _mean(vals))


def idcg_queries(y_true: ArrayLike, *, offsets: ArrayLike | None = None,
                 query_ids: ArrayLike | None = None, k: int | None = None,
                 gain: GainLike = "identity", discount: DiscountLike = "log2",
                 unscored_labels: ArrayLike | None = None,
                 unscored_offsets: ArrayLike | None = None) -> QueryResults:
    """Ideal DCG of many queries in one vectorised call.

    Parameters
    ----------
    y_true : array_like
        Non-negative grades: a 2-d array ``(Q, n)``, or a flat array with ``offsets`` or
        ``query_ids``, as in :func:`dcg_queries`.
    offsets, query_ids
        As in :func:`dcg_queries`.
    k, gain, discount
        As in :func:`dcg`.
    unscored_labels : array_like, optional
        Grades of judged documents that were not scored; they join their query's ideal
        ordering (trec_eval's convention).
    unscored_offsets : array_like of int, shape (Q+1,), optional
        Non-decreasing offsets of each query's unscored labels (a query may have none);
        needed with ``unscored_labels`` when there are several queries.

    Returns
    -------
    QueryResults

    Examples
    --------
    >>> import rankmeasures as rm
    >>> rm.idcg_queries([[1, 0, 1], [0, 0, 1]], discount="zipf").values.tolist()  # 1 + 1/2, 1
    [1.5, 1.0]

    Query 1 has one scored item of grade 1 and one unscored of grade 2: ``2/1 + 1/2``.

    >>> rm.idcg_queries([1, 0, 1], offsets=[0, 2, 3], discount="zipf",
    ...                 unscored_labels=[2], unscored_offsets=[0, 0, 1]).values.tolist()
    [1.0, 2.5]
    """
    k = check_k(k)
    yt, _, off, ids, _ = _batch_inputs(y_true, None, offsets, query_ids)
    pool, pool_off = _unscored_pool(yt, unscored_labels, off, unscored_offsets)
    g = _prepare_gains(pool, as_gain(gain), need_nonneg=True)
    vals = idcg_kernel(g, pool_off, slot_weights(as_discount(discount), pool_off, k), k)
    return QueryResults(ids, vals, _mean(vals))


def ndcg_queries(y_true: ArrayLike, y_score: ArrayLike, *, offsets: ArrayLike | None = None,
                 query_ids: ArrayLike | None = None, k: int | None = None,
                 gain: GainLike = "identity", discount: DiscountLike = "log2",
                 ties: str = "average", zero_idcg: str = "zero",
                 unscored_labels: ArrayLike | None = None,
                 unscored_offsets: ArrayLike | None = None) -> QueryResults:
    """NDCG of many queries in one vectorised call, with per-query values and their mean.

    Wang et al. (2013), Definition 1, applied query by query.

    Parameters
    ----------
    y_true, y_score, offsets, query_ids
        As in :func:`dcg_queries`; ``y_true`` non-negative.
    k, gain, discount, ties
        As in :func:`dcg`.
    zero_idcg : {"zero", "one", "nan", "raise"}
        As in :func:`ndcg`; ``"nan"`` values are left out of the mean.
    unscored_labels, unscored_offsets
        As in :func:`idcg_queries`.

    Returns
    -------
    QueryResults

    Examples
    --------
    >>> import rankmeasures as rm
    >>> res = rm.ndcg_queries([[1, 0, 1], [0, 0, 1]], [[3, 2, 1], [3, 2, 1]], discount="zipf")
    >>> res.values.round(6).tolist()  # (1 + 1/3)/(1 + 1/2) = 8/9, and (1/3)/1
    [0.888889, 0.333333]
    >>> round(res.mean, 6)  # (8/9 + 3/9)/2 = 11/18
    0.611111

    A query without a relevant item is NaN under ``zero_idcg="nan"`` and left out of the
    mean:

    >>> res = rm.ndcg_queries([[1, 0, 1], [0, 0, 0]], [[3, 2, 1], [3, 2, 1]],
    ...                       discount="zipf", zero_idcg="nan")
    >>> res.values.round(6).tolist(), round(res.mean, 6)
    ([0.888889, nan], 0.888889)
    """
    check_option("ties", ties, TIE_POLICIES)
    check_option("zero_idcg", zero_idcg, ZERO_IDCG_POLICIES)
    k = check_k(k)
    gn = as_gain(gain)
    d = as_discount(discount)
    plain = unscored_labels is None and unscored_offsets is None
    w = None  # the weights of 2-d input, when the compiled pass computed them
    if (plain and offsets is None and query_ids is None and y_score is not None
            and gn is identity_gain):
        parts, w = ndcg_checked_in_pass(y_true, y_score, k, d, ties)
        if parts is not None:
            vals = _apply_zero_policy(*parts, zero_idcg)
            return QueryResults(np.arange(vals.size), vals, _mean(vals))
    yt, ys, off, ids, _ = _batch_inputs(y_true, y_score, offsets, query_ids)
    if ys is None:
        raise ValueError("y_score: required")
    g = _prepare_gains(yt, gn, need_nonneg=True)
    if w is None:
        w = slot_weights(d, off, k)
    if plain:
        num, den = ndcg_parts(g, ys, off, w, k, ties)
        num, den = exact_near_ideal(num, den, g, ys, off, w, ties)
    else:
        num = dcg_kernel(g, ys, off, w, ties)
        pool, pool_off = _unscored_pool(yt, unscored_labels, off, unscored_offsets)
        pg = _prepare_gains(pool, gn, need_nonneg=True, name="unscored_labels")
        pw = slot_weights(d, pool_off, k)
        den = idcg_kernel(pg, pool_off, pw, k)
        num, den = exact_near_ideal(num, den, g, ys, off, w, ties, pool=(pg, pool_off, pw))
    vals = _apply_zero_policy(num, den, zero_idcg)
    return QueryResults(ids, vals, _mean(vals))
