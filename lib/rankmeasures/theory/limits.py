"""The limit of NDCG under one relevance model, and what the limits say of two.

For a regularly varying discount of index ``beta in [0, 1)`` the limit follows Theorem 3's
proof of Wang et al. (2013) with ``F(t) ~ t D(t) / (1 - beta)`` (Karamata): ``(1-beta)
int_0^1 ybar(1-u) u^-beta du / p^(1-beta)``, which is 1 for ``beta = 0`` (Theorem 1 and
any slowly varying discount such as ``1/log(1+r)^2``); with a cut-off ``k = c n`` the
integral runs over ``[0, c]`` (Theorems 8 and 9), and graded labels give Theorems 10-13.
:func:`closed_limit` finds it in closed form (sympy), :func:`numeric_limit` by quadrature
(mpmath), and :func:`agrees` holds the first to the second. :func:`distinguish_by_limits`
decides, from the limits, whether NDCG tells two models apart.
"""

from __future__ import annotations

from typing import Any

import mpmath
import sympy

from . import asymptotics
from ._numbers import symbolic, tidy, to_mpf
from .results import (
    CutRegime,
    Distinguish,
    LimitKind,
    Separation,
    Theorems,
    VariantReport,
    Verdict,
)

__all__ = ["closed_limit", "numeric_limit", "agrees", "distinguish_by_limits"]


def closed_limit(mean: Any, beta: Any, cut: Any, values: list, rates: list) -> Any:
    """Closed form (sympy) of the limit for index beta and cut-off fraction ``cut`` (None:
    no cut-off): ``(1-beta) int_{1-c}^1 m(s)(1-s)^-beta ds / sum_j v_j (min(c, R_j)^(1-beta)
    - min(c, R_{j-1})^(1-beta))`` with ``m = E[Y | s]`` and cumulative rates ``R_j``
    (binary: ``ybar`` and ``p``; Theorems 1, 3, 8, 9 and their graded forms 10-13)."""
    s = asymptotics.s
    b = sympy.sympify(beta)
    c = sympy.Integer(1) if cut is None else sympy.sympify(cut)
    if b == 0 and c == 1:  # Karamata: int_0^1 E[Y | s] ds / E[Y] = 1, whatever the model
        return sympy.Integer(1)
    # in u = 1 - s, as the theorems write it: sympy 1.x integrates (1-s) (1-s)^(-1/2) over
    # [0, 1] to -1/3 (the sign lost), u u^(-1/2) over [0, 1] to 1/3
    u = sympy.Dummy("u", positive=True)
    integral = sympy.integrate((1 - b) * mean.subs(s, 1 - u) * u ** (-b), (u, 0, c))
    if integral.has(sympy.Integral):
        return None
    ideal, prev = sympy.Integer(0), sympy.Integer(0)
    for v, rj in zip(values, rates, strict=True):
        cur = sympy.Min(c, rj) ** (1 - b)
        ideal += v * (cur - prev)
        prev = cur
    out = tidy(sympy.simplify(integral / ideal))
    return out if out.is_number and to_mpf(out) is not None else None


def agrees(closed: Any, value: Any, dps: int) -> bool:
    """Whether a closed form and a quadrature agree to ``dps - 10`` digits."""
    try:
        with mpmath.workdps(dps + 10):
            return abs(to_mpf(closed, dps + 10) - value) <= mpmath.mpf(10) ** -(dps - 10) * max(
                1, abs(value))
    except (ValueError, TypeError, ArithmeticError):
        return False


