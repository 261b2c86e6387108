"""The binary-relevance measures of trec_eval per query, exact on tied scores.

P@k, recall@k, average precision (AP, AP@k), reciprocal rank (RR, RR@k), R-precision and
success@k of many ranked lists in one vectorised call, as trec_eval (9 and 10 alike)
defines them: a document is *relevant* when its grade reaches the relevance level;
``num_rel`` counts the relevant documents of the query, retrieved or not (recall, AP and
R-precision divide by it, and are 0 for a query without relevant documents); P@k divides
by k even when fewer than k documents were retrieved.

Ties. The input is a ranking (the documents of each query in rank order) and, optionally,
its *tie groups*: runs of consecutive documents whose scores are equal. Without groups the
order is taken as it is (trec_eval's, once the caller has broken ties by document id).
With groups, each measure is the expectation over every order of the documents inside each
group, all orders equally likely, computed in closed form -- no order is enumerated:

* P@k, recall@k and R-precision are linear in the relevance of each rank: a rank inside a
  group of m documents with g relevant holds a relevant document with probability g/m.
* AP = (1/R) sum_p rel(p) (1 + #relevant above p) / p. For rank p at offset j (0-based) in
  a group of m documents with g relevant, below A relevant documents of earlier groups,
  E[rel(p) (1 + #relevant above p)] = (g/m)(A + 1) + j g(g-1) / (m(m-1)), as
  P[two given ranks of the group both relevant] = g(g-1) / (m(m-1)).
* RR: only the first group holding a relevant document matters; the first relevant
  document sits at offset j of it with probability P[none of the first j relevant]
  * g/(m-j), the first factor hypergeometric (:data:`scipy.stats.hypergeom`).
* success@k = 1 when a group wholly inside the top k holds a relevant document, else
  1 - P[none relevant among the t ranks the cut takes from the group it splits].

The expectations are tested against the mean over every order of small tied groups
(``tests/test_retrieval.py``); the tie-free values against pytrec_eval.
"""

from __future__ import annotations

import numpy as np

from .._ragged import group_starts, positions_within, query_index
from .._validation import check_option, check_positive_int
from .declarations import MEASURES

__all__ = ["RANKED_MEASURES", "ranked_measure", "relevant_ranks", "untied_measure"]

#: measure -> whether it takes a cut-off k (required, optional or never), as declared in
#: :data:`rankmeasures.trec.declarations.MEASURES`
RANKED_MEASURES = {k: MEASURES[k].cutoff for k in ("P", "recall", "success", "AP", "RR",
                                                    "Rprec")}


def _segment_sum(values: np.ndarray, qidx: np.ndarray, nq: int) -> np.ndarray:
    # bincount adds in index order: rank by rank within each query, as trec_eval does
    return np.bincount(qidx, weights=values, minlength=nq)


def _per_relevant(big_r: np.ndarray, num: np.ndarray) -> np.ndarray:
    """``num / R`` query by query, 0 for a query without relevant documents."""
    return np.divide(num, big_r, out=np.zeros(big_r.size), where=big_r > 0)


def relevant_ranks(relevant: np.ndarray, offsets: np.ndarray) -> tuple[np.ndarray, ...]:
    """The relevant ranks of rankings without tie groups, for :func:`untied_measure`:
    each relevant document's query and 0-based rank within it, query by query, rank by
    rank, and whether it is its query's first (``relevant`` a bool mask in rank order,
    ``offsets`` the queries' bounds). The evaluator computes them once per relevance level
    and shares them among its measures.

    Examples
    --------
    Two queries of 3 and 2 ranks, relevant at ranks 0 and 2 of the first, 1 of the second:

    >>> import numpy as np
    >>> q, pos, first = relevant_ranks(np.array([True, False, True, False, True]),
    ...                                np.array([0, 3, 5]))
    >>> q.tolist(), pos.tolist(), first.tolist()
    ([0, 0, 1], [0, 2, 1], [True, False, True])
    """
    at = np.flatnonzero(relevant)  # the relevant ranks, query by query, each query rising
    q = np.searchsorted(offsets, at, side="right") - 1
    first = group_starts(q)
    return q, at - offsets[q], first


# -- rankings without tie groups: only the relevant ranks are visited ---------------------
# Each takes :func:`relevant_ranks`' (query, 0-based rank, first of its query) of the
# relevant documents, R per query (one entry per query) and the cut-off.

