"""Large-n behaviour of NDCG for binary relevance (Wang et al. 2013).

A ranking function is summarised by its relevance curve ``ybar(s) = P[Y = 1 | ftilde(X) =
s]`` on [0, 1], where ``ftilde`` is the canonical (uniform) version of f (Definition 2,
Lemma 1); ``s`` near 1 is the top of the ranking and ``p = int_0^1 ybar`` is P[Y = 1].

* :func:`pseudo_expectation` — Definition 5: ``N_D(n) = Ntilde(n) / F(np)`` with
  ``Ntilde(n) = int_1^n ybar(1 - s/n) D(s) ds`` and ``F(t) = int_1^t D``, at any precision
  and for n up to 1e100 and beyond (mpmath quadrature on a log-spaced grid);
* :func:`ndcg_limit` — the limits of Theorems 1, 3, 5, 7, 8 and 9 for the discount given.

``ybar`` is a callable that accepts mpmath numbers (numpy-only callables work at double
precision), a sympy expression in the symbol :data:`s`, or a
:class:`~rankmeasures.theory.relevance.GradedRelevance`; the curves, their breakpoints and
the quadrature sites split there are in :mod:`rankmeasures.theory.relevance`.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import mpmath
import numpy as np
import sympy

from .._validation import check_int
from ..discounts import (
    CutoffDiscount,
    Discount,
    ExponentialDiscount,
    LogDiscount,
    PowerDiscount,
    TopKDiscount,
    as_discount,
)
from ..discounts.base import log_grid
from ..expressions import s  # the canonical score symbol of sympy relevance curves
from .relevance import (
    GradedRelevance,
    curve_breakpoints,
    order_statistic_density,
    quadrature_sites,
    relevance_curve,
    relevance_rate,
    with_breakpoints,
)

if TYPE_CHECKING:
    from .._typing import DiscountLike

__all__ = [
    "s",
    "expected_dcg",
    "pseudo_expectation",
    "ndcg_limit",
    "log_discount_separation",
    "log_discount_rate",
    "equal_limit_difference",
]


def _polynomial_in_u(ybar):
    """Coefficients ``a_k`` of ``ybar(1 - u) = sum_k a_k u^k`` when ``ybar`` is a sympy
    polynomial in ``s``, else None."""
    if not isinstance(ybar, sympy.Basic):
        return None
    u = sympy.Dummy("u")
    try:
        poly = sympy.Poly(sympy.expand(ybar.subs(s, 1 - u)), u)
    except sympy.PolynomialError:
        return None
    if poly.free_symbols - {u}:
        return None
    return poly.all_coeffs()[::-1]


def _power_sum(sigma, m: int):
    """``sum_{r=1}^m r^-sigma`` at the working precision.

    Term by term up to m = 10^4; beyond, the Euler-Maclaurin expansion
    ``zeta(sigma) + m^(1-sigma)/(1-sigma) + m^-sigma/2
    + sum_k B_2k/(2k)! (-1)^(2k-1) sigma^(2k-1 rising) m^(-sigma-2k+1)``
    (``log m + gamma + ...`` at sigma = 1), whose terms shrink like (2 pi m)^-2k: a few
    dozen give any precision (mpmath's Hurwitz zeta takes seconds at m = 10^6).
    """
    if m <= 10**4:
        return mpmath.fsum(mpmath.mpf(i) ** (-sigma) for i in range(1, m + 1))
    mm = mpmath.mpf(m)
    if sigma == 1:
        total = mpmath.log(mm) + mpmath.euler + 1 / (2 * mm)
    else:
        total = mpmath.zeta(sigma) + mm ** (1 - sigma) / (1 - sigma) + mm ** (-sigma) / 2
    eps = mpmath.mpf(2) ** (-mpmath.mp.prec) * abs(total)
    for k in range(1, 200):
        term = (mpmath.bernoulli(2 * k) / mpmath.factorial(2 * k) * -mpmath.rf(sigma, 2 * k - 1)
                * mm ** (-sigma - 2 * k + 1))
        total += term
        if abs(term) < eps:
            return total
    raise ArithmeticError(f"_power_sum: no convergence for sigma = {sigma}, m = {m}")


def _discount_moments(d: Discount, n: int, degree: int) -> list:
    """``P_j = sum_{r=1}^{n} D(r) r^j`` for j = 0..degree, in mpmath.

    A pure or cut ``r^-beta`` uses Hurwitz zeta sums (any n, 1e64 included); other
    discounts are summed term by term (n up to ~1e6)."""
    base, m = d, mpmath.mpf(n)
    if isinstance(d, CutoffDiscount):
        base, m = d.base, min(m, d.cutoff_mp(n))
    elif isinstance(d, TopKDiscount):
        base, m = LogDiscount(2), min(m, mpmath.mpf(d.k))
    m = int(m)
    if isinstance(base, PowerDiscount):
        beta = _exact(base.beta)
        return [_power_sum(beta - j, m) for j in range(degree + 1)]
    if m > 10**6:
        raise ValueError(f"n: term-by-term sums of the {d.name} discount are limited to "
                         f"10^6 positions, got {m}")
    if base.expr is not None and not base.needs_n:
        from ..discounts import r as r_sym

        dfun = sympy.lambdify(r_sym, base.expr, modules="mpmath")
        w = [dfun(mpmath.mpf(i)) for i in range(1, m + 1)]
    else:
        w = [mpmath.mpf(float(x)) for x in base.weights(n)[:m]] if not base.needs_n else [
            mpmath.mpf(float(x)) for x in base.evaluate(range(1, m + 1), n)]
    out = []
    for j in range(degree + 1):
        out.append(mpmath.fsum(wi * mpmath.mpf(i) ** j for i, wi in enumerate(w, start=1)))
    return out


def expected_dcg(ybar: Any, discount: DiscountLike, n: int, *, dps: int = 30) -> mpmath.mpf:
    """The exact finite-n ``E[DCG] = sum_r D(r) E[ybar(ftilde(x_(r)))]`` (Wang et al.
    2013, Claim 2), ``ftilde(x_(r)) ~ Beta(n - r + 1, r)``.

    For a sympy **polynomial** curve this is closed form: with
    ``ybar(1 - u) = sum_k a_k u^k`` and ``1 - ftilde(x_(r)) ~ Beta(r, n - r + 1)``,
    ``E[u^k] = r^(k rising) / (n+1)^(k rising)``, and the rising factorial of r is a
    polynomial in r (Stirling numbers of the first kind), so
    ``E[DCG] = sum_k a_k / (n+1)^(k rising) sum_j c(k, j) sum_r D(r) r^j``. The inner sums
    are Hurwitz zeta values for ``r^-beta`` (any n, 1e64 included) and term-by-term sums
    otherwise; the precision is raised by the digits the alternating terms can cancel.
    Other curves take one quadrature per position (n up to a few hundred).

    Examples
    --------
    ``ybar(s) = s`` and n = 2: the top item's ``ftilde`` is Beta(2, 1) (mean 2/3), the
    second's Beta(1, 2) (mean 1/3), so with ``D(r) = 1/log2(1 + r)``
    ``E[DCG] = 2/3 + 1/(3 log2 3) = 0.87697658452...``

    >>> from rankmeasures.theory.asymptotics import s
    >>> round(float(expected_dcg(s, "log2", 2)), 12)
    0.876976584524
    """
    n = check_int("n", n, min=1)
    d = as_discount(discount)
    coeffs = _polynomial_in_u(ybar)
    if coeffs is not None:
        extra = 10 + len(str(n)) * len(coeffs)
        with mpmath.workdps(dps + extra):
            moments = _discount_moments(d, n, len(coeffs) - 1)
            total = mpmath.mpf(0)
            for k, a in enumerate(coeffs):
                if a == 0:
                    continue
                inner = sum(int(sympy.functions.combinatorial.numbers.stirling(
                    k, j, kind=1, signed=False)) * moments[j] for j in range(k + 1))
                total += mpmath.mpf(sympy.N(a, dps + extra)) * inner / mpmath.rf(n + 1, k)
        return +total
    f = relevance_curve(ybar)
    w = d.weights(n)
    with mpmath.workdps(dps + 5):
        sites = with_breakpoints([mpmath.mpf(0), mpmath.mpf(1)], curve_breakpoints(ybar),
                             lambda x: x)
        total = mpmath.mpf(0)
        for r in range(1, n + 1):
            if w[r - 1] == 0:
                continue
            mass = mpmath.quad(lambda x, r=r: order_statistic_density(r, n, x) * f(x), sites)
            total += mpmath.mpf(float(w[r - 1])) * mass
        return +total


def pseudo_expectation(ybar: Any, discount: DiscountLike, n: Any, *, dps: int = 30,
                       normalized: bool = True) -> mpmath.mpf:
    """The pseudo-expectation of NDCG (Wang et al. 2013, Definition 5).

    A pure function of its arguments, memoised: the last 4096 distinct calls are kept (a
    curve and a discount are the same argument when they are the same object, or equal
    sympy expressions), so that a table and a figure that show the same N(n) compute it
    once.

    ``Ntilde(n) = int_1^n ybar(1 - x/n) D(x) dx`` and, with ``normalized=True``,
    ``N_D(n) = Ntilde(n) / F(np)``.

    For graded relevance (:class:`GradedRelevance`) the numerator uses ``E[Y | s]`` and the
    normaliser is the continuous ideal ``sum_j value_j (F(n R_j) - F(n R_{j-1}))``.

    Parameters
    ----------
    ybar : callable, sympy expression in s, or GradedRelevance
    discount : Discount or name (cut-offs by a fraction of n are allowed)
    n : int or mpmath number, n >= 2 (1e100 is fine)
    dps : int
        Decimal digits of the computation.

    Returns
    -------
    mpmath.mpf

    Examples
    --------
    ``ybar = 1/2`` (so p = 1/2) and ``D(r) = r^(-1/2)``, whose ``F(t) = 2 (sqrt(t) - 1)``:
    ``Ntilde(200) = F(200)/2 = sqrt(200) - 1`` and ``N_D(200) = (sqrt(200) - 1)/F(100) =
    13.1421356.../18``.

    >>> import sympy
    >>> import rankmeasures as rm
    >>> round(float(pseudo_expectation(sympy.Rational(1, 2), rm.power_discount(0.5), 200)), 12)
    0.730118645763
    """
    try:
        return _pseudo_expectation_cached(ybar, discount, n, dps, normalized)
    except TypeError as exc:  # an argument that cannot be a dictionary key
        if "unhashable" not in str(exc):
            raise
        return _pseudo_expectation(ybar, discount, n, dps, normalized)


def _pseudo_expectation(ybar, discount, n, dps, normalized):
    graded = isinstance(ybar, GradedRelevance)
    f = ybar.mean if graded else relevance_curve(ybar)
    d = as_discount(discount)
    with mpmath.workdps(dps + 5):
        nn = mpmath.mpf(n)
        if nn < 2:
            raise ValueError(f"n: must be >= 2, got {n}")
        length = nn if d.needs_n else None
        expr = d.expr
        if expr is not None:
            from ..discounts import n as n_sym
            from ..discounts import r as r_sym

            dfun = sympy.lambdify(r_sym, expr.subs(n_sym, nn) if d.needs_n else expr,
                                  modules="mpmath")
        else:
            def dfun(x):  # at real x (the integral of Definition 5), in double precision
                return mpmath.mpf(d.at_real(x, length))
        kmax = nn
        if isinstance(d, CutoffDiscount):
            kmax = min(nn, d.cutoff_mp(nn))
        elif isinstance(d, TopKDiscount):
            kmax = min(nn, mpmath.mpf(d.k))
        # Ntilde = int_1^kmax ybar(1 - x/n) D(x) dx in t = log x: every decade of x is a
        # unit-scale piece (quadrature on x or x/n itself would lose digits for huge n,
        # mpmath's tolerance being absolute)
        top = mpmath.log(kmax)
        # a kink of ybar at s = b sits at x = n(1 - b), t = log(n(1 - b))
        pts = with_breakpoints(log_grid(top), curve_breakpoints(ybar),
                           lambda b: mpmath.log(nn * (1 - b)) if b < 1 else -mpmath.inf)
        def integrand(t):
            x = mpmath.exp(t)  # once: the integrand is x ybar(1 - x/n) D(x), x = e^t
            # a node next to t = log n can give x a few ulps above n: the score 1 - x/n
            # is then 0, not negative (sqrt(s) would turn complex)
            u = 1 - x / nn
            return f(u if u > 0 else mpmath.mpf(0)) * dfun(x) * x

        tilde = _quad_pieces(integrand, pts, smooth=expr is not None)
        if not normalized:
            return +tilde
        if not graded:
            p = relevance_rate(ybar, dps + 5)
            return +(tilde / d.integral(nn * p, length, dps=dps + 5))
        # the ideal list holds the grades in blocks [n R_{j-1}, n R_j]:
        # sum_j value_j (F(n R_j) - F(n R_{j-1})), with F(1) = 0 below position 1
        rates = ybar.level_rates(dps + 5)
        ideal, prev = mpmath.mpf(0), mpmath.mpf(0)
        for v, rj in zip(ybar.values, rates, strict=True):
            fj = d.integral(max(1, nn * rj), length, dps=dps + 5)
            ideal += v * (fj - prev)
            prev = fj
        return +(tilde / ideal)


_pseudo_expectation_cached = functools.lru_cache(maxsize=4096)(_pseudo_expectation)


def _quad_pieces(f, pts, *, smooth: bool) -> mpmath.mpf:
    """``int f`` over the pieces ``pts`` at the working precision, for ``f >= 0``.

    mpmath's error estimate is absolute and capped at 1: an integral of 1e98 (n = 1e100)
    never meets it and every piece runs to the highest degree. So ``f`` is first divided
    by a power of two near the integral (a low-degree pass; the division is exact), which
    makes the estimate relative. Then Gauss-Legendre where the integrand is analytic on
    every piece (a sympy discount and curve; the kinks of ybar are among ``pts``): it
    needs about half the evaluations of tanh-sinh there. Tanh-sinh (mpmath's default,
    robust to endpoint singularities such as ybar = sqrt(s) at x = n) when
    Gauss-Legendre's estimate has not converged, and for a numpy discount (values in
    double precision only).
    """
    rough = mpmath.quad(f, pts, method="gauss-legendre", maxdegree=2)
    scale = mpmath.ldexp(1, int(mpmath.mag(rough))) if rough > 0 else mpmath.mpf(1)

    def scaled(t):
        return f(t) / scale

    if smooth:
        value, err = mpmath.quad(scaled, pts, method="gauss-legendre", error=True)
        if err <= mpmath.eps:
            return value * scale
    return mpmath.quad(scaled, pts) * scale


def _exact(x):
    """A float parameter as the decimal it was written as (0.2 -> mpf('0.2'), not the
    binary double 0.2000000000000000111)."""
    return mpmath.mpf(repr(float(x)))


def _base_and_cut(d: Discount):
    """(base discount, cut, fraction c): the cut is a fixed k, ``mpmath.inf`` for a cut
    k = n^a (k -> infinity, k = o(n): Theorem 7's limit ybar(1) as for a fixed k's mean)."""
    if isinstance(d, CutoffDiscount):
        if d.exponent is not None:
            return d.base, mpmath.inf, None
        return d.base, d.k, None if d.fraction is None else _exact(d.fraction)
    return d, None, None


def ndcg_limit(ybar: Any, discount: DiscountLike, *, dps: int = 30) -> mpmath.mpf:
    """The limit in probability of NDCG as n grows (binary relevance).

    * ``1/log(1+r)`` (any base): 1 (Theorem 1);
    * ``r^-beta``, 0 < beta < 1: ``(1-beta) int_0^1 ybar(s)(1-s)^-beta ds / p^(1-beta)``
      (Theorem 3);
    * ``1/r``: ``ybar(1)`` (Theorem 5);
    * a fixed cut-off k (k = o(n)) of a discount with divergent sum: ``ybar(1)``
      (Theorem 7 with k fixed read as the k = o(n), k -> infinity limit of the measure);
    * log cut at ``k = c n``: ``int_{1-c}^1 ybar / min(c, p)`` (Theorem 8);
    * ``r^-beta`` cut at ``k = c n``:
      ``(1-beta)/min(c,p)^(1-beta) int_{1-c}^1 ybar(s)(1-s)^-beta ds`` (Theorem 9).

    Graded relevance (:class:`GradedRelevance`, values ``v_1 > v_2 > ...``, cumulative
    rates ``R_j = P[Y >= v_j]``, ``m(s) = E[Y | s]``; Theorems 10-13): the ideal list holds
    the grades in blocks, so with ``c = 1`` when there is no cut-off

    * log discount: 1 without a cut-off; ``int_{1-c}^1 m / sum_j v_j (min(c, R_j) -
      min(c, R_{j-1}))`` at ``k = c n``;
    * ``r^-beta``: ``(1-beta) int_0^c m(1-u) u^-beta du / sum_j v_j (min(c, R_j)^(1-beta)
      - min(c, R_{j-1})^(1-beta))``;
    * ``1/r``, or a fixed cut-off: ``m(1) / v_1``.

    With ``values = (1, 0)`` these are the binary limits above.

    Raises ValueError for a summable discount (Theorem 6: no limit) or one not covered.

    Examples
    --------
    ``ybar(s) = s`` (p = 1/2): the log discount's limit is 1 (Theorem 1); ``r^(-1/2)``'s is
    ``(1/2) B(2, 1/2) / (1/2)^(1/2) = (1/2)(4/3) sqrt(2) = 2 sqrt(2)/3`` (Theorem 3); ``1/r``'s
    is ``ybar(1) = 1`` (Theorem 5).

    >>> import rankmeasures as rm
    >>> from rankmeasures.theory.asymptotics import s
    >>> float(ndcg_limit(s, "log"))
    1.0
    >>> round(float(ndcg_limit(s, rm.power_discount(0.5))), 12)
    0.942809041582
    >>> float(ndcg_limit(s, rm.power_discount(1)))
    1.0

    Graded, 2, 1, 0 with probabilities s/2, s/2, 1 - s: under ``1/r`` the limit is
    ``m(1)/v_1 = (3/2)/2`` (Theorems 10-13).

    >>> float(ndcg_limit(GradedRelevance([2, 1, 0], [s / 2, s / 2, 1 - s]),
    ...                  rm.power_discount(1)))
    0.75
    """
    if isinstance(ybar, GradedRelevance):
        return _graded_limit(ybar, as_discount(discount), dps)
    f = relevance_curve(ybar)
    d = as_discount(discount)
    base, k, c = _base_and_cut(d)
    bps = curve_breakpoints(ybar)
    with mpmath.workdps(dps + 5):
        p = relevance_rate(ybar, dps + 5)
        if k is not None:
            if isinstance(base, (LogDiscount, PowerDiscount)) and (
                    isinstance(base, LogDiscount) or base.beta <= 1):
                return +f(mpmath.mpf(1))
            raise ValueError("discount: no limit theorem for this cut-off discount")
        if isinstance(base, LogDiscount):
            if c is None:
                return mpmath.mpf(1)
            cc = mpmath.mpf(c)
            return +(mpmath.quad(f, quadrature_sites(1 - cc, 1, bps)) / min(cc, p))
        if isinstance(base, PowerDiscount):
            beta = _exact(base.beta)
            if beta == 1 and c is None:
                return +f(mpmath.mpf(1))
            if beta < 1:
                # (1-beta) int_{1-c}^1 ybar(s)(1-s)^-beta ds with u = 1 - s = v^(1/(1-beta))
                # is int_0^{c^(1-beta)} ybar(1 - v^(1/(1-beta))) dv: no endpoint singularity
                cc = mpmath.mpf(1) if c is None else mpmath.mpf(c)
                e = 1 / (1 - beta)
                integral = mpmath.quad(lambda v: f(1 - v**e), quadrature_sites(
                    0, cc ** (1 - beta), bps, lambda x: (1 - x) ** (1 - beta)))
                scale = p if c is None else min(cc, p)
                return +(integral / scale ** (1 - beta))
        raise _no_limit(d)



def _no_limit(d: Discount) -> ValueError:
    """The error for a discount :func:`ndcg_limit` has no theorem for: a summable one
    (Theorem 6: NDCG does not converge), or one outside the paper's families."""
    base = _base_and_cut(d)[0]
    if isinstance(base, (ExponentialDiscount, TopKDiscount)) or (
            isinstance(base, PowerDiscount) and _exact(base.beta) > 1):
        return ValueError(f"discount: {d.name} is summable: NDCG has no limit (Wang et al. "
                          "(2013), Theorem 6)")
    return ValueError(f"discount: {d.name} has no limit theorem here, which knows the log "
                      "and r^-beta discounts and their cut-offs (Theorems 1-13); "
                      "rankmeasures.theory.analysis.analyse classifies any other discount")


