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

What the theory assumes, and what the computation needs, is checked before any
computation (a ValueError naming the argument, the reason and what would be valid
otherwise; :func:`analyse` lists every check):

* a relevance curve ``0 <= ybar(s) <= 1`` on [0, 1] (2001 grid points) with ``p = int ybar``
  in (0, 1) -- sympy's closed form when it finds one, else mpmath's quadrature; graded
  probabilities in [0, 1] summing to 1; every curve continuous on [0, 1], as Theorem 3
  assumes of ``ybar`` and Theorem 10 of each ``P[Y = v | s]`` (:func:`check_continuous`);
* two models with one law of the label (:func:`check_pair`: two ranking functions of one
  distribution), both binary or both graded over the same grades;
* a positive, non-increasing discount (:func:`check_discount_theory`; a discount linear in r,
  increasing or not, gets document 000's pairwise analysis instead of the NDCG limits, and
  takes no cut-off); an increasing gain;
* a cut-off ``k(n)`` that is a real number ``>= 1`` at every n asked and does not tend to a
  value below 1 (the list keeps its top ``ceil(k(n))`` positions, at most n);
* list lengths that are whole numbers from 2 (1 for the Monte Carlo) to ``1e300``, at which
  Definition 5's pseudo-expectation is defined: ``n p > 1`` (its normaliser ``F(n p)`` is 0
  below) and ``k(n) > 1``;
