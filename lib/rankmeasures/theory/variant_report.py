"""The pieces of a variant report (``notebooks/variant_report.py``): its parameters turned
into :func:`rankmeasures.theory.variants.analyse` arguments, and the analysis turned into the
report's sentences, curves and verdicts. Every sentence is built from the analysis' own
fields, so the prose cannot disagree with the numbers.
"""

from __future__ import annotations

import re
from typing import Any

import mpmath
import numpy as np
import sympy

from .._validation import check_int
from .variants import parse_expression

__all__ = ["variant_spec", "n_grid", "analyse_or_refuse", "summary_markdown", "curve_points",
           "mc_agreement", "why_no_curve", "check_claims", "win_points",
           "distinguish_markdown"]

#: the field of a report whose inputs were refused (the reason)
REFUSED = "refused"


def variant_spec(*, ybar: str, ybar_other: str = "", grades: list | tuple = (),
                 probs: list | tuple = ()) -> dict:
    """``ybar``/``ybar_other`` for :func:`~rankmeasures.theory.variants.analyse` from the template's
    parameters: graded relevance (``grades`` with ``probs``) replaces the binary ``ybar``
    of f0; an empty ``ybar_other`` means one function only."""
    if grades or probs:
        if len(grades) != len(probs) or len(grades) < 2:
            raise ValueError(f"grades, probs: one probability per grade and at least two "
                             f"grades, got {len(grades)} grades and {len(probs)} probabilities")
        f0: Any = {"values": list(grades), "probs": list(probs)}
    else:
        f0 = ybar
    return {"ybar": f0, "ybar_other": ybar_other or None}


def analyse_or_refuse(discount: str, *, ybar: str, ybar_other: str = "",
                      grades: list | tuple = (), probs: list | tuple = (),
                      max_exponent: int = 100, mc_n: list | tuple = (), **kwargs) -> dict:
    """The template's parameters analysed: :func:`variant_spec` and :func:`n_grid` turned
    into :func:`~rankmeasures.theory.variants.analyse`'s arguments (``kwargs`` passed on),
    and its report -- or ``{"refused": reason}`` when any of them refuses the inputs (a
    ValueError: outside the theory, or malformed). The report of a refused variant says
    what was refused and why; every other piece of this module shows nothing for it.

    Examples
    --------
    >>> analyse_or_refuse("1/log(1+r)", ybar="s^2", ybar_other="1/2")["refused"][:28]
    'ybar, ybar_other: two rankin'
    """
    from .variants import analyse

    try:
        spec = variant_spec(ybar=ybar, ybar_other=ybar_other, grades=grades, probs=probs)
        return analyse(discount, n_values=n_grid(max_exponent, mc_n), mc_n=mc_n,
                       **spec, **kwargs)
    except ValueError as exc:
        return {REFUSED: str(exc)}


def n_grid(max_exponent: int, mc_n: list | tuple = ()) -> list[int]:
    """The n of the pseudo-expectation curve: 14 exponents from 10 to 10^max_exponent,
    geometrically spaced, and the Monte Carlo sizes."""
    max_exponent = check_int("max_exponent", max_exponent, min=2, max=300)
    exps = sorted({int(round(e)) for e in np.geomspace(1, max_exponent, 14)})
    return sorted({10**e for e in exps} | {int(n) for n in mc_n})


def _model_label(i: int, model: dict) -> str:
    if "ybar" in model:
        return f"f{i}: ybar = {model['ybar']}"
    return f"f{i}: graded, values {', '.join(model['values'])}"


def summary_markdown(report: dict) -> str:
    """The report's findings as Markdown sentences built from its fields."""
    if REFUSED in report:
        return (f"**Refused.** The analysis did not run: {report[REFUSED]}. Nothing below "
                f"was computed; change the parameters and run the report again.")
    out = [f"**Discount** $D(r)$ = `{report['discount']}`"
           + (f", cut at $k(n)$ = `{report['cut']}`" if report.get("cut") else "") + "."]
    cls = report.get("class", {})
    if "summable" in cls:
        out.append(
            f"**Class.** Summable: {'yes' if cls['summable'] else 'no'}; "
            f"$r D(r) \\to$ `{cls['r_times_D']}` (decays {cls['decay']}); index of regular "
            f"variation $\\beta$ = `{cls['beta']}`"
            + (f"; the cut-off is of the kind *{cls['cut-off']}*" if "cut-off" in cls else "")
            + ".")
    if "theorem" in cls:
        why = ""
        if "theorem without the cut-off" in cls:
            why = (f" Without the cut-off it would be: {cls['theorem without the cut-off']}; "
                   "the cut-off decides.")
        out.append(f"**Theorem.** {cls['theorem']}.{why}")
    for i, m in enumerate(report.get("models", [])):
        line = f"**Limit for {_model_label(i, m)}**: `{m.get('limit', 'not computed')}`"
        if "limit (numeric)" in m:
            line += f" = {m['limit (numeric)']}"
        pe = m.get("pseudo-expectation N(n)", {})
        if pe:
            last = list(pe)[-1]
            line += f"; the pseudo-expectation at n = {last} is {pe[last]}"
        out.append(line + ".")
    dist = report.get("distinguish")
    if dist:
        extra = "; ".join(f"{k} = {v}" for k, v in dist.items()
                          if k not in ("how", "N0(n) - N1(n)", "note", _P, _TENDS)
                          and not k.startswith("first n") and v)
        out.append(f"**Telling f0 and f1 apart.** {dist['how']}" + (f" ({extra})" if extra
                                                                     else "") + ".")
    pw = report.get("pairwise")
    if pw:
        weighted = pw["Delta DCG = -slope * sum over misordered pairs (g_high - g_low)"]
        holds = pw["Delta DCG = -slope * (g_1 - g_0) * R(f) holds iff"]
        line = ("**Pairwise identity (document 000).** $\\Delta DCG$ equals the "
                f"gain-weighted pairwise loss: {'yes' if weighted else 'no'}; it equals a "
                f"multiple of Jin & Geng's $R(f)$ when: {', '.join(holds)} "
                f"({pw['checked']}).")
        if "gain" in pw:
            affine = pw["gain is affine (R(f) identity holds)"]
            line += (f" The gain `{pw['gain']}` is "
                     + ("affine: the identity holds." if affine
                        else "not affine: the identity fails."))
        out.append(line)
    if "incomplete" in report:
        out.append(f"**Incomplete.** {report['incomplete']}.")
    return "\n\n".join(out)


