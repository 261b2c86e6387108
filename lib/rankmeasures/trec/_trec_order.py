"""trec_eval's order: a run joined to its judgments, each query's documents ranked as
trec_eval ranks them (score as float32 descending, then document id descending).

Private to the evaluator (:func:`~rankmeasures.trec.runs.evaluate` under
``convention="trec_eval"``). Two joins (:func:`ranked_join`): tables of numpy str columns
hashed with no Python object per row (:func:`_array_gathered`), other inputs through the
dict join of :mod:`rankmeasures.trec.join`; and two ways to the order: every document
sorted (:func:`_all_ordered`) or, in a sparse pool, the judged documents placed among the
sorted scores (:func:`_placed`). Both give the same arrays (tests/test_runs.py).

Each path is kept because ``make bench`` case (l) (``benchmarks/run.py --join-paths``:
10^6 run lines, 1000 queries, a 10 % judged pool; every path against the simplest, the
dict join with every document sorted, timed in turn on 2 shared cores, two runs) shows it
at least 1.5x faster than that:

=========================================  ===============================
path                                       simplest / this
=========================================  ===============================
dict join, every document ordered          1 (the simplest)
dict join, judged documents placed         1.52-1.69
hashed columns, every document ordered     1.69-2.07
hashed columns, judged documents placed    3.37-3.73 (a file's table, a pool)
=========================================  ===============================

So the hashed-pair join is 1.7-2.1x (every document ordered) to 2.0-2.5x (judged placed)
the dict join of the same table, and placing the judged documents 1.5-1.7x (dicts) to
1.8-2.0x (columns) ordering every document.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from itertools import chain
from typing import Any

import numpy as np

from .._ragged import (
    gather_rows,
    group_starts,
    offsets_from_sizes,
    positions_within,
    query_index,
)
from .join import (
    QUERY_POLICIES,
    Judged,
    all_finite,
    gather_inputs,
    is_nested,
    judged_from,
    query_refusal,
)

__all__ = ["as_float32", "finite_stand_ins", "ranked_join"]


def as_float32(scores: np.ndarray) -> np.ndarray:
    """The scores as trec_eval stores them, as float64: C's ``atof`` reads a double, kept
    in a ``float`` (get_trec_results.c, ``TEXT_RESULTS.sim``). The cast rounds to the
    nearest float32 (IEEE 754, numpy's as C's); a finite score beyond float32's range
    (1e39, 1e308) becomes +-inf, as it does in trec_eval."""
    with np.errstate(over="ignore"):
        return scores.astype(np.float32).astype(np.float64)


def finite_stand_ins(scores: np.ndarray) -> np.ndarray:
    """``scores`` with +-inf (a score beyond float32's range, :func:`as_float32`) as
    +- the largest float64: above (below) every float32 and tied among themselves, so
    the order and the ties are those of the infinities -- and every measure reads the
    scores through their order and ties only (DCG, AUC, tau-b), which the DCG's check
    of finite scores would otherwise refuse."""
    if all_finite(scores):
        return scores
    big = np.finfo(np.float64).max
    return np.where(np.isinf(scores), np.copysign(big, scores), scores)


def _score_key(scores: np.ndarray) -> np.ndarray:
    """A uint32 key decreasing with the float32 score (equal keys: tied scores; -0.0 ties
    with +0.0): the float32 bits made order-preserving, then reversed."""
    with np.errstate(over="ignore"):  # beyond float32's range: +-inf (as_float32)
        bits = (scores.astype(np.float32) + np.float32(0.0)).view(np.int32)
    mono = bits ^ ((bits >> 31) & np.int32(0x7FFFFFFF))  # increasing with the score
    return np.uint32(0x7FFFFFFF) - mono.view(np.uint32)  # wraps: decreasing


def _order_key(qidx: np.ndarray, scores: np.ndarray) -> np.ndarray:
    """An int64 key increasing along trec_eval's order, documents of one query together:
    (query, float32 score descending) from :func:`_score_key`. Equal keys are tied
    scores."""
    return (qidx << 32) + _score_key(scores)


def _ids_at(doc_ids, at: np.ndarray | None) -> list:
    """The ids at flat positions ``at`` (every id when None) as a list of str (or bytes,
    for a bytes column), from a list or a numpy array of ids."""
    if at is None:
        return doc_ids.tolist() if isinstance(doc_ids, np.ndarray) else doc_ids
    if isinstance(doc_ids, np.ndarray):
        return doc_ids[at].tolist()
    return [doc_ids[i] for i in at.tolist()]


def _id_ranks(ids: list) -> np.ndarray:
    """Each id's place among the distinct ``ids`` in code-point order (int64), which for
    str is the byte order of their UTF-8 (trec_eval's ``strcmp``), and for bytes their
    byte order. Python's sort of the distinct ids, each mapped through a dict: numpy's
    string sort is slower, and its fixed-width arrays drop trailing NUL characters."""
    place = {d: i for i, d in enumerate(sorted(set(ids)))}
    return np.fromiter(map(place.__getitem__, ids), np.int64, len(ids))


#: the share of tied documents above which :func:`_trec_eval_order` ranks every id, not
#: only the tied ones: picking the tied ids out of a list costs about as much per id as
#: ranking one
_RANK_EVERY_ID = 0.5


def _within_sorted(key: np.ndarray, offsets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Flat indices that sort each query's uint32 ``key`` (queries contiguous, in order),
    and the keys in that order.

    Each key is packed with its position in its query into a uint64 and each query's
    packed keys sorted as values in a row of a 2-d array (a query's row fits in cache;
    no indirect sort), padded with the largest uint64 where queries differ in length, the
    order read back from the low half; one argsort of the flat (query, key) when padding
    would double the work."""
    sizes = np.diff(offsets)
    nq, n = sizes.size, key.size
    width = int(sizes.max()) if nq else 0
    if n == 0 or nq * width > 2 * n or width >= 1 << 32:
        qidx = query_index(sizes)
        order = np.argsort((qidx << 32) + key)
        return order, key[order]
    packed = (key.astype(np.uint64) << np.uint64(32)) | positions_within(sizes).astype(
        np.uint64)
    if nq * width == n:  # every query of one length
        rows = packed.reshape(nq, width).copy()
        rows.sort(axis=1)
        flat = rows.ravel()
    else:
        rows = np.full((nq, width), np.iinfo(np.uint64).max, np.uint64)
        qidx = query_index(sizes)
        rows[qidx, np.arange(n) - offsets[:-1][qidx]] = packed
        rows.sort(axis=1)
        # a row's first sizes[q] values are its query's (a packed key is below the pad)
        flat = rows[np.arange(width) < sizes[:, None]]
    order = np.repeat(offsets[:-1], sizes) + (flat & np.uint64(0xFFFFFFFF)).astype(np.int64)
    return order, (flat >> np.uint64(32)).astype(np.uint32)


def _trec_eval_order(offsets: np.ndarray, scores: np.ndarray, doc_ids) -> np.ndarray:
    """trec_eval's order within each query (``offsets``): score (float32) descending,
    then document id descending (``doc_ids``, a list or array of each document's id).

    The documents are sorted by score (:func:`_within_sorted`); then the tie groups
    alone are sorted by id, each id replaced by its rank among the distinct ids
    (:func:`_id_ranks`: only the tied ones, or every id when most documents are tied).
    A query's ids are distinct, so the order is unique."""
    order, key = _within_sorted(_score_key(scores), offsets)
    n = order.size
    same = key[1:] == key[:-1]
    bounds = offsets[1:-1]
    same[bounds[(bounds > 0) & (bounds < n)] - 1] = False  # no tie across queries
    if not same.any():
        return order
    tied = np.zeros(n, bool)
    tied[1:] |= same
    tied[:-1] |= same
    at = np.flatnonzero(tied)  # slots of tied documents, each tie group contiguous
    # a slot starts a new group unless it ties with the slot before it
    group = np.cumsum(np.concatenate([[True], ~same[at[1:] - 1]]))
    items = order[at]
    if at.size > _RANK_EVERY_ID * n:
        rank = _id_ranks(_ids_at(doc_ids, None))[items]
    else:
        rank = _id_ranks(_ids_at(doc_ids, items))
    top = int(rank.max())
    if int(group[-1]) * (top + 1) + top < 1 << 63:
        # by group, then decreasing id: the groups come in order, so a stable sort
        # (numpy's timsort for int64) meets them as sorted runs
        by = np.argsort(group * (top + 1) + (top - rank), kind="stable")
    else:
        by = np.lexsort((-rank, group))
    order[at] = items[by]
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
    only candidates, each then looked up exactly. The one hash filter of the evaluator:
    the ranked join's tie groups (:func:`_placed`) and the join of hashed (query,
    document) pairs (:func:`_array_gathered`) both use it."""
    # about 1/64 of the keys pass; the table at most 2^26 bytes
    bits = min(26, max(10, int(wanted.size * 64 - 1).bit_length()))
    shift = np.uint64(64 - bits)
    mix = np.uint64(0x9E3779B97F4A7C15)
    table = np.zeros(1 << bits, bool)
    table[(wanted.view(np.uint64) * mix) >> shift] = True
    cand = np.flatnonzero(table[(key.view(np.uint64) * mix) >> shift])
    needles = key[cand]
    by_needle = np.argsort(needles)  # sorted needles search faster
    at = np.empty_like(by_needle)
    at[by_needle] = np.minimum(np.searchsorted(wanted, needles[by_needle]), wanted.size - 1)
    hit = wanted[at] == needles
    return cand[hit], at[hit]


#: the share of retrieved documents that are judged up to which :func:`ranked_join`
#: places the judged documents only; above it, every document is ordered
_SPARSE_JUDGED = 0.25


def _judged_share(qrels, run) -> float:
    """Judged documents per retrieved document, over every query of either input (inf
    for an empty run); a table's rows are counted as they stand."""
    def size(obj, column):
        if is_nested(obj):
            return sum(map(len, obj.values()))
        try:
            return len(obj[column])
        except (KeyError, TypeError, IndexError):
            return 0  # not a table: gather_inputs says what is wrong with it
    retrieved = size(run, "score")
    return size(qrels, "relevance") / retrieved if retrieved else float("inf")


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
    """A table's columns when they are 1-d numpy arrays of one length, str or bytes ids
    and finite values (a file read by
    :func:`~rankmeasures.trec.trec_files.read_run`, say), else None: every other input
    takes the dict path, which also words every error."""
    if not isinstance(obj, Mapping) or is_nested(obj):
        return None
    try:
        q, d, v = obj["query_id"], obj["doc_id"], obj[value]
    except (KeyError, TypeError, IndexError):
        return None
    if not all(isinstance(a, np.ndarray) and a.ndim == 1 for a in (q, d, v)):
        return None
    if q.dtype.kind not in "US" or d.dtype.kind not in "US" or v.dtype.kind not in "fiu":
        return None
    if not q.size == d.size == v.size:
        return None
    v = v.astype(np.float64, copy=False)
    if v.size and not all_finite(v):
        return None
    return q, d, v


def _as_str(col: np.ndarray) -> np.ndarray:
    """A bytes column as str (UTF-8; UnicodeDecodeError if it is not), a str one as is."""
    return np.char.decode(col, "utf-8") if col.dtype.kind == "S" else col


def _texts(ids: np.ndarray) -> list:
    """A column of ids as a list of str (bytes read as UTF-8)."""
    return _as_str(ids).tolist()


def _query_runs(q: np.ndarray) -> tuple[list, np.ndarray, np.ndarray] | None:
    """A query column in runs of equal ids (each id in one run): the ids, the runs'
    starts and lengths; None when an id comes back after another."""
    starts = np.flatnonzero(group_starts(q))
    heads = _texts(q[starts])
    if len(set(heads)) < len(heads):
        return None
    return heads, starts, np.diff(np.append(starts, q.size))


def _grouped_rows(q: np.ndarray, runs, rank: dict) -> tuple[np.ndarray, np.ndarray]:
    """The rows of the queries in ``rank`` (id -> place), grouped by place (stable), and
    the number of rows of each place; ``runs``: :func:`_query_runs` of ``q``."""
    if runs is None:  # ids interleaved: factorise them
        uniq, inv = np.unique(q, return_inverse=True)
        heads = _texts(uniq)
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
    UCS-4 code, or of its bytes for bytes columns (all of one kind; the last word
    overlapping the one before it); the columns are padded to one width, so one string
    hashes alike in all."""
    if columns[0].dtype.kind == "S":
        w = max(8, *(c.dtype.itemsize for c in columns))
        dtype, size = f"S{w}", w
    else:
        w = max(c.dtype.itemsize for c in columns) // 4
        dtype, size = f"<U{w}", 4 * w
    out = []
    for c in columns:
        c = np.ascontiguousarray(c.astype(dtype, copy=False))
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


def _repeats_within(hashes: np.ndarray, sizes: np.ndarray) -> bool:
    """Whether a hash repeats within one query (queries contiguous, of ``sizes``): each
    query's hashes sorted in a row of a 2-d array, padded with the largest uint64 where
    queries differ in length (a query's row fits in cache: 4x faster than one sort of
    the 10^6 hashes of (i)'s run, keyed by query); one flat sort when padding would
    double the work."""
    nq, n = sizes.size, hashes.size
    width = int(sizes.max()) if nq else 0
    if n < 2:
        return False
    if nq * width > 2 * n:
        flat = np.sort(hashes * np.uint64(0x9E3779B97F4A7C15)
                       + query_index(sizes).astype(np.uint64))
        return bool(np.any(flat[1:] == flat[:-1]))
    if nq * width == n:  # every query of one length
        rows = hashes.reshape(nq, width).copy()
    else:
        rows = np.full((nq, width), np.iinfo(np.uint64).max, np.uint64)
        rows[query_index(sizes), positions_within(sizes)] = hashes
    rows.sort(axis=1)
    same = rows[:, 1:] == rows[:, :-1]
    if nq * width != n:  # a padding slot is no repeat (a query's own values come first)
        same &= np.arange(1, width) < sizes[:, None]
    return bool(same.any())


def _array_gathered(qrels, run, queries: str) -> _Flat | None:
    """:func:`gather_inputs` for tables of numpy str columns, with no Python object per row:
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
    try:
        if qd.dtype.kind != rd.dtype.kind:  # bytes and str: both as str
            qd, rd = _as_str(qd), _as_str(rd)
        if qq.dtype.kind != rq.dtype.kind:
            qq, rq = _as_str(qq), _as_str(rq)
        qruns, rruns = _query_runs(qq), _query_runs(rq)
        judged = set(qruns[0] if qruns is not None else _texts(np.unique(qq)))
        ran = set(rruns[0] if rruns is not None else _texts(np.unique(rq)))
    except UnicodeDecodeError:
        return None  # the dict path names the id
    if query_refusal(judged, ran, queries, len(judged), len(ran)) is not None:
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
    sorted_q = kq[by_key]
    if np.any(sorted_q[1:] == sorted_q[:-1]) or _repeats_within(hr, sizes):
        return None  # a pair listed twice (or a collision): the dict path says which
    # the run's pairs the qrels hold (_members: a hash filter, then an exact search)
    jpos = np.full(m, -1, np.int64)
    if m and kr.size:
        run_at, at = _members(kr, sorted_q)
        judged_at = by_key[at]
        if not np.array_equal(qd[jrows[judged_at]], rd[rrows[run_at]]):
            return None  # two documents of one hash: exact lookups instead
        jpos[judged_at] = run_at
    kept = set(ids)
    return _Flat(ids, sizes, rv[rrows], rd, rrows, jsizes, qv[jrows], qd, jrows, jpos,
                 (len(judged - kept), len(ran - kept)))


def ranked_join(qrels: Any, run: Any, *, queries: str) -> Judged:
    """:func:`join` in trec_eval's order: the same checks and queries, each query's
    retrieved documents ranked by score (float32) descending, then document id descending
    (``doc_ids`` is None: the order is the arrays' own).

    Tables of numpy str columns (a file's, :func:`~rankmeasures.trec.trec_files.read_run`)
    are joined on hashed (query, document) pairs, with no Python object per row
    (:func:`_array_gathered`); other inputs through one dict of documents per query
    (:func:`gather_inputs`). When few of the retrieved documents are judged (judged per
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
    ids, runs, judgments, sizes, scores, jscore, left = gather_inputs(qrels, run, queries, sparse)
    if not sparse:  # most documents judged: order them all
        j = replace(judged_from(ids, runs, judgments, sizes, scores, doc_ids=False),
                    left_out=left)
        return _all_ordered(j, list(chain.from_iterable(runs)))
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
    """:func:`judged_from`'s result from :func:`_array_gathered`'s."""
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


def _all_ordered(j: Judged, doc_ids=None) -> Judged:
    """``j`` with every query's documents in trec_eval's order (:func:`_trec_eval_order`;
    ``doc_ids`` the documents' ids, by default ``j.doc_ids``) and its scores as trec_eval
    stores them (float32)."""
    compared = as_float32(j.scores)
    order = _trec_eval_order(j.offsets, compared, j.doc_ids if doc_ids is None else doc_ids)
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
        groups = np.sort(jkey[tied])  # distinct (np.unique would load numpy.ma)
        groups = groups[np.append(True, groups[1:] != groups[:-1])]
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
