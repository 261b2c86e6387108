"""Optional compiled kernels: numba loaded on first use, never at ``import rankmeasures``.

The kernels live in modules of this package that import numba at their top
(``pairs_numba``, ``dcg_numba``, ...); :func:`load` imports one the first time a measure
asks for it and remembers the answer, ``None`` when numba is not installed (the ``fast``
extra; pinned in the lock). Every kernel is compiled with ``cache=True`` (a second process
loads the machine code from ``__pycache__``) and the numpy path it replaces stays as the
fallback; tests hold the two to the same values and both to the peers (scipy,
scikit-learn).
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["load", "DCG_FROM", "VALIDATION_FROM", "PAIRS_FROM"]

# From how many items on a measure hands its input to a compiled kernel (when numba is
# installed): below, the numpy path, whose cost at that size is a few microseconds, and a
# small input never imports numba. One place for every threshold.
#: DCG/IDCG of equal-length rows (:mod:`rankmeasures._kernels.dcg_numba`)
DCG_FROM = 1 << 16
#: int64 labels converted and range-checked in one pass (``validation_numba``)
VALIDATION_FROM = 1 << 16
#: Kendall's tau and the concordance family (``pairs_numba``): numpy's argsort is not
#: vectorised on every CPU, and the compiled radix sort matches it from 2^12 items
PAIRS_FROM = 1 << 12

_LOADED: dict[str, ModuleType | None] = {}


def load(name: str) -> ModuleType | None:
    """The compiled-kernel module ``rankmeasures._kernels.<name>``, or None without numba.

    Only numba's absence reads as None: a name that is no kernel module of this package
    raises (a misspelt name must not silently select the numpy fallback).
    """
    if name not in _LOADED:
        try:
            _LOADED[name] = importlib.import_module(f"{__package__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != "numba" and not (exc.name or "").startswith("numba."):
                raise
            _LOADED[name] = None
    return _LOADED[name]