def curve_points(report: dict) -> list[dict]:
    """Per model: n and N(n) of the pseudo-expectation, Monte Carlo means and standard
    errors, and the limit (None when there is none), as floats for a figure."""
    if REFUSED in report:
        return []
    curves = []
    for i, m in enumerate(report.get("models", [])):
        pe = m.get("pseudo-expectation N(n)", {})
        if not pe:
            continue
        mc = m.get("Monte Carlo", {})
        lim = m.get("limit (numeric)")
        curves.append({
            "label": _model_label(i, m),
            "n": [float(k) for k in pe], "pseudo": [float(v) for v in pe.values()],
            "mc_n": [float(k) for k in mc], "mc_mean": [v["mean"] for v in mc.values()],
            "mc_se": [v["se"] for v in mc.values()],
            "limit": None if lim is None else float(lim),
            "limit_text": m.get("limit", "")})
    return curves


def mc_agreement(report: dict) -> list[dict]:
    """Monte Carlo against the pseudo-expectation at the same n: ``z = |mean - N(n)| / se``.
    Lemma 2 of Wang et al. bounds ``|E NDCG - N(n)|`` by O~(n^-1/3) for a non-summable
    discount, so a small z is expected there, not for a summable one."""
    if REFUSED in report:
        return []
    rows = []
    for i, m in enumerate(report.get("models", [])):
        pe = m.get("pseudo-expectation N(n)", {})
        for key, v in m.get("Monte Carlo", {}).items():
            if key in pe:
                z = abs(v["mean"] - float(pe[key])) / v["se"] if v["se"] > 0 else float("inf")
                rows.append({"model": f"f{i}", "n": key, "Monte Carlo mean": v["mean"],
                             "standard error": v["se"], "N(n)": float(pe[key]),
                             "z": z})
    return rows


_P = "P[NDCG(f0) > NDCG(f1)]"
#: the report's key (rankmeasures.theory.variants): P -> 1 in probability, which is less
#: than Definition 3's bound at every n >= N
_TENDS = "P -> 1 in probability"


def win_points(report: dict) -> list[dict]:
    """``P[NDCG(f0) > NDCG(f1)]`` with its standard error at each n estimated (rows of
    the report's table and picture); empty when it was not estimated."""
    if REFUSED in report:
        return []
    est = report.get("distinguish", {}).get(_P, {})
    return [{"n": float(k), "P[NDCG(f0) > NDCG(f1)]": v["P"], "se": v["se"]}
            for k, v in est.items()]


def distinguish_markdown(report: dict) -> str:
    """What the report says about telling f0 from f1, built from its fields: the limit gap
    with its sign when the limits differ, what the theorems say of P -> 1, and where the
    estimates pass 0.9 and 0.99."""
    if REFUSED in report:
        return ""
    dist = report.get("distinguish")
    if not dist:
        return "There is one ranking function only (set `ybar_other` to compare two)."
    out = []
    if "limit gap" in dist:
        gap = float(dist["limit gap (numeric)"])
        out.append(f"The limits differ: limit(f0) - limit(f1) = {dist['limit gap']} = "
                   f"{dist['limit gap (numeric)']}, so "
                   + ("f0 is the better function in the limit." if gap > 0 else
                      "f1 is the better function in the limit."))
    else:
        out.append(f"{dist['how'][0].upper()}{dist['how'][1:]}.")
    out.append(f"Does P[NDCG(f0) > NDCG(f1)] tend to 1 in probability? "
               f"{dist.get(_TENDS, 'undecided: not decided here')}. (Definition 3's "
               "consistent distinguishability asks for more: a bound at every n >= N.)")
    pts = win_points(report)
    if pts:
        first = [f"above {lv} first at n = {dist[f'first n with P > {lv}']}"
                 if not str(dist[f"first n with P > {lv}"]).startswith("none")
                 else f"not above {lv} ({dist[f'first n with P > {lv}']})"
                 for lv in ("0.9", "0.99")]
        out.append(f"On coupled samples the estimate goes from {pts[0][_P]:.3f} at n = "
                   f"{pts[0]['n']:g} to {pts[-1][_P]:.3f} at n = {pts[-1]['n']:g}: "
                   + "; ".join(first) + ".")
    return " ".join(out)


