"""Monte Carlo NDCG of a ranking function at large n, in O(n) time and bounded memory.

The model of Wang et al. (2013), Section 2: n objects with canonical scores
``ftilde(X) ~ U[0, 1]`` (Lemma 1) and binary or graded labels with ``P[Y = 1 | ftilde = s]
= ybar(s)``. The scores are never sorted: their decreasing order statistics are generated
directly, segment by segment (:mod:`~rankmeasures.theory.segments`): each segment's two
ends from their Beta laws, its interior by the exponential-spacings recursion, with random
streams fixed by (seed, draw, segment). So n = 10^9 needs one segment's memory, and a
result depends on the seed, n and the segment size only: the same bits in this process, on
k local worker processes and on a dask cluster.

:func:`latent_sample` is the joint model used to compare ranking functions on one
sample (the paper's prefixes S_n, and P[NDCG(f0) > NDCG(f1)]): several scores of the
same objects, which :func:`simulate_ndcg`'s one-function model cannot couple.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Any

import numpy as np

from .._validation import check_positive_int
from ..discounts import as_discount
from ._label_model import prepare
from .segments import boundary_log_scores, ideal_dcg, run_group, segment_ends

if TYPE_CHECKING:
    from .._typing import ArrayLike, DiscountLike

__all__ = ["simulate_ndcg", "simulate_ndcg_many", "latent_sample"]


def simulate_ndcg(ybar: Any, discount: DiscountLike, n: int, *, n_draws: int = 1,
                  seed: int = 0, segment_size: int = 1 << 20, task_ranks: int = 1 << 23,
                  workers: Any = None,
                  map_segments: Callable[[Callable, Iterable], Iterable] | None = None
                  ) -> dict[str, np.ndarray]:
    """Independent draws of NDCG, DCG and IDCG for binary or graded relevance.

    Wang et al. (2013), Section 2's model; each draw is generated in segments of
    ``segment_size`` ranks (:mod:`~rankmeasures.theory.segments`), so its values depend
    on ``(seed, n, segment_size)`` only, never on where or in what order the segments are
    computed.

    Parameters
    ----------
    ybar : callable on numpy arrays, sympy expression in ``asymptotics.s``, or
        ``relevance.GradedRelevance``
        ``P[Y = 1 | ftilde = s]`` (values in [0, 1]), or graded labels with their
        conditional probabilities (the gain of a label is its value).
    discount : Discount or name
    n : int
        Objects per draw.
    n_draws : int
    seed : int
    segment_size : int
        Ranks per segment: the unit of the random streams (with the seed and n it fixes
        every value). Memory while a segment is computed: about 48 bytes per rank (50 MiB
        at the default 2^20), whatever n.
    task_ranks : int
        Ranks per task (segments in segment-major order, each segment for the draws in the
        task; about a second of work at the default 2^23 on one core). Does not change any
        value.
    workers : None, int, str or distributed.Client
        Where the tasks run (:func:`rankmeasures.theory.engine.connect`): None in this
        process; an integer starts a local dask cluster of that many worker processes; a
        scheduler address (``"tcp://host:8786"``) or a Client uses an existing cluster.
        Does not change any value. A script that starts local workers must call this
        under ``if __name__ == "__main__":`` (the workers re-import the script).
    map_segments : callable, optional
        ``map_segments(fn, tasks)`` returns ``fn(task)`` for every task, in the order of
        the tasks, computed however it likes (overrides ``workers``). Does not change any
        value.

    Returns
    -------
    dict with arrays ``ndcg``, ``dcg``, ``idcg`` (shape (n_draws,)) and ``relevant``
    (the number of objects with a positive label in each draw). A draw with no relevant
    object has NDCG 0 (the library's default zero-IDCG policy).

    Examples
    --------
    >>> from rankmeasures.theory.asymptotics import s
    >>> out = simulate_ndcg(s, "log2", 10_000, n_draws=2, seed=1)
    >>> sorted(out)
    ['dcg', 'idcg', 'ndcg', 'relevant']
    >>> bool(((0.9 < out["ndcg"]) & (out["ndcg"] < 1)).all())
    True
    """
    return simulate_ndcg_many(
        ybar, [discount], n, n_draws=n_draws, seed=seed, segment_size=segment_size,
        task_ranks=task_ranks, workers=workers, map_segments=map_segments)[0]


def simulate_ndcg_many(ybar: Any, discounts: list, n: int, *, n_draws: int = 1,
                       seed: int = 0, segment_size: int = 1 << 20, task_ranks: int = 1 << 23,
                       workers: Any = None, map_segments: Callable | None = None
                       ) -> list[dict[str, np.ndarray]]:
    """The draws of :func:`simulate_ndcg`, scored under several discounts at once: each
    draw's scores and labels are generated once (the bulk of the work), so ``k``
    discounts cost little more than one.

    Parameters as :func:`simulate_ndcg`, with ``discounts`` a non-empty list.

    Returns
    -------
    list of dict
        One per discount, in the order given: what :func:`simulate_ndcg` returns for that
        discount alone, bit for bit (the same draws).

    Examples
    --------
    >>> from rankmeasures.theory.asymptotics import s
    >>> a, b = simulate_ndcg_many(s, ["log2", "zipf"], 1000, seed=3)
    >>> bool(a["relevant"][0] == b["relevant"][0])
    True
    """
    if not isinstance(discounts, list | tuple) or not discounts:
        raise ValueError(f"discounts: need a non-empty list of discounts, got {discounts!r}")
    n = check_positive_int("n", n)
    n_draws = check_positive_int("n_draws", n_draws)
    segment_size = check_positive_int("segment_size", segment_size)
    task_ranks = check_positive_int("task_ranks", task_ranks)
    ds = [as_discount(d) for d in discounts]
    values = prepare(ybar)[0]
    ends = segment_ends(n, segment_size)
    groups = _tasks(n, n_draws, seed, segment_size, task_ranks, ends)
    run = partial(run_group, ybar, ds, n, segment_size, seed)
    if map_segments is not None:
        done = list(map_segments(run, groups))
    elif workers is None:
        done = list(map(run, groups))
    else:
        from .engine import connect, gather_map

        with connect(workers) as client:
            done = gather_map(client, run, groups)
    results = {(t, j): r for group, res in zip(groups, done, strict=True)
               for (t, j, _, _), r in zip(group, res, strict=True)}
    return [_reduce(results, i, d, values, ends, n_draws, n, segment_size)
            for i, d in enumerate(ds)]


def _tasks(n: int, n_draws: int, seed: int, segment_size: int, task_ranks: int,
           ends: np.ndarray) -> list[list]:
    """The work of a call as tasks: runs of ``(draw, segment, log_hi, log_lo)`` in
    segment-major order, about ``task_ranks`` ranks each, so that a task computes each
    segment's discount weights once for all its draws."""
    bounds = [(np.concatenate([[0.0], lg[:-1]]), lg) for lg in
              (boundary_log_scores(n, segment_size, seed=seed, draw=t) for t in range(n_draws))]
    sizes = np.diff(np.concatenate([[0], ends]))
    groups, group, ranks = [], [], 0
    for j in range(ends.size):
        for t in range(n_draws):
            group.append((t, j, float(bounds[t][0][j]), float(bounds[t][1][j])))
            ranks += int(sizes[j])
            if ranks >= task_ranks:
                groups.append(group)
                group, ranks = [], 0
    if group:
        groups.append(group)
    return groups


def _reduce(results: dict, i: int, d, values, ends, n_draws: int, n: int,
            segment_size: int) -> dict[str, np.ndarray]:
    """Discount ``i``'s draws from the segments' sums, added in segment order whatever
    order they were computed in (so the bits depend on the draw only)."""
    out = {key: np.zeros(n_draws) for key in ("ndcg", "dcg", "idcg")}
    out["relevant"] = np.zeros(n_draws, dtype=np.int64)
    cache: dict = {}
    for t in range(n_draws):
        parts = [results[t, j] for j in range(ends.size)]  # in segment order
        dcg = 0.0
        for p in parts:  # in segment order
            dcg += p.dcg[i]
        counts = np.sum([p.counts for p in parts], axis=0)
        weights = np.array([p.weight[i] for p in parts])
        idcg = ideal_dcg(values, counts, weights, ends, segment_size, d, n, cache)
        out["dcg"][t], out["idcg"][t] = dcg, idcg
        out["ndcg"][t] = dcg / idcg if idcg > 0 else 0.0
        out["relevant"][t] = int(counts[values > 0].sum())
    return out


def latent_sample(n: int, noise: ArrayLike, *, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """One sample of n objects scored by several ranking functions at once.

    Each object has a latent ``Z ~ U(0, 1)`` and a label ``Y ~ Bernoulli(Z)``; ranking
    function j scores it ``Z + noise[j] * E_j`` with ``E_j`` standard normal, and
    ``noise[j] = inf`` means a random ranking (an independent uniform score). With noise
    0 the canonical score is Z itself, so ``ybar(s) = s``; with infinite noise
    ``ybar = 1/2``; in between ``ybar`` is increasing and flatter.

    Parameters
    ----------
    n : int
        Objects.
    noise : sequence of float >= 0 (or inf)
        One entry per ranking function.
    seed : int

    Returns
    -------
    labels : ndarray of float, shape (n,)
    scores : ndarray of float, shape (len(noise), n)
    """
    check_positive_int("n", n)
    sig = np.asarray(noise, dtype=np.float64)
    if sig.ndim != 1 or sig.size == 0 or np.any(np.isnan(sig)) or np.any(sig < 0):
        raise ValueError("noise: expected a non-empty 1-d sequence of values >= 0 (inf allowed)")
    rng = np.random.default_rng(seed)
    z = rng.random(n)
    labels = (rng.random(n) < z).astype(np.float64)
    scores = np.empty((sig.size, n))
    for j, sd in enumerate(sig):
        scores[j] = rng.random(n) if np.isinf(sd) else z + sd * rng.standard_normal(n)
    return labels, scores