def _count_untied(ranks, big_r, k, measure) -> np.ndarray:
    """Relevant documents within the cut (k, or R for R-precision), per query."""
    q, pos, _ = ranks
    hit = pos < (big_r[q] if measure == "Rprec" else np.inf if k is None else k)
    return np.bincount(q[hit], minlength=big_r.size).astype(np.float64)


def _precision_untied(ranks, big_r, k) -> np.ndarray:
    """P@k = (relevant in the first k) / k."""
    return _count_untied(ranks, big_r, k, "P") / k


def _recall_untied(ranks, big_r, k) -> np.ndarray:
    """recall@k = (relevant in the first k) / R (0 when R = 0)."""
    return _per_relevant(big_r, _count_untied(ranks, big_r, k, "recall"))


def _rprec_untied(ranks, big_r, k) -> np.ndarray:
    """R-precision = (relevant in the first R) / R (0 when R = 0)."""
    return _per_relevant(big_r, _count_untied(ranks, big_r, k, "Rprec"))


def _success_untied(ranks, big_r, k) -> np.ndarray:
    """success@k = 1 when a relevant document is in the first k, else 0."""
    return (_count_untied(ranks, big_r, k, "success") > 0).astype(np.float64)


def _ap_untied(ranks, big_r, k) -> np.ndarray:
    """AP = (1/R) sum over relevant ranks p (<= k) of (relevant at or above p) / p."""
    q, pos, first = ranks
    hit = pos < (np.inf if k is None else k)
    # relevant documents at or above each relevant rank, query by query
    starts = np.flatnonzero(first)
    c = np.arange(1, q.size + 1) - np.repeat(starts, np.diff(np.append(starts, q.size)))
    # bincount adds in rank order within each query, as trec_eval does
    return _per_relevant(big_r, np.bincount(q[hit], weights=(c / (pos + 1))[hit],
                                            minlength=big_r.size))


def _rr_untied(ranks, big_r, k) -> np.ndarray:
    """RR = 1 / (rank of the first relevant document), 0 when it ranks below k."""
    q, pos, first = ranks
    top = first & (pos < (np.inf if k is None else k))  # each query's first relevant rank
    out = np.zeros(big_r.size)
    out[q[top]] = 1.0 / (pos[top] + 1)
    return out


_UNTIED = {"P": _precision_untied, "recall": _recall_untied, "Rprec": _rprec_untied,
           "success": _success_untied, "AP": _ap_untied, "RR": _rr_untied}


def untied_measure(measure, ranks, big_r, k) -> np.ndarray:
    """:func:`ranked_measure` of rankings without tie groups (the order as given), from
    :func:`relevant_ranks` (so that several measures of one level share them): only the
    relevant ranks are visited (a run retrieves far more documents than are relevant).
    ``big_r`` is R per query, ``k`` the cut-off (None for none). The arguments are not
    checked: :func:`ranked_measure` checks them.

    Examples
    --------
    The rankings of :func:`relevant_ranks`' example, each query with R = 2:

    >>> import numpy as np
    >>> ranks = relevant_ranks(np.array([True, False, True, False, True]),
    ...                        np.array([0, 3, 5]))
    >>> untied_measure("P", ranks, np.array([2, 2]), 2).tolist()
    [0.5, 0.5]
    >>> [round(float(v), 12) for v in untied_measure("AP", ranks, np.array([2, 2]), None)]
    [0.833333333333, 0.25]
    """
    return _UNTIED[measure](ranks, big_r, k)


# -- rankings with tie groups: each measure's expectation over the orders of each group ---

class _Groups:
    """Rankings cut into groups of tied scores: each rank's query, 0-based position,
    group, its group's size m and relevant count g (``m``, ``g``, per rank), and
    ``e = g/m``, the probability that the rank holds a relevant document; per group,
    its query ``gq``, first position ``gpos``, size and relevant count."""

    def __init__(self, rel: np.ndarray, off: np.ndarray, big_r: np.ndarray,
                 group_starts) -> None:
        lengths = np.diff(off)
        self.nq, self.big_r = off.size - 1, big_r
        self.qidx = query_index(lengths)
        self.pos = np.arange(rel.size) - off[:-1][self.qidx]  # 0-based rank in the query
        starts = np.asarray(group_starts, dtype=bool).copy()
        if starts.shape != rel.shape:
            raise ValueError("group_starts: must have one flag per ranked document")
        starts[off[:-1][lengths > 0]] = True
        self.gid = np.cumsum(starts) - 1
        self.first = first = np.flatnonzero(starts)  # the flat index of each group's first
        self.gsize = np.diff(np.append(first, rel.size)).astype(np.float64)
        self.grel = np.add.reduceat(rel, first) if first.size else np.zeros(0)
        self.m, self.g = self.gsize[self.gid], self.grel[self.gid]
        self.e = self.g / self.m
        self.gq = self.qidx[first]  # the query of each group
        self.gpos = self.pos[first]  # the rank (0-based) of each group's first place

    def inside(self, k: int | None, measure: str = "") -> np.ndarray:
        """The ranks the cut keeps: the first k, the first R for R-precision, or all."""
        if k is not None:
            return self.pos < k
        if measure == "Rprec":
            return self.pos < self.big_r[self.qidx]
        return np.ones(self.pos.size, bool)

    def expected_count(self, k: int | None, measure: str = "") -> np.ndarray:
        """E[relevant documents within the cut] = sum over its ranks of g/m."""
        return _segment_sum(self.e * self.inside(k, measure), self.qidx, self.nq)


