"""A run joined to its relevance judgments: the inputs, checked, as flat arrays per query.

Inputs, for both ``qrels`` and ``run``:

* nested dicts ``{query_id: {doc_id: value}}`` -- what pytrec_eval, ir_measures and ranx
  take (relevance grades for qrels, scores for the run);
* a table with columns ``query_id``, ``doc_id`` and ``relevance`` (qrels) or ``score``
  (run): a pandas DataFrame or any mapping of column name to array or list. pandas is
  never imported here.

Ids are strings, as trec_eval reads them: an id of another type is converted with
``str`` (so the integer 7 and the string ``"7"`` name the same query), but for a numpy
bytes column (dtype ``S``, as ``read_run(path, ids="bytes")`` returns), whose ids are
read as UTF-8 text. The join is a hash
join. A table of numpy str columns (as :func:`~rankmeasures.trec.trec_files.read_run`
returns) is joined with no Python object per row: each (query, document) pair hashed to
64 bits, the run's pairs looked up among the judged ones, every match confirmed on the
strings. Any other input becomes one dict of documents per query (as nested dicts
already are), each query's retrieved documents looked up in its judgments by dict, in C
loops over the documents and a Python loop over the queries only. Only the query ids --
and, under ``convention="trec_eval"``, the ids of documents whose scores tie -- are ever
sorted as strings.

:func:`join` gives the run's documents in its own order (every convention but
trec_eval's); :mod:`rankmeasures.trec._trec_order` gives them in trec_eval's. A run with
no query in common with the qrels is refused (:class:`NoQueryToEvaluate`; the query
policies are :func:`~rankmeasures.trec.runs.evaluate`'s).
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from dataclasses import dataclass, replace
from itertools import chain, repeat
from typing import Any

import numpy as np

from .._ragged import gather_rows, group_starts, offsets_from_sizes, query_index

__all__ = ["QUERY_POLICIES", "Judged", "NoQueryToEvaluate", "join"]


QUERY_POLICIES = ("both", "qrels", "run")


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
    if isinstance(arr, np.ndarray) and arr.dtype.kind == "S":  # bytes: UTF-8 text
        try:
            return np.char.decode(arr, "utf-8").tolist()
        except UnicodeDecodeError:
            bad = next(x for x in arr.tolist() if not _utf8(x))
            raise ValueError(f"ids: {bad!r} is not UTF-8 text") from None
    items = arr.tolist() if hasattr(arr, "tolist") else list(arr)
    if set(map(type, items)) <= {str}:
        return items
    return [x if type(x) is str else str(x) for x in items]


def _utf8(b: bytes) -> bool:
    try:
        b.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


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


def is_nested(obj) -> bool:
    """Whether ``obj`` is nested dicts ``{query_id: {doc_id: value}}`` (else a table).
    Shared with :mod:`rankmeasures.trec.runs` and :mod:`rankmeasures.trec._trec_order`;
    not part of the public API (not in ``__all__``).

    Examples
    --------
    >>> is_nested({"q1": {"d1": 1}}), is_nested({"query_id": ["q1"], "doc_id": ["d1"]})
    (True, False)
    """
    return isinstance(obj, Mapping) and all(isinstance(v, Mapping) for v in obj.values())


def _query_dicts(obj, value: str, name: str, probe: Mapping | None = None) -> tuple:
    """``{query_id: {doc_id: value}}`` with str ids, from nested dicts or a table; and,
    given ``probe`` (``{query_id: {doc_id: ...}}``), the value of each of a query's probed
    documents (NaN: absent), ``{query_id: list}`` for the queries both hold (else {}).

    Nested dicts are probed query by query, right after the query's ids are checked:
    its dict is then in the cache (10^5 lookups in a run of 10^6 documents take 30 ms
    one pass later, 15 ms so)."""
    probed: dict = {}
    if is_nested(obj):
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
    if v.size and not all_finite(v):
        raise ValueError(_bad_value(dicts, name, value))
    return v


def all_finite(v: np.ndarray) -> bool:
    """Whether every value is finite: one sum in the common case (a finite sum proves
    it; a sum of finite values beyond 1e308 may overflow, then each is tested).
    Shared with :mod:`rankmeasures.trec._trec_order` (the join in trec_eval's order); not
    part of the public API (not in ``__all__``).

    Examples
    --------
    >>> all_finite(np.array([1e308, 1e308])), all_finite(np.array([1.0, np.nan]))
    (True, False)
    """
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


def gather_inputs(qrels, run, queries, probe=False) -> tuple:
    """The inputs checked, and the kept queries (sorted ids): their documents as dicts,
    the run's sizes and its scores in dict order, and -- with ``probe``, else None -- the
    run's score of each kept query's judged documents, query by query (NaN: not
    retrieved); and the numbers of judged and of run queries left out. :func:`join` is
    ``judged_from`` of its first five. Shared with :mod:`rankmeasures.trec._trec_order`
    (the join in trec_eval's order); not part of the public API (not in ``__all__``).

    Examples
    --------
    >>> ids, runs, judgments, sizes, scores, probed, left = gather_inputs(
    ...     {"q1": {"a": 1}, "q2": {"b": 1}}, {"q1": {"a": 0.5, "c": 0.2}}, "both")
    >>> ids, sizes.tolist(), scores.tolist(), probed, left
    (['q1'], [2], [0.5, 0.2], None, (1, 0))
    """
    if queries not in QUERY_POLICIES:
        raise ValueError(f"queries: must be one of {QUERY_POLICIES}, got {queries!r}")
    qd, _ = _query_dicts(qrels, "relevance", "qrels")
    rd, probed = _query_dicts(run, "score", "run", qd if probe else None)
    _checked_values(qd, "qrels", "relevance")
    all_scores = _checked_values(rd, "run", "score")
    judged = {q for q, docs in qd.items() if docs}
    ran = {q for q, docs in rd.items() if docs}
    refused = query_refusal(judged, ran, queries, len(qd), len(rd))
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
    ...     join({"q1": {"a": 1}}, {"q2": {"a": 0.5}})
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


def query_refusal(judged: set, ran: set, queries: str, n_qrels: int,
                  n_run: int) -> NoQueryToEvaluate | None:
    """The refusal (module docstring, ``queries``) when the query policy leaves no query
    to evaluate or the two sides share none, else None; ``judged`` and ``ran`` are the
    queries with at least one document, ``n_qrels`` and ``n_run`` every query given.
    Shared with :mod:`rankmeasures.trec._trec_order` (the join in trec_eval's order); not
    part of the public API (not in ``__all__``).

    Examples
    --------
    >>> query_refusal({"q1"}, {"q1", "q2"}, "both", 1, 2) is None
    True
    >>> query_refusal({"q1"}, {"q2"}, "both", 1, 1).way_out
    True
    """
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
    gathered = gather_inputs(qrels, run, queries)
    return replace(judged_from(*gathered[:5]), left_out=gathered[6])


def judged_from(ids, runs, judgments, sizes, scores, doc_ids: bool = True) -> Judged:
    """:func:`join`'s result from :func:`gather_inputs`' first five values (``doc_ids``
    False: without the documents' ids, ``Judged.doc_ids`` None).
    Shared with :mod:`rankmeasures.trec._trec_order` (the join in trec_eval's order); not
    part of the public API (not in ``__all__``).

    Examples
    --------
    >>> judged_from(*gather_inputs({"q1": {"a": 2}}, {"q1": {"a": 0.5}}, "both")[:5])
    Judged(1 queries, 1 retrieved documents, 0 judged but not retrieved)
    """
    n = scores.size
    pairs = list(zip(runs, judgments, strict=True))
    relevance = np.fromiter(  # NaN: not in the qrels
        chain.from_iterable(map(jq.get, rq, repeat(np.nan)) for rq, jq in pairs), np.float64,
        n)
    judged = ~np.isnan(relevance)
    relevance[~judged] = 0.0
    # judged documents not retrieved: looked for only in the queries where the run finds
    # fewer judged documents than the qrels list
    found = np.bincount(query_index(sizes)[judged], minlength=len(ids))
    jsizes = np.fromiter(map(len, judgments), np.int64, len(ids))
    usizes = np.zeros(len(ids), np.int64)
    missed = []
    for q in np.flatnonzero(found < jsizes).tolist():
        rq, jq = pairs[q]
        missed.append([v for d, v in jq.items() if d not in rq])
        usizes[q] = len(missed[-1])
    unscored = np.fromiter(chain.from_iterable(missed), np.float64, int(usizes.sum()))
    return Judged(
        query_ids=np.array(ids, dtype=str) if ids else np.zeros(0, dtype=str),
        relevance=relevance,
        scores=scores,
        offsets=offsets_from_sizes(sizes),
        doc_ids=np.array(list(chain.from_iterable(runs)), dtype=object) if doc_ids else None,
        unscored_labels=unscored,
        unscored_offsets=offsets_from_sizes(usizes),
        judged=judged,
    )
