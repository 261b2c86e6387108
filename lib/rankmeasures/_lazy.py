"""Heavy optional imports (sympy, mpmath, scipy.stats) deferred to first use.

``import rankmeasures`` loads numpy only; the symbolic side (sympy, mpmath) and scipy load
the first time a function needs them, so a measure computed on arrays never pays for
them (``tests/test_import.py`` holds this).
"""

from __future__ import annotations

import importlib
import sys

__all__ = ["LazyModule", "is_instance_of"]


class LazyModule:
    """Stands for a module; the first attribute access imports it."""

    def __init__(self, name: str):
        self._name = name

    def __getattr__(self, attr: str):
        return getattr(importlib.import_module(self._name), attr)

    def __repr__(self) -> str:
        return f"<lazy module {self._name!r}>"


def is_instance_of(obj, module: str, cls: str) -> bool:
    """``isinstance(obj, module.cls)`` without importing ``module``: an object of a
    module's class cannot exist before the module is imported."""
    mod = sys.modules.get(module)
    return mod is not None and isinstance(obj, getattr(mod, cls))
