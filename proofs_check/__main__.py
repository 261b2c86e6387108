"""Command line: run the claim checks, print a table, write the claims report.

Exit status 1 when a check errors, returns ``failed``, or its outcome differs from the
outcome recorded in the catalogue; 0 otherwise (an erratum is a result, not a failure).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion import manifest, paths
from companion.tolerance import canonical
from companion.tolerance import parse as parse_tolerance

from . import REGISTRY, run_claim
from .report import render_markdown

FIGURES = paths.ROOT / "figures"


def _jsonable(x):
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_jsonable(v) for v in x]
    if isinstance(x, bool | int | float | str) or x is None:
        return x
    if hasattr(x, "item"):  # numpy scalars
        return x.item()
    return str(x)


#: the discount of NDCG as usually computed (Jarvelin & Kekalainen; Wang et al.'s
#: Theorem 1 covers any base of the log): the variant command's default
DEFAULT_DISCOUNT = "1/log2(1+r)"


def _json_number(x):
    """JSON of the measure analysis' mpmath numbers: floats."""
    import mpmath

    if isinstance(x, mpmath.mpf):
        return float(x)
    raise TypeError(f"not JSON: {x!r}")


def variant_main(argv) -> int:
    """``python -m proofs_check variant [--measure NAME] [--discount EXPR] [...]``: analyse
    a variant of NDCG, or another measure named as the evaluator names it.

    Every refusal of the analysis (:func:`rankmeasures.theory.analysis.analyse`,
    :func:`rankmeasures.theory.named_measure.analyse_named`: inputs outside the theory, a
    measure it cannot analyse, or what the computation cannot take) exits with status 2
    and the library's sentence, before any computation."""
    from rankmeasures.theory import variant_report
    from rankmeasures.theory.analysis import analyse
    from rankmeasures.theory.named_measure import analyse_named, named_rows, read_measure

    p = argparse.ArgumentParser(
        prog="python -m proofs_check variant",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
        description="Analyse a discount (and cut-off, gain) of your own against the theorems "
                    "of the documents. Expressions use r, n, s, y, numbers, + - * / ^, log "
                    "(natural; also ln), log2, exp, sqrt, pi and E; nothing is evaluated as "
                    "Python. --measure analyses another measure, named as the evaluator "
                    "names it (trec_eval's and ir_measures' spellings).")
    p.add_argument("--measure", default="ndcg",
                   help="the measure, as the evaluator spells it: ndcg (nDCG@10, "
                        "ndcg_cut_10), map/AP, Rprec, P@10/P_10 (or P with --cut 'n/5'), "
                        "recall (with --cut 'n/5'), recip_rank/RR, ERR/ERR@20, "
                        "rbp.p=0.8/RBP(p=0.8), AUC")
    p.add_argument("--discount",
                   help=f"NDCG's D(r), e.g. '1/log(1+r)^2' or 'n - r' (default: NDCG's own, "
                        f"{DEFAULT_DISCOUNT}); one that starts with '-' goes as --discount=-1/r")
    p.add_argument("--cut", help="cut-off k(n), e.g. 'sqrt(n)', 'n/5', '10'")
    p.add_argument("--gain", help="gain G(y) for a linear discount, e.g. '3^y - 1' (other "
                   "discounts take the gains as the grade values: --grades)")
    p.add_argument("--ybar", help="P[Y = 1 | s] of the first ranking function (default: s)")
    p.add_argument("--ybar2", help="P[Y = 1 | s] of a second ranking function")
    p.add_argument("--grades", nargs="+", help="graded model: the values v_1 > v_2 > ... "
                   "(the gain of a grade is its value); replaces --ybar")
    p.add_argument("--probs", nargs="+", help="graded model: P[Y = v_j | s], one per grade")
    p.add_argument("--probs2", nargs="+", help="graded: a second ranking function's P[Y = v_j | s]")
    p.add_argument("--n", type=float, nargs="+", default=[1e3, 1e6, 1e100],
                   help="n for the pseudo-expectation (whole numbers from 2 to 1e300)")
    p.add_argument("--mc-n", type=float, nargs="*", default=[],
                   help="n for Monte Carlo (whole numbers)")
    p.add_argument("--draws", type=int, default=20, help="Monte Carlo draws per n")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--budget", type=float, default=60.0,
                   help="seconds each analysis step may take (a step that runs out is named "
                        "under 'incomplete' and the rest of the report kept)")
    p.add_argument("--workers", type=int, default=0,
                   help="local dask worker processes for the Monte Carlo (0: this process)")
    p.add_argument("--scheduler", help="or the address of a dask scheduler, "
                   "e.g. tcp://10.0.0.1:8786")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    args = p.parse_args(argv)
    ybar, ybar2 = "s" if args.ybar is None else args.ybar, args.ybar2
    if args.grades or args.probs or args.probs2:
        if not (args.grades and args.probs):
            p.error("--grades, --probs: a graded model needs both")
        # a binary curve beside a graded model would be ignored: refuse it instead
        for flag, given, instead in (("--ybar", args.ybar, "--probs"),
                                     ("--ybar2", args.ybar2, "--probs2")):
            if given is not None:
                p.error(f"{flag}: a binary curve beside a graded model (--grades/--probs); "
                        f"give the {'first' if flag == '--ybar' else 'second'} ranking "
                        f"function's P[Y = v_j | s] with {instead} instead")
        try:
            values = [float(v) for v in args.grades]
        except ValueError:
            p.error("--grades: expected numbers")
        ybar = {"values": values, "probs": args.probs}
        ybar2 = {"values": values, "probs": args.probs2} if args.probs2 else None
    if args.scheduler and args.workers:
        p.error("--workers, --scheduler: give one (local worker processes, or the address "
                "of a running scheduler)")
    try:
        target = read_measure(args.measure, args.cut)
    except ValueError as exc:
        p.error(str(exc))
    if target.name != "NDCG":
        # NDCG's options have no meaning for another measure: refused, not ignored
        for flag, given in (("--discount", args.discount), ("--gain", args.gain),
                            ("--mc-n", args.mc_n)):
            if given:
                p.error(f"{flag}: NDCG's option; the measure {args.measure!r} takes "
                        "--cut, --ybar, --ybar2, --grades, --probs, --probs2")
        try:
            result = analyse_named(args.measure, cut=args.cut, ybar=ybar, ybar_other=ybar2,
                                   budget=args.budget)
        except ValueError as exc:
            p.error(str(exc))
        if args.json:
            print(json.dumps(result, indent=2, ensure_ascii=False, default=_json_number))
        else:
            _print_rows(named_rows(result))
        return 0
    try:
        report = analyse(
            args.discount or DEFAULT_DISCOUNT, cut=target.cut, ybar=ybar, ybar_other=ybar2,
            n_values=args.n,
            mc_n=args.mc_n, mc_draws=args.draws, seed=args.seed, gain=args.gain,
            budget=args.budget, workers=args.scheduler or args.workers)
    except (ValueError, ConnectionError) as exc:
        p.error(str(exc))
    note = variant_report.increasing_note(report)
    if note:
        print(f"warning: {note}", file=sys.stderr)
    if args.json:
        print(report.to_json())  # its decimal fields as numbers, by their declared types
    else:
        _print_rows(report.to_rows())
    return 0


