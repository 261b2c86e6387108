"""The one ranking every measure of :func:`~rankmeasures.trec.runs.evaluate` reads: the
join in trec_eval's order or ranked by a tie policy, cut by ``-M``/``-J``, and trec_eval's
view of it (:class:`~rankmeasures.trec.trec_measures.RankedJudgments`). Private to the
evaluator.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from .._ragged import group_starts, offsets_from_sizes, query_index, score_order
from . import trec_measures
from ._trec_order import as_float32, finite_stand_ins, ranked_join
from .join import Judged, join

__all__ = ["Ranking", "rank_inputs", "per_query_counts", "ranked_judgments"]


@dataclass(frozen=True)
class Ranking:
    """The join and the one ranking every measure reads: ``order`` (None when the arrays
    are in rank order) and ``starts`` (the first rank of each tie group under
    ``ties="average"``, else None)."""

    j: Judged
    scores: np.ndarray
    order: np.ndarray | None
    starts: np.ndarray | None
    ranked: bool
    absent: np.ndarray
    ties: str

    @property
    def lengths(self) -> np.ndarray:
        return np.diff(self.j.offsets)

    @property
    def ranked_grades(self) -> np.ndarray:
        return self.j.relevance if self.order is None else self.j.relevance[self.order]


def rank_inputs(qrels, run, *, queries, ties, convention, depth, judged_only,
                rank_first: bool) -> Ranking:
    """The inputs joined and ranked once: in trec_eval's order (``ties="trec_eval"``),
    or by the tie policy; cut at ``depth`` or to the judged documents when asked, and
    ranked before the measures when trec_eval's own measures need a fixed order
    (``rank_first``)."""
    if ties == "trec_eval":  # the run comes ranked: no order to apply
        j, order, starts = ranked_join(qrels, run, queries=queries), None, None
    else:
        j, order, starts = join(qrels, run, queries=queries), None, None
    if convention == "trec_eval":
        j = _integer_grades(j)
    scores = j.scores
    if convention == "trec_eval" and ties != "trec_eval":  # ranked_join's are float32's
        scores = as_float32(scores)
    ranked = ties == "trec_eval"
    absent = np.diff(j.offsets) == 0  # queries the run does not have
    cut = depth is not None or judged_only
    if cut or (rank_first and not ranked and ties != "average"):  # rank once, as given
        if not ranked:
            order, _ = _policy_order(j.offsets, scores, j.relevance, ties)
            j = _reordered(j, order, scores)
            scores = j.scores
        if cut:
            j = _truncated(j, depth, judged_only)
            scores = j.scores
        ranked, order, starts = True, None, None
    if not ranked:  # one ranking for every measure that reads an order
        order, starts = _policy_order(j.offsets, scores, j.relevance, ties)
    return Ranking(j, finite_stand_ins(scores), order, starts, ranked, absent, ties)


def _integer_grades(j: Judged) -> Judged:
    """``j`` with its grades as trec_eval reads them: C's ``atol`` of the qrels' field
    (get_qrels.c), so a fractional grade is truncated toward zero (2.7 is 2, -0.5 is 0)."""
    rel = np.trunc(j.relevance) + 0.0  # + 0.0: -0.0 becomes 0.0
    unscored = np.trunc(j.unscored_labels) + 0.0
    if np.array_equal(rel, j.relevance) and np.array_equal(unscored, j.unscored_labels):
        return j
    return replace(j, relevance=rel, unscored_labels=unscored)


def _policy_order(offsets: np.ndarray, scores: np.ndarray, grades: np.ndarray,
                  ties: str) -> tuple[np.ndarray, np.ndarray | None]:
    """Each query by decreasing score; ties broken by grade (``"optimistic"``: higher
    first; ``"pessimistic"``: lower first) or, under ``"average"``, left as groups: the
    order and, for ``"average"``, the flags of each tie group's first rank.

    The order is the DCG's (:func:`~rankmeasures._ragged.score_order`, the grades in the
    gains' place: a grade's gain rises with it). Under ``"average"`` a tie group keeps
    the input order (``"stable"``), not score_order's arbitrary one: the measures take
    each group's mean, and a mean of fractions (RBP's gains) summed in another order
    can move in the last bit. At least one query (score_order's need): a join refuses
    inputs that leave none (:func:`query_refusal`)."""
    order = score_order(scores, grades, offsets, "stable" if ties == "average" else ties)
    if ties != "average":
        return order, None
    return order, group_starts(scores[order], offsets)


def per_query_counts(flags: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """Per query (``offsets``), the sum of ``flags`` over its documents.

    Examples
    --------
    >>> per_query_counts(np.array([1, 0, 1, 1]), np.array([0, 1, 1, 4])).tolist()
    [1.0, 0.0, 2.0]
    """
    qidx = np.repeat(np.arange(offsets.size - 1), np.diff(offsets))
    return np.bincount(qidx, weights=flags, minlength=offsets.size - 1)


def _reordered(j: Judged, order: np.ndarray, scores: np.ndarray) -> Judged:
    """``j`` with each query's documents in ``order`` (a permutation within queries)."""
    return replace(j, relevance=j.relevance[order], scores=scores[order],
                   doc_ids=None if j.doc_ids is None else j.doc_ids[order],
                   judged=None if j.judged is None else j.judged[order])


def _truncated(j: Judged, depth: int | None, judged_only: bool) -> Judged:
    """trec_eval's ``-M depth`` then ``-J`` (form_res_rels.c) on a ranked ``j``: each
    query's first ``depth`` documents, then its judged ones only; a judged document cut
    away joins the judged-but-unretrieved ones (the ideal ordering and num_rel keep it)."""
    lengths = np.diff(j.offsets)
    nq = lengths.size
    qidx = query_index(lengths)
    keep = np.ones(j.relevance.size, bool)
    assert j.judged is not None  # every join sets it
    if depth is not None:
        keep &= np.arange(j.relevance.size) - j.offsets[:-1][qidx] < depth
    if judged_only:  # trec_eval keeps the documents of a grade of at least 0
        keep &= j.judged & (j.relevance >= 0)
    dropped_judged = ~keep & j.judged
    sizes = np.bincount(qidx[keep], minlength=nq)
    extra_q = qidx[dropped_judged]
    uq = query_index(np.diff(j.unscored_offsets))
    allq = np.concatenate([uq, extra_q])
    allv = np.concatenate([j.unscored_labels, j.relevance[dropped_judged]])
    by = np.argsort(allq, kind="stable")
    return replace(j, relevance=j.relevance[keep], scores=j.scores[keep],
                   doc_ids=None if j.doc_ids is None else j.doc_ids[keep],
                   judged=j.judged[keep],
                   offsets=offsets_from_sizes(sizes),
                   unscored_labels=allv[by],
                   unscored_offsets=offsets_from_sizes(np.bincount(allq, minlength=nq)))


def ranked_judgments(j: Judged, absent: np.ndarray, order=None, starts=None,
                     trec_eval: str = "10") -> trec_measures.RankedJudgments:
    """trec_eval's view of ``j``, ranked or put in ``order`` with the tie groups that
    ``starts`` begins (:class:`~rankmeasures.trec.trec_measures.RankedJudgments`)."""
    assert j.judged is not None  # every join sets it
    if order is not None:
        j = replace(j, relevance=j.relevance[order], judged=j.judged[order])
    assert j.judged is not None  # (the replaced j's too)
    lengths = np.diff(j.offsets)
    nq = lengths.size
    qidx = query_index(lengths)
    uq = query_index(np.diff(j.unscored_offsets))
    gq = np.concatenate([qidx[j.judged], uq])
    gv = np.concatenate([j.relevance[j.judged], j.unscored_labels])
    by = np.argsort(gq, kind="stable")
    return trec_measures.RankedJudgments(
        marks=trec_measures.marks_from(j.relevance, j.judged), offsets=j.offsets,
        grades=gv[by],
        grade_offsets=offsets_from_sizes(np.bincount(gq, minlength=nq))
        .astype(np.int64), absent=absent,
        groups=None if starts is None else np.cumsum(starts) - 1, trec_eval=trec_eval)
