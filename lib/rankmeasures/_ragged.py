"""The plumbing of ragged arrays: queries laid end to end in one flat array, cut by
``offsets`` ``[0, e_1, ..., n]`` (query q holds items ``offsets[q]:offsets[q + 1]``).

One home for what the measures of many queries each need: whether every query has the
same length, each item's query, each item's position's discount weight, each query's
order by decreasing score under a tie policy, where the runs of equal values of a sorted
array start, and the items of a subset of the queries.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .discounts import Discount

__all__ = ["is_rectangular", "query_index", "offsets_from_sizes", "accumulate_within",
           "positions_within", "gather_rows", "slot_weights", "score_order", "group_starts",
           "subset", "concat_per_query"]


def query_index(sizes: np.ndarray) -> np.ndarray:
    """Each item's query (int64): ``[0] * sizes[0] + [1] * sizes[1] + ...``."""
    return np.repeat(np.arange(len(sizes), dtype=np.int64), sizes)


def offsets_from_sizes(sizes: np.ndarray) -> np.ndarray:
    """``[0, s_1, s_1 + s_2, ..., sum s]`` as int64: the offsets of queries of these sizes."""
    return np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)


def positions_within(sizes: np.ndarray) -> np.ndarray:
    """Each item's position in its query (int64, from 0): ``[0, 1, ..., sizes[0] - 1, 0,
    1, ...]``."""
    sizes = np.asarray(sizes, dtype=np.int64)
    return np.arange(int(sizes.sum()), dtype=np.int64) - np.repeat(
        offsets_from_sizes(sizes)[:-1], sizes)


#: the padded slots of one block of :func:`accumulate_within` (a query longer than this
#: is a block alone)
BLOCK_ITEMS = 1 << 16