def _print_rows(rows) -> None:
    width = max(len(row["field"]) for row in rows)
    for row in rows:
        print(f"{row['field']:<{width}}  {row['value']}")


def claim_ids(given: list[str]) -> list[str]:
    """The registry's ids named by ``--id`` values: each value one id or several separated
    by commas, in any case. An unknown id raises ValueError with the closest ids (difflib)
    and where every id is listed.

    Examples
    --------
    >>> claim_ids(["s004-t3", "S004-T1, S004-L2"])
    ['S004-T3', 'S004-T1', 'S004-L2']
    """
    import difflib

    by_key = {cid.upper(): cid for cid in REGISTRY}
    out, unknown = [], []
    for token in (t.strip() for value in given for t in value.split(",")):
        if token.upper() in by_key:
            out.append(by_key[token.upper()])
        elif token:
            unknown.append(token)
    if unknown:
        hints = []
        for u in unknown:
            close = difflib.get_close_matches(u.upper(), list(by_key), n=3, cutoff=0.75)
            hints.append(f"{u} (did you mean {' or '.join(by_key[c] for c in close)}?)"
                         if close else u)
        raise ValueError("unknown claim id(s): " + ", ".join(hints) + "; `python -m "
                         "proofs_check --list` prints every id (figures/claims.md lists them "
                         "with their outcomes)")
    return out


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["variant"]:
        return variant_main(argv[1:])
    p = argparse.ArgumentParser(prog="python -m proofs_check", description=__doc__,
                                usage="python -m proofs_check [options]\n"
                                      "       python -m proofs_check variant [--discount "
                                      "EXPR] [...]",
                                formatter_class=argparse.ArgumentDefaultsHelpFormatter,
                                epilog="python -m proofs_check variant --help: analyse a "
                                       "discount or gain of your own")
    p.add_argument("--doc", action="append",
                   help="only this document (000 ... 004), or 006 for the results of the "
                        "companion's notebook 006")
    p.add_argument("--id", action="append", dest="ids",
                   help="only this claim id, in any case; repeat it or separate ids by "
                        "commas (--id S004-T1,S004-L2); --list prints them all")
    p.add_argument("--list", action="store_true",
                   help="print every claim id with its statement, and stop")
    p.add_argument("--no-write", action="store_true", help="do not write the report")
    p.add_argument("--json", type=Path, metavar="FILE",
                   help="write the selected claims' rows (as in claims.json) to FILE")
    p.add_argument("--force", action="store_true",
                   help="run even when the report is up to date with the code")
    args = p.parse_args(argv)
    if args.list:
        for c in REGISTRY.values():
            print(f"{c.id:<12} {c.statement}")
        return 0
    if args.ids:
        try:
            args.ids = claim_ids(args.ids)
        except ValueError as exc:
            p.error(str(exc))
    full_run = not args.doc and not args.ids
    committed_run = full_run and not args.no_write and paths.output_dir(committed=True) == FIGURES
    recorded = manifest.recorded_inputs("claims") if committed_run else None
    if recorded is not None and not args.force and manifest.is_up_to_date(
            "claims", manifest.input_key(files=recorded), ("figures/claims.",)):
        print("claims report up to date (the code is unchanged); --force reruns the checks")
        return 0
    claims = list(REGISTRY.values())
    if args.doc:
        claims = [c for c in claims if c.doc in args.doc]
    if args.ids:
        claims = [c for c in claims if c.id in args.ids]
    if not claims:
        p.error("no claim matches the selection")
    rows, bad, total = [], [], 0.0
    print(f"{'id':<10} {'outcome':<17} {'recorded':<17} {'seconds':>7}  method")
    for c in claims:
        res, sec = run_claim(c)
        total += sec
        changed = res.outcome != c.recorded
        if changed:
            bad.append(c.id)
        flag = "  <-- CHANGED" if changed else ""
        print(f"{c.id:<10} {res.outcome:<17} {c.recorded:<17} {sec:7.2f}  {res.method}{flag}")
        row = {"id": c.id, "doc": c.doc, "kind": c.kind, "location": c.at.as_dict(),
               "statement": c.statement,
               "outcome": res.outcome, "recorded": c.recorded, "method": res.method,
               "evidence": canonical(_jsonable(res.evidence))}
        if c.kind == "companion-result":
            row["proof"] = c.proof
        if res.tolerance:
            row["tolerance"] = {k: parse_tolerance(v).to_json()
                                for k, v in sorted(res.tolerance.items())}
        rows.append(row)
    print(f"\n{len(rows)} claims in {total:.1f} s; " + (
        f"{len(bad)} changed or failed: {', '.join(bad)}" if bad else "all as recorded"))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2, sort_keys=True, ensure_ascii=False)
                             + "\n")
    if full_run and not args.no_write:
        out = paths.output_dir(committed=True)
        out.mkdir(parents=True, exist_ok=True)
        (out / "claims.json").write_text(
            json.dumps(rows, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
        (out / "claims.md").write_text(render_markdown(rows) + "\n")
        print(f"wrote {out / 'claims.json'} and claims.md")
        if committed_run and not bad:
            # the inputs: every module of the checkout this run imported
            files = manifest.imported_files(
                getattr(m, "__file__", None) for n, m in list(sys.modules.items())
                if n.split(".")[0] in manifest.PACKAGES)
            manifest.update_manifest("claims", key=manifest.input_key(files=files),
                                     inputs=files)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
