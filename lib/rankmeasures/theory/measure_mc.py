"""Monte Carlo of the measures beyond DCG in Wang et al.'s model, scored by the evaluator.

One definition: every value here is the evaluator's own (:mod:`rankmeasures.trec`):
:func:`~rankmeasures.trec.retrieval.ranked_measure` for P@k, recall@k, AP, RR and
R-precision, :func:`~rankmeasures.trec.trec_measures.compute` for RBP, ERR and NDCG@k
(trec_eval's ``rbp``, ``ERR`` and ``ndcg_cut``), and :func:`rankmeasures.auc` for AUC --
which is not the evaluator's per-query kernel (``trec.query_concordance.auc_queries``)
but is tested equal to it on random lists (tests/test_measure_limits.py). One departure:
ERR's ``max_grade`` is given by the caller (from the model), not read from the batch as
the evaluator would; they differ only when no list of the batch holds the top grade.
Each simulated list is one query; every document is
judged (so ``num_rel`` is the number of relevant documents of the draw).

The lists come from the segmented generator of :mod:`~rankmeasures.theory.segments`
(Wang et al. (2013), Section 2; canonical scores in decreasing order, labels Bernoulli
given the score): a draw's scores are :func:`~rankmeasures.theory.segments.segment_scores`
between the boundaries of :func:`~rankmeasures.theory.segments.boundary_log_scores`, and
its labels are drawn from the same per-segment label stream, by the same rule, as
:func:`~rankmeasures.theory.simulate.simulate_ndcg` draws them -- so a draw here is the
draw of that simulator with the same ``(seed, draw, n, segment_size)``, label for label
(tested: the relevant count and the DCG agree). A draw is one task; tasks run here, on
local dask workers or on a cluster (:mod:`~rankmeasures.theory.engine`) and every value
depends on ``(seed, draw, n, segment_size)`` only, never on the number of workers.

Pairs of ranking functions on one sample (Definition 3's coupled comparison) use
:func:`~rankmeasures.theory.distinguish.coupled_sample`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

import numpy as np

from .._validation import check_positive_int
from ..concordance import auc
from ..trec.retrieval import ranked_measure
from ..trec.trec_measures import RankedJudgments, compute
from ._label_model import draw_labels, prepare
from .distinguish import coupled_sample
from .segments import boundary_log_scores, segment_ends, segment_scores

__all__ = ["parse_measure", "ranked_labels", "evaluate_lists", "simulate_measures",
           "coupled_comparison"]

_SPEC = re.compile(r"^(AP|Rprec|RR|AUC|ERR|P|recall|NDCG|RBP)"
                   r"(?:@(\d+)|\(p=(0?\.\d+)\))?$")


def parse_measure(spec: str) -> tuple[str, int | None, float | None]:
    """``"P@10"`` -> ``("P", 10, None)``, ``"RBP(p=0.8)"`` -> ``("RBP", None, 0.8)``,
    ``"AP"`` -> ``("AP", None, None)``.

    Examples
    --------
    >>> parse_measure("ERR@5"), parse_measure("RBP(p=0.5)")
    (('ERR', 5, None), ('RBP', None, 0.5))
    """
    m = _SPEC.match(spec) if isinstance(spec, str) else None
    if m is None:
        raise ValueError(f"measures: unknown measure {spec!r} (AP, Rprec, RR, AUC, ERR, "
                         f"ERR@k, P@k, recall@k, NDCG@k, RBP(p=x))")
    name, k, p = m.group(1), m.group(2), m.group(3)
    if name in ("P", "recall", "NDCG") and k is None:
        raise ValueError(f"measures: {name} needs a cut-off, as {name}@10, got {spec!r}")
    if (name == "RBP") != (p is not None) or (name != "ERR" and name in (
            "AP", "Rprec", "RR", "AUC", "RBP") and k is not None):
        raise ValueError(f"measures: malformed {spec!r}")
    kk = int(k) if k is not None else None
    if kk == 0:
        raise ValueError(f"measures: a cut-off must be positive, got {spec!r}")
    return name, kk, float(p) if p is not None else None


def ranked_labels(ybar: Any, n: int, *, seed: int, draw: int,
                  segment_size: int = 1 << 16) -> np.ndarray:
    """The labels of one draw in rank order (best score first): the draw of
    :func:`~rankmeasures.theory.simulate.simulate_ndcg` with the same arguments.

    Examples
    --------
    >>> from rankmeasures.theory.asymptotics import s
    >>> y = ranked_labels(s, 1000, seed=1, draw=0)
    >>> y.shape, bool(y[:100].mean() > y[-100:].mean())
    ((1000,), True)
    """
    n = check_positive_int("n", n)
    segment_size = check_positive_int("segment_size", segment_size)
    model = prepare(ybar)
    ends = segment_ends(n, segment_size)
    lg = boundary_log_scores(n, segment_size, seed=seed, draw=draw)
    out = np.empty(n)
    start = 0
    for j, stop in enumerate(ends):
        hi = 0.0 if j == 0 else float(lg[j - 1])
        sc = segment_scores(n, segment_size, j, seed=seed, draw=draw, log_hi=hi,
                            log_lo=float(lg[j]))
        # the label stream of segments._segment_pass: the second child of the segment's
        # seed sequence, one uniform per rank (blocks of it draw the same numbers)
        label_rng = np.random.default_rng(np.random.SeedSequence(
            seed, spawn_key=(draw, 1, j)).spawn(2)[1])
        u = label_rng.random(int(stop) - start)
        draw_labels(model, sc, u, out[start:stop], None)
        start = int(stop)
    return out


def evaluate_lists(measures: list[str], labels: np.ndarray, *, max_grade: float = 1.0
                   ) -> dict[str, np.ndarray]:
    """Each measure of each ranked list (a row of ``labels``: grades >= 0, best first) by
    the evaluator (module docstring). A grade >= 1 is relevant (trec_eval's level 1) for
    P, recall, AP, RR, R-precision and AUC; NDCG's gain is the grade, RBP's the grade over
    the list's largest (trec_eval's); ERR stops at a rank of grade g with probability
    ``(2^g - 1) / 2^max_grade`` -- given here, not taken from the lists, so that a list's
    value does not depend on the other lists evaluated with it (bit for bit: running sums
    and products are taken within each list). AUC is NaN for a list with one class
    only.

    Examples
    --------
    >>> import numpy as np
    >>> v = evaluate_lists(["RR", "P@2", "AP"], np.array([[0.0, 1, 1, 0]]))
    >>> [round(float(v[m][0]), 6) for m in ("RR", "P@2", "AP")]
    [0.5, 0.5, 0.583333]
    """
    y = np.asarray(labels, dtype=np.float64)
    if y.ndim != 2 or y.shape[1] == 0 or not np.all(np.isfinite(y) & (y >= 0)):
        raise ValueError("labels: need a 2-d array of grades >= 0, one ranked list per row")
    if not (np.isfinite(max_grade) and max_grade >= max(1.0, float(y.max()))):
        raise ValueError(f"max_grade: need at least 1 and every grade, got {max_grade!r}")
    q, n = y.shape
    flat = y.ravel()
    offsets = np.arange(q + 1, dtype=np.int64) * n
    rel = flat >= 1
    num_rel = rel.reshape(q, n).sum(axis=1).astype(np.int64)
    rj = RankedJudgments(marks=flat, offsets=offsets, grades=flat, grade_offsets=offsets)
    out = {}
    for spec in measures:
        name, k, p = parse_measure(spec)
        if name in ("AP", "Rprec", "RR", "P", "recall"):
            out[spec] = ranked_measure(name, rel, offsets, num_rel, k=k)
        elif name == "RBP":
            out[spec] = compute("rbp", rj, 1, {"p": p})
        elif name == "ERR":
            out[spec] = compute("ERR", rj, 1, {"k": k, "max_grade": float(max_grade)})
        elif name == "NDCG":
            out[spec] = compute("ndcg", rj, 1, {"k": k})
        else:
            rank_score = -np.arange(n, dtype=np.float64)
            out[spec] = np.array([auc(row, rank_score) if 0 < row.sum() < n else np.nan
                                  for row in rel.reshape(q, n).astype(np.float64)])
    return out


def _draws(ybar, measures, n, segment_size, seed, draws) -> dict[str, np.ndarray]:
    """One task: the measures of a run of draws, each list one query of one evaluator
    call (a query's value depends on its own labels only, whatever else is evaluated)."""
    lists = np.stack([ranked_labels(ybar, n, seed=seed, draw=d, segment_size=segment_size)
                      for d in draws])
    return evaluate_lists(measures, lists, max_grade=max(1.0, float(prepare(ybar)[0].max())))


def simulate_measures(ybar: Any, measures: list[str], n: int, *, n_draws: int = 1,
                      seed: int = 0, segment_size: int = 1 << 16, task_draws: int = 64,
                      workers: Any = None,
                      map_draws: Callable[[Callable, Iterable], Iterable] | None = None
                      ) -> dict[str, np.ndarray]:
    """Independent draws of the measures at n objects (module docstring).

    Parameters
    ----------
    ybar : sympy expression in ``asymptotics.s``, callable, or an
        ``asymptotics.GradedRelevance`` (ERR's ``max_grade`` is then its largest grade)
    measures : list of str, as :func:`parse_measure` reads them
    n, n_draws, seed, segment_size : int
        Every value depends on these only.
    task_draws : int
        Draws per task (one evaluator call); does not change any value.
    workers : None, int, str or distributed.Client
        Where the draws run (:func:`rankmeasures.theory.engine.connect`); does not change
        any value.
    map_draws : callable, optional
        ``map_draws(fn, tasks)`` returns ``fn(t)`` for each task (a run of draws), in
        order, computed however it likes (overrides ``workers``); does not change any
        value.

    Returns
    -------
    dict: measure -> ndarray of shape (n_draws,)

    Examples
    --------
    >>> from rankmeasures.theory.asymptotics import s
    >>> v = simulate_measures(s, ["AP", "RR"], 500, n_draws=3, seed=2)
    >>> v["AP"].shape
    (3,)
    """
    if not isinstance(measures, list | tuple) or not measures:
        raise ValueError(f"measures: need a non-empty list, got {measures!r}")
    for spec in measures:
        parse_measure(spec)
    n = check_positive_int("n", n)
    n_draws = check_positive_int("n_draws", n_draws)
    task_draws = check_positive_int("task_draws", task_draws)
    run = partial(_draws, ybar, list(measures), n, segment_size, seed)
    tasks = [list(range(a, min(a + task_draws, n_draws))) for a in range(0, n_draws, task_draws)]
    if map_draws is not None:
        done = list(map_draws(run, tasks))
    elif workers is None:
        done = [run(t) for t in tasks]
    else:
        from .engine import connect, gather_map

        with connect(workers) as client:
            done = gather_map(client, run, tasks)
    return {m: np.concatenate([d[m] for d in done]) for m in measures}


def coupled_comparison(measures: list[str], models, n: int, *, seeds: Iterable[int]
                       ) -> dict[str, dict[str, int]]:
    """On coupled samples (:func:`~rankmeasures.theory.distinguish.coupled_sample`: two
    ranking functions with relevance curves ``models`` scoring the same n objects, one
    sample per seed), how often each measure of f0 is above, equal to and below that of
    f1.

    Returns
    -------
    dict: measure -> counts ``above``, ``equal``, ``below``.
    """
    if not isinstance(measures, list | tuple) or not measures:
        raise ValueError(f"measures: need a non-empty list, got {measures!r}")
    for spec in measures:
        parse_measure(spec)
    n = check_positive_int("n", n)
    counts = {m: {"above": 0, "equal": 0, "below": 0} for m in measures}
    for sd in seeds:
        labels, scores = coupled_sample(n, models, seed=sd)
        lists = np.stack([labels[np.argsort(-scores[j], kind="stable")] for j in (0, 1)])
        for m, (a, b) in evaluate_lists(list(measures), lists).items():
            counts[m]["above" if a > b else "below" if a < b else "equal"] += 1
    return counts
