"""The DCG utility of Zhou, Zha, Xue, Yu, "Learning the Gain Values and Discount Factors
of DCG": the binary representation of a ranking and the linear utility on it.

Grades are indices ``1..L`` with grade 1 the most preferred (the paper's ``ell_1``, e.g.
Perfect), so a compatible gain vector is decreasing, ``g_1 > g_2 > ... > g_L``.

* :func:`binary_representation` — ``s(pi)``, K blocks of L indicators (Section 5.1);
* :func:`utility` — ``w^T s(pi)``; with ``w_{i,j} = c_i g_j`` it is ``DCG_{g,K}(pi)``
  (Case 1);
* :func:`order_transform` — ``T(w)``: each position's weights minus that position's
  weight for the last grade (eq. 3), and :func:`similarity`, the cosine of
  ``T(w)`` and ``T(w_hat)``.

The learning problem itself (the QP of eq. 1 and its variants) is not here yet.
"""

from __future__ import annotations

import numpy as np

__all__ = ["binary_representation", "utility", "order_transform", "similarity"]


def binary_representation(labels, n_levels: int, k: int | None = None) -> np.ndarray:
    """``s(pi)``: for each of the first K positions, the one-hot code of its grade.

    Parameters
    ----------
    labels : sequence of int in 1..L
        Grades of the ranked documents, top first (only the first K are used).
    n_levels : int
        L.
    k : int, optional
        K; default all positions.

    Returns
    -------
    ndarray of int, shape (K * L,)

    Examples
    --------
    The paper's example, L = 5, grades Perfect (1), Bad (5), Good (3):

    >>> binary_representation([1, 5, 3], 5).tolist()
    [1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0]
    """
    lab = np.asarray(labels)
    if lab.ndim != 1 or lab.size == 0 or not np.issubdtype(lab.dtype, np.integer):
        raise ValueError("labels: expected a non-empty 1-d sequence of integer grades")
    if isinstance(n_levels, bool) or not isinstance(n_levels, int) or n_levels < 2:
        raise ValueError(f"n_levels: must be an integer >= 2, got {n_levels!r}")
    if lab.min() < 1 or lab.max() > n_levels:
        raise ValueError(f"labels: grades must lie in 1..{n_levels}")
    kk = lab.size if k is None else k
    if isinstance(kk, bool) or not isinstance(kk, int) or not 1 <= kk <= lab.size:
        raise ValueError(f"k: must be an integer in 1..{lab.size}, got {k!r}")
    s = np.zeros((kk, n_levels), dtype=np.int64)
    s[np.arange(kk), lab[:kk] - 1] = 1
    return s.ravel()


def utility(w, s) -> float:
    """``u(s) = w^T s``."""
    wa = np.asarray(w, dtype=np.float64)
    sa = np.asarray(s, dtype=np.float64)
    if wa.shape != sa.shape:
        raise ValueError(f"w and s: different shapes {wa.shape} and {sa.shape}")
    return float(wa @ sa)


def order_transform(w, n_levels: int) -> np.ndarray:
    """``T(w) = (w_11 - w_1L, ..., w_1L - w_1L, ..., w_K1 - w_KL, ..., w_KL - w_KL)``."""
    wa = np.asarray(w, dtype=np.float64)
    if wa.ndim != 1 or wa.size % n_levels:
        raise ValueError(f"w: length {wa.size} is not a multiple of n_levels = {n_levels}")
    m = wa.reshape(-1, n_levels)
    return (m - m[:, -1:]).ravel()


def similarity(w, w_hat, n_levels: int) -> float:
    """``sim(w, w_hat) = T(w)^T T(w_hat) / (|T(w)| |T(w_hat)|)`` (Section 6.2)."""
    a = order_transform(w, n_levels)
    b = order_transform(w_hat, n_levels)
    den = float(np.linalg.norm(a) * np.linalg.norm(b))
    if den == 0:
        raise ValueError("w, w_hat: T(w) is zero, the similarity is undefined")
    return float(a @ b) / den