def accumulate_within(values: np.ndarray, offsets: np.ndarray, ufunc=np.add) -> np.ndarray:
    """Per item, ``ufunc`` accumulated over its query's items up to and including it, in
    order within the query alone (``np.add``: running sums; ``np.multiply``: running
    products), so that a query's values are bit-identical whatever the other queries laid
    beside it. (A running sum over the flat array minus its value before the query rounds
    differently in different batches.) Queries are padded to a common width per
    power-of-two length class, a block of queries of about :data:`BLOCK_ITEMS` slots at a
    time: the padding at most doubles a block's memory, and no array of every item but
    the result is made.

    Examples
    --------
    >>> accumulate_within(np.array([0.1, 0.2, 0.3, 1.0, 2.0]), np.array([0, 3, 5]))
    array([0.1, 0.3, 0.6, 1. , 3. ])
    >>> accumulate_within(np.array([0.5, 0.5, 2.0]), np.array([0, 1, 3]), np.multiply)
    array([0.5, 0.5, 1. ])
    """
    values = np.asarray(values, dtype=np.float64)
    offsets = np.asarray(offsets, dtype=np.int64)
    out = values.copy()
    lengths = np.diff(offsets)
    width_class = np.ceil(np.log2(np.maximum(lengths, 1))).astype(np.int64)
    for c in np.unique(width_class[lengths > 1]):
        in_class = np.flatnonzero((width_class == c) & (lengths > 1))
        width = int(lengths[in_class].max())
        cols = np.arange(width)
        step = max(1, BLOCK_ITEMS // width)
        for a in range(0, in_class.size, step):
            qs = in_class[a:a + step]
            valid = cols[None, :] < lengths[qs][:, None]
            idx = (offsets[:-1][qs][:, None] + cols[None, :])[valid]
            block = np.full((qs.size, width), ufunc.identity, dtype=np.float64)
            block[valid] = values[idx]
            out[idx] = ufunc.accumulate(block, axis=1)[valid]
    return out


def gather_rows(first: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """The rows ``first[q], first[q] + 1, ..., first[q] + sizes[q] - 1`` of every query q,
    in query order: where a subset of queries lies in a larger table."""
    sizes = np.asarray(sizes, dtype=np.int64)
    return np.repeat(np.asarray(first, dtype=np.int64), sizes) + positions_within(sizes)


def is_rectangular(offsets: np.ndarray) -> bool:
    lengths = np.diff(offsets)
    return bool(np.all(lengths == lengths[0]))


def slot_weights(discount: Discount, offsets: np.ndarray, k: int | None) -> np.ndarray:
    """D(position), zero beyond k: one row of length m when every query has m items,
    else one weight per slot of the flat array."""
    lengths = np.diff(offsets)
    if is_rectangular(offsets):
        m = int(lengths[0])
        w = discount.weights(m)
        if k is not None:
            w[k:] = 0.0
        return w
    pos = positions_within(lengths) + 1
    w = discount.evaluate(pos, np.repeat(lengths, lengths) if discount.needs_n else None)
    if k is not None:
        w[pos > k] = 0.0
    return w


def score_order(scores, gains, offsets, ties) -> np.ndarray:
    """Flat indices sorting each query by decreasing score, ties broken by the policy."""
    lengths = np.diff(offsets)
    q = lengths.size
    neg = -scores if ties != "average" else None
    if ties == "optimistic":
        second = -gains
    elif ties == "pessimistic":
        second = gains
    else:
        second = None
    if is_rectangular(offsets):
        m = int(lengths[0])
        s2 = None if neg is None else neg.reshape(q, m)
        if ties == "average":  # any order of tied items will do: sort ascending, reverse
            idx = np.argsort(scores.reshape(q, m), axis=1)[:, ::-1]
        elif second is None:
            assert s2 is not None  # the scores negated unless ties == "average"
            idx = np.argsort(s2, axis=1, kind="stable")
        else:
            assert s2 is not None
            idx = np.lexsort((second.reshape(q, m), s2), axis=1)
        return (idx + offsets[:-1, None]).ravel()
    gid = query_index(lengths)
    neg = -scores
    keys = (neg, gid) if second is None else (second, neg, gid)
    return np.lexsort(keys)  # lexsort is stable: input order breaks remaining ties


def group_starts(keys, offsets: np.ndarray | None = None) -> np.ndarray:
    """Flags (bool) of the first item of each run of equal values: the tie groups of
    sorted scores, the runs of a query column.

    ``keys`` is one 1-d array, or a tuple of arrays of one length (a run ends where any of
    them changes). With ``offsets``, the first item of every non-empty query starts a run
    too, so no run crosses a query boundary. Empty input gives no flags.

    Examples
    --------
    >>> import numpy as np
    >>> group_starts(np.array([5, 5, 3, 3, 3, 1])).tolist()
    [True, False, True, False, False, True]

    The same values cut into queries of 3 items: the fourth item starts query 1.

    >>> group_starts(np.array([5, 5, 3, 3, 3, 1]), np.array([0, 3, 6])).tolist()
    [True, False, True, True, False, True]
    >>> group_starts((np.array([2, 2, 2]), np.array([0, 1, 1]))).tolist()  # keys (score, query)
    [True, True, False]
    """
    keys = keys if isinstance(keys, tuple) else (keys,)
    first = np.asarray(keys[0])
    start = np.empty(first.shape[0], dtype=bool)
    if start.size == 0:
        return start
    start[0] = True
    np.not_equal(first[1:], first[:-1], out=start[1:])
    for key in keys[1:]:
        key = np.asarray(key)
        start[1:] |= key[1:] != key[:-1]
    if offsets is not None:
        start[offsets[:-1][np.diff(offsets) > 0]] = True
    return start


def subset(flat: np.ndarray, offsets: np.ndarray, sel: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The items of the queries ``sel`` (in that order): their flat array and offsets.

    Examples
    --------
    >>> import numpy as np
    >>> items, off = subset(np.array([10, 11, 20, 30, 31, 32]), np.array([0, 2, 3, 6]),
    ...                     np.array([2, 0]))
    >>> items.tolist(), off.tolist()
    ([30, 31, 32, 10, 11], [0, 3, 5])
    """
    lengths = np.diff(offsets)[sel]
    sub_off = offsets_from_sizes(lengths)
    idx = np.arange(sub_off[-1]) - np.repeat(sub_off[:-1] - offsets[:-1][sel], lengths)
    return flat[idx], sub_off


def concat_per_query(a: np.ndarray, a_offsets: np.ndarray, b: np.ndarray,
                     b_offsets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Two ragged float arrays over the same queries joined query by query (each query's
    items of ``a``, then its items of ``b``): the flat array and its offsets.

    Examples
    --------
    >>> import numpy as np
    >>> out, off = concat_per_query(np.array([1., 2., 3.]), np.array([0, 2, 3]),
    ...                             np.array([7.]), np.array([0, 0, 1]))
    >>> out.tolist(), off.tolist()
    ([1.0, 2.0, 3.0, 7.0], [0, 2, 4])
    """
    a_sizes = np.diff(a_offsets)
    off = offsets_from_sizes(a_sizes + np.diff(b_offsets))
    out = np.empty(off[-1])
    b_sizes = np.diff(b_offsets)
    gid = query_index(a_sizes)
    bgid = query_index(b_sizes)
    out[off[:-1][gid] + positions_within(a_sizes)] = a
    out[off[:-1][bgid] + a_sizes[bgid] + positions_within(b_sizes)] = b
    return out, off
