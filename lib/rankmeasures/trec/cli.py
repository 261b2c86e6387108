"""``python -m rankmeasures QRELS RUN [RUN ...] -m MEASURE ...``: evaluate TREC runs.

Prints the summary of each measure for each run (a table: rows runs, columns measures),
trec_eval's ``all`` value (the mean; a sum for the counts, a geometric mean for ``gm_*``,
:class:`~rankmeasures.trec.results.MeasureResults`) except that a mean leaves out a query
whose value is NaN (one ``-J`` empties), where trec_eval's layout prints its ``-nan``;
``-q`` adds each query's values, ``--json`` and ``--csv`` write for machines, ``--format
trec_eval`` writes trec_eval's own layout (``measure<padding>\tquery\tvalue``, trec_eval's
measure order, counts as integers, ``%6.4f``, the ``runid`` and ``num_q`` lines, the
``all`` rows last; its print functions in meas_print_single.c and meas_print_final.c),
``--compare`` tests each run against the first (paired t-test and a seeded paired
permutation test, :mod:`rankmeasures.trec.significance`). trec_eval's options work as in
trec_eval: ``-q``, ``-c``, ``-l LEVEL``, ``-M DEPTH``, ``-J``, ``-N DOCS``, ``-n``, and
``-m`` repeated, in trec_eval's order too (``-m map -m P.5,10 qrels run``); without ``-m``,
trec_eval's ``official`` measures; they follow trec_eval 10's rules, ``--trec-eval 9``
trec_eval 9's where the versions differ (:func:`rankmeasures.evaluate`'s ``trec_eval=``).
Several ``-m`` are read as trec_eval reads them
(:func:`~rankmeasures.trec.measure_names.parse_measure_list`): a measure's parameters in
trec_eval's syntax replace its defaults, the first winning (``-m all_trec -m P.5`` prints
P_5 alone). Under the trec_eval convention grades and ``-l`` are read as trec_eval reads
them, C's ``atol`` (``2.7`` is 2). Under ``-c -q`` a judged query the run lacks prints its
values as trec_eval 10 prints them (evaluated on a ranking of one document the qrels do not
list). Measures, conventions and tie policies are those of :func:`rankmeasures.evaluate`.
Bad input -- a malformed line (the first of a file), an unknown measure, a document listed
twice (its file and both lines), a run or qrels leaving no query to evaluate (empty, or no
query in common; the way out, when there is one, spelled ``--queries run``) -- prints one
line naming the problem to stderr and exits with status 2 (as for a usage error), before
anything is printed.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

from .declarations import TREC_ORDER
from .join import QUERY_POLICIES, NoQueryToEvaluate
from .measure_names import parse_measure_list, parse_measures
from .runs import CONVENTIONS, evaluate
from .trec_files import read_qrels, read_run

__all__ = ["main", "run"]

_EPILOG = """\
measures, in our, ir_measures' or trec_eval's spelling (rankmeasures.trec.measure_names):
  ndcg ndcg@k dcg@k P@k recall@k (R@k) AP AP@k (map, map_cut_k) RR RR@k (recip_rank)
  Rprec success@k num_rel num_ret num_rel_ret bpref infAP gm_map iprec_at_recall_0.50
  (IPrec@0.5) 11pt_avg Rprec_mult_1.00 set_P set_recall set_F set_map set_relative_P
  relative_P_k utility G binG ndcg_rel Rndcg num_nonrel_judged_ret rbp rbp_resid unj_k
  ERR@k Judged@k auc kendall_tau_b; trec_eval's groups official, all_trec, set
  parameters: P(rel=2)@5, ndcg@10(gain=exp2), RBP(p=0.8), and trec_eval's P.5,10,
  ndcg.1=3,2=9, utility.2,-1,0,0, iprec_at_recall..1,.25
examples:
  python -m rankmeasures qrels.txt run.txt -m nDCG@10 P@5 AP
  python -m rankmeasures qrels.txt a.txt b.txt.gz -m AP ndcg_cut_10 --compare
  python -m rankmeasures -q -c -l2 -m all_trec qrels.txt run.txt --format trec_eval
