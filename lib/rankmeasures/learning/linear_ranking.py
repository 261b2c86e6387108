"""Linear ranking predictors and the convex surrogates of Shalev-Shwartz & Ben-David.

Section 17.4.1: ``h_w(x_1, ..., x_r) = (<w, x_1>, ..., <w, x_r>)`` (eq. 17.6), and two
convex upper bounds used to learn w:

* the hinge loss for the Kendall tau loss,
  ``(2/(r(r-1))) sum_{i<j} max{0, 1 - sign(y_i - y_j) <w, x_i - x_j>}``;
* the hinge loss for the NDCG loss,
  ``max_{v in V} [Delta(v, y) + <w, Psi(x, v) - Psi(x, pi(y))>]`` with
  ``Psi(x, v) = sum_i v_i x_i`` over permutation vectors v (``v_i = r`` is the top). Its
  maximisation is a linear assignment problem (item i -> value j), solved by
  :func:`scipy.optimize.linear_sum_assignment`.

Training minimises the mean surrogate plus ``(lam/2)|w|^2`` with scipy's L-BFGS-B on
(sub)gradients; the pointwise baseline is least squares with an intercept
(:func:`numpy.linalg.lstsq`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
from scipy.optimize import linear_sum_assignment, minimize

from .._validation import as_float_array
from ..dcg import idcg
from ..discounts import TopKDiscount

if TYPE_CHECKING:
    from .._typing import ArrayLike

__all__ = [
    "linear_scores",
    "kendall_hinge",
    "ndcg_hinge",
    "fit_linear_ranker",
    "least_squares_ranker",
]


def _query(x, y):
    xa = as_float_array("X", x, ndim=2)
    ya = as_float_array("y", y)
    if xa.shape[0] != ya.size:
        raise ValueError(f"X and y: {xa.shape[0]} rows but {ya.size} labels")
    if ya.size < 2:
        raise ValueError("y: a ranking needs at least two items")
    return xa, ya


def linear_scores(w: ArrayLike, x: ArrayLike) -> np.ndarray:
    """``h_w(x_1, ..., x_r) = (<w, x_1>, ..., <w, x_r>)`` (eq. 17.6)."""
    xa = as_float_array("X", x, ndim=2)
    wa = as_float_array("w", w)
    if wa.size != xa.shape[1]:
        raise ValueError(f"w: length {wa.size}, but X has {xa.shape[1]} features")
    return xa @ wa


def _kendall_terms(xa, ya):
    """What the Kendall hinge of one query needs that does not depend on w."""
    r = ya.size
    iu, ju = np.triu_indices(r, 1)
    return np.sign(ya[iu] - ya[ju]), xa[iu] - xa[ju], 2.0 / (r * (r - 1))


def _kendall_value(w, terms) -> tuple[float, np.ndarray]:
    sgn, diff, scale = terms
    margin = 1.0 - sgn * (diff @ np.asarray(w, dtype=np.float64))
    active = margin > 0
    value = scale * float(np.maximum(margin, 0.0).sum())
    grad = -scale * (sgn[active, None] * diff[active]).sum(axis=0)
    return value, grad


def kendall_hinge(w: ArrayLike, x: ArrayLike, y: ArrayLike) -> tuple[float, np.ndarray]:
    """The hinge surrogate of the Kendall tau loss and its subgradient in w.

    ``(2/(r(r-1))) sum_{i<j} max{0, 1 - sign(y_i - y_j) <w, x_i - x_j>}``; a pair tied
    in y contributes 1 (its sign is 0), as in the book's rewrite of the 0-1 loss.
    """
    return _kendall_value(w, _kendall_terms(*_query(x, y)))


def _ndcg_terms(xa, ya, k):
    """What the NDCG hinge of one query needs that does not depend on w: the ideal
    G(y, y), the book's top-k discount of each value, the loss part of the assignment's
    profit and pi(y)."""
    if np.any(ya < 0):
        raise ValueError("y: the NDCG loss needs non-negative relevance")
    r = ya.size
    g_ideal = idcg(ya, discount=TopKDiscount(k))
    if g_ideal == 0:
        raise ValueError("y: no relevant item, G(y, y) = 0")
    values = np.arange(1, r + 1, dtype=np.float64)  # v_i = j, j = r is the top
    d_of_value = TopKDiscount.book_form(values, r, k)
    loss_part = ya[:, None] * d_of_value[None, :] / g_ideal
    # pi(y): the value of item i when sorting y increasingly (ties in input order)
    pi_y = np.empty(r, dtype=np.int64)
    pi_y[np.argsort(ya, kind="stable")] = np.arange(1, r + 1)
    return xa, ya, g_ideal, values, d_of_value, loss_part, pi_y


def _ndcg_value(w, terms) -> tuple[float, np.ndarray, np.ndarray]:
    xa, ya, g_ideal, values, d_of_value, loss_part, pi_y = terms
    s = xa @ np.asarray(w, dtype=np.float64)
    profit = s[:, None] * values[None, :] - loss_part
    rows, cols = linear_sum_assignment(profit, maximize=True)
    v = np.empty(ya.size, dtype=np.int64)
    v[rows] = cols + 1
    delta_v = 1.0 - float((d_of_value[v - 1] * ya).sum()) / g_ideal
    value = delta_v + float(((v - pi_y) * s).sum())
    grad = ((v - pi_y)[:, None] * xa).sum(axis=0)
    return value, grad, v


def ndcg_hinge(w: ArrayLike, x: ArrayLike, y: ArrayLike,
               k: int) -> tuple[float, np.ndarray, np.ndarray]:
    """The hinge surrogate of the NDCG loss, its subgradient and the maximising v.

    ``max_v [Delta(v, y) + sum_i (v_i - pi(y)_i) <w, x_i>]`` with the top-k discount,
    ``Delta(v, y) = 1 - sum_i D(v_i) y_i / G(y, y)``. Item i takes value ``v_i`` in
    ``{1..r}`` (r = top); the maximisation over permutations is the assignment problem
    with profit ``j <w, x_i> - D(j) y_i / G(y, y)``.

    Returns
    -------
    value : float
    grad : ndarray, the subgradient ``sum_i (v_i - pi(y)_i) x_i``
    v : ndarray of int, the maximising permutation vector
    """
    xa, ya = _query(x, y)
    return _ndcg_value(w, _ndcg_terms(xa, ya, k))


def least_squares_ranker(queries: Sequence[tuple[ArrayLike, ArrayLike]]) -> np.ndarray:
    """Pointwise baseline: the slope of the least-squares fit of the grades, with intercept.

    Minimises ``sum (<w, x> + b - y)^2`` over every item of every list and returns ``w``
    alone: the ranking ``h_w`` (Shalev-Shwartz & Ben-David, eq. 17.6) is the same for any
    ``b``, so the intercept is fitted and dropped. Without it the slope would also have
    to absorb the grades' mean through the features' mean, which the stacked lists do
    not have exactly at 0, and the ranking would change when a constant is added to every
    grade. Solved by :func:`numpy.linalg.lstsq` on the features with a column of ones.

    Parameters
    ----------
    queries : sequence of (X, y)
        One feature matrix (r, d) and relevance vector (r,) per list.

    Returns
    -------
    ndarray, shape (d,)
        The fitted slope ``w``.

    Examples
    --------
    >>> x = np.array([[0.0], [1.0], [2.0]])
    >>> least_squares_ranker([(x, [5.0, 7.0, 9.0])])  # y = 2 x + 5: slope 2
    array([2.])
    """
    if len(queries) == 0:
        raise ValueError("queries: need at least one (X, y) list")
    pairs = [_query(*q) for q in queries]
    xs = np.vstack([xa for xa, _ in pairs])
    ys = np.concatenate([ya for _, ya in pairs])
    design = np.hstack([xs, np.ones((xs.shape[0], 1))])
    return np.linalg.lstsq(design, ys, rcond=None)[0][:-1]


def fit_linear_ranker(queries: Sequence[tuple[ArrayLike, ArrayLike]], *, surrogate: str,
                      k: int = 10, lam: float = 1e-3, max_iter: int = 200) -> np.ndarray:
    """Learn w by minimising the mean surrogate over ``queries`` plus ``(lam/2)|w|^2``.

    Parameters
    ----------
    queries : sequence of (X, y)
        One feature matrix (r, d) and relevance vector (r,) per list.
    surrogate : {"kendall_hinge", "ndcg_hinge"}
    k : int
        Cut-off of the NDCG surrogate.
    lam : float
        Ridge weight (keeps the piecewise-linear objective bounded below).
    """
    if surrogate not in ("kendall_hinge", "ndcg_hinge"):
        raise ValueError(f"surrogate: must be 'kendall_hinge' or 'ndcg_hinge', got {surrogate!r}")
    d = np.asarray(queries[0][0]).shape[1]
    # each query's w-free terms (validation, G(y, y), pi(y), the pairs) once, not at
    # every evaluation of the objective: the same arithmetic on w, so the same bits
    if surrogate == "kendall_hinge":
        value_of, terms = _kendall_value, [_kendall_terms(*_query(x, y)) for x, y in queries]
    else:
        value_of, terms = _ndcg_value, [_ndcg_terms(*_query(x, y), k) for x, y in queries]

    def objective(w):
        total = 0.5 * lam * float(w @ w)
        grad = lam * w
        for t in terms:
            v, g = value_of(w, t)[:2]
            total += v / len(queries)
            grad = grad + g / len(queries)
        return total, grad

    res = minimize(objective, np.zeros(d), jac=True, method="L-BFGS-B",
                   options={"maxiter": max_iter})
    return res.x
