"""A learned utility against the truth of Zhou, Zha, Xue, Yu, "Learning the Gain Values and
Discount Factors of DCG" (document 001), up to what the data can identify.

On permutations of one list a constant added to one grade at every position, or to every
grade at one position, changes no preference. :func:`offset_free_similarity` removes both
(``T(w)`` of eq. 3, :func:`~rankmeasures.learning.learn_dcg.similarity`, removes the
per-position constants only), and :func:`min_norm_equivalent` is the member of the truth's
class that a minimum-norm learner would return. The rank-1 factors of a learned W are
identified up to an increasing affine map: :func:`affine_residual` and
:func:`studentised_affine_errors` compare them with the truth after that map (Section 6.3).
"""

from __future__ import annotations

import numpy as np

from . import learn_dcg

__all__ = ["offset_free_similarity", "min_norm_equivalent", "affine_residual",
           "studentised_affine_errors"]


def offset_free_similarity(w: np.ndarray, w_hat: np.ndarray, n_levels: int) -> float:
    """The cosine of ``w`` and ``w_hat`` after removing per-position *and* per-grade
    constants (double centring of the K x L matrix).

    On permutations of one list (and for the grade-free code, where every document
    appears once in every ranking) ``w_kl + a_l + b_k`` orders every ranking as ``w_kl``
    does, so two utilities that order all rankings alike have similarity 1 here, while the
    paper's :func:`learn_dcg.similarity` (Zhou et al., Section 6.2, eq. 3) removes only the
    per-position constants ``b_k``.

    Examples
    --------
    >>> w = np.outer([1.0, 0.5], [2.0, 1.0, 0.0]).ravel()
    >>> shifted = (w.reshape(2, 3) + np.array([5.0, -1.0, 2.0])).ravel()  # per-grade
    >>> round(offset_free_similarity(w, shifted, 3), 12)
    1.0
    """
    out = []
    for v in (w, w_hat):
        m = np.asarray(v, dtype=np.float64).reshape(-1, n_levels)
        out.append((m - m.mean(axis=0) - m.mean(axis=1, keepdims=True) + m.mean()).ravel())
    den = float(np.linalg.norm(out[0]) * np.linalg.norm(out[1]))
    if den == 0:
        raise ValueError("w, w_hat: a double-centred utility is zero, the cosine is undefined")
    return float(out[0] @ out[1]) / den


def min_norm_equivalent(w: np.ndarray, n_levels: int) -> np.ndarray:
    """The minimum-norm ``w + a_l + b_k`` (per-grade and per-position constants) that meets
    the monotonicity constraints ``w_kl >= w_k,l+1`` of eq. (1) (Zhou et al., Section 5.2).

    Every member of the class orders the permutations of one list as ``w`` does; the QP of
    eq. (1) minimises ``|w|^2``, so a learner that recovered the preferences exactly would
    return this member. Solved as a QP in the K + L constants (quadprog).

    Examples
    --------
    >>> w = np.outer([2.0, 1.0], [2.0, 1.0]).ravel()  # K = L = 2
    >>> (min_norm_equivalent(w, 2).round(9) + 0.0).tolist()  # (c_k - c_min)(G_l - mean G)
    [0.5, -0.5, 0.0, 0.0]
    """
    import quadprog

    wa = np.asarray(w, dtype=np.float64).ravel()
    k = wa.size // n_levels
    if k * n_levels != wa.size or k < 1:
        raise ValueError(f"w: length {wa.size} is not a multiple of n_levels = {n_levels}")
    basis = np.zeros((wa.size, n_levels + k))
    for pos in range(k):
        basis[pos * n_levels:(pos + 1) * n_levels, :n_levels] = np.eye(n_levels)
        basis[pos * n_levels:(pos + 1) * n_levels, n_levels + pos] = 1.0
    mono = learn_dcg.monotonicity_matrix(k, n_levels)
    # the basis has one redundant direction (a constant on every entry, counted twice):
    # a tiny ridge makes the Hessian definite without moving the minimiser of |w'|
    hess = basis.T @ basis + 1e-12 * np.eye(n_levels + k)
    x = quadprog.solve_qp(hess, -basis.T @ wa, (mono @ basis).T, -(mono @ wa))[0]
    out = wa + basis @ x
    if (mono @ out).min() < -1e-9 * max(1.0, np.abs(out).max()):
        raise ValueError("w: no member of its class meets the monotonicity constraints")
    return out


