"""The class of a discount and the regime of a cut-off, against the theorems of Wang et al.
(2013), and the pairwise identity of a discount linear in the position (document 000).

* :func:`classify_discount` — summable or not (Theorem 6), decay against 1/r (Theorem 5),
  the index of regular variation ``beta`` with ``D(r) = r^-beta L(r)`` (Theorems 1 and 3),
  and the theorem that applies;
* :func:`check_discount_theory` — a positive, non-increasing discount, as every theorem
  assumes;
* :func:`cut_growth` and :func:`cut_theorem` — how a cut-off ``k(n)`` grows (``k = c n``
  gives Theorems 8 and 9; ``k -> infinity, k = o(n)`` Theorem 7; a bounded k no limit in
  probability) and the theorem of the discount with it; :func:`cut_at` and
  :func:`discount_at` — the cut-off and the discount at one list length (the top
  ``ceil(k(n))`` positions, at most n);
* :func:`linear_pairwise_identity` — for ``D(i) = a - b i``, whether Jin & Geng's identity
  ``Delta DCG = R(f)`` holds and for which gains.
"""

from __future__ import annotations

import itertools
from typing import Any

import mpmath
import sympy

from ..discounts import CustomDiscount, Discount, cutoff, n, r
from ..exact import dcg_symbolic
from ._budget import BudgetExceeded, time_budget
from ._numbers import EXACT_SECONDS, n_key, symbolic, tidy
from .results import CutRegime, Decay, DiscountClass, PairwiseIdentity, Theorem, Theorems

__all__ = ["classify_discount", "check_discount_theory", "cut_growth", "cut_theorem",
           "cut_at", "discount_at", "linear_pairwise_identity"]


def classify_discount(expr: Any) -> DiscountClass:
    """The class of ``D(r)`` (a sympy expression in r) for the theorems of Wang et al.

    Returns
    -------
    DiscountClass
        ``summable``, ``r_times_d`` (the limit of r D(r), a string), ``decay`` (a
        :class:`~rankmeasures.theory.results.Decay`), ``beta`` (the index of regular
        variation as a string, or None when it does not exist) and the ``theorem``.

    Examples
    --------
    >>> from rankmeasures.expressions import parse_expression
    >>> c = classify_discount(parse_expression("r^(-1/2)"))
    >>> c.decay, c.beta, c.summable, c.theorem.number
    (<Decay.SLOWER: 'slower than 1/r'>, '1/2', False, 3)
    """
    e = sympy.sympify(expr)
    if e.free_symbols - {r}:
        raise ValueError("discount: the class is determined by D(r) alone; cut-offs that "
                         "depend on n are given separately")
    if not (e.subs(r, 1).is_positive and e.subs(r, 2).is_positive):
        raise ValueError("discount: D(r) must be positive")
    try:
        rd = sympy.limit(r * e, r, sympy.oo)
        beta = sympy.limit(-sympy.log(e) / sympy.log(r), r, sympy.oo)
        beta = tidy(beta) if beta.is_finite and beta.is_real else None
        if rd == 0:
            decay = Decay.FASTER
            conv = sympy.Sum(e, (r, 1, sympy.oo)).is_convergent()
            summable = bool(conv) if conv is not None else beta is not None and bool(beta > 1)
        elif rd.is_extended_real and rd.is_extended_positive:
            # r D(r) tends to a positive constant or grows: the sum diverges like sum 1/r
            decay = Decay.LIKE if rd.is_finite else Decay.SLOWER
            summable = False
        else:
            raise ValueError(f"discount: r D(r) has no limit sympy can name ({rd})")
        theorem = _discount_theorem(e, summable, decay, beta)
    except BudgetExceeded:
        raise
    except ValueError as exc:
        if str(exc).startswith("discount: "):
            raise
        raise _undecided(e, exc) from None
    except Exception as exc:  # sympy's limits and sums fail in many ways on unusual input
        raise _undecided(e, exc) from None
    return DiscountClass(expr=str(e), summable=summable, r_times_d=str(rd), decay=decay,
                         beta=None if beta is None else str(beta), theorem=theorem)


