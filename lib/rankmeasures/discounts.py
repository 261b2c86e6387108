"""Discount functions D(r) of DCG-type measures.

A discount is evaluated at 1-based positions ``r`` of a list of length ``n`` (most
discounts ignore ``n``; the linear discount of Jin & Geng and the cut-off ``k = c n`` of
Wang et al. use it). Every discount knows

* ``D(r)`` (:meth:`Discount.evaluate`, vectorised over numpy arrays),
* its partial sums (:meth:`Discount.partial_sums`),
* ``F(t) = \\int_1^t D(r) dr`` (:meth:`Discount.integral`, mpmath at any precision, from
  a closed form where one is known, else by quadrature), and
* its sympy form (:attr:`Discount.expr`, in the symbols :data:`r` and :data:`n`), where it
  has one.

References
----------
Wang, Wang, Li, He, Liu, Chen (2013), "A Theoretical Analysis of NDCG Type Ranking
Measures", Definition 1 (DCG and the discount), Definition 5 (F(t)), Theorems 1, 3, 5, 8, 9.
Jin & Geng, "Linear NDCG and Pair-wise Loss", eq. (1) (the linear discount |S| - i).
Shalev-Shwartz & Ben-David (2014), Section 17.4 (the top-k discount indexed with the top
at position r).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from ._lazy import LazyModule, is_instance_of
from ._validation import check_int, check_real

if TYPE_CHECKING:  # the modules themselves, for the annotations
    import mpmath
    import sympy

    from ._typing import DiscountLike
else:
    mpmath = LazyModule("mpmath")
    sympy = LazyModule("sympy")

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



def _symbols():
    """The sympy symbols ``(r, n, t)`` of every discount's sympy form, made on first use.

    ``r`` is the position (1-based rank), ``n`` the list length for discounts that depend
    on it, ``t`` the upper limit of ``F(t)``. Module attributes ``r`` and ``n`` resolve
    to the same objects (:func:`__getattr__`), so sympy loads only when asked for.
    """
    g = globals()
    if "r" not in g:
        g["r"] = sympy.Symbol("r", positive=True)
        g["n"] = sympy.Symbol("n", positive=True, integer=True)
        g["_t"] = sympy.Symbol("t", positive=True)
    return g["r"], g["n"], g["_t"]


def __getattr__(name):
    if name in ("r", "n", "_t"):
        return _symbols()[("r", "n", "_t").index(name)]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _as_positions(pos) -> np.ndarray:
    arr = np.asarray(pos, dtype=np.float64)
    if arr.size and (np.any(arr < 1) or not np.all(arr == np.round(arr))):
        raise ValueError("r: positions must be integers >= 1")
    return arr


def log_grid(top: float) -> list:
    """Break points 0, 1, 3, 7, 15, ... (pieces of length 1, 2, 4, 8, ...; then ``top``)
    for quadrature in u = log x; the integrand is smooth in u, so doubling pieces keep
    full precision up to x = 1e100. Quadrature plumbing shared with
    :mod:`rankmeasures.theory.asymptotics`, not part of the public API (not in ``__all__``).

    Examples
    --------
    >>> [float(u) for u in log_grid(10.0)]
    [0.0, 1.0, 3.0, 7.0, 10.0]
    """
    pts = [mpmath.mpf(0)]
    step = mpmath.mpf(1)
    while pts[-1] + step < top:
        pts.append(pts[-1] + step)
        step *= 2
    pts.append(top)
    return pts


class Discount:
    """Base class: a discount ``D(r)`` for positions ``r = 1, 2, ...``.

    Subclasses implement :meth:`_evaluate` (numpy) and may override :attr:`expr` (sympy)
    and :meth:`_integral` (mpmath closed form of ``F(t)``).

    Examples
    --------
    Every discount answers the same questions; here ``D(r) = 1/r``:

    >>> import math
    >>> import rankmeasures as rm
    >>> d = rm.as_discount("zipf")
    >>> d.evaluate([1, 2, 4]).tolist()
    [1.0, 0.5, 0.25]
    >>> d.partial_sums(2).tolist()  # 1, 1 + 1/2
    [1.0, 1.5]
    >>> round(float(d.integral(math.e)), 6)  # F(t) = ln t
    1.0
    >>> d.cut(2).weights(3).tolist()
    [1.0, 0.5, 0.0]
    >>> d.expr
    1/r
    """

    name: str = "discount"
    #: True when D depends on the list length n.
    needs_n: bool = False

    # -- numerics -----------------------------------------------------------------
    def evaluate(self, pos, length=None) -> np.ndarray:
        """``D(r)`` at 1-based positions ``pos`` of a list of length ``length``.

        Parameters
        ----------
        pos : array_like of int
            Positions, 1 is the top.
        length : int or array_like of int, optional
            List length ``n`` (broadcast against ``pos``); required when
            :attr:`needs_n` is true.

        Returns
        -------
        ndarray of float64, the shape of ``np.broadcast(pos, length)``.
        """
        p = _as_positions(pos)
        if self.needs_n:
            if length is None:
                raise ValueError(f"length: the {self.name} discount depends on the list length n")
            ln = np.asarray(length, dtype=np.float64)
        else:
            ln = None
        return self._evaluate(p, ln)

    def __call__(self, pos, length=None) -> np.ndarray:
        return self.evaluate(pos, length)

    def weights(self, length: int) -> np.ndarray:
        """``[D(1), ..., D(length)]`` for one list of the given length."""
        # positions 1..length are valid by construction: no need to check them
        ln = np.asarray(length, dtype=np.float64) if self.needs_n else None
        return np.asarray(self._evaluate(np.arange(1, length + 1, dtype=np.float64), ln),
                          dtype=np.float64)

    def partial_sums(self, length: int) -> np.ndarray:
        """``[D(1), D(1)+D(2), ..., sum_{r<=length} D(r)]`` (the IDCG of an all-relevant list)."""
        return np.cumsum(self.weights(length))

    def _evaluate(self, p: np.ndarray, ln: np.ndarray | None) -> np.ndarray:
        raise NotImplementedError

    def _fill(self, first: int, out: np.ndarray, ln: np.ndarray | None) -> None:
        """Write ``D(first), D(first + 1), ...`` into the float64 array ``out``.

        The positions are valid by construction (the simulator's running positions), so
        nothing is re-checked; the values are those of :meth:`_evaluate`, bit for bit.
        Private to the package on purpose: its one caller is the order-statistic simulator
        (:mod:`rankmeasures.theory.segments`), and a public method of a measure checks its
        input (:meth:`evaluate`, :meth:`weights` do), which would cost this inner loop the
        time it exists to save.
        """
        out[...] = self._evaluate(np.arange(first, first + out.size, dtype=np.float64), ln)

    # -- exact forms ---------------------------------------------------------------
    @property
    def expr(self) -> sympy.Expr | None:
        """The sympy form of D in the symbols ``r`` (and ``n``), or None."""
        return None

    def integral_expr(self) -> sympy.Expr | None:
        """``F(t) = int_1^t D(r) dr`` as a sympy expression in the symbol ``t`` (and ``n``).

        Wang et al. (2013), Definition 5. Returns None when sympy finds no closed form.
        """
        r, n, _t = _symbols()
        e = self.expr
        if e is None:
            return None
        res = sympy.integrate(e, (r, 1, _t))
        return None if res.has(sympy.Integral) else sympy.simplify(res)

    def integral(self, t, length=None, dps: int = 30) -> mpmath.mpf:
        """``F(t) = int_1^t D(r) dr`` at ``dps`` decimal digits (Wang et al. 2013, Def. 5).

        Uses the closed form where the discount has one (valid for t up to 1e100 and
        beyond), else mpmath quadrature of the sympy form, else of the numpy callable
        (then only double precision).
        """
        r, n, _t = _symbols()
        with mpmath.workdps(dps):
            tt = mpmath.mpf(t)
            if tt < 1:
                raise ValueError(f"t: F(t) is defined for t >= 1, got {t}")
            if self.needs_n and length is None:
                raise ValueError(f"length: the {self.name} discount depends on the list length n")
            closed = self._integral(tt, length)
            if closed is not None:
                return +closed
            e = self.expr
            if e is not None:
                e = e.subs(n, length) if self.needs_n else e
                f = sympy.lambdify(r, e, modules="mpmath")
            else:
                ln = None if length is None else np.float64(float(length))

                def f(x):  # at real x: the callable itself, not the check of integer ranks
                    return mpmath.mpf(float(self._evaluate(np.array([float(x)]), ln)[0]))
            # in u = log x: every decade of x is a unit-scale piece, so t = 1e100 keeps its
            # digits (quadrature over [1, t] would not)
            return mpmath.quad(lambda u: f(mpmath.exp(u)) * mpmath.exp(u),
                               log_grid(mpmath.log(tt)))

    def _integral(self, t: mpmath.mpf, length) -> mpmath.mpf | None:
        return None

    # -- composition ---------------------------------------------------------------
    def cut(self, k: int | None = None, *, fraction: float | None = None) -> CutoffDiscount:
        """This discount cut off after position ``k`` (or ``k = ceil(fraction * n)``)."""
        return CutoffDiscount(self, k=k, fraction=fraction)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


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

    def _fill(self, first, out, ln):
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
        r, n, _t = _symbols()
        if self.base == math.e:
            return 1 / sympy.log(1 + r)
        b = sympy.nsimplify(self.base, rational=True)
        return sympy.log(b) / sympy.log(1 + r)

    def integral_expr(self):
        # F(t) = ln(b) (li(1+t) - li(2)) = ln(b) Li(1+t), Wang et al. (2013), eq. (19).
        r, n, _t = _symbols()
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
        r, n, _t = _symbols()
        return r ** (-sympy.nsimplify(self.beta, rational=True))

    def integral_expr(self):
        r, n, _t = _symbols()
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
        r, n, _t = _symbols()
        return sympy.nsimplify(self.base, rational=True) ** (-r)

    def integral_expr(self):
        r, n, _t = _symbols()
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
        r, n, _t = _symbols()
        return n - r

    def integral_expr(self):
        r, n, _t = _symbols()
        return n * (_t - 1) - (_t**2 - 1) / 2

    def _integral(self, t, length):
        return mpmath.mpf(length) * (t - 1) - (t**2 - 1) / 2


class CutoffDiscount(Discount):
    """``D_k(r) = D(r) 1[r <= k]``: NDCG@k (Wang et al. 2013, Section 3.3).

    A fixed ``k`` (a bounded cut-off: the discount becomes summable, Theorem 6's regime),
    ``k = ceil(n^exponent)`` with ``0 < exponent < 1`` (``k -> infinity, k = o(n)``:
    Theorem 7) or ``k = ceil(fraction * n)`` (Theorems 8, 9, 12, 13 study k = c n; the
    ceiling keeps k >= 1 for every n >= 1).

    Examples
    --------
    >>> import rankmeasures as rm
    >>> zipf = rm.PowerDiscount(1)
    >>> rm.CutoffDiscount(zipf, k=2).weights(4).tolist()
    [1.0, 0.5, 0.0, 0.0]
    >>> int(rm.CutoffDiscount(zipf, fraction=0.5).cutoff_at(5))  # ceil(0.5 * 5)
    3
    >>> [int(rm.CutoffDiscount(zipf, exponent=0.5).cutoff_at(n)) for n in (9, 10)]
    [3, 4]

    (``ceil(sqrt(9)) = 3``, ``ceil(sqrt(10)) = 4``.)
    """

    def __init__(self, base: Discount, k: int | None = None, *, fraction: float | None = None,
                 exponent: float | None = None):
        base = as_discount(base)
        if sum(x is not None for x in (k, fraction, exponent)) != 1:
            raise ValueError("k, fraction, exponent: give exactly one of a fixed k, a fraction "
                             "c (k = c n) or an exponent a (k = n^a)")
        if exponent is not None:
            check_real("exponent", exponent, gt=0, lt=1, why="k = n^a, o(n)")
        if k is not None:
            k = check_int("k", k, min=1)
        elif fraction is not None:
            check_real("fraction", fraction, gt=0, le=1)
        self.base, self.k, self.fraction, self.exponent = base, k, fraction, exponent
        self.needs_n = base.needs_n or k is None
        self.name = f"{base.name}@" + (str(k) if k is not None else f"{fraction:g}n"
                                       if fraction is not None else f"n^{exponent:g}")

    def cutoff_at(self, length):
        """The cut-off position k for a list of the given length."""
        if self.k is not None:
            return self.k
        ln = np.asarray(length, dtype=np.float64)
        if self.fraction is not None:
            return np.ceil(self.fraction * ln)
        x = ln ** self.exponent
        return np.ceil(x * (1 - 1e-12))  # n^a of a perfect power is k itself, not k + 1

    def _evaluate(self, p, ln):
        d = self.base._evaluate(p, ln)
        return np.where(p <= self.cutoff_at(ln), d, 0.0)

    def _fill(self, first, out, ln):
        # the base discount over the ranks up to k only, zeros after: _evaluate's bits
        # without computing D where the cut-off discards it
        kept = int(min(out.size, max(0.0, float(self.cutoff_at(ln)) - first + 1)))
        if kept:
            self.base._fill(first, out[:kept], ln)
        out[kept:] = 0.0

    def _k_expr(self):
        r, n, _t = _symbols()
        if self.k is not None:
            return self.k
        if self.fraction is not None:
            return sympy.ceiling(sympy.nsimplify(self.fraction, rational=True) * n)
        return sympy.ceiling(n ** sympy.nsimplify(self.exponent, rational=True))

    @property
    def expr(self):
        r, n, _t = _symbols()
        e = self.base.expr
        if e is None:
            return None
        return sympy.Piecewise((e, r <= self._k_expr()), (0, True))

    def integral_expr(self):
        r, n, _t = _symbols()
        fb = self.base.integral_expr()
        if fb is None:
            return None
        kk = self._k_expr()
        return sympy.Piecewise((fb, _t <= kk), (fb.subs(_t, kk), True))

    def _k_mp(self, length):
        """The cut-off for a list of ``length`` in mpmath (a decimal fraction or exponent
        taken as written)."""
        if self.k is not None:
            return mpmath.mpf(self.k)
        if self.fraction is not None:
            return mpmath.ceil(mpmath.mpf(repr(float(self.fraction))) * length)
        x = mpmath.mpf(length) ** mpmath.mpf(repr(float(self.exponent)))
        return mpmath.ceil(x * (1 - mpmath.mpf(10) ** (-mpmath.mp.dps + 5)))

    def _integral(self, t, length):
        return self.base.integral(min(t, self._k_mp(length)), length, dps=mpmath.mp.dps)


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
        r, n, _t = _symbols()
        return sympy.Piecewise((sympy.log(2) / sympy.log(1 + r), r <= self.k), (0, True))

    def _integral(self, t, length):
        return log2_discount.integral(min(t, mpmath.mpf(self.k)), dps=mpmath.mp.dps)


class CustomDiscount(Discount):
    """A user-defined discount from a sympy expression in ``r`` (and ``n``) or a callable.

    Parameters
    ----------
    func : callable, optional
        ``func(r)`` or, with ``needs_n=True``, ``func(r, n)`` on float arrays.
    expr : sympy expression, optional
        In the symbols :data:`r` and optionally :data:`n` of this module.
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
        r, n, _t = _symbols()
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


log_discount = LogDiscount()
log2_discount = LogDiscount(2)
zipf_discount = PowerDiscount(1)
exponential_discount = ExponentialDiscount(2)
linear_discount = LinearDiscount()

_NAMED = {
    "log": log_discount,
    "ln": log_discount,
    "log2": log2_discount,
    "zipf": zipf_discount,
    "exp2": exponential_discount,
    "linear": linear_discount,
}


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
        is an alias of ``"log"``) gives the module's shared instance. A sympy expression
        in this module's symbols :data:`r` and optionally :data:`n` gives a
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
        other than this module's ``r`` and ``n`` (``sympy.Symbol("r")`` made without
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