def _graded_limit(rel: GradedRelevance, d: Discount, dps: int):
    base, k, c = _base_and_cut(d)
    with mpmath.workdps(dps + 5):
        rates = rel.level_rates(dps + 5)
        top = rel.mean(mpmath.mpf(1)) / rel.values[0]
        divergent = isinstance(base, LogDiscount) or (
            isinstance(base, PowerDiscount) and _exact(base.beta) <= 1)
        if not divergent:
            raise _no_limit(d)
        if k is not None or (isinstance(base, PowerDiscount) and _exact(base.beta) == 1
                             and c is None):
            return +top
        cc = mpmath.mpf(1) if c is None else mpmath.mpf(c)
        if isinstance(base, LogDiscount):
            if c is None:
                return mpmath.mpf(1)
            num = mpmath.quad(rel.mean, quadrature_sites(1 - cc, 1, rel.breakpoints))
            power = mpmath.mpf(1)  # the ideal's block j covers min(c, R_j)^power
        else:
            beta = _exact(base.beta)
            if beta == 1:  # 1/r cut at c n: the top block dominates as for a fixed cut
                return +top
            e = 1 / (1 - beta)
            num = mpmath.quad(lambda v: rel.mean(1 - v**e), quadrature_sites(
                0, cc ** (1 - beta), rel.breakpoints, lambda x: (1 - x) ** (1 - beta)))
            power = 1 - beta
        ideal, prev = mpmath.mpf(0), mpmath.mpf(0)
        for v, rj in zip(rel.values, rates, strict=True):
            cur = min(cc, rj) ** power
            ideal += v * (cur - prev)
            prev = cur
        return +(num / ideal)


