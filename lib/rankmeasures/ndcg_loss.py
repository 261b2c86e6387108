"""The ranking losses of Shalev-Shwartz & Ben-David (2014), Section 17.4.

Both take ``(y_true, y_score)``, as every measure of the package does (scikit-learn's
order); the book writes the loss ``Delta(y', y)`` with the prediction ``y' = y_score``
first.

* NDCG loss ``Delta(y', y) = 1 - G(y', y)/G(y, y)`` with
  ``G(y', y) = sum_i D(pi(y')_i) y_i`` and the top-k discount
  (:class:`rankmeasures.discounts.TopKDiscount`);
* Kendall tau loss: the fraction of pairs whose order differs,
  ``(2/(r(r-1))) sum_{i<j} 1[sign(y'_i - y'_j) != sign(y_i - y_j)]``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .dcg import ndcg
from .discounts import TopKDiscount

if TYPE_CHECKING:
    from ._typing import ArrayLike

__all__ = ["ndcg_loss", "kendall_tau_loss"]


def ndcg_loss(y_true: ArrayLike, y_score: ArrayLike, *, k: int, ties: str = "average",
              zero_idcg: str = "one") -> float:
    """``Delta(y', y) = 1 - G(y', y) / G(y, y)`` with the textbook top-k discount.

    Shalev-Shwartz & Ben-David (2014), Section 17.4, with ``y = y_true`` and
    ``y' = y_score`` (the book's ``Delta(y', y)`` is ``ndcg_loss(y, y', k=k)``).

    Parameters
    ----------
    y_true : array_like, shape (r,)
        Non-negative relevance ``y``.
    y_score : array_like, shape (r,)
        The predicted scores ``y'``.
    k : int
        Cut-off (the book asks ``k < r``; larger k simply keeps every position).
    ties : {"average", "optimistic", "pessimistic", "stable"}
        Tie policy for equal predicted scores (see :func:`rankmeasures.dcg`).
    zero_idcg : {"one", "zero", "nan", "raise"}
        Policy when ``G(y, y) = 0``; default ``"one"`` gives loss 0 (no relevant item, so
        every ranking is as good as the target).

    Returns
    -------
    float in [0, 1]

    Examples
    --------
    One relevant item among r = 4; ``y_score`` ranks it third.

    >>> import rankmeasures as rm
    >>> rm.ndcg_loss([1, 0, 0, 0], [2, 4, 3, 1], k=3)  # 1 - (1/log2(4)) / (1/log2(2))
    0.5
    >>> rm.ndcg_loss([1, 0, 0, 0], [2, 4, 3, 1], k=2)  # below the top 2: nothing gained
    1.0
    >>> rm.ndcg_loss([1, 0, 0, 0], [4, 3, 2, 1], k=2)  # ranked first
    0.0
    """
    return 1.0 - ndcg(y_true, y_score, discount=TopKDiscount(k), ties=ties, zero_idcg=zero_idcg)


def kendall_tau_loss(y_true: ArrayLike, y_score: ArrayLike) -> float:
    """Fraction of pairs ``i < j`` with ``sign(y'_i - y'_j) != sign(y_i - y_j)``.

    Shalev-Shwartz & Ben-David (2014), Section 17.4: a pair tied in one vector and not in
    the other counts as a mismatch; a pair tied in both does not. From the pair counts:
    ``(n0 - C - Txy) / n0``. Needs at least two items.

    The loss is symmetric in its two arguments; it takes ``(y_true, y_score)`` as every
    measure of the package does.

    Parameters
    ----------
    y_true : array_like, shape (r,)
        The target scores ``y``.
    y_score : array_like, shape (r,)
        The predicted scores ``y'``.

    Returns
    -------
    float in [0, 1]

    Examples
    --------
    >>> import rankmeasures as rm
    >>> round(rm.kendall_tau_loss([1, 2, 3], [1, 3, 2]), 6)  # pair (1, 2) differs: 1/3
    0.333333

    Pair (0, 1) is tied in ``y_true`` only and (1, 2) in ``y_score`` only: 2 of 3 pairs.

    >>> round(rm.kendall_tau_loss([1, 1, 2], [1, 2, 2]), 6)
    0.666667
    >>> rm.kendall_tau_loss([1, 1], [5, 5])  # tied in both: no mismatch
    0.0
    """
    # the pair counts' module loads here, not with the package (``import rankmeasures``
    # imports this module, and a DCG computation needs no pair counts)
    from ._concordance.counts import pair_counts

    pc = pair_counts(y_true, y_score, names=("y_true", "y_score"))
    if pc.total == 0:
        raise ValueError("y_true: need at least two items for a pairwise loss")
    return (pc.total - pc.concordant - pc.ties_xy) / pc.total