def numeric_limit(mean: Any, beta: Any, cut: Any, values: list, rates: list,
                  dps: int) -> mpmath.mpf:
    """The limit of :func:`closed_limit` by mpmath's quadrature (tanh-sinh, which takes the
    endpoint singularity ``(1-s)^-beta``), where sympy finds no closed form."""
    s = asymptotics.s
    f = sympy.lambdify(s, mean, "mpmath")
    with mpmath.workdps(dps + 10):
        b = to_mpf(beta)
        c = mpmath.mpf(1) if cut is None else to_mpf(cut)
        sites = {1 - c, mpmath.mpf(1)}
        for bp in asymptotics.curve_breakpoints(mean):
            x = to_mpf(bp)
            if 1 - c < x < 1:
                sites.add(x)
        integral = (1 - b) * mpmath.quad(lambda x: f(x) * (1 - x) ** (-b), sorted(sites))
        ideal, prev = mpmath.mpf(0), mpmath.mpf(0)
        for v, rj in zip(values, rates, strict=True):
            cur = min(c, to_mpf(rj)) ** (1 - b)
            ideal += to_mpf(v) * (cur - prev)
            prev = cur
        out = integral / ideal
        if isinstance(out, mpmath.mpc) or not mpmath.isfinite(out):
            raise ValueError(f"the quadrature gave {out}")
        return +out


def distinguish_by_limits(curves: list, report: VariantReport, dps: int) -> Distinguish:
    """What the theorems say of ``P[NDCG(f0) > NDCG(f1)] -> 1`` (in probability, from the
    limits; Wang et al.'s Definition 3 asks for more, a bound at every n >= N with a rate,
    which is not decided here). ``curves``: each model's ``ybar``, None for a graded one."""
    y0, y1 = curves
    e0, e1 = report.models
    cls, regime = report.discount_class, report.cut_regime
    assert cls is not None  # classified before the models are compared
    if y0 is not None and y1 is not None and symbolic(
            "comparing the curves", lambda: sympy.simplify(y0 - y1) == 0, 2.0):
        return Distinguish(Separation.SAME_CURVE, Verdict.NO)
    if e0.limit_kind is LimitKind.CLOSED and e1.limit_kind is LimitKind.CLOSED:
        gap = sympy.simplify(sympy.sympify(e0.limit) - sympy.sympify(e1.limit))
        if gap != 0:
            return Distinguish(Separation.LIMITS_DIFFER,
                               Verdict.YES if sympy.N(gap) > 0 else Verdict.NO,
                               limit_gap=str(gap),
                               limit_gap_numeric=mpmath.nstr(sympy.N(gap, dps), 12))
    elif {e0.limit_kind, e1.limit_kind} <= {LimitKind.CLOSED, LimitKind.NUMERIC}:
        assert e0.limit_numeric is not None and e1.limit_numeric is not None  # set with them
        with mpmath.workdps(dps):
            gap = mpmath.mpf(e0.limit_numeric) - mpmath.mpf(e1.limit_numeric)
            if abs(gap) > mpmath.mpf(10) ** -(dps - 5):  # the quadrature's accuracy
                shown = mpmath.nstr(gap, 12)
                return Distinguish(Separation.LIMITS_DIFFER,
                                   Verdict.YES if gap > 0 else Verdict.NO, limit_gap=shown,
                                   limit_gap_numeric=shown)
    if cls.summable or regime is CutRegime.BOUNDED:
        return Distinguish(Separation.NO_LIMIT, Verdict.NO)
    if LimitKind.NO_THEOREM in (e0.limit_kind, e1.limit_kind):
        return Distinguish(Separation.UNKNOWN_LIMIT, Verdict.UNDECIDED)
    if y0 is None or y1 is None:
        return Distinguish(Separation.SAME_LIMIT_GRADED, Verdict.UNDECIDED)
    if regime is None and cls.theorem is Theorems.T1:  # a multiple of 1/log(1+r)
        try:
            k, a = asymptotics.log_discount_separation(y0, y1, dps=dps)
        except ValueError:  # every moment Lemma 3 looks at vanishes
            return Distinguish(Separation.LEMMA_3, Verdict.UNDECIDED,
                               lemma3_a="0 (every moment up to order 12)")
        return Distinguish(Separation.LEMMA_3, Verdict.YES if a > 0 else Verdict.NO if a < 0
                           else Verdict.UNDECIDED, lemma3_k=k, lemma3_a=mpmath.nstr(a, 12))
    dy1 = sympy.simplify((y0 - y1).subs(asymptotics.s, 1))
    return Distinguish(Separation.SAME_LIMIT, Verdict.UNDECIDED, delta_y1=str(dy1),
                       fluctuation_note=cls.beta not in (None, "0"))
