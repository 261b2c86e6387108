"""A measure named as the evaluator names it, analysed in Wang et al.'s model.

The variant analysis of a measure other than NDCG (``python -m proofs_check variant
--measure NAME``, the variant report's ``measure``): the name is read by the evaluator's
own parser (:func:`rankmeasures.trec.measure_names.parse_measures`), so every spelling of
trec_eval and ir_measures the evaluator accepts means here what it means there (``map``
and ``AP``, ``P_10``, ``P.10`` and ``P@10``, ``recip_rank`` and ``RR``, ``rbp.p=0.8`` and
``RBP(p=0.8)``), and then analysed by :func:`~rankmeasures.theory.measure_limits.
analyse_measure` (notebook 006's results: the almost-sure limits of AP, R-precision, P and
recall at ``ceil(c n)`` and AUC; the limit laws of RR, RBP, ERR and P@k at a fixed k).
NDCG (``ndcg``, ``nDCG@10``, ``ndcg_cut_10``) stays with the discount analysis of
:func:`~rankmeasures.theory.analysis.analyse` (document 004's theorems), its cut-off the
name's. A name outside these is refused at once, naming it and listing those analysed.

Binary measures (relevance is a grade of at least 1, trec_eval's default level) read a
graded model through ``P[Y >= 1 | s]``; ERR and RBP read its grades with trec_eval's gains
(:func:`~rankmeasures.theory.measure_limits.top_law_graded`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import mpmath
import sympy

from ..discounts import n as _n
from ..expressions import parse_expression
from ._budget import BudgetExceeded, time_budget
from .analysis_settings import check_budget
from .measure_limits import analyse_measure
from .models import RelevanceModel, check_models_pair, relevance_model

__all__ = ["ANALYSABLE", "MeasureTarget", "read_measure", "analyse_named", "named_rows",
           "theory_table"]

#: the measures the analysis takes, in the evaluator's spellings (each line one measure)
ANALYSABLE = (
    "ndcg (nDCG@k, ndcg_cut_k, ndcg_cut.k: the discount analysis, with --discount, --gain)",
    "map (AP)",
    "Rprec",
    "P@k (P_k, P.k), or P with a cut-off c n (--cut 'n/5')",
    "recall with a cut-off c n (--cut 'n/5')",
    "recip_rank (RR)",
    "ERR (ERR@k)",
    "rbp (rbp.p=0.8, RBP(p=0.8))",
    "AUC",
)
# the evaluator's kind -> measure_limits' name
_KINDS = {"AP": "AP", "Rprec": "Rprec", "P": "P", "recall": "recall", "RR": "RR",
          "ERR": "ERR", "rbp": "RBP", "auc": "AUC"}
# measures of relevance (grade >= 1) alone: a graded model is read through P[Y >= 1 | s]
_BINARY = {"AP", "Rprec", "P", "recall", "RR", "AUC", "P@k"}


def _refuse(name: str, why: str) -> ValueError:
    return ValueError(f"measure: {name!r}: {why}; the analysis takes "
                      + "; ".join(ANALYSABLE))


@dataclass(frozen=True)
class MeasureTarget:
    """What a measure's name asks of the analysis (:func:`read_measure`).

    Attributes
    ----------
    given : str
        The name as given.
    name : str
        ``"NDCG"`` (the discount analysis), or a name of
        :func:`~rankmeasures.theory.measure_limits.analyse_measure`.
    cut : str or None
        NDCG's cut-off k(n) for the discount analysis (the name's ``@k``, or ``--cut``).
    fraction : sympy number or None
        The c of P and recall at ``ceil(c n)``.
    k : int or None
        The fixed cut-off of P@k and ERR@k.
    phi : float or None
        RBP's persistence (the evaluator's default 0.9 when the name gives none).
    """

    given: str
    name: str
    cut: str | None = None
    fraction: Any = None
    k: int | None = None
    phi: float | None = None

    @property
    def label(self) -> str:
        """The measure analysed, in words."""
        if self.name in ("P", "recall"):
            return f"{self.name}@ceil(c n), c = {self.fraction}"
        if self.name in ("P@k", "ERR") and self.k is not None:
            return f"{self.name.removesuffix('@k')}@{self.k} (a fixed cut-off)"
        if self.name == "RBP":
            return f"RBP with persistence p = {self.phi:g}"
        if self.name == "NDCG":
            return "NDCG" + (f", cut at k(n) = {self.cut}" if self.cut else "")
        return self.name


def _cut_kind(name: str, cut: str):
    """``--cut`` read for a measure: ``("k", int)`` for a constant whole number, or
    ``("c", c)`` for ``c n`` with ``0 < c <= 1``; else refused naming the measure."""
    e = parse_expression(cut, ("n",), name="cut")
    if not e.free_symbols:
        if e.is_integer and e >= 1:
            return "k", int(e)
        raise ValueError(f"cut: {name!r} at a fixed cut-off needs a whole number >= 1, "
                         f"got {cut!r}")
    c = sympy.simplify(e / _n)
    if not c.free_symbols and c.is_positive and c <= 1:
        return "c", c
    raise ValueError(f"cut: {name!r} is analysed at a cut-off c n with 0 < c <= 1 (P "
                     f"also at a fixed k), got {cut!r}")


def read_measure(name: str, cut: str | None = None) -> MeasureTarget:
    """The analysis a measure's name asks for, read by the evaluator's parser (module
    docstring); ``cut``: the cut-off ``k(n)`` given beside it (``--cut``), as text.

    Raises
    ------
    ValueError
        ``measure: ...`` for a name the evaluator refuses or the analysis cannot take
        (listing those it can), ``cut: ...`` for a cut-off it cannot take.

    Examples
    --------
    >>> [(t.name, t.k) for t in map(read_measure, ["P_10", "P@10", "P.10"])]
    [('P@k', 10), ('P@k', 10), ('P@k', 10)]
    >>> read_measure("P", "n/5").label
    'P@ceil(c n), c = 1/5'
    >>> read_measure("rbp.p=0.8").phi, read_measure("RBP(p=0.8)").phi
    (0.8, 0.8)
    >>> read_measure("ndcg_cut_10").cut
    '10'
    """
    from ..trec.declarations import declared_defaults
    from ..trec.measure_names import parse_measures

    if not isinstance(name, str):
        raise ValueError(f"measure: a measure name must be a str, got {type(name).__name__}")
    try:
        specs = parse_measures(name)
    except ValueError as exc:
        if cut is None or "needs a cut-off" not in str(exc):
            raise _refuse(name, str(exc).removeprefix("measures: ")) from None
        # ir_measures' bare R or P with a cut-off growing with n: the parser reads the
        # name at a placeholder cut-off, which --cut replaces
        try:
            specs = [replace(parse_measures(name.strip() + "@1")[0], k=None)]
        except ValueError:
            raise _refuse(name, str(exc).removeprefix("measures: ")) from None
    kinds = {s.kind for s in specs}
    if len(specs) > 1:
        # trec_eval's bare P, recall or ndcg_cut names its default cut-offs: the cut-off
        # growing with n replaces them
        if len(kinds) == 1 and cut is not None and all(s.k is not None for s in specs):
            spec = specs[0]
            k = None
        else:
            shown = ", ".join(s.name for s in specs[:4]) + (", ..." if len(specs) > 4 else "")
            raise _refuse(name, f"it names {len(specs)} values ({shown}); name one (e.g. "
                                "P@10), or give P and recall a cut-off growing with n "
                                "(--cut 'n/5')")
    else:
        spec = specs[0]
        k = spec.k
    kind = spec.kind
    if kind == "ndcg" and not spec.params:
        if spec.gain is not None or spec.discount is not None or spec.rel is not None:
            raise _refuse(name, "give NDCG's discount and gain with --discount and --gain "
                                "(and graded labels with --grades, --probs)")
        if k is not None and cut is not None:
            raise _refuse(name, f"the cut-off is given twice (@{k} and --cut {cut})")
        return MeasureTarget(name, "NDCG", cut=cut if k is None else str(k))
    if kind not in _KINDS:
        raise _refuse(name, f"{kind} is not analysed")
    if spec.rel is not None or spec.params:
        given = ["rel"] * (spec.rel is not None) + [key for key, _ in spec.params]
        raise _refuse(name, f"{kind}'s parameter {', '.join(given)} is not analysed "
                            "(relevance is a grade of at least 1; ERR's largest grade is "
                            "the model's)")
    target = _KINDS[kind]
    if k is not None:
        if cut is not None:
            raise _refuse(name, f"the cut-off is given twice (@{k} and --cut {cut})")
        if target == "P":
            return MeasureTarget(name, "P@k", k=k)
        if target == "ERR":
            return MeasureTarget(name, "ERR", k=k)
        raise _refuse(name, f"{kind} at a fixed cut-off is not analysed")
    if target == "RBP":
        phi = spec.p if spec.p is not None else declared_defaults("rbp")["p"]
        if cut is not None:
            raise ValueError(f"cut: {name!r} takes no cut-off")
        return MeasureTarget(name, "RBP", phi=phi)
    if cut is None:
        if target in ("P", "recall"):
            raise _refuse(name, f"{kind} needs a cut-off (--cut 'n/5', or P@10)")
        return MeasureTarget(name, target)
    if target not in ("P", "recall", "ERR"):
        raise ValueError(f"cut: {name!r} takes no cut-off")
    how, value = _cut_kind(name, cut)
    if how == "c" and target != "ERR":
        return MeasureTarget(name, target, fraction=value)
    if how == "k" and target == "P":
        return MeasureTarget(name, "P@k", k=value)
    if how == "k" and target == "ERR":
        return MeasureTarget(name, "ERR", k=value)
    raise ValueError(f"cut: {name!r} is not analysed at the cut-off {cut!r} (recall at "
                     "c n only, ERR at a fixed k only)")


def _binary_curve(model: RelevanceModel, name: str):
    """``P[Y >= 1 | s]``: the model's curve, or of a graded one its grades >= 1."""
    if model.binary:
        return model.numeric
    curve = sympy.expand(sum(q for v, q in zip(model.values, model.numeric.prob_specs,
                                                 strict=True) if v >= 1))
    if curve == 0:
        raise ValueError(f"{name}: no grade is at least 1, so no document is relevant")
    return curve


