"""The simulation protocol of Zhou, Zha, Xue, Yu, "Learning the Gain Values and Discount
Factors of DCG", Sections 6-8, as one seeded function.

Conventions (the paper's two are at odds, see below):

* a *list* holds relevance values ``1..L``, larger is better: the paper's running list is
  ``[5, 5, 4, 4, 3, 3, 2, 2, 1, 1]`` and its optimal ranking puts the 5s first;
* the binary code ``s(pi)`` of :mod:`rankmeasures.learning.learn_dcg` uses grade *indices* with
  index 1 the most preferred (Section 5.1, ``ell_1`` = Perfect), so value ``v`` has index
  ``L + 1 - v``; the monotonicity constraint ``w_{k,l} >= w_{k,l+1}`` of eq. (1) then says
  "a better grade is worth at least as much at every position";
* the ground truth of eq. (2), ``w_{kl} = G_l / log(k + 1)`` with ``G = l`` (Data 1) or
  ``2^l - 1`` (Data 2), is read with ``l`` the relevance *value*, so that the truth
  prefers the paper's optimal ranking and satisfies the constraint. Read with ``l`` the
  index of Section 5.1 instead (``literal_index=True`` of :func:`ground_truth_utility`),
  the truth breaks every one of the constraints; the QP then learns a ``w`` pointing away
  from it (negative similarity) that still predicts most test pairs, because on
  permutations of one list the printed truth orders rankings as compatible gains with
  *increasing* discounts do, ``w'_kl = G_l (c_k - M)``, which the constraints allow.

Identifiability: on permutations of one list a constant added to one grade at every
position, or to every grade at one position, changes no preference. :func:`similarity`
(``T(w)`` of eq. 3) removes the per-position constants only;
:func:`~rankmeasures.learning.identifiability.offset_free_similarity` removes both, and
:func:`~rankmeasures.learning.identifiability.min_norm_equivalent` is the member of the
truth's class that a minimum-norm learner would return (its similarity with the truth is
what such a learner scores even when it orders every ranking exactly as the truth does).
The readings of the protocol's differences against their standard errors are in
:mod:`rankmeasures.learning.verdicts`.

Ties: a pair of rankings that the truth values equally carries no preference and is
redrawn, in training, validation and test sets alike. Logarithms are natural; the base
only rescales w, which changes neither the preferences nor the similarity.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .._validation import check_int
from . import learn_dcg

__all__ = [
    "GAIN_SETTINGS",
    "PAIR_KINDS",
    "MARGINS",
    "PAPER_LIST",
    "LearningRun",
    "TIE_TOLERANCE",
    "precision",
    "ground_truth_utility",
    "run_learning",
    "LearningSettings",
]

#: The paper's running list of relevance values.
PAPER_LIST = (5, 5, 4, 4, 3, 3, 2, 2, 1, 1)
#: ``G(v)`` of Data 1 and Data 2 (Section 6.1).
GAIN_SETTINGS = {"linear": lambda v: v.astype(np.float64),
                 "exponential": lambda v: 2.0 ** v - 1.0}
#: How training pairs are drawn: two random permutations of the list (Section 6.3), the
#: optimal ranking against a permutation of the same list (Figure 9), the optimal ranking
#: against a list of independently drawn values (Figure 10).
PAIR_KINDS = ("random", "optimal", "different")

#: A utility difference ``w^T d`` within this share of ``max|w| * sum|d|`` (the rounding
#: scale of the sum) is a tie. The optimum ties many utilities exactly (the monotonicity
#: constraints it makes active, the weights it sets to 0), and a solver returns those
#: only up to rounding: over 1.06 million validation and test pairs of notebook 001's
#: settings, with C from 1e-7 to 1e6, the tied ones stay below 2e-13 of that scale and
#: the others above 8e-10 (a tiny C leaves genuine differences that small: the solution
#: is then C times a limit plus a correction of order C^2).
TIE_TOLERANCE = 1e-11

#: The right-hand side of the preference constraints: 1 (eq. 1); the Hamming distance
#: between the two grade sequences, positions whose grades differ (eq. 4 with our variant of
#: eq. 5); eq. (5) as printed, positions whose documents differ (two rankings of one list
#: of documents: random or optimal pairs); the true utility difference (an oracle).
MARGINS = ("one", "hamming", "hamming_documents", "oracle")


def ground_truth_utility(k: int, n_levels: int, gains: str = "linear", *,
                         literal_index: bool = False) -> np.ndarray:
    """The ground truth of eq. (2) as a weight vector on the K x L code.

    Parameters
    ----------
    k, n_levels : int
        K positions, L grades.
    gains : {"linear", "exponential"}
        Data 1 (``G(v) = v``) or Data 2 (``G(v) = 2^v - 1``).
    literal_index : bool
        False (default): ``w[k, l] = G(L + 1 - l) / log(k + 1)``, the value of the grade
        with index ``l``. True: ``G(l) / log(k + 1)``, eq. (2) read with the index of
        Section 5.1 (kept to show that it contradicts the monotonicity constraint).

    Returns
    -------
    ndarray, shape (K * L,)
    """
    if gains not in GAIN_SETTINGS:
        raise ValueError(f"gains: must be one of {tuple(GAIN_SETTINGS)}, got {gains!r}")
    k, n_levels = check_int("k", k, min=1), check_int("n_levels", n_levels, min=2)
    idx = np.arange(1, n_levels + 1)
    g = GAIN_SETTINGS[gains](idx if literal_index else n_levels + 1 - idx)
    disc = 1.0 / np.log(np.arange(1, k + 1) + 1.0)
    return np.outer(disc, g).ravel()


@dataclass(frozen=True)
class LearningRun:
    """One run of the protocol: the learned ``w``, its test precision and similarity.

    When C was chosen from a grid, ``c_grid`` holds the grid (ascending),
    ``validation_precision`` the precision of each C's fit on the validation pairs, and
    ``neighbour_cosines`` the cosine between the fits at consecutive grid values
    (``len(c_grid) - 1`` of them): a cosine of 1 at an end of the grid says the solution
    no longer changes there, so that going further would not change the choice.
    ``grid_w_hat`` and ``grid_precision`` hold the fit at every C of the grid and its test
    precision: the run at one fixed C of the grid, on the same training and test pairs
    (they are drawn before the validation pairs), without solving it again. With one C
    the five are empty.
    """

    w_hat: np.ndarray
    w_true: np.ndarray
    precision: float
    similarity: float
    c: float
    n_levels: int
    c_grid: tuple[float, ...] = ()
    validation_precision: tuple[float, ...] = ()
    neighbour_cosines: tuple[float, ...] = ()
    grid_w_hat: tuple[np.ndarray, ...] = ()
    grid_precision: tuple[float, ...] = ()

    @property
    def c_at_edge(self) -> str | None:
        """``"bottom"`` or ``"top"`` when the chosen C is the smallest or the largest
        value of a grid of at least two, else None (an interior choice, or one C)."""
        if len(self.c_grid) < 2:
            return None
        return ("bottom" if self.c == self.c_grid[0] else
                "top" if self.c == self.c_grid[-1] else None)

    @property
    def edge_cosine(self) -> float | None:
        """At an edge of the grid (:attr:`c_at_edge`), the cosine between the chosen fit
        and the fit at its one neighbour on the grid; None otherwise."""
        edge = self.c_at_edge
        if edge is None:
            return None
        return self.neighbour_cosines[0 if edge == "bottom" else -1]


def _codes(values, n_levels, grade_free):
    """s(pi) for rows of relevance values, or of document ids when grade_free."""
    if grade_free:
        return learn_dcg.binary_representation(values, values.shape[1])
    return learn_dcg.binary_representation(n_levels + 1 - values, n_levels)


def _draw_pairs(rng, kind, base, n_levels, n, w_true, grade_free, noisy_grades):
    """n untied pairs drawn by ``kind``, the preferred ranking first: its values (document
    ids when ``grade_free``), the other's, the true utility gaps, and the document ids
    (0-based indices into ``base``; -1 for a list drawn afresh, which shares none)."""
    k = base.size
    firsts, seconds, first_docs, second_docs = [], [], [], []
    have = 0
    while have < n:
        want = 2 * (n - have) + 8
        # rankings of the documents 0..N-1 (document i has value base[i]); shuffling the
        # ids draws the same random numbers as shuffling their values would
        da = rng.permuted(np.tile(np.arange(k), (want, 1)), axis=1)
        db = rng.permuted(np.tile(np.arange(k), (want, 1)), axis=1)
        if kind != "random":
            da[:] = np.argsort(-base, kind="stable")
        if grade_free:
            a, b = da + 1, db + 1
        else:
            a, b = base[da], base[db]
            if kind == "different":
                b = rng.integers(1, n_levels + 1, (want, k))
                db = np.full_like(db, -1)
        diff = (_codes(a, n_levels, grade_free) - _codes(b, n_levels, grade_free)) @ w_true
        keep = np.abs(diff) > 1e-9 * np.abs(w_true).max()
        firsts.append(a[keep])
        seconds.append(b[keep])
        first_docs.append(da[keep])
        second_docs.append(db[keep])
        have += int(keep.sum())
    a, b = np.concatenate(firsts)[:n], np.concatenate(seconds)[:n]
    da, db = np.concatenate(first_docs)[:n], np.concatenate(second_docs)[:n]
    true_diff = (_codes(a, n_levels, grade_free) - _codes(b, n_levels, grade_free)) @ w_true
    if noisy_grades:  # the learner sees corrupted grades; the truth judged the real ones
        a, b = (_corrupt(rng, x, n_levels, noisy_grades) for x in (a, b))
    flip = (true_diff < 0)[:, None]  # orient every pair preferred-first
    return (np.where(flip, b, a), np.where(flip, a, b), np.abs(true_diff),
            np.where(flip, db, da), np.where(flip, da, db))


def _corrupt(rng, values, n_levels, count):
    """Replace the grade of ``count`` random documents of every list by another grade."""
    out = values.copy()
    pos = np.argsort(rng.random(values.shape), axis=1)[:, :count]
    shift = rng.integers(1, n_levels, pos.shape)
    rows = np.arange(values.shape[0])[:, None]
    out[rows, pos] = (out[rows, pos] - 1 + shift) % n_levels + 1
    return out


def precision(w: np.ndarray, d: np.ndarray) -> float:
    """The share of preferences ``d`` (rows ``s(pi_i) - s(pi_j)``) that ``w`` predicts, a
    tie counting one half (Zhou et al., Section 6.1, "precision").

    A tie is a utility difference within the rounding scale of its sum,
    ``|w^T d| <= TIE_TOLERANCE * max|w| * sum|d|``: the optimum ties many utilities
    exactly, which a solver returns only up to rounding, so an exact ``== 0`` would
    count rounding noise (and did: see ``tests/test_learn_dcg_simulation.py``).
    """
    u = d @ w
    tie = np.abs(u) <= TIE_TOLERANCE * np.abs(w).max() * np.abs(d).sum(axis=1)
    return float(np.mean(((u > 0) & ~tie) + 0.5 * tie))


@dataclass(frozen=True)
class LearningSettings:
    """The settings of one seeded run of the simulation of Sections 6-8
    (:func:`run_learning`'s parameters, documented there), checked when made.

    Examples
    --------
    >>> s = LearningSettings(gains="exponential", n_train=40, n_test=50, seed=3)
    >>> s.run().n_levels
    5
    >>> try:
    ...     LearningSettings(pairs="all")
    ... except ValueError as e:
    ...     print(str(e)[:23])
    pairs: must be one of (
    """

    gains: str = "linear"
    n_train: int = 200
    pairs: str = "random"
    margins: str = "one"
    c: float | Sequence[float] = 10.0
    noisy_pairs: int = 0
    noisy_grades: int = 0
    grade_free: bool = False
    literal_index: bool = False
    base: Sequence[float] = PAPER_LIST
    n_levels: int = 5
    n_test: int = 1000
    n_validation: int = 200
    solver: str = "quadprog"
    seed: int = 0

    def __post_init__(self) -> None:
        # numpy integers are taken as Python's (stored as int, so a run's record and the
        # settings' repr do not depend on where a count came from)
        for name, lo in (("n_levels", 2), ("n_train", 1), ("n_test", 1), ("n_validation", 1),
                         ("noisy_pairs", 0), ("noisy_grades", 0)):
            object.__setattr__(self, name, check_int(name, getattr(self, name), min=lo))
        base_arr = np.asarray(self.base)
        if base_arr.ndim != 1 or base_arr.size < 2 or not np.issubdtype(base_arr.dtype,
                                                                        np.integer):
            raise ValueError("base: expected a 1-d list of at least two integer values")
        if base_arr.min() < 1 or base_arr.max() > self.n_levels:
            raise ValueError(f"base: values must lie in 1..{self.n_levels}")
        if self.pairs not in PAIR_KINDS:
            raise ValueError(f"pairs: must be one of {PAIR_KINDS}, got {self.pairs!r}")
        if self.margins not in MARGINS:
            raise ValueError(f"margins: must be one of {MARGINS}, got {self.margins!r}")
        if self.margins == "hamming_documents" and self.pairs == "different":
            raise ValueError("margins: 'hamming_documents' needs two rankings of one list "
                             "of documents (random or optimal pairs)")
        if self.grade_free and (self.pairs == "different" or self.noisy_grades
                                or self.margins != "one"):
            raise ValueError("grade_free: only random or optimal pairs with margins 'one', "
                             "without noisy grades")
        if self.noisy_pairs > self.n_train:
            raise ValueError(f"noisy_pairs: {self.noisy_pairs} exceeds n_train = {self.n_train}")
        if self.noisy_grades > base_arr.size:
            raise ValueError(f"noisy_grades: {self.noisy_grades} exceeds the list length")
        grid = self.c_grid
        if grid.ndim != 1 or grid.size == 0 or not np.all(np.isfinite(grid) & (grid > 0)):
            raise ValueError("c: must be a number > 0 or a non-empty sequence of them")

    @property
    def c_grid(self) -> np.ndarray:
        """C as a 1-d grid (one value: no choice)."""
        return np.atleast_1d(np.asarray(self.c, dtype=np.float64))

    def run(self) -> LearningRun:
        """The run (see :func:`run_learning`)."""
        base_arr = np.asarray(self.base)
        rng = np.random.default_rng(self.seed)
        w_true, width = _truth(self, base_arr)
        draw = _pair_drawer(self, rng, base_arr, w_true)
        d_train, m_train = draw(self.n_train, self.pairs, self.noisy_pairs, self.noisy_grades)
        d_test, _ = draw(self.n_test, "random", 0, 0)
        best_c, w_hat, grid_info = _fit_choosing_c(self, d_train, m_train, draw)
        if grid_info:
            grid_info["grid_precision"] = tuple(precision(w, d_test)
                                                for w in grid_info["grid_w_hat"])
        return LearningRun(w_hat=w_hat, w_true=w_true, precision=precision(w_hat, d_test),
                           similarity=learn_dcg.similarity(w_true, w_hat, width), c=best_c,
                           n_levels=width, **grid_info)


def run_learning(*, gains: str = "linear", n_train: int = 200, pairs: str = "random",
                 margins: str = "one", c: float = 10.0, noisy_pairs: int = 0, noisy_grades: int = 0,
                 grade_free: bool = False, literal_index: bool = False,
                 base: Sequence[float] = PAPER_LIST, n_levels: int = 5, n_test: int = 1000,
                 n_validation: int = 200, solver: str = "quadprog", seed: int = 0) -> LearningRun:
    """One seeded run of the simulation of Sections 6-8: ``LearningSettings(...).run()``.

    Draws ``n_train`` preference pairs of rankings judged by the ground truth of eq. (2),
    optionally flips ``noisy_pairs`` of them (Section 6.4) or corrupts ``noisy_grades``
    documents of every training list, learns ``w_hat`` with :func:`learn_dcg.fit_utility`
    and scores it on ``n_test`` fresh pairs of random permutations of ``base``.

    Parameters
    ----------
    gains : {"linear", "exponential"}
        Data 1 or Data 2.
    n_train : int
        Training pairs (20 ... 200 in the paper).
    pairs : {"random", "optimal", "different"}
        How training pairs are drawn (see :data:`PAIR_KINDS`).
    margins : {"one", "hamming", "hamming_documents", "oracle"}
        Eq. (1); the enhanced model eq. (4) with a Hamming distance: ``"hamming"`` counts
        the positions whose grades differ (what ``s(pi)`` sees: swapping two documents of
        one grade adds nothing), ``"hamming_documents"`` the positions whose documents
        differ, eq. (5) as printed (random or optimal pairs only); or eq. (4) with the true
        utility difference as its distance.
    c : float or sequence of float
        C of eq. (1); a sequence is a grid from which C is chosen by precision on
        ``n_validation`` pairs drawn, and made noisy, like the training pairs (the same
        share of reversed pairs, the same grade noise); on a tie the smallest such C. The
        run records the grid's validation precisions and how far the solution still
        moves between neighbouring values (:class:`LearningRun`).
    noisy_pairs : int
        Training pairs whose preference is reversed.
    noisy_grades : int
        Documents per training list whose grade the learner sees replaced by another
        (uniformly chosen) grade; the preferences still come from the true grades.
    grade_free : bool
        Section 8: code the rankings by document (K x N, eq. 6) and drop the monotonicity
        constraints; the documents' values (``base``) stay hidden from the learner.
    literal_index : bool
        Use eq. (2) with the printed index (see :func:`ground_truth_utility`).
    base : sequence of int
        The graded list whose permutations are ranked.
    n_levels : int
        L.
    n_test, n_validation : int
        Test pairs (random permutations of ``base``) and validation pairs.
    solver : {"quadprog", "clarabel"}
    seed : int

    Returns
    -------
    LearningRun
        Precision is the share of test pairs whose preference ``w_hat`` predicts (a tie
        counts as half); similarity is :func:`learn_dcg.similarity` of the truth and
        ``w_hat``.

    Examples
    --------
    >>> run = run_learning(n_train=40, n_test=50, seed=5)
    >>> again = LearningSettings(n_train=40, n_test=50, seed=5).run()
    >>> bool(np.array_equal(run.w_hat, again.w_hat)), run.precision == again.precision
    (True, True)
    """
    return LearningSettings(
        gains=gains, n_train=n_train, pairs=pairs, margins=margins, c=c,
        noisy_pairs=noisy_pairs, noisy_grades=noisy_grades, grade_free=grade_free,
        literal_index=literal_index, base=base, n_levels=n_levels, n_test=n_test,
        n_validation=n_validation, solver=solver, seed=seed).run()


def _truth(s: LearningSettings, base_arr: np.ndarray) -> tuple[np.ndarray, int]:
    """The ground truth ``w`` of eq. (2) on the learner's code, and the code's width."""
    k = base_arr.size
    if s.grade_free:
        w_doc = ground_truth_utility(k, s.n_levels, s.gains, literal_index=s.literal_index)
        # truth on the K x N document code: position k, document i is worth w[k, grade(i)]
        return w_doc.reshape(k, s.n_levels)[:, s.n_levels - base_arr].ravel(), k
    return ground_truth_utility(k, s.n_levels, s.gains, literal_index=s.literal_index), \
        s.n_levels


def _pair_drawer(s: LearningSettings, rng, base_arr, w_true):
    """``draw(n, kind, n_flip, grade_noise)``: n preference differences ``d`` and their
    margins, ``n_flip`` of them reversed, from the run's one generator ``rng``."""
    def draw(n, kind, n_flip, grade_noise):
        pref, other, gap, pref_docs, other_docs = _draw_pairs(
            rng, kind, base_arr, s.n_levels, n, w_true, s.grade_free, grade_noise)
        d = _codes(pref, s.n_levels, s.grade_free) - _codes(other, s.n_levels, s.grade_free)
        if s.margins == "hamming":
            m = (pref != other).sum(axis=1).astype(np.float64)
        elif s.margins == "hamming_documents":
            m = (pref_docs != other_docs).sum(axis=1).astype(np.float64)
        elif s.margins == "oracle":
            m = gap
        else:
            m = np.ones(n)
        if n_flip:
            d[rng.choice(n, n_flip, replace=False)] *= -1
        return d, m

    return draw


def _fit_choosing_c(s: LearningSettings, d_train, m_train,
                    draw) -> tuple[float, np.ndarray, dict]:
    """``w_hat`` at the one C given, or at the C of the grid with the best precision on
    validation pairs (drawn after the test pairs; on a tie the smallest such C), and the
    grid's record for :class:`LearningRun`."""
    grid = np.sort(s.c_grid)
    mono = None if s.grade_free else s.n_levels

    def fit(cc, start=None):
        return learn_dcg.fit_utility(d_train, c=float(cc), margins=m_train, n_levels=mono,
                                     solver=s.solver, start=start)

    if grid.size == 1:
        return float(grid[0]), fit(float(grid[0])), {}
    # validation pairs are as noisy as the training pairs: no clean labels exist
    d_val, _ = draw(s.n_validation, s.pairs,
                    round(s.noisy_pairs * s.n_validation / s.n_train), s.noisy_grades)
    # each C solved once, in ascending order, each solve starting from the solution at the
    # C before it (the route changes, the optimum does not); the chosen fit is kept
    fits = []
    for cc in grid:
        fits.append(fit(cc, fits[-1] if fits and s.solver == "quadprog" else None))
    scores = [precision(w, d_val) for w in fits]
    best = int(np.argmax(scores))
    cosines = tuple(float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))
                    for a, b in zip(fits, fits[1:], strict=False))
    return float(grid[best]), fits[best], {
        "c_grid": tuple(float(x) for x in grid), "validation_precision": tuple(scores),
        "neighbour_cosines": cosines, "grid_w_hat": tuple(fits)}
