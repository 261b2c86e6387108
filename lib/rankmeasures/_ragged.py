"""The plumbing of ragged arrays: queries laid end to end in one flat array, cut by
``offsets`` ``[0, e_1, ..., n]`` (query q holds items ``offsets[q]:offsets[q + 1]``).

One home for what the measures of many queries each need: whether every query has the
same length, each item's query, each item's position's discount weight, and each query's
order by decreasing score under a tie policy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .discounts import Discount

__all__ = ["is_rectangular", "group_ids", "query_index", "offsets_from_sizes",
           "positions_within", "gather_rows", "slot_weights", "score_order"]


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
    pos = np.arange(offsets[-1], dtype=np.int64) - np.repeat(offsets[:-1], lengths) + 1
    w = discount.evaluate(pos, np.repeat(lengths, lengths) if discount.needs_n else None)
    if k is not None:
        w[pos > k] = 0.0
    return w


def group_ids(offsets: np.ndarray) -> np.ndarray:
    return query_index(np.diff(offsets))


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
    if np.all(lengths == lengths[0]):
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
    gid = group_ids(offsets)
    neg = -scores
    keys = (neg, gid) if second is None else (second, neg, gid)
    return np.lexsort(keys)  # lexsort is stable: input order breaks remaining ties
