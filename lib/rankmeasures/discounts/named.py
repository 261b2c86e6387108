"""The named discounts: the logarithmic, power, exponential, linear and textbook top-k
families, their shared instances and their constructors.

References
----------
Wang, Wang, Li, He, Liu, Chen (2013), "A Theoretical Analysis of NDCG Type Ranking
Measures", Definition 1, Theorems 1, 3, 5, 6 (the log, power and exponential discounts).
Jin & Geng, "Linear NDCG and Pair-wise Loss", eq. (1) (the linear discount |S| - i).
Shalev-Shwartz & Ben-David (2014), Section 17.4 (the top-k discount indexed with the top
at position r).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from .._lazy import LazyModule
from .._validation import check_int, check_real
from .base import Discount, symbols

if TYPE_CHECKING:  # the modules themselves, for the annotations
    import mpmath
    import sympy
else:
    mpmath = LazyModule("mpmath")
    sympy = LazyModule("sympy")

__all__ = ["LogDiscount", "PowerDiscount", "ExponentialDiscount", "LinearDiscount",
           "TopKDiscount", "log_discount", "log2_discount", "zipf_discount",
           "exponential_discount", "linear_discount", "power_discount", "topk_discount"]


class LogDiscount(Discount):
    """``D(r) = 1 / log_b(1 + r)``.

    ``base=e`` is the "standard NDCG" discount of Wang et al. (2013), Theorem 1;
    ``base=2`` is the discount trec_eval's ndcg and scikit-learn use (Jin & Geng eq. (2)).
    It discounts every position, the first included, by ``log_b(1 + r)``; Järvelin &
    Kekäläinen's original DCG (2002) leaves the positions below ``b`` undiscounted and
    divides by ``log_b r`` from ``r = b`` on, so with ``b = 2`` their weight at ``r >= 2``
    is this one's at ``r - 1``. The base scales D by ``ln b`` and so cancels in NDCG
    (Wang et al. 2013, remark after Definition 1).

    Examples
    --------
    >>> import rankmeasures as rm
    >>> rm.LogDiscount(2).evaluate([1, 3, 7]).tolist()  # 1/log2(2), 1/log2(4), 1/log2(8)
    [1.0, 0.5, 0.3333333333333333]
    >>> round(float(rm.LogDiscount().evaluate([1])[0]), 6)  # 1/ln 2
    1.442695
    >>> a = rm.ndcg([1, 0, 1], [3, 2, 1], discount=rm.LogDiscount())
    >>> b = rm.ndcg([1, 0, 1], [3, 2, 1], discount=rm.LogDiscount(2))
    >>> abs(a - b) < 1e-12  # the base cancels
    True
    """

    def __init__(self, base: float = math.e):
        check_real("base", base, gt=1)
        self.base = base
        self.name = "1/ln(1+r)" if base == math.e else f"1/log{base:g}(1+r)"

    def _evaluate(self, p, ln):
        # 1 + p is exact for integer positions (np.log is faster than np.log1p); bases
        # e and 2 avoid the rounding of a ln(base) factor
        if self.base == 2:
            return 1.0 / np.log2(1.0 + p)
        return (1.0 if self.base == math.e else math.log(self.base)) / np.log(1.0 + p)

    def fill(self, first, out, length=None):
        # 1 + r counted directly (integers are exact in float64), the log and the
        # reciprocal in place: the bits of _evaluate without its three temporaries
        one_plus = np.arange(first + 1, first + 1 + out.size, dtype=np.float64)
        if self.base == 2:
            np.log2(one_plus, out=out)
            np.divide(1.0, out, out=out)
        else:
            np.log(one_plus, out=out)
            np.divide(1.0 if self.base == math.e else math.log(self.base), out, out=out)

    @property
    def expr(self):
        r, n, _t = symbols()
        if self.base == math.e:
            return 1 / sympy.log(1 + r)
        b = sympy.nsimplify(self.base, rational=True)
        return sympy.log(b) / sympy.log(1 + r)

    def integral_expr(self):
        # F(t) = ln(b) (li(1+t) - li(2)) = ln(b) Li(1+t), Wang et al. (2013), eq. (19).
        r, n, _t = symbols()
        b = 1 if self.base == math.e else sympy.log(sympy.nsimplify(self.base, rational=True))
        return b * (sympy.li(1 + _t) - sympy.li(2))

    def _integral(self, t, length):
        # the natural log is exact: math.e as a float would cost 17 digits in ln(base)
        scale = 1 if self.base == math.e else mpmath.log(self.base)
        return scale * (mpmath.li(1 + t) - mpmath.li(2))


class PowerDiscount(Discount):
    """``D(r) = r^{-beta}``, beta > 0 (Wang et al. 2013, Theorems 3 and 5; beta=1 is Zipf).

    Examples
    --------
    >>> import rankmeasures as rm
    >>> d = rm.PowerDiscount(0.5)  # 1/sqrt(r)
    >>> d.evaluate([1, 4, 9]).tolist()
    [1.0, 0.5, 0.3333333333333333]
    >>> float(d.integral(4))  # F(t) = 2 (sqrt(t) - 1)
    2.0
    """

    def __init__(self, beta: float):
        check_real("beta", beta, gt=0)
        self.beta = beta
        self.name = "1/r" if beta == 1 else f"r^-{beta:g}"

    def _evaluate(self, p, ln):
        return p ** (-float(self.beta))

    @property
    def expr(self):
        r, n, _t = symbols()
        return r ** (-sympy.nsimplify(self.beta, rational=True))

    def integral_expr(self):
        r, n, _t = symbols()
        b = sympy.nsimplify(self.beta, rational=True)
        if b == 1:
            return sympy.log(_t)
        return (_t ** (1 - b) - 1) / (1 - b)

    def _integral(self, t, length):
        b = mpmath.mpf(repr(float(self.beta)))  # the decimal as written: 0.5, not a double
        if b == 1:
            return mpmath.log(t)
        return (t ** (1 - b) - 1) / (1 - b)


class ExponentialDiscount(Discount):
    """``D(r) = b^{-r}`` (a summable discount, Wang et al. 2013, Theorem 6; Figure 3 uses 2^-r).

    Examples
    --------
    >>> import rankmeasures as rm
    >>> d = rm.ExponentialDiscount()  # 2^-r
    >>> d.evaluate([1, 2, 3]).tolist()
    [0.5, 0.25, 0.125]
    >>> d.partial_sums(3).tolist()  # bounded by 1 = sum of all 2^-r
    [0.5, 0.75, 0.875]
    """

    def __init__(self, base: float = 2):
        check_real("base", base, gt=1)
        self.base = base
        self.name = f"{base:g}^-r"

    def _evaluate(self, p, ln):
        return float(self.base) ** (-p)

    @property
    def expr(self):
        r, n, _t = symbols()
        return sympy.nsimplify(self.base, rational=True) ** (-r)

    def integral_expr(self):
        r, n, _t = symbols()
        b = sympy.nsimplify(self.base, rational=True)
        return (b ** (-1) - b ** (-_t)) / sympy.log(b)

    def _integral(self, t, length):
        b = mpmath.mpf(self.base)
        return (1 / b - b ** (-t)) / mpmath.log(b)


class LinearDiscount(Discount):
    """``D(i) = |S| - i`` for positions i = 1..|S| (Jin & Geng, eq. (1)).

    The bottom item gets weight 0; the discount depends on the list length ``n = |S|``.

    Examples
    --------
    >>> import rankmeasures as rm
    >>> d = rm.LinearDiscount()
    >>> d.weights(4).tolist()  # |S| - i for |S| = 4
    [3.0, 2.0, 1.0, 0.0]
    >>> d.evaluate([1, 2], length=3).tolist()
    [2.0, 1.0]
    >>> d.evaluate([1])
    Traceback (most recent call last):
    ...
    ValueError: length: the |S|-i discount depends on the list length n
    """

    name = "|S|-i"
    needs_n = True

    def _evaluate(self, p, ln):
        if np.any(p > ln):
            raise ValueError("r: positions exceed the list length n")
        return ln - p

    @property
    def expr(self):
        r, n, _t = symbols()
        return n - r

    def integral_expr(self):
        r, n, _t = symbols()
        return n * (_t - 1) - (_t**2 - 1) / 2

    def _integral(self, t, length):
        return mpmath.mpf(length) * (t - 1) - (t**2 - 1) / 2


class TopKDiscount(Discount):
    """The top-k discount of Shalev-Shwartz & Ben-David (2014), Section 17.4.

    The book indexes positions by ``i = pi(y')_i`` in ``{1, ..., r}`` with ``i = r`` the top,
    and sets ``D(i) = 1/log2(r - i + 2)`` for ``i in {r-k+1, ..., r}``, else 0
    (:meth:`book_form`). In top-down positions ``j = r - i + 1`` this is
    ``1/log2(1 + j) 1[j <= k]``, which :meth:`evaluate` returns.

    Examples
    --------
    >>> import rankmeasures as rm
    >>> rm.TopKDiscount(3).evaluate([1, 3, 4]).tolist()  # 1/log2(2), 1/log2(4), 0
    [1.0, 0.5, 0.0]

    The same weights in the book's indexing, ``i = r - j + 1`` for a list of r = 4:

    >>> rm.TopKDiscount.book_form([4, 2, 1], 4, 3).tolist()
    [1.0, 0.5, 0.0]
    """

    needs_n = False

    def __init__(self, k: int):
        self.k = check_int("k", k, min=1)
        self.name = f"textbook top-{k}"

    @staticmethod
    def book_form(i, r_len, k) -> np.ndarray:
        """``D(i)`` exactly as printed: ``1/log2(r - i + 2)`` if ``r-k+1 <= i <= r`` else 0."""
        i = np.asarray(i, dtype=np.float64)
        inside = (i >= r_len - k + 1) & (i <= r_len)
        with np.errstate(divide="ignore", invalid="ignore"):
            val = 1.0 / np.log2(r_len - i + 2)
        return np.where(inside, val, 0.0)

    def _evaluate(self, p, ln):
        return np.where(p <= self.k, 1.0 / np.log2(1.0 + p), 0.0)

    @property
    def expr(self):
        r, n, _t = symbols()
        return sympy.Piecewise((sympy.log(2) / sympy.log(1 + r), r <= self.k), (0, True))

    def _integral(self, t, length):
        return log2_discount.integral(min(t, mpmath.mpf(self.k)), dps=mpmath.mp.dps)


log_discount = LogDiscount()
log2_discount = LogDiscount(2)
zipf_discount = PowerDiscount(1)
exponential_discount = ExponentialDiscount(2)
linear_discount = LinearDiscount()


def power_discount(beta: float) -> PowerDiscount:
    """``r^{-beta}`` (Wang et al. 2013, Theorem 3 for 0 < beta < 1).

    Parameters
    ----------
    beta : float
        The exponent, a finite real number > 0 (Python or numpy, not a bool); ``beta = 1``
        is the Zipf discount ``1/r``.

    Returns
    -------
    PowerDiscount
        A new discount ``D(r) = r^{-beta}``, independent of the list length.

    Raises
    ------
    ValueError
        If ``beta`` is not a finite real number > 0.

    Examples
    --------
    >>> import rankmeasures as rm
    >>> rm.power_discount(2).evaluate([1, 2, 4]).tolist()  # 1, 1/4, 1/16
    [1.0, 0.25, 0.0625]
    """
    return PowerDiscount(beta)


def topk_discount(k: int) -> TopKDiscount:
    """The textbook top-k discount (Shalev-Shwartz & Ben-David 2014, Section 17.4).

    Parameters
    ----------
    k : int
        The number of top positions that count, a positive integer (Python or numpy, not
        a bool and not a float such as ``2.0``).

    Returns
    -------
    TopKDiscount
        ``D(r) = 1/log2(1 + r)`` for ``r <= k``, else 0, in top-down positions (the book's
        own indexing is :meth:`TopKDiscount.book_form`); independent of the list length.

    Raises
    ------
    ValueError
        If ``k`` is not a positive integer.

    Examples
    --------
    >>> import rankmeasures as rm
    >>> rm.topk_discount(1).weights(3).tolist()  # only the top position counts
    [1.0, 0.0, 0.0]
    """
    return TopKDiscount(k)
