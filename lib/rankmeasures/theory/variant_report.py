"""The pieces of a variant report (``notebooks/variant_report.py``): its parameters turned
into :func:`rankmeasures.theory.analysis.analyse` arguments, and the analysis turned into the
report's sentences, curves and verdicts. Every sentence is built from the analysis' own
fields, so the prose cannot disagree with the numbers.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

import mpmath
import numpy as np
import sympy

from .._validation import check_int
from ..expressions import parse_expression
from .results import (
    WIN_LABEL,
    LimitKind,
    ModelEntry,
    VariantReport,
    Verdict,
    distinguish_details,
)

__all__ = ["variant_spec", "n_grid", "analyse_parameters", "analyse_or_refuse",
           "measure_or_refuse", "measure_markdown", "report_title", "report_name",
           "increasing_note", "summary_markdown", "curve_points", "mc_agreement",
           "why_no_curve", "check_claims", "win_points", "distinguish_markdown"]

#: the template's defaults for the two ranking functions (notebooks/variant_report.py): a
#: report's title and name mention a function only when it is not one of these
DEFAULT_YBAR, DEFAULT_YBAR_OTHER = "s", "1/2"
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_NAME_LENGTH = 80  # characters of a report's name after "variant_", before a hash


def _parts(discount: str, cut: str, gain: str, ybar: str, ybar_other: str,
           grades: list | tuple, probs: list | tuple) -> list[tuple[str, str]]:
    """What tells one variant from another, as (what, text) pairs, each text stripped."""
    parts = [("D(r)", str(discount).strip())]
    if str(cut).strip():
        parts.append(("k(n)", str(cut).strip()))
    if str(gain).strip():
        parts.append(("g(y)", str(gain).strip()))
    if grades or probs:
        parts.append(("f0", "grades " + ", ".join(str(g) for g in grades) + " with "
                      + ", ".join(str(q).strip() for q in probs)))
    elif str(ybar).strip() != DEFAULT_YBAR:
        parts.append(("f0", str(ybar).strip()))
    if str(ybar_other).strip() != DEFAULT_YBAR_OTHER:
        parts.append(("f1", str(ybar_other).strip() or "none"))
    return parts


def report_title(discount: str, *, cut: str = "", gain: str = "", ybar: str = DEFAULT_YBAR,
                 ybar_other: str = DEFAULT_YBAR_OTHER, grades: list | tuple = (),
                 probs: list | tuple = ()) -> str:
    """The title of a report: the variant as its parameters give it (integer powers as
    superscripts), with the ranking functions when they are not the template's defaults
    (``ybar = s`` against ``1/2``).

    Examples
    --------
    >>> report_title("1/log(1+r)^2")
    'Variant report: D(r) = 1/log(1+r)²'
    >>> report_title("r^(-1/2)", cut="sqrt(n)", ybar_other="s^2")
    'Variant report: D(r) = r^(-1/2), k(n) = sqrt(n); f1: ybar = s²'
    """
    parts = _parts(discount, cut, gain, ybar, ybar_other, grades, probs)

    def sup(text: str) -> str:
        return re.sub(r"(\^|\*\*)(\d+)(?![\d.])",
                      lambda m: m.group(2).translate(_SUPERSCRIPT), text)

    head = ", ".join(f"{what} = {sup(text)}" for what, text in parts if what[0] in "Dkg")
    tail = "; ".join(f"{what}: " + (text if text.startswith(("grades", "none"))
                                    else f"ybar = {sup(text)}")
                     for what, text in parts if what[0] == "f")
    return f"Variant report: {head}" + (f"; {tail}" if tail else "")


def report_name(discount: str, *, cut: str = "", gain: str = "", ybar: str = DEFAULT_YBAR,
                ybar_other: str = DEFAULT_YBAR_OTHER, grades: list | tuple = (),
                probs: list | tuple = ()) -> str:
    """The name of a report's files (``<name>.ipynb``, ``figures/<name>.png``,
    ``figures/<name>.distinguish.png``, ...): ``variant_`` and the variant's parts
    (:func:`report_title`) with every run of other characters than letters, digits and
    ``-`` made one ``_``; a name longer than 80 characters is cut and ends with a hash of
    the whole. Two variants whose texts differ only in those characters share a name.

    Examples
    --------
    >>> report_name("1/log(1+r)^2"), report_name("r^(-1/2)", cut="sqrt(n)")
    ('variant_1_log_1_r_2', 'variant_r_-1_2_k_sqrt_n')
    """
    parts = _parts(discount, cut, gain, ybar, ybar_other, grades, probs)
    short = {"D(r)": "", "k(n)": "k", "g(y)": "g"}
    text = " ".join(f"{short.get(what, what)} {text}" for what, text in parts)
    slug = re.sub(r"[^A-Za-z0-9-]+", "_", text).strip("_") or "empty"
    if len(slug) > _NAME_LENGTH:
        digest = hashlib.sha256(text.encode()).hexdigest()[:8]
        slug = f"{slug[:_NAME_LENGTH].rstrip('_')}_{digest}"
    return f"variant_{slug}"


def variant_spec(*, ybar: str, ybar_other: str = "", grades: list | tuple = (),
                 probs: list | tuple = ()) -> dict:
    """``ybar``/``ybar_other`` for :func:`~rankmeasures.theory.analysis.analyse` from the template's
    parameters: graded relevance (``grades`` with ``probs``) replaces the binary ``ybar``
    of f0; an empty ``ybar_other`` means one function only."""
    if grades or probs:
        if len(grades) != len(probs) or len(grades) < 2:
            raise ValueError(f"grades, probs: one probability per grade and at least two "
                             f"grades, got {len(grades)} grades and {len(probs)} probabilities")
        for g in grades:
            if isinstance(g, bool) or not isinstance(g, int | float):
                raise ValueError(f"grades: {g!r} is not a number; the grades are the values "
                                 "v_1 > v_2 > ... of the labels, e.g. [2, 1, 0]")
        f0: Any = {"values": list(grades), "probs": list(probs)}
    else:
        f0 = ybar
    return {"ybar": f0, "ybar_other": ybar_other or None}


def analyse_parameters(discount: str, *, ybar: str, ybar_other: str = "",
                       grades: list | tuple = (), probs: list | tuple = (),
                       max_exponent: int = 100, mc_n: list | tuple = (),
                       **kwargs) -> VariantReport:
    """The template's parameters analysed: :func:`variant_spec` and :func:`n_grid` turned
    into :func:`~rankmeasures.theory.analysis.analyse`'s arguments (``kwargs`` passed on),
    and its report. Inputs outside the theory, or malformed, raise its ValueError, which
    names the parameter and the reason: the template's run then fails with it (``python -m
    companion.run`` prints it and exits non-zero) and writes no report.

    Examples
    --------
    >>> analyse_parameters("1/lg(1+r)", ybar="s")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: discount: calling lg is not allowed (...); did you mean log or log2?
    """
    from .analysis import analyse

    spec = variant_spec(ybar=ybar, ybar_other=ybar_other, grades=grades, probs=probs)
    return analyse(discount, n_values=n_grid(max_exponent, mc_n), mc_n=mc_n, **spec,
                   **kwargs)


def analyse_or_refuse(discount: str, *, ybar: str, ybar_other: str = "",
                      grades: list | tuple = (), probs: list | tuple = (),
                      max_exponent: int = 100, mc_n: list | tuple = (),
                      **kwargs) -> VariantReport:
    """The template's parameters analysed: :func:`variant_spec` and :func:`n_grid` turned
    into :func:`~rankmeasures.theory.analysis.analyse`'s arguments (``kwargs`` passed on),
    and its report -- or a report whose ``refused`` is the reason when any of them refuses
    the inputs (a ValueError: outside the theory, or malformed). The report of a refused
    variant says what was refused and why; every other piece of this module shows nothing
    for it.

    Examples
    --------
    >>> analyse_or_refuse("1/log(1+r)", ybar="s^2", ybar_other="1/2").refused[:28]
    'ybar, ybar_other: two rankin'
    """

    try:
        return analyse_parameters(discount, ybar=ybar, ybar_other=ybar_other, grades=grades,
                                  probs=probs, max_exponent=max_exponent, mc_n=mc_n, **kwargs)
    except ValueError as exc:
        return VariantReport.refusal(str(exc))


def measure_or_refuse(measure: str, *, cut: str = "", gain: str = "", ybar: str,
                      ybar_other: str = "", grades: list | tuple = (),
                      probs: list | tuple = (), budget: float | None = 60.0) -> dict:
    """The template's ``measure`` read by the evaluator's parser
    (:func:`~rankmeasures.theory.named_measure.read_measure`): for NDCG (``ndcg``,
    ``nDCG@10``, ...) ``{"ndcg": True, "cut": ...}``, the cut-off the discount analysis
    takes (the name's ``@k``, or ``cut``); for another measure its analysis
    (:func:`~rankmeasures.theory.named_measure.analyse_named`) under ``result`` with its
    ``rows``, or ``refused``, the reason, when the measure or the models are refused.

    Examples
    --------
    >>> measure_or_refuse("nDCG@10", ybar="s")["cut"]
    '10'
    >>> measure_or_refuse("map", ybar="s")["result"]["models"][0]["limit"]
    '5/6'
    >>> measure_or_refuse("bpref", ybar="s")["refused"][:39]
    "measure: 'bpref': bpref is not analysed"
    """
    from .named_measure import analyse_named, named_rows, read_measure

    out: dict[str, Any] = {"ndcg": False, "measure": measure, "cut": None, "result": None,
                           "rows": [], "refused": None}
    try:
        target = read_measure(measure, cut or None)
        if target.name == "NDCG":
            return {**out, "ndcg": True, "cut": target.cut}
        if gain:
            raise ValueError(f"gain: NDCG's parameter; the measure {measure!r} takes none")
        spec = variant_spec(ybar=ybar, ybar_other=ybar_other, grades=grades, probs=probs)
        result = analyse_named(measure, cut=cut or None, budget=budget, **spec)
    except ValueError as exc:
        return {**out, "refused": str(exc), "rows": [{"field": "refused", "value": str(exc)}]}
    return {**out, "result": result, "rows": named_rows(result)}


def measure_markdown(measured: dict) -> str:
    """The findings of :func:`measure_or_refuse` for a measure other than NDCG, as Markdown
    sentences built from its fields."""
    if measured["refused"] is not None:
        return (f"**Refused.** The analysis did not run: {measured['refused']}. Nothing "
                "below was computed; change the parameters and run the report again.")
    res = measured["result"]
    out = [f"**Measure** `{res['measure']}`, analysed as {res['analysed as']} (notebook 006's "
           "results; the discount and gain parameters are NDCG's and are not used)."]
    for m in res["models"]:
        model = (f"ybar = `{m['ybar']}`" if "ybar" in m else
                 f"graded, values {', '.join(m['values'])}")
        line = f"**{m['model']}** ({model}"
        line += f"; relevance: {m['relevance']})" if "relevance" in m else ")"
        if m["converges"]:
            line += (f" converges: its limit is `{m['limit']}` = "
                     f"{mpmath.nstr(m['limit (numeric)'], 15)}.")
        else:
            top = f"q = ybar(1-) = `{m['q']}`" if "q" in m else f"top grades {m['top grades']}"
            law = f" ({m['limit law']})" if "limit law" in m else ""
            line += (f" does not converge ({top}): its limit law{law} has mean "
                     f"`{m['law mean']}` = {mpmath.nstr(m['law mean (numeric)'], 15)} and "
                     f"variance `{m['law variance']}` = "
                     f"{mpmath.nstr(m['law variance (numeric)'], 15)}.")
        out.append(line)
    if "pair" in res:
        out.append(f"**Telling f0 and f1 apart.** {res['pair']['verdict'].capitalize()}: "
                   f"{res['pair']['reason']}.")
    return "\n\n".join(out)


def n_grid(max_exponent: int, mc_n: list | tuple = ()) -> list[int]:
    """The n of the pseudo-expectation curve: 14 exponents from 10 to 10^max_exponent,
    geometrically spaced, and the Monte Carlo sizes."""
    from .analysis_settings import list_lengths

    max_exponent = check_int("max_exponent", max_exponent, min=2, max=300)
    exps = sorted({int(round(e)) for e in np.geomspace(1, max_exponent, 14)})
    return sorted({10**e for e in exps} | {n for n in list_lengths("mc_n", mc_n, 1) if n >= 2})


def increasing_note(report: VariantReport) -> str | None:
    """A warning for a discount that grows with the position (the analysis takes one only
    when it is linear in r, for document 000's pairwise identity): such a "discount"
    rewards placing relevant documents last, and ``r`` is the likeliest slip for ``1/r``.
    None for any other discount.

    Examples
    --------
    >>> from rankmeasures.theory.analysis import analyse
    >>> increasing_note(analyse("r + 1", n_values=(10,)))[:45]
    'D(r) = r + 1 increases with the position r (s'
    >>> increasing_note(analyse("n - r", n_values=(10,))) is None
    True
    """
    if report.refused is not None or report.discount is None or report.pairwise is None:
        return None
    d = parse_expression(str(report.discount), ("r", "n"), name="discount")
    sym = {x.name: x for x in d.free_symbols}  # the parser's symbols, with its assumptions
    if "r" not in sym:
        return None
    # linear in r: the slope is one number at each n
    slope = sympy.diff(d, sym["r"]).subs(sym.get("n", sympy.Symbol("n")), 10)
    if not slope.is_positive:
        return None
    return (f"D(r) = {report.discount} increases with the position r (slope {slope} at "
            "n = 10): it weighs the last positions most and so rewards ranking relevant "
            "documents last. A discount decreases (1/r, n - r, 1/log2(1+r)); was 1/r or "
            "n - r meant?")


def _model_label(i: int, model: ModelEntry) -> str:
    if model.binary:
        return f"f{i}: ybar = {model.ybar}"
    assert model.values is not None  # a graded model's field
    return f"f{i}: graded, values {', '.join(model.values)}"


def summary_markdown(report: VariantReport) -> str:
    """The report's findings as Markdown sentences built from its fields."""
    if report.refused is not None:
        return (f"**Refused.** The analysis did not run: {report.refused}. Nothing below "
                f"was computed; change the parameters and run the report again.")
    out = [f"**Discount** $D(r)$ = `{report.discount}`"
           + (f", cut at $k(n)$ = `{report.cut}`" if report.cut else "") + "."]
    cls = report.discount_class
    if cls is not None and not cls.linear:
        assert cls.decay is not None  # None for a linear discount only
        out.append(
            f"**Class.** Summable: {'yes' if cls.summable else 'no'}; "
            f"$r D(r) \\to$ `{cls.r_times_d}` (decays {cls.decay.value}); index of regular "
            f"variation $\\beta$ = `{cls.beta}`"
            + (f"; the cut-off is of the kind *{report.cut_regime.value}*"
               if report.cut_regime is not None else "")
            + ".")
    if cls is not None:
        why = ""
        if report.cut_regime is not None:
            why = (f" Without the cut-off it would be: {cls.theorem}; the cut-off decides.")
        out.append(f"**Theorem.** {report.effective_theorem}.{why}")
    for i, m in enumerate(report.models):
        limit = m.limit_text
        line = f"**Limit for {_model_label(i, m)}**: `{'not computed' if limit is None else limit}`"
        if m.limit_numeric is not None:
            line += f" = {m.limit_numeric}"
        if m.pseudo:
            last = list(m.pseudo)[-1]
            line += f"; the pseudo-expectation at n = {last} is {m.pseudo[last]}"
        out.append(line + ".")
    dist = report.distinguish
    if dist:
        extra = "; ".join(f"{k} = {v}" for k, v in distinguish_details(dist).items() if v)
        out.append(f"**Telling f0 and f1 apart.** {dist.how}" + (f" ({extra})" if extra
                                                                 else "") + ".")
    pw = report.pairwise
    note = increasing_note(report)
    if note:
        out.append(f"**Warning.** {note}")
    if pw:
        line = ("**Pairwise identity (document 000).** $\\Delta DCG$ equals the "
                f"gain-weighted pairwise loss: {'yes' if pw.gain_weighted else 'no'}; it "
                f"equals a multiple of Jin & Geng's $R(f)$ when: {', '.join(pw.conditions)} "
                f"({pw.checked}).")
        if pw.gain is not None:
            line += (f" The gain `{pw.gain}` is "
                     + ("affine: the identity holds." if pw.gain_affine
                        else "not affine: the identity fails."))
        out.append(line)
    if report.incomplete is not None:
        out.append(f"**Incomplete.** {report.incomplete}.")
    return "\n\n".join(out)


def curve_points(report: VariantReport) -> list[dict]:
    """Per model: n and N(n) of the pseudo-expectation, Monte Carlo means and standard
    errors, and the limit (None when there is none), as floats for a figure."""
    curves = []
    for i, m in enumerate(report.models):
        if not m.pseudo:
            continue
        mc = m.monte_carlo or {}
        curves.append({
            "label": _model_label(i, m),
            "n": [float(k) for k in m.pseudo], "pseudo": [float(v) for v in m.pseudo.values()],
            "mc_n": [float(k) for k in mc], "mc_mean": [v.mean for v in mc.values()],
            "mc_se": [v.se for v in mc.values()],
            "limit": None if m.limit_numeric is None else float(m.limit_numeric),
            "limit_text": m.limit_text or ""})
    return curves


def mc_agreement(report: VariantReport) -> list[dict]:
    """Monte Carlo against the pseudo-expectation at the same n: ``z = |mean - N(n)| / se``.
    Lemma 2 of Wang et al. bounds ``|E NDCG - N(n)|`` by O~(n^-1/3) for a non-summable
    discount, so a small z is expected there, not for a summable one."""
    rows = []
    for i, m in enumerate(report.models):
        pe = m.pseudo or {}
        for key, v in (m.monte_carlo or {}).items():
            if key in pe:
                z = abs(v.mean - float(pe[key])) / v.se if v.se > 0 else float("inf")
                rows.append({"model": f"f{i}", "n": key, "Monte Carlo mean": v.mean,
                             "standard error": v.se, "N(n)": float(pe[key]),
                             "z": z})
    return rows


def win_points(report: VariantReport) -> list[dict]:
    """``P[NDCG(f0) > NDCG(f1)]`` with its standard error at each n estimated (rows of
    the report's table and picture); empty when it was not estimated."""
    dist = report.distinguish
    if dist is None or not dist.win_rates:
        return []
    return [{"n": float(k), WIN_LABEL: w.p, "se": w.se} for k, w in dist.win_rates.items()]


def distinguish_markdown(report: VariantReport) -> str:
    """What the report says about telling f0 from f1, built from its fields: the limit gap
    with its sign when the limits differ, what the theorems say of P -> 1, and where the
    estimates pass 0.9 and 0.99."""
    if report.refused is not None:
        return ""
    dist = report.distinguish
    if not dist:
        return "There is one ranking function only (set `ybar_other` to compare two)."
    out = []
    if dist.limit_gap is not None:
        assert dist.limit_gap_numeric is not None  # set with limit_gap
        gap = float(dist.limit_gap_numeric)
        shown = (dist.limit_gap if dist.limit_gap == dist.limit_gap_numeric
                 else f"{dist.limit_gap} = {dist.limit_gap_numeric}")
        out.append(f"The limits differ: limit(f0) - limit(f1) = {shown}, so "
                   + ("f0 is the better function in the limit." if gap > 0 else
                      "f1 is the better function in the limit."))
    else:
        out.append(f"{dist.how[0].upper()}{dist.how[1:]}.")
    out.append(f"Does P[NDCG(f0) > NDCG(f1)] tend to 1? "
               f"{dist.tends_text}. (Definition 3's "
               "consistent distinguishability asks for more: a bound at every n >= N.)")
    pts = win_points(report)
    if pts and dist.first_above is not None:
        first = [f"above {lv:g} first at n = {dist.first_above[lv]}"
                 if dist.first_above[lv] is not None
                 else f"not above {lv:g} ({dist.first_above_text(lv)})"
                 for lv in (0.9, 0.99)]
        out.append(f"On coupled samples the estimate goes from {pts[0][WIN_LABEL]:.3f} at n = "
                   f"{pts[0]['n']:g} to {pts[-1][WIN_LABEL]:.3f} at n = {pts[-1]['n']:g}: "
                   + "; ".join(first) + ".")
    return " ".join(out)


def why_no_curve(report: VariantReport) -> str:
    """Why the report has no NDCG-against-n curve."""
    if report.refused is not None:
        return "the inputs were refused (above)"
    if report.pairwise is not None:
        return ("the discount is linear in the position: document 000's pairwise analysis "
                "applies, and Wang et al.'s NDCG limits do not (see the report)")
    if report.incomplete is not None:
        return report.incomplete
    return "no pseudo-expectation was computed"


def _limit_verdict(report: VariantReport, idx: int, text: str) -> dict:
    row = {"conjecture": f"NDCG of f{idx} tends to {text}"}
    claimed = parse_expression(text, (), name="claim_limit" if idx == 0 else
                               "claim_limit_other")
    models = report.models
    if idx >= len(models) or models[idx].limit_kind is None:
        why = ("there is no second function (set ybar_other)" if idx >= len(models) and
               report.incomplete is None else report.incomplete or "no limit computed")
        return {**row, "verdict": "not checked", "evidence": why}
    m = models[idx]
    if m.limit_numeric is None:
        if m.limit_kind is LimitKind.NONE_IN_PROBABILITY:
            return {**row, "verdict": "false",
                    "evidence": f"there is no limit: {m.limit_text}"}
        return {**row, "verdict": "undecided", "evidence": m.limit_text}
    if m.limit is None:  # no closed form: the quadrature, to the analysis' digits
        with mpmath.workdps(40):
            claimed_n = mpmath.mpf(sympy.N(claimed, 45))
            gap = claimed_n - mpmath.mpf(m.limit_numeric)
            close = abs(gap) < mpmath.mpf(10) ** -20
        if close:
            return {**row, "verdict": "true", "evidence": f"equal to the limit "
                    f"{mpmath.nstr(mpmath.mpf(m.limit_numeric), 12)} (by quadrature) to 20 "
                    "digits"}
        return {**row, "verdict": "false",
                "evidence": f"the limit is {mpmath.nstr(mpmath.mpf(m.limit_numeric), 12)} "
                            f"(by quadrature); {text} = {mpmath.nstr(claimed_n, 12)} (off by "
                            f"{mpmath.nstr(gap, 3)})"}
    computed = sympy.sympify(m.limit)
    if sympy.simplify(claimed - computed) == 0:
        return {**row, "verdict": "true", "evidence": f"the limit is {m.limit} exactly"}
    with mpmath.workdps(40):
        claimed_n = mpmath.mpf(sympy.N(claimed, 45))
        computed_n = mpmath.mpf(sympy.N(computed, 45))
        gap = claimed_n - computed_n
        close = abs(gap) < mpmath.mpf(10) ** -25
    if close:
        return {**row, "verdict": "true", "evidence": f"equal to the limit {m.limit} to "
                                                     "25 digits"}
    return {**row, "verdict": "false",
            "evidence": f"the limit is {m.limit} = {mpmath.nstr(computed_n, 12)}; "
                        f"{text} = {mpmath.nstr(claimed_n, 12)} (off by "
                        f"{mpmath.nstr(gap, 3)})"}


def check_claims(report: VariantReport, *, limit: str = "", limit_other: str = "",
                 theorem: str = "", distinguishable: str = "") -> list[dict]:
    """A verdict (true, false, undecided, not checked) with its evidence for each
    conjecture stated: the limit of NDCG for f0 and f1, the theorem that applies, and
    whether NDCG consistently distinguishes f0 from f1 (``"true"`` or ``"false"``)."""
    rows = []
    if report.refused is not None:
        return [{"conjecture": c, "verdict": "not checked", "evidence": "the inputs were "
                 "refused (above)"} for c in (limit, limit_other, theorem, distinguishable)
                if c]
    if limit:
        rows.append(_limit_verdict(report, 0, limit))
    if limit_other:
        rows.append(_limit_verdict(report, 1, limit_other))
    if theorem:
        actual = report.effective_theorem
        row = {"conjecture": f"the theorem that applies is {theorem}"}
        if actual is None:
            rows.append({**row, "verdict": "not checked",
                         "evidence": report.incomplete or "no theorem determined"})
        else:
            # the conjecture is the user's text: it holds when the statement found starts
            # with it ("Theorem 3" is not "Theorem 30")
            ok = re.match(rf"{re.escape(theorem.strip())}(?![0-9])", actual.text) is not None
            rows.append({**row, "verdict": "true" if ok else "false",
                         "evidence": f"the analysis finds: {actual}"})
    if distinguishable:
        if distinguishable.strip().lower() not in ("true", "false"):
            raise ValueError(f"claim_distinguishable: expected 'true' or 'false', got "
                             f"{distinguishable!r}")
        claimed = distinguishable.strip().lower() == "true"
        row = {"conjecture": f"{WIN_LABEL} tends to 1" if claimed else
               f"{WIN_LABEL} does not tend to 1"}
        dist = report.distinguish
        if dist is None:
            rows.append({**row, "verdict": "not checked",
                         "evidence": "there is no second function (set ybar_other)"})
        elif dist.verdict is not Verdict.UNDECIDED:
            holds = (dist.verdict is Verdict.YES) == claimed
            rows.append({**row, "verdict": "true" if holds else "false",
                         "evidence": dist.tends_text})
        else:
            pts = win_points(report)
            seen = (f"; the estimates reach {pts[-1][WIN_LABEL]:.3f} at n = {pts[-1]['n']:g}"
                    if pts else "")
            rows.append({**row, "verdict": "undecided", "evidence": dist.tends_text + seen})
    return rows
