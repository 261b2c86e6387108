"""The compiled passes of :mod:`rankmeasures._kernels.pairs` (imports numba: load lazily)."""

from __future__ import annotations

import numba
import numpy as np

__all__ = ["distinct", "dense_ranks", "fenwick_pass", "counts_pass"]


@numba.njit(cache=True, nogil=True, boundscheck=False)
def distinct(vs):  # pragma: no cover - compiled
    """``(number of distinct values, pairs tied)`` of the sorted values ``vs`` (each item
    is tied with the items of its run before it; no data-dependent branch)."""
    m = np.int64(vs.size > 0)
    ties = np.int64(0)
    start = 0
    for t in range(1, vs.size):
        new = vs[t] != vs[t - 1]
        m += new
        start = t if new else start
        ties += t - start
    return m, ties


@numba.njit(cache=True, nogil=True, boundscheck=False)
def dense_ranks(ys, order, ranks):  # pragma: no cover - compiled
    """Dense ranks of y (0 for the smallest) from its sorted values ``ys = y[order]``, into
    ``ranks`` (int32, y's size: a numpy buffer, see
    :func:`rankmeasures._kernels.sort_numba.radix_sort` on huge pages) in the original order.

    Returns ``(number of distinct values, pairs tied in y)``.
    """
    n = ys.size
    m = 0
    ties = np.int64(0)
    i = 0
    while i < n:
        v = ys[i]
        j = i + 1
        while j < n and ys[j] == v:
            j += 1
        for t in range(i, j):
            ranks[order[t]] = m
        ties += (j - i) * (j - i - 1) // 2
        m += 1
        i = j
    return m, ties


@numba.njit(cache=True, nogil=True, boundscheck=False)
def fenwick_pass(xs, r, m):  # pragma: no cover - compiled
    """``(discordant, ties in x, ties in both)`` for xs sorted ascending and ``r`` the dense
    y-ranks (``0 .. m-1``) in the same order.

    A Fenwick tree over the y-ranks of the items already passed: every item of a run of
    equal x first queries how many earlier items -- all with a strictly smaller x -- have a
    y-rank at most its own (the rest are discordant with it), and only then is the run
    inserted, so pairs tied in x are never counted as discordant. Pairs tied in both are
    counted inside each run by the last run that saw each rank.
    """
    n = xs.size
    tree = np.zeros(m + 1, np.int32)
    last = np.full(m, -1, np.int64)
    count = np.zeros(m, np.int32)
    disc = np.int64(0)
    tx = np.int64(0)
    txy = np.int64(0)
    i = 0
    while i < n:
        j = i + 1
        while j < n and xs[j] == xs[i]:
            j += 1
        for t in range(i, j):
            q = r[t] + 1
            c = 0
            while q > 0:
                c += tree[q]
                q &= q - 1
            disc += i - c
        if j - i > 1:
            tx += (j - i) * (j - i - 1) // 2
            for t in range(i, j):
                v = r[t]
                if last[v] == i:
                    txy += count[v]
                    count[v] += 1
                else:
                    last[v] = i
                    count[v] = 1
        for t in range(i, j):
            q = r[t] + 1
            while q <= m:
                tree[q] += 1
                q += q & (-q)
        i = j
    return disc, tx, txy


@numba.njit(cache=True, nogil=True, boundscheck=False)
def counts_pass(xs, r, m):  # pragma: no cover - compiled
    """:func:`fenwick_pass` for few ranks (small ``m``), without a branch that depends on
    the data.

    ``le[v]`` counts the items of earlier runs with a rank at most v, so an item's query
    is one read; the items of the current run wait in ``pend`` (same layout) and ``same``
    (how many of each rank) and join ``le`` when the next run starts. Every update is a
    loop of fixed length m over all ranks with the condition folded into the arithmetic:
    a walk of one, two or three tree steps, or a test for the end of a short run, would
    each cost a mispredicted branch at random.
    """
    n = xs.size
    le = np.zeros(m, np.int64)
    pend = np.zeros(m, np.int64)
    same = np.zeros(m, np.int64)
    disc = np.int64(0)
    tx = np.int64(0)
    txy = np.int64(0)
    start = 0
    for t in range(n):
        keep = np.int64(t > 0 and xs[t] == xs[t - 1])  # 1 inside a run, 0 at a new one
        for u in range(m):
            le[u] += pend[u] * (1 - keep)
            pend[u] *= keep
            same[u] *= keep
        start = start if keep else t
        v = r[t]
        disc += start - le[v]
        tx += t - start
        txy += same[v]
        same[v] += 1
        for u in range(m):
            pend[u] += u >= v
    return disc, tx, txy
