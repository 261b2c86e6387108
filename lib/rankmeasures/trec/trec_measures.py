"""trec_eval's measures beyond the common ones, computed per query on trec_eval's ranking.

Every function here takes a :class:`RankedJudgments` -- each query's retrieved documents in
trec_eval's order, each marked as trec_eval marks it (its grade; -1 when the qrels do not
list it; -2 when they list it with a negative grade, "in the pool but unjudged") and every
judged grade of the query, retrieved or not -- and returns one value per query, computed
as trec_eval 10's ``m_<name>.c`` computes it (the C source is the definition; each
docstring cites the file and the paper it names). Vectorised over every query at once:
running counts are cumulative sums within each query, never a Python loop over documents.

With ``level`` the relevance level (``-l``): a document is *relevant* when its mark is at
least ``level``; *judged non-relevant* when its mark is in ``[0, level)``; ``num_rel``
counts the query's judged documents of grade at least ``level`` (and at least 0),
``num_nonrel`` those of grade in ``[0, level)``. The gain of a grade (ndcg, G, ...) is the
grade itself unless a ``grade=gain`` parameter names it; marks -1 and -2 gain 0.

Two of trec_eval's rules differ between its versions: the recall points of
``iprec_at_recall`` and ``11pt_avg`` become ranks by ``lround(p R)`` in trec_eval 10 and
by ``(long)(p R + 0.9)`` in trec_eval 9 (pytrec_eval); :attr:`RankedJudgments.trec_eval`
selects, per call (:func:`rankmeasures.evaluate`'s ``trec_eval=``, default ``"10"``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from .._ragged import offsets_from_sizes, query_index
from .measure_names import declared_defaults

# Each measure's kernel (``_bpref``, ``_infap``, ...) is private: :func:`compute` reaches it
# through its dispatch table, where the measure's declared defaults are filled in.
__all__ = ["RankedJudgments", "NONPOOL", "UNJUDGED", "MIN_GEO_MEAN", "INFAP_EPSILON",
           "TREC_EVAL_VERSIONS", "TIE_AVERAGE", "marks_from", "compute"]

#: trec_eval's marks of retrieved documents the qrels do not grade (form_res_rels.c)
NONPOOL, UNJUDGED = -1.0, -2.0
#: trec_eval's floor of a value entering a geometric mean (trec_eval.h)
MIN_GEO_MEAN = 0.00001
#: trec_eval's smoothing constant of infAP (trec_eval.h)
INFAP_EPSILON = 0.00001
#: the versions of trec_eval whose rules are followed (module docstring): "10", the
#: default, or "9" (pytrec_eval's)
TREC_EVAL_VERSIONS = ("10", "9")
#: the measures whose expectation over the orders of tied documents is computed here
#: (``ties="average"``): linear in the ranks' marks, or blind to the order
TIE_AVERAGE = frozenset({
    "relative_P", "unj", "judged", "Rprec_mult", "rbp", "rbp_resid", "trec_dcg",
    "trec_ndcg", "ideal_dcg", "set_P", "set_recall", "set_relative_P", "set_map", "set_F",
    "utility", "num_nonrel_judged_ret", "num_q"})


@dataclass(frozen=True)
class RankedJudgments:
    """Each query's ranking as trec_eval marks it, and every judged grade of the query.

    Attributes
    ----------
    marks : ndarray of float64, shape (N,)
        The retrieved documents in rank order, query by query: the grade, or
        :data:`NONPOOL` (-1, not in the qrels) or :data:`UNJUDGED` (-2, a negative grade).
    offsets : ndarray of int64, shape (Q+1,)
    grades : ndarray of float64, shape (M,)
        Every grade of the query's qrels (retrieved or not; negative ones included).
    grade_offsets : ndarray of int64, shape (Q+1,)
    absent : ndarray of bool, shape (Q,), or None
        Queries the run does not have (``-c``): trec_eval ranks a single document not in
        the qrels for each, which keeps its values from 0/0 where a query emptied by
        ``-J`` gets NaN.
    groups : ndarray of int64, shape (N,), or None
        Under ``ties="average"``: each rank's group of tied scores (numbered in rank
        order). The measures linear in the ranks' marks (:data:`TIE_AVERAGE`) are then
        their expectation over every order of each group: a rank's mark replaced by its
        group's mean (:meth:`expect`); the others refuse.
    trec_eval : {"10", "9"}
        Whose rules (:data:`TREC_EVAL_VERSIONS`): a recall point p becomes ``lround(p R)``
        relevant documents under trec_eval 10, ``(long)(p R + 0.9)`` under trec_eval 9
        (pytrec_eval).

    Examples
    --------
    One query ranking a relevant document, one the qrels do not list and a judged
    non-relevant one; its qrels also hold a relevant document never retrieved:

    >>> import numpy as np
    >>> r = RankedJudgments(marks=np.array([1.0, NONPOOL, 0.0]), offsets=np.array([0, 3]),
    ...                     grades=np.array([1.0, 0.0, 2.0]), grade_offsets=np.array([0, 3]))
    >>> r.num_rel(1).tolist(), compute("bpref", r, 1, {}).tolist()
    ([2.0], [0.5])
    >>> compute("unj", r, 1, {"k": 2}).tolist()
    [0.5]
    """

    marks: np.ndarray
    offsets: np.ndarray
    grades: np.ndarray
    grade_offsets: np.ndarray
    absent: np.ndarray | None = None
    groups: np.ndarray | None = None
    trec_eval: str = "10"
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    @cached_property
    def nq(self) -> int:
        return self.offsets.size - 1

    @cached_property
    def num_ret(self) -> np.ndarray:
        return np.diff(self.offsets)

    @cached_property
    def qidx(self) -> np.ndarray:
        return np.repeat(np.arange(self.nq), self.num_ret)

    @cached_property
    def pos(self) -> np.ndarray:
        """0-based rank within the query."""
        return np.arange(self.marks.size) - self.offsets[:-1][self.qidx]

    @cached_property
    def gidx(self) -> np.ndarray:
        return query_index(np.diff(self.grade_offsets))

    def count(self, flags: np.ndarray) -> np.ndarray:
        """Per query: the sum of ``flags`` over its retrieved documents (a count for a
        boolean mask: only the marked documents are visited)."""
        if flags.dtype == bool:
            return np.bincount(self.qidx[flags], minlength=self.nq).astype(np.float64)
        return np.bincount(self.qidx, weights=flags, minlength=self.nq)

    def running(self, flags: np.ndarray) -> np.ndarray:
        """Per retrieved document: how many of its query's documents at or above it
        ``flags`` marks (a cumulative sum within each query)."""
        c = np.cumsum(flags, dtype=np.float64)
        return c - np.repeat(self._before(c), self.num_ret)

    def running_at(self, flags: np.ndarray, at: np.ndarray) -> np.ndarray:
        """``running(flags)[at]``, subtracting only at ``at``."""
        c = np.cumsum(flags, dtype=np.float64)
        return c[at] - self._before(c)[self.qidx[at]]

    @cached_property
    def judged(self) -> tuple[np.ndarray, np.ndarray]:
        """The ranks the qrels list (mark not :data:`NONPOOL`), and the index among them
        of each query's first: the only ranks whose counts most measures read."""
        ranks = np.flatnonzero(self.marks != NONPOOL)
        return ranks, np.searchsorted(ranks, self.offsets[:-1])

    def running_judged(self, flags: np.ndarray, at: np.ndarray) -> np.ndarray:
        """``running(f)[ranks[at]]`` for ``f`` zero off the judged ranks (``ranks``,
        :attr:`judged`), given ``flags = f[ranks]``: sums over the judged ranks only."""
        ranks, first = self.judged
        c = np.cumsum(flags, dtype=np.float64)
        before = np.zeros(self.nq)
        some = first > 0
        before[some] = c[first[some] - 1]
        return c[at] - before[self.qidx[ranks[at]]]

    def _before(self, c: np.ndarray) -> np.ndarray:
        """Per query, the cumulative sum ``c`` before its first rank."""
        first = self.offsets[:-1]
        out = np.zeros(self.nq)
        some = first > 0
        out[some] = c[first[some] - 1]
        return out

    def num_rel(self, level: float) -> np.ndarray:
        key = ("num_rel", level)
        if key not in self._cache:
            g = self.grades
            self._cache[key] = np.bincount(self.gidx, weights=(g >= 0) & (g >= level),
                                           minlength=self.nq)
        return self._cache[key]

    def relevant(self, level: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The ranks whose mark is at least ``level``, their running count
        (:meth:`running`) and their count per query, computed once per level."""
        key = ("relevant", level)
        if key not in self._cache:
            rel = self.marks >= level
            self._cache[key] = rel, self.running(rel), self.count(rel)
        return self._cache[key]

    def at_rank(self, running: np.ndarray, k) -> np.ndarray:
        """Per query, a running value (:meth:`running`) at rank k (1-based; k per query
        or one for all; 0 when k = 0; the last when k exceeds the query's length): for a
        running count, the count over the first k ranks."""
        k = np.broadcast_to(np.asarray(k, np.int64), (self.nq,))
        return _at(running, self.offsets, k)

    def num_nonrel(self, level: float) -> np.ndarray:
        g = self.grades
        return np.bincount(self.gidx, weights=(g >= 0) & (g < level), minlength=self.nq)

    def top(self, flags: np.ndarray, k: int) -> np.ndarray:
        """Per query: how many of the first ``k`` ranks ``flags`` marks (its sum there)."""
        inside = self.pos < k
        return self.count(flags & inside if flags.dtype == bool else flags * inside)

    def expect(self, x: np.ndarray) -> np.ndarray:
        """``x`` per rank, or, with tie groups, its mean over the rank's group: the
        expectation of a rank's value over every order of the tied documents."""
        if self.groups is None:
            return x
        sums = np.bincount(self.groups, weights=x)
        return (sums / np.bincount(self.groups))[self.groups]


def marks_from(relevance: np.ndarray, judged: np.ndarray) -> np.ndarray:
    """trec_eval's marks (module docstring) from grades and whether each is judged.

    Examples
    --------
    A judged grade is its mark; a judged negative grade is -2 (in the pool, unjudged); a
    document the qrels do not list is -1:

    >>> import numpy as np
    >>> marks_from(np.array([2.0, 0.0, -1.0, 0.0]),
    ...            np.array([True, True, True, False])).tolist()
    [2.0, 0.0, -2.0, -1.0]
    """
    return np.where(judged, np.where(relevance < 0, UNJUDGED, relevance), NONPOOL)


def _div(num, den) -> np.ndarray:
    """num / den, 0 where den is 0 (trec_eval leaves the value at its initial 0)."""
    num = np.asarray(num, np.float64)
    den = np.asarray(den, np.float64)
    return np.divide(num, den, out=np.zeros(np.broadcast(num, den).shape), where=den != 0)


def _recall_count(p: float, big_r: np.ndarray, trec_eval: str) -> np.ndarray:
    """A recall point p as a count of relevant documents: ``lround(p R)`` (trec_eval
    10's m_iprec_at_recall.c) or ``(long)(p R + 0.9)`` (trec_eval 9's)."""
    x = p * big_r
    if trec_eval == "10":  # round half away from zero, exactly
        f = np.floor(x)
        return (f + (x - f >= 0.5)).astype(np.int64)
    return np.trunc(x + 0.9).astype(np.int64)


# -- binary-relevance measures ------------------------------------------------------------

def _bpref(r: RankedJudgments, level: float) -> np.ndarray:
    """Binary preference (trec_eval's ``m_bpref.c``; Buckley & Voorhees, SIGIR 2004):
    (1/R) sum over retrieved judged relevant documents of
    1 - min(n, R) / min(N, R), n the judged non-relevant documents above it, N all the
    query's judged non-relevant documents (1 when n = 0)."""
    ranks, _ = r.judged  # every count below is of judged ranks
    m = r.marks[ranks]
    nonrel = (m >= 0) & (m < level)
    rel = (m >= 0) & (m >= level)
    at = np.flatnonzero(rel)
    n = r.running_judged(nonrel, at)  # a relevant rank is not non-relevant: those above it
    q = r.qidx[ranks[at]]
    big_r, big_n = r.num_rel(level), r.num_nonrel(level)
    term = np.where(n > 0, 1.0 - _div(np.minimum(n, big_r[q]), np.minimum(big_n, big_r)[q]),
                    1.0)
    return _div(np.bincount(q, weights=term, minlength=r.nq), big_r)


def _infap(r: RankedJudgments, level: float) -> np.ndarray:
    """Inferred AP (``m_infap.c``; Yilmaz & Aslam, CIKM 2006): at each retrieved judged
    relevant document at 0-based rank j, 1 if j = 0, else 1/(j+1) + (j/(j+1)) *
    ((a + n + u)/j) * ((a + eps)/(a + n + 2 eps)), with a the relevant, n the judged
    non-relevant and u the pooled-but-unjudged documents above it; summed, over R."""
    ranks, _ = r.judged  # every count below is of judged ranks
    m = r.marks[ranks]
    nonrel = (m >= 0) & (m < level)
    rel = (m >= 0) & (m >= level)
    unj = m == UNJUDGED
    at = np.flatnonzero(rel)
    a = r.running_judged(rel, at) - 1
    n = r.running_judged(nonrel, at)
    u = r.running_judged(unj, at)
    at = ranks[at]
    j = r.pos[at].astype(np.float64)
    safe = np.where(j > 0, j, 1.0)
    eps = INFAP_EPSILON
    term = np.where(j == 0, 1.0, 1.0 / (j + 1) + (j / (j + 1)) * ((a + n + u) / safe)
                    * ((a + eps) / (a + n + 2 * eps)))
    return _div(np.bincount(r.qidx[at], weights=term, minlength=r.nq), r.num_rel(level))


def _suffix_max(values: np.ndarray, group: np.ndarray) -> np.ndarray:
    """Per element: the maximum of its group's elements at or after it (groups
    contiguous), exactly -- a segmented scan by doubling, log2(n) vector steps."""
    out = values.copy()
    step = 1
    while step < out.size:
        same = group[step:] == group[:-step]
        np.maximum(out[:-step], np.where(same, out[step:], -np.inf), out=out[:-step])
        step *= 2
    return out


def _iprec_at_recall(r: RankedJudgments, level: float, points) -> list[np.ndarray]:
    """Interpolated precision at recall points (``m_iprec_at_recall.c``): at point p,
    with c the recall point as a count of relevant documents (:func:`_recall_count`),
    the maximum precision at or below the rank of the c-th relevant retrieved document
    (of the first when c = 0); 0 when c exceeds the relevant retrieved."""
    key = ("iprec", level)
    if key not in r._cache:
        rel, running, count = r.relevant(level)
        at = np.flatnonzero(rel)
        q = r.qidx[at]
        # between relevant ranks precision falls, so its maximum at or below a rank is
        # reached at a relevant rank: the suffix maximum over the relevant ranks only
        sufmax = _suffix_max((running / (r.pos + 1.0))[at], q)
        first = np.searchsorted(q, np.arange(r.nq))  # each query's first relevant retrieved
        r._cache[key] = sufmax, first, count.astype(np.int64)
    sufmax, first, rel_ret = r._cache[key]
    big_r = r.num_rel(level)
    out = []
    for p in points:
        c = _recall_count(p, big_r, r.trec_eval)
        idx = first + np.maximum(c, 1) - 1
        ok = (c <= rel_ret) & (rel_ret > 0)
        v = np.zeros(r.nq)
        v[ok] = sufmax[idx[ok]]
        empty = (r.num_ret == 0) & (c == 0)  # trec_eval's 0/0, but for a missing query
        if r.absent is not None:
            empty &= ~r.absent
        v[empty] = np.nan
        out.append(v)
    return out


def _pt_avg(r: RankedJudgments, level: float, points) -> np.ndarray:
    """``11pt_avg`` (``m_11pt_avg.c``): the mean of :func:`_iprec_at_recall` over the
    points (default 0, 0.1, ..., 1)."""
    return np.mean(_iprec_at_recall(r, level, points), axis=0)


def _rprec_mult(r: RankedJudgments, level: float, mults) -> list[np.ndarray]:
    """Precision at multiples of R (``m_Rprec_mult.c``): at multiple x, the cut
    c = (long)(x R + 0.9); the relevant documents in the first min(c, num_ret) ranks
    over c (0 when c = 0)."""
    rel, running, _ = r.relevant(level)
    big_r = r.num_rel(level)
    cut = np.trunc(np.asarray(mults, np.float64)[:, None] * big_r[None, :] + 0.9)
    out = []
    for c in cut:
        hits = (r.top(r.expect(rel), c[r.qidx]) if r.groups is not None
                else r.at_rank(running, c.astype(np.int64)))
        out.append(_div(hits, c))
    return out


def _relative_p(r: RankedJudgments, level: float, k: int) -> np.ndarray:
    """Relative precision at k (``m_rel_P.c``): the relevant documents in the first k
    ranks over min(k, R) (0 when R = 0: trec_eval returns before dividing)."""
    rel, running, _ = r.relevant(level)
    hits = r.top(r.expect(rel), k) if r.groups is not None else r.at_rank(running, k)
    return _div(hits, np.minimum(k, r.num_rel(level)))


def _unj(r: RankedJudgments, k: int) -> np.ndarray:
    """Unjudged at k (trec_eval 10's ``m_unjudged.c``): the documents of the first k
    ranks the qrels do not grade (marks -1 and -2), over k."""
    return r.top(r.expect(r.marks < 0), k) / k


def _judged_at(r: RankedJudgments, k: int) -> np.ndarray:
    """ir_measures' ``Judged@k`` (its ``judged`` provider): the share of the first k
    ranks that the qrels list, whatever the grade (a negative one too), over
    min(k, num_ret) (0 without retrieved documents)."""
    return _div(r.top(r.expect(r.marks != NONPOOL), k), np.minimum(k, r.num_ret))


def _bin_g(r: RankedJudgments, level: float) -> np.ndarray:
    """Binary G (``m_binG.c``): (1/R) sum over the relevant retrieved of
    1/log2(2 + the non-relevant documents above it)."""
    rel, running, _ = r.relevant(level)
    at = np.flatnonzero(rel)
    term = 1.0 / np.log2(3.0 + r.pos[at] - running[at])
    s = np.bincount(r.qidx[at], weights=term, minlength=r.nq)
    return _div(s, r.num_rel(level))


def _set_counts(r: RankedJudgments, level: float, n_docs: int = 0) -> dict:
    """The set measures (``m_set_P.c``, ``m_set_recall.c``, ``m_set_rel_P.c``,
    ``m_set_map.c``, ``m_set_F.c``, ``m_utility.c``, ``m_num_nonrel_judged_ret.c``):
    the counts they read."""
    key = ("set", level)
    if key not in r._cache:
        m = r.marks
        r._cache[key] = {"rel_ret": r.relevant(level)[2], "ret": r.num_ret.astype(np.float64),
                         "rel": r.num_rel(level),
                         "nonrel_judged_ret": r.count((m >= 0) & (m < level))}
    return {**r._cache[key], "n_docs": float(n_docs)}


def _set_p(c: dict) -> np.ndarray:
    """num_rel_ret / num_ret."""
    return _div(c["rel_ret"], c["ret"])


def _set_recall(c: dict) -> np.ndarray:
    """num_rel_ret / num_rel."""
    return _div(c["rel_ret"], c["rel"])


def _set_relative_p(c: dict) -> np.ndarray:
    """num_rel_ret / min(num_ret, num_rel) (0 when either is 0, as m_set_rel_P.c)."""
    return _div(c["rel_ret"], np.minimum(c["ret"], c["rel"]))


def _set_map(c: dict) -> np.ndarray:
    """num_rel_ret^2 / (num_ret num_rel): set_P times set_recall, in trec_eval's order of
    operations (``m_set_map.c``)."""
    return _div(c["rel_ret"] * c["rel_ret"], c["ret"] * c["rel"])


def _set_f(c: dict, beta: float) -> np.ndarray:
    """(beta + 1) P R / (beta P + R) of the retrieved set (0 when nothing is retrieved
    or relevant); trec_eval's parameter is beta itself, not its square."""
    p, rr = _set_p(c), _set_recall(c)
    ok = (c["ret"] > 0) & (c["rel"] > 0) & (beta * p + rr > 0)
    return _div((beta + 1) * p * rr, np.where(ok, beta * p + rr, 0.0))


def _utility(c: dict, a: float, b: float, cc: float, d: float) -> np.ndarray:
    """a * rel_ret + b * nonrel_ret + c * rel_not_ret + d * nonrel_not_ret, the last
    from the collection size ``-N`` (``m_utility.c``)."""
    rr, ret, rel = c["rel_ret"], c["ret"], c["rel"]
    return a * rr + b * (ret - rr) + cc * (rel - rr) + d * (c["n_docs"] + rr - ret - rel)


# -- graded measures ----------------------------------------------------------------------

def _gain_of(values: np.ndarray, pairs: dict) -> np.ndarray:
    """trec_eval's setup_gains/get_gain: the gain of a mark, its grade unless a
    ``grade=gain`` pair names it; marks below 0 gain 0 unless named."""
    out = np.where(values >= 0, values, 0.0)
    for grade, gain in pairs.items():
        out = np.where(values == grade, gain, out)
    return out


@dataclass(frozen=True)
class _Gains:
    gain: np.ndarray          # each retrieved document's gain
    dcg: np.ndarray           # running DCG at each retrieved rank (inclusive)
    ideal: np.ndarray         # each query's positive ideal gains, decreasing, flat
    ideal_offsets: np.ndarray
    ideal_dcg: np.ndarray     # running ideal DCG, flat like ``ideal``


def _gains(r: RankedJudgments, pairs: dict) -> _Gains:
    key = ("gains", tuple(sorted(pairs.items())))
    if key not in r._cache:
        r._cache[key] = _gains_of(r, pairs)
    return r._cache[key]


def _gains_of(r: RankedJudgments, pairs: dict) -> _Gains:
    gain = r.expect(_gain_of(r.marks, pairs))
    # gain / log2(rank + 1), the logarithm taken only where the gain is not +0 (most
    # ranks of a run gain nothing; there the quotient is +0 either way)
    at = np.flatnonzero((gain != 0) | np.signbit(gain))
    discounted = np.zeros(gain.size)
    discounted[at] = gain[at] / np.log2(r.pos[at] + 2.0)
    dcg = r.running(discounted)
    g = r.grades
    gg = _gain_of(np.where(g >= 0, g, np.nan), pairs)  # the qrels' negative grades: none
    keep = gg > 0
    q = r.gidx[keep]
    order = np.lexsort((-gg[keep], q))
    ideal = gg[keep][order]
    sizes = np.bincount(q, minlength=r.nq)
    off = offsets_from_sizes(sizes)
    iq = query_index(sizes)
    ipos = np.arange(ideal.size) - off[:-1][iq]
    c = np.cumsum(ideal / np.log2(ipos + 2.0))
    ideal_dcg = c - np.concatenate([[0.0], c])[off[:-1]][iq]
    return _Gains(gain, dcg, ideal, off, ideal_dcg)


def _at(values: np.ndarray, offsets: np.ndarray, k: np.ndarray) -> np.ndarray:
    """Per query, the running value at rank k (1-based; 0 when k = 0; the last when
    k exceeds the query's length)."""
    sizes = np.diff(offsets)
    kk = np.minimum(k, sizes)
    out = np.zeros(sizes.size)
    ok = kk > 0
    out[ok] = values[offsets[:-1][ok] + kk[ok] - 1]
    return out


def _dcg_measures(r: RankedJudgments, pairs: dict) -> dict:
    """``dcg``, ``ideal_dcg`` and ``ndcg`` with trec_eval's gains (``m_ndcg.c``, after
    Järvelin & Kekäläinen, ACM TOIS 20, 2002, whose original leaves rank 2 undiscounted):
    gain / log2(rank + 1) over every retrieved document; the ideal over every judged
    document of positive gain."""
    g = _gains(r, pairs)
    dcg = _at(g.dcg, r.offsets, r.num_ret)
    ideal = _at(g.ideal_dcg, g.ideal_offsets, np.diff(g.ideal_offsets))
    return {"dcg": dcg, "ideal_dcg": ideal, "ndcg": _div(dcg, ideal)}


def _ndcg_cut(r: RankedJudgments, k: int, pairs: dict) -> np.ndarray:
    """``ndcg_cut_k`` (``m_ndcg_cut.c``): DCG over the first k retrieved documents over
    the ideal DCG of the first k ideal gains."""
    g = _gains(r, pairs)
    dcg = _at(g.dcg, r.offsets, np.minimum(r.num_ret, k))
    ideal = _at(g.ideal_dcg, g.ideal_offsets, np.minimum(np.diff(g.ideal_offsets), k))
    return _div(dcg, ideal)


def _ndcg_rel(r: RankedJudgments, pairs: dict) -> np.ndarray:
    """``ndcg_rel`` (``m_ndcg_rel.c``): NDCG averaged over the documents of positive
    gain: at each retrieved one, DCG / ideal DCG at its rank (the ideal's growth stops at
    its last positive gain); each one not retrieved counts the final DCG / ideal DCG."""
    g = _gains(r, pairs)
    big_p = np.diff(g.ideal_offsets)
    at = np.flatnonzero(g.gain > 0)
    q = r.qidx[at]
    k = np.minimum(r.pos[at] + 1, big_p[q])
    idcg = np.zeros(at.size)
    okk = k > 0
    idcg[okk] = g.ideal_dcg[g.ideal_offsets[:-1][q[okk]] + k[okk] - 1]
    with np.errstate(invalid="ignore", divide="ignore"):
        s = np.bincount(q, weights=g.dcg[at] / idcg, minlength=r.nq)
        final = _at(g.dcg, r.offsets, r.num_ret) / _at(g.ideal_dcg, g.ideal_offsets, big_p)
        s = s + (big_p - np.bincount(q, minlength=r.nq)) * final
    return np.where(s > 0, _div(s, big_p), 0.0)


def _rndcg(r: RankedJudgments, level: float, pairs: dict) -> np.ndarray:
    """``Rndcg`` (``m_Rndcg.c``): NDCG averaged at the ranks where the ideal gain
    changes value (after the last positive ideal gain included), plus at the last
    retrieved rank when more than one document is retrieved past the ideal's positive
    gains; 0 for a query without relevant documents (at ``level``)."""
    g = _gains(r, pairs)
    big_p = np.diff(g.ideal_offsets)
    iq = query_index(big_p)
    nxt = np.append(g.ideal[1:], 0.0)
    last = np.zeros(g.ideal.size, bool)
    last[g.ideal_offsets[1:][big_p > 0] - 1] = True
    nxt[last] = 0.0
    change = g.ideal != nxt  # a change between rank k and k+1 (k 1-based below)
    k = (np.arange(g.ideal.size) - g.ideal_offsets[:-1][iq] + 1)[change]
    cq = iq[change]
    kk = np.minimum(k, r.num_ret[cq])
    dcg_k = np.zeros(k.size)
    ok = kk > 0
    dcg_k[ok] = g.dcg[r.offsets[:-1][cq[ok]] + kk[ok] - 1]
    terms = dcg_k / g.ideal_dcg[change]
    s = np.bincount(cq, weights=terms, minlength=r.nq)
    n = np.bincount(cq, minlength=r.nq).astype(np.float64)
    extra = (r.num_ret > big_p + 1) & (big_p > 0)
    final = _div(_at(g.dcg, r.offsets, r.num_ret), _at(g.ideal_dcg, g.ideal_offsets, big_p))
    s = s + np.where(extra, final, 0.0)
    n = n + extra
    with np.errstate(invalid="ignore", divide="ignore"):
        out = s / n
    return np.where(r.num_rel(level) > 0, out, 0.0)


def _g_measure(r: RankedJudgments, pairs: dict) -> np.ndarray:
    """``G`` (``m_G.c``): sum over retrieved documents of gain / log2(2 + C_i - S_i),
    S_i the gain retrieved up to rank i, C_i the sum of max(ideal gain, 1) up to rank i;
    over the ideal's total gain."""
    g = _gains(r, pairs)
    big_p = np.diff(g.ideal_offsets)
    inside = r.pos < big_p[r.qidx]
    ig = np.zeros(r.marks.size)
    ig[inside] = g.ideal[g.ideal_offsets[:-1][r.qidx[inside]] + r.pos[inside]]
    at = np.flatnonzero(g.gain != 0)
    cost = r.running_at(np.maximum(ig, 1.0), at)
    got = r.running_at(g.gain, at)
    s = np.bincount(r.qidx[at], weights=g.gain[at] / np.log2(2.0 + cost - got),
                    minlength=r.nq)
    total = np.bincount(query_index(big_p), weights=g.ideal, minlength=r.nq)
    return _div(s, total)


def _powers(r: RankedJudgments, p: float) -> np.ndarray:
    """p^i for i = 0 .. the longest ranking, each the running product trec_eval keeps
    (``cur_p = cur_p * p``, m_rbp.c), not ``pow``: the two can differ in the last bit."""
    longest = int(r.num_ret.max()) if r.nq else 0
    return np.concatenate([[1.0], np.cumprod(np.full(longest, p))])


def _rbp(r: RankedJudgments, p: float) -> np.ndarray:
    """Rank-biased precision (Moffat & Zobel, ACM TOIS 27(1), 2008, eq. 5):
    (1 - p) sum_i r_i p^(i-1) over the retrieved ranks, r_i the gain in [0, 1]: the grade
    when every grade of the query lies in [0, 1], else grade / (largest grade) -- how
    trec_eval's ``m_rbp.c`` maps gains to [0, 1] when the smallest is 0."""
    gmax = np.zeros(r.nq)
    np.maximum.at(gmax, r.gidx, np.where(r.grades >= 0, r.grades, 0.0))
    scale = np.where(gmax > 1, gmax, 1.0)
    gain = r.expect(np.where(r.marks > 0, r.marks, 0.0) / scale[r.qidx])
    return (1 - p) * r.count(gain * _powers(r, p)[r.pos])


def _rbp_resid(r: RankedJudgments, p: float) -> np.ndarray:
    """RBP's residual (Moffat & Zobel 2008, Section 4; trec_eval's ``m_rbp_resid.c``):
    p^d + (1 - p) sum over the unjudged ranks i of p^(i-1), d the retrieved; 0 for a
    query without an unjudged retrieved document (trec_eval's rule; the paper's residual
    is p^d there)."""
    un = r.marks < 0
    pw = _powers(r, p)
    s = pw[r.num_ret] + (1 - p) * r.count(r.expect(un) * pw[r.pos])
    return np.where(r.count(un) > 0, s, 0.0)


def _expected_reciprocal_rank(r: RankedJudgments, k: int | None,
                              max_grade: float) -> np.ndarray:
    """Expected reciprocal rank (Chapelle, Metzler, Zhang & Grinspan, CIKM 2009, Algorithm
    2): sum_r (1/r) R_r prod_{i<r} (1 - R_i), R = (2^g - 1) / 2^max_grade, over the first
    k ranks (all without k); negative and unjudged grades count 0."""
    g = np.where(r.marks > 0, r.marks, 0.0)
    stop = (2.0 ** g - 1) / 2.0 ** max_grade
    with np.errstate(divide="ignore"):
        log_go = np.log1p(-np.minimum(stop, 1.0))
    before = r.running(log_go) - log_go  # log prod_{i<r} (1 - R_i)
    term = stop * np.exp(before) / (r.pos + 1.0)
    if k is not None:
        term = term * (r.pos < k)
    return r.count(term)


def compute(kind: str, r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    """One trec_eval measure per query.

    Parameters
    ----------
    kind : str
        A key of :data:`rankmeasures.trec.measure_names.MEASURES` of family ``"trec"``,
        or ``"trec_ndcg"``/``"trec_dcg"`` (trec_eval's DCGs, gains per grade).
    r : RankedJudgments
    level : float
        The relevance level (trec_eval's ``-l``).
    params : dict
        The measure's parameters (:attr:`MeasureSpec.options
        <rankmeasures.trec.measure_names.MeasureSpec.options>`): ``k``, ``p``,
        ``gains``, ``points``, ``coefficients``, ``beta``, ``max_grade``, ``n_docs``;
        one the measure declares and ``params`` lacks takes its declared default
        (:func:`~rankmeasures.trec.measure_names.declared_defaults`).

    Examples
    --------
    >>> import numpy as np
    >>> r = RankedJudgments(marks=np.array([0.0, 2.0, 1.0]), offsets=np.array([0, 3]),
    ...                     grades=np.array([0.0, 2.0, 1.0]), grade_offsets=np.array([0, 3]))
    >>> round(float(compute("infAP", r, 1, {})[0]), 5)  # AP (1/2 + 2/3) / 2, smoothed
    0.58334
    >>> compute("iprec_at_recall", r, 1, {"p": 0.5}).tolist()
    [0.6666666666666666]
    """
    try:
        measure = _COMPUTE[kind]
    except KeyError:
        raise ValueError(f"measure: {kind!r} is not one of trec_eval's measures here") from None
    params = {**declared_defaults(kind), **params}
    if "gains" in params:
        params["gains"] = dict(params["gains"])
    return measure(r, level, params)


def _bpref_cached(r: RankedJudgments, level: float) -> np.ndarray:
    if ("bpref", level) not in r._cache:  # bpref and gm_bpref both read it
        r._cache["bpref", level] = _bpref(r, level)
    return r._cache["bpref", level]


def _set_measure(kind: str):
    """A set measure of :func:`_set_counts`' counts (computed once per level)."""
    def measure(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
        c = _set_counts(r, level, params.get("n_docs", 0))
        if kind == "set_F":
            return _set_f(c, params["beta"])
        if kind == "utility":
            u = _utility(c, *params["coefficients"])
            # trec_eval -c zeroes a missing query's utility (trec_eval.c)
            return u if r.absent is None else np.where(r.absent, 0.0, u)
        if kind == "num_nonrel_judged_ret":
            return c["nonrel_judged_ret"]
        return {"set_P": _set_p, "set_recall": _set_recall, "set_relative_P": _set_relative_p,
                "set_map": _set_map}[kind](c)
    return measure


def _ndcg(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    if params.get("k") is not None:
        return _ndcg_cut(r, params["k"], params["gains"])
    return _dcg_measures(r, params["gains"])["ndcg"]


def _err(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    top = params.get("max_grade")
    if top is None:  # the declared rule: the largest grade of the qrels
        top = float(r.grades.max()) if r.grades.size else 1.0
    return _expected_reciprocal_rank(r, params.get("k"), top)


#: each measure's computation from the ranked judgments, the relevance level and its
#: parameters (:func:`compute`); its declaration is in measure_names.MEASURES
_COMPUTE = {
    "bpref": lambda r, level, _: _bpref_cached(r, level),
    "gm_bpref": lambda r, level, _: np.maximum(_bpref_cached(r, level), MIN_GEO_MEAN),
    "infAP": lambda r, level, _: _infap(r, level),
    "iprec_at_recall": lambda r, level, p: _iprec_at_recall(r, level, [p["p"]])[0],
    "11pt_avg": lambda r, level, p: _pt_avg(r, level, p["points"]),
    "Rprec_mult": lambda r, level, p: _rprec_mult(r, level, [p["p"]])[0],
    "relative_P": lambda r, level, p: _relative_p(r, level, p["k"]),
    "unj": lambda r, _, p: _unj(r, p["k"]),
    "judged": lambda r, _, p: _judged_at(r, p["k"]),
    "binG": lambda r, level, _: _bin_g(r, level),
    **{kind: _set_measure(kind) for kind in ("set_P", "set_recall", "set_relative_P",
                                             "set_map", "set_F", "utility",
                                             "num_nonrel_judged_ret")},
    "trec_ndcg": _ndcg,
    "trec_dcg": lambda r, _, p: _dcg_measures(r, p["gains"])["dcg"],
    "ideal_dcg": lambda r, _, p: _dcg_measures(r, p["gains"])["ideal_dcg"],
    "ndcg_rel": lambda r, _, p: _ndcg_rel(r, p["gains"]),
    "Rndcg": lambda r, level, p: _rndcg(r, level, p["gains"]),
    "G": lambda r, _, p: _g_measure(r, p["gains"]),
    "rbp": lambda r, _, p: _rbp(r, p["p"]),
    "rbp_resid": lambda r, _, p: _rbp_resid(r, p["p"]),
    "ERR": _err,
    "num_q": lambda r, _, __: np.ones(r.nq),
}

