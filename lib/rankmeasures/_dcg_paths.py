"""The fast paths of DCG and IDCG: the same values as :mod:`rankmeasures.dcg`'s definition,
computed by row-wise numpy passes or, from :data:`rankmeasures._kernels.jit.DCG_FROM` items
on, by the compiled kernels of :mod:`rankmeasures._kernels.dcg_numba` (tests hold every
path to the definition and to scikit-learn).

Equal-length rows are the fast case: sorted row by row, tie groups averaged in one pass,
long rows with few distinct gains merged by gain, top-k rows kept in a small buffer.
Ragged queries go through one flat sort, the simplest route, which every input could take.

The routing table. Every route sums the same NDCG (DCG and IDCG together); each is kept
only where a row of ``make bench`` case (m) (``benchmarks/run.py --dcg-routes``) shows it
at least 1.5x faster than the simplest route, the flat lexsort, with the others switched
off: the simplest route's time over the route's, timed in turn on 2 shared cores, in the
two runs of the last round and in this round's run (load average 8 on 2 cores):

route (function)              taken for                       bench row (m)          earlier   now
----------------------------  ------------------------------  ---------------------  --------  ---
top-k buffer, checks in pass  rows, 4k<=m, k<=128, >=F items  NDCG@10 10^4x100       7.8-8.0   14.8
  (ndcg_checked_in_pass)
top-k buffer, checks apart    same, other gain or offsets       checks apart         4.2-5.4   12.1
  (ndcg_parts)
numpy partial top-k           rows, 4k<=m, no kernels           kernels off          2.3-2.4   6.2
  (_dcg_topk_average)
merge by gain (_dcg_by_gain)  rows m>=F, <=16 gain levels     NDCG 1x10^6            2.8-3.1   3.8
compiled sorted rows          other rows, >=F items           NDCG 10^3x10^3         2.4-2.9   5.3
                                                                1x10^6, by-gain off  1.25-1.34 1.52
numpy tie-averaged rows       rows, <F items or no kernels    NDCG 100x100           1.83      3.96
  (_tie_averaged_rows)                                          10^3x10^3 no kernels 1.2-1.3   2.00
numpy sorted rows, row sums   rows, other tie policies        NDCG@10 10^4x100,      --        6.2
                                                                ties='stable'
flat lexsort (the simplest)   ragged queries                  every row's base       1         1
----------------------------  ------------------------------  ---------------------  --------  ---

F is DCG_FROM (the kernels' threshold); "rows": equal-length queries; "earlier": the
two runs of the last round.

One measured ratio stays under 1.5x where its route is taken: numpy's tie-averaged rows
for one row of 10^6 items without numba (0.9-1.0 earlier, 1.06 in this run; with numba
installed, as the lock pins it, the kernels take that input). The route is kept: it is
the route of small inputs, and sending long rows to the flat lexsort would add a branch
to save nothing.

Two pieces of machinery sit beside the paths:

* :func:`ndcg_checked_in_pass`, the compiled top-k pass that also checks the input as it
  goes (the usual checks raise the error when it finds one);
* :func:`exact_near_ideal`, the one mechanism that keeps NDCG <= 1 where it must be: it
  recomputes in one canonical summation order the queries whose NDCG is within 1e-9 of 1,
  so that an ideal ranking gives exactly 1 whichever path summed it, and sets to IDCG a
  DCG still above it by the rounding of a tie group's mean gain (every NDCG route of
  :mod:`rankmeasures.dcg` ends in it; nothing else clamps).
"""

from __future__ import annotations

import numpy as np

from ._kernels import jit as _jit
from ._ragged import group_starts, is_rectangular, query_index, score_order, slot_weights, subset
from ._validation import as_float_array

__all__ = ["dcg_kernel", "idcg_kernel", "ndcg_parts", "ndcg_checked_in_pass",
           "exact_near_ideal"]  # private module: called by rankmeasures.dcg

#: integer gains below this are counted, not sorted, on the compiled path
_COUNTED_LEVELS = 4096
#: a long row is merged by gain when at most this many gains occur in it
_MOST_LEVELS = 16
#: the compiled top-k pass up to this k: each replacement in its buffer rescans the k
#: entries, so its cost grows as k^2 and a longer cut-off is cheaper to sort
_TOPK_MOST = 128


