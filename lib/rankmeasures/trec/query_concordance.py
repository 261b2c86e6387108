"""Per-query concordance between a run's scores and the judgments: AUC and Kendall's tau-b.

The documents' rank measures, applied query by query to a run, as :func:`rankmeasures.evaluate`
reports them (``auc``, ``kendall_tau_b``). Both are functions of the scores, not of an
order: a tie in scores counts 1/2 in the AUC (the expectation over the orders of the tie)
and enters tau-b's correction, under every convention. They are taken over the retrieved
documents of the query, an unjudged one with grade 0.
"""

from __future__ import annotations

import numpy as np

from .._ragged import group_starts, query_index
from ..concordance import kendall_tau

__all__ = ["auc_queries", "kendall_tau_b_queries"]


def auc_queries(relevant: np.ndarray, scores: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """AUC of each query: the fraction of (relevant, non-relevant) pairs its scores order
    correctly, ties counting 1/2 (tutorial, "AUC"; Mann & Whitney 1947), in one
    vectorised pass (Mann-Whitney U from mid-ranks within each query).

    Parameters
    ----------
    relevant : ndarray of bool, shape (N,)
    scores : ndarray of float64, shape (N,)
    offsets : ndarray of int, shape (Q+1,)

    Returns
    -------
    ndarray of float64, shape (Q,)
        NaN for a query without both a relevant and a non-relevant retrieved document
        (the AUC is undefined there).

    Examples
    --------
    Query 1 puts its relevant document above both others (AUC 1); query 2 ties its
    relevant document with its non-relevant one (1/2):

    >>> import numpy as np
    >>> auc_queries(np.array([True, False, False, True, False]),
    ...             np.array([3.0, 1.0, 2.0, 1.0, 1.0]), np.array([0, 3, 5])).tolist()
    [1.0, 0.5]
    """
    rel = np.asarray(relevant, dtype=bool)
    s = np.asarray(scores, dtype=np.float64)
    off = np.asarray(offsets, dtype=np.int64)
    lengths = np.diff(off)
    nq = lengths.size
    if s.size == 0:  # no document at all (a -J cut can leave none): undefined everywhere
        return np.full(nq, np.nan)
    qidx = query_index(lengths)
    order = np.lexsort((s, qidx))
    ss, qq = s[order], qidx[order]
    new = group_starts((ss, qq))
    first = np.flatnonzero(new)
    last = np.append(first[1:], ss.size) - 1
    rank0 = np.arange(ss.size) - off[:-1][qq]  # 0-based rank within the query, ascending
    gid = np.cumsum(new) - 1
    mid = (rank0[first] + rank0[last]) / 2 + 1  # each tie group's mid-rank (1-based)
    rr = rel[order]
    pos = np.bincount(qidx, weights=rel, minlength=nq)
    neg = lengths - pos
    ranksum = np.bincount(qq[rr], weights=mid[gid][rr], minlength=nq)
    u = ranksum - pos * (pos + 1) / 2
    den = pos * neg
    return np.divide(u, den, out=np.full(nq, np.nan), where=den > 0)


def kendall_tau_b_queries(grades: np.ndarray, scores: np.ndarray,
                          offsets: np.ndarray) -> np.ndarray:
    """Kendall's tau-b between the grades and the scores of each query (Kendall 1938;
    :func:`rankmeasures.kendall_tau`, one O(n log n) call per query).

    Returns
    -------
    ndarray of float64, shape (Q,)
        NaN where tau-b is undefined: fewer than two documents, or constant grades or
        scores (as :func:`scipy.stats.kendalltau`).

    Examples
    --------
    Query 1's scores order its grades 2, 1, 0 exactly (tau-b 1); query 2's reverse them
    (-1):

    >>> import numpy as np
    >>> kendall_tau_b_queries(np.array([2.0, 1.0, 0.0, 1.0, 0.0]),
    ...                       np.array([3.0, 2.0, 1.0, 1.0, 2.0]), np.array([0, 3, 5])).tolist()
    [1.0, -1.0]
    """
    g = np.asarray(grades, dtype=np.float64)
    s = np.asarray(scores, dtype=np.float64)
    off = np.asarray(offsets, dtype=np.int64)
    out = np.full(off.size - 1, np.nan)
    for q, (a, b) in enumerate(zip(off[:-1].tolist(), off[1:].tolist(), strict=True)):
        if b - a >= 2:
            out[q] = kendall_tau(g[a:b], s[a:b], variant="b")
    return out
