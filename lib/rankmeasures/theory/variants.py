"""Analyse a discount, cut-off and gain of the user's own against the theorems of the
documents: the third use of the companion.

* :func:`parse_expression` — a whitelisted parser for expression strings (variables,
  numbers, ``+ - * / ^``, ``log exp sqrt`` and the constants ``pi``, ``E``). It walks
  Python's syntax tree and builds the sympy expression itself: no string is ever
  evaluated as Python.
* :func:`classify_discount` — summable or not (Wang et al. 2013, Theorem 6), decay
  against 1/r (Theorem 5), the index of regular variation ``beta`` with
  ``D(r) = r^-beta L(r)`` (Theorems 1 and 3), and the theorem that applies.
* :func:`analyse` — the whole report: class, the NDCG limit for one or two relevance
  models (closed form by sympy when it exists, else mpmath), the pseudo-expectation at
  chosen n, Monte Carlo at chosen n, the distinguishability of two models, and, for a
  discount linear in the position, whether Jin & Geng's identity ``Delta DCG = R(f)``
  holds and for which gains.

What the theory assumes, checked before any long computation (ValueError naming the
argument and the reason otherwise): a relevance curve ``0 <= ybar(s) <= 1`` on [0, 1]
(2001 grid points) with ``p = int ybar`` in (0, 1); graded probabilities in [0, 1] summing
to 1; every curve continuous on [0, 1], as Theorem 3 assumes of ``ybar`` and Theorem 10 of
each ``P[Y = v | s]`` (:func:`check_continuous`: a ``Piecewise`` curve, the only kind that
can jump, is checked at its breakpoints); a positive, non-increasing discount
(:func:`check_discount_theory`; a discount linear in r, increasing or not, gets document
000's pairwise analysis instead of the NDCG limits); an increasing gain; a Monte Carlo
request of at most 2e9 simulated documents per core (about a minute of simulation per
core; one core in this process, the workers' cores with ``workers=``), its estimated cost
named in the error.
Every step then runs under a time budget (:mod:`rankmeasures.theory._budget`): one that runs out
ends the analysis, named in the report's ``incomplete``, with the report so far kept.

The report is typed (:mod:`rankmeasures.theory.results`): a :class:`VariantReport` of a
:class:`DiscountClass`, :class:`ModelEntry` objects and so on, decided by enums
(:class:`Decay`, :class:`CutRegime`, ...); its table (``to_rows``) and JSON (``to_json``)
are rendered there.

The limits for a regularly varying discount of index ``beta in [0, 1)`` follow Theorem 3's
proof with ``F(t) ~ t D(t) / (1 - beta)`` (Karamata): ``(1-beta) int_0^1 ybar(1-u)
u^-beta du / p^(1-beta)``, which is 1 for ``beta = 0`` (Theorem 1 and any slowly varying
discount such as ``1/log(1+r)^2``). Cut-offs: ``k = c n`` gives Theorems 8 and 9;
``k -> infinity, k = o(n)`` gives ``ybar(1)`` (Theorem 7); a bounded k gives no limit in
probability (the top k labels stay random; their mean is ``ybar(1)``).
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import mpmath
import numpy as np
import sympy

from .._validation import check_int
from ..discounts import CustomDiscount, Discount, cutoff, n, r
from ..exact import dcg_symbolic
from ..gains import y
from . import asymptotics, distinguish
from ._budget import BudgetExceeded, time_budget
from .results import (
    CutRegime,
    Decay,
    DiscountClass,
    Distinguish,
    ExactRatio,
    LimitKind,
    ModelEntry,
    MonteCarlo,
    PairwiseIdentity,
    Separation,
    Theorem,
    Theorems,
    VariantReport,
    Verdict,
    WinRate,
    rows_of,
)
from .simulate import simulate_ndcg

__all__ = [
    "ALLOWED_FUNCTIONS",
    "parse_expression",
    "classify_discount",
    "linear_pairwise_identity",
    "check_discount_theory",
    "check_pair",
    "check_continuous",
    "analyse",
    "AnalysisSettings",
    "expected_ratio",
    "report_rows",
]

#: Functions an expression may call, and the constants it may name.
ALLOWED_FUNCTIONS = {"log": sympy.log, "ln": sympy.log,
                     "log2": lambda x: sympy.log(x, 2), "exp": sympy.exp, "sqrt": sympy.sqrt}
_CONSTANTS = {"pi": sympy.pi, "E": sympy.E}
_SYMBOLS = {"r": r, "n": n, "s": asymptotics.s, "y": y}
_MAX_LENGTH = 300
_MAX_EXPONENT = 64
_MAX_DEPTH = 40
_MAX_BITS = 1 << 16


def parse_expression(text: str, variables: tuple[str, ...] = ("r", "n"), *,
                     name: str = "expression") -> sympy.Expr:
    """A sympy expression from a string, by a whitelist.

    Parameters
    ----------
    text : str
        For example ``"1/log(1+r)^2"``, ``"r^(-1/2)"``, ``"3^y - 1"``, ``"s^2"``.
        ``^`` and ``**`` both mean power.
    variables : sequence of {"r", "n", "s", "y"}
        The variables allowed here.
    name : str
        The argument's name, for error messages.

    Raises
    ------
    ValueError
        For anything outside the whitelist (attribute access, subscripts, lambdas,
        keywords, strings, unknown names or functions, a constant exponent larger than
        64 in size, more than 300 characters or 40 levels of nesting).
    """
    if not isinstance(text, str):
        raise ValueError(f"{name}: expected a string, got {type(text).__name__}")
    if len(text) > _MAX_LENGTH:
        raise ValueError(f"{name}: longer than {_MAX_LENGTH} characters")
    allowed = {v: _SYMBOLS[v] for v in variables}
    try:
        tree = ast.parse(text.replace("^", "**"), mode="eval")
    except SyntaxError as exc:
        raise ValueError(f"{name}: not a valid expression ({exc.msg})") from None

    def build(node, depth):
        if depth > _MAX_DEPTH:
            raise ValueError(f"{name}: nested too deeply")
        if isinstance(node, ast.Expression):
            return build(node.body, depth + 1)
        if isinstance(node, ast.Constant):
            if isinstance(node.value, bool) or not isinstance(node.value, int | float):
                raise ValueError(f"{name}: only numbers are allowed as constants, got "
                                 f"{node.value!r}")
            return sympy.Rational(repr(node.value)) if isinstance(node.value, float) else (
                sympy.Integer(node.value))
        if isinstance(node, ast.Name):
            if node.id in allowed:
                return allowed[node.id]
            if node.id in _CONSTANTS:
                return _CONSTANTS[node.id]
            raise ValueError(f"{name}: unknown name {node.id!r} (allowed: "
                             f"{', '.join(sorted(allowed) + sorted(_CONSTANTS))})")
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
            v = build(node.operand, depth + 1)
            return -v if isinstance(node.op, ast.USub) else v
        if isinstance(node, ast.BinOp) and isinstance(
                node.op, ast.Add | ast.Sub | ast.Mult | ast.Div | ast.Pow):
            a, b = build(node.left, depth + 1), build(node.right, depth + 1)
            if isinstance(node.op, ast.Add):
                return a + b
            if isinstance(node.op, ast.Sub):
                return a - b
            if isinstance(node.op, ast.Mult):
                return a * b
            if isinstance(node.op, ast.Div):
                if b == 0:
                    raise ValueError(f"{name}: division by zero")
                return a / b
            if b.is_number and abs(b) > _MAX_EXPONENT:
                raise ValueError(f"{name}: exponent {b} is too large (at most "
                                 f"{_MAX_EXPONENT} in size)")
            if a.is_Rational and b.is_Rational and abs(b) * max(
                    abs(a.p).bit_length(), a.q.bit_length()) > _MAX_BITS:
                # sympy would compute the power exactly: ((2^64)^64)^64... is too large to
                # hold, however small each exponent
                base = str(a) if len(str(a)) <= 20 else f"a {abs(a.p).bit_length()}-bit number"
                raise ValueError(f"{name}: the power ({base})^{b} is too large to compute "
                                 f"exactly (more than {_MAX_BITS} bits)")
            return a ** b
        if isinstance(node, ast.Call):
            if not isinstance(node.func, ast.Name) or node.func.id not in ALLOWED_FUNCTIONS:
                what = node.func.id if isinstance(node.func, ast.Name) else "an expression"
                raise ValueError(f"{name}: calling {what} is not allowed (allowed: "
                                 f"{', '.join(ALLOWED_FUNCTIONS)})")
            if node.keywords or not 1 <= len(node.args) <= (2 if node.func.id == "log" else 1):
                raise ValueError(f"{name}: {node.func.id}() takes "
                                 f"{'one or two' if node.func.id == 'log' else 'one'} "
                                 "positional argument(s)")
            return ALLOWED_FUNCTIONS[node.func.id](*(build(a, depth + 1) for a in node.args))
        raise ValueError(f"{name}: {type(node).__name__} is not allowed (only numbers, the "
                         f"variables {', '.join(variables)}, + - * / ^ and "
                         f"{', '.join(ALLOWED_FUNCTIONS)})")

    return build(tree, 0)


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
    rd = sympy.limit(r * e, r, sympy.oo)
    beta = sympy.limit(-sympy.log(e) / sympy.log(r), r, sympy.oo)
    beta = sympy.nsimplify(beta) if beta.is_finite else None
    if rd == 0:
        decay = Decay.FASTER
        conv = sympy.Sum(e, (r, 1, sympy.oo)).is_convergent()
        summable = bool(conv) if conv is not None else beta is not None and beta > 1
    else:
        # r D(r) tends to a positive constant or grows: the sum diverges like sum 1/r
        decay = Decay.LIKE if rd.is_finite and rd.is_positive else Decay.SLOWER
        summable = False
    return DiscountClass(expr=str(e), summable=summable, r_times_d=str(rd), decay=decay,
                         beta=None if beta is None else str(beta),
                         theorem=_discount_theorem(e, summable, decay, beta))


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


def _cut_theorem(cls: DiscountClass, regime: CutRegime) -> Theorem:
    """The theorem of Wang et al. (2013) that governs a discount *with* its cut-off:
    a bounded cut is summable (Theorem 6's regime); ``k -> infinity, k = o(n)`` with an
    unbounded sum is Theorem 7; ``k = c n`` is Theorem 8 (slowly varying, beta = 0) or
    Theorem 9 (r^-beta, 0 < beta < 1)."""
    if cls.summable:
        return cls.theorem
    if regime is CutRegime.BOUNDED:
        return Theorems.T6_BOUNDED_CUT
    if regime is CutRegime.SUBLINEAR:
        return Theorems.T7
    beta = None if cls.beta is None else sympy.nsimplify(cls.beta)
    if beta == 0 and cls.decay is Decay.SLOWER:
        return Theorems.T8
    if beta is not None and 0 < beta < 1:
        return Theorems.T9
    return Theorems.none_with_cut(cls.theorem)


def _limit(mean, beta, cut, values, rates):
    """Closed form (sympy) of the limit for index beta and cut-off fraction ``cut`` (None:
    no cut-off): ``(1-beta) int_{1-c}^1 m(s)(1-s)^-beta ds / sum_j v_j (min(c, R_j)^(1-beta)
    - min(c, R_{j-1})^(1-beta))`` with ``m = E[Y | s]`` and cumulative rates ``R_j``
    (binary: ``ybar`` and ``p``; Theorems 1, 3, 8, 9 and their graded forms 10-13)."""
    s = asymptotics.s
    b = sympy.nsimplify(beta)
    c = sympy.Integer(1) if cut is None else sympy.nsimplify(cut)
    integral = sympy.integrate((1 - b) * mean * (1 - s) ** (-b), (s, 1 - c, 1))
    if integral.has(sympy.Integral):
        return None
    ideal, prev = sympy.Integer(0), sympy.Integer(0)
    for v, rj in zip(values, rates, strict=True):
        cur = sympy.Min(c, rj) ** (1 - b)
        ideal += v * (cur - prev)
        prev = cur
    return sympy.nsimplify(sympy.simplify(integral / ideal))


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


def _curve(text_or_expr, name):
    if isinstance(text_or_expr, str):
        return parse_expression(text_or_expr, ("s",), name=name)
    return sympy.sympify(text_or_expr)


@dataclass(frozen=True)
class _Model:
    """A relevance model as the analysis uses it: ``numeric`` (``ybar``, or a
    :class:`~rankmeasures.theory.asymptotics.GradedRelevance`), the mean curve ``E[Y | s]``,
    the grades ``v_1 > v_2 > ...`` with their cumulative rates ``R_j = P[Y >= v_j]``, and the
    fields that describe it in the report (:class:`ModelEntry`'s)."""

    numeric: Any
    mean: Any
    values: list
    rates: list
    binary: bool
    describe: dict


def _model(spec) -> _Model:
    """A relevance model: ``ybar`` (binary; a string or sympy expression in s) or a dict
    ``{"values": [v_1 > v_2 > ...], "probs": [P[Y = v_j | s], ...]}`` (graded)."""
    s = asymptotics.s
    if isinstance(spec, dict):
        if set(spec) != {"values", "probs"}:
            raise ValueError("ybar: a graded model is {'values': [...], 'probs': [...]}")
        probs = [_curve(q, "probs") for q in spec["probs"]]
        values = [sympy.nsimplify(v) for v in spec["values"]]
        if len(values) != len(probs) or len(values) < 2:
            raise ValueError("probs: need one probability per value, at least two")
        for j, q in enumerate(probs):
            _check_probability(q, f"probs[{j}]")
            check_continuous(q, f"probs[{j}]")
        if sympy.simplify(sum(probs) - 1) != 0:
            raise ValueError(f"probs: must sum to 1 for every s, they sum to "
                             f"{sympy.simplify(sum(probs))}")
        numeric = asymptotics.GradedRelevance([float(v) for v in values], probs)
        mean = sympy.expand(sum(v * q for v, q in zip(values, probs, strict=True)))
        masses = [sympy.integrate(q, (s, 0, 1)) for q in probs]
        rates = [sympy.nsimplify(sum(masses[: j + 1])) for j in range(len(masses))]
        return _Model(numeric, mean, values, rates, binary=False, describe={
            "values": [str(v) for v in values], "probs": [str(q) for q in probs],
            "mean": str(mean),
            "mean_y": str(sympy.nsimplify(sympy.integrate(mean, (s, 0, 1))))})
    yb = _curve(spec, "ybar")
    asymptotics.relevance_curve(yb)  # validates the curve
    _check_probability(yb, "ybar")
    check_continuous(yb, "ybar")
    p_exact = sympy.nsimplify(sympy.integrate(yb, (s, 0, 1)))
    if not 0 < p_exact < 1:
        raise ValueError(f"ybar: p = P[Y = 1] = {p_exact}; the theory needs 0 < p < 1 (some "
                         "relevant and some irrelevant documents)")
    return _Model(yb, yb, [sympy.Integer(1), sympy.Integer(0)], [p_exact, sympy.Integer(1)],
                  binary=True, describe={"ybar": str(yb), "p": str(p_exact)})


def check_pair(ybar: Any, ybar_other: Any) -> None:
    """Refuse two relevance models that cannot be two ranking functions of one data
    distribution (Wang et al. (2013), Section 2): both score the same labelled objects, so
    the law of the label is theirs in common -- ``P[Y = 1] = int_0^1 ybar`` for binary
    relevance, ``P[Y = v] = int_0^1 P[Y = v | s] ds`` for every grade ``v`` of a graded
    model. Checked exactly (sympy), before any computation.

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
    m0, m1 = _model(ybar), _model(ybar_other)
    if m0.binary != m1.binary:
        raise ValueError("ybar, ybar_other: one model is binary and the other graded; two "
                         "ranking functions of one distribution score the same labels")
    if m0.binary:
        p0, p1 = m0.rates[0], m1.rates[0]
        if sympy.simplify(p0 - p1) != 0:
            raise ValueError(
                f"ybar, ybar_other: two ranking functions of one distribution share "
                f"P[Y = 1] = int_0^1 ybar(s) ds; ybar = {m0.describe['ybar']} gives {p0}, "
                f"ybar_other = {m1.describe['ybar']} gives {p1}. For a random function of "
                f"the first one's distribution use ybar_other = {p0}")
        return
    if [sympy.nsimplify(v) for v in m0.values] != [sympy.nsimplify(v)
                                                       for v in m1.values]:
        raise ValueError(f"ybar, ybar_other: the two graded models have different grades "
                         f"({m0.describe['values']} and {m1.describe['values']}); two "
                         f"ranking functions of one distribution score the same labels")
    masses0 = [b - a for a, b in zip([0, *m0.rates[:-1]], m0.rates, strict=True)]
    masses1 = [b - a for a, b in zip([0, *m1.rates[:-1]], m1.rates, strict=True)]
    for v, a, b in zip(m0.describe["values"], masses0, masses1, strict=True):
        if sympy.simplify(a - b) != 0:
            raise ValueError(
                f"ybar, ybar_other: two ranking functions of one distribution share the law "
                f"of the grades; P[Y = {v}] is {sympy.nsimplify(a)} under the first model and "
                f"{sympy.nsimplify(b)} under the second. For a random function of the first "
                f"one's distribution use the constant probabilities "
                f"{[str(sympy.nsimplify(m)) for m in masses0]}")


@dataclass(frozen=True)
class AnalysisSettings:
    """How much of an analysis to compute, and with which seed: the arguments of
    :func:`analyse` other than the variant itself (the discount, cut-off, relevance
    models and gain) and where it runs.

    Attributes
    ----------
    n_values : tuple
        n for the pseudo-expectation (up to 1e100).
    mc_n : tuple of int
        n for the Monte Carlo confirmation, ``mc_draws`` draws each.
    mc_draws : int
    seed : int
        The root of every random stream of the analysis (:func:`_stream_seed`).
    dps : int
        Decimal digits of the limits and pseudo-expectations.
    budget : float or None
        Seconds each step may take; None for no budget.
    dist_n : tuple of int
        n at which ``P[NDCG(f0) > NDCG(f1)]`` is estimated, from ``dist_draws`` samples.
    dist_draws : int

    Examples
    --------
    >>> AnalysisSettings(mc_n=(1000,), seed=3).mc_draws
    20
    """

    n_values: tuple = (10**3, 10**6, 10**100)
    mc_n: tuple = ()
    mc_draws: int = 20
    seed: int = 0
    dps: int = 30
    budget: float | None = 60.0
    dist_n: tuple = ()
    dist_draws: int = 200


def analyse(discount: str, *, cut: str | None = None, ybar: str = "s",
            ybar_other: str | None = None,
            n_values: Sequence[Any] = (10**3, 10**6, 10**100),
            mc_n: Sequence[int] = (), mc_draws: int = 20, seed: int = 0, dps: int = 30,
            gain: str | None = None, budget: float | None = 60.0, workers: Any = None,
            dist_n: Sequence[int] = (), dist_draws: int = 200) -> VariantReport:
    """The full report on a discount variant (see the module docstring).

    Parameters
    ----------
    discount : str or sympy expression in r
        D(r), e.g. ``"1/log(1+r)^2"``.
    cut : str, sympy expression in n, or None
        A cut-off k(n), e.g. ``"sqrt(n)"``, ``"n/5"``, ``"10"``.
    ybar, ybar_other : str, sympy expression in s, or dict
        ``P[Y = 1 | ftilde = s]`` of one or two ranking functions (binary relevance), or a
        graded model ``{"values": [2, 1, 0], "probs": ["s^2", "2*s*(1-s)", "(1-s)^2"]}``
        (``P[Y = v_j | s]``, summing to 1; the gain of a grade is its value).
    n_values : sequence of int
        n for the pseudo-expectation (up to 1e100).
    mc_n : sequence of int
        n for the Monte Carlo confirmation (``mc_draws`` draws each): the mean of NDCG
        and its standard error, the means of DCG and IDCG, their ratio (an estimator of
        ``E[DCG] / E[IDCG]``) with its delta-method standard error, and that target exactly
        where it is computable. Both models share the draws' stream at each n.
    seed : int
        The root of the random streams: one per purpose and n (and sample), derived by
        ``np.random.SeedSequence`` (:func:`_stream_seed`).
    gain : str or sympy expression in y, optional
        A gain for the linear-discount analysis (reported, and checked against the
        affine condition).
    budget : float or None
        Seconds each step may take (classification, cut-off regime, each model, each
        limit, each pseudo-expectation, each Monte Carlo size, the separation of the two
        models, the pairwise identity); None for no budget. A step that runs out ends the
        analysis: the report keeps what was computed and names the step in
        ``incomplete``.
    workers : None, int, str or distributed.Client
        Where the Monte Carlo runs (:func:`rankmeasures.theory.engine.connect`): this
        process, k local worker processes, a scheduler address or a client. The draws are
        :func:`~rankmeasures.theory.simulate.simulate_ndcg`'s, the same bits
        wherever they run; the Monte Carlo ceiling grows with the workers' cores.
    dist_n, dist_draws : sequence of int, int
        For two binary models: ``P[NDCG(f0) > NDCG(f1)]`` (Wang et al. (2013),
        Definition 3) estimated at each n of ``dist_n`` from ``dist_draws`` coupled
        samples (:func:`~rankmeasures.theory.distinguish.model_win_rate`), under the
        distinguishing step of the report; empty: not estimated.

    Returns
    -------
    VariantReport
        Typed parts (:mod:`rankmeasures.theory.results`); ``to_rows()`` gives the table,
        ``to_json()`` the JSON.

    Raises
    ------
    ValueError
        For an input outside the theory (module docstring, "what the theory assumes"):
        checked before any long computation, so that it costs no budget.

    Examples
    --------
    >>> rep = analyse("r^(-1/2)", ybar="s", n_values=(10**100,))
    >>> rep.discount_class.decay.value, rep.theorem, rep.models[0].limit
    ('slower than 1/r', None, '2*sqrt(2)/3')
    >>> rep.effective_theorem.number
    3
    """
    settings = AnalysisSettings(
        n_values=tuple(n_values), mc_n=tuple(mc_n), mc_draws=mc_draws, seed=seed, dps=dps,
        budget=budget, dist_n=tuple(dist_n), dist_draws=dist_draws)
    report = VariantReport(None, None)
    if ybar_other is not None:
        check_pair(ybar, ybar_other)
    _check_distinguish(dist_n, dist_draws)

    def run(client, cores):
        _check_monte_carlo(mc_n, mc_draws, cores=cores)
        try:
            _analyse(report, discount, cut, ybar, ybar_other, gain, settings, client)
        except BudgetExceeded as exc:
            report.incomplete = f"{exc}; the fields above were computed before it"

    if workers is None or not mc_n:
        _check_monte_carlo(mc_n, mc_draws, cores=1)  # before any worker starts
        run(None, 1)
    else:
        from .engine import connect, cores

        if isinstance(workers, int) and not isinstance(workers, bool):
            _check_monte_carlo(mc_n, mc_draws, cores=workers)  # before the cluster starts
        with connect(workers) as client:
            run(client, cores(client))
    return report


def _discount_and_cut(discount, cut) -> tuple:
    """``D`` (in r, and n when linear) and the cut-off ``k(n)`` (or None) as sympy
    expressions, from strings by the whitelisted parser."""
    d_expr = parse_expression(discount, ("r", "n"), name="discount") if isinstance(
        discount, str) else sympy.sympify(discount)
    if cut is None:
        return d_expr, None
    return d_expr, (parse_expression(cut, ("n",), name="cut") if isinstance(cut, str)
                    else sympy.sympify(cut))


#: the purposes of the analysis' random streams, the first word of each spawn key
_MONTE_CARLO, _WIN_RATE = 1, 2


def _stream_seed(seed: int, purpose: int, *key: int) -> int:
    """The seed of one random stream: 128 bits of ``np.random.SeedSequence(seed,
    spawn_key=(purpose, *key))``. Distinct (purpose, key) give distinct sequences, so the
    Monte Carlo at one n never reuses the draws of another n or of the win-rate samples
    (which ``seed + n`` and ``seed + 7919 i + n`` could).

    Examples
    --------
    >>> _stream_seed(0, _WIN_RATE, 10, 1) != _stream_seed(0, _WIN_RATE, 10 + 7919, 0)
    True
    """
    words = np.random.SeedSequence(seed, spawn_key=(purpose, *key)).generate_state(4)
    return int.from_bytes(words.astype("<u4").tobytes(), "little")


def _analyse(report: VariantReport, discount, cut, ybar, ybar_other, gain,
             settings: AnalysisSettings, client=None) -> None:
    """The body of :func:`analyse`, filling ``report`` step by step."""
    d_expr, k_expr = _discount_and_cut(discount, cut)
    report.discount, report.cut = str(d_expr), None if k_expr is None else str(k_expr)
    linear = sympy.diff(d_expr, r, 2) == 0 and sympy.diff(d_expr, r) != 0
    if gain is not None and not linear:
        raise ValueError("gain: only the linear-discount analysis (document 000's Delta DCG = "
                         "R(f)) takes a gain; for the NDCG limits give graded labels, whose "
                         "values are the gains (ybar={'values': ..., 'probs': ...}, or "
                         "--grades/--probs)")
    if linear:
        _pairwise(report, d_expr, gain, settings.budget)
        return
    if n in d_expr.free_symbols:
        raise ValueError("discount: D may depend on n only when it is linear in r (document "
                         "000's |S| - i); give a cut-off that grows with n as cut")
    check_discount_theory(d_expr)
    models = [("f0", _model(ybar))]
    if ybar_other is not None:
        models.append(("f1", _model(ybar_other)))
    with time_budget("classifying the discount", settings.budget):
        report.discount_class = classify_discount(d_expr)
    frac = _cut_regime(report, k_expr, settings.budget)
    if any(not mod.binary for _, mod in models):
        assert report.effective_theorem is not None  # the class is set above
        report.graded_theorem = Theorems.graded_form(report.effective_theorem)
    base = CustomDiscount(expr=d_expr, name=str(d_expr))
    at = functools.partial(_discount_at, base, k_expr)  # the discount at a list length
    limits = {}
    for label, mod in models:
        closed = _model_entry(report, label, mod, at, frac, settings, client)
        if closed is not None:
            limits[label] = closed
    if len(models) == 2:
        _compare_models(report, models, limits, at, settings)


def _pairwise(report: VariantReport, d_expr, gain, budget) -> None:
    """A discount linear in the position: document 000's pairwise identity, and whether a
    gain given is affine."""
    report.discount_class = DiscountClass(
        str(d_expr), None, None, None, None,
        Theorems.LINEAR,
        linear=True)
    g_expr = None
    if gain is not None:
        g_expr = parse_expression(gain, ("y",), name="gain") if isinstance(gain, str) \
            else sympy.sympify(gain)
        _check_gain(g_expr)
    with time_budget("the pairwise identity", budget):
        report.pairwise = linear_pairwise_identity(d_expr)
    if g_expr is not None:
        report.pairwise = dataclasses.replace(
            report.pairwise, gain=str(g_expr), gain_affine=bool(sympy.diff(g_expr, y, 2) == 0))


def _cut_regime(report: VariantReport, k_expr, budget):
    """The regime of the cut-off and the theorem with it; returns the fraction ``c`` of
    ``k = c n`` (None otherwise)."""
    if k_expr is None:
        return None
    with time_budget("the regime of the cut-off", budget):
        ratio = sympy.limit(k_expr / n, n, sympy.oo)
        grows = sympy.limit(k_expr, n, sympy.oo)
    frac = None
    if ratio.is_positive and ratio.is_finite:
        frac, regime = sympy.nsimplify(min(ratio, 1)), CutRegime.LINEAR
    elif grows == sympy.oo:
        regime = CutRegime.SUBLINEAR
    else:
        regime = CutRegime.BOUNDED
    report.cut_regime = regime
    assert report.discount_class is not None  # set before the cut-off is looked at
    report.theorem = _cut_theorem(report.discount_class, regime)
    return frac


def _model_entry(report: VariantReport, label: str, mod: _Model, at, frac,
                 settings: AnalysisSettings, client):
    """One model's limit, pseudo-expectations and Monte Carlo; returns the limit in closed
    form (None without one)."""
    entry = ModelEntry(**mod.describe)
    report.models.append(entry)  # filled in place: a step that runs out keeps it
    closed = _limit_step(entry, label, mod, report, frac, settings)
    _pseudo_step(entry, label, mod, at, settings)
    _monte_carlo_step(entry, label, mod, at, settings, client)
    return closed


def _limit_step(entry: ModelEntry, label, mod, report: VariantReport, frac,
                settings: AnalysisSettings):
    """The limit of NDCG under one model, by the regime (Theorems 1, 3, 5-9, 10-13)."""
    cls, regime = report.discount_class, report.cut_regime
    assert cls is not None  # classified before the models are analysed
    if cls.summable or regime is CutRegime.BOUNDED:
        top = sympy.nsimplify(mod.mean.subs(asymptotics.s, 1) / mod.values[0])
        entry.limit_kind, entry.top = LimitKind.NONE_IN_PROBABILITY, str(top)
        return None
    beta = None if cls.beta is None else sympy.nsimplify(cls.beta)
    closed = None
    if regime is CutRegime.SUBLINEAR or cls.decay is Decay.LIKE:
        closed = sympy.nsimplify(mod.mean.subs(asymptotics.s, 1) / mod.values[0])
    elif beta is not None and 0 <= beta < 1:
        with time_budget(f"the limit for {label}", settings.budget):
            closed = _limit(mod.mean, beta, frac, mod.values, mod.rates)
    if closed is None:
        entry.limit_kind = LimitKind.NO_THEOREM
        return None
    entry.limit_kind, entry.limit = LimitKind.CLOSED, str(closed)
    with mpmath.workdps(settings.dps):
        entry.limit_numeric = mpmath.nstr(mpmath.mpf(sympy.N(closed, settings.dps + 5)),
                                          settings.dps)
    return closed


def _pseudo_step(entry: ModelEntry, label, mod, at, settings: AnalysisSettings) -> None:
    """Definition 5's pseudo-expectation ``N(n)`` at each n of the settings."""
    entry.pseudo = {}
    for nv in settings.n_values:
        disc = at(nv)
        with mpmath.workdps(settings.dps), time_budget(
                f"the pseudo-expectation of {label} at n = {_n_key(nv)}", settings.budget):
            entry.pseudo[_n_key(nv)] = mpmath.nstr(asymptotics.pseudo_expectation(
                mod.numeric, disc, mpmath.mpf(nv), dps=settings.dps), 12)


def _monte_carlo_step(entry: ModelEntry, label, mod, at, settings: AnalysisSettings,
                      client) -> None:
    """Monte Carlo of NDCG at each n of ``mc_n``; the stream depends on n only, so the two
    models of a report share their draws' stream (common random numbers)."""
    if not settings.mc_n:
        return
    entry.monte_carlo = {}
    for nv in settings.mc_n:
        disc = at(nv)
        with time_budget(f"the Monte Carlo of {label} at n = {_n_key(nv)}", settings.budget):
            sim = simulate_ndcg(mod.numeric, disc, int(nv), n_draws=settings.mc_draws,
                                seed=_stream_seed(settings.seed, _MONTE_CARLO, int(nv)),
                                workers=client)
        draws = sim["ndcg"]
        entry.monte_carlo[_n_key(nv)] = MonteCarlo(
            float(draws.mean()), float(draws.std(ddof=1) / math.sqrt(settings.mc_draws)),
            *_ratio_of_means(sim["dcg"], sim["idcg"]),
            exact=_finite_ratio(mod, disc, int(nv)))


def _compare_models(report: VariantReport, models, limits, at,
                    settings: AnalysisSettings) -> None:
    """Telling f0 from f1: the theorems' answer, the win rates estimated on coupled samples
    (two binary models and ``dist_n``), and the gap of the pseudo-expectations."""
    with time_budget("telling the two models apart", settings.budget):
        report.distinguish = _distinguish(
            [mod.numeric if mod.binary else None for _, mod in models], limits,
            report, settings.dps)
    curves = [mod.numeric for _, mod in models if mod.binary]
    if settings.dist_n and len(curves) == 2:
        _win_rates(report.distinguish, curves, at, settings)
    n0, n1 = (m.pseudo for m in report.models)
    assert n0 is not None and n1 is not None  # each entry's _pseudo_step ran
    report.distinguish.pseudo_gap = {
        k: mpmath.nstr(mpmath.mpf(n0[k]) - mpmath.mpf(n1[k]), 6) for k in n0}


def _win_rates(dist: Distinguish, curves, at, settings: AnalysisSettings) -> None:
    """``P[NDCG(f0) > NDCG(f1)]`` at each n of ``dist_n``, one stream per sample, and the
    first n at which it exceeds 0.9 and 0.99."""
    est = dist.win_rates = {}
    draws = settings.dist_draws
    for nv in settings.dist_n:
        disc = at(nv)
        with time_budget(f"P[NDCG(f0) > NDCG(f1)] at n = {_n_key(nv)}", settings.budget):
            rate = distinguish.model_win_rate(
                int(nv), curves, disc,
                seeds=[_stream_seed(settings.seed, _WIN_RATE, int(nv), i)
                       for i in range(draws)])
        est[_n_key(nv)] = WinRate(rate, math.sqrt(max(rate * (1 - rate), 0.25 / draws)
                                                  / draws))
    dist.first_above = {level: next((k for k, v in est.items() if v.p > level), None)
                        for level in (0.9, 0.99)}


def _ratio_of_means(dcg, idcg) -> tuple[float, float, float, float]:
    """The ratio estimator of ``E[DCG] / E[IDCG]`` from paired draws, with its delta-method
    standard error: ``(mean DCG, mean IDCG, ratio, its s.e.)``.

    ``R = mean(DCG) / mean(IDCG)``; its standard error is ``sd(DCG - R IDCG) / (sqrt(m)
    mean(IDCG))`` over the ``m`` draws (the linearisation of ``D / I`` about the means,
    e.g. Cochran, *Sampling Techniques*, 3rd ed., Section 6.3); its bias is of order
    ``1/m``, against a standard error of order ``1/sqrt(m)``. A draw with IDCG = 0 (no
    relevant label) adds 0 to both sums.
    """
    dcg, idcg = np.asarray(dcg, dtype=np.float64), np.asarray(idcg, dtype=np.float64)
    m = dcg.size
    mean_d, mean_i = float(dcg.mean()), float(idcg.mean())
    ratio = mean_d / mean_i
    resid = dcg - ratio * idcg
    se = float(np.sqrt(resid @ resid / (m - 1)) / (math.sqrt(m) * mean_i)) if m > 1 \
        else math.nan
    return mean_d, mean_i, ratio, se


def expected_ratio(discount: Any, ybar: Any, nv: int, *, cut: Any = None) -> ExactRatio | None:
    """``E[DCG] / E[IDCG]`` at list length ``nv``, exactly (double precision), with a
    proven bound on how far the mean of NDCG can be from it (see :func:`_finite_ratio`).

    Parameters
    ----------
    discount, cut : str, sympy expression or Discount
        As for :func:`analyse` (a non-linear discount); or a
        :class:`~rankmeasures.discounts.Discount` object (its cut-off, if any, inside it,
        e.g. :func:`~rankmeasures.cutoff`), with ``cut`` None: the formula needs the
        weights D(1..nv) only.
    ybar : str, sympy expression in s, or dict
        A binary or graded relevance model, as for :func:`analyse`.
    nv : int
        The list length, at most 1e7.

    Returns
    -------
    ExactRatio or None
        ``ratio`` (``E[DCG] / E[IDCG]``), ``bias_bound`` (on ``|E[NDCG] -
        E[DCG]/E[IDCG]|``), ``expected_dcg`` and ``expected_idcg``; None for a mean curve
        that is not a polynomial in s or ``nv > 1e7``.

    Examples
    --------
    >>> out = expected_ratio("r^(-1/2)", "1/2", 3)  # by hand: sum D(r)/2 / sum D(r) P[M >= r]
    >>> round(out.ratio, 12)
    0.878149498646
    >>> from rankmeasures import power_discount
    >>> round(expected_ratio(power_discount(0.5), "1/2", 3).ratio, 12)  # the same discount
    0.878149498646
    """
    check_int("nv", nv, min=1)
    if isinstance(discount, Discount):
        if cut is not None:
            raise ValueError("cut: with a Discount object, put the cut-off inside it "
                             "(rankmeasures.cutoff); cut is for an expression discount")
        return _finite_ratio(_model(ybar), discount, int(nv))
    d_expr, k_expr = _discount_and_cut(discount, cut)
    check_discount_theory(d_expr)
    base = CustomDiscount(expr=d_expr, name=str(d_expr))
    return _finite_ratio(_model(ybar), _discount_at(base, k_expr, nv), int(nv))


def _finite_ratio(mod, disc, nv: int, max_n: int = 10**7) -> ExactRatio | None:
    """``E[DCG] / E[IDCG]`` at list length ``nv`` exactly (double precision), the target of
    the Monte Carlo, and a bound on ``|E[NDCG] - E[DCG] / E[IDCG]|``. Definition 5's
    pseudo-expectation replaces both sums by integrals; its error at finite n depends on
    the relevance curve (compare the two with :func:`expected_ratio`).

    ``E[DCG] = sum_r D(r) E[m(ftilde(x_(r)))]`` with ``1 - ftilde(x_(r)) ~ Beta(r, n-r+1)``
    (Wang et al. 2013, Claim 2) for a mean curve ``m`` polynomial in s, and
    ``E[IDCG] = sum_j (v_j - v_(j+1)) E[F(M_j)]`` with ``F(m) = sum_{r <= m} D(r)`` and
    ``M_j ~ Binomial(n, R_j)`` the number of labels at least ``v_j``. The bound: with
    ``Z = DCG / IDCG`` in [0, 1] and ``E[Z IDCG] = E[DCG]``, ``E[Z] - E[DCG]/E[IDCG] =
    -Cov(Z, IDCG) / E[IDCG]``, at most ``sd(Z) sd(IDCG) / E[IDCG] <= sd(IDCG) / (2
    E[IDCG])`` by Cauchy-Schwarz, and ``sd(IDCG) <= sum_j (v_j - v_(j+1)) sd(F(M_j))``
    (Minkowski), each computed exactly from the binomial law. None for a curve that is not
    a polynomial or ``nv > max_n``.
    """
    from scipy import stats

    u = sympy.Symbol("u")
    if nv > max_n:
        return None
    try:
        poly = sympy.Poly(sympy.expand(mod.mean.subs(asymptotics.s, 1 - u)), u)
    except sympy.PolynomialError:
        return None
    if not all(c.is_number for c in poly.all_coeffs()):
        return None
    w = np.asarray(disc.weights(nv), dtype=np.float64)
    ranks = np.arange(1, nv + 1, dtype=np.float64)
    moment = np.ones(nv)  # E[u^k], built up k by k
    mean = np.zeros(nv)
    for k, a in enumerate(reversed(poly.all_coeffs())):
        if k:
            moment = moment * (ranks + k - 1) / (nv + k)
        mean += float(a) * moment
    values = [float(v) for v in mod.values] + [0.0]
    cum = np.concatenate([[0.0], np.cumsum(w)])  # F(m), m = 0..nv
    ideal, sd_ideal = 0.0, 0.0
    for j, rate in enumerate(mod.rates):
        step = values[j] - values[j + 1]
        ideal += step * float(w @ stats.binom.sf(ranks - 1, nv, float(rate)))
        pmf = stats.binom.pmf(np.arange(nv + 1), nv, float(rate))
        m1 = float(pmf @ cum)
        sd_ideal += step * math.sqrt(max(float(pmf @ (cum - m1) ** 2), 0.0))
    expected_dcg = float(w @ mean)
    return ExactRatio(expected_dcg / ideal, sd_ideal / (2 * ideal), expected_dcg, ideal)


def _discount_at(base, k_expr, nv):
    """The discount at list length ``nv``: ``base``, cut at the exact integer ``k(nv)`` (at
    least 1, at most ``nv``; ``nv`` up to 1e100 as a power of ten) when there is a cut-off."""
    if k_expr is None:
        return base
    nn = sympy.Integer(int(nv)) if nv < 10**18 else sympy.Integer(10) ** round(math.log10(nv))
    return cutoff(base, k=max(1, min(int(sympy.ceiling(k_expr.subs(n, nn))), int(nn))))


def _n_key(nv) -> str:
    """The report's key of a list length: ``1e+03``, ``1.5e+04``, ``1e+100``."""
    return f"{float(nv):.3g}"


def _distinguish(curves, limits, report: VariantReport, dps) -> Distinguish:
    """What the theorems say of ``P[NDCG(f0) > NDCG(f1)] -> 1`` (in probability, from the
    limits; Wang et al.'s Definition 3 asks for more, a bound at every n >= N with a rate,
    which is not decided here). ``curves``: each model's ``ybar``, None for a graded one."""
    y0, y1 = curves
    cls, regime = report.discount_class, report.cut_regime
    assert cls is not None  # classified before the models are compared
    if "f0" in limits and "f1" in limits:
        gap = sympy.simplify(limits["f0"] - limits["f1"])
        if gap != 0:
            return Distinguish(Separation.LIMITS_DIFFER,
                               Verdict.YES if sympy.N(gap) > 0 else Verdict.NO,
                               limit_gap=str(gap),
                               limit_gap_numeric=mpmath.nstr(sympy.N(gap, dps), 12))
    if cls.summable or regime is CutRegime.BOUNDED:
        return Distinguish(Separation.NO_LIMIT, Verdict.NO)
    if y0 is None or y1 is None:
        return Distinguish(Separation.SAME_LIMIT_GRADED, Verdict.UNDECIDED)
    if regime is None and _log_type(sympy.sympify(cls.expr, locals={"r": r})):
        k, a = asymptotics.log_discount_separation(y0, y1, dps=dps)
        return Distinguish(Separation.LEMMA_3, Verdict.YES if a > 0 else Verdict.NO if a < 0
                           else Verdict.UNDECIDED, lemma3_k=k, lemma3_a=mpmath.nstr(a, 12))
    dy1 = sympy.simplify((y0 - y1).subs(asymptotics.s, 1))
    return Distinguish(Separation.SAME_LIMIT, Verdict.UNDECIDED, delta_y1=str(dy1),
                       fluctuation_note=cls.beta not in (None, "0"))


# -- what the theory assumes of the inputs ----------------------------------------------

_R_GRID = (1, 1.5, 2, 3, 5, 10, 30, 100, 1e3, 1e4, 1e6, 1e9, 1e12)
_S_GRID = np.linspace(0.0, 1.0, 2001)
_MC_NS_PER_RANK = 12  # one simulated document, one core (benchmarks, cases (g) and (j))
_MC_MAX_WORK = 2 * 10**9  # n x draws per core: about a minute of simulation


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
    values, not the theorems'. Expressions parsed by :func:`parse_expression` are
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


def _check_gain(g_expr) -> None:
    """A gain must rank a higher grade higher: g(0) < g(1) < ... < g(10)."""
    vals = [sympy.N(g_expr.subs(y, k), 20) for k in range(11)]
    for k in range(10):
        if not (vals[k + 1].is_real and vals[k].is_real and vals[k + 1] > vals[k]):
            raise ValueError(f"gain: g(y) = {g_expr} is not increasing: g({k + 1}) = "
                             f"{sympy.N(vals[k + 1], 6)} is not above g({k}) = "
                             f"{sympy.N(vals[k], 6)}")


def _duration(seconds: float) -> str:
    for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= 2 * size:
            return f"{seconds / size:.3g} {unit}"
    return f"{seconds:.3g} s"


def _check_monte_carlo(mc_n, mc_draws, *, cores: int = 1) -> None:
    """Each Monte Carlo size within ``cores`` x 2e9 simulated documents (ValueError with
    the estimated cost otherwise)."""
    check_int("mc_draws", mc_draws, min=2, why="a standard error needs two")
    for nv in mc_n:
        if isinstance(nv, bool) or not float(nv).is_integer() or nv < 1:
            raise ValueError(f"mc_n: {nv!r} is not a positive integer")
        work = float(nv) * mc_draws
        if work > _MC_MAX_WORK * cores:
            core_s = work * _MC_NS_PER_RANK * 1e-9
            raise ValueError(
                f"mc_n, mc_draws: n = {float(nv):.0e} x {mc_draws} draws = {work:.1e} "
                f"simulated documents ~ {core_s / 3600:.3g} core-hours at {_MC_NS_PER_RANK} "
                f"ns each: about {_duration(core_s / cores)} on {cores} "
                f"core{'s' if cores > 1 else ''}, above the limit of "
                f"{_MC_MAX_WORK * cores:.0e} ({_MC_MAX_WORK:.0e} a core, about a minute); "
                "lower n or the draws, or give more workers (workers=)")


_DIST_MAX_WORK = 4 * 10**8  # n x samples: about a minute of coupled samples and sorts


def _check_distinguish(dist_n, dist_draws) -> None:
    check_int("dist_draws", dist_draws, min=2)
    for nv in dist_n:
        if isinstance(nv, bool) or not float(nv).is_integer() or nv < 2:
            raise ValueError(f"dist_n: {nv!r} is not an integer >= 2")
        if float(nv) * dist_draws > _DIST_MAX_WORK:
            raise ValueError(f"dist_n, dist_draws: n = {float(nv):.0e} x {dist_draws} samples "
                             f"is above the limit of {_DIST_MAX_WORK:.0e} scored objects "
                             "(about a minute); lower either")


def report_rows(report: VariantReport | dict, *, digits: int | None = None) -> list[dict]:
    """The report of :func:`analyse` as rows ``{"field": "a / b / c", "value": v}`` (the
    CLI's table, and a notebook's): :meth:`VariantReport.to_rows` for a report,
    :func:`~rankmeasures.theory.results.rows_of` for a nested mapping.

    ``digits``: round every number -- a float, or a string that is one number such as
    ``"0.957993255809"`` -- to that many significant digits, for reading; None keeps the
    report's values (for a table saved in full).

    Examples
    --------
    >>> report_rows({"limit": "2*sqrt(2)/3", "N(n)": {"1e+03": "0.957993255809"}}, digits=4)
    [{'field': 'limit', 'value': '2*sqrt(2)/3'}, {'field': 'N(n) / 1e+03', 'value': '0.958'}]
    """
    if isinstance(report, VariantReport):
        return report.to_rows(digits=digits)
    return rows_of(report, digits=digits)
