"""The pair counts beneath the concordance measures (:mod:`rankmeasures.concordance`), in
O(n log n).

:func:`pair_counts` counts, over the ``n(n-1)/2`` unordered pairs of items, the pairs that
are concordant, discordant, tied in ``x``, tied in ``y`` and tied in both (``Tx`` counts
pairs tied in x, including those tied in both; ``Ty`` likewise; ``Txy`` pairs tied in both;
then ``C = n0 - D - Tx - Ty + Txy``).

The discordant count is the number of strict inversions of y after sorting by (x, y)
(:func:`count_inversions`). With numba installed (the ``fast`` extra; pinned in the lock)
and from 4096 items on, a compiled Fenwick-tree pass counts them
(:mod:`rankmeasures._kernels.pairs`); otherwise they are counted level by level on the bits
of the y-ranks (a wavelet-matrix pass), each level O(n) in numpy. Both are O(n log n) with
no Python loop over items, and are tested against each other and against scipy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .._kernels import jit as _jit
from .._kernels import pairs as _pairs_kernel
from .._ragged import group_starts
from .._validation import as_float_pair

if TYPE_CHECKING:
    from .._typing import ArrayLike

__all__ = ["PairCounts", "pair_counts", "count_inversions"]


@dataclass(frozen=True)
class PairCounts:
    """Counts of the unordered pairs of n items (all exact Python integers).

    Attributes
    ----------
    n : int
    concordant, discordant : int
        Pairs ordered the same way / opposite ways by x and y (strictly in both).
    ties_x, ties_y, ties_xy : int
        Pairs tied in x, tied in y, tied in both.

    Examples
    --------
    >>> import rankmeasures as rm
    >>> pc = rm.PairCounts(n=4, concordant=5, discordant=1, ties_x=0, ties_y=0, ties_xy=0)
    >>> pc.total  # 4 * 3 / 2 pairs
    6
    """

    n: int
    concordant: int
    discordant: int
    ties_x: int
    ties_y: int
    ties_xy: int

    @property
    def total(self) -> int:
        """``n(n-1)/2``."""
        return self.n * (self.n - 1) // 2


def _tied_pairs(sorted_values: np.ndarray) -> int:
    """Sum of t(t-1)/2 over runs of equal values of an already sorted array."""
    if sorted_values.size < 2:
        return 0
    starts = np.flatnonzero(group_starts(sorted_values))
    t = np.diff(np.append(starts, sorted_values.size)).astype(np.int64)
    return int((t * (t - 1) // 2).sum())


def count_inversions(v: ArrayLike) -> int:
    """Number of pairs ``i < j`` with ``v[i] > v[j]`` (strict), in O(n log max v).

    Wavelet-tree pass from the most significant bit down: before level b the sequence is
    stably grouped by ``v >> (b+1)``; inside each group every 0-bit element that follows a
    1-bit element is an inversion decided at this bit. The groups' start positions come
    from a table of value counts, so each level is a handful of O(n) numpy operations.

    Parameters
    ----------
    v : array_like of non-negative int, shape (n,)
        Typically dense ranks ``0..m-1``; floats are accepted when they hold whole
        numbers.

    Returns
    -------
    int
        The number of strict inversions, a Python int in ``[0, n(n-1)/2]``; 0 when ``v``
        has fewer than 2 items.

    Raises
    ------
    ValueError
        If ``v`` has a negative or non-integer entry (checked when it has at least 2
        items).

    Examples
    --------
    >>> import rankmeasures as rm
    >>> rm.count_inversions([2, 0, 1])  # (2, 0) and (2, 1)
    2
    >>> rm.count_inversions([1, 1, 0])  # (1, 0) twice; the equal pair is no inversion
    2
    """
    seq = np.asarray(v)
    nn = seq.size
    if nn < 2:
        return 0
    if seq.dtype.kind not in "biu":
        if seq.dtype.kind != "f":
            raise ValueError(f"v: must be non-negative integers, got dtype {seq.dtype}")
        bad = np.flatnonzero(~np.isfinite(seq) | (seq != np.floor(seq)))
        if bad.size:
            raise ValueError(f"v: must be non-negative integers, got {float(seq[bad[0]])!r} "
                             f"at index {bad[0]}")
    if seq.min() < 0:
        raise ValueError("v: must be non-negative integers")
    vmax = int(seq.max())
    dt: type[np.signedinteger] = np.int32 if max(nn, vmax + 1) < 2**31 - 1 else np.int64
    seq = seq.astype(dt)
    # below[x] = #{values < x} for x = 0..vmax+1
    below = np.zeros(vmax + 2, dtype=dt)
    np.cumsum(np.bincount(seq, minlength=vmax + 1), out=below[1:])
    idx = np.arange(nn, dtype=dt)
    total = 0
    for b in range(vmax.bit_length() - 1, -1, -1):
        # groups at this level: values sharing the bits above b, i.e. [p 2^(b+1), (p+1) 2^(b+1))
        edges = below[np.minimum(np.arange(0, vmax + 2 + (2 << b), 2 << b), vmax + 1)]
        starts, sizes = edges[:-1], np.diff(edges)
        mids = below[np.minimum(np.arange(1 << b, (1 << b) + starts.size * (2 << b), 2 << b),
                                vmax + 1)]
        is_one = ((seq >> b) & 1).astype(bool)
        excl = np.cumsum(is_one, dtype=dt)
        excl -= is_one  # ones strictly before i
        ones_before = excl - np.repeat(excl[np.minimum(starts, nn - 1)], sizes)
        # sum over the 0-bits of ones_before = sum over all - sum over the 1-bits, and the
        # 1-bits of a group with o ones contribute 0 + 1 + ... + (o-1)
        o = (sizes - (mids - starts)).astype(np.int64)
        total += int(ones_before.sum(dtype=np.int64)) - int((o * (o - 1) // 2).sum())
        newpos = np.where(is_one, np.repeat(mids, sizes) + ones_before, idx - ones_before)
        seq2 = np.empty_like(seq)
        seq2[newpos] = seq
        seq = seq2
    return total


def _rank_and_ties(a: np.ndarray) -> tuple[np.ndarray, int]:
    """Dense ranks 0..m-1 of ``a`` (one sort) and its number of tied pairs."""
    order = np.argsort(a)
    sa = a[order]
    new = group_starts(sa)
    ranks = np.empty(a.size, dtype=np.int64)
    ranks[order] = np.cumsum(new) - 1
    starts = np.flatnonzero(new)
    t = np.diff(np.append(starts, a.size)).astype(np.int64)
    return ranks, int((t * (t - 1) // 2).sum())


def pair_counts(x: ArrayLike, y: ArrayLike, *, names: tuple[str, str] = ("x", "y")) -> PairCounts:
    """Concordant, discordant and tied pair counts of two score vectors in O(n log n).

    Parameters
    ----------
    x, y : array_like, shape (n,)
        Finite values; larger means ranked higher (the counts are the same when both are
        rank vectors where smaller means higher).
    names : tuple of str
        Argument names used in error messages.

    Returns
    -------
    PairCounts

    Examples
    --------
    Pairs (0, 1): tied in x; (0, 2): both increase, concordant; (1, 2): tied in y.

    >>> import rankmeasures as rm
    >>> rm.pair_counts([1, 1, 2], [1, 2, 2])
    PairCounts(n=3, concordant=1, discordant=0, ties_x=1, ties_y=1, ties_xy=0)
    """
    xa, ya = as_float_pair(names, x, y)
    nn = xa.size
    if nn >= _jit.PAIRS_FROM and _pairs_kernel.available():
        d, tx, ty, txy = _pairs_kernel.pair_counts_sorted(xa, ya)
        n0 = nn * (nn - 1) // 2
        return PairCounts(nn, n0 - d - tx - ty + txy, d, tx, ty, txy)
    return _pair_counts_numpy(xa, ya)


def _pair_counts_numpy(xa: np.ndarray, ya: np.ndarray) -> PairCounts:
    """The numpy kernel: two rankings, one stable sort by (x, y), the wavelet count."""
    nn = xa.size
    rx, tx = _rank_and_ties(xa)
    ry, ty = _rank_and_ties(ya)
    if tx == 0:  # no ties in x: sorting by x alone is sorting by (x, y)
        order = np.empty(nn, dtype=np.int64)
        order[rx] = np.arange(nn)
        txy = 0
    else:
        joint = rx * (int(ry.max()) + 1) + ry
        order = np.argsort(joint, kind="stable")
        txy = _tied_pairs(joint[order])
    d = count_inversions(ry[order])
    n0 = nn * (nn - 1) // 2
    c = n0 - d - tx - ty + txy
    return PairCounts(nn, c, d, tx, ty, txy)