* a seed ``>= 0``, a number of workers ``>= 0``, and a Monte Carlo request of at most 2e9
  simulated documents per core (about a minute of simulation per core; one core in this
  process, the workers' cores with ``workers=``), its estimated cost named in the error.

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
import decimal
import difflib
import functools
import itertools
import math
import numbers
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import mpmath
import numpy as np
import sympy

from .._validation import check_int, check_real
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
    "N_MAX",
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
_MAX_DECIMAL_EXPONENT = 1000


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
        64 in size, a number beyond 1e1000 or below 1e-1000 in size, more than 300
        characters or 40 levels of nesting). A decimal is read with every digit written
        (``0.1`` is 1/10).
    """
    if not isinstance(text, str):
        raise ValueError(f"{name}: expected a string, got {type(text).__name__}")
    text = text.strip()  # " -1/r" from a shell is "-1/r", not Python's "unexpected indent"
    if len(text) > _MAX_LENGTH:
        raise ValueError(f"{name}: longer than {_MAX_LENGTH} characters")
    allowed = {v: _SYMBOLS[v] for v in variables}
    source = text.replace("^", "**")
    try:
        tree = ast.parse(source, mode="eval")
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
            if isinstance(node.value, int):
                return sympy.Integer(node.value)
            # the decimal as written, every digit of it (a Python float keeps 17)
            written = ast.get_source_segment(source, node) or repr(node.value)
            number = decimal.Decimal(written.replace("_", ""))
            if number and abs(number.adjusted()) > _MAX_DECIMAL_EXPONENT:
                raise ValueError(f"{name}: the number {written} is out of range (a decimal "
                                 f"exponent of at most {_MAX_DECIMAL_EXPONENT} in size)")
            return sympy.Rational(*number.as_integer_ratio())
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
                close = difflib.get_close_matches(what, list(ALLOWED_FUNCTIONS), n=2,
                                                  cutoff=0.6)
                raise ValueError(f"{name}: calling {what} is not allowed (allowed: "
                                 f"{', '.join(ALLOWED_FUNCTIONS)})"
                                 + (f"; did you mean {' or '.join(close)}?" if close else ""))
            if node.keywords or not 1 <= len(node.args) <= (2 if node.func.id == "log" else 1):
                raise ValueError(f"{name}: {node.func.id}() takes "
                                 f"{'one or two' if node.func.id == 'log' else 'one'} "
                                 "positional argument(s)")
            return ALLOWED_FUNCTIONS[node.func.id](*(build(a, depth + 1) for a in node.args))
        raise ValueError(f"{name}: {type(node).__name__} is not allowed (only numbers, the "
                         f"variables {', '.join(variables)}, + - * / ^ and "
                         f"{', '.join(ALLOWED_FUNCTIONS)})")

    out = build(tree, 0)
    if out.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):  # log(0), 0^(-1), ...
        raise ValueError(f"{name}: {text} is not finite (sympy reads it as {out})")
    return out


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
    try:
        rd = sympy.limit(r * e, r, sympy.oo)
        beta = sympy.limit(-sympy.log(e) / sympy.log(r), r, sympy.oo)
        beta = _tidy(beta) if beta.is_finite and beta.is_real else None
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


def _cut_theorem(cls: DiscountClass, regime: CutRegime, frac=None) -> Theorem:
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


def _limit(mean, beta, cut, values, rates):
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
    out = _tidy(sympy.simplify(integral / ideal))
    return out if out.is_number and _mp(out) is not None else None


def _agrees(closed, value, dps: int) -> bool:
    """Whether a closed form and a quadrature agree to ``dps - 10`` digits."""
    try:
        with mpmath.workdps(dps + 10):
            return abs(_mp(closed, dps + 10) - value) <= mpmath.mpf(10) ** -(dps - 10) * max(
                1, abs(value))
    except (ValueError, TypeError, ArithmeticError):
        return False


def _limit_numeric(mean, beta, cut, values, rates, dps: int) -> mpmath.mpf:
    """The limit of :func:`_limit` by mpmath's quadrature (tanh-sinh, which takes the
    endpoint singularity ``(1-s)^-beta``), where sympy finds no closed form."""
    s = asymptotics.s
    f = sympy.lambdify(s, mean, "mpmath")
    with mpmath.workdps(dps + 10):
        b = _mp(beta)
        c = mpmath.mpf(1) if cut is None else _mp(cut)
        sites = {1 - c, mpmath.mpf(1)}
        for bp in asymptotics.curve_breakpoints(mean):
            x = _mp(bp)
            if 1 - c < x < 1:
                sites.add(x)
        integral = (1 - b) * mpmath.quad(lambda x: f(x) * (1 - x) ** (-b), sorted(sites))
        ideal, prev = mpmath.mpf(0), mpmath.mpf(0)
        for v, rj in zip(values, rates, strict=True):
            cur = min(c, _mp(rj)) ** (1 - b)
            ideal += _mp(v) * (cur - prev)
            prev = cur
        out = integral / ideal
        if isinstance(out, mpmath.mpc) or not mpmath.isfinite(out):
            raise ValueError(f"the quadrature gave {out}")
        return +out


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


#: seconds sympy may spend on one exact integral or simplification of the inputs before
#: the check falls back to quadrature (an integral sympy cannot close may never end)
_EXACT_SECONDS = 5.0


def _symbolic(step: str, compute, seconds: float = _EXACT_SECONDS):
    """``compute()`` (a sympy computation), or None when sympy fails on it or takes more
    than ``seconds``: the caller then decides numerically. An outer time budget that runs
    out first still ends the analysis (its BudgetExceeded is not this step's)."""
    try:
        with time_budget(step, seconds):
            return compute()
    except BudgetExceeded as exc:
        if exc.step != step:
            raise
        return None
    except Exception:  # sympy's integrals, series and limits fail in many ways
        return None


def _tidy(x):
    """``x`` in a tidier exact form (nsimplify's) only when that form is equal to it:
    nsimplify alone would turn 5000000001/10000000000 into 1/2. A number holding a
    Float (a quadrature) is kept as it is."""
    x = sympy.sympify(x)
    if x.has(sympy.Float) or not x.is_number:
        return x
    simpler = _symbolic("tidying a number", lambda: sympy.nsimplify(sympy.simplify(x)), 2.0)
    if simpler is None or simpler == x:
        return x
    same = _symbolic("tidying a number", lambda: sympy.simplify(simpler - x) == 0, 2.0)
    return simpler if same else x


def _mp(x, dps: int = 40):
    """A sympy number as an mpmath real of ``dps`` digits (ValueError for a complex or
    infinite one)."""
    v = sympy.N(x, dps)
    if not (v.is_real and v.is_finite):
        raise ValueError(f"{x} is not a finite real number")
    with mpmath.workdps(dps):
        return mpmath.mpf(v)


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
                sites.append(_mp(b, 40))
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


def _integral01(expr, name: str, seconds: float = _EXACT_SECONDS) -> tuple[Any, bool]:
    """``int_0^1 expr ds`` and whether it is exact: sympy's closed form when it finds one
    within ``seconds`` and it agrees with the quadrature to 1e-20, else the quadrature
    (30 digits, a sympy Float). ``s^s`` has no closed form sympy finds, and sympy's
    integral of ``exp(-1/s)`` fails inside its series code: both get the quadrature."""
    s = asymptotics.s
    numeric = _quad01(expr, name)
    exact = _symbolic(f"the integral of {name}", lambda: sympy.integrate(expr, (s, 0, 1)),
                      seconds)
    if exact is not None and exact.is_number and not exact.has(sympy.Integral):
        try:
            with mpmath.workdps(40):
                agree = abs(_mp(exact) - numeric) <= mpmath.mpf(10) ** -20 * max(
                    1, abs(numeric))
            if agree:
                return _tidy(exact), True
        except (ValueError, TypeError, ArithmeticError):
            pass
    return sympy.Float(numeric, 30), False


def _show(x) -> str:
    """A number of the report: a rational as it is, 15 digits of a quadrature, a closed
    form with its value."""
    x = sympy.sympify(x)
    if x.is_Rational:
        return str(x) if len(str(x)) <= 12 else f"{x} = {mpmath.nstr(_mp(x), 15)}"
    value = mpmath.nstr(_mp(x), 15)
    if x.has(sympy.Float) or len(str(x)) > 40:
        return value
    return f"{x} = {value}"


@dataclass(frozen=True)
class _Model:
    """A relevance model as the analysis uses it: ``numeric`` (``ybar``, or a
    :class:`~rankmeasures.theory.asymptotics.GradedRelevance`), the mean curve ``E[Y | s]``,
    the grades ``v_1 > v_2 > ...`` with their cumulative rates ``R_j = P[Y >= v_j]``
    (``exact``: all in closed form; else some by quadrature), the argument's ``name`` and
    the fields that describe it in the report (:class:`ModelEntry`'s)."""

    numeric: Any
    mean: Any
    values: list
    rates: list
    binary: bool
    describe: dict
    exact: bool = True
    name: str = "ybar"


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


def _model(spec, name: str = "ybar", seconds: float = _EXACT_SECONDS) -> _Model:
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
        rates = [(_tidy if exact else sympy.sympify)(sum(m for m, _ in masses[: j + 1]))
                 for j in range(len(masses))]
        mean_y, _ = _integral01(mean, f"{where}probs", seconds)
        return _Model(numeric, mean, values, rates, binary=False, describe={
            "values": [str(v) for v in values], "probs": [str(q) for q in probs],
            "mean": str(mean), "mean_y": _show(mean_y)}, exact=exact, name=name)
    yb = _curve(spec, name)
    asymptotics.relevance_curve(yb)  # the form the computations take
    _check_probability(yb, name)
    check_continuous(yb, name)
    p, exact = _integral01(yb, name, seconds)
    if not 0 < _mp(p) < 1:
        raise ValueError(f"{name}: p = P[Y = 1] = {_show(p)} (the integral of {name} over "
                         "[0, 1]); the theory needs 0 < p < 1 (some relevant and some "
                         "irrelevant documents)")
    shown = _show(p) + ("" if exact else " (by quadrature: sympy finds no closed form)")
    return _Model(yb, yb, [sympy.Integer(1), sympy.Integer(0)], [p, sympy.Integer(1)],
                  binary=True, describe={"ybar": str(yb), "p": shown}, exact=exact,
                  name=name)


def _check_sum_to_one(probs, name: str) -> None:
    """The probabilities of a graded model sum to 1 at every s: exactly by sympy, else to
    1e-12 on 2001 points of [0, 1]."""
    total = sum(probs)
    if _symbolic(f"{name}: their sum", lambda: sympy.simplify(total - 1) == 0, 2.0):
        return
    f = sympy.lambdify(asymptotics.s, total, "numpy")
    with np.errstate(all="ignore"):
        v = np.broadcast_to(np.asarray(f(_S_GRID), dtype=complex), _S_GRID.shape)
    bad = np.flatnonzero(~np.isfinite(v) | (np.abs(v - 1) > 1e-12))
    if bad.size:
        shown = _symbolic(f"{name}: their sum", lambda: sympy.simplify(total), 2.0)
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
        d = _symbolic("comparing two rates", lambda: sympy.simplify(a - b), 2.0)
        if d is not None and d.is_Rational:
            return d == 0
    with mpmath.workdps(40):
        x, y = _mp(a), _mp(b)
        return abs(x - y) <= mpmath.mpf(10) ** -20 * max(1, abs(x))


def _alternative(x) -> str:
    """A value to type in place of another: the exact form, or 30 digits of a quadrature
    (close enough to compare equal)."""
    return str(x) if not sympy.sympify(x).has(sympy.Float) else mpmath.nstr(_mp(x), 30)


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
    _check_models_pair(_model(ybar, "ybar"), _model(ybar_other, "ybar_other"))


def _check_models_pair(m0: _Model, m1: _Model) -> None:
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
                f"{_show(p0)}, ybar_other = {m1.describe['ybar']} gives {_show(p1)}. For a "
                f"random function of the first one's distribution use ybar_other = "
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
                f"of the grades; P[Y = {v}] is {_show(_tidy(a))} under the first model and "
                f"{_show(_tidy(b))} under the second. For a random function of the first "
                f"one's distribution use the constant probabilities "
                f"{[_alternative(_tidy(m)) for m in masses0]}")