"""


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m rankmeasures", description="Evaluate TREC runs against qrels.",
        epilog=_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("qrels", help="qrels file: query_id iteration doc_id relevance (gzip ok)")
    p.add_argument("runs", nargs="+", metavar="run",
                   help="run file(s): query_id Q0 doc_id rank score tag (gzip ok)")
    p.add_argument("-m", "--measure", dest="measures", action="append", metavar="MEASURE",
                   help="measure(s) to compute; repeatable, several after one -m too "
                        "(default: trec_eval's official)")
    p.add_argument("-q", "--per-query", action="store_true", help="each query's values too")
    p.add_argument("-n", "--no-summary", action="store_true",
                   help="no summary (trec_eval's -n; with -q)")
    p.add_argument("--format", choices=("table", "json", "csv", "trec_eval"), default="table",
                   help="output layout (trec_eval: trec_eval's own)")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="JSON on stdout (--format json)")
    fmt.add_argument("--csv", action="store_true", help="CSV on stdout (--format csv)")
    p.add_argument("--convention", choices=tuple(CONVENTIONS), default="trec_eval")
    p.add_argument("--ties", choices=("average", "optimistic", "pessimistic"),
                   help="the order of tied scores (default: the convention's)")
    p.add_argument("--queries", choices=QUERY_POLICIES,
                   help="which queries count (default: the convention's)")
    p.add_argument("-c", "--complete", action="store_true",
                   help="every judged query counts, a query the run misses scoring 0 "
                        "(trec_eval's -c; --queries qrels)")
    p.add_argument("-l", "--rel", type=float, default=1.0, metavar="LEVEL",
                   help="relevance level of the binary measures (default 1; trec_eval's -l, "
                        "read as trec_eval reads it, its integer part, under the trec_eval "
                        "convention)")
    p.add_argument("-M", "--depth", type=int, metavar="DEPTH",
                   help="only each query's first DEPTH documents (trec_eval's -M)")
    p.add_argument("-J", "--judged-only", action="store_true",
                   help="only the judged documents of each ranking (trec_eval's -J)")
    p.add_argument("-N", "--n-docs", type=int, default=0, metavar="DOCS",
                   help="documents in the collection, for utility (trec_eval's -N)")
    p.add_argument("--trec-eval", choices=("10", "9"), default="10", dest="trec_eval",
                   help="whose rules trec_eval's measures follow where its versions differ "
                        "(recall points of iprec_at_recall and 11pt_avg; 9: pytrec_eval's; "
                        "default 10)")
    p.add_argument("--compare", action="store_true",
                   help="paired tests of each run against the first")
    p.add_argument("--permutations", type=int, default=10_000,
                   help="resamples of the permutation test (default 10000)")
    p.add_argument("--seed", type=int, default=0, help="seed of the permutation test")
    p.add_argument("--digits", type=int, default=4, help="digits in the text table")
    return p


def _is_measure(token: str) -> bool:
    try:
        parse_measures(token)
    except ValueError:
        return False
    return True


def _one_measure_per_flag(argv: list[str]) -> list[str]:
    """``-m a b c`` as ``-m a -m b -m c``: several measures after one ``-m``, and files
    after the measures in trec_eval's order (``-m map qrels run``): a word after the
    first that names an existing file and no measure ends the list."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        tok = argv[i]
        out.append(tok)
        i += 1
        if tok not in ("-m", "--measure"):
            continue
        took = 0
        while i < len(argv) and not argv[i].startswith("-"):
            if took and Path(argv[i]).exists() and not _is_measure(argv[i]):
                break
            if took:
                out.append(tok)
            out.append(argv[i])
            i += 1
            took += 1
    return out


def _compare(evals: dict, names: list, args) -> list[dict]:
    # the paired tests (and scipy) load only for --compare: the command imports what
    # it uses
    from .significance import paired_tests

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


