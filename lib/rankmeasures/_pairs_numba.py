"""The compiled passes of :mod:`rankmeasures._pairs_kernel` (imports numba: load lazily)."""

from __future__ import annotations

import numba
import numpy as np

__all__ = ["dense_ranks", "fenwick_pass"]


@numba.njit(cache=True, nogil=True, boundscheck=False)
def dense_ranks(ys, order):  # pragma: no cover - compiled
    """Dense ranks of y (0 for the smallest) from its sorted values ``ys = y[order]``.

    Returns ``(ranks in the original order as int32, number of distinct values, pairs tied
    in y)``.
    """
    n = ys.size
    ranks = np.empty(n, np.int32)
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
    return ranks, m, ties


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
