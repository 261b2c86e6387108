"""trec_eval's graded measures and RBP, ERR (their kernels, per query on trec_eval's
ranking): ndcg, dcg, ideal_dcg, ndcg_cut (``m_ndcg.c``, ``m_ndcg_cut.c``), ndcg_rel,
Rndcg, G, rbp, rbp_resid (Moffat & Zobel 2008) and ERR (Chapelle et al. 2009). The gain of
a grade is the grade itself unless a ``grade=gain`` parameter names it; marks -1 and -2
gain 0 (:mod:`rankmeasures.trec.trec_measures`, whose :func:`compute` calls them).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._ragged import accumulate_within, offsets_from_sizes, query_index
from ._ranked_judgments import RankedJudgments, div_or_zero, kernel, value_at_rank

__all__: list[str] = []


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
    return r.cached(key, lambda: _gains_of(r, pairs))


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
    ideal_dcg = accumulate_within(ideal / np.log2(ipos + 2.0), off)
    return _Gains(gain, dcg, ideal, off, ideal_dcg)


def _dcg_measures(r: RankedJudgments, pairs: dict) -> dict:
    """``dcg``, ``ideal_dcg`` and ``ndcg`` with trec_eval's gains (``m_ndcg.c``, after
    Järvelin & Kekäläinen, ACM TOIS 20, 2002, whose original leaves rank 2 undiscounted):
    gain / log2(rank + 1) over every retrieved document; the ideal over every judged
    document of positive gain."""
    g = _gains(r, pairs)
    dcg = value_at_rank(g.dcg, r.offsets, r.num_ret)
    ideal = value_at_rank(g.ideal_dcg, g.ideal_offsets, np.diff(g.ideal_offsets))
    return {"dcg": dcg, "ideal_dcg": ideal, "ndcg": div_or_zero(dcg, ideal)}


def _ndcg_cut(r: RankedJudgments, k: int, pairs: dict) -> np.ndarray:
    """``ndcg_cut_k`` (``m_ndcg_cut.c``): DCG over the first k retrieved documents over
    the ideal DCG of the first k ideal gains."""
    g = _gains(r, pairs)
    dcg = value_at_rank(g.dcg, r.offsets, np.minimum(r.num_ret, k))
    ideal = value_at_rank(g.ideal_dcg, g.ideal_offsets, np.minimum(np.diff(g.ideal_offsets), k))
    return div_or_zero(dcg, ideal)


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
        final = (value_at_rank(g.dcg, r.offsets, r.num_ret)
                 / value_at_rank(g.ideal_dcg, g.ideal_offsets, big_p))
        s = s + (big_p - np.bincount(q, minlength=r.nq)) * final
    return np.where(s > 0, div_or_zero(s, big_p), 0.0)


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
    final = div_or_zero(value_at_rank(g.dcg, r.offsets, r.num_ret),
                        value_at_rank(g.ideal_dcg, g.ideal_offsets, big_p))
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
    cost = r.running_at(np.maximum(ig, 1.0, out=ig), at)  # ig is not read again
    got = r.running_at(g.gain, at)
    s = np.bincount(r.qidx[at], weights=g.gain[at] / np.log2(2.0 + cost - got),
                    minlength=r.nq)
    total = np.bincount(query_index(big_p), weights=g.ideal, minlength=r.nq)
    return div_or_zero(s, total)


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
    # prod_{i<r} (1 - R_i), multiplied within each list: a list's ERR must not depend on
    # the lists evaluated with it (a running sum over the whole batch rounds differently)
    before = r.product_before(1.0 - np.minimum(stop, 1.0))
    term = stop * before / (r.pos + 1.0)
    if k is not None:
        term = term * (r.pos < k)
    return r.count(term)


@kernel("ndcg")
def _ndcg(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    if params.get("k") is not None:
        return _ndcg_cut(r, params["k"], params["gains"])
    return _dcg_measures(r, params["gains"])["ndcg"]


@kernel("dcg")
def _dcg(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _dcg_measures(r, params["gains"])["dcg"]


@kernel("ideal_dcg")
def _ideal_dcg(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _dcg_measures(r, params["gains"])["ideal_dcg"]


@kernel("ndcg_rel")
def _ndcg_rel_kernel(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _ndcg_rel(r, params["gains"])


@kernel("Rndcg")
def _rndcg_kernel(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _rndcg(r, level, params["gains"])


@kernel("G")
def _g_kernel(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _g_measure(r, params["gains"])


@kernel("rbp")
def _rbp_kernel(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _rbp(r, params["p"])


@kernel("rbp_resid")
def _rbp_resid_kernel(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    return _rbp_resid(r, params["p"])


@kernel("ERR")
def _err(r: RankedJudgments, level: float, params: dict) -> np.ndarray:
    top = params.get("max_grade")
    if top is None:  # the declared rule: the largest grade of the qrels
        top = float(r.grades.max()) if r.grades.size else 1.0
    return _expected_reciprocal_rank(r, params.get("k"), top)