def _num(x) -> Any:
    return None if x is None else mpmath.mpf(sympy.N(x, 30)) if not isinstance(
        x, mpmath.mpf) else x


def _text(x) -> str | None:
    return None if x is None else str(x)


def analyse_named(measure: str, *, cut: str | None = None, ybar: Any = "s",
                  ybar_other: Any = None, dps: int = 30,
                  budget: float | None = 60.0) -> dict[str, Any]:
    """A measure other than NDCG (:func:`read_measure`) analysed for one ranking function,
    or two: whether it converges, its limit, its limit law's mean and variance where it
    does not converge, and the verdict for the pair.

    Parameters
    ----------
    measure : str
        The evaluator's name of the measure.
    cut : str or None
        The cut-off ``k(n)`` (``"n/5"`` for P and recall at ``ceil(n/5)``; ``"10"``).
    ybar, ybar_other : str, sympy expression or dict
        The relevance models, as :func:`~rankmeasures.theory.models.relevance_model`
        takes them (a curve in s, or ``{"values": [...], "probs": [...]}``); two must be
        ranking functions of one distribution (:func:`~rankmeasures.theory.models.
        check_models_pair`).
    dps : int
        Decimal digits of the quadratures.
    budget : float or None
        Seconds the analysis may take (a closed form or a quadrature may not end: a curve
        such as ``s^2 (1 - s) exp(-1/s)``); None: no bound.

    Returns
    -------
    dict with ``measure``, ``analysed as``, ``models`` (per function: ``ybar``,
    ``converges``, ``limit`` and ``limit (numeric)`` -- None where it does not converge
    --, for a top-heavy measure ``q`` or ``top grades``, ``limit law``, ``law mean``,
    ``law variance`` and their numbers) and, for two functions, ``pair`` (``verdict``,
    ``reason``).

    Raises
    ------
    ValueError
        Naming the argument: ``measure`` (NDCG included: :func:`~rankmeasures.theory.
        analysis.analyse` analyses it), ``cut``, ``ybar``, ``ybar_other``; ``budget``
        when the analysis runs out of it.

    Examples
    --------
    AP of ybar = s tends to 5/6 (notebook 006); RR keeps a law of mean log 2 when
    ybar(1-) = 1/2:

    >>> analyse_named("map")["models"][0]["limit"]
    '5/6'
    >>> analyse_named("recip_rank", ybar="1/2")["models"][0]["law mean"]
    'log(2)'
    """
    target = read_measure(measure, cut)
    if target.name == "NDCG":
        raise ValueError(f"measure: {measure!r} is NDCG: rankmeasures.theory.analysis."
                         "analyse analyses it (its discount, cut-off and gain)")
    step = f"the analysis of {measure!r}"
    try:
        with time_budget(step, check_budget(budget)):
            return _analyse(target, ybar, ybar_other, dps)
    except BudgetExceeded as exc:
        raise ValueError(f"budget: {exc} (a closed form or a quadrature that does not "
                         "end soon); a larger budget may let it finish") from None


