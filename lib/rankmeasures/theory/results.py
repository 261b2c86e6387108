"""Typed results of the variant analysis (:mod:`rankmeasures.theory.analysis`) and the one
place where they are rendered as text.

The analysis decides with enums and fields -- :class:`Decay`, :class:`CutRegime`,
:class:`LimitKind`, :class:`Separation`, :class:`Verdict`, a :class:`Theorem`'s number --
never with sentences. The sentences and the field names of the report's table
(``"pseudo-expectation N(n)"``, ``"P -> 1 in probability"``, ...) are written here only:
:meth:`VariantReport.to_dict` renders the report as the nested mapping that
:meth:`VariantReport.to_rows` flattens into the table of the notebooks and the command line,
and :meth:`VariantReport.to_json` writes it as JSON with its decimal fields as numbers.

Theorems are those of Wang et al. (2013): 1, 3, 5-9 for binary relevance, 10-13 their graded
forms (Section 6); Lemma 3 and Definition 3 for telling two ranking functions apart.
"""

from __future__ import annotations

import enum
import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from .._validation import check_int

__all__ = ["Decay", "CutRegime", "LimitKind", "Separation", "Verdict", "Theorem", "Theorems",
           "DiscountClass", "ExactRatio", "MonteCarlo", "WinRate", "ModelEntry",
           "Distinguish", "PairwiseIdentity", "VariantReport", "rows_of", "distinguish_details",
           "to_its_se", "TENDS_LABEL", "WIN_LABEL"]


class Decay(enum.Enum):
    """How ``D(r)`` decays against ``1/r`` (the limit of ``r D(r)``: infinite, positive
    and finite, or 0). The value is the text shown."""

    SLOWER = "slower than 1/r"
    LIKE = "like 1/r"
    FASTER = "faster than 1/r"


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
class Theorem:
    """The result of Wang et al. (2013) that governs a case: its number (1-13; None when
    none applies, for this tool's extension of Theorem 1 and for document 000's linear
    discount) and its statement as shown.

    Examples
    --------
    >>> t = Theorem(7, "Theorem 7 (k -> infinity, k = o(n), sum D unbounded): NDCG@k -> ybar(1)")
    >>> t.number, str(t)[:9]
    (7, 'Theorem 7')
    """

    number: int | None
    text: str

    def __str__(self) -> str:
        return self.text


class Theorems:
    """The statements the analysis can find, as the report shows them (Wang et al. (2013);
    document 000 for a linear discount). The analysis picks one; it never reads the text.

    Examples
    --------
    >>> Theorems.T7.number, Theorems.graded_form(Theorems.T7).text
    (7, 'Theorem 11 (the graded form of Theorem 7)')
    """

    T1 = Theorem(1, "Theorem 1 (D(r) = 1/log(1+r)): NDCG -> 1 for every ranking function")
    #: Theorem 1 is stated for 1/log(1+r) (any base); for another slowly varying discount
    #: the limit 1 is this tool's extension (Karamata), not the document's
    T1_EXTENSION = Theorem(None, "extension of Theorem 1 (this tool's, by Karamata; slowly "
                                 "varying, beta = 0): the pseudo-expectation -> 1 for every "
                                 "ranking function")
    T3 = Theorem(3, "Theorem 3 (regularly varying, 0 < beta < 1): a beta-integral limit")
    T5 = Theorem(5, "Theorem 5: like 1/r, NDCG -> ybar(1)")
    T6 = Theorem(6, "Theorem 6: summable, NDCG has no limit in probability")
    T6_BOUNDED_CUT = Theorem(6, "Theorem 6 (a bounded cut-off makes the discount summable): "
                                "no limit in probability")
    T7 = Theorem(7, "Theorem 7 (k -> infinity, k = o(n), sum D unbounded): NDCG@k -> ybar(1)")
    T8 = Theorem(8, "Theorem 8 (slowly varying, k = c n): NDCG@k -> a c-dependent limit")
    T9 = Theorem(9, "Theorem 9 (r^-beta, 0 < beta < 1, k = c n): a beta-integral limit from "
                    "1 - c")
    #: slowly varying (beta = 0) and yet not decaying slower than 1/r
    NONE = Theorem(None, "none")
    NONE_FASTER = Theorem(None, "none of Theorems 1-9 (decays faster than 1/r but is not "
                                "summable)")
    LINEAR = Theorem(None, "linear in the position: Jin & Geng's DCG^beta (document 000)")

    # Section 6: the graded forms of the binary theorems
    _GRADED = {1: (10, "Theorem 10 with beta = 0 (the limit is 1)"), 3: (10, "Theorem 10"),
               7: (11, "Theorem 11"), 8: (12, "Theorem 12"), 9: (13, "Theorem 13")}

    @staticmethod
    def none_with_cut(theorem: Theorem) -> Theorem:
        """No theorem for this discount with ``k = c n`` (``theorem``: without the cut)."""
        return Theorem(None, f"none of Theorems 6-9 for this discount with k = c n "
                             f"({theorem.text})")

    @staticmethod
    def graded_form(theorem: Theorem) -> Theorem:
        """The theorem for graded relevance that takes the place of a binary one."""
        if theorem.number in Theorems._GRADED:
            number, text = Theorems._GRADED[theorem.number]
            return Theorem(number, f"{text} (the graded form of Theorem {theorem.number})")
        return Theorem(None, f"no graded form stated in the document; {theorem.text}")


