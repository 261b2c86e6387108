"""Random runs for the ranx convention, and ranx's recorded values on them.

ranx is a bench-only peer (``make bench`` installs it; the test suite does not), so
``tests/test_runs.py`` compares ``convention="ranx"`` with values ranx computed once, stored
in ``tests/data/ranx_ndcg.npz`` (NDCG, and the binary measures of :data:`BINARY`).
Rerecord, after ``make bench`` has installed ranx::

    .venv/bin/python tests/ranx_record.py

The collections are drawn from numpy's PCG64 with fixed seeds, so every machine rebuilds
the same runs from :func:`collection`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

DATA = Path(__file__).with_name("data") / "ranx_ndcg.npz"
MEASURES = ("ndcg", "ndcg@5", "ndcg@10")
#: the binary measures: ours -> ranx's name
BINARY = {"P@5": "precision@5", "recall@10": "recall@10", "AP": "map", "RR": "mrr",
          "Rprec": "r-precision", "success@5": "hit_rate@5"}
N_QUERIES = 10_000


def collection(seed: int, *, ties: bool, reverse: bool = False):
    """qrels and run as nested dicts: up to 40 retrieved documents per query (ranx sorts
    more than 15 with its quicksort), some judged and never retrieved, grades -1..3, a few
    queries judged but missing from the run and a few run but not judged. ``ties``: scores
    rounded to one decimal (many ties) instead of continuous; ``reverse``: each query's
    documents inserted in the opposite order (the same run as a set)."""
    rng = np.random.default_rng(seed)
    qrels, run = {}, {}
    for q in range(N_QUERIES):
        qid = f"q{q:05d}"
        docs = [f"d{i}" for i in rng.permutation(60)[: int(rng.integers(1, 41))]]
        judged = [d for d in docs if rng.random() < 0.6]
        judged += [f"u{i}" for i in range(int(rng.integers(1, 4)))]  # never retrieved
        grades = {d: int(rng.integers(-1, 4)) for d in judged}
        scores = rng.random(len(docs))
        if ties:
            scores = np.round(scores, 1)
        if q % 97 != 5:
            qrels[qid] = grades
        if q % 89 != 3:
            pairs = list(zip(docs, scores.tolist(), strict=True))
            run[qid] = dict(pairs[::-1] if reverse else pairs)
    return qrels, run


CASES = {"continuous": dict(seed=101, ties=False),
         "tied": dict(seed=202, ties=True),
         "tied_reversed": dict(seed=202, ties=True, reverse=True)}


def record() -> None:  # pragma: no cover - needs ranx
    from ranx import Qrels, Run, evaluate

    out = {}
    for name, kw in CASES.items():
        qrels, run = collection(**kw)
        r = Run(run)
        vals = evaluate(Qrels(qrels), r, [*MEASURES, *BINARY.values()], return_mean=False,
                        make_comparable=True)
        out[f"{name}/query_ids"] = np.array(list(r.get_query_ids()), dtype=str)
        for m in MEASURES:
            out[f"{name}/{m}"] = np.asarray(vals[m], dtype=np.float64)
        for m, theirs in BINARY.items():
            out[f"{name}/{m}"] = np.asarray(vals[theirs], dtype=np.float64)
    from importlib.metadata import version

    out["ranx_version"] = np.array(version("ranx"))
    DATA.parent.mkdir(exist_ok=True)
    np.savez_compressed(DATA, **out)
    print(f"wrote {DATA} (ranx {version('ranx')})")


if __name__ == "__main__":
    record()