@dataclass(frozen=True)
class AnalysisSettings:
    """How much of an analysis to compute, and with which seed: the arguments of
    :func:`analyse` other than the variant itself (the discount, cut-off, relevance
    models and gain) and where it runs.

    Attributes
    ----------
    n_values : tuple of int
        n for the pseudo-expectation (2 to 1e300).
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


#: the largest list length the analysis takes (the template's 10^max_exponent at most)
N_MAX = 10**300


def analyse(discount: str, *, cut: str | None = None, ybar: str = "s",
            ybar_other: str | None = None,
            n_values: Sequence[Any] = (10**3, 10**6, 10**100),
            mc_n: Sequence[Any] = (), mc_draws: int = 20, seed: int = 0, dps: int = 30,
            gain: str | None = None, budget: float | None = 60.0, workers: Any = None,
            dist_n: Sequence[Any] = (), dist_draws: int = 200) -> VariantReport:
    """The full report on a discount variant (see the module docstring).

    Parameters
    ----------
    discount : str or sympy expression in r
        D(r), e.g. ``"1/log(1+r)^2"``.
    cut : str, sympy expression in n, or None
        A cut-off k(n), e.g. ``"sqrt(n)"``, ``"n/5"``, ``"10"``: the list keeps its top
        ``ceil(k(n))`` positions (all n of them when ``k(n) >= n``).
    ybar, ybar_other : str, sympy expression in s, or dict
        ``P[Y = 1 | ftilde = s]`` of one or two ranking functions (binary relevance), or a
        graded model ``{"values": [2, 1, 0], "probs": ["s^2", "2*s*(1-s)", "(1-s)^2"]}``
        (``P[Y = v_j | s]``, summing to 1; the gain of a grade is its value).
    n_values : sequence of int
        n for the pseudo-expectation: whole numbers from 2 to 1e300 (a float is read as
        the decimal it was written as: ``1e100`` is 10^100).
    mc_n : sequence of int
        n for the Monte Carlo confirmation (``mc_draws`` draws each): the mean of NDCG
        and its standard error, the means of DCG and IDCG, their ratio (an estimator of
        ``E[DCG] / E[IDCG]``) with its delta-method standard error, and that target exactly
        where it is computable. Both models share the draws' stream at each n.
    seed : int
        The root of the random streams (``>= 0``): one per purpose and n (and sample),
        derived by ``np.random.SeedSequence`` (:func:`_stream_seed`).
    dps : int
        Decimal digits of the limits and pseudo-expectations, 10 to 200.
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
        process (None or 0), k >= 1 local worker processes, a scheduler address or a
        client. The draws are :func:`~rankmeasures.theory.simulate.simulate_ndcg`'s, the
        same bits wherever they run; the Monte Carlo ceiling grows with the workers' cores.
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
        Before any computation, for an input the theory does not cover or the computation
        cannot take, its message starting with the argument's name (``"cut: ..."``,
        ``"ybar, ybar_other: ..."``) and saying why and what would be valid:

        * ``seed`` below 0, ``workers`` below 0, ``dps`` outside [10, 200], a ``budget``
          that is not positive;
        * a list length (``n_values``, ``mc_n``, ``dist_n``) that is not a whole number
          (nan, inf, 1.5) or lies outside [2, 1e300] ([1, 1e300] for ``mc_n``);
        * an expression outside the parser's whitelist (:func:`parse_expression`);
        * a discount that is not positive and non-increasing, or that depends on n
          without being linear in r; a cut-off or ``ybar_other`` beside a linear discount;
          a gain beside a non-linear one, or one that does not increase;
        * a curve that is not a probability, not continuous, or whose ``p`` is not in
          (0, 1); graded probabilities that do not sum to 1;
        * two models that cannot be two ranking functions of one distribution (a
          different ``P[Y = 1]``, one binary and one graded, other grades), with the
          valid alternative;
        * a cut-off that is not a real number ``>= 1`` at some n asked (``0``, ``1/2``,
          ``log(n) - 100`` at n = 1000), that tends to a value below 1, or that keeps one
          position where the pseudo-expectation is asked (Definition 5 is 0/0 there);
        * an n of ``n_values`` at which the pseudo-expectation is undefined: ``n p <= 1``
          (its normaliser ``F(n p) = int_1^(n p) D`` is 0), with the n above which it is;
        * a discount whose class sympy cannot decide, a cut-off whose growth it cannot;
        * a Monte Carlo or win-rate request above its ceiling (its estimated cost named).

    Examples
    --------
    >>> rep = analyse("r^(-1/2)", ybar="s", n_values=(10**100,))
    >>> rep.discount_class.decay.value, rep.theorem, rep.models[0].limit
    ('slower than 1/r', None, '2*sqrt(2)/3')
    >>> rep.effective_theorem.number
    3
    >>> try:
    ...     analyse("1/r", ybar="s", n_values=(2,))
    ... except ValueError as e:
    ...     print(str(e)[:36])
    n_values: N(n) at n = 2 is undefined
    """
    settings = AnalysisSettings(
        n_values=_sizes("n_values", n_values, 2), mc_n=_sizes("mc_n", mc_n, 1),
        mc_draws=mc_draws, seed=check_int("seed", seed, min=0),
        dps=check_int("dps", dps, min=10, max=200), budget=_check_budget(budget),
        dist_n=_sizes("dist_n", dist_n, 2), dist_draws=dist_draws)
    workers = _check_workers(workers)
    _check_distinguish(settings.dist_n, settings.dist_draws)
    local = workers if isinstance(workers, int) and settings.mc_n else 1
    _check_monte_carlo(settings.mc_n, settings.mc_draws, cores=local)  # before any worker
    report = VariantReport(None, None)
    try:
        plan = _prepare(report, discount, cut, ybar, ybar_other, gain, settings)
    except BudgetExceeded as exc:
        report.incomplete = f"{exc}; the fields above were computed before it"
        return report

    def run(client):
        try:
            _compute(report, plan, settings, client)
        except (BudgetExceeded, _StepFailed) as exc:
            report.incomplete = f"{exc}; the fields above were computed before it"

    if workers is None or not settings.mc_n:
        run(None)
    else:
        from .engine import connect, cores

        with connect(workers) as client:
            _check_monte_carlo(settings.mc_n, settings.mc_draws, cores=cores(client))
            run(client)
    return report


class _StepFailed(RuntimeError):
    """A computation that cannot be carried out on inputs the checks let through (a
    quadrature that does not converge, say): the report names it under ``incomplete``."""


def _show_n(nv) -> str:
    try:
        return _n_key(nv)
    except OverflowError:
        return f"a number of {len(str(int(nv)))} digits"


def _sizes(name: str, values, minimum: int) -> tuple[int, ...]:
    """List lengths as exact integers in [minimum, 1e300]: a float is read as the decimal
    it was written as (``1e100`` is 10^100, not the double nearest it)."""
    if isinstance(values, str | bytes | dict) or not isinstance(values, Iterable):
        raise ValueError(f"{name}: expected a sequence of list lengths, got {values!r}")
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, numbers.Real):
            raise ValueError(f"{name}: {v!r} is not a number; a list length n is a whole "
                             f"number from {minimum} to 1e300")
        if isinstance(v, numbers.Integral):
            nv = int(v)
        else:
            f = float(v)
            if not math.isfinite(f) or not f.is_integer():
                what = "finite" if not math.isfinite(f) else "a whole number"
                raise ValueError(f"{name}: n = {f!r} is not {what}; a list length n is a "
                                 f"whole number from {minimum} to 1e300")
            nv = int(decimal.Decimal(repr(f)))
        if not minimum <= nv <= N_MAX:
            raise ValueError(f"{name}: n = {_show_n(nv)} is outside [{minimum}, 1e300]; a "
                             f"list length n is a whole number from {minimum} to 1e300")
        out.append(nv)
    return tuple(out)


def _check_budget(budget):
    if budget is None:
        return None
    if isinstance(budget, numbers.Real) and not isinstance(budget, bool) and float(
            budget) == math.inf:
        return None
    return check_real("budget", budget, gt=0, why="seconds each step may take; None for "
                      "no budget")


def _check_workers(workers):
    """None (this process) for None or 0; an int >= 1, an address or a client as given."""
    if workers is None:
        return None
    if isinstance(workers, bool):
        raise ValueError(f"workers: expected None, a number of local workers, a scheduler "
                         f"address or a distributed.Client, got {workers!r}")
    if isinstance(workers, numbers.Integral):
        if workers < 0:
            raise ValueError(f"workers: {workers} is not a number of worker processes; give "
                             "an integer >= 1 for local workers, 0 (or None) for this "
                             "process, or a scheduler address")
        return int(workers) or None
    if isinstance(workers, str) and not workers.strip():
        raise ValueError("workers: an empty scheduler address")
    return workers  # an address or a distributed.Client (connect checks the rest)


def _discount_and_cut(discount, cut) -> tuple:
    """``D`` (in r, and n when linear) and the cut-off ``k(n)`` (or None) as sympy
    expressions, from strings by the whitelisted parser."""
    d_expr = parse_expression(discount, ("r", "n"), name="discount") if isinstance(
        discount, str) else _sympy_input(discount, "discount", {r, n})
    if cut is None:
        return d_expr, None
    return d_expr, (parse_expression(cut, ("n",), name="cut") if isinstance(cut, str)
                    else _sympy_input(cut, "cut", {n}))


def _sympy_input(x, name: str, allowed: set):
    try:
        e = sympy.sympify(x)
    except (sympy.SympifyError, TypeError) as exc:
        raise ValueError(f"{name}: expected an expression, got {x!r} ({exc})") from None
    if not isinstance(e, sympy.Expr) or e.free_symbols - allowed:
        raise ValueError(f"{name}: expected an expression in "
                         f"{', '.join(sorted(map(str, allowed)))}, got {x!r}")
    return e


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


@dataclass(frozen=True)
class _Plan:
    """What :func:`_prepare` found and :func:`_compute` computes with."""

    d_expr: Any
    k_expr: Any
    linear: bool
    gain: Any
    models: list
    frac: Any = None


def _prepare(report: VariantReport, discount, cut, ybar, ybar_other, gain,
             settings: AnalysisSettings) -> _Plan:
    """Every check of the inputs (ValueError naming the argument), then the discount's
    class and the cut-off's regime (short symbolic steps, under the budget): nothing here
    computes a limit, a pseudo-expectation or a draw."""
    d_expr, k_expr = _discount_and_cut(discount, cut)
    report.discount, report.cut = str(d_expr), None if k_expr is None else str(k_expr)
    linear = sympy.diff(d_expr, r, 2) == 0 and sympy.diff(d_expr, r) != 0
    if gain is not None and not linear:
        raise ValueError("gain: only the linear-discount analysis (document 000's Delta DCG = "
                         "R(f)) takes a gain; for the NDCG limits give graded labels, whose "
                         "values are the gains (ybar={'values': ..., 'probs': ...}, or "
                         "--grades/--probs)")
    g_expr = None
    if gain is not None:
        g_expr = parse_expression(gain, ("y",), name="gain") if isinstance(gain, str) \
            else _sympy_input(gain, "gain", {y})
        _check_gain(g_expr)
    seconds = _EXACT_SECONDS if settings.budget is None else min(_EXACT_SECONDS,
                                                                 settings.budget)
    models = [("f0", _model(ybar, "ybar", seconds))]
    if ybar_other is not None:
        models.append(("f1", _model(ybar_other, "ybar_other", seconds)))
        _check_models_pair(models[0][1], models[1][1])
    if linear:
        if k_expr is not None:
            raise ValueError(f"cut: a discount linear in the position ({d_expr}) gets document "
                             "000's pairwise analysis, which takes no cut-off; drop the "
                             "cut-off, or give a non-linear discount")
        return _Plan(d_expr, None, True, g_expr, models)
    if n in d_expr.free_symbols:
        raise ValueError("discount: D may depend on n only when it is linear in r (document "
                         "000's |S| - i); give a cut-off that grows with n as cut")
    check_discount_theory(d_expr)
    _check_sizes_for_models(k_expr, models, settings)
    if settings.dist_n and all(mod.binary for _, mod in models) and len(models) == 2:
        _check_samplers([mod.numeric for _, mod in models])
    growth = _cut_growth(k_expr, settings.budget)
    with time_budget("classifying the discount", settings.budget):
        report.discount_class = classify_discount(d_expr)
    frac = None
    if growth is not None:
        regime, frac = growth
        report.cut_regime = regime
        report.theorem = _cut_theorem(report.discount_class, regime, frac)
    if any(not mod.binary for _, mod in models):
        assert report.effective_theorem is not None  # the class is set above
        report.graded_theorem = Theorems.graded_form(report.effective_theorem)
    return _Plan(d_expr, k_expr, False, g_expr, models, frac)


def _compute(report: VariantReport, plan: _Plan, settings: AnalysisSettings,
             client=None) -> None:
    """The analysis of checked inputs (:func:`_prepare`), filling ``report`` step by step."""
    if plan.linear:
        _pairwise(report, plan.d_expr, plan.gain, settings.budget)
        return
    base = CustomDiscount(expr=plan.d_expr, name=str(plan.d_expr))
    at = functools.partial(_discount_at, base, plan.k_expr)  # the discount at a list length
    for label, mod in plan.models:
        _model_entry(report, label, mod, at, plan.frac, settings, client)
    if len(plan.models) == 2:
        _compare_models(report, plan.models, at, settings)


def _pairwise(report: VariantReport, d_expr, g_expr, budget) -> None:
    """A discount linear in the position: document 000's pairwise identity, and whether a
    gain given is affine."""
    report.discount_class = DiscountClass(
        str(d_expr), None, None, None, None,
        Theorems.LINEAR,
        linear=True)
    with time_budget("the pairwise identity", budget):
        report.pairwise = linear_pairwise_identity(d_expr)
    if g_expr is not None:
        report.pairwise = dataclasses.replace(
            report.pairwise, gain=str(g_expr), gain_affine=bool(sympy.diff(g_expr, y, 2) == 0))


def _cut_growth(k_expr, budget):
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
        return CutRegime.LINEAR, _tidy(sympy.Min(ratio, 1))
    if grows == sympy.oo:
        return CutRegime.SUBLINEAR, None
    return CutRegime.BOUNDED, None


def _cut_at(k_expr, nv: int) -> int:
    """The cut-off at list length ``nv``: ``ceil(k(nv))``, at most ``nv``; ValueError
    naming ``cut`` unless ``k(nv)`` is a real number >= 1."""
    step = f"k(n) at n = {_n_key(nv)}"
    nn = sympy.Integer(nv)
    try:
        with time_budget(step, _EXACT_SECONDS):
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
        raise ValueError(f"cut: k(n) = {k_expr} cannot be evaluated at n = {_n_key(nv)} "
                         f"within {_EXACT_SECONDS:g} s") from None
    except (ArithmeticError, TypeError, ValueError, MemoryError) as exc:
        if isinstance(exc, OverflowError) and _log_above(k_expr.subs(n, nn), nn):
            return nv  # exp(exp(exp(n))): too large for a float, above n all the same
        raise ValueError(f"cut: k(n) = {k_expr} cannot be evaluated at n = {_n_key(nv)} "
                         f"({type(exc).__name__})") from None
    shown = str(val) if len(str(val)) <= 40 else str(sympy.N(val, 6))
    if real and not val.is_Rational:
        shown += f" = {sympy.N(val, 6)}"
    what = f"k(n) = {k_expr}" + ("" if val == k_expr else f" is {shown}")
    if not real:
        raise ValueError(f"cut: {what} at n = {_n_key(nv)}, not a real number; a cut-off "
                         "keeps the top k(n) positions of the list")
    raise ValueError(f"cut: {what} at n = {_n_key(nv)}, below 1; a cut-off keeps the top "
                     "k(n) positions (rounded up) and needs k(n) >= 1 at every n asked "
                     "(n_values, mc_n, dist_n)")


def _log_above(val, nn) -> bool:
    """Whether ``log(val) >= log(nn)``, for a value too large to evaluate itself."""
    def compare():
        lv = sympy.N(sympy.expand_log(sympy.log(val), force=True), 30)
        return bool(lv.is_real and lv.is_finite and lv >= sympy.log(nn))

    return bool(_symbolic("log k(n)", compare, 2.0))


def _check_sizes_for_models(k_expr, models, settings: AnalysisSettings) -> None:
    """The cut-off at every n asked, and Definition 5's pseudo-expectation defined at every
    n of ``n_values``: ``N(n) = int_1^k ybar(1 - x/n) D(x) dx / F(min(n p, k))`` (graded:
    the normaliser ``sum_j (v_j - v_(j+1)) F(min(n R_j, k))``) needs a positive
    normaliser, so ``k > 1`` and ``n R > 1`` for the largest rate ``R`` with a positive
    step (``p`` for binary relevance)."""
    asked = sorted({*settings.n_values, *settings.mc_n, *settings.dist_n})
    cuts = {nv: nv if k_expr is None else _cut_at(k_expr, nv) for nv in asked}
    for nv in settings.n_values:
        if cuts[nv] < 2:
            raise ValueError(
                f"cut: k(n) = {k_expr} keeps the top position only at n = {_n_key(nv)}; the "
                "pseudo-expectation N(n) (Definition 5) integrates D over [1, k(n)] and "
                "divides by F(min(n p, k(n))) = int_1^min(n p, k(n)) D, which are both 0 "
                "there: give k(n) > 1 at every n of n_values")
        for _, mod in models:
            values = [*mod.values, sympy.Integer(0)]
            steps = [j for j in range(len(mod.rates)) if values[j] > values[j + 1]]
            rate = mod.rates[steps[-1]]
            if _times_above_one(nv, rate):
                continue
            if mod.binary:
                what = "F(n p) = int_1^(n p) D(r) dr, which is 0 for n p <= 1"
                given = f"with p = {_show(rate)} ({mod.name} = {mod.describe['ybar']})"
            else:
                what = (f"sum_j (v_j - v_(j+1)) F(n R_j), which is 0 when n R <= 1 for "
                        f"R = P[Y >= {mod.describe['values'][steps[-1]]}]")
                given = f"with R = {_show(rate)} ({mod.name})"
            raise ValueError(f"n_values: N(n) at n = {_n_key(nv)} is undefined: Definition 5 "
                             f"divides by {what}; {given} N(n) is defined for n > "
                             f"{_show(_tidy(1 / rate))} only")


def _times_above_one(nv: int, rate) -> bool:
    """``nv * rate > 1``, exactly for an exact rate."""
    prod = sympy.Integer(nv) * rate
    if not rate.has(sympy.Float):
        decided = _symbolic("n R > 1", lambda: bool(prod > 1), 2.0)
        if decided is not None:
            return decided
    with mpmath.workdps(40):
        return nv * _mp(rate) > 1


def _check_samplers(curves) -> None:
    """The coupled samples of two binary models (:mod:`~rankmeasures.theory.distinguish`)
    need each score law given the label to be invertible numerically: tried once here,
    before any computation (the inverses are kept for the estimates)."""
    try:
        distinguish.coupled_sample(2, tuple(curves), seed=0)
    except ValueError as exc:
        raise ValueError(f"dist_n: P[NDCG(f0) > NDCG(f1)] cannot be estimated for these "
                         f"curves ({exc}); leave dist_n empty") from None


def _model_entry(report: VariantReport, label: str, mod: _Model, at, frac,
                 settings: AnalysisSettings, client) -> None:
    """One model's limit, pseudo-expectations and Monte Carlo."""
    entry = ModelEntry(**mod.describe)
    report.models.append(entry)  # filled in place: a step that runs out keeps it
    _limit_step(entry, label, mod, report, frac, settings)
    _pseudo_step(entry, label, mod, at, settings)
    _monte_carlo_step(entry, label, mod, at, settings, client)