def log_discount_separation(ybar0: Any, ybar1: Any, *, max_order: int = 12, dps: int = 30,
                            tol: float = 1e-20) -> tuple[int, mpmath.mpf]:
    """Lemma 3 of Wang et al. (2013): the order K and constant a with
    ``N^{f0}(n) - N^{f1}(n) = a / log^K n + O(log^{-K-1} n)`` for D = 1/log(1+r).

    ``K`` is the first k >= 1 with ``m_k = int_0^1 Delta y(1-s) log^k s ds != 0`` and
    ``a = (-1)^K m_K / p``. The paper's eq. (25) omits the ``1/p``, which comes from the
    prefactor ``n / Li(1+np) ~ log(n)/p`` of eq. (22) (claim S004-L3 measures it).

    Both curves must give the same ``p = P[Y = 1]`` (one data distribution, two ranking
    functions); raises ValueError otherwise, or when no moment up to ``max_order`` is
    non-zero (``ybar0 = ybar1`` a.e. as far as they can tell).

    Returns
    -------
    (K, a) : (int, mpmath.mpf)
    """
    f0, f1 = relevance_curve(ybar0), relevance_curve(ybar1)
    with mpmath.workdps(dps + 10):
        p0, p1 = relevance_rate(ybar0, dps + 10), relevance_rate(ybar1, dps + 10)
        sites = with_breakpoints([0, mpmath.mpf(10) ** -8, mpmath.mpf(0.5), 1],
                             curve_breakpoints(ybar0) + curve_breakpoints(ybar1),
                             lambda b: 1 - b)
        if abs(p0 - p1) > mpmath.mpf(10) ** (-dps):
            raise ValueError(f"ybar0, ybar1: P[Y = 1] differs ({mpmath.nstr(p0, 8)} vs "
                             f"{mpmath.nstr(p1, 8)}); Lemma 3 compares two rankings of one "
                             "data distribution")
        for k in range(1, max_order + 1):
            m_k = mpmath.quad(lambda x, k=k: (f0(1 - x) - f1(1 - x)) * mpmath.log(x) ** k,
                              sites)
            if abs(m_k) > tol:
                return k, +((-1) ** k * m_k / p0)
    raise ValueError(f"ybar0, ybar1: every moment up to order {max_order} vanishes")


