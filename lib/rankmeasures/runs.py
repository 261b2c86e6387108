"""Evaluate a run against relevance judgments as IR tools take them (qrels and run).

Inputs, for both ``qrels`` and ``run``:

* nested dicts ``{query_id: {doc_id: value}}`` -- what pytrec_eval, ir_measures and ranx
  take (relevance grades for qrels, scores for the run);
* a table with columns ``query_id``, ``doc_id`` and ``relevance`` (qrels) or ``score``
  (run): a pandas DataFrame or any mapping of column name to array. pandas is never
  imported here.

The conversion is vectorised: ids are encoded once with ``np.unique`` and the run is
joined to the judgments by ``searchsorted`` on integer keys.

Policies, chosen per call (defaults are trec_eval's):

``queries``
    ``"both"`` (trec_eval): queries present in the run *and* the qrels; ``"qrels"``
    (``trec_eval -c``): every judged query (one with at least one judged document), a
    query the run misses scoring 0; ``"run"``:
    every query of the run, a query without judgments scoring by ``zero_idcg`` (0).
Retrieved but unjudged documents
    gain 0 (every tool does this).
Judged but unretrieved documents
    enter the ideal ordering under ``convention="trec_eval"`` (IDCG over every judged
    document of the query); under ``"sklearn"`` the ideal ordering uses the retrieved
    documents only (scikit-learn sees only the arrays it is given).

Conventions (``convention=``), each verified against the tool it names
(``tests/test_runs.py``):

``"trec_eval"``
    trec_eval 9 / pytrec_eval: run scores are compared in float32 (trec_eval stores them
    so: scores that differ only beyond float32 precision tie), ties broken by document id
    in decreasing byte order, negative relevance counts as 0, gain = relevance, discount
    ``1/log2(1 + r)``, IDCG over every judged document.
``"sklearn"``
    ``sklearn.metrics.ndcg_score`` per query: float64 scores, ties averaged (McSherry &
    Najork 2008), gain = relevance, discount ``1/log2(1 + r)``, IDCG over the retrieved
    documents.

Measures are named as in :data:`MEASURES`: ``"ndcg"`` and ``"ndcg@k"`` (also trec_eval's
``"ndcg_cut_k"`` and ``"ndcg_cut.k"``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from .dcg import QueryResults, ndcg_queries

__all__ = ["CONVENTIONS", "QUERY_POLICIES", "MEASURES", "Judged", "join", "evaluate"]

CONVENTIONS = ("trec_eval", "sklearn")
QUERY_POLICIES = ("both", "qrels", "run")
#: measure name pattern -> (function, whether it takes a cut-off k)
MEASURES = {"ndcg": (ndcg_queries, False), "ndcg@k": (ndcg_queries, True)}
_NAME = re.compile(r"^ndcg(?:(?:@|_cut_|_cut\.)(\d+))?$")


def _columns(obj, value: str, name: str):
    """(query ids, doc ids, values) as arrays from nested dicts or a table."""
    if isinstance(obj, dict) and all(isinstance(v, dict) for v in obj.values()):
        q = [qid for qid, docs in obj.items() for _ in docs]
        d = [doc for docs in obj.values() for doc in docs]
        v = [x for docs in obj.values() for x in docs.values()]
        vals = np.asarray(v, dtype=float) if v else np.zeros(0)
        return np.asarray(q, dtype=str), np.asarray(d, dtype=str), vals
    try:
        q, d, v = obj["query_id"], obj["doc_id"], obj[value]
    except (KeyError, TypeError, IndexError):
        raise ValueError(
            f"{name}: expected nested dicts {{query_id: {{doc_id: {value}}}}} or a table with "
            f"columns query_id, doc_id, {value}"
        ) from None
    q = np.asarray(q).astype(str)
    d = np.asarray(d).astype(str)
    try:
        vals = np.asarray(v, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name}: column {value} must hold numbers") from None
    if not (q.shape == d.shape == vals.shape and q.ndim == 1):
        raise ValueError(f"{name}: query_id, doc_id and {value} must be 1-d of one length")
    return q, d, vals


@dataclass(frozen=True)
class Judged:
    """A run joined to its judgments: flat arrays per query, ready for the measures.

    Attributes
    ----------
    query_ids : ndarray of str, shape (Q,)
        Sorted query ids.
    relevance, scores : ndarray of float64, shape (N,)
        The retrieved documents' relevance (0 when unjudged) and scores, query by query.
    offsets : ndarray of int64, shape (Q+1,)
    doc_ids : ndarray of str, shape (N,)
    unscored_labels : ndarray of float64
        Relevance of judged documents the run did not retrieve, query by query.
    unscored_offsets : ndarray of int64, shape (Q+1,)
    """

    query_ids: np.ndarray
    relevance: np.ndarray
    scores: np.ndarray
    offsets: np.ndarray
    doc_ids: np.ndarray
    unscored_labels: np.ndarray
    unscored_offsets: np.ndarray


def join(qrels, run, *, queries: str = "both") -> Judged:
    """Join a run to its judgments (see the module docstring for the input forms).

    Raises ValueError on a document listed twice for one query (in either input) and on a
    non-finite score or relevance.
    """
    if queries not in QUERY_POLICIES:
        raise ValueError(f"queries: must be one of {QUERY_POLICIES}, got {queries!r}")
    jq, jd, rel = _columns(qrels, "relevance", "qrels")
    rq, rd, score = _columns(run, "score", "run")
    for name, v in (("qrels", rel), ("run", score)):
        if v.size and not np.all(np.isfinite(v)):
            raise ValueError(f"{name}: contains a non-finite value")
    uq, qcode = np.unique(np.concatenate([jq, rq]), return_inverse=True)
    ud, dcode = np.unique(np.concatenate([jd, rd]), return_inverse=True)
    nd = max(ud.size, 1)
    key = qcode.astype(np.int64) * nd + dcode
    jkey, rkey = key[: jq.size], key[jq.size:]
    for name, k in (("qrels", jkey), ("run", rkey)):
        srt = np.sort(k)
        dup = np.flatnonzero(srt[1:] == srt[:-1])
        if dup.size:
            q, d = divmod(int(srt[dup[0]]), nd)
            raise ValueError(f"{name}: document {ud[d]!r} appears twice for query {uq[q]!r}")
    jq_code, rq_code = qcode[: jq.size], qcode[jq.size:]
    in_qrels = np.zeros(uq.size, bool)
    in_qrels[jq_code] = True
    in_run = np.zeros(uq.size, bool)
    in_run[rq_code] = True
    keep = {"both": in_qrels & in_run, "qrels": in_qrels, "run": in_run}[queries]
    # relevance of every retrieved document (0 when unjudged)
    order = np.argsort(jkey)
    pos = np.clip(np.searchsorted(jkey[order], rkey), 0, max(jkey.size - 1, 0))
    judged = jkey.size > 0
    hit = (jkey[order][pos] == rkey) if judged else np.zeros(rkey.size, bool)
    rrel = np.where(hit, rel[order][pos] if judged else 0.0, 0.0)
    # judged documents the run did not retrieve
    rorder = np.sort(rkey)
    rpos = np.clip(np.searchsorted(rorder, jkey), 0, max(rkey.size - 1, 0))
    missed = ~(rorder[rpos] == jkey) if rkey.size else np.ones(jkey.size, bool)
    ids = np.flatnonzero(keep)
    remap = np.full(uq.size, -1)
    remap[ids] = np.arange(ids.size)
    rsel = keep[rq_code]
    rq_new = remap[rq_code[rsel]]
    by_q = np.argsort(rq_new, kind="stable")
    counts = np.bincount(rq_new, minlength=ids.size)
    usel = keep[jq_code] & missed
    uq_new = remap[jq_code[usel]]
    uby = np.argsort(uq_new, kind="stable")
    ucounts = np.bincount(uq_new, minlength=ids.size)
    return Judged(
        query_ids=uq[ids],
        relevance=rrel[rsel][by_q],
        scores=score[rsel][by_q],
        offsets=np.concatenate([[0], np.cumsum(counts)]).astype(np.int64),
        doc_ids=ud[dcode[jq.size:][rsel][by_q]],
        unscored_labels=rel[usel][uby],
        unscored_offsets=np.concatenate([[0], np.cumsum(ucounts)]).astype(np.int64),
    )


def _parse(measure: str) -> int | None:
    m = _NAME.match(measure) if isinstance(measure, str) else None
    if m is None:
        raise ValueError(f"measures: unknown measure {measure!r}; known: ndcg, ndcg@k "
                         "(also ndcg_cut_k, ndcg_cut.k)")
    return int(m.group(1)) if m.group(1) else None


def evaluate(qrels, run, measures, *, convention: str = "trec_eval",
             queries: str = "both") -> dict[str, QueryResults]:
    """Per-query values and means of ``measures`` for a run against its judgments.

    Parameters
    ----------
    qrels, run
        Nested dicts or tables (module docstring).
    measures : str or list of str
        ``"ndcg"``, ``"ndcg@10"``, ... (Wang et al. (2013), Definition 1, with the
        convention's gain, discount and ties).
    convention : {"trec_eval", "sklearn"}
    queries : {"both", "qrels", "run"}
        Which queries are evaluated (module docstring); a query with no retrieved document
        scores 0.

    Returns
    -------
    dict mapping each measure name to :class:`~rankmeasures.dcg.QueryResults` (values in
    sorted query-id order).
    """
    if convention not in CONVENTIONS:
        raise ValueError(f"convention: must be one of {CONVENTIONS}, got {convention!r}")
    names = [measures] if isinstance(measures, str) else list(measures)
    cuts = [_parse(m) for m in names]
    j = join(qrels, run, queries=queries)
    lengths = np.diff(j.offsets)
    rel = np.maximum(j.relevance, 0.0)  # negative grades count as non-relevant
    if convention == "trec_eval":
        scores = j.scores.astype(np.float32).astype(np.float64)
        qidx = np.repeat(np.arange(lengths.size), lengths)
        # trec_eval's order: score descending, then document id descending
        _, drank = np.unique(j.doc_ids, return_inverse=True)
        order = np.lexsort((-drank, -scores, qidx))
        rel, scores = rel[order], scores[order]
        kw = dict(ties="stable", unscored_labels=np.maximum(j.unscored_labels, 0.0),
                  unscored_offsets=j.unscored_offsets)
    else:
        scores = j.scores
        kw = dict(ties="average")
    out = {}
    present = lengths > 0
    sub_off = np.concatenate([[0], np.cumsum(lengths[present])]).astype(np.int64)
    if "unscored_offsets" in kw:
        u = j.unscored_offsets
        starts, ends = u[:-1][present], u[1:][present]
        idx = np.concatenate([np.arange(a, b) for a, b in zip(starts, ends, strict=True)]
                             ) if present.any() else np.zeros(0, int)
        kw["unscored_labels"] = kw["unscored_labels"][idx.astype(np.int64)]
        kw["unscored_offsets"] = np.concatenate([[0], np.cumsum(ends - starts)]).astype(np.int64)
    for name, k in zip(names, cuts, strict=True):
        vals = np.zeros(lengths.size)
        if present.any():
            res = ndcg_queries(rel, scores, offsets=sub_off, k=k, discount="log2", **kw)
            vals[present] = res.values
        out[name] = QueryResults(j.query_ids, vals, float(vals.mean()) if vals.size
                                 else float("nan"))
    return out