def why_no_curve(report: dict) -> str:
    """Why the report has no NDCG-against-n curve."""
    if REFUSED in report:
        return "the inputs were refused (above)"
    if "pairwise" in report:
        return ("the discount is linear in the position: document 000's pairwise analysis "
                "applies, and Wang et al.'s NDCG limits do not (see the report)")
    if "incomplete" in report:
        return report["incomplete"]
    return "no pseudo-expectation was computed"


def _limit_verdict(report: dict, idx: int, text: str) -> dict:
    row = {"conjecture": f"NDCG of f{idx} tends to {text}"}
    claimed = parse_expression(text, (), name="claim_limit" if idx == 0 else
                               "claim_limit_other")
    models = report.get("models", [])
    if idx >= len(models) or "limit" not in models[idx]:
        why = ("there is no second function (set ybar_other)" if idx >= len(models) and
               "incomplete" not in report else report.get("incomplete", "no limit computed"))
        return {**row, "verdict": "not checked", "evidence": why}
    m = models[idx]
    if "limit (numeric)" not in m:
        if m["limit"].startswith("none in probability"):
            return {**row, "verdict": "false", "evidence": f"there is no limit: {m['limit']}"}
        return {**row, "verdict": "undecided", "evidence": m["limit"]}
    computed = sympy.sympify(m["limit"])
    if sympy.simplify(claimed - computed) == 0:
        return {**row, "verdict": "true", "evidence": f"the limit is {m['limit']} exactly"}
    with mpmath.workdps(40):
        claimed_n = mpmath.mpf(sympy.N(claimed, 45))
        computed_n = mpmath.mpf(sympy.N(computed, 45))
        gap = claimed_n - computed_n
        close = abs(gap) < mpmath.mpf(10) ** -25
    if close:
        return {**row, "verdict": "true", "evidence": f"equal to the limit {m['limit']} to "
                                                     "25 digits"}
    return {**row, "verdict": "false",
            "evidence": f"the limit is {m['limit']} = {mpmath.nstr(computed_n, 12)}; "
                        f"{text} = {mpmath.nstr(claimed_n, 12)} (off by "
                        f"{mpmath.nstr(gap, 3)})"}


def check_claims(report: dict, *, limit: str = "", limit_other: str = "",
                 theorem: str = "", distinguishable: str = "") -> list[dict]:
    """A verdict (true, false, undecided, not checked) with its evidence for each
    conjecture stated: the limit of NDCG for f0 and f1, the theorem that applies, and
    whether NDCG consistently distinguishes f0 from f1 (``"true"`` or ``"false"``)."""
    rows = []
    if REFUSED in report:
        return [{"conjecture": c, "verdict": "not checked", "evidence": "the inputs were "
                 "refused (above)"} for c in (limit, limit_other, theorem, distinguishable)
                if c]
    if limit:
        rows.append(_limit_verdict(report, 0, limit))
    if limit_other:
        rows.append(_limit_verdict(report, 1, limit_other))
    if theorem:
        actual = report.get("class", {}).get("theorem")
        row = {"conjecture": f"the theorem that applies is {theorem}"}
        if actual is None:
            rows.append({**row, "verdict": "not checked",
                         "evidence": report.get("incomplete", "no theorem determined")})
        else:
            ok = re.match(rf"{re.escape(theorem.strip())}(?![0-9])", actual) is not None
            rows.append({**row, "verdict": "true" if ok else "false",
                         "evidence": f"the analysis finds: {actual}"})
    if distinguishable:
        if distinguishable.strip().lower() not in ("true", "false"):
            raise ValueError(f"claim_distinguishable: expected 'true' or 'false', got "
                             f"{distinguishable!r}")
        claimed = distinguishable.strip().lower() == "true"
        row = {"conjecture": "P[NDCG(f0) > NDCG(f1)] tends to 1" if claimed else
               "P[NDCG(f0) > NDCG(f1)] does not tend to 1"}
        theory = report.get("distinguish", {}).get(_TENDS)
        if theory is None:
            rows.append({**row, "verdict": "not checked",
                         "evidence": "there is no second function (set ybar_other)"})
        elif theory.split(":")[0].split(" (")[0] in ("yes", "no"):
            holds = theory.startswith("yes") == claimed
            rows.append({**row, "verdict": "true" if holds else "false", "evidence": theory})
        else:
            pts = win_points(report)
            seen = (f"; the estimates reach {pts[-1][_P]:.3f} at n = {pts[-1]['n']:g}"
                    if pts else "")
            rows.append({**row, "verdict": "undecided", "evidence": theory + seen})
    return rows
