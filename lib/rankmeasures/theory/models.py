"""The relevance models of the variant analysis, and what the theory assumes of them.

A model is binary, ``ybar(s) = P[Y = 1 | ftilde = s]``, or graded, ``{"values": [v_1 >
v_2 > ...], "probs": [P[Y = v_j | s], ...]}`` (Wang et al. (2013), Section 2).
:func:`relevance_model` checks one and prepares it (:class:`RelevanceModel`: its mean
curve, grades and cumulative rates ``R_j = P[Y >= v_j]``, in closed form where sympy finds
one within a few seconds, else by mpmath's quadrature):

* a relevance curve ``0 <= ybar(s) <= 1`` on [0, 1] (2001 grid points) with ``p = int
  ybar`` in (0, 1); graded probabilities in [0, 1] summing to 1; every curve continuous on
  [0, 1], as Theorem 3 assumes of ``ybar`` and Theorem 10 of each ``P[Y = v | s]``
  (:func:`check_continuous`);
* two models with one law of the label (:func:`check_pair`: two ranking functions of one
  distribution), both binary or both graded over the same grades.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from typing import Any

import mpmath
import numpy as np
import sympy

from ..expressions import parse_expression
from . import asymptotics
from ._numbers import EXACT_SECONDS, show_number, symbolic, tidy, to_mpf

__all__ = ["RelevanceModel", "relevance_model", "check_continuous", "check_pair",
           "check_models_pair"]


_S_GRID = np.linspace(0.0, 1.0, 2001)


@dataclass(frozen=True)
class RelevanceModel:
    """A relevance model as the analysis uses it: ``numeric`` (``ybar``, or a
    :class:`~rankmeasures.theory.asymptotics.GradedRelevance`), the mean curve ``E[Y | s]``,
    the grades ``v_1 > v_2 > ...`` with their cumulative rates ``R_j = P[Y >= v_j]``
    (``exact``: all in closed form; else some by quadrature), the argument's ``name`` and
    the fields that describe it in the report
    (:class:`~rankmeasures.theory.results.ModelEntry`'s)."""

    numeric: Any
    mean: Any
    values: list
    rates: list
    binary: bool
    describe: dict
    exact: bool = True
    name: str = "ybar"


def _curve(text_or_expr, name):
    if isinstance(text_or_expr, str):
        return parse_expression(text_or_expr, ("s",), name=name)
    try:
        e = sympy.sympify(text_or_expr)
    except (sympy.SympifyError, TypeError) as exc:
        raise ValueError(f"{name}: expected an expression in s, got {text_or_expr!r} "
                         f"({exc})") from None
    extra = e.free_symbols - {asymptotics.s}
    if extra:
        raise ValueError(f"{name}: only the symbol s is allowed, found "
                         f"{sorted(map(str, extra))}")
    return e


def _quad01(expr, name: str):
    """``int_0^1 expr ds`` by mpmath's quadrature at 35 digits (the interval split towards
    s = 0, where a curve such as exp(-1000 s) puts its mass, and at the curve's
    breakpoints)."""
    s = asymptotics.s
    f = sympy.lambdify(s, expr, "mpmath")
    try:
        with mpmath.workdps(35):
            sites = [mpmath.mpf(0), mpmath.mpf("1e-3"), mpmath.mpf("1e-2"), mpmath.mpf("0.1"),
                     mpmath.mpf("0.5"), mpmath.mpf(1)]
            for b in asymptotics.curve_breakpoints(expr):
                sites.append(to_mpf(b, 40))
            v = mpmath.quad(f, sorted(set(sites)))
            if isinstance(v, mpmath.mpc):
                if abs(v.imag) > mpmath.mpf(10) ** -25:
                    raise ValueError("a complex value")
                v = v.real
            if not mpmath.isfinite(v):
                raise ValueError(f"the value {v}")
            return +v
    except (ArithmeticError, TypeError, ValueError) as exc:
        raise ValueError(f"{name}: int_0^1 {expr} ds cannot be computed numerically "
                         f"({exc})") from None


def _integral01(expr, name: str, seconds: float = EXACT_SECONDS) -> tuple[Any, bool]:
    """``int_0^1 expr ds`` and whether it is exact: sympy's closed form when it finds one
    within ``seconds`` and it agrees with the quadrature to 1e-20, else the quadrature
    (30 digits, a sympy Float). ``s^s`` has no closed form sympy finds, and sympy's
    integral of ``exp(-1/s)`` fails inside its series code: both get the quadrature."""
    s = asymptotics.s
    numeric = _quad01(expr, name)
    exact = symbolic(f"the integral of {name}", lambda: sympy.integrate(expr, (s, 0, 1)),
                      seconds)
    if exact is not None and exact.is_number and not exact.has(sympy.Integral):
        try:
            with mpmath.workdps(40):
                agree = abs(to_mpf(exact) - numeric) <= mpmath.mpf(10) ** -20 * max(
                    1, abs(numeric))
            if agree:
                return tidy(exact), True
        except (ValueError, TypeError, ArithmeticError):
            pass
    return sympy.Float(numeric, 30), False


def _grade(v, name: str):
    """A grade's value as an exact number (a float as the decimal it was written as)."""
    if isinstance(v, bool):
        raise ValueError(f"{name}: {v!r} is not a number")
    if isinstance(v, numbers.Integral):
        return sympy.Integer(int(v))
    if isinstance(v, numbers.Real):
        if not math.isfinite(float(v)):
            raise ValueError(f"{name}: {v!r} is not a finite number")
        return sympy.Rational(repr(float(v)))
    if isinstance(v, str):
        e = parse_expression(v, (), name=name)
        if e.is_number and e.is_real and e.is_finite:
            return e
    raise ValueError(f"{name}: {v!r} is not a number")


def relevance_model(spec: Any, name: str = "ybar",
                    seconds: float = EXACT_SECONDS) -> RelevanceModel:
    """A relevance model: ``ybar`` (binary; a string or sympy expression in s) or a dict
    ``{"values": [v_1 > v_2 > ...], "probs": [P[Y = v_j | s], ...]}`` (graded); ``name``:
    the argument it came from, named in every error."""
    if isinstance(spec, dict):
        if set(spec) != {"values", "probs"}:
            raise ValueError(f"{name}: a graded model is {{'values': [...], 'probs': [...]}}")
        where = "" if name == "ybar" else f"{name} "
        if not all(isinstance(spec[k], list | tuple) for k in ("values", "probs")):
            raise ValueError(f"{where}values, probs: expected two lists")
        probs = [_curve(q, f"{where}probs[{j}]") for j, q in enumerate(spec["probs"])]
        values = [_grade(v, f"{where}values") for v in spec["values"]]
        if len(values) != len(probs) or len(values) < 2:
            raise ValueError(f"{where}probs: need one probability per value, at least two")
        for j, q in enumerate(probs):
            _check_probability(q, f"{where}probs[{j}]")
            check_continuous(q, f"{where}probs[{j}]")
        _check_sum_to_one(probs, f"{where}probs")
        try:
            numeric = asymptotics.GradedRelevance([float(v) for v in values], probs)
        except ValueError as exc:
            raise ValueError(f"{where}{exc}") from None
        mean = sympy.expand(sum(v * q for v, q in zip(values, probs, strict=True)))
        masses = [_integral01(q, f"{where}probs[{j}]", seconds) for j, q in enumerate(probs)]
        exact = all(ok for _, ok in masses)
        rates = [(tidy if exact else sympy.sympify)(sum(m for m, _ in masses[: j + 1]))
                 for j in range(len(masses))]
        mean_y, _ = _integral01(mean, f"{where}probs", seconds)
        return RelevanceModel(numeric, mean, values, rates, binary=False, describe={
            "values": [str(v) for v in values], "probs": [str(q) for q in probs],
            "mean": str(mean), "mean_y": show_number(mean_y)}, exact=exact, name=name)
    yb = _curve(spec, name)
    asymptotics.relevance_curve(yb)  # the form the computations take
    _check_probability(yb, name)
    check_continuous(yb, name)
    p, exact = _integral01(yb, name, seconds)
    if not 0 < to_mpf(p) < 1:
        raise ValueError(f"{name}: p = P[Y = 1] = {show_number(p)} (the integral of {name} over "
                         "[0, 1]); the theory needs 0 < p < 1 (some relevant and some "
                         "irrelevant documents)")
    shown = show_number(p) + ("" if exact else " (by quadrature: sympy finds no closed form)")
    return RelevanceModel(yb, yb, [sympy.Integer(1), sympy.Integer(0)], [p, sympy.Integer(1)],
                  binary=True, describe={"ybar": str(yb), "p": shown}, exact=exact,
                  name=name)


def _check_probability(expr, name: str) -> None:
    """0 <= expr(s) <= 1 on a grid of 2001 points of [0, 1]."""
    f = sympy.lambdify(asymptotics.s, expr, "numpy")
    with np.errstate(all="ignore"):
        v = np.broadcast_to(np.asarray(f(_S_GRID), dtype=complex), _S_GRID.shape)
    bad = np.flatnonzero(~np.isfinite(v) | (np.abs(v.imag) > 0) | (v.real < -1e-12)
                         | (v.real > 1 + 1e-12))
    if bad.size:
        i = bad[0]
        val = v[i].real if v[i].imag == 0 else v[i]
        raise ValueError(f"{name}: {expr} is not a probability on [0, 1]: at s = "
                         f"{_S_GRID[i]:g} it is {val:.6g} (the theory needs 0 <= {name}(s) "
                         "<= 1 for every s)")


def check_continuous(expr: Any, name: str = "ybar") -> None:
    """Raise ValueError unless the curve ``expr`` (a sympy expression in s) is continuous
    on [0, 1], as Wang et al. (2013) assume of ``ybar`` (Theorem 3) and of every
    ``P[Y = v | s]`` (Theorem 10): outside that hypothesis their limits are the formulas'
    values, not the theorems'. Expressions parsed by
    :func:`~rankmeasures.expressions.parse_expression` are
    continuous wherever they are finite (checked by :func:`_check_probability`); a
    ``Piecewise`` curve is checked at each breakpoint of its conditions in (0, 1), where
    its left and right limits must agree.

    Examples
    --------
    >>> import sympy
    >>> from rankmeasures.theory.asymptotics import s
    >>> check_continuous(sympy.Piecewise((0, s < 0.5), (2 * s - 1, True)))  # a ramp
    >>> try:
    ...     check_continuous(sympy.Piecewise((1, s > sympy.Rational(4, 5)), (0, True)))
    ... except ValueError as e:
    ...     print(str(e)[:52])
    ybar: jumps at s = 4/5 (left limit 0, right limit 1)
    """
    s = asymptotics.s
    e = sympy.sympify(expr)
    points = set()
    for pw in e.atoms(sympy.Piecewise):
        for _, cond in pw.args:
            for rel in cond.atoms(sympy.core.relational.Relational):
                for root in sympy.solve(rel.lhs - rel.rhs, s):
                    if root.is_real and 0 < root < 1:
                        points.add(sympy.nsimplify(root))
    # the one-sided values at b -+ 1e-40, exactly: sympy.limit does not take a Piecewise's
    # side at its own breakpoint, and a curve with a finite slope moves by ~1e-40 there
    delta = sympy.Rational(1, 10**40)
    for b in sorted(points):
        left, right = (sympy.N(e.subs(s, b + d), 50) for d in (-delta, delta))
        if abs(complex(left - right)) > 1e-12:
            raise ValueError(
                f"{name}: jumps at s = {b} (left limit {sympy.nsimplify(left, tolerance=1e-30)},"
                f" right limit {sympy.nsimplify(right, tolerance=1e-30)}); the "
                "limits of Wang et al. (2013) assume a continuous curve (Theorem 3 of ybar, "
                "Theorem 10 of each P[Y = v | s]): give a continuous one, e.g. a steep ramp")


def _check_sum_to_one(probs, name: str) -> None:
    """The probabilities of a graded model sum to 1 at every s: exactly by sympy, else to
    1e-12 on 2001 points of [0, 1]."""
    total = sum(probs)
    if symbolic(f"{name}: their sum", lambda: sympy.simplify(total - 1) == 0, 2.0):
        return
    f = sympy.lambdify(asymptotics.s, total, "numpy")
    with np.errstate(all="ignore"):
        v = np.broadcast_to(np.asarray(f(_S_GRID), dtype=complex), _S_GRID.shape)
    bad = np.flatnonzero(~np.isfinite(v) | (np.abs(v - 1) > 1e-12))
    if bad.size:
        shown = symbolic(f"{name}: their sum", lambda: sympy.simplify(total), 2.0)
        raise ValueError(f"{name}: must sum to 1 for every s, they sum to "
                         f"{total if shown is None else shown} ({v[bad[0]].real:.6g} at "
                         f"s = {_S_GRID[bad[0]]:g})")


def _same_number(a, b, exact: bool) -> bool:
    """Whether two rates are equal: exactly when both are exact (a closed form sympy
    cannot compare is compared numerically), else to 1e-20 (the quadrature's accuracy
    is 30 digits)."""
    if exact:
        if a.is_Rational and b.is_Rational:
            return a == b
        d = symbolic("comparing two rates", lambda: sympy.simplify(a - b), 2.0)
        if d is not None and d.is_Rational:
            return d == 0
    with mpmath.workdps(40):
        x, y = to_mpf(a), to_mpf(b)
        return abs(x - y) <= mpmath.mpf(10) ** -20 * max(1, abs(x))


def _alternative(x) -> str:
    """A value to type in place of another: the exact form, or 30 digits of a quadrature
    (close enough to compare equal)."""
    return str(x) if not sympy.sympify(x).has(sympy.Float) else mpmath.nstr(to_mpf(x), 30)


def check_pair(ybar: Any, ybar_other: Any) -> None:
    """Refuse two relevance models that cannot be two ranking functions of one data
    distribution (Wang et al. (2013), Section 2): both score the same labelled objects, so
    the law of the label is theirs in common -- ``P[Y = 1] = int_0^1 ybar`` for binary
    relevance, ``P[Y = v] = int_0^1 P[Y = v | s] ds`` for every grade ``v`` of a graded
    model. Checked exactly (sympy) where both rates have a closed form, else to 20 digits
    (quadrature), before any computation.

    Raises
    ------
    ValueError
        Naming both values and what would be valid.

    Examples
    --------
    >>> check_pair("s", "1/2")  # both give P[Y = 1] = 1/2
    >>> try:
    ...     check_pair("s^2", "1/2")
    ... except ValueError as e:
    ...     print(str(e)[:59])
    ybar, ybar_other: two ranking functions of one distribution
    """
    check_models_pair(relevance_model(ybar, "ybar"), relevance_model(ybar_other, "ybar_other"))


def check_models_pair(m0: RelevanceModel, m1: RelevanceModel) -> None:
    exact = m0.exact and m1.exact
    if m0.binary != m1.binary:
        raise ValueError("ybar, ybar_other: one model is binary and the other graded; two "
                         "ranking functions of one distribution score the same labels")
    if m0.binary:
        p0, p1 = m0.rates[0], m1.rates[0]
        if not _same_number(p0, p1, exact):
            raise ValueError(
                f"ybar, ybar_other: two ranking functions of one distribution share "
                f"P[Y = 1] = int_0^1 ybar(s) ds; ybar = {m0.describe['ybar']} gives "
                f"{show_number(p0)}, ybar_other = {m1.describe['ybar']} gives "
                f"{show_number(p1)}. For a random function of the first one's distribution "
                f"use ybar_other = "
                f"{_alternative(p0)}")
        return
    if m0.values != m1.values:
        raise ValueError(f"ybar, ybar_other: the two graded models have different grades "
                         f"({m0.describe['values']} and {m1.describe['values']}); two "
                         f"ranking functions of one distribution score the same labels")
    masses0 = [b - a for a, b in zip([0, *m0.rates[:-1]], m0.rates, strict=True)]
    masses1 = [b - a for a, b in zip([0, *m1.rates[:-1]], m1.rates, strict=True)]
    for v, a, b in zip(m0.describe["values"], masses0, masses1, strict=True):
        if not _same_number(a, b, exact):
            raise ValueError(
                f"ybar, ybar_other: two ranking functions of one distribution share the law "
                f"of the grades; P[Y = {v}] is {show_number(tidy(a))} under the first model and "
                f"{show_number(tidy(b))} under the second. For a random function of the first "
                f"one's distribution use the constant probabilities "
                f"{[_alternative(tidy(m)) for m in masses0]}")