def _permutation_text(comparison: list, args) -> str:
    """How the permutation test ran: exactly, over all 2^n sign patterns of n queries, when
    there are no more of them than ``--permutations`` (scipy's permutation_test then
    enumerates them), else by random sign flips; and, for few queries, the smallest
    p-value the exact test can give at all (2 / 2^n, the two extreme patterns)."""
    sizes = sorted({r["queries"] for r in comparison})
    exact = [n for n in sizes if 2**n <= args.permutations]
    parts = []
    if exact:
        parts.append("exact, " + ", ".join(f"2^{n} = {2**n}" for n in exact)
                     + " sign patterns")
    if len(exact) < len(sizes):
        parts.append(f"{args.permutations} random sign flips, seed {args.seed}")
    text = "; ".join(parts)
    few = sizes[0]
    if 2.0 / 2**few > 0.05:
        text += (f"; note: with {few} queries the permutation p-value cannot fall below "
                 f"{2 / 2**few:.3g} (2 / 2^{few}): too few queries for either test to "
                 "mean much")
    return text


def _text_table(header: list, rows: list, out) -> None:
    width = [max(len(str(h)), *(len(str(r[i])) for r in rows)) for i, h in enumerate(header)]
    for line in [header, *rows]:
        cells = [str(c).ljust(w) if i == 0 else str(c).rjust(w)
                 for i, (c, w) in enumerate(zip(line, width, strict=True))]
        print("  ".join(cells).rstrip(), file=out)


def _fmt(x: float, digits: int) -> str:
    return "nan" if math.isnan(x) else f"{x:.{digits}f}"


def _trec_order(ev) -> list:
    """The results of ``ev`` in trec_eval's output order (measures.c; cut-offs rising),
    those trec_eval does not compute last, each value once."""
    seen: set[str] = set()
    keyed: list[tuple] = []
    for n, spec in ev.specs.items():
        label = spec.trec_name or n
        if label in seen:
            continue
        seen.add(label)
        info = spec.info
        # a value at a cut-off that trec_eval prints under another measure: its place
        base = (info.trec_cut if spec.k is not None and info.trec_cut else info.trec) \
            if spec.trec_name else None
        # base None (no trec_eval measure) is no key of TREC_ORDER: the default, last
        order = TREC_ORDER.get(base, len(TREC_ORDER))  # type: ignore[arg-type]
        keyed.append(((order, spec.k or 0, spec.p or 0.0) if spec.trec_name
                      else (len(TREC_ORDER), len(keyed), 0.0), label, n, spec))
    return [x[1:] for x in sorted(keyed, key=lambda x: x[0])]


def _trec_value(spec, x) -> str:
    """A value as trec_eval prints it: ``%ld`` for counts, ``%6.4f`` otherwise. Our NaN
    stands where trec_eval divides 0 by 0, whose result on x86 carries the sign bit:
    glibc prints it ``-nan``."""
    if spec.info.value == "long":
        return str(int(x))
    return f"{'-nan':>6}" if math.isnan(x) else f"{x:6.4f}"


def _print_trec_eval(ev, args, out, runid: str | None = None) -> None:
    """trec_eval's layout: ``%-22s\t%s\t%6.4f`` (``%ld`` for counts), per query then
    ``all`` (meas_print_single.c, meas_print_final.c, m_runid.c, m_relstring.c).
    ``runid``: a ``runid`` line that heads the block when the measures name none (one
    block per run of several: trec_eval itself takes one run)."""
    rows = _trec_order(ev)
    if runid is not None and not any(spec.kind == "runid" for _, _, spec in rows):
        print(f"{'runid':<22}\tall\t{runid}", file=out)
    if args.per_query:
        for i, q in enumerate(ev.query_ids.tolist()):
            for label, name, spec in rows:
                if not spec.info.per_query:  # runid, num_q, gm_*: the summary only
                    continue
                if spec.info.value == "str":  # relstring: the marks, quoted
                    text = ev.texts.get(name, {}).get(q, "")
                    print(f"{label:<22}\t{q}\t'{text}'", file=out)
                else:
                    print(f"{label:<22}\t{q}\t{_trec_value(spec, ev[name].values[i])}",
                          file=out)
    if args.no_summary:
        return
    for label, name, spec in rows:
        if spec.info.value == "str":  # runid its text; relstring no summary
            if spec.info.summary == "none" and not spec.info.per_query:
                print(f"{label:<22}\tall\t{ev.texts.get(name, '')}", file=out)
        else:
            print(f"{label:<22}\tall\t{_trec_value(spec, ev[name].trec_summary)}",
                  file=out)


