"""trec_eval's measures beyond the common ones, computed per query on trec_eval's ranking.

Every kernel takes a :class:`RankedJudgments` -- each query's retrieved documents in
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

import numpy as np

from . import trec_graded
from ._ranked_judgments import (
    INFAP_EPSILON,
    KERNELS,
    MIN_GEO_MEAN,
    NONPOOL,
    TREC_EVAL_VERSIONS,
    UNJUDGED,
    RankedJudgments,
    div_or_zero,
    kernel,
    marks_from,
)
from .declarations import declared_defaults

# Each measure's kernel (``_bpref``, ``_infap``, ...) is private: :func:`compute` reaches it
# through the registry (:func:`kernel`), where the measure's declared defaults are filled in;
# the graded ones are in :mod:`rankmeasures.trec.trec_graded`.
__all__ = ["RankedJudgments", "NONPOOL", "UNJUDGED", "MIN_GEO_MEAN", "INFAP_EPSILON",
           "TREC_EVAL_VERSIONS", "marks_from", "compute", "kernel"]
assert trec_graded  # imported for its kernels' registration


def _recall_count(p: float, big_r: np.ndarray, trec_eval: str) -> np.ndarray:
    """A recall point p as a count of relevant documents: ``lround(p R)`` (trec_eval
    10's m_iprec_at_recall.c) or ``(long)(p R + 0.9)`` (trec_eval 9's)."""
    x = p * big_r
    if trec_eval == "10":  # round half away from zero, exactly
        f = np.floor(x)
        return (f + (x - f >= 0.5)).astype(np.int64)
    return np.trunc(x + 0.9).astype(np.int64)


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
    term = np.where(n > 0, 1.0 - div_or_zero(np.minimum(n, big_r[q]), np.minimum(big_n, big_r)[q]),
                    1.0)
    return div_or_zero(np.bincount(q, weights=term, minlength=r.nq), big_r)


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
    return div_or_zero(np.bincount(r.qidx[at], weights=term, minlength=r.nq), r.num_rel(level))


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
    def compute() -> tuple:
        rel, running, count = r.relevant(level)
        at = np.flatnonzero(rel)
        q = r.qidx[at]
        # between relevant ranks precision falls, so its maximum at or below a rank is
        # reached at a relevant rank: the suffix maximum over the relevant ranks only
        sufmax = _suffix_max((running / (r.pos + 1.0))[at], q)
        first = np.searchsorted(q, np.arange(r.nq))  # each query's first relevant retrieved
        return sufmax, first, count.astype(np.int64)

    sufmax, first, rel_ret = r.cached(("iprec", level), compute)
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
        out.append(div_or_zero(hits, c))
    return out


def _relative_p(r: RankedJudgments, level: float, k: int) -> np.ndarray:
    """Relative precision at k (``m_rel_P.c``): the relevant documents in the first k
    ranks over min(k, R) (0 when R = 0: trec_eval returns before dividing)."""
    rel, running, _ = r.relevant(level)
    hits = r.top(r.expect(rel), k) if r.groups is not None else r.at_rank(running, k)
    return div_or_zero(hits, np.minimum(k, r.num_rel(level)))


def _unj(r: RankedJudgments, k: int) -> np.ndarray:
    """Unjudged at k (trec_eval 10's ``m_unjudged.c``): the documents of the first k
    ranks the qrels do not grade (marks -1 and -2), over k."""
    return r.top(r.expect(r.marks < 0), k) / k


def _judged_at(r: RankedJudgments, k: int) -> np.ndarray:
    """ir_measures' ``Judged@k`` (its ``judged`` provider): the share of the first k
    ranks that the qrels list, whatever the grade (a negative one too), over
    min(k, num_ret) (0 without retrieved documents)."""
    return div_or_zero(r.top(r.expect(r.marks != NONPOOL), k), np.minimum(k, r.num_ret))


def _bin_g(r: RankedJudgments, level: float) -> np.ndarray:
    """Binary G (``m_binG.c``): (1/R) sum over the relevant retrieved of
    1/log2(2 + the non-relevant documents above it)."""
    rel, running, _ = r.relevant(level)
    at = np.flatnonzero(rel)
    term = 1.0 / np.log2(3.0 + r.pos[at] - running[at])
    s = np.bincount(r.qidx[at], weights=term, minlength=r.nq)
    return div_or_zero(s, r.num_rel(level))


def _set_counts(r: RankedJudgments, level: float, n_docs: int = 0) -> dict:
    """The set measures (``m_set_P.c``, ``m_set_recall.c``, ``m_set_rel_P.c``,
    ``m_set_map.c``, ``m_set_F.c``, ``m_utility.c``, ``m_num_nonrel_judged_ret.c``):
    the counts they read."""
    def compute() -> dict:
        m = r.marks
        return {"rel_ret": r.relevant(level)[2], "ret": r.num_ret.astype(np.float64),
                "rel": r.num_rel(level), "nonrel_judged_ret": r.count((m >= 0) & (m < level))}

    return {**r.cached(("set", level), compute), "n_docs": float(n_docs)}


def _set_p(c: dict) -> np.ndarray:
    """num_rel_ret / num_ret."""
    return div_or_zero(c["rel_ret"], c["ret"])


def _set_recall(c: dict) -> np.ndarray:
    """num_rel_ret / num_rel."""
    return div_or_zero(c["rel_ret"], c["rel"])


def _set_relative_p(c: dict) -> np.ndarray:
    """num_rel_ret / min(num_ret, num_rel) (0 when either is 0, as m_set_rel_P.c)."""
    return div_or_zero(c["rel_ret"], np.minimum(c["ret"], c["rel"]))


def _set_map(c: dict) -> np.ndarray:
    """num_rel_ret^2 / (num_ret num_rel): set_P times set_recall, in trec_eval's order of
    operations (``m_set_map.c``)."""
    return div_or_zero(c["rel_ret"] * c["rel_ret"], c["ret"] * c["rel"])


def _set_f(c: dict, beta: float) -> np.ndarray:
    """(beta + 1) P R / (beta P + R) of the retrieved set (0 when nothing is retrieved
    or relevant); trec_eval's parameter is beta itself, not its square."""
    p, rr = _set_p(c), _set_recall(c)
    ok = (c["ret"] > 0) & (c["rel"] > 0) & (beta * p + rr > 0)
    return div_or_zero((beta + 1) * p * rr, np.where(ok, beta * p + rr, 0.0))


def _utility(c: dict, a: float, b: float, cc: float, d: float) -> np.ndarray:
    """a * rel_ret + b * nonrel_ret + c * rel_not_ret + d * nonrel_not_ret, the last
    from the collection size ``-N`` (``m_utility.c``)."""
    rr, ret, rel = c["rel_ret"], c["ret"], c["rel"]
    return a * rr + b * (ret - rr) + cc * (rel - rr) + d * (c["n_docs"] + rr - ret - rel)


def compute(kind: str, r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    """One trec_eval measure per query.

    Parameters
    ----------
    kind : str
        A key of :data:`rankmeasures.trec.declarations.MEASURES` of family ``"trec"``,
        or ``"ndcg"``/``"dcg"`` (trec_eval's DCGs, gains per grade): one whose kernel
        :func:`kernel` registered.
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
        measure = KERNELS[kind]
    except KeyError:
        raise ValueError(f"measure: {kind!r} is not one of trec_eval's measures here") from None
    params = {**declared_defaults(kind), **params}
    if "gains" in params:
        params["gains"] = dict(params["gains"])
    return measure(r, level, params)


def _bpref_cached(r: RankedJudgments, level: float) -> np.ndarray:
    return r.cached(("bpref", level), lambda: _bpref(r, level))  # bpref and gm_bpref


@kernel("bpref")
def _bpref_kernel(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _bpref_cached(r, level)


@kernel("infAP")
def _infap_kernel(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _infap(r, level)


@kernel("iprec_at_recall")
def _iprec_kernel(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _iprec_at_recall(r, level, [params["p"]])[0]


@kernel("11pt_avg")
def _pt_avg_kernel(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _pt_avg(r, level, params["points"])


@kernel("Rprec_mult")
def _rprec_mult_kernel(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _rprec_mult(r, level, [params["p"]])[0]


@kernel("relative_P")
def _relative_p_kernel(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _relative_p(r, level, params["k"])


@kernel("unj")
def _unj_kernel(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _unj(r, params["k"])


@kernel("judged")
def _judged_kernel(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _judged_at(r, params["k"])


@kernel("binG")
def _bin_g_kernel(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _bin_g(r, level)


@kernel("set_P")
def _set_p_kernel(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _set_p(_set_counts(r, level))


@kernel("set_recall")
def _set_recall_kernel(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _set_recall(_set_counts(r, level))


@kernel("set_relative_P")
def _set_relative_p_kernel(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _set_relative_p(_set_counts(r, level))


@kernel("set_map")
def _set_map_kernel(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _set_map(_set_counts(r, level))


@kernel("set_F")
def _set_f_kernel(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _set_f(_set_counts(r, level), params["beta"])


@kernel("utility")
def _utility_kernel(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    u = _utility(_set_counts(r, level, params.get("n_docs", 0)), *params["coefficients"])
    # trec_eval -c zeroes a missing query's utility (trec_eval.c)
    return u if r.absent is None else np.where(r.absent, 0.0, u)


@kernel("num_nonrel_judged_ret")
def _nonrel_judged_ret(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _set_counts(r, level)["nonrel_judged_ret"]


@kernel("num_q")
def _num_q(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return np.ones(r.nq)
