"""A discount from what a user writes: a name, a sympy expression, a callable or a
:class:`~rankmeasures.discounts.base.Discount` (:func:`as_discount`), and the cut-off of
any of them (:func:`cutoff`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._lazy import is_instance_of
from .base import CutoffDiscount, Discount
from .custom import CustomDiscount
from .named import (
    exponential_discount,
    linear_discount,
    log2_discount,
    log_discount,
    zipf_discount,
)

if TYPE_CHECKING:
    from .._typing import DiscountLike

__all__ = ["as_discount", "cutoff"]

_NAMED = {
    "log": log_discount,
    "ln": log_discount,
    "log2": log2_discount,
    "zipf": zipf_discount,
    "exp2": exponential_discount,
    "linear": linear_discount,
}



def cutoff(discount: DiscountLike, k: int | None = None, *, fraction: float | None = None,
           exponent: float | None = None) -> CutoffDiscount:
    """``discount`` cut off at a fixed ``k``, at ``k = ceil(fraction * n)`` or at
    ``k = ceil(n^exponent)`` (Wang et al. 2013, Theorems 6-9: bounded, ``c n`` and
    ``o(n)`` cut-offs).

    Parameters
    ----------
    discount : Discount, str, sympy expression or callable
        The discount to cut off: anything :func:`as_discount` accepts.
    k : int, optional
        A fixed cut-off, a positive integer (Python or numpy, not a bool). Exactly one of
        ``k``, ``fraction`` and ``exponent`` must be given.
    fraction : float, optional
        ``k = ceil(fraction * n)`` for a list of length n; a real number in ``(0, 1]``.
    exponent : float, optional
        ``k = ceil(n^exponent)``; a real number in ``(0, 1)``.

    Returns
    -------
    CutoffDiscount
        ``D(r) 1[r <= k]``. It depends on the list length n (:attr:`Discount.needs_n`)
        when ``fraction`` or ``exponent`` is given or when ``discount`` itself does.

    Raises
    ------
    ValueError
        If ``discount`` is not accepted by :func:`as_discount`; if not exactly one of
        ``k``, ``fraction`` and ``exponent`` is given; if ``k`` is not a positive integer,
        ``fraction`` not in ``(0, 1]`` or ``exponent`` not in ``(0, 1)``.

    Examples
    --------
    >>> import rankmeasures as rm
    >>> rm.cutoff("zipf", 2).weights(4).tolist()
    [1.0, 0.5, 0.0, 0.0]
    >>> d = rm.cutoff("zipf", fraction=0.5)
    >>> d.name, d.weights(5).tolist()  # k = ceil(0.5 * 5) = 3
    ('1/r@0.5n', [1.0, 0.5, 0.3333333333333333, 0.0, 0.0])
    """
    return CutoffDiscount(as_discount(discount), k=k, fraction=fraction, exponent=exponent)


def as_discount(obj: Any) -> Discount:
    """A :class:`Discount` from an instance, a name, a sympy expression or a callable.

    Names: ``"log"`` (1/ln(1+r)), ``"log2"``, ``"zipf"``, ``"exp2"``, ``"linear"``.

    Parameters
    ----------
    obj : Discount, str, sympy expression or callable
        A :class:`Discount` is returned as it is (the same object). A name (above; ``"ln"``
        is an alias of ``"log"``) gives the package's shared instance. A sympy expression
        in the symbols ``r`` and optionally ``n`` of :mod:`rankmeasures.discounts` gives a
        :class:`CustomDiscount` that depends on the list length when ``n`` occurs. A
        callable gives a :class:`CustomDiscount` called as ``obj(r)`` on float arrays of
        positions, independent of the list length; its values are checked (finite,
        non-negative) when it is evaluated, not here.

    Returns
    -------
    Discount

    Raises
    ------
    ValueError
        If ``obj`` is a string that is no known name; a sympy expression with a symbol
        other than the package's ``r`` and ``n`` (``sympy.Symbol("r")`` made without
        their assumptions is another symbol); or none of the four kinds.

    Examples
    --------
    >>> import rankmeasures as rm
    >>> rm.as_discount("zipf").evaluate([1, 2, 4]).tolist()
    [1.0, 0.5, 0.25]
    >>> rm.as_discount(lambda r: 2.0 ** -r).evaluate([1, 2]).tolist()
    [0.5, 0.25]
    >>> rm.as_discount("ln2")
    Traceback (most recent call last):
    ...
    ValueError: discount: unknown name 'ln2'; known: ['exp2', 'linear', 'ln', 'log', 'log2', 'zipf']
    """
    if isinstance(obj, Discount):
        return obj
    if isinstance(obj, str):
        try:
            return _NAMED[obj]
        except KeyError:
            raise ValueError(
                f"discount: unknown name {obj!r}; known: {sorted(_NAMED)}"
            ) from None
    if is_instance_of(obj, "sympy", "Basic"):
        return CustomDiscount(expr=obj)
    if callable(obj):
        return CustomDiscount(obj)
    raise ValueError(f"discount: cannot make a discount from {type(obj).__name__}")