def _limit_step(entry: ModelEntry, label, mod, report: VariantReport, frac,
                settings: AnalysisSettings) -> None:
    """The limit of NDCG under one model, by the regime (Theorems 1, 3, 5-9, 10-13): in
    closed form where sympy finds one, else the theorem's integral by quadrature."""
    cls, regime = report.discount_class, report.cut_regime
    assert cls is not None  # classified before the models are analysed
    if cls.summable or regime is CutRegime.BOUNDED:
        top = _tidy(mod.mean.subs(asymptotics.s, 1) / mod.values[0])
        entry.limit_kind, entry.top = LimitKind.NONE_IN_PROBABILITY, str(top)
        return
    beta = None if cls.beta is None else sympy.sympify(cls.beta)
    closed = None
    if regime is CutRegime.SUBLINEAR or cls.decay is Decay.LIKE:
        closed = _tidy(mod.mean.subs(asymptotics.s, 1) / mod.values[0])
    elif beta is not None and 0 <= beta < 1:
        with time_budget(f"the limit for {label}", settings.budget):
            if mod.exact:
                closed = _symbolic(f"the limit for {label} in closed form", lambda: _limit(
                    mod.mean, beta, frac, mod.values, mod.rates))
            try:
                value = _limit_numeric(mod.mean, beta, frac, mod.values, mod.rates,
                                       settings.dps)
            except (ArithmeticError, TypeError, ValueError) as exc:
                raise _StepFailed(f"the limit for {label}: the quadrature failed "
                                  f"({exc})") from None
            # a closed form is shown only where the quadrature confirms it (sympy's
            # integrals have lost a sign before)
            if closed is not None and not _agrees(closed, value, settings.dps):
                closed = None
            if closed is None:
                entry.limit_kind = LimitKind.NUMERIC
                with mpmath.workdps(settings.dps):
                    entry.limit_numeric = mpmath.nstr(value, settings.dps)
                return
    else:
        entry.limit_kind = LimitKind.NO_THEOREM
        return
    entry.limit_kind, entry.limit = LimitKind.CLOSED, str(closed)
    with mpmath.workdps(settings.dps):
        entry.limit_numeric = mpmath.nstr(mpmath.mpf(sympy.N(closed, settings.dps + 5)),
                                          settings.dps)