def log_discount_rate(ybar: Any, *, dps: int = 30) -> mpmath.mpf:
    """The constant C of ``N_D(n) = 1 - C / log n + O(log^-2 n)`` for D = 1/log(1+r)
    (Wang et al. 2013, Theorem 1 gives the limit 1; this is its rate).

    With ``p = int_0^1 ybar`` and ``m_1 = int_0^1 ybar(1-u) log u du`` (< 0),
    ``Ntilde(n) = (n / log n) (p - m_1 / log n + ...)`` and
    ``F(np) = Li(1+np) - Li(2) = (np / log n) (1 + (1 - log p) / log n + ...)``, so

        C = 1 - log p + m_1 / p.

    The base of the logarithm in D cancels in NDCG. For a random ranking (``ybar = p``)
    ``C = -log p``; a better ranking has a smaller C.

    Returns
    -------
    mpmath.mpf
    """
    f = relevance_curve(ybar)
    with mpmath.workdps(dps + 10):
        p = relevance_rate(ybar, dps + 10)
        sites = with_breakpoints([0, mpmath.mpf(10) ** -8, mpmath.mpf(0.5), 1],
                             curve_breakpoints(ybar), lambda b: 1 - b)
        m1 = mpmath.quad(lambda u: f(1 - u) * mpmath.log(u), sites)
        return +(1 - mpmath.log(p) + m1 / p)


