"""Compiled DCG/IDCG passes over equal-length rows (imports numba: load through
:mod:`rankmeasures._kernels.jit`).

Rows are independent, so the kernels over (Q, m) rows run them in parallel
(``numba.prange``, as ranx evaluates its queries); a row's value does not depend on the
number of threads. ``level_buckets`` and ``merge_levels`` take one long row each, numpy
sorting the parts between them (:func:`rankmeasures._dcg_paths._dcg_by_gain`).
Tie averaging is McSherry & Najork's (2008): a tie group over positions i+1..j contributes
``(sum of its gains) (w_i + ... + w_{j-1}) / (j - i)``.
"""

from __future__ import annotations

import numba
import numpy as np

__all__ = ["topk_rows", "sorted_rows", "ideal_rows", "level_buckets", "merge_levels"]


@numba.njit(cache=True, nogil=True, boundscheck=False)
def _ideal_from_counts(counts, w, width):  # pragma: no cover - compiled
    """IDCG from the number of items of each integer gain: the gains in decreasing order
    against ``w`` (level 0 adds nothing). ``w`` is zero from position ``width`` on; the
    sums stop there (adding the zeros would not change a bit, only take time)."""
    total = 0.0
    pos = 0
    for lv in range(counts.size - 1, 0, -1):
        if pos >= width:
            break
        c = counts[lv]
        if c:
            wsum = 0.0
            for r in range(pos, min(pos + c, width)):
                wsum += w[r]
            total += lv * wsum
            pos += c
    return total


_VECTOR_LEVELS = 8  # up to this many gains, each is counted in its own SIMD pass
_BLOCKS = 256  # row blocks of the parallel loops (enough to balance the threads)


@numba.njit(cache=True, nogil=True, boundscheck=False)
def _count_gains(gr, counts):  # pragma: no cover - compiled
    """Fill ``counts[v]`` with the number of items of gain v (v < counts.size); return how
    many items have any other gain (0: every gain is such an integer). Few gains: one
    vectorised pass each; more: one pass, a gain outside clamped and counted as wrong."""
    levels = counts.size
    m = gr.size
    if levels <= _VECTOR_LEVELS:
        seen = 0
        for lv in range(levels):
            flv = np.float64(lv)
            cnt = 0
            for i in range(m):
                cnt += gr[i] == flv
            counts[lv] = cnt
            seen += cnt
        return m - seen
    counts[:] = 0
    top = np.float64(levels - 1)
    bad = 0
    for i in range(m):
        c = np.int64(min(max(gr[i], 0.0), top))
        bad += c != gr[i]
        counts[c] += 1
    return bad


@numba.njit(cache=True, nogil=True, boundscheck=False)
def _smallest(bv, k):  # pragma: no cover - compiled
    """(value, slot) of the smallest of the k scores ``bv`` (a loop of fixed length, its
    selects free of branches)."""
    low = bv[0]
    at = 0
    for j in range(1, k):
        b = bv[j]
        lt = b < low
        low = b if lt else low
        at = j if lt else at
    return low, at


_FUSED_LEVELS = 64  # integer gains below this are counted for the IDCG in the top-k pass
_SIGN = np.uint64(1) << np.uint64(63)
_EXPONENT = np.uint64(0x7FF) << np.uint64(52)  # all ones: infinity or NaN


#: :func:`topk_rows`'s ``limits`` and ``beyond`` for float64 gains (for a non-negative
#: double, bits order as values) and for int64 gains.
FLOAT_LIMITS = (np.arange(1, _FUSED_LEVELS + 1).astype(np.float64).view(np.uint64), _SIGN)
INT_LIMITS = (np.arange(1, _FUSED_LEVELS + 1).astype(np.uint64), np.uint64(2**53))


