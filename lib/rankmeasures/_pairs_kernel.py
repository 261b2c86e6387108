"""Compiled pair counting for the concordance family (numba, compiled once, cached on disk).

One pass after a single ``argsort`` of x: sort y inside every run of tied x (so the
sequence is ordered by (x, y)), count the pairs tied in x and tied in both, then a
bottom-up merge sort of y counts its strict inversions -- the discordant pairs -- and
leaves y sorted, from which the pairs tied in y are counted. O(n log n), one sort of x in
numpy, no Python loop.

numba is imported on first use only (``import rankmeasures`` stays light; the kernel lives
in :mod:`rankmeasures._pairs_numba`), compiled with ``cache=True`` (a second process loads
the machine code from ``__pycache__``), and used only when it imports; otherwise
:func:`rankmeasures.concordance.pair_counts` falls back to its numpy kernel. Both are
tested against each other and against scipy.
"""

from __future__ import annotations

import numpy as np

__all__ = ["available", "pair_counts_sorted"]

_KERNEL = None
_TRIED = False


def available() -> bool:
    """True when numba imports (the kernel then compiles, or loads from its cache)."""
    global _KERNEL, _TRIED
    if not _TRIED:
        _TRIED = True
        try:
            from ._pairs_numba import count_pairs
        except ImportError:
            count_pairs = None
        _KERNEL = count_pairs
    return _KERNEL is not None


def pair_counts_sorted(x: np.ndarray, y: np.ndarray) -> tuple[int, int, int, int]:
    """``(discordant, ties_x, ties_y, ties_xy)`` of two finite float64 vectors.

    Requires :func:`available`. One numpy ``argsort`` of x, then the compiled pass.
    """
    order = np.argsort(x)
    xs = x[order]
    ys = y[order]  # a copy: the kernel sorts it in place
    d, tx, ty, txy = _KERNEL(xs, ys)
    return int(d), int(tx), int(ty), int(txy)
