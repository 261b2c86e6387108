"""The DCG utility of Zhou, Zha, Xue, Yu, "Learning the Gain Values and Discount Factors
of DCG": the binary representation of a ranking and the linear utility on it.

Grades are indices ``1..L`` with grade 1 the most preferred (the paper's ``ell_1``, e.g.
Perfect), so a compatible gain vector is decreasing, ``g_1 > g_2 > ... > g_L``.

* :func:`binary_representation` — ``s(pi)``, K blocks of L indicators (Section 5.1);
* :func:`utility` — ``w^T s(pi)``; with ``w_{i,j} = c_i g_j`` it is ``DCG_{g,K}(pi)``
  (Case 1);
* :func:`order_transform` — ``T(w)``: each position's weights minus that position's
  weight for the last grade (eq. 3), and :func:`similarity`, the cosine of
  ``T(w)`` and ``T(w_hat)``;
* :func:`grade_free_representation` — the K x K code of Section 8 (position x document);
* :func:`monotonicity_matrix` — the rows of ``w_{k,l} - w_{k,l+1} >= 0``;
* :func:`fit_utility` — the quadratic programme of eq. (1), with the margins of the
  enhanced model eq. (4) and without the monotonicity constraints for eq. (6), solved by
  an established QP solver (quadprog's Goldfarb-Idnani dual active set method, or
  Clarabel's interior point method);
* :func:`coherence_violations` — how many pairs of rankings of one list two compatible
  gain vectors order oppositely (Section 4: 0 means coherent on that list);
* :func:`rank1_factors` — gains and discounts from the leading singular pair of W
  (Section 6.3), with the sign and the scale fixed.

Identifiability. Every ranking fills each of the K positions with exactly one grade, so
``w^T s(pi)`` does not change when a constant is added to all weights of one position;
when all rankings compared are permutations of one list, it does not change either when
a constant is added to the weights of one grade at every position. A learned ``w`` is
therefore determined only up to these offsets; :func:`order_transform` removes the first
kind, not the second.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

import numpy as np

from .._concordance.counts import pair_counts
from .._validation import as_float_array, check_int, check_real

if TYPE_CHECKING:
    from .._typing import ArrayLike

__all__ = [
    "SOLVERS",
    "binary_representation",
    "coherence_violations",
    "fit_utility",
    "grade_free_representation",
    "monotonicity_matrix",
    "order_transform",
    "rank1_factors",
    "similarity",
    "utility",
]

#: The QP solvers :func:`fit_utility` accepts.
SOLVERS = ("quadprog", "clarabel")


def binary_representation(labels: ArrayLike, n_levels: int, k: int | None = None) -> np.ndarray:
    """``s(pi)``: for each of the first K positions, the one-hot code of its grade.

    Parameters
    ----------
    labels : array_like of int in 1..L, shape (N,) or (m, N)
        Grades of the ranked documents, top first (only the first K are used); a 2-d
        array codes one ranking per row.
    n_levels : int
        L.
    k : int, optional
        K; default all positions.

    Returns
    -------
    ndarray of int, shape (K * L,) or (m, K * L)

    Examples
    --------
    The paper's example, L = 5, grades Perfect (1), Bad (5), Good (3):

    >>> binary_representation([1, 5, 3], 5).tolist()
    [1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0]
    """
    lab = np.asarray(labels)
    if lab.ndim not in (1, 2) or lab.size == 0 or not np.issubdtype(lab.dtype, np.integer):
        raise ValueError("labels: expected a non-empty 1-d or 2-d array of integer grades")
    check_int("n_levels", n_levels, min=2)
    if lab.min() < 1 or lab.max() > n_levels:
        raise ValueError(f"labels: grades must lie in 1..{n_levels}")
    n = lab.shape[-1]
    kk = n if k is None else k
    kk = check_int("k", kk, min=1, max=n)
    rows = lab.reshape(-1, n)[:, :kk]
    s = np.zeros((rows.shape[0], kk, n_levels), dtype=np.int64)
    np.put_along_axis(s, (rows - 1)[:, :, None], 1, axis=2)
    return s.reshape(-1, kk * n_levels) if lab.ndim == 2 else s.reshape(kk * n_levels)


def utility(w: ArrayLike, s: ArrayLike) -> float:
    """``u(s) = w^T s``."""
    wa = np.asarray(w, dtype=np.float64)
    sa = np.asarray(s, dtype=np.float64)
    if wa.shape != sa.shape:
        raise ValueError(f"w and s: different shapes {wa.shape} and {sa.shape}")
    return float(wa @ sa)


def order_transform(w: ArrayLike, n_levels: int) -> np.ndarray:
    """``T(w) = (w_11 - w_1L, ..., w_1L - w_1L, ..., w_K1 - w_KL, ..., w_KL - w_KL)``."""
    wa = np.asarray(w, dtype=np.float64)
    if wa.ndim != 1 or wa.size % n_levels:
        raise ValueError(f"w: length {wa.size} is not a multiple of n_levels = {n_levels}")
    m = wa.reshape(-1, n_levels)
    return (m - m[:, -1:]).ravel()


def similarity(w: ArrayLike, w_hat: ArrayLike, n_levels: int) -> float:
    """``sim(w, w_hat) = T(w)^T T(w_hat) / (|T(w)| |T(w_hat)|)`` (Section 6.2)."""
    a = order_transform(w, n_levels)
    b = order_transform(w_hat, n_levels)
    den = float(np.linalg.norm(a) * np.linalg.norm(b))
    if den == 0:
        raise ValueError("w, w_hat: T(w) is zero, the similarity is undefined")
    return float(a @ b) / den


def grade_free_representation(order: ArrayLike, k: int | None = None) -> np.ndarray:
    """``s(pi)`` without grades (Section 8): K blocks of N indicators, block ``i`` marking
    the document at position ``i``.

    Parameters
    ----------
    order : sequence of int
        A permutation of the document ids ``1..N``, top first.
    k : int, optional
        K, the positions coded; default N.

    Returns
    -------
    ndarray of int, shape (K * N,)

    Examples
    --------
    The paper's example, the ranking d3, d1, d4, d2, d5:

    >>> grade_free_representation([3, 1, 4, 2, 5]).reshape(5, 5).argmax(axis=1).tolist()
    [2, 0, 3, 1, 4]
    """
    o = np.asarray(order)
    if o.ndim != 1 or o.size == 0 or not np.issubdtype(o.dtype, np.integer):
        raise ValueError("order: expected a non-empty 1-d sequence of integer document ids")
    if not np.array_equal(np.sort(o), np.arange(1, o.size + 1)):
        raise ValueError(f"order: must be a permutation of 1..{o.size}")
    kk = o.size if k is None else check_int("k", k, min=1, max=o.size)
    return binary_representation(o, o.size, kk)


def monotonicity_matrix(k: int, n_levels: int) -> np.ndarray:
    """Rows ``M`` with ``M w >= 0`` iff ``w_{k,l} >= w_{k,l+1}`` for every position k and
    grade l < L (the last constraint of eq. 1 and of eq. 4).

    Returns
    -------
    ndarray, shape (K * (L - 1), K * L)
    """
    k, n_levels = check_int("k", k, min=1), check_int("n_levels", n_levels, min=2)
    m = np.zeros((k * (n_levels - 1), k * n_levels))
    rows = np.arange(k * (n_levels - 1))
    cols = (rows // (n_levels - 1)) * n_levels + rows % (n_levels - 1)
    m[rows, cols] = 1.0
    m[rows, cols + 1] = -1.0
    return m


def fit_utility(differences: ArrayLike, *, c: float = 1.0, margins: float | ArrayLike = 1.0,
                n_levels: int | None = None, solver: str = "quadprog",
                start: ArrayLike | None = None) -> np.ndarray:
    """Learn ``w`` from preferences over rankings: the QP of Zhou et al., eq. (1),
    eq. (4) and eq. (6).

    Solves ``min_w,xi  w^T w + C sum_i xi_i^2`` subject to
    ``w^T d_i >= m_i - xi_i`` and ``xi_i >= 0`` for every preference ``i``, where
    ``d_i = s(pi_preferred) - s(pi_other)``, and, when ``n_levels`` is given, the
    monotonicity constraints ``w_{k,l} >= w_{k,l+1}`` (grade 1 the most preferred).

    Parameters
    ----------
    differences : array_like, shape (m, d)
        One row ``s(pi_i) - s(pi_j)`` per preference ``pi_i > pi_j``.
    c : float
        C > 0, the price of the squared slacks.
    margins : float or array_like, shape (m,)
        The right-hand sides: 1 for eq. (1) and eq. (6), ``Dist(pi_i, pi_j)`` for the
        enhanced model of eq. (4). Must be >= 0.
    n_levels : int, optional
        L. Given: the rows are the K x L code of Section 5.1 and the monotonicity
        constraints are imposed (eq. 1, eq. 4). None: no constraint beyond the
        preferences (the grade-free model, eq. 6).
    solver : {"quadprog", "clarabel"}
        quadprog (dense dual active set, exact up to rounding) or Clarabel (interior
        point); the tests check that the two agree.
    start : array_like, shape (d,), optional
        Where quadprog's piecewise walk starts (default 0), e.g. the solution of the same
        preferences at a nearby C; it must meet the monotonicity constraints. It shortens
        the walk and changes the route, not the optimum (which is unique).

    Returns
    -------
    ndarray, shape (d,)
        The optimal ``w`` (unique: the objective is strictly convex).

    Examples
    --------
    Two positions, two grades, one preference: grade 1 on top beats grade 1 second.
    Without constraints the minimum-norm ``w`` is ``d / |d|^2``; it breaks
    ``w_21 >= w_22``, so with them the second position's weights are tied:

    >>> d = binary_representation([1, 2], 2) - binary_representation([2, 1], 2)
    >>> (fit_utility(d[None, :], c=1e6).round(3) + 0.0).tolist()
    [0.25, -0.25, -0.25, 0.25]
    >>> (fit_utility(d[None, :], c=1e6, n_levels=2).round(3) + 0.0).tolist()
    [0.5, -0.5, 0.0, 0.0]
    """
    dm = as_float_array("differences", differences, ndim=2)
    m, d = dm.shape
    if m == 0 or d == 0:
        raise ValueError("differences: need at least one preference and one weight")
    c = check_real("c", c, gt=0)
    marg = np.broadcast_to(np.asarray(margins, dtype=np.float64), (m,)) if np.ndim(
        margins) == 0 else as_float_array("margins", margins, ndim=1)
    if marg.shape != (m,):
        raise ValueError(f"margins: expected {m} values (one per preference), got {marg.size}")
    if not np.all(np.isfinite(marg)) or np.any(marg < 0):
        raise ValueError("margins: must be finite and >= 0")
    if n_levels is not None:
        n_levels = check_int("n_levels", n_levels, min=2)
        if d % n_levels:
            raise ValueError(f"differences: {d} columns is not a multiple of "
                             f"n_levels = {n_levels}")
        mono = monotonicity_matrix(d // n_levels, n_levels)
    else:
        mono = np.zeros((0, d))
    if solver not in SOLVERS:
        raise ValueError(f"solver: must be one of {SOLVERS}, got {solver!r}")
    if start is not None:
        start = as_float_array("start", start, ndim=1)
        if start.shape != (d,) or not np.all(np.isfinite(start)):
            raise ValueError(f"start: expected {d} finite weights")
        # a solution returned by a solver meets the constraints up to rounding
        if mono.shape[0] and (mono @ start).min() < -1e-9 * max(np.abs(start).max(), 1.0):
            raise ValueError("start: must meet the monotonicity constraints")
    if solver == "quadprog":
        w = _solve_by_pieces(dm, marg, float(c), mono, start=start)
        if w is not None:
            return w
    # x = (w, xi); constraints A x >= b. For quadprog the slacks' own constraints xi >= 0
    # are left out: with the price C xi^2 an optimal slack is max(0, m_i - w^T d_i) without
    # them (a negative xi_i would only raise the objective), so the optimum is the same and
    # the active set works on m rows fewer. Clarabel keeps them: its interior-point
    # iterates converge to 1e-10 with them and only to ~1e-7 on noisy problems without them.
    keep_slack_rows = solver == "clarabel"
    n_slack_rows = m if keep_slack_rows else 0
    a = np.zeros((m + n_slack_rows + mono.shape[0], d + m))
    a[:m, :d] = dm
    a[:m, d:] = np.eye(m)
    if keep_slack_rows:
        a[m:2 * m, d:] = np.eye(m)
    a[m + n_slack_rows:, :d] = mono
    b = np.concatenate([marg, np.zeros(n_slack_rows + mono.shape[0])])
    diag = np.concatenate([np.full(d, 2.0), np.full(m, 2.0 * float(c))])
    x = _solve_quadprog(diag, a, b) if solver == "quadprog" else _solve_clarabel(diag, a, b)
    return x[:d]


#: How many pieces :func:`_solve_by_pieces` visits before it hands over to the whole QP.
MAX_PIECES = 50


def _solve_by_pieces(dm, marg, c, mono, max_pieces: int | None = None, start=None):
    """The QP of eq. (1) piece by piece, in w alone; None when it does not settle.

    With the slacks at their optimum ``xi_i = max(0, m_i - w^T d_i)`` the QP is
    ``min_w f(w) = w^T w + C sum_i max(0, m_i - w^T d_i)^2`` subject to ``M w >= 0``: a
    strictly convex, piecewise quadratic function of the d weights (15 in the paper)
    instead of a QP in d + m variables. At a feasible w let A be the preferences short of
    their margin; on that piece f is the quadratic ``q_A(v) = v^T (I + C D_A^T D_A) v -
    2 C m_A^T D_A v + const``, and quadprog minimises it under ``M v >= 0``. The walk
    moves from w towards that minimiser v by an exact line search of f on the segment
    (f is convex and piecewise quadratic along it, so the search is exact), takes A anew
    at the point reached, and so on, starting from ``start`` (default w = 0; the finite
    Newton method of
    Mangasarian (2002) and Keerthi & DeCoste (2005), here under the cone ``M v >= 0``,
    which the segment never leaves).

    f and q_A have the same gradient at w (a preference at its margin contributes none to
    either), so the segment is a descent direction of f unless w already minimises q_A
    under the constraints. The walk stops when the minimiser v of q_A has exactly the
    preferences of A short of its margin: then f and q_A have the same gradient at v, and
    v satisfies the KKT conditions of f under ``M v >= 0``: it is the unique optimum, which
    the whole QP also finds. ``max_pieces`` pieces without that end the walk with None,
    and the caller solves the whole QP instead. Without the line search (a full step to
    v every time) the walk can cycle between pieces, which it did at C >= 100 on the
    separable problems of notebook 001. 8 to 20 times faster than the whole QP on the
    200-pair problems; the two agree to rounding (``tests/test_learn_dcg.py``).
    """
    import quadprog

    d = dm.shape[1]
    w = np.zeros(d) if start is None else np.array(start, dtype=np.float64)
    active = marg - dm @ w > 0
    for _ in range(MAX_PIECES if max_pieces is None else max_pieces):
        da = dm[active]
        h = 2.0 * (np.eye(d) + c * (da.T @ da))
        q = 2.0 * c * (da.T @ marg[active])
        if mono.shape[0]:
            try:
                v = quadprog.solve_qp(h, q, mono.T.copy(), np.zeros(mono.shape[0]), 0)[0]
            except ValueError:  # quadprog's infeasibility: left to the whole QP's report
                return None
        else:
            v = np.linalg.solve(h, q)
        if np.array_equal(marg - dm @ v > 0, active):
            return v
        w = w + _exact_step(w, v - w, dm, marg, c) * (v - w)
        active = marg - dm @ w > 0
    return None


def _exact_step(w, p, dm, marg, c):
    """The t in [0, 1] that minimises ``f(w + t p)`` (f of :func:`_solve_by_pieces`).

    ``f'(t) / 2 = w^T p + t p^T p - C sum_i max(0, a_i - t b_i) b_i`` with ``a = m - D w``
    and ``b = D p`` is non-decreasing and piecewise linear, with kinks at ``a_i / b_i``:
    the root lies on the first segment where it turns non-negative, and on that segment
    (one set of preferences short of their margin) it is the root of a linear function.
    """
    a, b = marg - dm @ w, dm @ p
    wp, pp = float(w @ p), float(p @ p)

    def slope(t):  # f'(t) / 2 at each t of an array
        r = a[None, :] - np.asarray(t)[:, None] * b[None, :]
        return wp + np.asarray(t) * pp - c * (np.maximum(r, 0.0) @ b)

    with np.errstate(divide="ignore", invalid="ignore"):
        kinks = a / b
    kinks = np.unique(kinks[np.isfinite(kinks) & (kinks > 0) & (kinks < 1)])
    ends = np.concatenate([kinks, [1.0]])
    turned = np.flatnonzero(slope(ends) >= 0)
    if turned.size == 0:
        return 1.0
    hi = ends[turned[0]]
    lo = ends[turned[0] - 1] if turned[0] > 0 else 0.0
    short = a - 0.5 * (lo + hi) * b > 0  # the preferences short of their margin inside
    num = wp - c * float(a[short] @ b[short])
    den = pp + c * float(b[short] @ b[short])
    return float(min(max(-num / den, lo), hi))


def _solve_quadprog(diag, a, b):
    """min 1/2 x^T diag(diag) x subject to a x >= b, by quadprog (given the inverse of the
    diagonal Cholesky factor, ``factorized=True``: no factorisation to compute)."""
    import quadprog

    try:
        return quadprog.solve_qp(np.diag(1.0 / np.sqrt(diag)), np.zeros(diag.size), a.T.copy(),
                                 b, 0, factorized=True)[0]
    except ValueError as exc:  # quadprog reports infeasibility as a ValueError
        raise ValueError(f"differences: the QP has no solution ({exc})") from exc


def _solve_clarabel(diag, a, b):
    """min 1/2 x^T diag(diag) x subject to a x >= b, by Clarabel (a - x + s = -b, s >= 0)."""
    import clarabel
    from scipy import sparse

    p = sparse.diags(diag, format="csc")
    settings = clarabel.DefaultSettings()
    settings.verbose = False
    settings.tol_gap_abs = settings.tol_gap_rel = settings.tol_feas = 1e-10
    sol = clarabel.DefaultSolver(p, np.zeros(diag.size), sparse.csc_matrix(-a), -b,
                                 [clarabel.NonnegativeConeT(a.shape[0])], settings)
    res = sol.solve()
    if str(res.status) != "Solved":
        raise ValueError(f"differences: Clarabel did not solve the QP ({res.status})")
    return np.asarray(res.x)


def rank1_factors(w: ArrayLike, n_levels: int) -> tuple[np.ndarray, np.ndarray, float]:
    """Gains and discounts from the best rank-1 approximation of W (Section 6.3).

    ``W`` is ``w`` as an L x K matrix (row = grade, column = position); with
    ``W = U diag(sigma) V^T``, ``sigma_1 u_1 v_1^T`` is its best rank-1 approximation,
    ``u_1`` estimates the gains and ``v_1`` the discounts. The singular pair has a free
    sign and the product a free scale; both are fixed here: the discount of largest
    magnitude is +1, and the gains carry ``sigma_1`` (so ``outer(gains, discounts)`` is
    the rank-1 approximation).

    Returns
    -------
    gains : ndarray, shape (L,)
    discounts : ndarray, shape (K,)
    explained : float
        ``sigma_1^2 / sum sigma^2``, the share of ``|W|^2`` the rank-1 part explains.

    Examples
    --------
    >>> g, c, e = rank1_factors(np.outer([3.0, 2.0, 1.0], [1.0, 0.5]).ravel(), 2)
    >>> g.round(12).tolist(), c.round(12).tolist(), round(e, 12)
    ([3.0, 1.5], [1.0, 0.666666666667, 0.333333333333], 1.0)
    """
    wa = as_float_array("w", w, ndim=1)
    check_int("n_levels", n_levels, min=2)
    if wa.size % n_levels:
        raise ValueError(f"w: length {wa.size} is not a multiple of n_levels = {n_levels}")
    big_w = wa.reshape(-1, n_levels).T  # L x K
    u, sig, vt = np.linalg.svd(big_w, full_matrices=False)
    if sig[0] == 0:
        raise ValueError("w: W is zero, it has no rank-1 factors")
    v = vt[0]
    j = int(np.argmax(np.abs(v)))
    scale = v[j]
    return u[:, 0] * sig[0] * scale, v / scale, float(sig[0] ** 2 / np.sum(sig**2))


def coherence_violations(gains_a: ArrayLike, gains_b: ArrayLike, grades: ArrayLike,
                         discounts: ArrayLike) -> int:
    """Pairs of rankings of one list that DCG with ``gains_a`` and with ``gains_b`` order
    oppositely (Zhou et al., Section 4; 0 means the two are coherent on this list).

    Every distinct arrangement of the grades is a ranking;
    ``DCG_{g,K}(pi) = sum_{i <= K} c_i g_{pi(i)}``. A pair counts when one gain vector
    strictly prefers the first ranking and the other strictly prefers the second; values
    within ``1e-12`` (relative) of each other are ties.

    Parameters
    ----------
    gains_a, gains_b : array_like, shape (L,)
        Gains of grades ``1..L``; they must be compatible: the same strict order of the
        grades.
    grades : array_like of int in 1..L, shape (N,)
        The list (at most 8 documents: the rankings are enumerated).
    discounts : array_like, shape (K,)
        ``c_1 .. c_K``, K <= N.

    Returns
    -------
    int

    Examples
    --------
    The paper's example: gains 2, 3, 1/2 (grades 1, 2, 3 in this order of documents) and
    their cubes disagree about two rankings under ``c = (1.5, 0.5)``:

    >>> coherence_violations([3, 2, 0.5], [27, 8, 0.125], [2, 1, 3], [1.5, 0.5]) > 0
    True
    """
    ga = as_float_array("gains_a", gains_a, ndim=1)
    gb = as_float_array("gains_b", gains_b, ndim=1)
    c = as_float_array("discounts", discounts, ndim=1)
    if ga.shape != gb.shape:
        raise ValueError(f"gains_b: expected {ga.size} gains like gains_a, got {gb.size}")
    if len(set(ga.tolist())) < ga.size or not np.array_equal(np.argsort(ga), np.argsort(gb)):
        raise ValueError("gains_b: not compatible with gains_a (the two must order the "
                         "grades the same strict way)")
    g = np.asarray(grades)
    if g.ndim != 1 or not np.issubdtype(g.dtype, np.integer) or g.size == 0:
        raise ValueError("grades: expected a non-empty 1-d array of integer grades")
    if g.min() < 1 or g.max() > ga.size:
        raise ValueError(f"grades: must lie in 1..{ga.size}")
    if g.size > 8:
        raise ValueError(f"grades: at most 8 documents (all rankings are enumerated), "
                         f"got {g.size}")
    if c.size > g.size:
        raise ValueError(f"discounts: K = {c.size} exceeds the {g.size} documents")
    seqs = np.array(sorted(set(itertools.permutations(g.tolist()))))[:, :c.size]
    seqs = np.unique(seqs, axis=0)
    da = ga[seqs - 1] @ c
    db = gb[seqs - 1] @ c
    if seqs.shape[0] < 2:
        return 0
    ra = np.round(da / np.abs(da).max(), 12)
    rb = np.round(db / np.abs(db).max(), 12)
    return int(pair_counts(ra, rb).discordant)