def _undecided(e, exc: Exception) -> ValueError:
    return ValueError(f"discount: sympy cannot decide the class of D(r) = {e} (how r D(r) "
                      f"and log D(r) / log r behave as r grows; {type(exc).__name__}: "
                      f"{str(exc)[:120]}); the theorems need it: give a discount whose limits "
                      "sympy can take, e.g. r^(-beta) or 1/log(1+r)^a")


def _discount_theorem(e, summable: bool, decay: Decay, beta) -> Theorem:
    """The theorem for a discount without a cut-off, from its class."""
    if summable:
        return Theorems.T6
    if decay is Decay.LIKE:
        return Theorems.T5
    if beta is not None and beta == 0 and decay is Decay.SLOWER:
        return Theorems.T1 if _log_type(e) else Theorems.T1_EXTENSION
    if beta is not None and beta == 0:
        return Theorems.NONE
    if beta is not None and 0 < beta < 1:
        return Theorems.T3
    return Theorems.NONE_FASTER


def _log_type(expr) -> bool:
    """Whether ``D(r)`` is a constant multiple of ``1/log(1+r)`` (any base of the log)."""
    return bool(sympy.simplify(sympy.sympify(expr) * sympy.log(1 + r)).is_number)


_R_GRID = (1, 1.5, 2, 3, 5, 10, 30, 100, 1e3, 1e4, 1e6, 1e9, 1e12)


def _evaluate(f, x, what: str):
    """f(x) as a finite mpmath real, or None when it cannot be computed at a large x (the
    check then ends there); ValueError at a small x."""
    try:
        v = f(mpmath.mpf(x))
    except (ArithmeticError, TypeError, ValueError, MemoryError):
        v = None
    if v is None or isinstance(v, mpmath.mpc) or not mpmath.isfinite(v):
        if x > 10:
            return None
        raise ValueError(f"{what}: cannot be evaluated as a finite real number at r = {x:g}")
    return v


def check_discount_theory(expr: Any) -> None:
    """Raise ValueError unless ``D(r)`` is positive and non-increasing on ``r >= 1``, as
    Wang et al. (2013) assume of every discount (Section 2). Checked at r = 1, 1.5, 2, ...,
    1e12 (the value and the sign of the derivative) in 20-digit arithmetic, up to the first
    r beyond 10 where D can no longer be evaluated (``exp(-exp(exp(r)))``, say)."""
    e = sympy.sympify(expr)
    f = sympy.lambdify(r, e, "mpmath")
    fd = sympy.lambdify(r, sympy.diff(e, r), "mpmath")
    with mpmath.workdps(20):
        for x in _R_GRID:
            v = _evaluate(f, x, f"discount: D(r) = {e}")
            dv = None if v is None else _evaluate(fd, x, f"discount: D'(r) of {e}")
            if v is None or dv is None:
                return
            if v <= 0:
                raise ValueError(f"discount: D(r) = {e} is not positive at r = {x:g} "
                                 f"(D = {mpmath.nstr(v, 6)}); a discount weighs positions")
            if dv > 0:
                raise ValueError(
                    f"discount: D(r) = {e} increases at r = {x:g} (D'(r) = "
                    f"{mpmath.nstr(dv, 6)}); the NDCG theorems of Wang et al. (2013) need a "
                    "non-increasing discount (a discount linear in r, increasing or not, "
                    "gets document 000's pairwise analysis instead)")


