"""Discount functions D(r) of DCG-type measures.

A discount is evaluated at 1-based positions ``r`` of a list of length ``n`` (most
discounts ignore ``n``; the linear discount of Jin & Geng and the cut-off ``k = c n`` of
Wang et al. use it). Every discount knows ``D(r)``, its partial sums, ``F(t) = \\int_1^t
D(r) dr`` and its sympy form in the symbols :data:`r` and :data:`n` of this package (made
on first access, so that sympy loads only when asked for).

This package is the one public home of its names; its modules hold one job each:

* :mod:`~rankmeasures.discounts.base` -- the protocol (:class:`Discount`) and the cut-off
  every discount has (:class:`CutoffDiscount`);
* :mod:`~rankmeasures.discounts.named` -- the named families (log, power, exponential,
  linear, the textbook's top-k), their shared instances and constructors;
* :mod:`~rankmeasures.discounts.custom` -- a user's own discount (:class:`CustomDiscount`);
* :mod:`~rankmeasures.discounts.lookup` -- a discount from a name, an expression or a
  callable (:func:`as_discount`) and the cut-off of any of them (:func:`cutoff`).

References
----------
Wang, Wang, Li, He, Liu, Chen (2013), "A Theoretical Analysis of NDCG Type Ranking
Measures", Definition 1 (DCG and the discount), Definition 5 (F(t)), Theorems 1, 3, 5, 8, 9.
Jin & Geng, "Linear NDCG and Pair-wise Loss", eq. (1) (the linear discount |S| - i).
Shalev-Shwartz & Ben-David (2014), Section 17.4 (the top-k discount indexed with the top
at position r).

Examples
--------
>>> from rankmeasures.discounts import as_discount, r
>>> as_discount(1 / r**2).evaluate([1, 2]).tolist()
[1.0, 0.25]
"""

from __future__ import annotations

from .base import CutoffDiscount, Discount
from .custom import CustomDiscount
from .lookup import as_discount, cutoff
from .named import (
    ExponentialDiscount,
    LinearDiscount,
    LogDiscount,
    PowerDiscount,
    TopKDiscount,
    exponential_discount,
    linear_discount,
    log2_discount,
    log_discount,
    power_discount,
    topk_discount,
    zipf_discount,
)

__all__ = [  # noqa: F822 - r and n are made on first access (module __getattr__)
    "r",
    "n",
    "Discount",
    "LogDiscount",
    "PowerDiscount",
    "ExponentialDiscount",
    "LinearDiscount",
    "CutoffDiscount",
    "TopKDiscount",
    "CustomDiscount",
    "log_discount",
    "log2_discount",
    "zipf_discount",
    "power_discount",
    "exponential_discount",
    "linear_discount",
    "topk_discount",
    "cutoff",
    "as_discount",
]


def __getattr__(name):
    # the sympy symbols r and n (:func:`base.symbols`), kept here once made
    if name in ("r", "n"):
        from .base import symbols  # loaded already: the package imports it above

        r, n, _ = symbols()
        globals().update(r=r, n=n)
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
