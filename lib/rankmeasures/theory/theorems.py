"""The theorems of Wang et al. (2013) as the variant analysis names them, and the class of a
discount that decides which applies (:func:`~rankmeasures.theory.classification.classify_discount`).

The analysis picks a :class:`Theorem` from :class:`Theorems` and a :class:`Decay`; it never
reads their text. Theorems 1, 3, 5-9 are for binary relevance, 10-13 their graded forms
(Section 6); document 000's pairwise identity for a discount linear in the position is
:class:`PairwiseIdentity`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = ["Decay", "Theorem", "Theorems", "DiscountClass", "PairwiseIdentity"]


class Decay(enum.Enum):
    """How ``D(r)`` decays against ``1/r`` (the limit of ``r D(r)``: infinite, positive
    and finite, or 0). The value is the text shown."""

    SLOWER = "slower than 1/r"
    LIKE = "like 1/r"
    FASTER = "faster than 1/r"


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
