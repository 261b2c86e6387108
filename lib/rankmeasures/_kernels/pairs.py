"""Compiled pair counting for the concordance family (numba, compiled once, cached on disk).

Each vector is sorted once, keeping the permutation: by numpy's ``argsort`` (then the sorted
values gathered) below ``_RADIX_FROM`` items, by the compiled radix sort of
:mod:`rankmeasures._kernels.sort_numba` from there on, where it is at least as fast as
numpy's argsort at its best (and 2-6x faster where numpy does not vectorise its sort); from
n = 2^16 on the two sorts run side by side in two threads (both release the GIL). Two
compiled passes follow: the dense ranks of the vector with *fewer* distinct values, and a
Fenwick tree (binary indexed tree) over those ranks walked in the order of the other vector,
which counts the discordant pairs, the pairs tied in the walked vector and those tied in
both (the algorithm of Knight (1966), as scipy's ``kendalltau`` runs it). The discordant
pairs are the same whichever vector is walked, so the tree goes over the vector with fewer
distinct values: with graded labels against continuous scores it holds a handful of counters
and stays in the L1 cache, where a tree over 10^6 distinct scores would miss the cache at
every step; up to 16 ranks a table of counters walked without data-dependent branches
replaces the tree (``counts_pass``). O(n log n), no Python loop.

numba is imported on first use only (:mod:`rankmeasures._kernels.jit`; the passes live in
:mod:`rankmeasures._kernels.pairs_numba`); without it
:func:`rankmeasures._concordance.counts.pair_counts` falls back to its numpy kernel. Both are
tested against each other and against scipy.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from . import jit as _jit

__all__ = ["available", "pair_counts_sorted"]

_PARALLEL_FROM = 1 << 16  # from this n on, the two sorts run in two threads
# from this n on, the radix sort replaces numpy's argsort: 13 ns an item from 2^12 on,
# where numpy's argsort takes 14 ns in cache at best (a vectorised sort) and 30-80 ns on
# a CPU where numpy does not vectorise it (an AMD EPYC here: 29 ns at 2^12, 79 at 10^6)
_RADIX_FROM = 1 << 12
_TABLE_UP_TO = 16  # up to this many distinct values in the tree's vector, a counts table


def available() -> bool:
    """True when numba imports (the kernels then compile, or load from their cache)."""
    return _jit.load("pairs_numba") is not None and _jit.load("sort_numba") is not None


def _sorted(v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(sorted, order)``: ``v`` in ascending order (as its values, or as the radix sort's
    keys, which compare as the values do) and the permutation that sorts it."""
    if v.size >= _RADIX_FROM:
        idx = np.arange(v.size, dtype=np.int32 if v.size < 2**31 else np.int64)
        sort = _jit.load("sort_numba")
        assert sort is not None  # the callers checked available()
        return sort.radix_sort(np.ascontiguousarray(v), idx)
    order = np.argsort(v)
    return v[order], order


def pair_counts_sorted(x: np.ndarray, y: np.ndarray) -> tuple[int, int, int, int]:
    """``(discordant, ties_x, ties_y, ties_xy)`` of two finite float64 vectors.

    Requires :func:`available`.
    """
    kernel = _jit.load("pairs_numba")
    assert kernel is not None  # the callers checked available()
    if x.size >= _PARALLEL_FROM and (os.cpu_count() or 1) > 1:
        with ThreadPoolExecutor(max_workers=1) as pool:
            later = pool.submit(_sorted, x)
            ys, oy = _sorted(y)
            xs, ox = later.result()
    else:
        xs, ox = _sorted(x)
        ys, oy = _sorted(y)
    mx, tx = kernel.distinct(xs)
    my, ty = kernel.distinct(ys)
    if my <= mx:  # the tree over y's ranks, walked in x order
        walk, tree, m = (xs, ox), (ys, oy), my
    else:
        walk, tree, m = (ys, oy), (xs, ox), mx
    ranks = np.empty(tree[0].size, np.int32)
    kernel.dense_ranks(*tree, ranks)
    count = kernel.counts_pass if m <= _TABLE_UP_TO else kernel.fenwick_pass
    d, _, txy = count(walk[0], ranks[walk[1]], m)
    return int(d), int(tx), int(ty), int(txy)
