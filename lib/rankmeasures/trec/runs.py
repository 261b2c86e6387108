"""Evaluate a run against relevance judgments as IR tools take them (qrels and run).

Inputs, for both ``qrels`` and ``run``:

* nested dicts ``{query_id: {doc_id: value}}`` -- what pytrec_eval, ir_measures and ranx
  take (relevance grades for qrels, scores for the run);
* a table with columns ``query_id``, ``doc_id`` and ``relevance`` (qrels) or ``score``
  (run): a pandas DataFrame or any mapping of column name to array or list. pandas is
  never imported here.

Ids are strings, as trec_eval reads them: an id of another type is converted with
``str`` (so the integer 7 and the string ``"7"`` name the same query). The join is a hash
join. A table of numpy str columns (as :func:`~rankmeasures.trec.trec_files.read_run`
returns) is joined with no Python object per row: each (query, document) pair hashed to
64 bits, the run's pairs looked up among the judged ones, every match confirmed on the
strings. Any other input becomes one dict of documents per query (as nested dicts
already are), each query's retrieved documents looked up in its judgments by dict, in C
loops over the documents and a Python loop over the queries only. Only the query ids --
and, under ``convention="trec_eval"``, the ids of documents whose scores tie -- are ever
sorted as strings.

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
    trec_eval 9 / pytrec_eval: run scores are compared in float32 (trec_eval stores them
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

import numbers
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from itertools import chain, repeat
from typing import Any

import numpy as np

from .._ragged import (
    gather_rows,
    group_starts,
    offsets_from_sizes,
    query_index,
    score_order,
    subset,
)
from .._validation import (
    check_bool,
    check_int,
    check_option,
    check_option_or_none,
    check_real,
)
from ..dcg import QueryResults, dcg_queries, ndcg_queries
from . import trec_measures
from .expression_measures import gain_and_discount
from .measure_names import (
    MEASURE_KINDS,
    MEASURES,
    MeasureSpec,
    declared_defaults,
    parse_measure_list,
)
from .query_concordance import auc_queries, kendall_tau_b_queries
from .retrieval import ranked_measure, relevant_ranks, untied_measure

__all__ = ["CONVENTIONS", "QUERY_POLICIES", "MEASURE_KINDS", "Judged", "Evaluation", "join",
           "evaluate", "NoQueryToEvaluate"]

#: convention name -> (default query policy, default tie policy)
CONVENTIONS = {"trec_eval": ("both", "trec_eval"), "sklearn": ("both", "average"),
               "ranx": ("qrels", "average")}
QUERY_POLICIES = ("both", "qrels", "run")
_TIES = ("average", "optimistic", "pessimistic")


# -- inputs to one dict of documents per query -------------------------------------------

def _str_keys(d: Mapping, name: str, what: str, where: str = "") -> Mapping:
    """``d`` itself when every key is a str (or a subclass, such as numpy's str_); else a
    copy with ``str`` keys (module docstring). Two keys naming one id (7 and "7") are an
    error."""
    try:
        "".join(d)  # a C loop over the keys that refuses any key not a str
        return d
    except TypeError:
        pass
    out: dict = {}
    for k, v in d.items():
        s = k if type(k) is str else str(k)
        if s in out:
            raise ValueError(f"{name}: {what} {s!r} appears twice{where}")
        out[s] = v
    return out


def _as_text(col) -> list:
    arr = col.to_numpy() if hasattr(col, "to_numpy") else col
    items = arr.tolist() if hasattr(arr, "tolist") else list(arr)
    if set(map(type, items)) <= {str}:
        return items
    return [x if type(x) is str else str(x) for x in items]


def _table_dicts(obj, value: str, name: str) -> dict:
    """A table's rows as ``{query_id: {doc_id: value}}``, rows grouped by query (stable)."""
    try:
        qcol, dcol, vcol = obj["query_id"], obj["doc_id"], obj[value]
    except (KeyError, TypeError, IndexError):
        raise ValueError(
            f"{name}: expected nested dicts {{query_id: {{doc_id: {value}}}}} or a table with "
            f"columns query_id, doc_id, {value}"
        ) from None
    try:
        vals = np.asarray(vcol, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(_bad_row(qcol, dcol, vcol, name, value)) from None
    if not (len(qcol) == len(dcol) == vals.size and vals.ndim == 1):
        raise ValueError(f"{name}: query_id, doc_id and {value} must be 1-d of one length")
    ds = _as_text(dcol)
    # a file's table (read_qrels, read_run) says each row's line, for the messages
    lines = obj.get("line") if isinstance(obj, Mapping) else None
    if lines is not None:
        lines = np.asarray(lines)
        if lines.shape != vals.shape:
            lines = None
    arr = qcol.to_numpy() if hasattr(qcol, "to_numpy") else qcol
    heads = None
    if isinstance(arr, np.ndarray) and arr.ndim == 1 and arr.size and arr.dtype.kind in "UO":
        # a column in runs of equal ids (a run file's): one comparison pass finds the runs
        starts = np.flatnonzero(group_starts(arr))
        heads = _as_text(arr[starts])
        bounds = [*starts.tolist(), arr.size]
        if len(set(heads)) < len(heads):
            heads = None  # a query in more than one run: group below
    if heads is None:
        qs = _as_text(qcol)
        table = dict.fromkeys(qs)
        heads = list(table)
        codes = np.fromiter(map({q: i for i, q in enumerate(heads)}.__getitem__, qs),
                            np.int64, len(qs))
        if codes.size and np.any(codes[1:] < codes[:-1]):  # not grouped: group it (stable)
            order = np.argsort(codes, kind="stable")
            codes, vals = codes[order], vals[order]
            ds = np.array(ds, dtype=object)[order].tolist()
            if lines is not None:
                lines = lines[order]
        bounds = np.searchsorted(codes, np.arange(len(heads) + 1)).tolist()
    vl = vals.tolist()
    out = {}
    for i, q in enumerate(heads):
        a, b = bounds[i], bounds[i + 1]
        docs = dict(zip(ds[a:b], vl[a:b], strict=True))
        if len(docs) < b - a:
            seen: set = set()
            # add() returns None, false: the test is `d in seen`, and d is recorded
            dup = next(d for d in ds[a:b] if d in seen or seen.add(d))  # type: ignore[func-returns-value]
            where = ""
            if lines is not None:
                at = sorted(lines[a:b][[x == dup for x in ds[a:b]]].tolist())[:2]
                where = f" lines {at[0]} and {at[1]}:"
            raise ValueError(f"{name}:{where} document {dup!r} appears twice for query {q!r}")
        out[q] = docs
    return out


def _nested(obj) -> bool:
    """Whether ``obj`` is nested dicts ``{query_id: {doc_id: value}}`` (else a table)."""
    return isinstance(obj, Mapping) and all(isinstance(v, Mapping) for v in obj.values())


def _query_dicts(obj, value: str, name: str, probe: Mapping | None = None) -> tuple:
    """``{query_id: {doc_id: value}}`` with str ids, from nested dicts or a table; and,
    given ``probe`` (``{query_id: {doc_id: ...}}``), the value of each of a query's probed
    documents (NaN: absent), ``{query_id: list}`` for the queries both hold (else {}).

    Nested dicts are probed query by query, right after the query's ids are checked:
    its dict is then in the cache (10^5 lookups in a run of 10^6 documents take 30 ms
    one pass later, 15 ms so)."""
    probed: dict = {}
    if _nested(obj):
        out: dict = {}
        for q, docs in _str_keys(obj, name, "query").items():
            docs = out[q] = _str_keys(docs, name, "document", f" for query {q!r}")
            if probe is not None and q in probe:
                probed[q] = list(map(docs.get, probe[q], repeat(np.nan)))
        return out, probed
    out = _table_dicts(obj, value, name)
    if probe is not None:
        probed = {q: list(map(out[q].get, probe[q], repeat(np.nan))) for q in out
                  if q in probe}
    return out, probed


def _checked_values(dicts: dict, name: str, value: str) -> np.ndarray:
    """Every value, query by query in dict order, checked to be a finite number; the
    error names the first query and document whose value is not."""
    n = sum(map(len, dicts.values()))
    try:
        v = np.fromiter(chain.from_iterable(d.values() for d in dicts.values()), np.float64, n)
    except (TypeError, ValueError):
        raise ValueError(_bad_value(dicts, name, value)) from None
    if v.size and not _finite(v):
        raise ValueError(_bad_value(dicts, name, value))
    return v


def _finite(v: np.ndarray) -> bool:
    """Whether every value is finite: one sum in the common case (a finite sum proves
    it; a sum of finite values beyond 1e308 may overflow, then each is tested)."""
    with np.errstate(over="ignore", invalid="ignore"):
        total = np.add.reduce(v, axis=None)
    return bool(np.isfinite(total)) or bool(np.isfinite(v).all())


def _bad_row(qcol, dcol, vcol, name: str, value: str) -> str:
    """The message for the first row of a table whose value is not a number."""
    for i, (q, d, x) in enumerate(zip(qcol, dcol, vcol, strict=False)):
        try:
            float(x)
        except (TypeError, ValueError):
            return (f"{name}: column {value} must hold numbers; row {i} (query {str(q)!r}, "
                    f"document {str(d)!r}) holds {x!r}")
    return f"{name}: column {value} must hold numbers"


def _bad_value(dicts: dict, name: str, value: str) -> str:
    """The message for the first value of ``dicts`` that is not a finite number (only
    on the error path: the values are scanned again, one by one)."""
    for q, docs in dicts.items():
        for d, x in docs.items():
            try:
                ok = isinstance(x, numbers.Real) and bool(np.isfinite(float(x)))
            except (TypeError, ValueError, OverflowError):
                ok = False
            if not ok:
                return (f"{name}: the {value} of document {d!r} for query {q!r} is {x!r}, "
                        f"not a finite number")
    return f"{name}: every {value} must be a finite number"


# -- the join ----------------------------------------------------------------------------

@dataclass(frozen=True, repr=False)
class Judged:
    """A run joined to its judgments: flat arrays per query, ready for the measures
    (what :func:`join` returns; its Examples show one).

    Attributes
    ----------
    query_ids : ndarray of str, shape (Q,)
        Sorted query ids.
    relevance, scores : ndarray of float64, shape (N,)
        The retrieved documents' relevance (0 when unjudged) and scores, query by query.
    offsets : ndarray of int64, shape (Q+1,)
    doc_ids : ndarray of object (str), shape (N,), or None
        The retrieved documents' ids, query by query (None: not kept, as by the ranked
        join of trec_eval's order).
    unscored_labels : ndarray of float64
        Relevance of judged documents the run did not retrieve, query by query.
    unscored_offsets : ndarray of int64, shape (Q+1,)
    left_out : (int, int)
        Queries of the qrels and of the run that the query policy left out (judged but
        not run; run but not judged).
    judged : ndarray of bool, shape (N,), or None
        Whether the qrels list each retrieved document (whatever its grade).
    """

    query_ids: np.ndarray
    relevance: np.ndarray
    scores: np.ndarray
    offsets: np.ndarray
    doc_ids: np.ndarray | None
    unscored_labels: np.ndarray
    unscored_offsets: np.ndarray
    left_out: tuple = (0, 0)
    judged: np.ndarray | None = None

    def __repr__(self) -> str:
        return (f"Judged({self.query_ids.size} queries, {self.scores.size} retrieved "
                f"documents, {self.unscored_labels.size} judged but not retrieved)")


def _gathered(qrels, run, queries, probe=False) -> tuple:
    """The inputs checked, and the kept queries (sorted ids): their documents as dicts,
    the run's sizes and its scores in dict order, and -- with ``probe``, else None -- the
    run's score of each kept query's judged documents, query by query (NaN: not
    retrieved)."""
    if queries not in QUERY_POLICIES:
        raise ValueError(f"queries: must be one of {QUERY_POLICIES}, got {queries!r}")
    qd, _ = _query_dicts(qrels, "relevance", "qrels")
    rd, probed = _query_dicts(run, "score", "run", qd if probe else None)
    _checked_values(qd, "qrels", "relevance")
    all_scores = _checked_values(rd, "run", "score")
    judged = {q for q, docs in qd.items() if docs}
    ran = {q for q, docs in rd.items() if docs}
    refused = _no_query_to_evaluate(judged, ran, queries, len(qd), len(rd))
    if refused is not None:
        raise refused
    ids = sorted({"both": judged & ran, "qrels": judged, "run": ran}[queries])
    kept = set(ids)
    left = (len(judged - kept), len(ran - kept))
    empty: dict = {}
    runs = [rd.get(q, empty) for q in ids]
    judgments = [qd.get(q, empty) for q in ids]
    sizes = np.fromiter(map(len, runs), np.int64, len(ids))
    # the kept queries' scores, gathered from the run's in dict order
    if ids == list(rd):  # every query of the run, in its order
        scores = all_scores
    else:
        where = dict(zip(rd, np.cumsum([0, *map(len, rd.values())]).tolist(), strict=False))
        first = np.fromiter((where[q] if q in rd else 0 for q in ids), np.int64, len(ids))
        scores = all_scores[gather_rows(first, sizes)]
    if not probe:
        return ids, runs, judgments, sizes, scores, None, left
    m = sum(map(len, judgments))
    jscore = np.fromiter(chain.from_iterable(probed.get(q) or repeat(np.nan, len(jq))
                                             for q, jq in zip(ids, judgments, strict=True)),
                         np.float64, m)
    return ids, runs, judgments, sizes, scores, jscore, left


class NoQueryToEvaluate(ValueError):
    """The ValueError of :func:`evaluate` and :func:`join` when no query can be evaluated:
    an empty run or qrels, or no query in common (module docstring, ``queries``).

    ``str()`` words the way out, when there is one, with Python's keyword
    (``queries='run'``); :meth:`spelled` words it otherwise (the command's
    ``--queries run``). ``what`` is the message without the way out, ``way_out`` whether
    there is one.

    Examples
    --------
    A run of query q2 against qrels judging q1 alone; ``queries="run"`` would evaluate q2
    anyway:

    >>> try:
    ...     evaluate({"q1": {"a": 1}}, {"q2": {"a": 0.5}}, "P@1")
    ... except NoQueryToEvaluate as e:
    ...     print(e.what.split(";")[0], e.way_out, isinstance(e, ValueError))
    run, qrels: no query in common (the run's 'q2' True True
    """

    def __init__(self, what: str, way_out: bool) -> None:
        self.what, self.way_out = what, way_out
        super().__init__(self.spelled("queries='run'"))

    def spelled(self, option: str) -> str:
        """The message, the way out named ``option``."""
        if not self.way_out:
            return self.what
        return (f"{self.what}. Pass {option} to evaluate the run's queries anyway (each "
                "with no judgment)")


def _no_query_to_evaluate(judged: set, ran: set, queries: str, n_qrels: int,
                          n_run: int) -> NoQueryToEvaluate | None:
    """The refusal (module docstring, ``queries``) when the query policy leaves no query
    to evaluate or the two sides share none, else None; ``judged`` and ``ran`` are the
    queries with at least one document, ``n_qrels`` and ``n_run`` every query given."""
    if judged & ran or (queries == "run" and ran):
        return None

    def empty(n: int, what: str) -> str:
        return (f"empty (its {n} quer{'y has' if n == 1 else 'ies have'} no {what} document)"
                if n else "empty")

    if not judged and not ran:
        return NoQueryToEvaluate("run, qrels: both empty: no query has a retrieved "
                                 "document, none a judged one", way_out=False)
    if not ran:
        return NoQueryToEvaluate(f"run: {empty(n_run, 'retrieved')}, so no query can be "
                                 f"evaluated (the qrels judge {_some(judged)})",
                                 way_out=False)
    if not judged:
        return NoQueryToEvaluate(f"qrels: {empty(n_qrels, 'judged')}, so no query of the "
                                 f"run ({_some(ran)}) is judged", way_out=True)
    return NoQueryToEvaluate(f"run, qrels: no query in common (the run's {_some(ran)}; "
                             f"the qrels' {_some(judged)}); query ids are compared as "
                             "text, so '1' is not 'q1'", way_out=True)


def _some(ids: set, shown: int = 3) -> str:
    """A few of ``ids``, sorted, for a message."""
    few = sorted(ids)[:shown]
    more = f", ... ({len(ids)} in all)" if len(ids) > shown else ""
    return ", ".join(map(repr, few)) + more


def join(qrels: Any, run: Any, *, queries: str = "both") -> Judged:
    """Join a run to its judgments (see the module docstring for the input forms).

    Each query's retrieved documents are looked up in its judgments by a dict (a hash
    join, no sort of ids). Raises ValueError on a document listed twice for one query (in
    either input), on a non-finite score or relevance, and (:class:`NoQueryToEvaluate`)
    when ``queries`` leaves no query: an empty side, or no query in common unless
    ``queries="run"`` (module docstring).

    Examples
    --------
    ``d4`` is retrieved but not judged (relevance 0), ``d3`` judged but not retrieved:

    >>> j = join({"q1": {"d1": 2, "d2": 0, "d3": 1}}, {"q1": {"d1": 0.5, "d2": 0.9, "d4": 0.1}})
    >>> j
    Judged(1 queries, 3 retrieved documents, 1 judged but not retrieved)
    >>> j.doc_ids.tolist(), j.relevance.tolist(), j.unscored_labels.tolist()
    (['d1', 'd2', 'd4'], [2.0, 0.0, 0.0], [1.0])
    """
    gathered = _gathered(qrels, run, queries)
    return replace(_joined(*gathered[:5]), left_out=gathered[6])


def _joined(ids, runs, judgments, sizes, scores) -> Judged:
    """:func:`join`'s result from :func:`_gathered`'s."""
    n = scores.size
    pairs = list(zip(runs, judgments, strict=True))
    relevance = np.fromiter(  # NaN: not in the qrels
        chain.from_iterable(map(jq.get, rq, repeat(np.nan)) for rq, jq in pairs), np.float64,
        n)
    judged = ~np.isnan(relevance)
    relevance[~judged] = 0.0
    doc_ids = np.array(list(chain.from_iterable(runs)), dtype=object)
    missed = [[v for d, v in jq.items() if d not in rq] for rq, jq in pairs]
    usizes = np.fromiter(map(len, missed), np.int64, len(ids))
    unscored = np.fromiter(chain.from_iterable(missed), np.float64, int(usizes.sum()))
    return Judged(
        query_ids=np.array(ids, dtype=str) if ids else np.zeros(0, dtype=str),
        relevance=relevance,
        scores=scores,
        offsets=offsets_from_sizes(sizes),
        doc_ids=doc_ids,
        unscored_labels=unscored,
        unscored_offsets=offsets_from_sizes(usizes),
        judged=judged,
    )


# -- the measures ------------------------------------------------------------------------

def _as_float32(scores: np.ndarray) -> np.ndarray:
    """The scores as trec_eval stores them, as float64: C's ``atof`` reads a double, kept
    in a ``float`` (get_trec_results.c, ``TEXT_RESULTS.sim``). The cast rounds to the
    nearest float32 (IEEE 754, numpy's as C's); a finite score beyond float32's range
    (1e39, 1e308) becomes +-inf, as it does in trec_eval."""
    with np.errstate(over="ignore"):
        return scores.astype(np.float32).astype(np.float64)


def _finite_stand_ins(scores: np.ndarray) -> np.ndarray:
    """``scores`` with +-inf (a score beyond float32's range, :func:`_as_float32`) as
    +- the largest float64: above (below) every float32 and tied among themselves, so
    the order and the ties are those of the infinities -- and every measure reads the
    scores through their order and ties only (DCG, AUC, tau-b), which the DCG's check
    of finite scores would otherwise refuse."""
    if _finite(scores):
        return scores
    big = np.finfo(np.float64).max
    return np.where(np.isinf(scores), np.copysign(big, scores), scores)


def _score_key(scores: np.ndarray) -> np.ndarray:
    """A uint32 key decreasing with the float32 score (equal keys: tied scores; -0.0 ties
    with +0.0): the float32 bits made order-preserving, then reversed."""
    with np.errstate(over="ignore"):  # beyond float32's range: +-inf (_as_float32)
        bits = (scores.astype(np.float32) + np.float32(0.0)).view(np.int32)
    mono = bits ^ ((bits >> 31) & np.int32(0x7FFFFFFF))  # increasing with the score
    return np.uint32(0x7FFFFFFF) - mono.view(np.uint32)  # wraps: decreasing


def _order_key(qidx: np.ndarray, scores: np.ndarray) -> np.ndarray:
    """An int64 key increasing along trec_eval's order, documents of one query together:
    (query, float32 score descending) from :func:`_score_key`. Equal keys are tied
    scores."""
    return (qidx << 32) + _score_key(scores)


def _trec_eval_order(j: Judged, scores: np.ndarray) -> np.ndarray:
    """trec_eval's order within each query: score (float32) descending, then document id
    descending; only the ids of tied documents are compared as strings."""
    lengths = np.diff(j.offsets)
    qidx = query_index(lengths)
    # one argsort of an exact integer key (query, descending float32 score)
    order = np.argsort(_order_key(qidx, scores))
    s, q = scores[order], qidx[order]
    same = (s[1:] == s[:-1]) & (q[1:] == q[:-1])
    if not same.any():
        return order
    tied = np.zeros(s.size, bool)
    tied[1:] |= same
    tied[:-1] |= same
    at = np.flatnonzero(tied)  # slots of tied documents, each tie group contiguous
    # a slot starts a new group unless it ties with the slot before it
    group = np.cumsum(np.concatenate([[True], ~same[at[1:] - 1]]))
    items = order[at]
    assert j.doc_ids is not None  # a join's, before _all_ordered drops them
    names = j.doc_ids[items].tolist()
    # each distinct id's place in code-point order (UTF-8 byte order: trec_eval's strcmp);
    # Python's sort of the distinct str, much faster than numpy's of an object array
    place = {d: i for i, d in enumerate(sorted(set(names)))}
    drank = np.fromiter(map(place.__getitem__, names), np.int64, len(names))
    order[at] = items[np.lexsort((-drank, group))]
    return order


def _row_sorted(low: np.ndarray, qidx: np.ndarray,
                offsets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The sorted :func:`_order_key` of a run (queries contiguous, in order) from its
    :func:`_score_key` ``low``, and the float32 scores it encodes in that order (as
    float64; -0.0 as +0.0).

    Each query's keys are sorted in a row of a 2-d uint32 array (a query's row fits in
    cache; numpy's vectorised sort), padded with the largest uint32 where queries differ
    in length; one sort of the flat int64 key when padding would double the work.
    """
    sizes = np.diff(offsets)
    nq, n = sizes.size, low.size
    width = int(sizes.max()) if nq else 0
    if n == 0 or nq * width > 2 * n:
        ranked = np.sort((qidx << 32) + low)
        low = (ranked & 0xFFFFFFFF).astype(np.uint32)
    else:
        if nq * width == n:  # every query of one length
            rows = low.reshape(nq, width).copy()
        else:
            rows = np.full((nq, width), np.iinfo(np.uint32).max, np.uint32)
            rows[qidx, np.arange(n) - offsets[:-1][qidx]] = low
        rows.sort(axis=1)
        # a row's first sizes[q] values are its query's (the padding is no smaller)
        low = rows.ravel() if nq * width == n else rows[np.arange(width) < sizes[:, None]]
        ranked = (qidx << 32) + low
    # undo _score_key: mono = 0x7FFFFFFF - low (wrapping), then the sign flip
    mono = (np.uint32(0x7FFFFFFF) - low).view(np.int32)
    bits = mono ^ ((mono >> 31) & np.int32(0x7FFFFFFF))
    return ranked, bits.view(np.float32).astype(np.float64)


def _members(key: np.ndarray, wanted: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The positions of ``key`` whose value is in ``wanted`` (sorted, distinct), and the
    index in ``wanted`` of each: a table of multiplicative hashes (Knuth's, 64 bit) keeps
    only candidates, each then looked up exactly."""
    # about 1/64 of the keys pass; the table at most 2^26 bytes
    bits = min(26, max(10, int(wanted.size * 64 - 1).bit_length()))
    h = (key.view(np.uint64) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - bits)
    table = np.zeros(1 << bits, bool)
    table[(wanted.view(np.uint64) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - bits)] \
        = True
    cand = np.flatnonzero(table[h])
    at = np.minimum(np.searchsorted(wanted, key[cand]), wanted.size - 1)
    hit = wanted[at] == key[cand]
    return cand[hit], at[hit]


#: the share of retrieved documents that are judged up to which :func:`_ranked_join`
#: places the judged documents only; above it, every document is ordered
_SPARSE_JUDGED = 0.25


def _judged_share(qrels, run) -> float:
    """Judged documents per retrieved document, over every query of either input (inf
    for an empty run); a table's rows are counted as they stand."""
    def size(obj, column):
        if _nested(obj):
            return sum(map(len, obj.values()))
        try:
            return len(obj[column])
        except (KeyError, TypeError, IndexError):
            return 0  # not a table: _gathered says what is wrong with it
    retrieved = size(run, "score")
    return size(qrels, "relevance") / retrieved if retrieved else float("inf")


# -- the join of tables of numpy str columns, with no Python object per row ----------------

@dataclass(frozen=True)
class _Flat:
    """Both inputs gathered to the kept queries (sorted ids), as flat arrays: the run's
    ``sizes``, ``scores`` and row of each (``run_rows``, into the table's ``run_docs``);
    the judged documents' ``jsizes``, grades ``jgrade``, rows (``qrels_rows`` into
    ``qrels_docs``) and place in the flat run (``jpos``, -1: not retrieved)."""

    ids: list
    sizes: np.ndarray
    scores: np.ndarray
    run_docs: np.ndarray
    run_rows: np.ndarray
    jsizes: np.ndarray
    jgrade: np.ndarray
    qrels_docs: np.ndarray
    qrels_rows: np.ndarray
    jpos: np.ndarray
    left: tuple


def _str_columns(obj, value: str):
    """A table's columns when they are 1-d numpy str arrays of one length and finite
    values (a file read by :func:`~rankmeasures.trec.trec_files.read_run`, say), else None:
    every other input takes the dict path, which also words every error."""
    if not isinstance(obj, Mapping) or _nested(obj):
        return None
    try:
        q, d, v = obj["query_id"], obj["doc_id"], obj[value]
    except (KeyError, TypeError, IndexError):
        return None
    if not all(isinstance(a, np.ndarray) and a.ndim == 1 for a in (q, d, v)):
        return None
    if q.dtype.kind != "U" or d.dtype.kind != "U" or v.dtype.kind not in "fiu":
        return None
    if not q.size == d.size == v.size:
        return None
    v = v.astype(np.float64, copy=False)
    if v.size and not _finite(v):
        return None
    return q, d, v


def _query_runs(q: np.ndarray) -> tuple[list, np.ndarray, np.ndarray] | None:
    """A query column in runs of equal ids (each id in one run): the ids, the runs'
    starts and lengths; None when an id comes back after another."""
    starts = np.flatnonzero(group_starts(q))
    heads = q[starts].tolist()
    if len(set(heads)) < len(heads):
        return None
    return heads, starts, np.diff(np.append(starts, q.size))


def _grouped_rows(q: np.ndarray, runs, rank: dict) -> tuple[np.ndarray, np.ndarray]:
    """The rows of the queries in ``rank`` (id -> place), grouped by place (stable), and
    the number of rows of each place; ``runs``: :func:`_query_runs` of ``q``."""
    if runs is None:  # ids interleaved: factorise them
        uniq, inv = np.unique(q, return_inverse=True)
        heads = uniq.tolist()
        place = np.array([rank.get(h, -1) for h in heads], np.int64)[inv]
        kept = np.flatnonzero(place >= 0)
        rows = kept[np.argsort(place[kept], kind="stable")]
        sizes = np.bincount(place[kept], minlength=len(rank)).astype(np.int64)
        return rows, sizes
    heads, starts, lengths = runs
    place = np.array([rank.get(h, -1) for h in heads], np.int64)
    sizes = np.zeros(len(rank), np.int64)
    kept = np.flatnonzero(place >= 0)
    sizes[place[kept]] = lengths[kept]
    by_place = kept[np.argsort(place[kept])]
    first, size = starts[by_place], lengths[by_place]
    rows = gather_rows(first, size)
    return rows, sizes


def _text_hash(*columns: np.ndarray) -> list:
    """A 64-bit polynomial hash of each str of each column, over the 8-byte words of its
    UCS-4 code (the last word overlapping the one before it); the columns are padded to
    one width, so one string hashes alike in all."""
    w = max(c.dtype.itemsize for c in columns) // 4
    out = []
    for c in columns:
        c = np.ascontiguousarray(c.astype(f"<U{w}", copy=False))
        size = 4 * w
        if not c.size:
            out.append(np.zeros(0, np.uint64))
            continue
        if size < 8:  # one code point: itself
            out.append(c.view(np.uint32).astype(np.uint64))
            continue
        h = np.zeros(c.size, np.uint64)
        for at in sorted({*range(0, size - 7, 8), size - 8}):
            h *= np.uint64(0x100000001B3)
            h += np.ndarray((c.size,), "<u8", buffer=c, offset=at, strides=(size,))
        out.append(h)
    return out


def _array_gathered(qrels, run, queries: str) -> _Flat | None:
    """:func:`_gathered` for tables of numpy str columns, with no Python object per row:
    the queries grouped by runs of equal ids (or factorised), each (query, document)
    pair hashed to 64 bits, each input's keys sorted (a pair listed twice is a repeated
    key), and the run's keys looked up among the qrels'; every match is confirmed on the
    strings. None -- the dict path then
    -- for other inputs, a document listed twice, no query to evaluate, or two pairs of
    one hash (every error is worded there)."""
    qcols, rcols = _str_columns(qrels, "relevance"), _str_columns(run, "score")
    if qcols is None or rcols is None or queries not in QUERY_POLICIES:
        return None
    (qq, qd, qv), (rq, rd, rv) = qcols, rcols
    qruns, rruns = _query_runs(qq), _query_runs(rq)
    judged = set(qruns[0] if qruns is not None else np.unique(qq).tolist())
    ran = set(rruns[0] if rruns is not None else np.unique(rq).tolist())
    if _no_query_to_evaluate(judged, ran, queries, len(judged), len(ran)) is not None:
        return None  # the dict path words the refusal
    ids = sorted({"both": judged & ran, "qrels": judged, "run": ran}[queries])
    rank = {q: i for i, q in enumerate(ids)}
    rrows, sizes = _grouped_rows(rq, rruns, rank)
    jrows, jsizes = _grouped_rows(qq, qruns, rank)
    # one key per kept (query, document) pair: the document's hash, then its query's place
    hq, hr = _text_hash(qd, rd)
    hq, hr = hq[jrows], hr[rrows]
    mix = np.uint64(0x9E3779B97F4A7C15)
    kq = hq * mix + query_index(jsizes).astype(np.uint64)
    kr = hr * mix + query_index(sizes).astype(np.uint64)
    m = kq.size
    by_key = np.argsort(kq)
    sorted_q, sorted_r = kq[by_key], np.sort(kr)
    if np.any(sorted_q[1:] == sorted_q[:-1]) or np.any(sorted_r[1:] == sorted_r[:-1]):
        return None  # a pair listed twice (or a collision): the dict path says which
    # the run's pairs the qrels hold: a filter on the keys' top bits (about 1/64 of the
    # others pass), then a search among the qrels' keys
    jpos = np.full(m, -1, np.int64)
    if m and kr.size:
        bits = min(26, max(10, int(m * 64 - 1).bit_length()))
        shift = np.uint64(64 - bits)
        table = np.zeros(1 << bits, bool)
        table[kq >> shift] = True
        cand = np.flatnonzero(table[kr >> shift])
        needles = kr[cand]
        by_needle = np.argsort(needles)  # sorted needles search faster
        at = np.empty_like(by_needle)
        at[by_needle] = np.minimum(np.searchsorted(sorted_q, needles[by_needle]), m - 1)
        hit = sorted_q[at] == needles
        run_at, judged_at = cand[hit], by_key[at[hit]]
        if not np.array_equal(qd[jrows[judged_at]], rd[rrows[run_at]]):
            return None  # two documents of one hash: exact lookups instead
        jpos[judged_at] = run_at
    kept = set(ids)
    return _Flat(ids, sizes, rv[rrows], rd, rrows, jsizes, qv[jrows], qd, jrows, jpos,
                 (len(judged - kept), len(ran - kept)))


def _ranked_join(qrels: Any, run: Any, *, queries: str) -> Judged:
    """:func:`join` in trec_eval's order: the same checks and queries, each query's
    retrieved documents ranked by score (float32) descending, then document id descending
    (``doc_ids`` is None: the order is the arrays' own).

    Tables of numpy str columns (a file's, :func:`~rankmeasures.trec.trec_files.read_run`)
    are joined on hashed (query, document) pairs, with no Python object per row
    (:func:`_array_gathered`); other inputs through one dict of documents per query
    (:func:`_gathered`). When few of the retrieved documents are judged (judged per
    retrieved, over every query of the inputs, up to :data:`_SPARSE_JUDGED`, as in a
    TREC pool), only the judged documents are placed (:func:`_placed`). Otherwise every
    document is ordered (:func:`_trec_eval_order`). Both give the same arrays.
    """
    sparse = _judged_share(qrels, run) <= _SPARSE_JUDGED
    flat = _array_gathered(qrels, run, queries)
    if flat is not None:
        if not sparse:
            return _all_ordered(_flat_joined(flat))
        got = flat.jpos >= 0
        jscore = np.full(flat.jpos.size, np.nan)
        jscore[got] = flat.scores[flat.jpos[got]]
        return _placed(flat.ids, flat.sizes, flat.scores, flat.jsizes, flat.jgrade, jscore,
                       lambda at: flat.run_docs[flat.run_rows[at]].tolist(),
                       lambda at: flat.qrels_docs[flat.qrels_rows[at]].tolist(), flat.left)
    ids, runs, judgments, sizes, scores, jscore, left = _gathered(qrels, run, queries, sparse)
    if not sparse:  # most documents judged: order them all
        return _all_ordered(replace(_joined(ids, runs, judgments, sizes, scores),
                                    left_out=left))
    jsizes = np.fromiter(map(len, judgments), np.int64, len(ids))
    jgrade = np.fromiter(chain.from_iterable(jq.values() for jq in judgments), np.float64,
                         int(jsizes.sum()))

    def names(lists):
        def pick(at):
            flat_names = list(chain.from_iterable(lists))
            return [flat_names[i] for i in at.tolist()]
        return pick

    return _placed(ids, sizes, scores, jsizes, jgrade, jscore, names(runs), names(judgments),
                   left)


def _flat_joined(flat: _Flat) -> Judged:
    """:func:`_joined`'s result from :func:`_array_gathered`'s."""
    n, nq = flat.scores.size, len(flat.ids)
    got = flat.jpos >= 0
    relevance = np.zeros(n)
    relevance[flat.jpos[got]] = flat.jgrade[got]
    judged = np.zeros(n, bool)
    judged[flat.jpos[got]] = True
    usizes = np.bincount(query_index(flat.jsizes)[~got], minlength=nq).astype(np.int64)
    return Judged(
        query_ids=np.array(flat.ids, dtype=str) if flat.ids else np.zeros(0, dtype=str),
        relevance=relevance, scores=flat.scores, offsets=offsets_from_sizes(flat.sizes),
        doc_ids=flat.run_docs[flat.run_rows], unscored_labels=flat.jgrade[~got],
        unscored_offsets=offsets_from_sizes(usizes), left_out=flat.left, judged=judged)


def _all_ordered(j: Judged) -> Judged:
    """``j`` with every query's documents in trec_eval's order (:func:`_trec_eval_order`)
    and its scores as trec_eval stores them (float32)."""
    compared = _as_float32(j.scores)
    order = _trec_eval_order(j, compared)
    assert j.judged is not None  # every join sets it
    return replace(j, relevance=j.relevance[order], scores=compared[order], doc_ids=None,
                   judged=j.judged[order])


def _placed(ids, sizes, scores, jsizes, jgrade, jscore, run_names, judged_names,
            left) -> Judged:
    """The ranked join placing the judged documents only: each query's score keys are
    sorted (values only, :func:`_row_sorted`), each judged document found by its score
    (``jscore``, NaN: not retrieved; a search in the sorted keys), and document ids
    compared only inside the tie groups that hold a judged document (their members found
    by :func:`_members`; ``run_names`` and ``judged_names`` give the ids at flat
    positions) -- an unjudged document gains 0 wherever it stands among its ties."""
    nq, n = len(ids), scores.size
    offsets = offsets_from_sizes(sizes)
    qidx = query_index(sizes)
    low = _score_key(scores)
    ranked_key, ranked_scores = _row_sorted(low, qidx, offsets)
    jquery = query_index(jsizes)
    got = ~np.isnan(jscore)
    jkey = _order_key(jquery[got], jscore[got])
    by_key = np.argsort(jkey)  # sorted needles search faster
    lo, hi = np.empty_like(jkey), np.empty_like(jkey)
    lo[by_key] = np.searchsorted(ranked_key, jkey[by_key], "left")
    hi[by_key] = np.searchsorted(ranked_key, jkey[by_key], "right")
    place = lo
    tied = np.flatnonzero(hi - lo > 1)  # judged documents sharing their key
    if tied.size:
        # the tie groups holding a judged document, and every member's id
        groups = np.unique(jkey[tied])
        members, group = _members((qidx << 32) + low, groups)
        names = run_names(members)
        # code-point order of the ids (trec_eval's strcmp on UTF-8): a rank per distinct id
        rank_of = {d: i for i, d in enumerate(sorted(set(names)))}
        desc = len(rank_of) - np.fromiter(map(rank_of.__getitem__, names), np.int64,
                                          len(names))  # decreasing id first
        member = np.sort((group << 32) + desc)
        tj = judged_names(np.flatnonzero(got)[tied])
        jgroup = np.searchsorted(groups, jkey[tied])
        jdesc = len(rank_of) - np.fromiter(map(rank_of.__getitem__, tj), np.int64, len(tj))
        # a tied judged document's place: its group's first rank + the members ranked
        # before it (a greater id)
        at = np.searchsorted(member, (jgroup << 32) + jdesc)
        start = np.searchsorted(member, jgroup << 32)
        place[tied] = lo[tied] + (at - start)
    relevance = np.zeros(n)
    relevance[place] = jgrade[got]
    judged = np.zeros(n, bool)
    judged[place] = True
    missed = ~got
    usizes = np.bincount(jquery[missed], minlength=nq).astype(np.int64)
    return Judged(
        query_ids=np.array(ids, dtype=str) if ids else np.zeros(0, dtype=str),
        relevance=relevance,
        scores=ranked_scores,
        offsets=offsets,
        doc_ids=None,
        unscored_labels=jgrade[missed],
        unscored_offsets=offsets_from_sizes(usizes),
        left_out=left,
        judged=judged,
    )


@dataclass(frozen=True, repr=False)
class Evaluation(Mapping):
    """What :func:`evaluate` returns: measure name -> per-query
    :class:`~rankmeasures.dcg.QueryResults`, plus the settings that produced it.

    ``ev["ndcg@10"].values`` are the per-query values (in ``query_ids`` order),
    ``ev.means`` the means, ``ev.to_dict()`` the ``{measure: {query: value}}`` form of
    pytrec_eval and ranx.

    Examples
    --------
    >>> import rankmeasures as rm
    >>> ev = rm.evaluate({"q1": {"d1": 1, "d2": 0}}, {"q1": {"d1": 0.5, "d2": 0.9}},
    ...                  ["P@1", "AP"])
    >>> ev.means  # d2, not relevant, is ranked first: P@1 = 0, AP = (1/2) / 1
    {'P@1': 0.0, 'AP': 0.5}
    >>> ev.to_dict()
    {'P@1': {'q1': 0.0}, 'AP': {'q1': 0.5}}
    """

    results: dict
    query_ids: np.ndarray
    convention: str
    queries: str
    ties: str
    left_out: tuple = (0, 0)
    texts: dict = field(default_factory=dict)
    specs: dict = field(default_factory=dict, repr=False)

    def __getitem__(self, name: str) -> QueryResults:
        return self.results[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.results)

    def __len__(self) -> int:
        return len(self.results)

    @property
    def means(self) -> dict[str, float]:
        """The summary of each measure over the evaluated queries: the mean, or what
        trec_eval prints on its ``all`` rows (a sum for the counts ``num_ret``,
        ``num_rel``, ``num_rel_ret``, ``num_nonrel_judged_ret``; the geometric mean for
        ``gm_map`` and ``gm_bpref``, whose per-query values are logs; the number of
        queries for ``num_q``)."""
        return {name: r.mean for name, r in self.results.items()}

    def to_dict(self) -> dict[str, dict[str, float]]:
        """``{measure: {query_id: value}}``."""
        qs = self.query_ids.tolist()
        return {name: dict(zip(qs, r.values.tolist(), strict=True))
                for name, r in self.results.items()}

    def __repr__(self) -> str:
        nq = self.query_ids.size
        head = (f"Evaluation of {nq} quer{'y' if nq == 1 else 'ies'} "
                f"(convention={self.convention!r}, "
                f"queries={self.queries!r}, ties={self.ties!r})")
        judged_only, run_only = self.left_out
        if judged_only or run_only:
            head += (f"; left out: {judged_only} quer{'y' if judged_only == 1 else 'ies'} of "
                     f"the qrels the run does not have, {run_only} of the run the qrels "
                     f"do not judge")
        width = max([len("measure")] + [len(n) for n in self.results])
        rows = [f"  {'measure':<{width}}  {'mean':>8}  {'min':>8}  {'median':>8}  {'max':>8}"]
        for name, r in self.results.items():
            stats = r.summary()[:4]
            rows.append(f"  {name:<{width}}  " + "  ".join(f"{x:8.4f}" for x in stats))
        return "\n".join([head, *rows])


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
    inputs that leave none (:func:`_no_query_to_evaluate`)."""
    order = score_order(scores, grades, offsets, "stable" if ties == "average" else ties)
    if ties != "average":
        return order, None
    return order, group_starts(scores[order], offsets)


def _per_query_counts(flags: np.ndarray, offsets: np.ndarray) -> np.ndarray:
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


def _ranked_judgments(j: Judged, absent: np.ndarray, order=None,
                      starts=None) -> trec_measures.RankedJudgments:
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
        groups=None if starts is None else np.cumsum(starts) - 1)


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


def _summary(kind: str, vals: np.ndarray) -> float:
    """trec_eval's summary of a measure (:class:`~rankmeasures.trec.measure_names.MeasureInfo`
    ``summary``); the mean leaves NaN values out."""
    how = MEASURES[kind.removeprefix("trec_")].summary if kind.removeprefix("trec_") \
        in MEASURES else "mean"
    if how == "sum":
        return float(vals.sum())
    if how == "count":
        return float(vals.size)
    if how == "gm":
        return trec_measures.geometric_summary(vals)
    return float(np.nanmean(vals)) if vals.size and not np.isnan(vals).all() \
        else float("nan")


def evaluate(qrels: Any, run: Any, measures: str | list[str], *,
             convention: str = "trec_eval", queries: str | None = None,
             ties: str | None = None, rel: float = 1, depth: int | None = None,
             judged_only: bool = False, n_docs: int = 0) -> Evaluation:
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

    Returns
    -------
    Evaluation
        Measure name -> :class:`~rankmeasures.dcg.QueryResults` (values in sorted
        query-id order; ``mean`` is trec_eval's summary: the mean leaving out NaN
        values, a sum for counts, a geometric mean for ``gm_*``); its ``repr`` is a
        one-line-per-measure summary. ``texts`` holds trec_eval's string values
        (``runid`` when the run is a table read by :func:`read_run`; each ``relstring``
        measure under its name, ``{query_id: marks}``).

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
    >>> ev.means["num_ret"], ev["bpref"].values.tolist(), list(ev)
    (4.0, [1.0, 1.0], ['num_ret', 'bpref', 'P_1', 'P_2'])
    """
    queries, ties, rel, depth, judged_only, n_docs = _checked_options(
        convention, queries, ties, rel, depth, judged_only, n_docs)
    cut = depth is not None or judged_only
    specs, trec_only = _specs(measures, convention, ties, cut)
    r = _ranking(qrels, run, queries=queries, ties=ties, convention=convention,
                 depth=depth, judged_only=judged_only, rank_first=bool(trec_only))
    shared = _Shared()
    out: dict = {}
    texts: dict = {}
    for spec in specs:
        level = rel if spec.rel is None else spec.rel
        if spec.kind == "runid":
            rid = run.get("runid") if isinstance(run, Mapping) and not _nested(run) else None
            if isinstance(rid, str):
                texts["runid"] = rid
            continue
        if spec.kind == "relstring":
            length = {**declared_defaults("relstring"), **spec.options}["length"]
            texts[spec.name] = _relstrings(shared.trec_view(r), r.j.query_ids, length)
            continue
        vals = _values(spec, r, shared, level, convention=convention, n_docs=n_docs,
                       trec_only=bool(trec_only))
        out[spec.name] = QueryResults(r.j.query_ids, vals, _summary(spec.kind, vals))
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
    trec_only = [s.name for s in specs
                 if s.kind.startswith("trec_") or MEASURES[s.kind].family == "trec"
                 or s.kind == "gm_map"]
    if trec_only and convention != "trec_eval":
        raise ValueError(f"measures: {trec_only[0]!r} is computed as trec_eval computes it: "
                         "on trec_eval's ranking (convention='trec_eval')")
    if ties == "average":
        # the run's tag and the marks' text have no expectation to take: they pass
        refused = list(dict.fromkeys(  # each measure once (P, not P_5, P_10, ...)
            s.info.trec or s.name for s in specs if s.name in trec_only
            and s.kind not in trec_measures.TIE_AVERAGE
            and s.kind not in ("runid", "relstring")))
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


@dataclass(frozen=True)
class _Ranking:
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


def _ranking(qrels, run, *, queries, ties, convention, depth, judged_only,
             rank_first: bool) -> _Ranking:
    """The inputs joined and ranked once: in trec_eval's order (``ties="trec_eval"``),
    or by the tie policy; cut at ``depth`` or to the judged documents when asked, and
    ranked before the measures when trec_eval's own measures need a fixed order
    (``rank_first``)."""
    if ties == "trec_eval":  # the run comes ranked: no order to apply
        j, order, starts = _ranked_join(qrels, run, queries=queries), None, None
    else:
        j, order, starts = join(qrels, run, queries=queries), None, None
    if convention == "trec_eval":
        j = _integer_grades(j)
    scores = j.scores
    if convention == "trec_eval" and ties != "trec_eval":  # _ranked_join's are float32's
        scores = _as_float32(scores)
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
    return _Ranking(j, _finite_stand_ins(scores), order, starts, ranked, absent, ties)


def _integer_grades(j: Judged) -> Judged:
    """``j`` with its grades as trec_eval reads them: C's ``atol`` of the qrels' field
    (get_qrels.c), so a fractional grade is truncated toward zero (2.7 is 2, -0.5 is 0)."""
    rel = np.trunc(j.relevance) + 0.0  # + 0.0: -0.0 becomes 0.0
    unscored = np.trunc(j.unscored_labels) + 0.0
    if np.array_equal(rel, j.relevance) and np.array_equal(unscored, j.unscored_labels):
        return j
    return replace(j, relevance=rel, unscored_labels=unscored)


class _Shared:
    """What several measures of one call share, computed once: trec_eval's view of the
    ranked judgments, and each relevance level's relevant ranks and counts."""

    def __init__(self) -> None:
        self._trec: trec_measures.RankedJudgments | None = None
        self._levels: dict = {}

    def trec_view(self, r: _Ranking, *, ranked_only: bool = False):
        if self._trec is None:
            self._trec = (_ranked_judgments(r.j, r.absent) if ranked_only else
                          _ranked_judgments(r.j, r.absent, r.order, r.starts))
        return self._trec

    def level(self, r: _Ranking, level: float, convention: str) -> tuple:
        if level not in self._levels:
            j, nq = r.j, r.lengths.size
            relevant = r.ranked_grades >= level
            if r.starts is None:  # no tie groups: the relevant ranks, found once
                ranks = relevant_ranks(relevant, j.offsets)
                rel_ret = np.bincount(ranks[0], minlength=nq).astype(np.float64)
            else:
                ranks, rel_ret = None, _per_query_counts(relevant, j.offsets)
            num_rel = rel_ret
            if convention != "sklearn":  # relevant judged documents never retrieved
                num_rel = rel_ret + _per_query_counts(j.unscored_labels >= level,
                                                      j.unscored_offsets)
            self._levels[level] = relevant, ranks, rel_ret, num_rel
        return self._levels[level]


def _values(spec, r: _Ranking, shared: _Shared, level: float, *, convention: str,
            n_docs: int, trec_only: bool) -> np.ndarray:
    """One measure's per-query values, by its family (the measure's declaration in
    :data:`~rankmeasures.trec.measure_names.MEASURES`)."""
    kind = spec.kind
    family = "trec" if kind.startswith("trec_") else MEASURES[kind].family
    if family == "trec":
        return trec_measures.compute(kind, shared.trec_view(r), level,
                                     {**spec.options, "n_docs": n_docs})
    if family == "graded" and trec_only and spec.trec_name and r.ranked:
        # trec_eval's view is built anyway: its DCGs in one pass (m_ndcg.c,
        # m_ndcg_cut.c), not one sort of the ideal per cut-off
        return trec_measures.compute("trec_" + kind, shared.trec_view(r, ranked_only=True),
                                     level, spec.options)
    if family == "graded":
        return _graded(spec, r.j, r.scores, r.order, "trec_eval" if r.ranked else r.ties,
                       convention, r.lengths > 0)
    if family == "concordance":
        return (kendall_tau_b_queries(r.j.relevance, r.scores, r.j.offsets)
                if kind == "kendall_tau_b"
                else auc_queries(r.j.relevance >= level, r.scores, r.j.offsets))
    return _binary_values(kind, spec.k, r, shared.level(r, level, convention))


def _binary_values(kind: str, k, r: _Ranking, counts: tuple) -> np.ndarray:
    """A binary measure (precision, recall, AP, RR, ... and the counts) of one relevance
    level, from its relevant ranks or, with tie groups, their expectation."""
    relevant, ranks, rel_ret, num_rel = counts
    binary = "AP" if kind == "gm_map" else kind
    if kind == "num_rel":
        vals = num_rel
    elif kind == "num_ret":
        vals = r.lengths.astype(np.float64)
    elif kind == "num_rel_ret":
        vals = rel_ret
    elif ranks is not None:  # parse_measure has checked the cut-off
        vals = untied_measure(binary, ranks, num_rel, k)
    else:
        vals = ranked_measure(binary, relevant, r.j.offsets, num_rel, k=k,
                              group_starts=r.starts)
    if kind == "gm_map":
        vals = np.log(np.maximum(vals, trec_measures.MIN_GEO_MEAN))
    return vals


def _top_ranks(rel, scores, offsets, unscored, unscored_offsets, k):
    """Each ranked query cut to its first ``k`` ranks, the only ones DCG@k reads; the
    positive grades below the cut join the judged, unretrieved ones, which the ideal
    ordering takes. With the identity gain the values are those of the whole lists, bit
    for bit: every positive grade stays in the ideal's pool, and the kept ranks leave at
    least k - (positives kept) zeros in it."""
    lengths = np.diff(offsets)
    nq = lengths.size
    kept = np.minimum(lengths, k)
    qidx = query_index(lengths)
    inside = np.arange(rel.size) - offsets[:-1][qidx] < k
    below = ~inside & (rel > 0)
    extra = np.concatenate([rel[below], unscored])
    eq = np.concatenate([qidx[below], query_index(np.diff(unscored_offsets))])
    by_query = np.argsort(eq, kind="stable")
    return (rel[inside], scores[inside],
            offsets_from_sizes(kept),
            extra[by_query],
            offsets_from_sizes(np.bincount(eq, minlength=nq)))


def _graded(spec: MeasureSpec, j: Judged, scores, order, ties, convention, present):
    """DCG or NDCG of every query under the convention (gain = grade, floored as the
    convention does, unless ``spec.gain`` names another)."""
    floor = 1.0 if convention == "ranx" else 0.0  # grades below it are not relevant
    rel = np.where(j.relevance >= floor, j.relevance, 0.0)
    unscored = np.where(j.unscored_labels >= floor, j.unscored_labels, 0.0)
    offsets, unscored_offsets = j.offsets, j.unscored_offsets
    if ties == "trec_eval":  # ranked already (_ranked_join)
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