def cut_growth(k_expr: Any, budget: float | None) -> tuple[CutRegime, Any] | None:
    """How the cut-off grows: ``(regime, c)`` with the fraction ``c`` of ``k = c n`` (None
    otherwise), or None without a cut-off. A cut-off that grows faster than n is the
    whole list from some n on: ``k = n``, c = 1."""
    if k_expr is None:
        return None
    try:
        with time_budget("the regime of the cut-off", budget):
            ratio = sympy.limit(k_expr / n, n, sympy.oo)
            grows = sympy.limit(k_expr, n, sympy.oo)
    except BudgetExceeded:
        raise
    except Exception as exc:  # sympy's limits fail in many ways on unusual input
        raise ValueError(f"cut: sympy cannot decide how k(n) = {k_expr} grows "
                         f"({type(exc).__name__}: {str(exc)[:120]}); give a cut-off such as "
                         "'sqrt(n)', 'n/5' or '10'") from None
    if not (grows.is_extended_real and ratio.is_extended_real):
        raise ValueError(f"cut: k(n) = {k_expr} has no limit sympy can name as n grows "
                         f"({grows}); give a cut-off such as 'sqrt(n)', 'n/5' or '10'")
    if grows < 1:
        raise ValueError(f"cut: k(n) = {k_expr} tends to {grows} as n grows; a cut-off keeps "
                         "the top k(n) positions and needs k(n) >= 1 for every n")
    if ratio == sympy.oo:
        return CutRegime.LINEAR, sympy.Integer(1)
    if ratio.is_positive and ratio.is_finite:
        return CutRegime.LINEAR, tidy(sympy.Min(ratio, 1))
    if grows == sympy.oo:
        return CutRegime.SUBLINEAR, None
    return CutRegime.BOUNDED, None


def cut_theorem(cls: DiscountClass, regime: CutRegime, frac: Any = None) -> Theorem:
    """The theorem of Wang et al. (2013) that governs a discount *with* its cut-off:
    a bounded cut is summable (Theorem 6's regime); ``k -> infinity, k = o(n)`` with an
    unbounded sum is Theorem 7; ``k = c n`` is Theorem 8 (slowly varying, beta = 0) or
    Theorem 9 (r^-beta, 0 < beta < 1); ``c = 1`` (``k >= n``) keeps the whole list, so
    the theorem without the cut-off."""
    if cls.summable or (regime is CutRegime.LINEAR and frac == 1):
        return cls.theorem
    if regime is CutRegime.BOUNDED:
        return Theorems.T6_BOUNDED_CUT
    if regime is CutRegime.SUBLINEAR:
        return Theorems.T7
    beta = None if cls.beta is None else sympy.sympify(cls.beta)
    if beta == 0 and cls.decay is Decay.SLOWER:
        return Theorems.T8
    if beta is not None and 0 < beta < 1:
        return Theorems.T9
    return Theorems.none_with_cut(cls.theorem)


def cut_at(k_expr: Any, nv: int) -> int:
    """The cut-off at list length ``nv``: ``ceil(k(nv))``, at most ``nv``; ValueError
    naming ``cut`` unless ``k(nv)`` is a real number >= 1."""
    step = f"k(n) at n = {n_key(nv)}"
    nn = sympy.Integer(nv)
    try:
        with time_budget(step, EXACT_SECONDS):
            val = k_expr.subs(n, nn)
            num = sympy.N(val, 30)
            real = bool(num.is_real and num.is_finite)
            if real and num >= nn:
                return nv
            if real and num >= 1:
                return min(int(sympy.ceiling(val)), nv)
    except BudgetExceeded as exc:
        if exc.step != step:
            raise
        raise ValueError(f"cut: k(n) = {k_expr} cannot be evaluated at n = {n_key(nv)} "
                         f"within {EXACT_SECONDS:g} s") from None
    except (ArithmeticError, TypeError, ValueError, MemoryError) as exc:
        if isinstance(exc, OverflowError) and _log_above(k_expr.subs(n, nn), nn):
            return nv  # exp(exp(exp(n))): too large for a float, above n all the same
        raise ValueError(f"cut: k(n) = {k_expr} cannot be evaluated at n = {n_key(nv)} "
                         f"({type(exc).__name__})") from None
    shown = str(val) if len(str(val)) <= 40 else str(sympy.N(val, 6))
    if real and not val.is_Rational:
        shown += f" = {sympy.N(val, 6)}"
    what = f"k(n) = {k_expr}" + ("" if val == k_expr else f" is {shown}")
    if not real:
        raise ValueError(f"cut: {what} at n = {n_key(nv)}, not a real number; a cut-off "
                         "keeps the top k(n) positions of the list")
    raise ValueError(f"cut: {what} at n = {n_key(nv)}, below 1; a cut-off keeps the top "
                     "k(n) positions (rounded up) and needs k(n) >= 1 at every n asked "
                     "(n_values, mc_n, dist_n)")


