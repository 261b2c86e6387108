"""How fast a limit is approached: the exponent of a gap ``|N(n) - limit|`` fitted on
log-log axes (a power rate ``n^a``) or log-log-log axes (a rate ``(log n)^a``), and the
predicted rate drawn through the last resolved point (notebook 004's rate pictures).

The gaps come from double-precision values of the pseudo-expectation, so only gaps above
``resolution`` (1e-11 by default) are used: below it their last digits are rounding.
"""

from __future__ import annotations

import numpy as np

__all__ = ["RESOLUTION", "ORDERS", "fitted_exponent", "order_ratio", "rate_curve"]

RESOLUTION = 1e-11

#: the orders of magnitude the notebook names (centring and fluctuation of NDCG), as
#: functions of n (natural logarithms; an order fixes a ratio between two n up to a
#: constant factor that tends to 1 only as both n grow)
ORDERS = {
    "1/log n": lambda n: 1 / np.log(n),
    "n^-1/2": lambda n: n**-0.5,
    "n^-1/4": lambda n: n**-0.25,
    "n^-1/2 / log n": lambda n: n**-0.5 / np.log(n),
    "(log n / n)^1/2": lambda n: np.sqrt(np.log(n) / n),
    "(n log n)^-1/2": lambda n: 1 / np.sqrt(n * np.log(n)),
}


def _resolved(ns, gaps, resolution) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    ns = np.asarray(ns, dtype=np.float64)
    gaps = np.asarray(gaps, dtype=np.float64)
    if ns.ndim != 1 or ns.shape != gaps.shape:
        raise ValueError(f"ns, gaps: must be 1-d of one length, got {ns.shape}, {gaps.shape}")
    return ns, gaps, gaps > resolution


def fitted_exponent(ns, gaps, *, in_log_n: bool, from_n: float = 1e4, points: int = 4,
                    resolution: float = RESOLUTION) -> tuple[float, np.ndarray]:
    """The slope of ``log gap`` against ``log n`` (``in_log_n=False``: the ``a`` of
    ``n^a``) or against ``log log n`` (``in_log_n=True``: the ``a`` of ``(log n)^a``), by
    least squares over the last ``points`` resolved gaps at ``n >= from_n``.

    Returns
    -------
    exponent : float
    used : ndarray of int
        The indices of the points fitted.

    Examples
    --------
    Gaps ``3 n^(-1/2)`` exactly: the slope on log-log axes is -1/2.

    >>> import numpy as np
    >>> ns = np.array([1e4, 1e5, 1e6, 1e7])
    >>> exponent, used = fitted_exponent(ns, 3 * ns ** -0.5, in_log_n=False)
    >>> round(exponent, 12), used.tolist()
    (-0.5, [0, 1, 2, 3])
    """
    ns, gaps, ok = _resolved(ns, gaps, resolution)
    used = np.flatnonzero(ok & (ns >= from_n))[-points:]
    if used.size < 2:
        raise ValueError(f"gaps: fewer than two resolved gaps at n >= {from_n:g}")
    x = np.log(np.log(ns[used])) if in_log_n else np.log(ns[used])
    return float(np.polyfit(x, np.log(gaps[used]), 1)[0]), used


def rate_curve(ns, gaps, *, exponent: float, in_log_n: bool,
               resolution: float = RESOLUTION) -> tuple[np.ndarray, np.ndarray]:
    """The rate ``n^exponent`` (or ``(log n)^exponent``) through the last resolved gap,
    on the ``ns`` up to it: the predicted rate drawn beside the gaps."""
    ns, gaps, ok = _resolved(ns, gaps, resolution)
    if not ok.any():
        raise ValueError("gaps: none resolved")
    last = np.flatnonzero(ok)[-1]
    at, gap = ns[last], gaps[last]
    grid = ns[ns <= at]
    if in_log_n:
        return grid, gap * (np.log(grid) / np.log(at)) ** exponent
    return grid, gap * (grid / at) ** exponent


def order_ratio(form: str, n_lo: float, n_hi: float) -> float:
    """The factor by which the order ``form`` (a key of :data:`ORDERS`) changes from
    ``n_lo`` to ``n_hi``: what a standard deviation of that order should shrink by.

    Examples
    --------
    >>> round(order_ratio("n^-1/2", 1e2, 1e4), 6)
    0.1
    >>> round(order_ratio("1/log n", 1e3, 1e6), 6)
    0.5
    """
    if form not in ORDERS:
        raise ValueError(f"form: one of {sorted(ORDERS)}, got {form!r}")
    return float(ORDERS[form](float(n_hi)) / ORDERS[form](float(n_lo)))
