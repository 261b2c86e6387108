"""A user's own discount, from a sympy expression in ``r`` (and ``n``) or a callable."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import numpy as np

from .._lazy import LazyModule
from .base import Discount, symbols

if TYPE_CHECKING:  # the module itself, for the annotations
    import sympy
else:
    sympy = LazyModule("sympy")

__all__ = ["CustomDiscount"]


class CustomDiscount(Discount):
    """A user-defined discount from a sympy expression in ``r`` (and ``n``) or a callable.

    Parameters
    ----------
    func : callable, optional
        ``func(r)`` or, with ``needs_n=True``, ``func(r, n)`` on float arrays.
    expr : sympy expression, optional
        In the symbols ``r`` and optionally ``n`` of :mod:`rankmeasures.discounts`.
    name : str, optional

    Examples
    --------
    >>> import rankmeasures as rm
    >>> rm.CustomDiscount(lambda r: 1.0 / r**2, name="1/r^2").evaluate([1, 2]).tolist()
    [1.0, 0.25]
    >>> from rankmeasures.discounts import r
    >>> d = rm.CustomDiscount(expr=1 / (r + 1))
    >>> d.evaluate([1, 3]).tolist()
    [0.5, 0.25]
    >>> round(float(d.integral(3)), 6)  # F(3) = ln(3 + 1) - ln(1 + 1) = ln 2
    0.693147
    """

    def __init__(
        self,
        func: Callable | None = None,
        *,
        expr: sympy.Expr | None = None,
        name: str | None = None,
        needs_n: bool | None = None,
    ):
        r, n, _t = symbols()
        if (func is None) == (expr is None):
            raise ValueError("func, expr: give exactly one of a callable or a sympy expression")
        if expr is not None:
            expr = sympy.sympify(expr)
            extra = expr.free_symbols - {r, n}
            if extra:
                raise ValueError(
                    f"expr: only the symbols r and n are allowed, found {sorted(map(str, extra))}"
                )
            self._expr = expr
            self.needs_n = n in expr.free_symbols
            self._func = sympy.lambdify((r, n), expr, modules="numpy")
            self.name = name or str(expr)
        else:
            if not callable(func):
                raise ValueError(f"func: must be callable, got {type(func).__name__}")
            self._expr = None
            self.needs_n = bool(needs_n)
            self._func = func
            self.name = cast(str, name or getattr(func, "__name__", "custom"))

    def _evaluate(self, p, ln):
        if self._expr is not None:
            out = self._func(p, ln if ln is not None else np.nan)
        else:
            out = self._func(p, ln) if self.needs_n else self._func(p)
        shape = p.shape if ln is None else np.broadcast_shapes(p.shape, ln.shape)
        out = np.broadcast_to(np.asarray(out, dtype=np.float64), shape).copy()
        if not np.all(np.isfinite(out)):
            raise ValueError(f"discount: {self.name} gave a non-finite value")
        if np.any(out < 0):
            raise ValueError(f"discount: {self.name} gave a negative value")
        return out

    @property
    def expr(self):
        return self._expr
