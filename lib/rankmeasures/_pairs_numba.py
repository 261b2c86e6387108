"""The compiled pass of :mod:`rankmeasures._pairs_kernel` (imports numba: load lazily)."""

from __future__ import annotations

import numba
import numpy as np

__all__ = ["count_pairs"]


@numba.njit(cache=True, nogil=True)
def _insertion_sort(a, lo, hi):  # pragma: no cover - compiled
    """Sort a[lo:hi] in place; return its strict inversions (one per shift)."""
    inv = np.int64(0)
    for i in range(lo + 1, hi):
        v = a[i]
        b = i - 1
        while b >= lo and a[b] > v:
            a[b + 1] = a[b]
            b -= 1
        inv += i - 1 - b
        a[b + 1] = v
    return inv


@numba.njit(cache=True, nogil=True)
def _tied_pairs(a, lo, hi):  # pragma: no cover - compiled
    """Sum of t(t-1)/2 over the runs of equal values of the sorted a[lo:hi]."""
    total = np.int64(0)
    i = lo
    while i < hi:
        j = i + 1
        while j < hi and a[j] == a[i]:
            j += 1
        total += (j - i) * (j - i - 1) // 2
        i = j
    return total


@numba.njit(cache=True, nogil=True)
def count_pairs(xs, ys):  # pragma: no cover - compiled
    """(strict inversions of ys after sorting ys within runs of equal xs, ties in x, ties in
    ys, ties in both) for xs sorted ascending; sorts ys in place."""
    n = xs.size
    tx = np.int64(0)
    txy = np.int64(0)
    i = 0
    while i < n:  # runs of equal x: sort their y, count ties in x and in both
        j = i + 1
        while j < n and xs[j] == xs[i]:
            j += 1
        t = j - i
        if t > 1:
            tx += t * (t - 1) // 2
            if t < 32:
                _insertion_sort(ys, i, j)
            else:
                ys[i:j] = np.sort(ys[i:j])
            txy += _tied_pairs(ys, i, j)
        i = j
    # bottom-up merge sort of ys, counting strict inversions; blocks of 16 first, by
    # insertion sort (each shift past a strictly larger element is one inversion)
    inv = np.int64(0)
    block = 16
    for lo in range(0, n, block):
        inv += _insertion_sort(ys, lo, min(lo + block, n))
    buf = np.empty_like(ys)
    src, dst = ys, buf
    width = block
    while width < n:
        lo = 0
        while lo < n:
            mid = min(lo + width, n)
            hi = min(lo + 2 * width, n)
            a, b, k = lo, mid, lo
            while a < mid and b < hi:  # branch-free: select, then advance one side
                va = src[a]
                vb = src[b]
                right = vb < va  # every left element still waiting is larger than vb
                dst[k] = vb if right else va
                inv += (mid - a) if right else 0
                b += right
                a += 1 - right
                k += 1
            while a < mid:
                dst[k] = src[a]
                a += 1
                k += 1
            while b < hi:
                dst[k] = src[b]
                b += 1
                k += 1
            lo = hi
        src, dst = dst, src
        width *= 2
    return inv, tx, _tied_pairs(src, 0, n), txy
