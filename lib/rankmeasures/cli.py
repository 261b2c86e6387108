"""``python -m rankmeasures QRELS RUN [RUN ...] -m MEASURE ...``: evaluate TREC runs.

Prints the mean of each measure for each run (a table: rows runs, columns measures);
``-q`` adds each query's values, ``--json`` and ``--csv`` write for machines,
``--compare`` tests each run against the first (paired t-test and a seeded paired
permutation test, :mod:`rankmeasures.significance`). Measures, conventions and tie
policies are those of :func:`rankmeasures.evaluate`. Bad input -- a malformed line, an
unknown measure, a document listed twice -- prints one line naming the problem to stderr
and exits with status 2 (as for a usage error).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
from pathlib import Path

from .measure_names import parse_measure
from .runs import CONVENTIONS, QUERY_POLICIES, evaluate
from .significance import paired_tests
from .trec_files import read_qrels, read_run

__all__ = ["main"]

_EPILOG = """\
measures, in our, ir_measures' or trec_eval's spelling (any case):
  ndcg ndcg@k dcg@k P@k recall@k (R@k) AP AP@k (map, map_cut_k) RR RR@k (recip_rank)
  Rprec success@k num_rel num_ret num_rel_ret auc kendall_tau_b
  parameters: P(rel=2)@5, ndcg@10(gain=exp2), ndcg@10(discount=zipf)
examples:
  python -m rankmeasures qrels.txt run.txt -m nDCG@10 P@5 AP
  python -m rankmeasures qrels.txt a.txt b.txt.gz -m AP ndcg_cut_10 --compare
"""


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m rankmeasures", description="Evaluate TREC runs against qrels.",
        epilog=_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("qrels", help="qrels file: query_id iteration doc_id relevance (gzip ok)")
    p.add_argument("runs", nargs="+", metavar="run",
                   help="run file(s): query_id Q0 doc_id rank score tag (gzip ok)")
    p.add_argument("-m", "--measures", nargs="+", required=True, metavar="MEASURE")
    p.add_argument("-q", "--per-query", action="store_true", help="each query's values too")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="JSON on stdout")
    fmt.add_argument("--csv", action="store_true", help="CSV on stdout")
    p.add_argument("--convention", choices=tuple(CONVENTIONS), default="trec_eval")
    p.add_argument("--ties", choices=("average", "optimistic", "pessimistic"),
                   help="the order of tied scores (default: the convention's)")
    p.add_argument("--queries", choices=QUERY_POLICIES,
                   help="which queries count (default: the convention's)")
    p.add_argument("--rel", type=float, default=1.0,
                   help="relevance level of the binary measures (default 1)")
    p.add_argument("--compare", action="store_true",
                   help="paired tests of each run against the first")
    p.add_argument("--permutations", type=int, default=10_000,
                   help="resamples of the permutation test (default 10000)")
    p.add_argument("--seed", type=int, default=0, help="seed of the permutation test")
    p.add_argument("--digits", type=int, default=4, help="digits in the text table")
    return p


def _compare(evals: dict, names: list, args) -> list[dict]:
    runs = list(evals)
    base = evals[runs[0]]
    rows = []
    for other in runs[1:]:
        ev = evals[other]
        common = sorted(set(base.query_ids.tolist()) & set(ev.query_ids.tolist()))
        for name in names:
            a, b = base[name].to_dict(), ev[name].to_dict()
            res = paired_tests([a[q] for q in common], [b[q] for q in common],
                               n_resamples=args.permutations, seed=args.seed)
            rows.append({"baseline": runs[0], "run": other, "measure": name, "queries": res.n,
                         "mean_baseline": res.mean_a, "mean_run": res.mean_b,
                         "difference": res.difference, "t_test_p": res.t_pvalue,
                         "permutation_p": res.permutation_pvalue})
    return rows


def _text_table(header: list, rows: list, out) -> None:
    width = [max(len(str(h)), *(len(str(r[i])) for r in rows)) for i, h in enumerate(header)]
    for line in [header, *rows]:
        cells = [str(c).ljust(w) if i == 0 else str(c).rjust(w)
                 for i, (c, w) in enumerate(zip(line, width, strict=True))]
        print("  ".join(cells).rstrip(), file=out)


def _fmt(x: float, digits: int) -> str:
    return "nan" if math.isnan(x) else f"{x:.{digits}f}"


def run(argv=None, out=sys.stdout) -> int:
    """The command (see the module docstring); returns its exit status."""
    args = _parser().parse_args(argv)
    try:
        for name in args.measures:  # a misspelt measure fails before any file is read
            parse_measure(name)
        qrels = read_qrels(args.qrels)
        evals = {}
        for path in args.runs:
            label = Path(path).name
            if label in evals:
                label = path
            try:
                evals[label] = evaluate(qrels, read_run(path), args.measures,
                                        convention=args.convention, queries=args.queries,
                                        ties=args.ties, rel=args.rel)
            except ValueError as e:
                msg = str(e)
                raise ValueError(msg if msg.startswith(path) else f"{path}: {msg}") from None
        if args.compare and len(evals) < 2:
            raise ValueError("--compare: needs at least two runs")
        comparison = _compare(evals, args.measures, args) if args.compare else []
    except ValueError as e:
        print(f"python -m rankmeasures: error: {e}", file=sys.stderr)
        return 2
    names = list(args.measures)
    if args.json:
        first = next(iter(evals.values()))
        doc = {"settings": {"convention": first.convention, "queries": first.queries,
                            "ties": first.ties, "rel": args.rel},
               "runs": {label: {"means": ev.means,
                                **({"per_query": ev.to_dict()} if args.per_query else {})}
                        for label, ev in evals.items()}}
        if args.compare:
            doc["compare"] = comparison
        json.dump(doc, out, indent=1, allow_nan=True)
        out.write("\n")
        return 0
    if args.csv:
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["run", "query_id", *names])
        for label, ev in evals.items():
            if args.per_query:
                cols = [ev[n].values.tolist() for n in names]
                for i, q in enumerate(ev.query_ids.tolist()):
                    w.writerow([label, q, *(repr(c[i]) for c in cols)])
            w.writerow([label, "all", *(repr(ev.means[n]) for n in names)])
        if args.compare:
            w.writerow([])
            w.writerow(list(comparison[0]))
            for r in comparison:
                w.writerow([repr(v) if isinstance(v, float) else v for v in r.values()])
        return 0
    d = args.digits
    if args.per_query:
        rows = [[label, q, *(_fmt(ev[n].values[i], d) for n in names)]
                for label, ev in evals.items() for i, q in enumerate(ev.query_ids.tolist())]
        rows += [[label, "all", *(_fmt(ev.means[n], d) for n in names)]
                 for label, ev in evals.items()]
        _text_table(["run", "query", *names], rows, out)
    else:
        _text_table(["run", *names], [[label, *(_fmt(ev.means[n], d) for n in names)]
                                      for label, ev in evals.items()], out)
    if args.compare:
        print(f"\npaired tests against {next(iter(evals))} (two-sided; permutation test: "
              f"{args.permutations} sign flips, seed {args.seed})", file=out)
        _text_table(["run", "measure", "queries", "difference", "t-test p", "permutation p"],
                    [[r["run"], r["measure"], r["queries"], f"{r['difference']:+.{d}f}",
                      _fmt(r["t_test_p"], d), _fmt(r["permutation_p"], d)]
                     for r in comparison], out)
    return 0


def main() -> None:  # pragma: no cover - the process entry point
    sys.exit(run())