def _pseudo_step(entry: ModelEntry, label, mod, at, settings: AnalysisSettings) -> None:
    """Definition 5's pseudo-expectation ``N(n)`` at each n of the settings."""
    entry.pseudo = {}
    for nv in settings.n_values:
        disc = at(nv)
        step = f"the pseudo-expectation of {label} at n = {_n_key(nv)}"
        with mpmath.workdps(settings.dps), time_budget(step, settings.budget):
            try:
                value = asymptotics.pseudo_expectation(mod.numeric, disc, mpmath.mpf(nv),
                                                       dps=settings.dps)
            except (ArithmeticError, ValueError) as exc:  # the checks should exclude it
                raise _StepFailed(f"{step}: failed ({type(exc).__name__}: {exc})") from None
            if not mpmath.isfinite(value):
                raise _StepFailed(f"{step}: the quadrature gave {value}")
            entry.pseudo[_n_key(nv)] = mpmath.nstr(value, 12)


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


def _compare_models(report: VariantReport, models, at, settings: AnalysisSettings) -> None:
    """Telling f0 from f1: the theorems' answer, the win rates estimated on coupled samples
    (two binary models and ``dist_n``), and the gap of the pseudo-expectations."""
    with time_budget("telling the two models apart", settings.budget):
        report.distinguish = _distinguish(
            [mod.numeric if mod.binary else None for _, mod in models], report,
            settings.dps)
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