def _analyse(target: MeasureTarget, ybar, ybar_other, dps: int) -> dict[str, Any]:
    measure = target.given
    models = [relevance_model(ybar, "ybar")]
    if ybar_other is not None:
        models.append(relevance_model(ybar_other, "ybar_other"))
        check_models_pair(*models)
    binary = target.name in _BINARY
    if not binary and len(models) == 2 and not models[0].binary:
        raise ValueError(f"ybar_other: the pair verdict of {target.name} is analysed for "
                         "binary relevance only (give two curves, --ybar and --ybar2)")
    curves = [_binary_curve(m, "ybar" if i == 0 else "ybar_other") if binary or m.binary
              else m.numeric for i, m in enumerate(models)]
    kw = {"cut": target.fraction, "k": target.k, "phi": target.phi, "dps": dps}
    rows, pair = [], None
    for i, (m, curve) in enumerate(zip(models, curves, strict=True)):
        res = analyse_measure(target.name, curve, ybar_other=curves[1] if i == 0 and len(
            curves) == 2 else None, **kw)
        pair = res.get("pair", pair)
        row: dict[str, Any] = {"model": f"f{i}"}
        row.update({"ybar": m.describe["ybar"]} if m.binary else {
            "values": m.describe["values"], "probs": m.describe["probs"]})
        if binary and not m.binary:
            row["relevance"] = f"grade >= 1: P[Y >= 1 | s] = {curve}"
        row.update({"converges": bool(res["converges"]), "limit": _text(res["limit"]),
                    "limit (numeric)": res["limit_value"]})
        if "law_mean" in res:
            if "q" in res:
                row["q"] = str(res["q"])
            else:
                row["top grades"] = {str(sympy.nsimplify(g)): str(p)
                                     for g, p in res["top_grades"].items()}
            if "law" in res:
                row["limit law"] = res["law"]
            var = res["law_variance"]
            series = var is None or var.has(sympy.Sum)
            row["law mean"] = str(res["law_mean"])
            row["law mean (numeric)"] = _num(res["law_mean"])
            row["law variance"] = "a series (no closed form)" if series else str(var)
            row["law variance (numeric)"] = (_series_variance(target, curve) if series
                                             else _num(var))
        rows.append(row)
    out: dict[str, Any] = {"measure": measure, "analysed as": target.label, "models": rows}
    if pair is not None:
        out["pair"] = {"verdict": pair["verdict"], "reason": pair["reason"]}
    return out