def equal_limit_difference(beta: Any, *, power: int = 8) -> sympy.Expr:
    """A difference of relevance curves ``Delta y`` that the discount ``r^-beta`` cannot
    see in the limit but that differs at the top: ``Delta y(s) = lam (s^power + B s + A)``
    with ``int_0^1 Delta y = 0`` (one ``p``: two rankings of one data distribution) and
    ``int_0^1 Delta y(s) (1 - s)^-beta ds = 0`` (equal limits of Theorem 3), so that
    ``Delta y(1) != 0``.

    Wang et al. (2013), Theorem 4: the curves ``1/2 + Delta y`` and ``1/2`` (a random
    ranking) meet its condition 2 except, when ``beta <= 2/3``, for the Hölder exponent
    ``alpha > 3 (1 - beta)`` (a smooth pair has ``alpha = 1``). ``B`` and ``A`` solve the
    two linear conditions exactly (the beta-moment term by term,
    ``int_0^1 s^k (1 - s)^-beta ds = k! / prod_{j <= k} (j + 1 - beta)``), and
    ``lam = 100 / ceil(202 max |s^power + B s + A|)`` on a grid of 2001 points keeps both
    ``1/2 + Delta y`` and ``1/2 - Delta y`` within [0, 1].

    Parameters
    ----------
    beta : str, int or sympy.Rational
        The exponent in (0, 1), exactly (``"4/5"``); a float is read through its shortest
        decimal form (``0.3`` is 3/10).
    power : int
        The degree of the curve, >= 2.

    Returns
    -------
    sympy.Expr
        ``Delta y``, a polynomial in :data:`s` with rational coefficients.

    Examples
    --------
    >>> dy = equal_limit_difference("4/5")
    >>> sympy.integrate(dy, (s, 0, 1))
    0
    >>> dy.subs(s, 1) > 0
    True
    """
    b = sympy.Rational(repr(beta)) if isinstance(beta, float) else sympy.Rational(beta)
    if not 0 < b < 1:
        raise ValueError(f"beta: need 0 < beta < 1, got {beta!r}")
    power = check_int("power", power, min=2)
    cb, ca = sympy.symbols("B A")
    q = s**power + cb * s + ca

    def beta_moment(poly):
        coeffs = sympy.Poly(poly, s).all_coeffs()[::-1]
        return sum(cf * sympy.factorial(k) / sympy.prod([j + 1 - b for j in range(k + 1)])
                   for k, cf in enumerate(coeffs))

    sol = sympy.solve([sympy.integrate(q, (s, 0, 1)), beta_moment(q)], [cb, ca])
    q = q.subs(sol)
    grid = np.linspace(0, 1, 2001)
    top = float(np.abs(sympy.lambdify(s, q, "numpy")(grid)).max())
    lam = sympy.Rational(100, int(np.ceil(202 * top)))
    return sympy.expand(lam * q)