def _precision_tied(t: _Groups, k) -> np.ndarray:
    """E[P@k] = (1/k) sum_{p <= k} g_p / m_p (linear in each rank's relevance)."""
    return t.expected_count(k) / k


def _recall_tied(t: _Groups, k) -> np.ndarray:
    """E[recall@k] = (1/R) sum_{p <= k} g_p / m_p."""
    return _per_relevant(t.big_r, t.expected_count(k))


def _rprec_tied(t: _Groups, k) -> np.ndarray:
    """E[R-precision] = (1/R) sum_{p <= R} g_p / m_p."""
    return _per_relevant(t.big_r, t.expected_count(None, "Rprec"))


def _ap_tied(t: _Groups, k) -> np.ndarray:
    """E[AP] = (1/R) sum_p E[rel(p) (1 + #relevant above p)] / p, where for rank p at
    offset j of a group of m documents with g relevant, below A relevant documents of
    earlier groups, E[rel(p) (1 + #relevant above p)] = (g/m)(A + 1) + j g(g-1) /
    (m(m-1)): two given ranks of the group are both relevant with probability
    g(g-1) / (m(m-1))."""
    first, gq = t.first, t.gq
    # relevant documents in the earlier groups of the same query
    above = np.cumsum(t.grel) - t.grel
    qfirst = np.flatnonzero(group_starts(gq))
    above -= np.repeat(above[qfirst], np.diff(np.append(qfirst, first.size)))
    j = (t.pos - t.gpos[t.gid]).astype(np.float64)
    g, m = t.g, t.m
    pair = np.divide(g * (g - 1), m * (m - 1), out=np.zeros(t.pos.size), where=m > 1)
    term = (t.e * (above[t.gid] + 1) + j * pair) / (t.pos + 1)
    return _per_relevant(t.big_r, _segment_sum(term * t.inside(k), t.qidx, t.nq))


def _success_tied(t: _Groups, k) -> np.ndarray:
    """E[success@k] = 1 when a group wholly inside the first k holds a relevant document,
    else 1 - P[none relevant among the t ranks the cut takes from the group it splits]
    (hypergeometric)."""
    gpos, gsize, grel, gq = t.gpos, t.gsize, t.grel, t.gq
    whole = (gpos + gsize <= k) & (grel > 0)
    out = np.zeros(t.nq)
    out[gq[whole]] = 1.0
    split = (gpos < k) & (gpos + gsize > k) & (grel > 0) & (out[gq] == 0)
    if split.any():
        from scipy.stats import hypergeom  # lazy: scipy.stats takes long to import

        taken = k - gpos[split]
        out[gq[split]] = 1.0 - hypergeom.pmf(0, gsize[split], grel[split], taken)
    return out


def _rr_tied(t: _Groups, k) -> np.ndarray:
    """E[RR]: only the first group holding a relevant document matters; its first
    relevant document sits at offset j with probability P[none of the first j relevant]
    * g/(m-j) (hypergeometric), contributing 1 / its rank (0 below k)."""
    gpos, gsize, grel, gq = t.gpos, t.gsize, t.grel, t.gq
    cand = np.flatnonzero(grel > 0)
    cand = cand[group_starts(gq[cand])]
    out = np.zeros(t.nq)
    single = gsize[cand] == 1
    top = cand[single]
    out[gq[top]] = 1.0 / (gpos[top] + 1)
    if k is not None:
        out[gq[top]] *= gpos[top] < k
    tied = cand[~single]
    if tied.size:
        from scipy.stats import hypergeom  # lazy: scipy.stats takes long to import

        sizes = gsize[tied].astype(np.int64)
        grp = query_index(sizes)
        jj = positions_within(sizes)
        mm, gg = gsize[tied][grp], grel[tied][grp]
        p = hypergeom.pmf(0, mm, gg, jj) * gg / (mm - jj)
        rank = gpos[tied][grp] + jj + 1
        if k is not None:
            p = p * (rank <= k)
        out[gq[tied]] = np.bincount(grp, weights=p / rank, minlength=tied.size)
    return out


