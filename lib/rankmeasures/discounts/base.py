"""The protocol of a discount D(r) (:class:`Discount`) and its cut-off D(r) 1[r <= k].

A discount is evaluated at 1-based positions ``r`` of a list of length ``n`` (most
discounts ignore ``n``; the linear discount of Jin & Geng and the cut-off ``k = c n`` of
Wang et al. use it). Every discount knows

* ``D(r)`` (:meth:`Discount.evaluate`, vectorised over numpy arrays),
* its partial sums (:meth:`Discount.partial_sums`),
* ``F(t) = \\int_1^t D(r) dr`` (:meth:`Discount.integral`, mpmath at any precision, from
  a closed form where one is known, else by quadrature), and
* its sympy form (:attr:`Discount.expr`, in the symbols ``r`` and ``n`` of
  :mod:`rankmeasures.discounts`), where it has one.

Every discount can be cut off after a position k (:meth:`Discount.cut`, the class
:class:`CutoffDiscount`): the cut-off is an operation of the protocol, and so lives with
it (a module of its own would import this one and be imported by :meth:`Discount.cut`,
an import cycle).

References
----------
Wang, Wang, Li, He, Liu, Chen (2013), "A Theoretical Analysis of NDCG Type Ranking
Measures", Definition 1 (DCG and the discount), Definition 5 (F(t)), Section 3.3 and
Theorems 6-9 (cut-offs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .._lazy import LazyModule
from .._validation import check_int, check_real

if TYPE_CHECKING:  # the modules themselves, for the annotations
    import mpmath
    import sympy
else:
    mpmath = LazyModule("mpmath")
    sympy = LazyModule("sympy")

__all__ = ["Discount", "CutoffDiscount"]


#: the sympy symbols (r, n, t), made on first use (:func:`symbols`)
_SYMBOLS: tuple = ()


def symbols() -> tuple:
    """The sympy symbols ``(r, n, t)`` of every discount's sympy form, made on first use.

    ``r`` is the position (1-based rank), ``n`` the list length for discounts that depend
    on it, ``t`` the upper limit of ``F(t)``. The package's attributes
    ``rankmeasures.discounts.r`` and ``n`` are the same objects, made on first access, so
    that sympy loads only when asked for. Shared by the package's modules, not part of the
    public API (not in ``__all__``).

    Examples
    --------
    >>> r, n, t = symbols()
    >>> r.is_positive, n.is_integer, str(t)
    (True, True, 't')
    """
    global _SYMBOLS
    if not _SYMBOLS:
        _SYMBOLS = (sympy.Symbol("r", positive=True),
                    sympy.Symbol("n", positive=True, integer=True),
                    sympy.Symbol("t", positive=True))
    return _SYMBOLS


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

    Subclasses implement :meth:`_evaluate` (numpy) and may override :attr:`expr` (sympy),
    :meth:`_integral` (mpmath closed form of ``F(t)``) and :meth:`fill` (a faster inner
    loop with :meth:`evaluate`'s bits).

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

    def fill(self, first: int, out: np.ndarray, length=None) -> None:
        """Write ``D(first), D(first + 1), ...`` into the float64 array ``out``.

        The fast path of :meth:`weights` for an inner loop: the positions are taken as
        valid (``first >= 1`` an integer, as a simulator's running positions are) and not
        re-checked, and the values are those of :meth:`evaluate`, bit for bit. Its caller
        is the order-statistic simulator (:mod:`rankmeasures.theory.segments`).

        Parameters
        ----------
        first : int
            The position of ``out[0]`` (1 is the top); not checked.
        out : ndarray of float64
            Written in place, ``out.size`` values.
        length : int, optional
            List length ``n``; required when :attr:`needs_n` is true.

        Examples
        --------
        >>> import numpy as np
        >>> import rankmeasures as rm
        >>> out = np.empty(3)
        >>> rm.as_discount("zipf").fill(2, out)
        >>> out.tolist()  # 1/2, 1/3, 1/4
        [0.5, 0.3333333333333333, 0.25]
        """
        out[...] = self._evaluate(np.arange(first, first + out.size, dtype=np.float64),
                                  self._length(length))

    def _length(self, length) -> np.ndarray | None:
        if not self.needs_n:
            return None
        if length is None:
            raise ValueError(f"length: the {self.name} discount depends on the list length n")
        return np.asarray(length, dtype=np.float64)

    def at_real(self, x, length=None) -> float:
        """``D(x)`` at a real ``x >= 1`` in double precision: the discount's own formula
        read between ranks, the integrand of ``F(t)`` (Wang et al. 2013, Definition 5)
        where no sympy form exists. ``x`` is not checked to be a rank.

        Parameters
        ----------
        x : float
            A real position, 1 is the top.
        length : int, optional
            List length ``n`` when the discount depends on it.

        Examples
        --------
        >>> import rankmeasures as rm
        >>> rm.as_discount("zipf").at_real(2.5)
        0.4
        """
        ln = None if length is None else np.asarray(float(length), dtype=np.float64)
        return float(self._evaluate(np.array([float(x)]), ln)[0])

    # -- exact forms ---------------------------------------------------------------
    @property
    def expr(self) -> sympy.Expr | None:
        """The sympy form of D in the symbols ``r`` (and ``n``), or None."""
        return None

    def integral_expr(self) -> sympy.Expr | None:
        """``F(t) = int_1^t D(r) dr`` as a sympy expression in the symbol ``t`` (and ``n``).

        Wang et al. (2013), Definition 5. Returns None when sympy finds no closed form.
        """
        r, n, _t = symbols()
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
        r, n, _t = symbols()
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
                def f(x):  # at real x: the callable itself, not the check of integer ranks
                    return mpmath.mpf(self.at_real(x, length))
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
        if not isinstance(base, Discount):
            raise ValueError(f"base: a Discount, got {type(base).__name__} (rankmeasures.cutoff "
                             "takes a name, an expression or a callable)")
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

    def fill(self, first, out, length=None):
        # the base discount over the ranks up to k only, zeros after: evaluate's bits
        # without computing D where the cut-off discards it
        kept = int(min(out.size, max(0.0, float(self.cutoff_at(self._length(length)))
                                     - first + 1)))
        if kept:
            self.base.fill(first, out[:kept], length)
        out[kept:] = 0.0

    def _k_expr(self):
        r, n, _t = symbols()
        if self.k is not None:
            return self.k
        if self.fraction is not None:
            return sympy.ceiling(sympy.nsimplify(self.fraction, rational=True) * n)
        return sympy.ceiling(n ** sympy.nsimplify(self.exponent, rational=True))

    @property
    def expr(self):
        r, n, _t = symbols()
        e = self.base.expr
        if e is None:
            return None
        return sympy.Piecewise((e, r <= self._k_expr()), (0, True))

    def integral_expr(self):
        r, n, _t = symbols()
        fb = self.base.integral_expr()
        if fb is None:
            return None
        kk = self._k_expr()
        return sympy.Piecewise((fb, _t <= kk), (fb.subs(_t, kk), True))

    def cutoff_mp(self, length) -> mpmath.mpf:
        """The cut-off position k for a list of ``length``, in mpmath at the working
        precision: :meth:`cutoff_at` for the exact sums and integrals of the theory
        (:mod:`rankmeasures.theory.asymptotics`), a decimal fraction or exponent taken as
        written, so ``k = ceil(c n)`` and ``k = ceil(n^a)`` hold for n far beyond float64.

        Examples
        --------
        >>> import rankmeasures as rm
        >>> d = rm.cutoff(rm.log2_discount, fraction=0.25)
        >>> d.cutoff_mp(10**30)
        mpf('2.5e+29')
        >>> rm.cutoff(rm.log2_discount, exponent=0.5).cutoff_mp(10**6)
        mpf('1000.0')
        """
        if self.k is not None:
            return mpmath.mpf(self.k)
        if self.fraction is not None:
            return mpmath.ceil(mpmath.mpf(repr(float(self.fraction))) * length)
        assert self.exponent is not None  # one of k, fraction, exponent is set
        x = mpmath.mpf(length) ** mpmath.mpf(repr(float(self.exponent)))
        return mpmath.ceil(x * (1 - mpmath.mpf(10) ** (-mpmath.mp.dps + 5)))

    def _integral(self, t, length):
        return self.base.integral(min(t, self.cutoff_mp(length)), length, dps=mpmath.mp.dps)
