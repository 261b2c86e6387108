"""trec_eval's view of a ranking (:class:`RankedJudgments`), shared by the kernels of
trec_eval's measures, and their registry (:func:`kernel`). Private to the evaluator: its
public names are :mod:`rankmeasures.trec.trec_measures`'.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from .._ragged import accumulate_within, query_index

__all__ = ["RankedJudgments", "NONPOOL", "UNJUDGED", "MIN_GEO_MEAN", "INFAP_EPSILON",
           "TREC_EVAL_VERSIONS", "Kernel", "kernel", "marks_from", "div_or_zero",
           "value_at_rank"]

#: trec_eval's marks of retrieved documents the qrels do not grade (form_res_rels.c)
NONPOOL, UNJUDGED = -1.0, -2.0
#: trec_eval's floor of a value entering a geometric mean (trec_eval.h)
MIN_GEO_MEAN = 0.00001
#: trec_eval's smoothing constant of infAP (trec_eval.h)
INFAP_EPSILON = 0.00001
#: the versions of trec_eval whose rules are followed (module docstring): "10", the
#: default, or "9" (pytrec_eval's)
TREC_EVAL_VERSIONS = ("10", "9")
#: the measures whose expectation over the orders of tied documents is computed here
#: (``ties="average"``): linear in the ranks' marks, or blind to the order

#: a kernel: the ranked judgments, the relevance level and the measure's parameters
#: (declared defaults filled in) -> one value per query
Kernel = Callable[["RankedJudgments", float, dict], np.ndarray]
#: trec_eval measure -> its kernel (:func:`kernel` registers them)
KERNELS: dict[str, Kernel] = {}


def kernel(*kinds: str) -> Callable[[Kernel], Kernel]:
    """Register the decorated function as the kernel of the measures ``kinds`` (keys of
    :data:`~rankmeasures.trec.declarations.MEASURES`): what
    :func:`~rankmeasures.trec.trec_measures.compute` calls for them. A measure is its
    declaration there and its kernel here, nothing else.

    Examples
    --------
    >>> @kernel("example_ones")
    ... def _ones(r, level, params):
    ...     return np.ones(r.nq)
    >>> KERNELS["example_ones"] is _ones
    True
    >>> del KERNELS["example_ones"]
    """
    def register(f: Kernel) -> Kernel:
        for kind in kinds:
            if kind in KERNELS:
                raise ValueError(f"kernel: {kind!r} has a kernel already")
            KERNELS[kind] = f
        return f
    return register


@dataclass(frozen=True)
class RankedJudgments:
    """Each query's ranking as trec_eval marks it, and every judged grade of the query.

    Attributes
    ----------
    marks : ndarray of float64, shape (N,)
        The retrieved documents in rank order, query by query: the grade, or
        :data:`NONPOOL` (-1, not in the qrels) or :data:`UNJUDGED` (-2, a negative grade).
    offsets : ndarray of int64, shape (Q+1,)
    grades : ndarray of float64, shape (M,)
        Every grade of the query's qrels (retrieved or not; negative ones included).
    grade_offsets : ndarray of int64, shape (Q+1,)
    absent : ndarray of bool, shape (Q,), or None
        Queries the run does not have (``-c``): trec_eval ranks a single document not in
        the qrels for each, which keeps its values from 0/0 where a query emptied by
        ``-J`` gets NaN.
    groups : ndarray of int64, shape (N,), or None
        Under ``ties="average"``: each rank's group of tied scores (numbered in rank
        order). The measures linear in the ranks' marks  are then
        their expectation over every order of each group: a rank's mark replaced by its
        group's mean (:meth:`expect`); the others
        (:attr:`~rankmeasures.trec.declarations.MeasureInfo.tie_average` false) refuse.
    trec_eval : {"10", "9"}
        Whose rules (:data:`TREC_EVAL_VERSIONS`): a recall point p becomes ``lround(p R)``
        relevant documents under trec_eval 10, ``(long)(p R + 0.9)`` under trec_eval 9
        (pytrec_eval).

    Examples
    --------
    One query ranking a relevant document, one the qrels do not list and a judged
    non-relevant one; its qrels also hold a relevant document never retrieved:

    >>> import numpy as np
    >>> r = RankedJudgments(marks=np.array([1.0, NONPOOL, 0.0]), offsets=np.array([0, 3]),
    ...                     grades=np.array([1.0, 0.0, 2.0]), grade_offsets=np.array([0, 3]))
    >>> from rankmeasures.trec.trec_measures import compute
    >>> r.num_rel(1).tolist(), compute("bpref", r, 1, {}).tolist()
    ([2.0], [0.5])
    >>> compute("unj", r, 1, {"k": 2}).tolist()
    [0.5]
    """

    marks: np.ndarray
    offsets: np.ndarray
    grades: np.ndarray
    grade_offsets: np.ndarray
    absent: np.ndarray | None = None
    groups: np.ndarray | None = None
    trec_eval: str = "10"
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    def cached(self, key, compute: Callable[[], Any]) -> Any:
        """``compute()`` once per ``key`` for this ranking: what several measures read
        (the counts at a relevance level, bpref, the gains of a DCG) is computed once.

        Examples
        --------
        >>> import numpy as np
        >>> r = RankedJudgments(marks=np.array([1.0]), offsets=np.array([0, 1]),
        ...                     grades=np.array([1.0]), grade_offsets=np.array([0, 1]))
        >>> r.cached("x", lambda: [1]) is r.cached("x", lambda: [2])
        True
        """
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]

    @cached_property
    def nq(self) -> int:
        return self.offsets.size - 1

    @cached_property
    def num_ret(self) -> np.ndarray:
        return np.diff(self.offsets)

    @cached_property
    def qidx(self) -> np.ndarray:
        return np.repeat(np.arange(self.nq), self.num_ret)

    @cached_property
    def pos(self) -> np.ndarray:
        """0-based rank within the query."""
        return np.arange(self.marks.size) - self.offsets[:-1][self.qidx]

    @cached_property
    def gidx(self) -> np.ndarray:
        return query_index(np.diff(self.grade_offsets))

    def count(self, flags: np.ndarray) -> np.ndarray:
        """Per query: the sum of ``flags`` over its retrieved documents (a count for a
        boolean mask: only the marked documents are visited)."""
        if flags.dtype == bool:
            return np.bincount(self.qidx[flags], minlength=self.nq).astype(np.float64)
        return np.bincount(self.qidx, weights=flags, minlength=self.nq)

    def running(self, flags: np.ndarray) -> np.ndarray:
        """Per retrieved document: how many of its query's documents at or above it
        ``flags`` marks (a cumulative sum within each query)."""
        if flags.dtype.kind not in "biu":
            # sums of floats in each query alone: the flat sum's difference would round
            # differently in different batches (counts are exact either way)
            return accumulate_within(flags, self.offsets)
        c = np.cumsum(flags, dtype=np.float64)
        c -= np.repeat(self._before(c), self.num_ret)  # in place: one array of n less
        return c

    def product_before(self, factors: np.ndarray) -> np.ndarray:
        """Per retrieved document: the product of its query's ``factors`` strictly above
        it (1 at the top), multiplied in rank order within the query alone, so a query's
        values are bit-identical whatever the other queries of the batch. (A running sum
        of logarithms over the flat batch, minus its value before the query, rounds
        differently in different batches.) The products are
        :func:`rankmeasures._ragged.accumulate_within`'s.

        Examples
        --------
        >>> r = RankedJudgments(marks=np.zeros(5), offsets=np.array([0, 2, 5]),
        ...                     grades=np.zeros(0), grade_offsets=np.array([0, 0, 0]))
        >>> r.product_before(np.array([0.5, 0.5, 0.5, 0.25, 2.0]))
        array([1.   , 0.5  , 1.   , 0.5  , 0.125])
        """
        factors = np.asarray(factors, dtype=np.float64)
        # the product up to and including each rank, shifted one rank down in its query
        upto = accumulate_within(factors, self.offsets, np.multiply)
        out = np.ones(factors.size)
        below_top = np.ones(factors.size, dtype=bool)
        below_top[self.offsets[:-1][self.num_ret > 0]] = False
        out[below_top] = upto[np.flatnonzero(below_top) - 1]
        return out

    def running_at(self, flags: np.ndarray, at: np.ndarray) -> np.ndarray:
        """``running(flags)[at]``, subtracting only at ``at``."""
        if flags.dtype.kind not in "biu":
            return accumulate_within(flags, self.offsets)[at]
        c = np.cumsum(flags, dtype=np.float64)
        return c[at] - self._before(c)[self.qidx[at]]

    @cached_property
    def judged(self) -> tuple[np.ndarray, np.ndarray]:
        """The ranks the qrels list (mark not :data:`NONPOOL`), and the index among them
        of each query's first: the only ranks whose counts most measures read."""
        ranks = np.flatnonzero(self.marks != NONPOOL)
        return ranks, np.searchsorted(ranks, self.offsets[:-1])

    def running_judged(self, flags: np.ndarray, at: np.ndarray) -> np.ndarray:
        """``running(f)[ranks[at]]`` for ``f`` zero off the judged ranks (``ranks``,
        :attr:`judged`), given ``flags = f[ranks]``: sums over the judged ranks only."""
        ranks, first = self.judged
        c = np.cumsum(flags, dtype=np.float64)
        before = np.zeros(self.nq)
        some = first > 0
        before[some] = c[first[some] - 1]
        return c[at] - before[self.qidx[ranks[at]]]

    def _before(self, c: np.ndarray) -> np.ndarray:
        """Per query, the cumulative sum ``c`` before its first rank."""
        first = self.offsets[:-1]
        out = np.zeros(self.nq)
        some = first > 0
        out[some] = c[first[some] - 1]
        return out

    def num_rel(self, level: float) -> np.ndarray:
        key = ("num_rel", level)
        if key not in self._cache:
            g = self.grades
            self._cache[key] = np.bincount(self.gidx, weights=(g >= 0) & (g >= level),
                                           minlength=self.nq)
        return self._cache[key]

    def relevant(self, level: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The ranks whose mark is at least ``level``, their running count
        (:meth:`running`) and their count per query, computed once per level."""
        key = ("relevant", level)
        if key not in self._cache:
            rel = self.marks >= level
            self._cache[key] = rel, self.running(rel), self.count(rel)
        return self._cache[key]

    def at_rank(self, running: np.ndarray, k) -> np.ndarray:
        """Per query, a running value (:meth:`running`) at rank k (1-based; k per query
        or one for all; 0 when k = 0; the last when k exceeds the query's length): for a
        running count, the count over the first k ranks."""
        k = np.broadcast_to(np.asarray(k, np.int64), (self.nq,))
        return value_at_rank(running, self.offsets, k)

    def num_nonrel(self, level: float) -> np.ndarray:
        g = self.grades
        return np.bincount(self.gidx, weights=(g >= 0) & (g < level), minlength=self.nq)

    def top(self, flags: np.ndarray, k: int) -> np.ndarray:
        """Per query: how many of the first ``k`` ranks ``flags`` marks (its sum there)."""
        inside = self.pos < k
        return self.count(flags & inside if flags.dtype == bool else flags * inside)

    def expect(self, x: np.ndarray) -> np.ndarray:
        """``x`` per rank, or, with tie groups, its mean over the rank's group: the
        expectation of a rank's value over every order of the tied documents."""
        if self.groups is None:
            return x
        sums = np.bincount(self.groups, weights=x)
        return (sums / np.bincount(self.groups))[self.groups]


def marks_from(relevance: np.ndarray, judged: np.ndarray) -> np.ndarray:
    """trec_eval's marks (module docstring) from grades and whether each is judged.

    Examples
    --------
    A judged grade is its mark; a judged negative grade is -2 (in the pool, unjudged); a
    document the qrels do not list is -1:

    >>> import numpy as np
    >>> marks_from(np.array([2.0, 0.0, -1.0, 0.0]),
    ...            np.array([True, True, True, False])).tolist()
    [2.0, 0.0, -2.0, -1.0]
    """
    return np.where(judged, np.where(relevance < 0, UNJUDGED, relevance), NONPOOL)


def div_or_zero(num, den) -> np.ndarray:
    """num / den, 0 where den is 0 (trec_eval leaves the value at its initial 0).

    Examples
    --------
    >>> div_or_zero([1.0, 2.0], [2.0, 0.0]).tolist()
    [0.5, 0.0]
    """
    num = np.asarray(num, np.float64)
    den = np.asarray(den, np.float64)
    return np.divide(num, den, out=np.zeros(np.broadcast(num, den).shape), where=den != 0)


def value_at_rank(values: np.ndarray, offsets: np.ndarray, k: np.ndarray) -> np.ndarray:
    """Per query, the running value at rank k (1-based; 0 when k = 0; the last when
    k exceeds the query's length).

    Examples
    --------
    Two queries of running values (1, 3) and (5,), at ranks 2 and 0:

    >>> value_at_rank(np.array([1.0, 3.0, 5.0]), np.array([0, 2, 3]), np.array([2, 0])).tolist()
    [3.0, 0.0]
    """
    sizes = np.diff(offsets)
    kk = np.minimum(k, sizes)
    out = np.zeros(sizes.size)
    ok = kk > 0
    out[ok] = values[offsets[:-1][ok] + kk[ok] - 1]
    return out
