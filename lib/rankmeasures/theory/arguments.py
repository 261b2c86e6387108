"""The expression arguments of the variant analysis: a discount and a cut-off, or a gain,
read from a string by the safe parser (:func:`rankmeasures.expressions.parse_expression`)
or checked as a sympy expression in the variables they may use.
"""

from __future__ import annotations

from typing import Any

import sympy

from ..discounts import n, r
from ..expressions import parse_expression

__all__ = ["sympy_input", "discount_and_cut"]


def sympy_input(x: Any, name: str, allowed: set) -> sympy.Expr:
    """``x`` (a sympy expression, or what sympy reads as one) checked to use only the
    symbols ``allowed``; ValueError naming the argument ``name`` otherwise. A string goes
    to :func:`~rankmeasures.expressions.parse_expression` instead."""
    try:
        e = sympy.sympify(x)
    except (sympy.SympifyError, TypeError) as exc:
        raise ValueError(f"{name}: expected an expression, got {x!r} ({exc})") from None
    if not isinstance(e, sympy.Expr) or e.free_symbols - allowed:
        raise ValueError(f"{name}: expected an expression in "
                         f"{', '.join(sorted(map(str, allowed)))}, got {x!r}")
    return e


def discount_and_cut(discount: Any, cut: Any) -> tuple[sympy.Expr, sympy.Expr | None]:
    """``D`` (in r, and n when linear) and the cut-off ``k(n)`` (or None) as sympy
    expressions, from strings by the whitelisted parser."""
    d_expr = parse_expression(discount, ("r", "n"), name="discount") if isinstance(
        discount, str) else sympy_input(discount, "discount", {r, n})
    if cut is None:
        return d_expr, None
    return d_expr, (parse_expression(cut, ("n",), name="cut") if isinstance(cut, str)
                    else sympy_input(cut, "cut", {n}))
