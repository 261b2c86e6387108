"""Rank distances of the preference-learning tutorial (Fürnkranz & Hüllermeier, "Loss
Functions").

Rankings are rank vectors: ``r[i]`` is the position (1 = top) of item i, a permutation
of ``1..c``. :func:`ranks_from_order` turns the tutorial's notation ``"E>B>C>A>D"`` into
one. With ``R(i) = r(rhat^{-1}(i))`` the true rank of the i-th predicted item:

* footrule ``D_SF = sum |r(x) - rhat(x)|``, Spearman distance ``D_S = sum (r - rhat)^2``,
  Spearman's rho ``1 - 6 D_S / (c(c^2-1))``;
* position error ``rhat(argmin_x r(x)) - 1``;
* discounted error ``sum_i w_i |r(x_i) - rhat(x_i)|``, ``w_i = 1/log(r(x_i) + 1)``;
* the tutorial's DCG ``sum_i (c - R(i))/log(i + 1)`` and its normalisation by
  ``IDCG = sum_i (c - i)/log(i + 1)``;
* the Jaccard coefficient of two sets of pairwise preferences.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from ._concordance.counts import pair_counts
from ._validation import as_float_array, as_float_pair, check_int, check_same_length
from .concordance import goodman_kruskal_gamma, kendall_tau
from .dcg import dcg, idcg
from .discounts import LogDiscount

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ._typing import ArrayLike

__all__ = [
    "ranks_from_order",
    "spearman_footrule",
    "spearman_distance",
    "spearman_rho",
    "position_error",
    "discounted_error",
    "tutorial_dcg",
    "tutorial_idcg",
    "tutorial_ndcg",
    "preference_jaccard",
    "pair_set_jaccard",
    "measure_suite",
]


def ranks_from_order(order: str | list, items: Sequence[Any] | np.ndarray) -> np.ndarray:
    """Rank vector of ``items`` from an order such as ``"E>B>C>A>D"`` (top first).

    Parameters
    ----------
    order : str or list
        The items from top to bottom, as ``"E>B>C>A>D"`` or as a list.
    items : sequence
        The items in the order of the rank vector's entries.

    Returns
    -------
    ndarray of int64, shape (len(items),)
        ``r[i]``, the position (1 = top) of ``items[i]``.

    Examples
    --------
    The tutorial's target on X = {A, B, C, D, E} (Fürnkranz & Hüllermeier, slide "Ranking
    Errors"): E is first, ..., A fourth.

    >>> ranks_from_order("E>B>C>A>D", "ABCDE").tolist()
    [4, 2, 3, 5, 1]
    """
    seq = [s.strip() for s in order.split(">")] if isinstance(order, str) else list(order)
    items = list(items)
    if sorted(seq) != sorted(items) or len(set(seq)) != len(seq):
        raise ValueError(f"order: must list every item of {items} exactly once, got {seq}")
    pos = {x: i + 1 for i, x in enumerate(seq)}
    return np.array([pos[x] for x in items], dtype=np.int64)


def _as_ranking(name, r) -> np.ndarray:
    arr = as_float_array(name, r)
    c = arr.size
    if not np.array_equal(np.sort(arr), np.arange(1, c + 1)):
        raise ValueError(f"{name}: must be a permutation of 1..{c} (a rank vector, 1 = top)")
    return arr.astype(np.int64)


def _two_rankings(r_true, r_pred):
    rt = _as_ranking("r_true", r_true)
    rp = _as_ranking("r_pred", r_pred)
    check_same_length(("r_true", "r_pred"), rt, rp)
    return rt, rp


def spearman_footrule(r_true: ArrayLike, r_pred: ArrayLike) -> int:
    """``D_SF = sum_i |r(x_i) - rhat(x_i)|`` (tutorial, "Spearman's Footrule").

    Parameters
    ----------
    r_true, r_pred : array_like of int, shape (c,)
        Rank vectors (permutations of 1..c, 1 = top): the target and the prediction.

    Returns
    -------
    int

    Examples
    --------
    The tutorial's example (Fürnkranz & Hüllermeier, slide "Spearman's Footrule"):

    >>> import rankmeasures as rm
    >>> r = rm.ranks_from_order("E>B>C>A>D", "ABCDE")  # target: [4, 2, 3, 5, 1]
    >>> rhat = rm.ranks_from_order("A>B>E>C>D", "ABCDE")  # prediction: [1, 2, 4, 5, 3]
    >>> rm.spearman_footrule(r, rhat)  # A..E: 3 + 0 + 1 + 0 + 2
    6
    """
    rt, rp = _two_rankings(r_true, r_pred)
    return int(np.abs(rt - rp).sum())


def spearman_distance(r_true: ArrayLike, r_pred: ArrayLike) -> int:
    """``D_S = sum_i (r(x_i) - rhat(x_i))^2`` (tutorial, "Spearman Distance").

    Parameters
    ----------
    r_true, r_pred : array_like of int, shape (c,)
        Rank vectors (permutations of 1..c, 1 = top): the target and the prediction.

    Returns
    -------
    int

    Examples
    --------
    The tutorial's example (Fürnkranz & Hüllermeier, slide "Spearman Distance"):

    >>> import rankmeasures as rm
    >>> r = rm.ranks_from_order("E>B>C>A>D", "ABCDE")  # target: [4, 2, 3, 5, 1]
    >>> rhat = rm.ranks_from_order("A>B>E>C>D", "ABCDE")  # prediction: [1, 2, 4, 5, 3]
    >>> rm.spearman_distance(r, rhat)  # A..E: 9 + 0 + 1 + 0 + 4
    14
    """
    rt, rp = _two_rankings(r_true, r_pred)
    return int(((rt - rp) ** 2).sum())


def spearman_rho(x: ArrayLike, y: ArrayLike) -> float:
    """Spearman's rank correlation: Pearson's correlation of the average ranks.

    For two rankings without ties this is ``1 - 6 D_S / (c(c^2 - 1))`` (tutorial,
    "Spearman Distance"); with ties it is scipy's ``spearmanr`` (average ranks).
    NaN when either input is constant, as scipy.

    Parameters
    ----------
    x, y : array_like, shape (n,)
        Two score or rank vectors (ties allowed).

    Returns
    -------
    float in [-1, 1], or NaN

    Examples
    --------
    The tutorial's example (Fürnkranz & Hüllermeier, slide "Spearman Distance"), D_S = 14:

    >>> import rankmeasures as rm
    >>> r = rm.ranks_from_order("E>B>C>A>D", "ABCDE")  # target: [4, 2, 3, 5, 1]
    >>> rhat = rm.ranks_from_order("A>B>E>C>D", "ABCDE")  # prediction: [1, 2, 4, 5, 3]
    >>> round(rm.spearman_rho(r, rhat), 6)  # 1 - 6 * 14 / (5 * 24)
    0.3

    With a tie, x's average ranks 1.5, 1.5, 3 against 1, 2, 3: centred, their products
    sum to 1.5 and their squares to 1.5 and 2, so rho = 1.5 / sqrt(1.5 * 2).

    >>> round(rm.spearman_rho([1, 1, 2], [1, 2, 3]), 6)
    0.866025
    """
    xa, ya = as_float_pair(("x", "y"), x, y)
    from scipy.stats import rankdata  # scipy.stats is heavy: imported on first use

    rx = rankdata(xa) - (xa.size + 1) / 2
    ry = rankdata(ya) - (ya.size + 1) / 2
    den = math.sqrt(float((rx * rx).sum()) * float((ry * ry).sum()))
    return float((rx * ry).sum() / den) if den else float("nan")


def position_error(r_true: ArrayLike, r_pred: ArrayLike) -> int:
    """``D_PE = rhat(argmin_x r(x)) - 1``: items predicted above the true top item
    (tutorial, "Position Error").

    Parameters
    ----------
    r_true, r_pred : array_like of int, shape (c,)
        Rank vectors (permutations of 1..c, 1 = top): the target and the prediction.

    Returns
    -------
    int

    Examples
    --------
    The tutorial's example (Fürnkranz & Hüllermeier, slide "Position Error"):

    >>> import rankmeasures as rm
    >>> r = rm.ranks_from_order("E>B>C>A>D", "ABCDE")  # target: [4, 2, 3, 5, 1]
    >>> rhat = rm.ranks_from_order("A>B>E>C>D", "ABCDE")  # prediction: [1, 2, 4, 5, 3]
    >>> rm.position_error(r, rhat)  # the true top E is predicted third
    2
    """
    rt, rp = _two_rankings(r_true, r_pred)
    return int(rp[np.argmin(rt)] - 1)


def discounted_error(r_true: ArrayLike, r_pred: ArrayLike, *, weights: ArrayLike | None = None,
                     base: float = math.e) -> float:
    """``D_DR = sum_i w_i |r(x_i) - rhat(x_i)|`` with ``w_i = 1/log(r(x_i) + 1)``
    (tutorial, "Discounted Error"; the weight uses the target rank).

    Parameters
    ----------
    r_true, r_pred : array_like of int, shape (c,)
        Rank vectors (permutations of 1..c, 1 = top): the target and the prediction.
    weights : array_like, optional
        Explicit weights ``w_i`` (e.g. the position-error indicator); default the
        tutorial's ``1/log_base(r(x_i) + 1)``.
    base : float
        Log base of the default weights (> 1).

    Returns
    -------
    float

    Examples
    --------
    The tutorial's example (Fürnkranz & Hüllermeier, slide "Discounted Error"): A, C and
    E are displaced by 3, 1 and 2, and their target ranks are 4, 3 and 1.

    >>> import rankmeasures as rm
    >>> r = rm.ranks_from_order("E>B>C>A>D", "ABCDE")  # target: [4, 2, 3, 5, 1]
    >>> rhat = rm.ranks_from_order("A>B>E>C>D", "ABCDE")  # prediction: [1, 2, 4, 5, 3]
    >>> round(rm.discounted_error(r, rhat), 6)  # 3/ln 5 + 1/ln 4 + 2/ln 2
    5.470742

    The slide prints ``3/log 2 + 0 + 1/log 4 + 0 + 2/log 6``, which weighs item x_i by
    its index i in X rather than by ``1/log(r(x_i) + 1)``. With weight 1 on the target's
    top item E and 0 elsewhere this is the position error:

    >>> rm.discounted_error(r, rhat, weights=[0, 0, 0, 0, 1])
    2.0
    """
    rt, rp = _two_rankings(r_true, r_pred)
    if weights is None:
        w = LogDiscount(base).evaluate(rt)
    else:
        w = as_float_array("weights", weights)
        check_same_length(("weights", "r_true"), w, rt.astype(np.float64))
    return float((w * np.abs(rt - rp)).sum())


def tutorial_dcg(r_true: ArrayLike, r_pred: ArrayLike, *, base: float = math.e) -> float:
    """``DCG(r, rhat) = sum_i (c - R(i)) / log(i + 1)`` (tutorial, NDCG slide): the gain
    of an item is ``c - r(x)``, positions come from ``rhat``.

    Parameters
    ----------
    r_true, r_pred : array_like of int, shape (c,)
        Rank vectors (permutations of 1..c, 1 = top): the target and the prediction.
    base : float
        Log base of the discount (> 1).

    Returns
    -------
    float

    Examples
    --------
    The tutorial's example (Fürnkranz & Hüllermeier, slide "(Normalized) Discounted
    Cumulative Gain"): the predicted order A, B, E, C, D has true ranks R = 4, 2, 1, 3, 5,
    hence gains 1, 3, 4, 2, 0.

    >>> import rankmeasures as rm
    >>> r = rm.ranks_from_order("E>B>C>A>D", "ABCDE")  # target: [4, 2, 3, 5, 1]
    >>> rhat = rm.ranks_from_order("A>B>E>C>D", "ABCDE")  # prediction: [1, 2, 4, 5, 3]
    >>> round(rm.tutorial_dcg(r, rhat), 6)  # 1/ln 2 + 3/ln 3 + 4/ln 4 + 2/ln 5 + 0/ln 6
    8.301473
    """
    rt, rp = _two_rankings(r_true, r_pred)
    return dcg(rt.size - rt, -rp, discount=LogDiscount(base), ties="stable")


def tutorial_idcg(c: int, *, base: float = math.e) -> float:
    """``IDCG = sum_{i=1}^{c} (c - i) / log(i + 1)`` (tutorial, NDCG slide).

    Parameters
    ----------
    c : int
        The number of items (>= 1).
    base : float
        Log base of the discount (> 1).

    Returns
    -------
    float

    Examples
    --------
    >>> import rankmeasures as rm
    >>> rm.tutorial_idcg(2, base=2)  # 1/log2(2) + 0/log2(3)
    1.0
    >>> round(rm.tutorial_idcg(5), 6)  # 4/ln 2 + 3/ln 3 + 2/ln 4 + 1/ln 5 + 0/ln 6
    10.565528
    """
    c = check_int("c", c, min=1)
    return idcg(c - np.arange(1, c + 1), discount=LogDiscount(base))


def tutorial_ndcg(r_true: ArrayLike, r_pred: ArrayLike) -> float:
    """``DCG(r, rhat) / IDCG`` of the tutorial (the log base cancels); 0/0 for c = 1 is
    reported as 1 (a single item is always ranked perfectly).

    Parameters
    ----------
    r_true, r_pred : array_like of int, shape (c,)
        Rank vectors (permutations of 1..c, 1 = top): the target and the prediction.

    Returns
    -------
    float in [0, 1]

    Examples
    --------
    The tutorial's example (Fürnkranz & Hüllermeier, slide "(Normalized) Discounted
    Cumulative Gain"), with the DCG and IDCG of :func:`tutorial_dcg` and
    :func:`tutorial_idcg`:

    >>> import rankmeasures as rm
    >>> r = rm.ranks_from_order("E>B>C>A>D", "ABCDE")  # target: [4, 2, 3, 5, 1]
    >>> rhat = rm.ranks_from_order("A>B>E>C>D", "ABCDE")  # prediction: [1, 2, 4, 5, 3]
    >>> round(rm.tutorial_ndcg(r, rhat), 6)  # 8.301473 / 10.565528
    0.785713
    >>> rm.tutorial_ndcg(r, r)
    1.0
    """
    rt, rp = _two_rankings(r_true, r_pred)
    den = tutorial_idcg(rt.size)
    return tutorial_dcg(rt, rp) / den if den else 1.0


def preference_jaccard(x: ArrayLike, y: ArrayLike) -> float:
    """Jaccard coefficient of the strict pairwise preferences of two score vectors.

    ``|A & B| / |A | B|`` with ``A = {(i, j): x_i > x_j}``, ``B`` likewise for y
    (tutorial, "Evaluating Partial Structures"). Computed from the pair counts in
    O(n log n): ``|A & B| = C``, ``|A| = n0 - Tx``, ``|B| = n0 - Ty``. NaN if both are empty.

    Parameters
    ----------
    x, y : array_like, shape (n,)
        Two score vectors (larger is preferred).

    Returns
    -------
    float in [0, 1], or NaN

    Examples
    --------
    ``x = [3, 2, 1]`` prefers 0>1, 0>2, 1>2; ``y = [3, 1, 2]`` prefers 0>1, 0>2, 2>1.

    >>> import rankmeasures as rm
    >>> rm.preference_jaccard([3, 2, 1], [3, 1, 2])  # 2 shared of 4 distinct
    0.5

    Ties leave pairs out: ``[2, 1, 1]`` prefers 0>1, 0>2; ``[2, 2, 1]`` prefers 0>2, 1>2.

    >>> round(rm.preference_jaccard([2, 1, 1], [2, 2, 1]), 6)  # 1 shared of 3
    0.333333
    """
    pc = pair_counts(x, y)
    a = pc.total - pc.ties_x
    b = pc.total - pc.ties_y
    union = a + b - pc.concordant
    return pc.concordant / union if union else float("nan")


def pair_set_jaccard(prefs_a: ArrayLike, prefs_b: ArrayLike) -> float:
    """Jaccard coefficient of two explicit sets of preferences ``(i, j)`` meaning i > j,
    for partial orders that no score vector represents. NaN if both are empty.

    Parameters
    ----------
    prefs_a, prefs_b : array_like of shape (m, 2), or empty
        The preferences ``(i, j)``, i preferred to j.

    Returns
    -------
    float in [0, 1], or NaN

    Examples
    --------
    No score vector has exactly the preferences ``{0>1, 2>3}``: leaving the other four
    pairs unordered means ties, ``s0 = s2 = s3``, against 2>3.

    >>> import rankmeasures as rm
    >>> round(rm.pair_set_jaccard([(0, 1), (2, 3)], [(0, 1), (0, 3), (2, 3)]), 6)  # 2/3
    0.666667
    """
    def as_set(name, p):
        arr = np.asarray(p)
        if arr.size == 0:
            return set()
        if arr.ndim != 2 or arr.shape[1] != 2:
            raise ValueError(f"{name}: expected pairs (i, j), shape (m, 2), got {arr.shape}")
        return {tuple(row) for row in arr.tolist()}

    a, b = as_set("prefs_a", prefs_a), as_set("prefs_b", prefs_b)
    union = a | b
    return len(a & b) / len(union) if union else float("nan")


def measure_suite(r_true: ArrayLike, r_pred: ArrayLike) -> dict[str, float]:
    """Every measure of the tutorial for one pair of total rankings, by name.

    Parameters
    ----------
    r_true, r_pred : array_like of int, shape (c,)
        Rank vectors (permutations of 1..c, 1 = top): the target and the prediction.

    Returns
    -------
    dict
        ``footrule``, ``spearman_distance``, ``spearman_rho``, ``kendall_distance``,
        ``kendall_tau``, ``gamma``, ``position_error``, ``discounted_error``, ``ndcg``
        (the tutorial's), ``preference_jaccard``.

    Examples
    --------
    The tutorial's example (Fürnkranz & Hüllermeier, "Loss Functions"): the footrule,
    Spearman distance, Kendall distance and position error are the slides' 6, 14, 4 and
    2; of the 10 pairs 6 agree and 4 are inverted, so tau = gamma = (6 - 4)/10 and the
    Jaccard coefficient is 6/(10 + 10 - 6) = 3/7; the rest as in the functions' examples.

    >>> import rankmeasures as rm
    >>> r = rm.ranks_from_order("E>B>C>A>D", "ABCDE")  # target: [4, 2, 3, 5, 1]
    >>> rhat = rm.ranks_from_order("A>B>E>C>D", "ABCDE")  # prediction: [1, 2, 4, 5, 3]
    >>> for name, value in rm.measure_suite(r, rhat).items():
    ...     print(name, round(value, 6))
    footrule 6
    spearman_distance 14
    spearman_rho 0.3
    kendall_distance 4
    kendall_tau 0.2
    gamma 0.2
    position_error 2
    discounted_error 5.470742
    ndcg 0.785713
    preference_jaccard 0.428571
    """
    rt, rp = _two_rankings(r_true, r_pred)
    # rank vectors: smaller is better, so scores are their negatives
    return {
        "footrule": spearman_footrule(rt, rp),
        "spearman_distance": spearman_distance(rt, rp),
        "spearman_rho": spearman_rho(rt, rp),
        "kendall_distance": pair_counts(rt, rp).discordant,
        "kendall_tau": kendall_tau(rt, rp, variant="a"),
        "gamma": goodman_kruskal_gamma(rt, rp),
        "position_error": position_error(rt, rp),
        "discounted_error": discounted_error(rt, rp),
        "ndcg": tutorial_ndcg(rt, rp),
        "preference_jaccard": preference_jaccard(-rt, -rp),
    }