def _series_variance(target: MeasureTarget, curve):
    """ERR's law variance without a cut-off, a series: its number by
    :mod:`~rankmeasures.theory.measure_limits`' own evaluation of it."""
    from .asymptotics import GradedRelevance
    from .measure_limits import top_grade_law, top_law, top_law_graded, top_rate

    if isinstance(curve, GradedRelevance):
        res = top_law_graded(target.name, top_grade_law(curve),
                             max_grade=max(curve.raw_values), k=target.k, phi=target.phi)
    else:
        res = top_law(target.name, top_rate(curve), k=target.k, phi=target.phi)
    return res["variance_value"]


def named_rows(result: dict[str, Any], *, digits: int = 15) -> list[dict]:
    """The analysis of :func:`analyse_named` as ``{"field", "value"}`` rows (the command's
    table and the report's), numbers to ``digits`` significant digits."""
    def shown(v):
        if isinstance(v, mpmath.mpf):
            return mpmath.nstr(v, digits)
        if isinstance(v, bool):
            return "yes" if v else "no"
        if isinstance(v, dict):
            return ", ".join(f"{k}: {x}" for k, x in v.items())
        if isinstance(v, list):
            return ", ".join(map(str, v))
        return "-" if v is None else str(v)

    rows = [{"field": "measure", "value": result["measure"]},
            {"field": "analysed as", "value": result["analysed as"]}]
    for m in result["models"]:
        for key, v in m.items():
            if key != "model":
                rows.append({"field": f"{m['model']}: {key}", "value": shown(v)})
    if "pair" in result:
        rows += [{"field": "pair: verdict", "value": result["pair"]["verdict"]},
                 {"field": "pair: reason", "value": result["pair"]["reason"]}]
    return rows


