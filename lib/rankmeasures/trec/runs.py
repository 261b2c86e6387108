"""Evaluate a run against relevance judgments as IR tools take them (qrels and run).

Inputs (:mod:`rankmeasures.trec.join`): nested dicts ``{query_id: {doc_id: value}}`` or
a table with columns ``query_id``, ``doc_id`` and ``relevance``/``score``; ids are
strings, as trec_eval reads them.

Policies, chosen per call:

``queries``
    ``"both"``: the queries present in the run *and* the qrels (trec_eval's default);
    ``"qrels"``: every judged query (one with at least one judged document), a query the
    run misses scoring 0 (``trec_eval -c``; ranx's ``make_comparable=True``); ``"run"``:
    every query of the run, a query without judgments scoring 0 (its IDCG is 0). The
    default is the convention's own: ``"both"`` for trec_eval and sklearn, ``"qrels"`` for
    ranx (which refuses differing query sets otherwise).

    A run with no query in common with the qrels is refused (:class:`NoQueryToEvaluate`,
    a ValueError naming a few ids of each side): it is almost always a mistake -- ids of
    another form (``"1"`` against ``"q1"``), the wrong file -- not a run that retrieved
    nothing. An empty side (no query with a document: ``{}``, ``{"q1": {}}``, a table of
    no row) is the extreme case and is refused too, naming it. Only ``"run"`` gives
    queries to evaluate without a query in common: the run's, each without judgments
    (when the qrels are empty or judge other queries). An empty run is refused under every
    policy: ``"run"`` leaves no query, and under ``"qrels"`` each judged query would score
    0, as it would against a run of other queries, which is refused.
Retrieved but unjudged documents
    gain 0 (every tool does this).
Judged but unretrieved documents
    enter the ideal ordering under ``"trec_eval"`` and ``"ranx"`` (IDCG over every judged
    document of the query); under ``"sklearn"`` the ideal ordering uses the retrieved
    documents only (scikit-learn sees only the arrays it is given).
``ties``
    the convention's own (below), or any order-independent policy of
    :func:`~rankmeasures.dcg.ndcg_queries` (``"average"``, ``"optimistic"``,
    ``"pessimistic"``) for every convention.

Conventions (``convention=``), each verified against the tool it names
(``tests/test_runs.py``):

``"trec_eval"``
    trec_eval 10 (``trec_eval="9"``: trec_eval 9's rules, pytrec_eval's, where the two
    differ; :func:`evaluate`): run scores are compared in float32 (trec_eval stores them
    so: scores that differ only beyond float32 precision tie), ties broken by document id
    in decreasing byte order; a finite score beyond float32's range (1e39, -1e39, 1e308)
    is read as trec_eval reads it, the C cast of ``atof``'s double to ``float`` making it
    +-inf (get_trec_results.c): such documents rank above (below) every other, tied among
    themselves and so ordered by document id, as pytrec_eval orders them (tested); a
    grade truncated toward zero to an integer (trec_eval reads it with C's ``atol``: 2.7
    is 2), negative relevance counts as 0, gain = relevance, discount ``1/log2(1 + r)``,
    IDCG over every judged document.
``"sklearn"``
    ``sklearn.metrics.ndcg_score`` per query: float64 scores, ties averaged (McSherry &
    Najork 2008), negative relevance as 0, gain = relevance, discount ``1/log2(1 + r)``,
    IDCG over the retrieved documents.
``"ranx"``
    ranx 0.3 (``ndcg``, Järvelin's gain): relevance below ranx's default level 1 counts as
    0 (a grade of 0.5 is not relevant), gain = relevance, discount ``1/log2(1 + r)``, IDCG
    over every judged document, float64 scores. Ties: averaged. ranx orders tied scores by
    an unstable quicksort of the input order, so its value on a tie depends on how the
    dict was built; ours is the expectation over every order of the tie, and lies between
    the ``"pessimistic"`` and ``"optimistic"`` values, as ranx's does (tested).

Measures (:mod:`rankmeasures.trec.measure_names` gives the grammar and every accepted
spelling, ours, ir_measures' and trec_eval's): ``ndcg``/``ndcg@k`` and ``dcg``/``dcg@k``
(with ``gain=``/``discount=``), trec_eval's binary measures ``P@k``, ``recall@k``, ``AP``,
``AP@k``, ``RR``, ``RR@k``, ``Rprec``, ``success@k``, the counts ``num_rel``, ``num_ret``,
``num_rel_ret`` (:mod:`rankmeasures.trec.retrieval`), and the documents' ``auc`` and
``kendall_tau_b`` between scores and grades (:mod:`rankmeasures.trec.query_concordance`).
A document is *relevant* to a binary measure when its grade is at least the relevance
level: ``rel=`` of :func:`evaluate` (default 1, trec_eval's ``-l 1``) or of the measure
(``P(rel=2)@5``). ``num_rel`` counts the relevant judged documents, retrieved or not,
under ``"trec_eval"`` and ``"ranx"``, and the relevant retrieved ones under ``"sklearn"``
(recall, AP and R-precision divide by it). Under ``ties="average"`` every measure is the
expectation over all orders of tied documents, in closed form; ``auc`` and
``kendall_tau_b`` are functions of the scores, ties counting 1/2 (AUC) or entering
tau-b's correction, under every tie policy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, NamedTuple

import numpy as np

from .._ragged import offsets_from_sizes, query_index, subset
from .._validation import (
    check_bool,
    check_int,
    check_option,
    check_option_or_none,
    check_real,
)
from ..dcg import dcg_queries, ndcg_queries
from . import trec_measures
from ._ranking import Ranking, per_query_counts, rank_inputs, ranked_judgments
from .declarations import declared_defaults
from .expression_measures import gain_and_discount
from .join import QUERY_POLICIES, Judged, is_nested
from .measure_names import MeasureSpec, parse_measure_list
from .results import SUMMARY_KINDS, Evaluation, MeasureResults, trec_summary
from .retrieval import ranked_measure, relevant_ranks, untied_measure

__all__ = ["CONVENTIONS", "evaluate"]


#: convention name -> (default query policy, default tie policy)
CONVENTIONS = {"trec_eval": ("both", "trec_eval"), "sklearn": ("both", "average"),
               "ranx": ("qrels", "average")}


_TIES = ("average", "optimistic", "pessimistic")


def _relstrings(r: trec_measures.RankedJudgments, ids: np.ndarray, length: int) -> dict:
    """trec_eval's relstring (m_relstring.c): a character per mark of the first
    ``length`` documents: the grade 0-9, '>' above 9, '-' not in the qrels, '.' a
    negative grade."""
    out = {}
    for i, q in enumerate(ids.tolist()):
        marks = r.marks[r.offsets[i]:r.offsets[i] + min(length, r.num_ret[i])]
        out[q] = "".join(">" if m > 9 else str(int(m)) if m >= 0 else "-" if m == -1
                         else "." for m in marks.tolist())
    return out


def _results(spec: MeasureSpec, ids: np.ndarray, vals: np.ndarray) -> MeasureResults:
    """A measure's values with their mean and trec_eval's summary."""
    how = spec.info.summary if spec.info.summary in SUMMARY_KINDS else "mean"
    defined = vals[~np.isnan(vals)]
    mean = float(defined.mean()) if defined.size else float("nan")
    return MeasureResults(ids, vals, mean, how, trec_summary(how, vals))


def evaluate(qrels: Any, run: Any, measures: str | list[str], *,
             convention: str = "trec_eval", queries: str | None = None,
             ties: str | None = None, rel: float = 1, depth: int | None = None,
             judged_only: bool = False, n_docs: int = 0,
             trec_eval: str = "10") -> Evaluation:
    """Per-query values and summaries of ``measures`` for a run against its judgments.

    Parameters
    ----------
    qrels, run
        Nested dicts or tables (module docstring).
    measures : str or list of str
        ``"ndcg@10"``, ``"P@5"``, ``"AP"``, ``"RR"``, ``"ndcg@10(gain=exp2)"``, ``"bpref"``,
        ``"P.5,10"``, ``"all_trec"``, ... in our, ir_measures' or trec_eval's spelling
        (:mod:`rankmeasures.trec.measure_names`, which declares every measure and its
        source). NDCG is Wang et al. (2013), Definition 1, with the convention's gain,
        discount and ties. A trec_eval name of several values (``P.5,10``, ``P``,
        ``all_trec``) gives each under trec_eval's name (``P_5``, ``P_10``). The names
        are read as trec_eval reads its ``-m`` options
        (:func:`~rankmeasures.trec.measure_names.parse_measure_list`): a trec_eval measure
        named twice is computed once, and its parameters in trec_eval's syntax replace its
        defaults (``["all_trec", "P.5"]`` gives P_5 and no other P).
    convention : {"trec_eval", "sklearn", "ranx"}
    queries : {"both", "qrels", "run"}, optional
        Which queries are evaluated (module docstring); default the convention's.
        ``"qrels"`` is trec_eval's ``-c``. A query with no retrieved document scores 0
        (NaN for ``auc`` and ``kendall_tau_b``). An empty run or qrels, or no query in
        common, raises :class:`NoQueryToEvaluate` (a ValueError) unless ``"run"`` leaves
        queries to evaluate (module docstring).
    ties : {"average", "optimistic", "pessimistic"}, optional
        Overrides the convention's order of tied scores.
    rel : float, default 1
        The relevance level of the binary measures (trec_eval's ``-l``): a grade of at
        least ``rel`` is relevant. A measure's own ``rel=`` parameter takes precedence.
    depth : int, optional
        trec_eval's ``-M``: only each query's first ``depth`` ranked documents count.
    judged_only : bool, default False
        trec_eval's ``-J``: documents the qrels do not list are removed from each ranking
        (after ``depth``) before any measure.
    n_docs : int, default 0
        trec_eval's ``-N``: documents in the collection (only ``utility`` reads it).
    trec_eval : {"10", "9"}, default "10"
        Whose rules trec_eval's measures follow where its versions differ: trec_eval 10
        turns a recall point p of ``iprec_at_recall`` and ``11pt_avg`` into ``lround(p R)``
        relevant documents, trec_eval 9 (inside pytrec_eval) into ``(long)(p R + 0.9)``
        (:mod:`~rankmeasures.trec.trec_measures`).

    Returns
    -------
    Evaluation
        Measure name -> :class:`MeasureResults` (values in sorted query-id order;
        ``mean`` the mean of the values, NaN values left out; ``trec_summary`` what
        trec_eval's ``all`` line prints, of kind ``summary_kind``: a sum for counts, a
        geometric mean for ``gm_*``); its ``repr`` is a one-line-per-measure summary.
        ``texts`` holds trec_eval's string values (``runid`` when the run is a table
        read by :func:`read_run`; each ``relstring`` measure under its name,
        ``{query_id: marks}``).

    Examples
    --------
    >>> qrels = {"q1": {"a": 2, "b": 1}, "q2": {"c": 1}}
    >>> run = {"q1": {"a": 0.3, "b": 0.9, "x": 0.1}, "q2": {"c": 0.5}}
    >>> ev = evaluate(qrels, run, ["ndcg", "ndcg@1", "P@2", "AP(rel=2)"])
    >>> ev["ndcg@1"].values.tolist()  # q1: b (gain 1) first, the ideal puts a (gain 2)
    [0.5, 1.0]
    >>> ev["P@2"].values.tolist(), ev["AP(rel=2)"].values.tolist()
    ([1.0, 0.5], [0.5, 0.0])
    >>> ev = evaluate(qrels, run, ["num_ret", "bpref", "P.1,2"])
    >>> ev.means["num_ret"], ev.summaries["num_ret"], list(ev)  # q1 3 documents, q2 1
    (2.0, 4.0, ['num_ret', 'bpref', 'P_1', 'P_2'])
    >>> ev["bpref"].values.tolist()
    [1.0, 1.0]
    """
    queries, ties, rel, depth, judged_only, n_docs = _checked_options(
        convention, queries, ties, rel, depth, judged_only, n_docs)
    check_option("trec_eval", trec_eval, trec_measures.TREC_EVAL_VERSIONS)
    cut = depth is not None or judged_only
    specs, trec_only = _specs(measures, convention, ties, cut)
    r = rank_inputs(qrels, run, queries=queries, ties=ties, convention=convention,
                 depth=depth, judged_only=judged_only, rank_first=bool(trec_only))
    shared = _Shared(trec_eval)
    out: dict = {}
    texts: dict = {}
    for spec in specs:
        level = rel if spec.rel is None else spec.rel
        if spec.info.value == "str":  # trec_eval's text measures: runid, relstring
            text = _TEXTS[spec.kind](spec, run, r, shared)
            if text is not None:
                texts[spec.name] = text
            continue
        vals = _values(spec, r, shared, level, convention=convention, n_docs=n_docs,
                       trec_only=bool(trec_only))
        out[spec.name] = _results(spec, r.j.query_ids, vals)
    return Evaluation(out, r.j.query_ids, convention, queries, ties, r.j.left_out, texts,
                      {s.name: s for s in specs})


def _checked_options(convention, queries, ties, rel, depth, judged_only, n_docs):
    """:func:`evaluate`'s options checked (numpy's numbers and bools as Python's): the
    query policy and tie order (the convention's where not given), ``rel``, ``depth``,
    ``judged_only`` and ``n_docs``."""
    check_option("convention", convention, CONVENTIONS)
    check_option_or_none("queries", queries, QUERY_POLICIES)
    check_option_or_none("ties", ties, _TIES)
    rel = check_real("rel", rel)
    if depth is not None:
        depth = check_int("depth", depth, min=1, why="or None")
    default_queries, default_ties = CONVENTIONS[convention]
    return (default_queries if queries is None else queries,
            default_ties if ties is None else ties, rel, depth,
            check_bool("judged_only", judged_only), check_int("n_docs", n_docs, min=0))


def _specs(measures, convention: str, ties: str, cut: bool) -> tuple[list, list]:
    """The parsed measures (:func:`~rankmeasures.trec.measure_names.parse_measure_list`:
    trec_eval's rule for several ``-m``), and the names of those computed on trec_eval's
    ranking only (refused under another convention, or under ``ties="average"`` where
    their expectation over tied orders is not derived)."""
    names = [measures] if isinstance(measures, str) else list(measures)
    if not names:
        raise ValueError("measures: name at least one measure")
    specs = parse_measure_list(names)
    trec_only = [s.name for s in specs if s.info.trec_only or s.trec_gains]
    if trec_only and convention != "trec_eval":
        raise ValueError(f"measures: {trec_only[0]!r} is computed as trec_eval computes it: "
                         "on trec_eval's ranking (convention='trec_eval')")
    if ties == "average":
        refused = list(dict.fromkeys(  # each measure once (P, not P_5, P_10, ...)
            s.info.trec or s.name for s in specs if not s.info.tie_average))
        if refused:
            raise ValueError(
                f"measures: {', '.join(refused)}: no expectation over the orders of tied "
                "documents is derived here for these (ties='average' covers the measures "
                "linear in the ranks, the set measures and the binary ones); leave ties "
                "unset for trec_eval's order of tied documents (by document id), or use "
                "ties='optimistic' or 'pessimistic'")
    if cut and ties == "average":
        raise ValueError("depth, judged_only: cut a ranking, which ties='average' does not "
                         "fix; leave ties unset (trec_eval's order) or use 'optimistic' or "
                         "'pessimistic'")
    return specs, trec_only


class _Shared:
    """What several measures of one call share, computed once: trec_eval's view of the
    ranked judgments, and each relevance level's relevant ranks and counts."""

    def __init__(self, trec_eval: str = "10") -> None:
        self._version = trec_eval
        self._trec: trec_measures.RankedJudgments | None = None
        self._levels: dict = {}

    def trec_view(self, r: Ranking, *, ranked_only: bool = False):
        if self._trec is None:
            self._trec = (ranked_judgments(r.j, r.absent, trec_eval=self._version)
                          if ranked_only else
                          ranked_judgments(r.j, r.absent, r.order, r.starts,
                                            self._version))
        return self._trec

    def level(self, r: Ranking, level: float, convention: str) -> _LevelCounts:
        if level not in self._levels:
            j, nq = r.j, r.lengths.size
            relevant = r.ranked_grades >= level
            if r.starts is None:  # no tie groups: the relevant ranks, found once
                ranks = relevant_ranks(relevant, j.offsets)
                rel_ret = np.bincount(ranks[0], minlength=nq).astype(np.float64)
            else:
                ranks, rel_ret = None, per_query_counts(relevant, j.offsets)
            num_rel = rel_ret
            if convention != "sklearn":  # relevant judged documents never retrieved
                num_rel = rel_ret + per_query_counts(j.unscored_labels >= level,
                                                      j.unscored_offsets)
            self._levels[level] = _LevelCounts(relevant, ranks, rel_ret, num_rel)
        return self._levels[level]


class _LevelCounts(NamedTuple):
    """A relevance level's relevant ranks and counts (:meth:`_Shared.level`): whether
    each ranked document is relevant, the relevant ranks (None under tie groups), the
    relevant retrieved and the relevant (``num_rel``) of each query."""

    relevant: np.ndarray
    ranks: tuple | None
    rel_ret: np.ndarray
    num_rel: np.ndarray


def _values(spec, r: Ranking, shared: _Shared, level: float, *, convention: str,
            n_docs: int, trec_only: bool) -> np.ndarray:
    """One measure's per-query values, by its declaration
    (:data:`~rankmeasures.trec.declarations.MEASURES`): its family says which
    computation answers it."""
    info = spec.info
    if info.geometric_of is not None:  # gm_*: its measure's values, floored (trec_eval.h)
        of = replace(spec, kind=info.geometric_of)
        return np.maximum(_values(of, r, shared, level, convention=convention,
                                  n_docs=n_docs, trec_only=trec_only),
                          trec_measures.MIN_GEO_MEAN)
    if info.family == "trec" or spec.trec_gains:  # a kernel on trec_eval's view
        return trec_measures.compute(spec.kind, shared.trec_view(r), level,
                                     {**spec.options, "n_docs": n_docs})
    if info.family == "graded" and trec_only and spec.trec_name and r.ranked:
        # trec_eval's view is built anyway: its DCGs in one pass (m_ndcg.c,
        # m_ndcg_cut.c), not one sort of the ideal per cut-off
        return trec_measures.compute(spec.kind, shared.trec_view(r, ranked_only=True),
                                     level, spec.options)
    if info.family == "graded":
        return _graded(spec, r.j, r.scores, r.order, "trec_eval" if r.ranked else r.ties,
                       convention, r.lengths > 0)
    if info.family == "concordance":
        return _CONCORDANCE[spec.kind](r, level)
    counts = shared.level(r, level, convention)
    if info.family == "count":
        return _COUNTS[spec.kind](r, counts)
    if counts.ranks is not None:  # parse_measure has checked the cut-off
        return untied_measure(spec.kind, counts.ranks, counts.num_rel, spec.k)
    return ranked_measure(spec.kind, counts.relevant, r.j.offsets, counts.num_rel,
                          k=spec.k, group_starts=r.starts)


#: the concordance measures (:mod:`~rankmeasures.trec.query_concordance`), of the ranking
#: and the relevance level
def _auc(r: Ranking, level: float) -> np.ndarray:
    # loads the concordance measures only for an evaluation that asks for one
    from .query_concordance import auc_queries

    return auc_queries(r.j.relevance >= level, r.scores, r.j.offsets)


def _kendall_tau_b(r: Ranking, level: float) -> np.ndarray:
    from .query_concordance import kendall_tau_b_queries

    return kendall_tau_b_queries(r.j.relevance, r.scores, r.j.offsets)


_CONCORDANCE: dict[str, Callable[[Ranking, float], np.ndarray]] = {
    "auc": _auc, "kendall_tau_b": _kendall_tau_b}
#: the counts, of the ranking and a level's counts
_COUNTS: dict[str, Callable[[Ranking, _LevelCounts], np.ndarray]] = {
    "num_ret": lambda r, _: r.lengths.astype(np.float64),
    "num_rel": lambda _, c: c.num_rel,
    "num_rel_ret": lambda _, c: c.rel_ret,
}


def _runid(spec, run, r: Ranking, shared: _Shared) -> str | None:
    """trec_eval's runid (m_runid.c): the run's tag, when the run is a table read by
    :func:`~rankmeasures.trec.trec_files.read_run`."""
    rid = run.get("runid") if isinstance(run, Mapping) and not is_nested(run) else None
    return rid if isinstance(rid, str) else None


def _relstring(spec, run, r: Ranking, shared: _Shared) -> dict:
    length = {**declared_defaults(spec.kind), **spec.options}["length"]
    return _relstrings(shared.trec_view(r), r.j.query_ids, length)


#: trec_eval's text measures (value "str"): their text from the spec, the run, the
#: ranking and what the call shares
_TEXTS: dict[str, Callable] = {"runid": _runid, "relstring": _relstring}


def _top_ranks(rel, scores, offsets, unscored, unscored_offsets, k):
    """Each ranked query cut to its first ``k`` ranks, the only ones DCG@k reads; of the
    positive grades below the cut and the judged, unretrieved ones, the ``k`` largest of
    each query join the ideal ordering (its first k slots can hold no other). With the
    identity gain the values are those of the whole lists, bit for bit: the ideal's first
    k gains are the same values in the same order, and every slot past k weighs 0 (its
    term, +0.0, leaves a sum unchanged); the kept ranks leave at least k - (positives
    kept) zeros in the pool."""
    lengths = np.diff(offsets)
    nq = lengths.size
    kept = np.minimum(lengths, k)
    qidx = query_index(lengths)
    inside = np.arange(rel.size) - offsets[:-1][qidx] < k
    below = ~inside & (rel > 0)
    extra = np.concatenate([rel[below], unscored])
    eq = np.concatenate([qidx[below], query_index(np.diff(unscored_offsets))])
    by_query = np.argsort(eq, kind="stable")
    extra, sizes = _largest_within(extra[by_query], np.bincount(eq, minlength=nq), k)
    return (rel[inside], scores[inside], offsets_from_sizes(kept), extra,
            offsets_from_sizes(sizes))


def _largest_within(values: np.ndarray, sizes: np.ndarray, k: int) -> tuple[np.ndarray,
                                                                           np.ndarray]:
    """The ``k`` largest of each query's finite ``values`` (queries contiguous, of
    ``sizes``; in no particular order within a query) and their number per query. The
    queries of more than k values are partitioned in rows of 2-d arrays padded with
    -inf, one array per power-of-two length class (the padding at most doubles it).

    Examples
    --------
    >>> v, n = _largest_within(np.array([3.0, 1.0, 2.0, 5.0, 4.0, 0.5]), np.array([3, 0, 3]), 2)
    >>> n.tolist(), sorted(v[:2].tolist()), sorted(v[2:].tolist())
    ([2, 0, 2], [2.0, 3.0], [4.0, 5.0])
    """
    long = sizes > k
    if not long.any():
        return values, sizes
    starts = offsets_from_sizes(sizes)[:-1]
    qidx = query_index(sizes)
    keep = ~long[qidx]  # a query of at most k values keeps them all
    parts_q, parts_v = [qidx[keep]], [values[keep]]
    length_class = np.zeros(sizes.size, np.int64)
    length_class[long] = np.ceil(np.log2(sizes[long]))
    for c in np.unique(length_class[long]).tolist():
        qs = np.flatnonzero(long & (length_class == c))
        width = int(sizes[qs].max())
        cols = np.arange(width)
        valid = cols < sizes[qs][:, None]
        rows = np.full((qs.size, width), -np.inf)
        rows[valid] = values[(starts[qs][:, None] + cols)[valid]]
        # more than k finite values in each row: no padding among its k largest
        parts_q.append(np.repeat(qs, k))
        parts_v.append(np.partition(rows, width - k, axis=1)[:, width - k:].ravel())
    by_query = np.argsort(np.concatenate(parts_q), kind="stable")
    return np.concatenate(parts_v)[by_query], np.minimum(sizes, k)


def _graded(spec: MeasureSpec, j: Judged, scores, order, ties, convention, present):
    """DCG or NDCG of every query under the convention (gain = grade, floored as the
    convention does, unless ``spec.gain`` names another)."""
    floor = 1.0 if convention == "ranx" else 0.0  # grades below it are not relevant
    rel = np.where(j.relevance >= floor, j.relevance, 0.0)
    unscored = np.where(j.unscored_labels >= floor, j.unscored_labels, 0.0)
    offsets, unscored_offsets = j.offsets, j.unscored_offsets
    if ties == "trec_eval":  # ranked already (ranked_join)
        policy = "stable"
        if spec.k is not None and spec.gain is None:
            rel, scores, offsets, unscored, unscored_offsets = _top_ranks(
                rel, scores, offsets, unscored, unscored_offsets, spec.k)
    else:
        policy = ties
    gain, discount = gain_and_discount(spec)  # a name, or the user's expression
    kw: dict = dict(ties=policy, k=spec.k, gain=gain, discount=discount)
    lengths = np.diff(offsets)
    sub_off = offsets_from_sizes(lengths[present])
    vals = np.zeros(lengths.size)
    if not present.any():
        return vals
    if spec.kind == "dcg":
        vals[present] = dcg_queries(rel, scores, offsets=sub_off, **kw).values
        return vals
    if convention != "sklearn":  # the ideal ordering takes every judged document
        kw["unscored_labels"], kw["unscored_offsets"] = subset(
            unscored, unscored_offsets, np.flatnonzero(present))
    vals[present] = ndcg_queries(rel, scores, offsets=sub_off, **kw).values
    return vals