def affine_residual(estimate: np.ndarray, reference: np.ndarray) -> float:
    """How far ``estimate`` is from an affine image of ``reference``: the largest absolute
    residual of the least-squares fit ``estimate ~ alpha * reference + beta``, divided by
    the range of ``estimate``.

    Zhou et al. (Section 6.3) read the rank-1 factors of a learned W against the true
    gains and discounts, "perfect estimations give straight lines": 0 here. Comparing the
    residual against the true family and against other families (1/k, 1/sqrt(k), ...)
    tells whether the estimate singles out the truth.

    Examples
    --------
    >>> round(affine_residual(np.array([3.0, 5.0, 7.0]), np.array([0.0, 1.0, 2.0])), 12)
    0.0
    >>> round(affine_residual(np.array([0.0, 1.0, 0.0]), np.array([0.0, 1.0, 2.0])), 6)
    0.666667
    """
    est = np.asarray(estimate, dtype=np.float64).ravel()
    ref = np.asarray(reference, dtype=np.float64).ravel()
    if est.size != ref.size or est.size < 3:
        raise ValueError("estimate, reference: need two vectors of one length >= 3")
    design = np.column_stack([ref, np.ones_like(ref)])
    coef = np.linalg.lstsq(design, est, rcond=None)[0]
    spread = float(np.ptp(est))
    if spread == 0:
        raise ValueError("estimate: constant, its affine residual is undefined")
    return float(np.abs(est - design @ coef).max() / spread)


def studentised_affine_errors(estimate: np.ndarray, truth: np.ndarray) -> np.ndarray:
    """Errors of ``estimate`` in the units of ``truth`` after its least-squares affine map,
    each divided by ``sqrt(1 - h_k)``: ``e_k / sqrt(1 - h_k)``.

    Zhou et al. (Section 6.3) say the top discounts (and the largest gains) are estimated
    more accurately. The factors of a learned W are identified only up to an increasing
    affine map, so the estimate is mapped onto the truth by least squares,
    ``(estimate - beta) / alpha`` with ``estimate ~ alpha * truth + beta``, and compared
    there. The fit's leverage ``h_k`` is largest at the extreme true values and shrinks
    their raw errors by ``sqrt(1 - h_k)``; the studentised errors have one distribution at
    every position when the positions are equally noisy.

    Examples
    --------
    >>> np.abs(studentised_affine_errors(np.array([3.0, 5.0, 7.0]),
    ...                                  np.array([0.0, 1.0, 2.0]))).max() < 1e-12
    np.True_
    >>> np.round(studentised_affine_errors(np.array([0.0, 2.0, 2.0]),
    ...                                    np.array([0.0, 1.0, 2.0])), 6)
    array([-0.816497,  0.816497, -0.816497])
    """
    est = np.asarray(estimate, dtype=np.float64).ravel()
    ref = np.asarray(truth, dtype=np.float64).ravel()
    if est.size != ref.size or est.size < 3:
        raise ValueError("estimate, truth: need two vectors of one length >= 3")
    design = np.column_stack([ref, np.ones_like(ref)])
    leverage = np.diag(design @ np.linalg.pinv(design))
    slope, intercept = np.linalg.lstsq(design, est, rcond=None)[0]
    # a slope zero to rounding: the estimate has no trend along the truth
    if abs(slope) * np.ptp(ref) <= 1e-12 * max(float(np.ptp(est)), np.finfo(np.float64).tiny):
        raise ValueError("estimate: no affine trend in truth, its map is undefined")
    return ((est - intercept) / slope - ref) / np.sqrt(1.0 - leverage)
