"""Typed results of the variant analysis (:mod:`rankmeasures.theory.analysis`) and the one
place where they are rendered as text.

The analysis decides with enums and fields -- :class:`CutRegime`, :class:`LimitKind`,
:class:`Separation`, :class:`Verdict`, and the discount's
:class:`~rankmeasures.theory.theorems.Decay` and
:class:`~rankmeasures.theory.theorems.Theorem` (:mod:`rankmeasures.theory.theorems`) --
never with sentences. The sentences and the field names of the report's table
(``"pseudo-expectation N(n)"``, ``"P -> 1 in probability"``, ...) are written here only:
:meth:`VariantReport.to_dict` renders the report as the nested mapping that
:meth:`VariantReport.to_rows` flattens into the table of the notebooks and the command line,
and :meth:`VariantReport.to_json` writes it as JSON with its decimal fields as numbers
(the flattening and the writing of estimates to their standard error:
:mod:`rankmeasures.theory.table`).

Theorems are those of Wang et al. (2013): 1, 3, 5-9 for binary relevance, 10-13 their graded
forms (Section 6); Lemma 3 and Definition 3 for telling two ranking functions apart.
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .table import rows_of, to_its_se

if TYPE_CHECKING:
    from .theorems import DiscountClass, PairwiseIdentity, Theorem

__all__ = ["CutRegime", "LimitKind", "Separation", "Verdict", "ExactRatio", "MonteCarlo",
           "WinRate", "ModelEntry", "Distinguish", "VariantReport", "distinguish_details",
           "TENDS_LABEL", "WIN_LABEL"]


class CutRegime(enum.Enum):
    """How a cut-off ``k(n)`` grows: ``k = c n`` (Theorems 8, 9), ``k -> infinity`` with
    ``k = o(n)`` (Theorem 7), or bounded (Theorem 6's regime). The value is the text shown."""

    LINEAR = "k = c n"
    SUBLINEAR = "k -> infinity, k = o(n)"
    BOUNDED = "k bounded"


class LimitKind(enum.Enum):
    """What the analysis found for the limit of NDCG under one relevance model."""

    #: a closed form (sympy)
    CLOSED = "closed"
    #: the theorem's integral has no closed form sympy finds: computed by quadrature
    NUMERIC = "numeric"
    #: no limit in probability (summable discount, or a bounded cut-off)
    NONE_IN_PROBABILITY = "none in probability"
    #: no theorem gives one (or its integral has no closed form)
    NO_THEOREM = "no theorem applies"


class Separation(enum.Enum):
    """Why two ranking functions can or cannot be told apart by NDCG."""

    #: the limits differ
    LIMITS_DIFFER = "limits differ"
    #: NDCG has no limit (summable discount or bounded cut-off)
    NO_LIMIT = "no limit"
    #: the same limit, and one model is graded (Lemma 3 is stated for binary relevance)
    SAME_LIMIT_GRADED = "same limit, graded"
    #: the same limit 1 under ``1/log(1+r)``: Lemma 3's expansion decides
    LEMMA_3 = "Lemma 3"
    #: the same limit, nothing more decided
    SAME_LIMIT = "same limit"
    #: the same relevance curve: NDCG(f0) and NDCG(f1) have one law
    SAME_CURVE = "same curve"
    #: no theorem gives the limit of one of the two
    UNKNOWN_LIMIT = "no limit known"


class Verdict(enum.Enum):
    """Whether ``P[NDCG(f0) > NDCG(f1)]`` tends to 1 (in probability)."""

    YES = "yes"
    NO = "no"
    UNDECIDED = "undecided"


@dataclass(frozen=True)
class ExactRatio:
    """``E[DCG] / E[IDCG]`` at one n (double precision), a proven bound on
    ``|E[NDCG] - E[DCG] / E[IDCG]|``, and the two expectations themselves, each the exact
    target of the Monte Carlo mean of DCG or IDCG
    (:func:`~rankmeasures.theory.finite_ratio.expected_ratio`).

    Examples
    --------
    >>> ExactRatio(0.5, 0.01, 2.0, 4.0).ratio
    0.5
    """

    ratio: float
    bias_bound: float
    expected_dcg: float
    expected_idcg: float


@dataclass
class MonteCarlo:
    """Monte Carlo at one n: the mean of NDCG with its standard error, the means of DCG and
    IDCG, their ratio with its delta-method standard error, and the exact ratio where it is
    computable.

    Examples
    --------
    >>> MonteCarlo(0.9, 0.01, 5.0, 5.5, 0.91, 0.01).exact is None
    True
    """

    mean: float
    se: float
    mean_dcg: float
    mean_idcg: float
    #: None when no draw had a relevant document (every IDCG is 0)
    ratio: float | None
    ratio_se: float | None
    exact: ExactRatio | None = None


@dataclass(frozen=True)
class WinRate:
    """``P[NDCG(f0) > NDCG(f1)]`` estimated at one n, with its standard error.

    Examples
    --------
    >>> WinRate(0.75, 0.03).p
    0.75
    """

    p: float
    se: float


@dataclass
class ModelEntry:
    """One relevance model's part of the report, filled step by step (a field still None
    was not reached: a step ran out of its budget).

    Attributes
    ----------
    ybar, p : str or None
        A binary model: ``P[Y = 1 | s]`` and ``P[Y = 1]``.
    values, probs, mean, mean_y : list of str, list of str, str, str, or None
        A graded model: the grades, ``P[Y = v_j | s]``, ``E[Y | s]`` and ``E[Y]``.
    limit_kind : LimitKind or None
        What was found for the limit of NDCG.
    limit : str or None
        The limit in closed form (``LimitKind.CLOSED``); None for ``LimitKind.NUMERIC``,
        whose value is ``limit_numeric`` only.
    top : str or None
        ``E[Y | s = 1] / v_1``, the limit of the mean when there is no limit in probability.
    limit_numeric : str or None
        The limit to the analysis' precision (the closed form's value, or the quadrature).
    pseudo : dict or None
        ``N(n)`` (Definition 5) by the report's key of n, as 12-digit strings.
    monte_carlo : dict or None
        :class:`MonteCarlo` by the report's key of n; None when none was asked.

    Examples
    --------
    >>> ModelEntry(ybar="s", p="1/2").binary
    True
    """

    ybar: str | None = None
    p: str | None = None
    values: list[str] | None = None
    probs: list[str] | None = None
    mean: str | None = None
    mean_y: str | None = None
    limit_kind: LimitKind | None = None
    limit: str | None = None
    top: str | None = None
    limit_numeric: str | None = None
    pseudo: dict[str, str] | None = None
    monte_carlo: dict[str, MonteCarlo] | None = None

    @property
    def binary(self) -> bool:
        """Binary relevance (``ybar``), not graded."""
        return self.ybar is not None

    @property
    def limit_text(self) -> str | None:
        """The limit as the report states it (None: not reached)."""
        if self.limit_kind is None:
            return None
        if self.limit_kind is LimitKind.CLOSED:
            return self.limit
        if self.limit_kind is LimitKind.NUMERIC:
            return "no closed form found; the theorem's integral by quadrature"
        if self.limit_kind is LimitKind.NONE_IN_PROBABILITY:
            return ("none in probability (Theorem 6 / a bounded cut-off); the mean tends to "
                    f"E[Y | s = 1] / v_1 = {self.top}")
        return "no theorem applies"


@dataclass
class Distinguish:
    """Telling two ranking functions apart (Wang et al. (2013), Definition 3).

    Attributes
    ----------
    separation : Separation
        Which argument decides.
    verdict : Verdict
        Whether ``P[NDCG(f0) > NDCG(f1)] -> 1`` in probability.
    limit_gap, limit_gap_numeric : str or None
        ``limit(f0) - limit(f1)`` exactly and numerically (``Separation.LIMITS_DIFFER``).
    lemma3_k, lemma3_a : int, str or None
        Lemma 3's ``N0 - N1 = a / log^K n + ...`` (``Separation.LEMMA_3``).
    delta_y1 : str or None
        ``ybar0(1) - ybar1(1)`` (``Separation.SAME_LIMIT``).
    fluctuation_note : bool or None
        For ``r^-beta``, ``beta > 0``: whether the note on fluctuations of the gap's order
        applies (``Separation.SAME_LIMIT``).
    win_rates : dict or None
        :class:`WinRate` by the report's key of n, when estimated.
    first_above : dict or None
        The first key of n at which the estimate exceeds each level (0.9, 0.99), or None
        when it does not within the sizes estimated.
    pseudo_gap : dict or None
        ``N0(n) - N1(n)`` by the report's key of n.

    Examples
    --------
    >>> Distinguish(Separation.NO_LIMIT, Verdict.NO).verdict.value
    'no'
    """

    separation: Separation
    verdict: Verdict
    limit_gap: str | None = None
    limit_gap_numeric: str | None = None
    lemma3_k: int | None = None
    lemma3_a: str | None = None
    delta_y1: str | None = None
    fluctuation_note: bool | None = None
    win_rates: dict[str, WinRate] | None = None
    first_above: dict[float, str | None] | None = None
    pseudo_gap: dict[str, str] | None = None

    @property
    def how(self) -> str:
        """Why the two functions can or cannot be told apart, as the report states it."""
        return _HOW[self.separation]

    @property
    def tends_text(self) -> str:
        """The answer to "does P tend to 1?", as the report states it."""
        if self.separation is Separation.LEMMA_3 and self.verdict is Verdict.UNDECIDED:
            return "undecided: Lemma 3's a = 0"
        return _TENDS_TEXT[self.separation, self.verdict]

    def first_above_text(self, level: float) -> str:
        """Where the estimate first exceeds ``level`` (0.9 or 0.99), as the report states it."""
        assert self.first_above is not None and self.win_rates is not None  # set together
        hit = self.first_above[level]
        return hit if hit is not None else f"none up to n = {list(self.win_rates)[-1]}"


@dataclass
class VariantReport:
    """The report of :func:`~rankmeasures.theory.analysis.analyse`, filled step by step: a
    part still None was not reached (``incomplete`` names the step that ran out of its
    budget), or does not apply.

    Attributes
    ----------
    discount, cut : str or None
        ``D(r)`` and the cut-off ``k(n)`` (None: no cut-off).
    discount_class : DiscountClass or None
        The discount's class (without the cut-off).
    cut_regime : CutRegime or None
        The cut-off's regime.
    theorem : Theorem or None
        The theorem with the cut-off (the class's theorem when there is none).
    graded_theorem : Theorem or None
        The graded form of ``theorem`` (Section 6), when a model is graded.
    models : list of ModelEntry
        f0 (and f1).
    distinguish : Distinguish or None
        Two models: telling them apart.
    pairwise : PairwiseIdentity or None
        A discount linear in the position: document 000's identity.
    incomplete : str or None
        The step that ran out of its budget.
    refused : str or None
        Why the inputs were refused (every other part is then empty): set by
        :func:`~rankmeasures.theory.variant_report.analyse_or_refuse` only.

    Examples
    --------
    >>> rep = VariantReport("1/r", None)
    >>> rep.to_rows()
    [{'field': 'discount', 'value': '1/r'}, {'field': 'cut', 'value': None}]
    >>> VariantReport.refusal("no").to_rows()
    [{'field': 'refused', 'value': 'no'}]
    """

    discount: str | None
    cut: str | None
    discount_class: DiscountClass | None = None
    cut_regime: CutRegime | None = None
    theorem: Theorem | None = None
    graded_theorem: Theorem | None = None
    models: list[ModelEntry] = field(default_factory=list)
    distinguish: Distinguish | None = None
    pairwise: PairwiseIdentity | None = None
    incomplete: str | None = None
    refused: str | None = None

    @classmethod
    def refusal(cls, reason: str) -> VariantReport:
        """The report of inputs refused for ``reason``."""
        return cls(None, None, refused=reason)

    @property
    def effective_theorem(self) -> Theorem | None:
        """The theorem that applies: with the cut-off once its regime is known."""
        if self.theorem is not None:
            return self.theorem
        return None if self.discount_class is None else self.discount_class.theorem

    def to_dict(self, *, numeric: bool = False) -> dict:
        """The report as the nested mapping of the table (the field names are its labels).

        ``numeric``: the decimal fields (a limit's numeric value, the pseudo-expectations)
        as floats, for JSON; exact forms (``"3/4"``, ``"2*sqrt(2)/3"``) stay strings.
        """
        return _render(self, numeric)

    def to_rows(self, *, digits: int | None = None) -> list[dict]:
        """The report as rows ``{"field": "a / b / c", "value": v}``
        (:func:`~rankmeasures.theory.table.rows_of`).

        ``digits``: for reading, exact and deterministic numbers to that many significant
        digits, and each Monte Carlo estimate (a mean of NDCG, a ratio of means, a win
        rate) to the second significant digit of its standard error, the standard error to
        2 significant digits; the means of DCG and IDCG, whose standard errors the report
        does not carry, are left out (their ratio is shown). None keeps every value and
        every digit, as :meth:`to_json` does.
        """
        return rows_of(_render(self, numeric=False, reading=digits is not None),
                       digits=digits)

    def to_json(self) -> str:
        """The report as JSON (keys sorted, decimal fields as numbers)."""
        return json.dumps(_plain(self.to_dict(numeric=True)), indent=2, sort_keys=True,
                          ensure_ascii=False)


# -- rendering: every sentence and label of the report ----------------------------------

#: the table's label of "does P tend to 1?" (P -> 1 in probability; Wang et al.'s
#: Definition 3 asks for more: a bound at every n >= N, with a rate)
TENDS_LABEL = "P -> 1 in probability"
#: the table's label of the estimated win rates
WIN_LABEL = "P[NDCG(f0) > NDCG(f1)]"

_HOW = {
    Separation.LIMITS_DIFFER: "different limits: P[NDCG(f0) > NDCG(f1)] tends to 1 or 0 (in "
                              "probability; Definition 3's bound for every n >= N needs a "
                              "rate as well)",
    Separation.NO_LIMIT: "not consistently distinguishable in this coupled model: NDCG has "
                         "no limit, and the two rankings differ at the top with probability "
                         "bounded below (Theorem 6's pair clause as corrected in notebook "
                         "004; as printed, for every pair, it is an erratum: S004-T6)",
    Separation.SAME_LIMIT_GRADED: "same limit; the gap N0(n) - N1(n) tends to 0 (see the "
                                  "pseudo-expectations; Lemma 3's constant is stated for "
                                  "binary relevance)",
    Separation.LEMMA_3: "same limit 1; Lemma 3: N0 - N1 = a / log^K n + ...",
    Separation.SAME_LIMIT: "same limit; the gap N0(n) - N1(n) tends to 0 (see the "
                           "pseudo-expectations)",
    Separation.SAME_CURVE: "the same relevance curve: NDCG(f0) and NDCG(f1) have one law, "
                           "so P[NDCG(f0) > NDCG(f1)] <= 1/2 at every n",
    Separation.UNKNOWN_LIMIT: "no theorem gives the limit of NDCG for both functions: "
                              "nothing is decided from the limits (see the "
                              "pseudo-expectations)",
}
_TENDS_TEXT = {
    (Separation.LIMITS_DIFFER, Verdict.YES): "yes: the limit of f0 is larger (Definition 3's "
                                             "bound at every n >= N is not decided here)",
    (Separation.LIMITS_DIFFER, Verdict.NO): "no: P tends to 0, the limit of f1 is larger",
    (Separation.NO_LIMIT, Verdict.NO): "no (Theorem 6, its pair clause as corrected: no "
                                       "limit in probability; P stays below 1)",
    (Separation.SAME_LIMIT_GRADED, Verdict.UNDECIDED): "undecided: not decided here",
    (Separation.LEMMA_3, Verdict.YES): "yes (Theorem 2; Lemma 3's a > 0)",
    (Separation.LEMMA_3, Verdict.NO): "no: P tends to 0 (Lemma 3's a < 0: f1 ranks first)",
    (Separation.SAME_LIMIT, Verdict.UNDECIDED): "undecided by the theorems here",
    (Separation.SAME_CURVE, Verdict.NO): "no: the two functions have one law (P <= 1/2)",
    (Separation.UNKNOWN_LIMIT, Verdict.UNDECIDED): "undecided: no theorem gives the limits",
}
_FLUCTUATION_NOTE = ("for r^-beta with beta > 2/3 the gap and the fluctuations are both of "
                     "order n^-(1-beta): P[right order] tends to a constant below 1 "
                     "(claims S004-T4b, S004-L7)")


def _render(rep: VariantReport, numeric: bool, reading: bool = False) -> dict:
    if rep.refused is not None:
        return {"refused": rep.refused}
    out: dict = {"discount": rep.discount, "cut": rep.cut}
    cls = rep.discount_class
    if cls is not None:
        assert rep.effective_theorem is not None  # the class's theorem at least
        theorem = rep.effective_theorem.text
        if cls.linear:
            out["class"] = {"D(r)": cls.expr, "theorem": theorem}
        else:
            assert cls.decay is not None  # None for a linear discount only
            out["class"] = {"D(r)": cls.expr, "summable": cls.summable,
                            "r_times_D": cls.r_times_d, "decay": cls.decay.value,
                            "beta": cls.beta, "theorem": theorem}
            if rep.cut_regime is not None:
                out["class"]["cut-off"] = rep.cut_regime.value
                out["class"]["theorem without the cut-off"] = cls.theorem.text
            if rep.graded_theorem is not None:
                out["class"]["theorem, graded relevance"] = rep.graded_theorem.text
    if rep.pairwise is not None:
        out["pairwise"] = _render_pairwise(rep.pairwise)
    if rep.models:
        out["models"] = [_render_model(m, numeric, reading) for m in rep.models]
    if rep.distinguish is not None:
        out["distinguish"] = _render_distinguish(rep.distinguish, reading)
    if rep.incomplete is not None:
        out["incomplete"] = rep.incomplete
    return out


def _render_pairwise(pw: PairwiseIdentity) -> dict:
    out = {"slope": pw.slope,
           "Delta DCG = -slope * sum over misordered pairs (g_high - g_low)": pw.gain_weighted,
           "Delta DCG = -slope * (g_1 - g_0) * R(f) holds iff": list(pw.conditions),
           "checked": pw.checked}
    if pw.gain is not None:
        out["gain"] = pw.gain
        out["gain is affine (R(f) identity holds)"] = pw.gain_affine
    return out


def _render_model(m: ModelEntry, numeric: bool, reading: bool = False) -> dict:
    if m.binary:
        out: dict = {"ybar": m.ybar, "p": m.p}
    else:
        assert m.values is not None and m.probs is not None  # a graded model's fields
        out = {"values": list(m.values), "probs": list(m.probs), "E[Y | s]": m.mean,
               "E[Y]": m.mean_y}
    if m.limit_kind is not None:
        out["limit"] = m.limit_text
    if m.limit_numeric is not None:
        out["limit (numeric)"] = float(m.limit_numeric) if numeric else m.limit_numeric
    if m.pseudo is not None:
        out["pseudo-expectation N(n)"] = {k: float(v) if numeric else v
                                          for k, v in m.pseudo.items()}
    if m.monte_carlo is not None:
        out["Monte Carlo"] = {k: _render_mc(v, reading) for k, v in m.monte_carlo.items()}
    return out


def _render_mc(mc: MonteCarlo, reading: bool = False) -> dict:
    if reading:
        (mean, se), (ratio, ratio_se) = to_its_se(mc.mean, mc.se), to_its_se(mc.ratio,
                                                                               mc.ratio_se)
        out = {"mean": mean, "se": se, "mean DCG / mean IDCG": ratio,
               "mean DCG / mean IDCG s.e.": ratio_se}
    else:
        out = {"mean": mc.mean, "se": mc.se, "mean DCG": mc.mean_dcg,
               "mean IDCG": mc.mean_idcg, "mean DCG / mean IDCG": mc.ratio,
               "mean DCG / mean IDCG s.e.": mc.ratio_se}
    if mc.exact is not None:
        out["E[DCG] / E[IDCG] at this n"] = mc.exact.ratio
        out["|E[NDCG] - E[DCG]/E[IDCG]| at most"] = mc.exact.bias_bound
    return out


def _render_distinguish(d: Distinguish, reading: bool = False) -> dict:
    out: dict = {"how": d.how}
    out.update(distinguish_details(d))
    if d.separation is Separation.SAME_LIMIT and d.fluctuation_note:
        out["note"] = _FLUCTUATION_NOTE
    out[TENDS_LABEL] = d.tends_text
    if d.win_rates is not None:
        out[WIN_LABEL] = {k: dict(zip(("P", "se"), to_its_se(w.p, w.se) if reading
                                      else (w.p, w.se), strict=True))
                          for k, w in d.win_rates.items()}
    if d.first_above is not None:
        for level in d.first_above:
            out[f"first n with P > {level:g}"] = d.first_above_text(level)
    if d.pseudo_gap is not None:
        out["N0(n) - N1(n)"] = dict(d.pseudo_gap)
    return out


def distinguish_details(d: Distinguish) -> dict:
    """The quantities behind the separation, by their labels in the report (the limit gap,
    Lemma 3's K and a, or ``Delta y(1)``).

    Examples
    --------
    >>> distinguish_details(Distinguish(Separation.LEMMA_3, Verdict.YES, lemma3_k=1,
    ...                                 lemma3_a="0.25"))
    {'K': 1, 'a': '0.25'}
    """
    if d.separation is Separation.LIMITS_DIFFER:
        return {"limit gap": d.limit_gap, "limit gap (numeric)": d.limit_gap_numeric}
    if d.separation is Separation.LEMMA_3:
        return {"K": d.lemma3_k, "a": d.lemma3_a}
    if d.separation is Separation.SAME_LIMIT:
        return {"Delta y(1)": d.delta_y1}
    return {}


def _plain(x):
    """JSON-ready: numpy scalars as Python numbers, anything else unknown as its text."""
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_plain(v) for v in x]
    if isinstance(x, bool | int | float | str) or x is None:
        return x
    if hasattr(x, "item"):
        return x.item()
    return str(x)