_TIED = {"P": _precision_tied, "recall": _recall_tied, "Rprec": _rprec_tied,
         "success": _success_tied, "AP": _ap_tied, "RR": _rr_tied}


def _checked(measure, relevant, offsets, num_rel, k) -> tuple:
    """:func:`ranked_measure`'s arguments checked: the measure and its cut-off, and the
    relevance flags, offsets and R as float64, int64 and float64 arrays."""
    check_option("measure", measure, RANKED_MEASURES)
    cut = RANKED_MEASURES[measure]
    if cut == "required" and k is None:
        raise ValueError(f"k: {measure} needs a cut-off, e.g. {measure}@10")
    if cut == "never" and k is not None:
        raise ValueError(f"k: {measure} takes no cut-off")
    if k is not None:
        k = check_positive_int("k", k)
    rel = np.asarray(relevant, dtype=np.float64)
    off = np.asarray(offsets, dtype=np.int64)
    big_r = np.asarray(num_rel, dtype=np.float64)
    nq = off.size - 1
    if nq < 0 or rel.ndim != 1 or off[0] != 0 or off[-1] != rel.size \
            or np.any(np.diff(off) < 0):
        raise ValueError("offsets: must rise from 0 to len(relevant)")
    if big_r.shape != (nq,):
        raise ValueError(f"num_rel: must have one count per query ({nq}), got {big_r.shape}")
    if np.any((rel != 0) & (rel != 1)):
        raise ValueError("relevant: must hold booleans or 0/1")
    return rel, off, big_r, k


def ranked_measure(measure: str, relevant: np.ndarray, offsets: np.ndarray,
                   num_rel: np.ndarray, *, k: int | None = None,
                   group_starts: np.ndarray | None = None) -> np.ndarray:
    """Per-query values of one binary-relevance measure on ranked lists.

    Parameters
    ----------
    measure : {"P", "recall", "success", "AP", "RR", "Rprec"}
        trec_eval's ``P_k``, ``recall_k``, ``success_k``, ``map`` / ``map_cut_k``,
        ``recip_rank`` (and RR@k: 0 when the first relevant document ranks below k) and
        ``Rprec`` (module docstring).
    relevant : ndarray of bool or {0, 1}, shape (N,)
        Whether each retrieved document is relevant, query by query in rank order.
    offsets : ndarray of int, shape (Q+1,)
        Query q holds ``relevant[offsets[q]:offsets[q+1]]``.
    num_rel : ndarray of int, shape (Q,)
        Relevant documents of each query, retrieved or not.
    k : int, optional
        The cut-off: ranks 1..k count.
    group_starts : ndarray of bool, shape (N,), optional
        True where a rank starts a new group of tied scores (the first rank of each query
        always does). None: every rank its own group (the order as given).

    Returns
    -------
    ndarray of float64, shape (Q,)
        The measure of each query; under ``group_starts``, its expectation over the orders
        of every tie group (module docstring).

    Examples
    --------
    One query, relevant at ranks 1 and 3, three relevant judged in all: AP = (1/1 + 2/3)
    / 3 = 5/9, P@2 = 1/2; with ranks 2 and 3 tied, P@2 is its mean over their two orders,
    (1/2 + 1) / 2:

    >>> import numpy as np
    >>> rel, off, num_rel = np.array([True, False, True, False]), np.array([0, 4]), np.array([3])
    >>> round(float(ranked_measure("AP", rel, off, num_rel)[0]), 12)
    0.555555555556
    >>> ranked_measure("P", rel, off, num_rel, k=2).tolist()
    [0.5]
    >>> ties = np.array([True, True, False, True])
    >>> ranked_measure("P", rel, off, num_rel, k=2, group_starts=ties).tolist()
    [0.75]
    """
    rel, off, big_r, k = _checked(measure, relevant, offsets, num_rel, k)
    if group_starts is None:
        return untied_measure(measure, relevant_ranks(rel != 0, off), big_r, k)
    return _TIED[measure](_Groups(rel, off, big_r, group_starts), k)
