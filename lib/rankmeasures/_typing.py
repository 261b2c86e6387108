"""Type aliases of the public signatures (read by type checkers only; nothing here runs
at ``import rankmeasures``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias

from numpy.typing import ArrayLike

if TYPE_CHECKING:
    import sympy

    from .discounts import Discount
    from .gains import Gain

__all__ = ["ArrayLike", "GainLike", "DiscountLike"]

#: a gain: an instance, a name ("identity", "exp2"), a sympy expression in y or a callable
GainLike: TypeAlias = "Gain | str | sympy.Expr | Callable[[Any], Any]"
#: a discount: an instance, a name ("log2", ...), a sympy expression in r (and n) or a callable
DiscountLike: TypeAlias = "Discount | str | sympy.Expr | Callable[..., Any]"