def _compiled(n_items: int):
    """The compiled DCG kernels when numba is installed and the input is large enough
    (a small input never imports numba), else None."""
    return _jit.load("dcg_numba") if n_items >= _jit.DCG_FROM else None


def _tie_averaged_rows(g: np.ndarray, s: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Row sums of the tie-averaged DCG for rows already sorted by decreasing score.

    Each tie group [a, b) of a row contributes ``(sum of its gains) (sum of w over [a, b))
    / (b - a)`` (McSherry & Najork 2008): two ``reduceat`` passes over the flat slots and
    arithmetic on the groups only.
    """
    q, m = g.shape
    b = np.flatnonzero(group_starts(s.ravel(), np.arange(0, q * m + 1, m)))  # rows apart
    if b.size == q * m:  # no ties at all
        return (g * w).sum(axis=1)
    size = np.diff(np.append(b, q * m))
    gsum = np.add.reduceat(g.ravel(), b)
    wsum = np.add.reduceat(np.broadcast_to(w, (q, m)).ravel(), b)
    contrib = gsum * wsum / size
    return np.add.reduceat(contrib, np.searchsorted(b, np.arange(0, q * m, m)))


def _dcg_topk_average(g: np.ndarray, s: np.ndarray, w: np.ndarray, k: int) -> np.ndarray:
    """Tie-averaged DCG@k of (Q, m) rows in O(Q m) without sorting the rows.

    ``argpartition`` finds the k-th largest score v_k of each row. The items scoring above
    v_k fill positions 1..a (sorted among themselves, k at most); the t items tied at v_k
    fill positions a+1..a+t, each with the mean discount of that range (zero beyond k), so
    they contribute ``(sum of their gains) (P[a+t] - P[a]) / t``.
    """
    q, m = g.shape
    part = np.argpartition(-s, k - 1, axis=1)[:, :k]
    sk = np.take_along_axis(s, part, axis=1)
    gk = np.take_along_axis(g, part, axis=1)
    vk = sk.min(axis=1)
    above = sk > vk[:, None]
    a = above.sum(axis=1)
    at_vk = s == vk[:, None]
    t = at_vk.sum(axis=1)
    gtie = np.where(at_vk, g, 0.0).sum(axis=1)
    # the items above v_k, sorted, ties among them averaged; the rest of the k candidates
    # (tied at v_k) are pushed to the end with gain 0 and counted by the straddling term
    sk = np.where(above, sk, -np.inf)
    gk = np.where(above, gk, 0.0)
    order = np.argsort(sk, axis=1)[:, ::-1]
    top = _tie_averaged_rows(np.take_along_axis(gk, order, axis=1),
                             np.take_along_axis(sk, order, axis=1), w[:k])
    prefix = np.concatenate([[0.0], np.cumsum(w)])
    return top + gtie * (prefix[np.minimum(a + t, m)] - prefix[a]) / t


def _dcg_by_gain(kernel, g: np.ndarray, s: np.ndarray, w: np.ndarray) -> np.ndarray | None:
    """Tie-averaged DCG of long (Q, m) rows whose gains are small integers, without an
    argsort: each row's scores are split by gain (one counting pass), each part sorted by
    numpy's ``sort`` (a vectorised sort of the values, several times faster than
    ``argsort``, which reads its keys through the permutation), and the parts merged from
    the top, tie groups formed across them (:func:`rankmeasures._kernels.dcg_numba.merge_levels`).
    None when some row has another gain or more than ``_MOST_LEVELS`` distinct gains.
    """
    top = g.max()
    if not top < _COUNTED_LEVELS:
        return None
    out = np.empty(g.shape[0])
    for row in range(g.shape[0]):
        buf, starts, values, ok = kernel.level_buckets(g[row], s[row], int(top) + 1,
                                                       _MOST_LEVELS)
        if not ok:
            return None
        for b in range(values.size):
            buf[starts[b]:starts[b + 1]].sort()
        out[row] = kernel.merge_levels(buf, starts, values, w)
    return out


def _buffered(width: int, m: int) -> bool:
    """Whether a cut-off of ``width`` in rows of m items takes the compiled top-k pass."""
    return 0 < 4 * width <= m and width <= _TOPK_MOST


def _width(w: np.ndarray) -> int:
    """1 + the last position with a non-zero weight (0 when every weight is 0)."""
    if w[-1] != 0:  # the common case, without a pass over w
        return w.size
    nz = np.flatnonzero(w)
    return int(nz[-1]) + 1 if nz.size else 0


def _dcg_rectangular(gains, scores, offsets, w, ties) -> np.ndarray:
    """The kernel for Q queries of equal length m, row-wise on (Q, m) arrays."""
    q = offsets.size - 1
    m = int(offsets[1])
    width = _width(w)
    if width == 0:
        return np.zeros(q)
    kernel = _compiled(q * m) if ties == "average" else None
    if ties == "average" and 4 * width <= m:  # a short top-k: partition, do not sort
        if kernel is None:
            return _dcg_topk_average(gains.reshape(q, m), scores.reshape(q, m), w, width)
        if _buffered(width, m):
            return kernel.topk_rows(gains.reshape(q, m), scores.reshape(q, m), w, width, False,
                                    *kernel.FLOAT_LIMITS)[0]
    if kernel is not None and m > 1:
        g2, s2 = gains.reshape(q, m), scores.reshape(q, m)
        if m >= _jit.DCG_FROM:
            vals = _dcg_by_gain(kernel, g2, s2, w)
            if vals is not None:
                return vals
        return kernel.sorted_rows(g2, s2, np.argsort(s2, axis=1), w)
    # np.take with flat indices: several times faster than take_along_axis
    g = np.take(gains, score_order(scores, gains, offsets, ties)).reshape(q, m)
    if ties == "average" and m > 1:
        # the sorted scores themselves (ties are equal values, whatever their order)
        s = np.sort(scores.reshape(q, m), axis=1)[:, ::-1]
        return _tie_averaged_rows(g, s, w)
    return (g[:, :width] * w[:width]).sum(axis=1)


def dcg_kernel(gains, scores, offsets, w, ties) -> np.ndarray:
    """Per-query DCG of flat ``gains``/``scores`` partitioned by ``offsets``; ``w`` from
    :func:`~rankmeasures._ragged.slot_weights`."""
    q = offsets.size - 1
    n_items = offsets[-1]
    if is_rectangular(offsets):
        return _dcg_rectangular(gains, scores, offsets, w, ties)
    order = score_order(scores, gains, offsets, ties)
    gs = gains[order]
    gid = query_index(np.diff(offsets))
    if ties == "average":
        b = np.flatnonzero(group_starts(scores[order], offsets))
        if b.size < n_items:  # some ties: average the discount over each tie group
            size = np.diff(np.append(b, n_items))
            contrib = np.add.reduceat(gs, b) * np.add.reduceat(w, b) / size
            return np.bincount(gid[b], weights=contrib, minlength=q)
    return np.bincount(gid, weights=gs * w, minlength=q)


def _idcg_sorted_rows(g: np.ndarray, w: np.ndarray, k) -> np.ndarray:
    """IDCG of (Q, m) rows by numpy: partition to the k largest gains, sort, weight."""
    neg = -g
    if k is not None and k < g.shape[1]:  # only the k largest gains of each row count
        neg = np.partition(neg, k - 1, axis=1)[:, :k]
    srt = np.sort(neg, axis=1)
    return -(srt * w[: srt.shape[1]]).sum(axis=1)


def _sort_uncounted(vals: np.ndarray, g: np.ndarray, w: np.ndarray, k) -> np.ndarray:
    """Fill the NaN entries of a counted IDCG (rows with a gain that is not a small
    integer) by sorting those rows."""
    rest = np.flatnonzero(np.isnan(vals))
    if rest.size:
        vals[rest] = _idcg_sorted_rows(g[rest], w, k)
    return vals


def idcg_kernel(gains, offsets, w, k) -> np.ndarray:
    """Per-query IDCG: gains sorted decreasingly within each query; ``w`` from
    :func:`~rankmeasures._ragged.slot_weights` with the same ``k``."""
    q = offsets.size - 1
    if is_rectangular(offsets):
        m = int(offsets[1])
        g = gains.reshape(q, m)
        kernel = _compiled(q * m)
        top = gains.max() if gains.size else 0.0
        if kernel is not None and top < _COUNTED_LEVELS:
            return _sort_uncounted(kernel.ideal_rows(g, w, int(top) + 1), g, w, k)
        return _idcg_sorted_rows(g, w, k)
    gid = query_index(np.diff(offsets))
    g = gains[np.lexsort((-gains, gid))]
    return np.bincount(gid, weights=g * w, minlength=q)


def ndcg_parts(gains, scores, offsets, w, k, ties) -> tuple[np.ndarray, np.ndarray]:
    """Per-query DCG and IDCG (same gains, same weights; both validated).

    For a short top-k of equal-length rows on the compiled path, the top-k pass also
    counts the gains of each row and the IDCG follows from the counts
    (:func:`rankmeasures._kernels.dcg_numba.topk_rows`; the same sums as ``ideal_rows``): one
    pass over the gains instead of two. Rows with other gains get the sorted IDCG.
    """
    if ties == "average" and is_rectangular(offsets):
        q = offsets.size - 1
        m = int(offsets[1])
        kernel = _compiled(q * m)
        width = _width(w)
        if kernel is not None and _buffered(width, m):
            g2 = gains.reshape(q, m)
            num, den, _ = kernel.topk_rows(g2, scores.reshape(q, m), w, width, True,
                                           *kernel.FLOAT_LIMITS)
            return num, _sort_uncounted(den, g2, w, k)
    return dcg_kernel(gains, scores, offsets, w, ties), idcg_kernel(gains, offsets, w, k)


def ndcg_checked_in_pass(y_true, y_score, k, d, ties) -> tuple[
        tuple[np.ndarray, np.ndarray] | None, np.ndarray | None]:
    """``((DCG, IDCG), w)`` of 2-d input by the compiled top-k pass, which also checks the
    scores' finiteness and the gains' signs (and int64 labels' range; it counts the gains)
    as it goes, instead of whole-array passes and a conversion before it; ``(None, w)``
    when that pass does not apply, or when a check failed: the caller's usual path then
    raises the error, by the usual checks in their usual order (nothing was computed but
    the weights ``w`` of :func:`~rankmeasures._ragged.slot_weights`, or None). One order
    differs: a y_score that is not numeric at all is reported before an int64 label beyond
    2^53.
    """
    yt_arr, ys_arr = np.asarray(y_true), np.asarray(y_score)
    if ties != "average" or yt_arr.ndim != 2 or ys_arr.shape != yt_arr.shape:
        return None, None
    q, m = yt_arr.shape
    kernel = _compiled(q * m)
    if kernel is None:
        return None, None
    off = np.arange(0, q * m + 1, m, dtype=np.int64)
    w = slot_weights(d, off, k)
    width = _width(w)
    if not _buffered(width, m):
        return None, w
    if yt_arr.dtype == np.dtype(np.int64):  # integer labels go in as they are
        yt, limits = np.ascontiguousarray(yt_arr), kernel.INT_LIMITS
    else:
        yt, limits = as_float_array("y_true", yt_arr, ndim=2), kernel.FLOAT_LIMITS
    ys = as_float_array("y_score", ys_arr, ndim=2, finite=False)
    yt, ys = np.ascontiguousarray(yt), np.ascontiguousarray(ys)
    num, den, status = kernel.topk_rows(yt, ys, w, width, True, *limits)
    if np.any(status):  # a bad score or label: the usual path's checks raise
        return None, w
    den = _sort_uncounted(den, yt, w, k)
    return exact_near_ideal(num, den, yt.ravel(), ys.ravel(), off, w, ties), w


# -- the canonical summation order of a near-ideal ranking --------------------------------


def _slot_subset(w: np.ndarray, offsets: np.ndarray, sel: np.ndarray) -> np.ndarray:
    """Per-slot weights of the queries ``sel``, from either form of
    :func:`~rankmeasures._ragged.slot_weights`."""
    if is_rectangular(offsets):
        m = int(offsets[1])
        full = np.zeros(m)
        full[: w.size] = w[:m]
        return np.tile(full, sel.size)
    return subset(w, offsets, sel)[0]


def _run_sum(values, starts_mask, w, offsets) -> np.ndarray:
    """``sum over runs of value * (sum of w over the run)``, per query, in slot order.

    ``values`` holds one value per slot (constant within a run); ``starts_mask`` marks the
    first slot of each run, every query's first slot among them. Runs of equal values are
    merged first, so two orderings with the same expected gain at every slot give bitwise
    the same sum.
    """
    n = values.size
    q = offsets.size - 1
    if n == 0:
        return np.zeros(q)
    start = starts_mask & group_starts(values, offsets)  # merge neighbouring equal runs
    b = np.flatnonzero(start)
    contrib = values[b] * np.add.reduceat(w, b)
    return np.bincount(query_index(np.diff(offsets))[b], weights=contrib, minlength=q)


def _canonical_dcg(gains, scores, offsets, w_slots, ties) -> np.ndarray:
    """DCG as a sum over runs of equal expected gain (see :func:`_run_sum`).

    The expected gain of a slot is its gain, or under ``ties="average"`` the mean gain of
    its tie group; a tie group of equal gains keeps that gain exactly (no division).
    """
    n = gains.size
    order = score_order(scores, gains, offsets, ties)
    gs = gains[order]
    start = np.ones(n, dtype=bool)
    if ties == "average" and n:
        start = group_starts(scores[order], offsets)
        b = np.flatnonzero(start)
        size = np.diff(np.append(b, n))
        lo = np.minimum.reduceat(gs, b)
        hi = np.maximum.reduceat(gs, b)
        mean = np.where(lo == hi, lo, np.add.reduceat(gs, b) / size)
        gs = np.repeat(mean, size)
    return _run_sum(gs, start, w_slots, offsets)


def _canonical_idcg(gains, offsets, w_slots) -> np.ndarray:
    """IDCG as a sum over runs of equal gain in the ideal order (see :func:`_run_sum`)."""
    gid = query_index(np.diff(offsets))
    g = gains[np.lexsort((-gains, gid))]
    return _run_sum(g, np.ones(g.size, dtype=bool), w_slots, offsets)


def exact_near_ideal(num, den, gains, scores, offsets, w, ties, pool=None):
    """DCG and IDCG with NDCG <= 1 where it must be: the library's one mechanism for it.

    The fast routes sum DCG and IDCG in different orders, so an ideal ranking can leave
    DCG a few ulps above (or below) IDCG. Two steps, on the queries whose NDCG is within
    1e-9 of 1 only (the others keep their fast values):

    1. DCG and IDCG are recomputed in one canonical order (sums over runs of equal
       expected gain, :func:`_run_sum`): a ranking that is ideal up to ties among equal
       gains then gives DCG == IDCG bitwise, hence NDCG exactly 1 (a loss exactly 0).
    2. What the canonical order cannot make exact is the mean gain of a tie group of
       unequal gains under ``ties="average"``, rounded by its division: where the discount
       is equal over the group (a constant discount, a flat stretch), DCG equals IDCG
       mathematically and may still come out an ulp above (gains 2.4, 2.0, 2.9, 2.8 tied
       under ``D(r) = 1``: 10.100000000000001 against 10.1). A DCG above IDCG by at most
       1e-12 of NDCG is set to IDCG: such an NDCG is 1, not 1.0000000000000002. A DCG
       further above IDCG (a discount that increases) is left as it is.

    ``pool``: the gains, offsets and weights of the ideal ordering when it holds unscored
    items too.
    """
    near = np.flatnonzero((den > 0) & (np.abs(num - den) <= 1e-9 * den))
    if near.size == 0:
        return num, den
    num, den = num.copy(), den.copy()
    g_sub, off_sub = subset(gains, offsets, near)
    s_sub, _ = subset(scores, offsets, near)
    num[near] = _canonical_dcg(g_sub, s_sub, off_sub, _slot_subset(w, offsets, near), ties)
    if pool is None:
        den[near] = _canonical_idcg(g_sub, off_sub, _slot_subset(w, offsets, near))
    else:
        pg, poff, pw = pool
        pg_sub, poff_sub = subset(pg, poff, near)
        den[near] = _canonical_idcg(pg_sub, poff_sub, _slot_subset(pw, poff, near))
    ratio = num[near] / den[near]
    over = near[(ratio > 1.0) & (ratio <= 1.0 + 1e-12)]
    num[over] = den[over]
    return num, den