def _log_above(val, nn) -> bool:
    """Whether ``log(val) >= log(nn)``, for a value too large to evaluate itself."""
    def compare():
        lv = sympy.N(sympy.expand_log(sympy.log(val), force=True), 30)
        return bool(lv.is_real and lv.is_finite and lv >= sympy.log(nn))

    return bool(symbolic("log k(n)", compare, 2.0))


def discount_at(base: Discount, k_expr: Any, nv: int) -> Discount:
    """The discount at list length ``nv`` (an integer): ``base``, cut at ``ceil(k(nv))``
    (at most ``nv``; :func:`cut_at`) when there is a cut-off."""
    if k_expr is None:
        return base
    return cutoff(base, k=cut_at(k_expr, int(nv)))


def linear_pairwise_identity(expr: Any, n_levels: int = 3, max_n: int = 4) -> PairwiseIdentity:
    """For a discount linear in the position, ``D(i) = a - b i`` (b > 0, possibly in n):
    does ``Delta DCG = DCG(ideal) - DCG(pi)`` equal a weighted pairwise loss, and for which
    gains? (Jin & Geng's eq. 5 with the weights of its R(f).)

    Symbolic gains ``g_0 .. g_{L-1}`` of grades ``0 .. L-1``; every grade list of length
    ``<= max_n`` and every ranking of it. ``Delta DCG`` (the library's exact DCG) is
    compared with ``b * sum over misordered pairs (g_high - g_low)`` (always equal) and
    with ``b * R(f) = b * sum over misordered pairs (high - low)`` (equal exactly when the
    gains are affine in the grade, ``g_k = g_0 + k b'``; then with weight ``b * b'``).

    Returns
    -------
    PairwiseIdentity
        ``gain_weighted`` (the first identity) and ``conditions`` on the gains for the
        second (``["always"]``, ``["never"]`` or equations).

    Examples
    --------
    >>> from rankmeasures.expressions import parse_expression
    >>> pw = linear_pairwise_identity(parse_expression("n - r"), n_levels=3, max_n=3)
    >>> pw.gain_weighted, pw.conditions
    (True, ['g2 = -g0 + 2*g1'])
    """
    e = sympy.sympify(expr)
    if sympy.diff(e, r, 2) != 0 or sympy.diff(e, r) == 0:
        raise ValueError(f"discount: {e} is not linear in the position r")
    slope = sympy.diff(e, r)
    g = sympy.symbols(f"g0:{n_levels}")
    gain_weighted_ok = True
    residuals = set()
    disc = CustomDiscount(expr=e)  # dcg_symbolic puts the list length in for n
    for m in range(2, max_n + 1):
        for grades in itertools.product(range(n_levels), repeat=m):
            ideal = sorted(range(m), key=lambda i: -grades[i])
            gains_sym = [g[k] for k in grades]
            best = dcg_symbolic(gains_sym, [m - ideal.index(i) for i in range(m)],
                                discount=disc, gain="identity")
            for perm in itertools.permutations(range(m)):
                scores = [m - perm.index(i) for i in range(m)]
                delta = sympy.expand(best - dcg_symbolic(gains_sym, scores, discount=disc,
                                                        gain="identity"))
                mis = [(grades[i], grades[j]) for i in range(m) for j in range(m)
                       if scores[i] > scores[j] and grades[i] < grades[j]]
                weighted = sympy.expand(-slope * sum(g[hi] - g[lo] for lo, hi in mis))
                gain_weighted_ok &= sympy.simplify(delta - weighted) == 0
                rf = -slope * sum(hi - lo for lo, hi in mis)
                residuals.add(sympy.expand(delta - rf * (g[1] - g[0])))
    conditions = sympy.solve([x for x in residuals if x != 0], g[2:], dict=True)
    return PairwiseIdentity(
        slope=str(slope), gain_weighted=gain_weighted_ok,
        conditions=([f"{k} = {v}" for k, v in conditions[0].items()] if conditions else
                    ["always"] if not [x for x in residuals if x != 0] else ["never"]),
        max_n=max_n, n_levels=n_levels)
