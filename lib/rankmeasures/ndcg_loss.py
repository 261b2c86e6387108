"""The ranking losses of Shalev-Shwartz & Ben-David (2014), Section 17.4.

* NDCG loss ``Delta(y', y) = 1 - G(y', y)/G(y, y)`` with
  ``G(y', y) = sum_i D(pi(y')_i) y_i`` and the top-k discount
  (:class:`rankmeasures.discounts.TopKDiscount`);
* Kendall tau loss: the fraction of pairs whose order differs,
  ``(2/(r(r-1))) sum_{i<j} 1[sign(y'_i - y'_j) != sign(y_i - y_j)]``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .concordance import pair_counts
from .dcg import ndcg
from .discounts import TopKDiscount

if TYPE_CHECKING:
    from ._typing import ArrayLike

__all__ = ["ndcg_loss", "kendall_tau_loss"]


def ndcg_loss(y_pred: ArrayLike, y_true: ArrayLike, *, k: int, ties: str = "average",
              zero_idcg: str = "one") -> float:
    """``Delta(y', y) = 1 - G(y', y) / G(y, y)`` with the textbook top-k discount.

    Parameters
    ----------
    y_pred : array_like, shape (r,)
        The predicted scores ``y'``.
    y_true : array_like, shape (r,)
        Non-negative relevance ``y``.
    k : int
        Cut-off (the book asks ``k < r``; larger k simply keeps every position).
    ties : str
        Tie policy for equal predicted scores (see :func:`rankmeasures.dcg`).
    zero_idcg : str
        Policy when ``G(y, y) = 0``; default ``"one"`` gives loss 0 (no relevant item, so
        every ranking is as good as the target).

    Returns
    -------
    float in [0, 1]
    """
    return 1.0 - ndcg(y_true, y_pred, discount=TopKDiscount(k), ties=ties, zero_idcg=zero_idcg)


def kendall_tau_loss(y_pred: ArrayLike, y_true: ArrayLike) -> float:
    """Fraction of pairs ``i < j`` with ``sign(y'_i - y'_j) != sign(y_i - y_j)``.

    Shalev-Shwartz & Ben-David (2014), Section 17.4: a pair tied in one vector and not in
    the other counts as a mismatch; a pair tied in both does not. From the pair counts:
    ``(n0 - C - Txy) / n0``. Needs at least two items.
    """
    pc = pair_counts(y_pred, y_true, names=("y_pred", "y_true"))
    if pc.total == 0:
        raise ValueError("y_true: need at least two items for a pairwise loss")
    return (pc.total - pc.concordant - pc.ties_xy) / pc.total
