"""The conversion of a large 64-bit integer array to float64, compiled (imports numba:
load through :mod:`rankmeasures._kernels.jit`).

:func:`rankmeasures._validation.as_float_array` must refuse integers beyond 2^53 (they have
no exact float64) before converting; in numpy that is ``min``, ``max`` and ``astype``, three
passes (1.2 ms for 10^6 items on the benchmark machine). One compiled pass converts and
finds the range (0.57 ms); tests hold it to numpy's values and errors.
"""

from __future__ import annotations

import numba

__all__ = ["int_to_float"]


@numba.njit(cache=True, nogil=True, boundscheck=False)
def int_to_float(a, out):  # pragma: no cover - compiled
    """``out[i] <- float(a[i])`` for a non-empty 1-d integer ``a``; returns ``(min, max)``
    of ``a`` (the caller refuses the result when they leave +-2^53)."""
    lo = a[0]
    hi = a[0]
    for i in range(a.size):
        v = a[i]
        lo = min(lo, v)
        hi = max(hi, v)
        out[i] = v
    return lo, hi
