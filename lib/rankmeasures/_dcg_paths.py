"""The fast paths of DCG and IDCG: the same values as :mod:`rankmeasures.dcg`'s definition,
computed by row-wise numpy passes or, from :data:`rankmeasures._kernels.jit.DCG_FROM` items
on, by the compiled kernels of :mod:`rankmeasures._kernels.dcg_numba` (tests hold every
path to the definition and to scikit-learn).

Equal-length rows are the fast case: sorted row by row, tie groups averaged in one pass,
long rows with few distinct gains merged by gain, top-k rows kept in a small buffer.
Ragged queries go through one flat sort.
"""

from __future__ import annotations

import numpy as np

from ._kernels import jit as _jit
from ._ragged import group_ids, is_rectangular, score_order

__all__: list[str] = []  # private: called by rankmeasures.dcg


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
    flat_s = s.ravel()
    start = np.empty(q * m, dtype=bool)
    start[0] = True
    np.not_equal(flat_s[1:], flat_s[:-1], out=start[1:])
    start[::m] = True  # every row starts a group
    b = np.flatnonzero(start)
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


_MOST_LEVELS = 16  # a long row is merged by gain when at most this many gains occur
# the compiled top-k pass up to this k: each replacement in its buffer rescans the k
# entries, so its cost grows as k^2 and a longer cut-off is cheaper to sort (measured:
# k = 1000 of 10^4 items takes 5x the sort)
_TOPK_MOST = 128


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


def _dcg_kernel(gains, scores, offsets, w, ties) -> np.ndarray:
    """Per-query DCG of flat ``gains``/``scores`` partitioned by ``offsets``; ``w`` from
    :func:`~rankmeasures._ragged.slot_weights`."""
    q = offsets.size - 1
    n_items = offsets[-1]
    if is_rectangular(offsets):
        return _dcg_rectangular(gains, scores, offsets, w, ties)
    order = score_order(scores, gains, offsets, ties)
    gs = gains[order]
    gid = group_ids(offsets)
    if ties == "average":
        ss = scores[order]
        start = np.empty(n_items, dtype=bool)
        start[0] = True
        np.not_equal(ss[1:], ss[:-1], out=start[1:])
        start[offsets[:-1]] = True
        b = np.flatnonzero(start)
        if b.size < n_items:  # some ties: average the discount over each tie group
            size = np.diff(np.append(b, n_items))
            contrib = np.add.reduceat(gs, b) * np.add.reduceat(w, b) / size
            return np.bincount(gid[b], weights=contrib, minlength=q)
    return np.bincount(gid, weights=gs * w, minlength=q)


_COUNTED_LEVELS = 4096  # integer gains below this are counted, not sorted, when compiled


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


def _idcg_kernel(gains, offsets, w, k) -> np.ndarray:
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
    gid = group_ids(offsets)
    g = gains[np.lexsort((-gains, gid))]
    return np.bincount(gid, weights=g * w, minlength=q)


def _ndcg_parts(gains, scores, offsets, w, k, ties) -> tuple[np.ndarray, np.ndarray]:
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
    return _dcg_kernel(gains, scores, offsets, w, ties), _idcg_kernel(gains, offsets, w, k)
