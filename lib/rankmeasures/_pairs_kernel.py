"""Compiled pair counting for the concordance family (numba, compiled once, cached on disk).

One numpy ``argsort`` of each vector, then two compiled passes: the dense ranks of y
(and the pairs tied in y) from its sorted values, and a Fenwick tree (binary indexed tree)
over those ranks walked in x order, which counts the discordant pairs, the pairs tied in x
and those tied in both (the algorithm of Knight (1966) as scipy's ``kendalltau`` runs it,
with both sorts in numpy's vectorised quicksort and no stable sort; from n = 2^16 on the
two sorts run side by side in two threads, numpy releasing the GIL). O(n log n), no Python
loop. It replaced a compiled bottom-up merge sort of y, which took 1.5x as long at n = 10^6
(``benchmarks/run.py``).

numba is imported on first use only (:mod:`rankmeasures._jit`; the kernel lives in
:mod:`rankmeasures._pairs_numba`); without it :func:`rankmeasures.concordance.pair_counts`
falls back to its numpy kernel. Both are tested against each other and against scipy.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from . import _jit

__all__ = ["available", "pair_counts_sorted"]

_PARALLEL_FROM = 1 << 16  # from this n on, the two argsorts run in two threads


def available() -> bool:
    """True when numba imports (the kernel then compiles, or loads from its cache)."""
    return _jit.load("_pairs_numba") is not None


def pair_counts_sorted(x: np.ndarray, y: np.ndarray) -> tuple[int, int, int, int]:
    """``(discordant, ties_x, ties_y, ties_xy)`` of two finite float64 vectors.

    Requires :func:`available`. One numpy ``argsort`` of each vector, then the compiled
    passes.
    """
    kernel = _jit.load("_pairs_numba")
    if x.size >= _PARALLEL_FROM and (os.cpu_count() or 1) > 1:
        # numpy sorts without the GIL: the two sorts run side by side on two cores
        with ThreadPoolExecutor(max_workers=1) as pool:
            later = pool.submit(np.argsort, x)
            by_y = np.argsort(y)
            ranks, m, ty = kernel.dense_ranks(y[by_y], by_y)
            by_x = later.result()
    else:
        by_y = np.argsort(y)
        ranks, m, ty = kernel.dense_ranks(y[by_y], by_y)
        by_x = np.argsort(x)
    d, tx, txy = kernel.fenwick_pass(x[by_x], ranks[by_x], m)
    return int(d), int(tx), int(ty), int(txy)
