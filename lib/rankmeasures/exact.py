"""Exact (sympy) DCG: the same definition as :func:`rankmeasures.dcg`, with symbolic or
rational grades and the discount's sympy form, for identities and worked examples.

Wang et al. (2013), Definition 1; tie averaging as McSherry & Najork (2008).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import sympy

from ._validation import check_k, check_option
from .discounts import as_discount, n, r
from .gains import as_gain, y

if TYPE_CHECKING:
    from collections.abc import Sequence

    import numpy as np

    from ._typing import DiscountLike, GainLike

__all__ = ["dcg_symbolic", "idcg_symbolic"]


def _terms(grades, discount, gain):
    d = as_discount(discount)
    g = as_gain(gain)
    if d.expr is None:
        raise ValueError(f"discount: {d.name} has no sympy form")
    if g.expr is None:
        raise ValueError(f"gain: {g.name} has no sympy form")
    grades = [sympy.sympify(v) for v in grades]
    if not grades:
        raise ValueError("y_true: empty input (no items to rank)")
    length = len(grades)

    def disc(pos):
        return d.expr.subs({r: pos, n: length})

    return [g.expr.subs(y, v) for v in grades], disc


def dcg_symbolic(y_true: Sequence[Any] | np.ndarray, y_score: Sequence[Any] | np.ndarray, *,
                 gain: GainLike = "identity", discount: DiscountLike = "log2",
                 k: int | None = None, ties: str = "average") -> sympy.Expr:
    """``sum_r G(y_(r)) D(r)`` as an exact sympy expression.

    Parameters
    ----------
    y_true : sequence of numbers or sympy expressions
        Grades (symbols allowed: the result is then symbolic in them).
    y_score : sequence of real numbers
        Scores (exact comparison; ties follow ``ties``).
    gain, discount
        As in :func:`rankmeasures.dcg`; both need a sympy form.
    k : int, optional
        Cut-off: positions beyond ``k`` get weight 0.
    ties : {"average", "stable"}
        ``"average"``: each tie group gets the mean of the discounts of its positions.

    Returns
    -------
    sympy.Expr

    Examples
    --------
    >>> import sympy
    >>> import rankmeasures as rm
    >>> rm.dcg_symbolic([3, 2, 0], [3, 2, 1])  # 3/log2(2) + 2/log2(3) + 0/log2(4)
    2*log(2)/log(3) + 3
    >>> a, b = sympy.symbols("a b")
    >>> rm.dcg_symbolic([a, b], [2, 1], discount="zipf")
    a + b/2
    >>> rm.dcg_symbolic([1, 0], [1, 1], discount="zipf")  # tied: 1 * (1 + 1/2)/2
    3/4
    """
    check_option("ties", ties, ("average", "stable"))
    k = check_k(k)
    scores = [sympy.sympify(s) for s in y_score]
    if len(scores) != len(y_true):
        raise ValueError("y_true and y_score: different lengths")
    gains, disc = _terms(y_true, discount, gain)
    order = sorted(range(len(scores)), key=lambda i: -scores[i])  # stable
    w = [disc(p + 1) if k is None or p + 1 <= k else sympy.Integer(0)
         for p in range(len(order))]
    total = sympy.Integer(0)
    p = 0
    while p < len(order):
        q = p
        if ties == "average":
            while q + 1 < len(order) and scores[order[q + 1]] == scores[order[p]]:
                q += 1
        mean_w = sum(w[p:q + 1]) / (q - p + 1)
        total += sum(gains[order[i]] for i in range(p, q + 1)) * mean_w
        p = q + 1
    return total


def idcg_symbolic(y_true: Sequence[Any] | np.ndarray, *, gain: GainLike = "identity",
                  discount: DiscountLike = "log2", k: int | None = None) -> sympy.Expr:
    """Exact IDCG for numeric grades (sorted by decreasing gain).

    Parameters
    ----------
    y_true : sequence of numbers
        Grades (numeric: they are sorted).
    gain, discount, k
        As in :func:`dcg_symbolic`.

    Returns
    -------
    sympy.Expr

    Examples
    --------
    >>> import rankmeasures as rm
    >>> rm.idcg_symbolic([0, 1, 2], discount="zipf")  # 2/1 + 1/2 + 0/3
    5/2
    >>> rm.idcg_symbolic([0, 1, 2], gain="exp2", discount="zipf")  # 3/1 + 1/2 + 0/3
    7/2
    >>> rm.idcg_symbolic([1, 0, 1])  # 1/log2(2) + 1/log2(3)
    log(2)/log(3) + 1
    """
    gains, _ = _terms(y_true, discount, gain)
    order = sorted(range(len(gains)), key=lambda i: -gains[i])
    scores = [-i for i in range(len(order))]
    ranked = [y_true[i] for i in order]
    return dcg_symbolic(ranked, scores, gain=gain, discount=discount, k=k, ties="stable")