@numba.njit(cache=True, nogil=True, boundscheck=False, parallel=True)
def topk_rows(g, s, w, k, ideal_too, limits, beyond):  # pragma: no cover - compiled
    """Tie-averaged DCG@k of every row of ``g``/``s`` (shape (Q, m), 1 <= k <= m), with
    ``ideal_too`` the IDCG of every row whose gains are integers below 64 (NaN for the
    other rows, and for all rows without it), and a status per row: 0, or 1 when the row
    has a non-finite score, 2 when (with ``ideal_too``) a gain's bits exceed ``beyond``;
    its values are then NaN and the caller raises. Scores and gains are checked here, in
    passes over the rows' bits that vectorise, instead of in whole-array passes before.

    ``g`` is float64 or int64 (integer labels need no conversion); ``limits`` holds the
    bits of 1, 2, ..., 64 in ``g``'s type, and ``beyond`` the largest bits a valid gain
    has: the sign bit for float64 (any negative gain's bits are larger; ``-0.0``'s equal
    it and leave its row to sorting), 2^53 for int64 (negative integers and those
    float64 cannot hold are larger). See :data:`FLOAT_LIMITS`, :data:`INT_LIMITS`.

    Per row: the row is cut into k chunks; each chunk's largest score is an item, so the
    k-th largest score v_k is at least T, the smallest of those k maxima, and only items
    scoring T or more can matter. One branch-free pass lists them (about a quarter of a
    row of random scores for k = m / 10); a buffer of k of them, the largest seen so far,
    follows, its smallest entry tracked (an item above it replaces it). Its smallest entry
    at the end is v_k. The items above v_k (at most k - 1, sorted by score and then by
    position) fill positions 1..a with the ties among them averaged; the t items tied at
    v_k -- all listed, since v_k >= T -- share positions a+1..a+t, each with the mean
    discount of that range (zero beyond k). ``w`` holds D(1..m) with zeros from k on.
    """
    q, m = g.shape
    gbits = g.view(np.uint64)
    sbits = s.view(np.uint64)
    dcg = np.empty(q)
    ideal = np.full(q, np.nan)
    status = np.zeros(q, np.int8)
    size = m // k
    blocks = min(q, _BLOCKS)
    # rows in blocks, each with its own scratch space: no allocation per row, and memory
    # that does not grow with the number of queries
    for blk in numba.prange(blocks):
        cand = np.empty(m, np.int32)
        cval = np.empty(m)  # the candidates' scores, read without going through cand
        bi = np.empty(k, np.int32)
        bv = np.empty(k)  # the buffer's scores
        counts = np.empty(_FUSED_LEVELS, np.int64)
        for row in range(blk * q // blocks, (blk + 1) * q // blocks):
            sr = s[row]
            gr = g[row]
            ex = np.uint64(0)
            for i in range(m):
                ex = max(ex, sbits[row, i] & _EXPONENT)
            hi = np.uint64(0)  # the largest bits: a negative gain's exceed the sign bit
            if ideal_too:
                for i in range(m):
                    hi = max(hi, gbits[row, i])
            if ex == _EXPONENT or hi > beyond:
                status[row] = 1 if ex == _EXPONENT else 2
                dcg[row] = np.nan
                continue
            # gains counted up to the row's largest (hi == _SIGN: a -0.0, left to sorting)
            levels = 0
            if ideal_too and hi < _SIGN:
                while levels < _FUSED_LEVELS and hi >= limits[levels]:
                    levels += 1
                levels = levels + 1 if levels < _FUSED_LEVELS else 0
            thr = np.inf
            for c in range(k):
                mx = sr[c * size]
                for i in range(c * size + 1, (c + 1) * size):
                    v = sr[i]
                    mx = v if v > mx else mx
                thr = mx if mx < thr else thr
            nc = 0
            for i in range(m):  # branch-free: write always, advance when the item counts
                cand[nc] = i
                cval[nc] = sr[i]
                nc += sr[i] >= thr
            bad = _count_gains(gr, counts[:levels]) if levels else 0
            for j in range(k):
                bi[j] = cand[j]
                bv[j] = cval[j]
            low, at = _smallest(bv, k)
            for c in range(k, nc):
                v = cval[c]
                if v > low:
                    bi[at] = cand[c]
                    bv[at] = v
                    low, at = _smallest(bv, k)
            vk = low
            t = 0
            gtie = 0.0
            for c in range(nc):  # in position order, as a pass over the whole row would add
                eq = cval[c] == vk
                t += eq
                gtie += gr[cand[c]] if eq else 0.0
            if levels and bad == 0:
                ideal[row] = _ideal_from_counts(counts[:levels], w, k)
            # the buffer by decreasing score, then increasing position (insertion sort, k items)
            for j in range(1, k):
                iv = bi[j]
                v = bv[j]
                h = j
                while h > 0 and (bv[h - 1] < v or (bv[h - 1] == v and bi[h - 1] > iv)):
                    bi[h] = bi[h - 1]
                    bv[h] = bv[h - 1]
                    h -= 1
                bi[h] = iv
                bv[h] = v
            a = 0
            while a < k and bv[a] > vk:
                a += 1
            total = 0.0
            i = 0
            while i < a:
                j = i + 1
                while j < a and bv[j] == bv[i]:
                    j += 1
                gsum = 0.0
                wsum = 0.0
                for r in range(i, j):
                    gsum += gr[bi[r]]
                    wsum += w[r]
                total += gsum * wsum / (j - i)
                i = j
            wsum = 0.0
            for r in range(a, min(a + t, m)):
                wsum += w[r]
            dcg[row] = total + gtie * wsum / t
    return dcg, ideal, status


@numba.njit(cache=True, nogil=True, boundscheck=False, parallel=True)
def sorted_rows(g, s, order, w):  # pragma: no cover - compiled
    """Tie-averaged DCG of every row, ``order`` its ascending argsort (shape (Q, m));
    ``w`` holds D(1..m), zero beyond a cut-off."""
    q, m = g.shape
    out = np.empty(q)
    for row in numba.prange(q):
        sr = s[row]
        gr = g[row]
        od = order[row]
        total = 0.0
        i = 0  # position (0-based) in decreasing-score order; item od[m - 1 - i]
        while i < m:
            v = sr[od[m - 1 - i]]
            gsum = gr[od[m - 1 - i]]
            wsum = w[i]
            j = i + 1
            while j < m and sr[od[m - 1 - j]] == v:
                gsum += gr[od[m - 1 - j]]
                wsum += w[j]
                j += 1
            if j - i == 1:
                total += gsum * wsum
            else:
                total += gsum * wsum / (j - i)
            i = j
        out[row] = total
    return out


@numba.njit(cache=True, nogil=True, boundscheck=False, parallel=True)
def ideal_rows(g, w, levels):  # pragma: no cover - compiled
    """IDCG of every row whose gains are integers in ``[0, levels)``: the gains in
    decreasing order against ``w``, by counting (O(m + levels), no sort). NaN for any other
    row (the caller sorts those).
    """
    q, m = g.shape
    out = np.empty(q)
    for row in numba.prange(q):
        counts = np.empty(levels, np.int64)
        bad = _count_gains(g[row], counts)
        out[row] = _ideal_from_counts(counts, w, w.size) if bad == 0 else np.nan
    return out


@numba.njit(cache=True, nogil=True, boundscheck=False)
def level_buckets(g, s, levels, most):  # pragma: no cover - compiled
    """The scores of one row grouped by gain, when every gain is an integer in
    ``[0, levels)`` and at most ``most`` distinct gains occur: ``(buf, starts, values,
    True)``, bucket b holding ``buf[starts[b]:starts[b + 1]]``, the scores of the items of
    gain ``values[b]`` (gains that do not occur left out, buckets by increasing gain).
    ``(..., False)`` for any other row.
    """
    n = g.size
    fill = np.empty(levels, np.int64)
    ok = _count_gains(g, fill) == 0
    used = 0
    for lv in range(levels):
        used += fill[lv] > 0
    if not ok or used > most:
        return np.empty(0), np.zeros(1, np.int64), np.empty(0), False
    starts = np.zeros(used + 1, np.int64)
    values = np.empty(used)
    b = 0
    for lv in range(levels):
        if fill[lv]:
            values[b] = lv
            starts[b + 1] = starts[b] + fill[lv]
            fill[lv] = starts[b]
            b += 1
    buf = np.empty(n)
    for i in range(n):
        c = np.int64(g[i])
        buf[fill[c]] = s[i]
        fill[c] += 1
    return buf, starts, values, True


@numba.njit(cache=True, nogil=True, boundscheck=False)
def merge_levels(buf, starts, values, w):  # pragma: no cover - compiled
    """Tie-averaged DCG of one row from :func:`level_buckets` with every bucket sorted
    ascending: a merge of the buckets from their largest scores down.

    Each step takes the largest remaining score v, the items scoring v in every bucket
    (a run at the bucket's top) form one tie group of t items at positions pos+1..pos+t,
    contributing ``(sum of their gains) (w_pos + ... + w_{pos+t-1}) / t``: the same terms,
    in the same order, as :func:`sorted_rows` (so bitwise the same value) without an
    argsort of the row. O(n b) for b buckets.
    """
    nb = values.size
    head = starts[1:] - 1  # the largest not yet merged item of each bucket
    total = 0.0
    pos = 0
    while True:
        found = False
        v = 0.0
        for b in range(nb):
            if head[b] >= starts[b] and (not found or buf[head[b]] > v):
                v = buf[head[b]]
                found = True
        if not found:
            break
        t = 0
        gsum = 0.0
        for b in range(nb):
            h = head[b]
            while h >= starts[b] and buf[h] == v:
                h -= 1
            c = head[b] - h
            t += c
            gsum += values[b] * c
            head[b] = h
        wsum = 0.0
        for r in range(pos, pos + t):
            wsum += w[r]
        total += gsum * wsum if t == 1 else gsum * wsum / t
        pos += t
    return total
