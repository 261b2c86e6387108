"""Reading the differences of the protocol of Zhou, Zha, Xue, Yu, "Learning the Gain Values
and Discount Factors of DCG" (document 001, Sections 6-8) against their standard errors:
whether a statement that a performance goes up, down, does not rise or changes little holds,
is contradicted or is not resolved, with runs that share their seeds paired.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .._typing import ArrayLike

__all__ = ["LITTLE_CHANGE", "difference_verdict", "little_change_verdict",
           "paired_difference", "paired_verdict"]

#: Our reading of "improves the performance little" (Section 7): a change of at most this
#: much in precision or similarity, either way (see :func:`little_change_verdict`).
LITTLE_CHANGE = 0.01


def difference_verdict(diff: float, se: float, q: float, expect: str) -> str:
    """Read a difference against its standard error, for a statement that it goes
    ``expect``: ``"up"``, ``"down"``, ``"not up"`` (does not increase) or ``"none"`` (no
    change).

    For ``"up"``/``"down"``: ``"as stated"`` beyond ``q`` standard errors in that direction,
    ``"opposite"`` beyond ``q`` the other way, ``"not resolved"`` otherwise. For ``"not up"``:
    ``"opposite"`` when significantly up, else ``"as stated"``. For ``"none"``: ``"as
    stated"`` within ``q`` standard errors, else the direction found (``"up"``/``"down"``).

    Examples
    --------
    >>> difference_verdict(0.05, 0.01, 3.0, "up"), difference_verdict(0.05, 0.01, 3.0, "down")
    ('as stated', 'opposite')
    >>> difference_verdict(0.02, 0.01, 3.0, "up"), difference_verdict(-0.05, 0.01, 3.0, "none")
    ('not resolved', 'down')
    >>> [difference_verdict(d, 0.01, 3.0, "not up") for d in (-0.05, 0.05)]
    ['as stated', 'opposite']
    """
    if expect not in ("up", "down", "not up", "none"):
        raise ValueError(f"expect: 'up', 'down', 'not up' or 'none', got {expect!r}")
    if not (se > 0 and q > 0):
        raise ValueError(f"se, q: need both > 0, got {se!r}, {q!r}")
    z = diff / se
    if expect == "none":
        return "as stated" if abs(z) <= q else ("up" if z > 0 else "down")
    if expect == "not up":
        return "opposite" if z > q else "as stated"
    sign = 1 if expect == "up" else -1
    if sign * z > q:
        return "as stated"
    if sign * z < -q:
        return "opposite"
    return "not resolved"


def little_change_verdict(diff: float, se: float, q: float, tol: float,
                          side: str = "both") -> str:
    """Read a difference for a statement that it changes the performance *little*: by at
    most ``tol`` either way (``side="both"``), or that it does not *increase* it: by at
    most ``tol`` upwards (``side="up"``).

    ``"as stated"`` when the interval ``diff ± q se`` lies within ``[-tol, tol]`` (below
    ``tol`` for ``side="up"``); ``"up"`` (``"down"``) when it lies wholly above ``tol``
    (below ``-tol``, only for ``side="both"``), a change larger than little;
    ``"not resolved"`` otherwise. Zhou et al. (Section 7) say the Hamming margin "improves
    the performance little": a large gain fails it as a large loss does. They say that
    with pairs against the optimal ranking "the performance do[es] not increase" (Section
    6.5): an absence of a rise is shown by an interval that excludes a rise, not by a rise
    that is merely not significant.

    Examples
    --------
    >>> [little_change_verdict(d, 0.001, 3.0, 0.01) for d in (0.002, 0.05, -0.05, 0.009)]
    ['as stated', 'up', 'down', 'not resolved']
    >>> [little_change_verdict(d, 0.001, 3.0, 0.01, side="up") for d in (-0.05, 0.05, 0.009)]
    ['as stated', 'up', 'not resolved']
    """
    if not (se >= 0 and q > 0 and tol > 0):
        raise ValueError(f"se, q, tol: need se >= 0, q > 0, tol > 0, got {se!r}, {q!r}, "
                         f"{tol!r}")
    if side not in ("both", "up"):
        raise ValueError(f"side: 'both' or 'up', got {side!r}")
    lo, hi = diff - q * se, diff + q * se
    if (side == "up" or -tol <= lo) and hi <= tol:
        return "as stated"
    if lo > tol:
        return "up"
    if hi < -tol:
        return "down"
    return "not resolved"


def paired_difference(after: ArrayLike, before: ArrayLike) -> tuple[float, float]:
    """Mean and standard error of the per-seed differences ``after[i] - before[i]``.

    Runs that share their seeds (the same training and test pairs, as the settings of
    Zhou et al.'s Figures 11-12 against Figure 1 do here, or two C values on one
    training set) are paired: the standard error of their difference is that of the
    per-seed differences, not the root sum of squares of the two standard errors, which
    ignores their correlation. Pairing by seed index is valid for any two series of
    independent seeds; it only gains when the two runs of one seed are correlated. A
    contrast of four series (a difference of differences) is passed as two differences.

    Parameters
    ----------
    after, before : array_like, shape (n,)
        One value per seed, seed ``i`` at index ``i`` in both; ``n >= 2``.

    Returns
    -------
    (float, float)
        The mean difference and its standard error ``sd(after - before) / sqrt(n)``.

    Examples
    --------
    >>> diff, se = paired_difference([1.0, 2.0, 3.0], [0.0, 1.0, 3.0])  # differences 1, 1, 0
    >>> round(diff, 12), round(se, 12)  # 2/3 and sqrt(1/3) / sqrt(3) = 1/3
    (0.666666666667, 0.333333333333)
    """
    a = np.asarray(after, dtype=np.float64)
    b = np.asarray(before, dtype=np.float64)
    if a.ndim != 1 or a.shape != b.shape or a.size < 2:
        raise ValueError("after, before: need two 1-d series of one length >= 2 (one value "
                         "per seed)")
    d = a - b
    if not np.all(np.isfinite(d)):
        raise ValueError("after, before: need finite values")
    return float(d.mean()), float(d.std(ddof=1) / np.sqrt(d.size))


def paired_verdict(after: ArrayLike, before: ArrayLike, q: float,
                   expect: str) -> tuple[float, float, str]:
    """:func:`difference_verdict` of the paired difference ``after - before`` (see
    :func:`paired_difference`): returns the mean difference, its standard error and the
    reading. A difference that is the same under every seed (standard error 0) is exact
    and is read by its sign alone.

    Examples
    --------
    >>> paired_verdict([1.0, 2.0, 3.0], [0.0, 1.0, 3.0], 3.0, "up")[2]  # 2 standard errors
    'not resolved'
    >>> paired_verdict([1.0, 2.0, 3.0], [0.0, 1.0, 3.0], 1.5, "up")[2]
    'as stated'
    """
    diff, se = paired_difference(after, before)
    # an exact difference: any nonzero one is beyond q standard errors, a zero one is not
    exact = np.finfo(np.float64).tiny
    return diff, se, difference_verdict(diff, se if se > 0 else exact, q, expect)
