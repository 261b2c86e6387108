"""Analyse a discount, cut-off and gain of the user's own against the theorems of the
documents: the third use of the companion.

:func:`analyse` gives the whole report: the discount's class
(:mod:`~rankmeasures.theory.classification`), the NDCG limit for one or two relevance
models (:mod:`~rankmeasures.theory.models`; closed form by sympy when it exists, else
mpmath: :mod:`~rankmeasures.theory.limits`), the pseudo-expectation at chosen n, Monte
Carlo at chosen n (with its exact target, :mod:`~rankmeasures.theory.finite_ratio`), the
distinguishability of two models, and, for a discount linear in the position, whether Jin
& Geng's identity ``Delta DCG = R(f)`` holds and for which gains. Its expressions are read
by the whitelisted parser of :mod:`~rankmeasures.expressions`.

What the theory assumes, and what the computation needs, is checked before any
computation (a ValueError naming the argument, the reason and what would be valid
otherwise; :func:`analyse` lists every check): the relevance models
(:mod:`~rankmeasures.theory.models`), a positive, non-increasing discount
(:func:`~rankmeasures.theory.classification.check_discount_theory`; a discount linear in r,
increasing or not, gets document 000's pairwise analysis instead of the NDCG limits, and
takes no cut-off), an increasing gain, a cut-off ``k(n)`` that is a real number ``>= 1``
at every n asked and does not tend to a value below 1, Definition 5's pseudo-expectation
defined at every n asked (``n p > 1`` and ``k(n) > 1``), and the settings
(:mod:`~rankmeasures.theory.analysis_settings`).

Every step then runs under a time budget (:mod:`rankmeasures.theory._budget`): one that runs out
ends the analysis, named in the report's ``incomplete``, with the report so far kept.

The report is typed (:mod:`rankmeasures.theory.results`): a
:class:`~rankmeasures.theory.results.VariantReport` of a
:class:`~rankmeasures.theory.results.DiscountClass`,
:class:`~rankmeasures.theory.results.ModelEntry` objects and so on, decided by enums
(:class:`~rankmeasures.theory.results.Decay`, :class:`~rankmeasures.theory.results.CutRegime`,
...); its table (``to_rows``) and JSON (``to_json``) are rendered there.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import mpmath
import sympy

from .._validation import check_int
from ..discounts import CustomDiscount, n, r
from ..expressions import parse_expression
from ..gains import y
from . import asymptotics, distinguish
from ._budget import BudgetExceeded, time_budget
from ._numbers import EXACT_SECONDS, n_key, show_number, symbolic, tidy, to_mpf
from .analysis_settings import (
    MONTE_CARLO,
    WIN_RATE,
    AnalysisSettings,
    check_budget,
    check_distinguish,
    check_monte_carlo,
    check_workers,
    list_lengths,
    stream_seed,
)
from .arguments import discount_and_cut, sympy_input
from .classification import (
    check_discount_theory,
    classify_discount,
    cut_at,
    cut_growth,
    cut_theorem,
    discount_at,
    linear_pairwise_identity,
)
from .finite_ratio import expected_ratio_of_model, ratio_of_means
from .limits import agrees, closed_limit, distinguish_by_limits, numeric_limit
from .models import RelevanceModel, check_models_pair, relevance_model
from .results import (
    CutRegime,
    Decay,
    DiscountClass,
    Distinguish,
    LimitKind,
    ModelEntry,
    MonteCarlo,
    Theorems,
    VariantReport,
    WinRate,
    rows_of,
)
from .simulate import simulate_ndcg

__all__ = ["analyse", "report_rows"]


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
        derived by ``np.random.SeedSequence``
        (:func:`~rankmeasures.theory.analysis_settings.stream_seed`).
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
        * an expression outside the parser's whitelist
          (:func:`~rankmeasures.expressions.parse_expression`);
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
        n_values=list_lengths("n_values", n_values, 2), mc_n=list_lengths("mc_n", mc_n, 1),
        mc_draws=mc_draws, seed=check_int("seed", seed, min=0),
        dps=check_int("dps", dps, min=10, max=200), budget=check_budget(budget),
        dist_n=list_lengths("dist_n", dist_n, 2), dist_draws=dist_draws)
    workers = check_workers(workers)
    check_distinguish(settings.dist_n, settings.dist_draws)
    local = workers if isinstance(workers, int) and settings.mc_n else 1
    check_monte_carlo(settings.mc_n, settings.mc_draws, cores=local)  # before any worker
    report = VariantReport(None, None)
    try:
        plan = _check_inputs(report, discount, cut, ybar, ybar_other, gain, settings)
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
            check_monte_carlo(settings.mc_n, settings.mc_draws, cores=cores(client))
            run(client)
    return report


class _StepFailed(RuntimeError):
    """A computation that cannot be carried out on inputs the checks let through (a
    quadrature that does not converge, say): the report names it under ``incomplete``."""


@dataclass(frozen=True)
class _Plan:
    """What :func:`_check_inputs` found and :func:`_compute` computes with."""

    d_expr: Any
    k_expr: Any
    linear: bool
    gain: Any
    models: list
    frac: Any = None


def _check_inputs(report: VariantReport, discount, cut, ybar, ybar_other, gain,
             settings: AnalysisSettings) -> _Plan:
    """Every check of the inputs (ValueError naming the argument), then the discount's
    class and the cut-off's regime (short symbolic steps, under the budget): nothing here
    computes a limit, a pseudo-expectation or a draw."""
    d_expr, k_expr = discount_and_cut(discount, cut)
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
            else sympy_input(gain, "gain", {y})
        _check_gain(g_expr)
    seconds = EXACT_SECONDS if settings.budget is None else min(EXACT_SECONDS,
                                                                 settings.budget)
    models = [("f0", relevance_model(ybar, "ybar", seconds))]
    if ybar_other is not None:
        models.append(("f1", relevance_model(ybar_other, "ybar_other", seconds)))
        check_models_pair(models[0][1], models[1][1])
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
    growth = cut_growth(k_expr, settings.budget)
    with time_budget("classifying the discount", settings.budget):
        report.discount_class = classify_discount(d_expr)
    frac = None
    if growth is not None:
        regime, frac = growth
        report.cut_regime = regime
        report.theorem = cut_theorem(report.discount_class, regime, frac)
    if any(not mod.binary for _, mod in models):
        assert report.effective_theorem is not None  # the class is set above
        report.graded_theorem = Theorems.graded_form(report.effective_theorem)
    return _Plan(d_expr, k_expr, False, g_expr, models, frac)


def _check_gain(g_expr) -> None:
    """A gain must rank a higher grade higher: g(0) < g(1) < ... < g(10)."""
    vals = [sympy.N(g_expr.subs(y, k), 20) for k in range(11)]
    for k in range(10):
        if not (vals[k + 1].is_real and vals[k].is_real and vals[k + 1] > vals[k]):
            raise ValueError(f"gain: g(y) = {g_expr} is not increasing: g({k + 1}) = "
                             f"{sympy.N(vals[k + 1], 6)} is not above g({k}) = "
                             f"{sympy.N(vals[k], 6)}")


def _check_sizes_for_models(k_expr, models, settings: AnalysisSettings) -> None:
    """The cut-off at every n asked, and Definition 5's pseudo-expectation defined at every
    n of ``n_values``: ``N(n) = int_1^k ybar(1 - x/n) D(x) dx / F(min(n p, k))`` (graded:
    the normaliser ``sum_j (v_j - v_(j+1)) F(min(n R_j, k))``) needs a positive
    normaliser, so ``k > 1`` and ``n R > 1`` for the largest rate ``R`` with a positive
    step (``p`` for binary relevance)."""
    asked = sorted({*settings.n_values, *settings.mc_n, *settings.dist_n})
    cuts = {nv: nv if k_expr is None else cut_at(k_expr, nv) for nv in asked}
    for nv in settings.n_values:
        if cuts[nv] < 2:
            raise ValueError(
                f"cut: k(n) = {k_expr} keeps the top position only at n = {n_key(nv)}; the "
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
                given = f"with p = {show_number(rate)} ({mod.name} = {mod.describe['ybar']})"
            else:
                what = (f"sum_j (v_j - v_(j+1)) F(n R_j), which is 0 when n R <= 1 for "
                        f"R = P[Y >= {mod.describe['values'][steps[-1]]}]")
                given = f"with R = {show_number(rate)} ({mod.name})"
            raise ValueError(f"n_values: N(n) at n = {n_key(nv)} is undefined: Definition 5 "
                             f"divides by {what}; {given} N(n) is defined for n > "
                             f"{show_number(tidy(1 / rate))} only")


def _times_above_one(nv: int, rate) -> bool:
    """``nv * rate > 1``, exactly for an exact rate."""
    prod = sympy.Integer(nv) * rate
    if not rate.has(sympy.Float):
        decided = symbolic("n R > 1", lambda: bool(prod > 1), 2.0)
        if decided is not None:
            return decided
    with mpmath.workdps(40):
        return nv * to_mpf(rate) > 1


def _check_samplers(curves) -> None:
    """The coupled samples of two binary models (:mod:`~rankmeasures.theory.distinguish`)
    need each score law given the label to be invertible numerically: tried once here,
    before any computation (the inverses are kept for the estimates)."""
    try:
        distinguish.coupled_sample(2, tuple(curves), seed=0)
    except ValueError as exc:
        raise ValueError(f"dist_n: P[NDCG(f0) > NDCG(f1)] cannot be estimated for these "
                         f"curves ({exc}); leave dist_n empty") from None


def _compute(report: VariantReport, plan: _Plan, settings: AnalysisSettings,
             client=None) -> None:
    """The analysis of checked inputs (:func:`_check_inputs`), filling ``report`` step by step."""
    if plan.linear:
        _pairwise(report, plan.d_expr, plan.gain, settings.budget)
        return
    base = CustomDiscount(expr=plan.d_expr, name=str(plan.d_expr))
    at = functools.partial(discount_at, base, plan.k_expr)  # the discount at a list length
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


def _model_entry(report: VariantReport, label: str, mod: RelevanceModel, at, frac,
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
        top = tidy(mod.mean.subs(asymptotics.s, 1) / mod.values[0])
        entry.limit_kind, entry.top = LimitKind.NONE_IN_PROBABILITY, str(top)
        return
    beta = None if cls.beta is None else sympy.sympify(cls.beta)
    closed = None
    if regime is CutRegime.SUBLINEAR or cls.decay is Decay.LIKE:
        closed = tidy(mod.mean.subs(asymptotics.s, 1) / mod.values[0])
    elif beta is not None and 0 <= beta < 1:
        with time_budget(f"the limit for {label}", settings.budget):
            if mod.exact:
                closed = symbolic(f"the limit for {label} in closed form", lambda: closed_limit(
                    mod.mean, beta, frac, mod.values, mod.rates))
            try:
                value = numeric_limit(mod.mean, beta, frac, mod.values, mod.rates,
                                       settings.dps)
            except (ArithmeticError, TypeError, ValueError) as exc:
                raise _StepFailed(f"the limit for {label}: the quadrature failed "
                                  f"({exc})") from None
            # a closed form is shown only where the quadrature confirms it (sympy's
            # integrals have lost a sign before)
            if closed is not None and not agrees(closed, value, settings.dps):
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
        step = f"the pseudo-expectation of {label} at n = {n_key(nv)}"
        with mpmath.workdps(settings.dps), time_budget(step, settings.budget):
            try:
                value = asymptotics.pseudo_expectation(mod.numeric, disc, mpmath.mpf(nv),
                                                       dps=settings.dps)
            except (ArithmeticError, ValueError) as exc:  # the checks should exclude it
                raise _StepFailed(f"{step}: failed ({type(exc).__name__}: {exc})") from None
            if not mpmath.isfinite(value):
                raise _StepFailed(f"{step}: the quadrature gave {value}")
            entry.pseudo[n_key(nv)] = mpmath.nstr(value, 12)


def _monte_carlo_step(entry: ModelEntry, label, mod, at, settings: AnalysisSettings,
                      client) -> None:
    """Monte Carlo of NDCG at each n of ``mc_n``; the stream depends on n only, so the two
    models of a report share their draws' stream (common random numbers)."""
    if not settings.mc_n:
        return
    entry.monte_carlo = {}
    for nv in settings.mc_n:
        disc = at(nv)
        with time_budget(f"the Monte Carlo of {label} at n = {n_key(nv)}", settings.budget):
            sim = simulate_ndcg(mod.numeric, disc, int(nv), n_draws=settings.mc_draws,
                                seed=stream_seed(settings.seed, MONTE_CARLO, int(nv)),
                                workers=client)
        draws = sim["ndcg"]
        entry.monte_carlo[n_key(nv)] = MonteCarlo(
            float(draws.mean()), float(draws.std(ddof=1) / math.sqrt(settings.mc_draws)),
            *ratio_of_means(sim["dcg"], sim["idcg"]),
            exact=expected_ratio_of_model(mod, disc, int(nv)))


def _compare_models(report: VariantReport, models, at, settings: AnalysisSettings) -> None:
    """Telling f0 from f1: the theorems' answer, the win rates estimated on coupled samples
    (two binary models and ``dist_n``), and the gap of the pseudo-expectations."""
    with time_budget("telling the two models apart", settings.budget):
        report.distinguish = distinguish_by_limits(
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
        with time_budget(f"P[NDCG(f0) > NDCG(f1)] at n = {n_key(nv)}", settings.budget):
            rate = distinguish.model_win_rate(
                int(nv), curves, disc,
                seeds=[stream_seed(settings.seed, WIN_RATE, int(nv), i)
                       for i in range(draws)])
        est[n_key(nv)] = WinRate(rate, math.sqrt(max(rate * (1 - rate), 0.25 / draws)
                                                  / draws))
    dist.first_above = {level: next((k for k, v in est.items() if v.p > level), None)
                        for level in (0.9, 0.99)}


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