#: the measures of :func:`theory_table`, one spelling each with the --cut it takes
_TABLE = (("map", None), ("Rprec", None), ("P", "n/5"), ("recall", "n/5"), ("AUC", None),
          ("P@10", None), ("recip_rank", None), ("ERR@20", None), ("ERR", None),
          ("rbp.p=0.8", None))


def theory_table(measures: tuple = _TABLE) -> str:
    """The analysable measures as a Markdown table, each row computed by
    :func:`analyse_named` for the pair ``ybar = (1 + s)/3`` and ``ybar_other = 1/2`` (both
    ``p = 1/2``; top rates ``q = 2/3`` and ``1/2``): whether the measure converges and the
    verdict on telling the two apart (for the docs, ``docs/variants.md``).

    Parameters
    ----------
    measures : tuple of (name, cut)
        The measures, each with the ``--cut`` it takes (None: none); default every one.

    Examples
    --------
    >>> print(theory_table((("recip_rank", None),)).splitlines()[2][:59])
    | `recip_rank` | no: a limit law (q = 2/3) | not distinguis
    """
    rows = ["| measure | converges? | consistently distinguishable? (this pair) | why |",
            "|---|---|---|---|"]
    for name, cut in measures:
        res = analyse_named(name, cut=cut, ybar="(1+s)/3", ybar_other="1/2", budget=None)
        m = res["models"][0]
        conv = ("yes, almost surely" if m["converges"] else
                f"no: a limit law (q = {m['q']})")
        shown = f"`{name}`" + (f" `--cut {cut}`" if cut else "")
        rows.append(f"| {shown} | {conv} | {res['pair']['verdict']} | "
                    f"{res['pair']['reason']} |")
    return "\n".join(rows)