def _all_value(r) -> float:
    """The ``all`` row of our own formats: trec_eval's summary (a sum for the counts, a
    geometric mean for ``gm_*``), but the mean of a measure averaged over queries leaves
    out a query whose value is NaN (trec_eval's output, ``--format trec_eval``, prints
    its ``-nan``)."""
    return r.mean if r.summary_kind == "mean" else r.trec_summary


def _summary_text(ev, name: str, digits: int) -> str:
    x = _all_value(ev[name])
    if ev.specs[name].info.value == "long" and not math.isnan(x):
        return str(int(x))
    return _fmt(x, digits)


def _evaluations(args) -> dict:
    """Each run file evaluated against the qrels, keyed by its label (its name, or its
    path when two share a name); a ValueError names the file and the problem."""
    measures = args.measures or ["official"]
    queries = "qrels" if args.complete else args.queries
    parse_measure_list(measures)  # a misspelt measure fails before any file is read
    trec = args.convention == "trec_eval"
    # trec_eval reads grades and -l with C's atol: their leading integer
    # ids as the files' bytes (ASCII): a quarter of numpy str's memory
    qrels = read_qrels(args.qrels, grades="atol" if trec else "number", ids="bytes")
    if trec:
        args.rel = float(math.trunc(args.rel))
    evals = {}
    for path in args.runs:
        label = Path(path).name
        if label in evals:
            label = path
        try:
            ev = evaluate(qrels, read_run(path, ids="bytes"), measures,
                          convention=args.convention,
                          queries=queries, ties=args.ties, rel=args.rel,
                          depth=args.depth, judged_only=args.judged_only,
                          n_docs=args.n_docs, trec_eval=args.trec_eval)
        except NoQueryToEvaluate as e:  # (trec_eval stops too, its exit status 7)
            # the way out in the command's spelling, not Python's keyword
            way = "--queries run" + (" without -c" if args.complete else "")
            raise ValueError(_naming_the_file(e.spelled(way), args.qrels, path)) from None
        except ValueError as e:
            raise ValueError(_naming_the_file(str(e), args.qrels, path)) from None
        evals[label] = ev
    if args.compare and len(evals) < 2:
        raise ValueError("--compare: needs at least two runs")
    return evals


def _naming_the_file(msg: str, qrels: str, run: str) -> str:
    """An error of :func:`evaluate` naming the file it is about: ``qrels: ...`` the qrels
    file, ``run: ...`` the run file, ``run, qrels: ...`` both, anything else the run file
    too."""
    for prefix, path in (("qrels: ", qrels), ("run: ", run), ("run, qrels: ", f"{run}, {qrels}")):
        if msg.startswith(prefix):
            return f"{path}: {msg.removeprefix(prefix)}"
    return msg if msg.startswith(run) else f"{run}: {msg}"


def _write_json(evals: dict, comparison: list, args, out) -> None:
    import json

    first = next(iter(evals.values()))
    doc: dict[str, Any] = {
        "settings": {"convention": first.convention, "queries": first.queries,
                     "ties": first.ties, "rel": args.rel},
        "runs": {label: {"means": ev.means, "summaries": ev.summaries,
                         **({"per_query": ev.to_dict()} if args.per_query else {})}
                 for label, ev in evals.items()}}
    if args.compare:
        doc["compare"] = comparison
    json.dump(doc, out, indent=1, allow_nan=True)
    out.write("\n")


