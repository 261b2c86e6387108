"""Seeded random TREC collections, and trec_eval's outputs on them (test data).

:func:`collection` writes, for a seed, a qrels file and a run file in TREC's formats:
1 to 6 queries (ids compared as text: ``"7"``, ``"q10"``, ``"q9"``), up to 120 retrieved
documents each with scores on a coarse grid (many ties, ties broken by document id),
grades -1 to 3 (a negative grade: "in the pool, unjudged"; at least one grade of each
query not negative, as trec_eval needs), unjudged retrieved documents,
judged documents never retrieved, a query whose retrieved documents are all unjudged
(emptied by ``-J``), and a query of the run the qrels do not judge. :data:`CONFIGS` are
trec_eval's option sets compared; under ``-c`` the run lacks the qrels' first query.

:func:`boundary_collection` builds collections whose mean P_500 lies exactly on a
rounding boundary of trec_eval's ``%6.4f``; ``boundary.txt`` holds trec_eval's summary
line of each (:data:`BOUNDARY_SEEDS`).

``tests/data/trec_eval_outputs/<config>.txt.gz`` holds trec_eval 10's output
(``-m all_trec -q`` plus the config's options) for every seed of :data:`SEEDS`, each
preceded by a line ``# seed N``. They were written by::

    python tests/trec_eval_collections.py PATH/TO/trec_eval

with a trec_eval built from github.com/usnistgov/trec_eval (:data:`TREC_EVAL`); its
source and build are not part of this repository (its licence). The inputs are not
stored: this module rebuilds them from the seed.
"""

from __future__ import annotations

import gzip
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

#: the trec_eval that wrote the stored outputs
TREC_EVAL = ("usnistgov/trec_eval at commit f425365 ('Updating CHANGELOG for version "
             "10.0'; trec_eval -v: 10.0-rc3)")
#: the stored outputs' directory
OUTPUTS = Path(__file__).resolve().parent / "data" / "trec_eval_outputs"
SEEDS = range(40)
#: the seeds of :func:`boundary_collection`, whose ``-m P.500`` summaries trec_eval's
#: output ``boundary.txt`` holds (one line each, in seed order)
BOUNDARY_SEEDS = range(40)
#: config name -> trec_eval's options (after -m all_trec -q)
CONFIGS = {"plain": (), "c": ("-c",), "J": ("-J",), "l2": ("-l", "2"), "M17": ("-M", "17")}


def collection(seed: int, *, complete: bool = False) -> tuple[str, str]:
    """The qrels and run text of ``seed``; ``complete`` (for ``-c``): without the run's
    lines of the qrels' first query, when the qrels judge more than one."""
    rng = np.random.default_rng([20261128, seed])
    n_queries = int(rng.integers(1, 7))
    qids = sorted({str(x) if x % 3 == 0 else f"q{x}" for x in rng.integers(1, 30, n_queries)})
    qrels, run = [], []
    for i, q in enumerate(qids):
        n_docs = int(rng.integers(1, 121))
        docs = [f"D{d}" for d in rng.permutation(400)[:n_docs]]
        if i == 1:  # every retrieved document unjudged: -J empties the query
            judged = []
        else:
            judged = [d for d in docs if rng.random() < rng.uniform(0.2, 0.9)]
        judged += [f"U{d}" for d in range(int(rng.integers(0, 6)))]  # never retrieved
        if not judged:
            judged = ["U0"]
        grades = rng.integers(-1, 4, len(judged))
        # trec_eval stops on a query whose grades are all negative (form_res_rels.c
        # sizes an array by the largest grade + 1)
        grades[0] = max(grades[0], 0) if grades.max() < 0 else grades[0]
        qrels += [f"{q} 0 {d} {g}" for d, g in zip(judged, grades, strict=True)]
        step = float(rng.choice([0.5, 0.1, 0.01, 0.001]))
        scores = np.round(rng.uniform(-2, 3, n_docs) / step) * step
        run += [f"{q} Q0 {d} {r + 1} {s:.4g} tag{seed}"
                for r, (d, s) in enumerate(zip(docs, scores, strict=True))]
    # a query of the run the qrels do not judge
    run += [f"q99 Q0 D{d} {d + 1} {1.0 / (d + 1):.4g} tag{seed}" for d in range(3)]
    if complete and len(qids) > 1:
        first = qids[0] + " "
        run = [line for line in run if not line.startswith(first)]
    return "\n".join(qrels) + "\n", "\n".join(run) + "\n"


def boundary_collection(seed: int) -> tuple[str, str, list[int]]:
    """40 queries, query i retrieving ``counts[i]`` documents, all relevant (returned
    too), their total odd: P_500's exact mean, total / 20000, then lies half a unit of
    the fourth decimal between two values ``%6.4f`` can print."""
    rng = np.random.default_rng([20261128, 1000 + seed])
    counts = rng.integers(1, 120, 40)
    if counts.sum() % 2 == 0:
        counts[0] += 1
    qrels, run = [], []
    for i, c in enumerate(counts.tolist()):
        qrels += [f"b{i:02d} 0 D{d} 1" for d in range(c)]
        run += [f"b{i:02d} Q0 D{d} {d + 1} {c - d} tag" for d in range(c)]
    return "\n".join(qrels) + "\n", "\n".join(run) + "\n", counts.tolist()


def written(seed: int, config: str, where: Path) -> tuple[Path, Path]:
    """The qrels and run files of ``seed`` for ``config``, written under ``where``."""
    qrels, run = collection(seed, complete="-c" in CONFIGS[config])
    q, r = where / f"qrels.{seed}.{config}", where / f"run.{seed}.{config}"
    q.write_text(qrels)
    r.write_text(run)
    return q, r


def stored(config: str) -> dict[int, str]:
    """The stored trec_eval output of ``config``, seed -> its text."""
    out: dict[int, list[str]] = {}
    with gzip.open(OUTPUTS / f"{config}.txt.gz", "rt") as f:
        for line in f:
            if line.startswith("# seed "):
                seed = int(line.split()[2])
                out[seed] = []
            else:
                out[seed].append(line)
    return {k: "".join(v) for k, v in out.items()}


def main(trec_eval: str) -> None:  # pragma: no cover - run by hand, with trec_eval
    OUTPUTS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as d:
        for config, options in CONFIGS.items():
            parts = []
            for seed in SEEDS:
                q, r = written(seed, config, Path(d))
                text = subprocess.run([trec_eval, "-m", "all_trec", "-q", *options, str(q),
                                       str(r)], check=True, capture_output=True,
                                      text=True).stdout
                parts.append(f"# seed {seed}\n{text}")
            # mtime 0: the same bytes on every run
            with gzip.GzipFile(OUTPUTS / f"{config}.txt.gz", "wb", mtime=0) as f:
                f.write("".join(parts).encode())
        lines = []
        for seed in BOUNDARY_SEEDS:
            qrels, run, _ = boundary_collection(seed)
            q, r = Path(d, "qrels.boundary"), Path(d, "run.boundary")
            q.write_text(qrels)
            r.write_text(run)
            lines.append(subprocess.run([trec_eval, "-m", "P.500", str(q), str(r)],
                                        check=True, capture_output=True, text=True).stdout)
        (OUTPUTS / "boundary.txt").write_text("".join(lines))


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv[1])