@dataclass(frozen=True)
class DiscountClass:
    """The class of a discount ``D(r)``
    (:func:`~rankmeasures.theory.classification.classify_discount`).

    Attributes
    ----------
    expr : str
        ``D(r)``.
    summable : bool or None
        ``sum_r D(r) < infinity`` (Theorem 6); None for a discount linear in r.
    r_times_d : str or None
        The limit of ``r D(r)``.
    decay : Decay or None
        Against ``1/r`` (Theorem 5).
    beta : str or None
        The index of regular variation (``D(r) = r^-beta L(r)``), None when there is none.
    theorem : Theorem
        The theorem that applies to the discount without a cut-off.
    linear : bool
        Linear in the position (document 000's pairwise analysis; the other fields None).

    Examples
    --------
    >>> c = DiscountClass("1/r", False, "1", Decay.LIKE, "1", Theorem(5, "Theorem 5"))
    >>> c.decay is Decay.LIKE, c.linear
    (True, False)
    """

    expr: str
    summable: bool | None
    r_times_d: str | None
    decay: Decay | None
    beta: str | None
    theorem: Theorem
    linear: bool = False


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


@dataclass(frozen=True)
class PairwiseIdentity:
    """Jin & Geng's identity for a discount linear in the position
    (:func:`~rankmeasures.theory.classification.linear_pairwise_identity`).

    Attributes
    ----------
    slope : str
        ``dD/dr``.
    gain_weighted : bool
        Whether ``Delta DCG = -slope * sum over misordered pairs (g_high - g_low)``.
    conditions : list of str
        When ``Delta DCG = -slope * (g_1 - g_0) * R(f)``: ``["always"]``, ``["never"]`` or
        equations in the gains.
    max_n, n_levels : int
        Every list of length up to ``max_n`` over ``n_levels`` grades was checked.
    gain : str or None
        A gain asked about, and whether it is affine (the ``R(f)`` identity holds).

    Examples
    --------
    >>> PairwiseIdentity("-1", True, ["always"], 4, 2).checked
    'every list of length <= 4 over 2 grades, every ranking'
    """

    slope: str
    gain_weighted: bool
    conditions: list[str]
    max_n: int
    n_levels: int
    gain: str | None = None
    gain_affine: bool | None = None

    @property
    def checked(self) -> str:
        """What was enumerated, as the report states it."""
        return f"every list of length <= {self.max_n} over {self.n_levels} grades, every ranking"


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
        """The report as rows ``{"field": "a / b / c", "value": v}`` (see :func:`rows_of`).

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
    Separation.NO_LIMIT: "not consistently distinguishable: NDCG has no limit and its law "
                         "depends on ybar near 1 only",
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
    (Separation.NO_LIMIT, Verdict.NO): "no (Theorem 6: no limit in probability; P stays "
                                       "below 1)",
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


class _Shown(str):
    """A value already written for reading (an estimate to its standard error), which
    :func:`rows_of` shows as it is."""

    __slots__ = ()


def to_its_se(value: float | None, se: float | None) -> tuple:
    """A Monte Carlo estimate written to the second significant digit of its standard
    error, and the standard error to 2 significant digits, for reading (the last digit
    shown is uncertain, the ones before it are not); an estimate without a positive finite
    standard error is returned as it is.

    Parameters
    ----------
    value, se : float or None
        The estimate and its standard error.

    Returns
    -------
    tuple
        ``(value, se)`` as strings that :func:`rows_of` shows unchanged, or the two
        arguments unchanged.

    Examples
    --------
    >>> to_its_se(0.8145521, 0.000884)
    ('0.81455', '0.00088')
    >>> to_its_se(13.94081, 0.0512)
    ('13.941', '0.051')
    >>> to_its_se(1.0, 0.0)
    (1.0, 0.0)
    """
    if value is None or se is None or not math.isfinite(se) or se <= 0:
        return value, se
    decimals = max(0, 1 - math.floor(math.log10(se)))
    return _Shown(f"{value:.{decimals}f}"), _Shown(f"{se:#.2g}")


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


_NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")


def rows_of(report: Mapping, *, digits: int | None = None) -> list[dict]:
    """A nested mapping as rows ``{"field": "a / b / c", "value": v}`` (the CLI's table,
    and a notebook's).

    ``digits``: round every number -- a float, or a string that is one number such as
    ``"0.957993255809"`` -- to that many significant digits, for reading; None keeps the
    values (for a table saved in full).

    Examples
    --------
    >>> rows_of({"limit": "2*sqrt(2)/3", "N(n)": {"1e+03": "0.957993255809"}}, digits=4)
    [{'field': 'limit', 'value': '2*sqrt(2)/3'}, {'field': 'N(n) / 1e+03', 'value': '0.958'}]
    """
    if digits is not None:
        check_int("digits", digits, min=1)

    def show(v):
        if isinstance(v, bool) or v is None:
            return v
        if isinstance(v, _Shown):  # already written to its standard error
            return str(v)
        if isinstance(v, float):
            return f"{v:.{digits}g}" if digits else v
        if isinstance(v, int | str):
            if digits and isinstance(v, str) and _NUMBER.fullmatch(v.strip()):
                return f"{float(v):.{digits}g}"
            return v
        return str(v)

    def walk(d, prefix):
        for k, v in d.items():
            key = f"{prefix}{k}"
            if isinstance(v, dict):
                yield from walk(v, key + " / ")
            elif isinstance(v, list) and v and isinstance(v[0], dict):
                for i, item in enumerate(v):
                    yield from walk(item, f"{key}[{i}] / ")
            else:
                yield {"field": key, "value": show(v)}

    return list(walk(report, ""))