def _write_csv(evals: dict, names: list, comparison: list, args, out) -> None:
    import csv

    w = csv.writer(out, lineterminator="\n")
    w.writerow(["run", "query_id", *names])
    for label, ev in evals.items():
        if args.per_query:
            cols = [ev[n].values.tolist() for n in names]
            for i, q in enumerate(ev.query_ids.tolist()):
                w.writerow([label, q, *(repr(c[i]) for c in cols)])
        w.writerow([label, "all", *(repr(_all_value(ev[n])) for n in names)])
    if args.compare:
        w.writerow([])
        w.writerow(list(comparison[0]))
        for r in comparison:
            w.writerow([repr(v) if isinstance(v, float) else v for v in r.values()])


def _write_table(evals: dict, names: list, comparison: list, args, out) -> None:
    d = args.digits
    if args.per_query:
        rows = [[label, q, *(_fmt(ev[n].values[i], d) for n in names)]
                for label, ev in evals.items() for i, q in enumerate(ev.query_ids.tolist())]
        rows += [[label, "all", *(_summary_text(ev, n, d) for n in names)]
                 for label, ev in evals.items()]
        _text_table(["run", "query", *names], rows, out)
    else:
        _text_table(["run", *names], [[label, *(_summary_text(ev, n, d) for n in names)]
                                      for label, ev in evals.items()], out)
    if args.compare:
        print(f"\npaired tests against {next(iter(evals))} (two-sided; permutation test: "
              f"{_permutation_text(comparison, args)})", file=out)
        _text_table(["run", "measure", "queries", "difference", "t-test p", "permutation p"],
                    [[r["run"], r["measure"], r["queries"], f"{r['difference']:+.{d}f}",
                      _fmt(r["t_test_p"], d), _fmt(r["permutation_p"], d)]
                     for r in comparison], out)


def run(argv=None, out=sys.stdout) -> int:
    """The command (see the module docstring) on the arguments ``argv`` (``sys.argv[1:]``
    when None), writing to ``out`` (the process's stdout as it was at import unless given);
    returns its exit status: 0, or 2 with the error on stderr and nothing printed on ``out``.

    Examples
    --------
    A run (named by its file) ranking the non-relevant document b above the relevant a:

    >>> import pathlib, sys, tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     qrels, run_file = pathlib.Path(d, "qrels"), pathlib.Path(d, "run")
    ...     _ = qrels.write_text("1 0 a 1\\n1 0 b 0\\n")
    ...     _ = run_file.write_text("1 Q0 b 1 2.0 x\\n1 Q0 a 2 1.0 x\\n")
    ...     run([str(qrels), str(run_file), "-m", "P@1", "AP"], out=sys.stdout)
    run     P@1      AP
    run  0.0000  0.5000
    0
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    args = _parser().parse_args(_one_measure_per_flag(argv))
    fmt = "json" if args.json else "csv" if args.csv else args.format
    try:
        evals = _evaluations(args)
        names = list(next(iter(evals.values())))
        comparison = _compare(evals, names, args) if args.compare else []
    except ValueError as e:
        print(f"python -m rankmeasures: error: {e}", file=sys.stderr)
        return 2
    except OSError as e:  # a file that cannot be read (trec_files: its reason, its name)
        print(f"python -m rankmeasures: error: {e.filename}: {e.strerror}", file=sys.stderr)
        return 2
    if fmt == "trec_eval":
        # several runs: each block headed by a runid line naming its run as the other
        # layouts do (its file), so that a reader keying on it tells them apart
        for label, ev in evals.items():
            _print_trec_eval(ev, args, out, label if len(evals) > 1 else None)
    elif fmt == "json":
        _write_json(evals, comparison, args, out)
    elif fmt == "csv":
        _write_csv(evals, names, comparison, args, out)
    else:
        _write_table(evals, names, comparison, args, out)
    return 0


def main() -> None:  # pragma: no cover - the process entry point
    try:
        sys.exit(run())
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        sys.stderr.close()
        sys.exit(1)