def _ratio_of_means(dcg, idcg) -> tuple[float, float, float | None, float | None]:
    """The ratio estimator of ``E[DCG] / E[IDCG]`` from paired draws, with its delta-method
    standard error: ``(mean DCG, mean IDCG, ratio, its s.e.)``.

    ``R = mean(DCG) / mean(IDCG)``; its standard error is ``sd(DCG - R IDCG) / (sqrt(m)
    mean(IDCG))`` over the ``m`` draws (the linearisation of ``D / I`` about the means,
    e.g. Cochran, *Sampling Techniques*, 3rd ed., Section 6.3); its bias is of order
    ``1/m``, against a standard error of order ``1/sqrt(m)``. A draw with IDCG = 0 (no
    relevant label) adds 0 to both sums; with no relevant label in any draw the ratio and
    its standard error are None.
    """
    dcg, idcg = np.asarray(dcg, dtype=np.float64), np.asarray(idcg, dtype=np.float64)
    m = dcg.size
    mean_d, mean_i = float(dcg.mean()), float(idcg.mean())
    if mean_i == 0:  # no draw had a relevant document: the ratio is not defined
        return mean_d, mean_i, None, None
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
    """The discount at list length ``nv`` (an integer): ``base``, cut at ``ceil(k(nv))``
    (at most ``nv``; :func:`_cut_at`) when there is a cut-off."""
    if k_expr is None:
        return base
    return cutoff(base, k=_cut_at(k_expr, int(nv)))


def _n_key(nv) -> str:
    """The report's key of a list length: ``1e+03``, ``1.5e+04``, ``1e+100``."""
    return f"{float(nv):.3g}"


def _distinguish(curves, report: VariantReport, dps) -> Distinguish:
    """What the theorems say of ``P[NDCG(f0) > NDCG(f1)] -> 1`` (in probability, from the
    limits; Wang et al.'s Definition 3 asks for more, a bound at every n >= N with a rate,
    which is not decided here). ``curves``: each model's ``ybar``, None for a graded one."""
    y0, y1 = curves
    e0, e1 = report.models
    cls, regime = report.discount_class, report.cut_regime
    assert cls is not None  # classified before the models are compared
    if y0 is not None and y1 is not None and _symbolic(
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
