"""Compiled DCG/IDCG passes over equal-length rows (imports numba: load through
:mod:`rankmeasures._jit`).

Rows are independent, so every kernel runs its rows in parallel (``numba.prange``, as
ranx evaluates its queries); a row's value does not depend on the number of threads.
Tie averaging is McSherry & Najork's (2008): a tie group over positions i+1..j contributes
``(sum of its gains) (w_i + ... + w_{j-1}) / (j - i)``.
"""

from __future__ import annotations

import numba
import numpy as np

__all__ = ["topk_rows", "sorted_rows", "ideal_rows"]


@numba.njit(cache=True, nogil=True, boundscheck=False)
def _insert(buf_v, buf_g, filled, k, v, gv):  # pragma: no cover - compiled
    """Insert (v, gv) into the descending buffer of the k largest v seen so far; return
    how many it holds."""
    j = filled if filled < k else k - 1
    while j > 0 and buf_v[j - 1] < v:
        buf_v[j] = buf_v[j - 1]
        buf_g[j] = buf_g[j - 1]
        j -= 1
    buf_v[j] = v
    buf_g[j] = gv
    return filled + 1 if filled < k else k


@numba.njit(cache=True, nogil=True, boundscheck=False, parallel=True)
def topk_rows(g, s, w, k):  # pragma: no cover - compiled
    """Tie-averaged DCG@k of every row of ``g``/``s`` (shape (Q, m), 1 <= k <= m).

    One pass per row keeps the k largest scores (with their gains) in a small sorted
    buffer; the k-th largest score v_k follows. The items above
    v_k (at most k - 1, in the buffer, sorted) fill positions 1..a with the ties among
    them averaged; a second, branch-free pass sums the t items tied at v_k, which share
    positions a+1..a+t, each with the mean discount of that range (zero beyond k).
    ``w`` holds D(1..m) with zeros from k on.
    """
    q, m = g.shape
    dcg = np.empty(q)
    for row in numba.prange(q):
        bs = np.empty(k)
        bg = np.empty(k)
        sr = s[row]
        gr = g[row]
        fs = 0
        for i in range(m):
            v = sr[i]
            if fs < k or v > bs[k - 1]:
                fs = _insert(bs, bg, fs, k, v, gr[i])
        vk = bs[k - 1]
        t = 0
        gtie = 0.0
        for i in range(m):
            eq = sr[i] == vk
            t += eq
            gtie += gr[i] if eq else 0.0
        a = 0
        while a < k and bs[a] > vk:
            a += 1
        total = 0.0
        i = 0
        while i < a:
            j = i + 1
            while j < a and bs[j] == bs[i]:
                j += 1
            gsum = 0.0
            wsum = 0.0
            for r in range(i, j):
                gsum += bg[r]
                wsum += w[r]
            total += gsum * wsum / (j - i)
            i = j
        wsum = 0.0
        for r in range(a, min(a + t, m)):
            wsum += w[r]
        dcg[row] = total + gtie * wsum / t
    return dcg


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
        gr = g[row]
        counts = np.zeros(levels, np.int64)
        small = True
        for i in range(m):
            v = gr[i]
            c = np.int64(v) if 0.0 <= v < levels else -1
            if c < 0 or c != v:
                small = False
                break
            counts[c] += 1
        total = np.nan
        if small:
            total = 0.0
            pos = 0
            for lv in range(levels - 1, 0, -1):  # level 0 adds nothing
                c = counts[lv]
                if c:
                    wsum = 0.0
                    for r in range(pos, pos + c):
                        wsum += w[r]
                    total += lv * wsum
                    pos += c
        out[row] = total
    return out
