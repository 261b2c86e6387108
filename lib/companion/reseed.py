"""Every notebook at its quick parameters under other seeds: no check may pass by luck.

``python -m companion.reseed [NOTEBOOK ...] [--seeds "S1 S2 ..."] [--jobs N]``
(``make reseed``, ``SEEDS="..."``): each numbered notebook (or those named) runs at its
quick parameters (``notebooks/parameters.toml``) with ``seed`` set to each seed in turn,
with ``RANKMEASURES_CHECKS=collect``, so that a failing check does not stop the run and
:func:`companion.checks.finish` lists every one. The executed notebooks go to
``scratch/reseed/<seed>/`` (never a committed output). The report lists, per notebook and
seed, the checks that failed (or the error that stopped the run); the exit status is 1 if
any did.

The notebooks' statistical checks are calibrated so that a whole run fails with
probability at most 1e-3 under any seed when every statement holds
(:mod:`companion.checks`): over 20 seeds and six notebooks a false alarm has probability
about 0.1 at most. A failure under some seed is a check to look at, not noise to reseed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

__all__ = ["DEFAULT_SEEDS", "run_one", "reseed", "main"]

#: 20 seeds nobody tuned a notebook to (the first 20 primes above 10^6)
DEFAULT_SEEDS = (1000003, 1000033, 1000037, 1000039, 1000081, 1000099, 1000117, 1000121,
                 1000133, 1000151, 1000159, 1000171, 1000183, 1000187, 1000193, 1000199,
                 1000211, 1000213, 1000231, 1000249)


def _record(nb_path: Path) -> dict | None:
    """The checks record displayed by :func:`companion.checks.finish`, if the run got there."""
    from .checks import MIME

    try:
        nb = json.loads(Path(nb_path).read_text())
    except (OSError, ValueError):
        return None
    for cell in nb.get("cells", []):
        for out in cell.get("outputs", []):
            if MIME in out.get("data", {}):
                return out["data"][MIME]
    return None


def run_one(path, seed: int, out_root) -> dict:
    """One notebook at its quick parameters under ``seed``: ``{"notebook", "seed", "ok",
    "failures"}`` (the failed checks, or the error that stopped the run)."""
    from .run import NotebookFailed, execute

    path = Path(path)
    out_dir = Path(out_root) / str(seed)
    try:
        out = execute(path, parameters={"seed": seed}, quick=True, output_dir=out_dir,
                      progress="none", figures=out_dir / "figures", checks="collect")
        record = _record(out)
        failures = record["failures"] if record else ["no checks record"]
    except NotebookFailed as exc:
        record = _record(exc.path)
        failures = record["failures"] if record and record["failures"] else [str(exc)]
    return {"notebook": path.stem, "seed": seed, "ok": not failures, "failures": failures}


def reseed(paths, seeds, *, jobs: int = 1, out_root=None) -> list[dict]:
    """Every notebook of ``paths`` under every seed of ``seeds``; the outcomes, in the
    order notebook, seed."""
    paths, seeds = [Path(p) for p in paths], [int(s) for s in seeds]
    if not seeds:
        raise ValueError("seeds: need at least one seed")
    from .paths import root_of

    home = root_of(paths[0]) or paths[0].resolve().parent
    root = Path(out_root) if out_root else home / "scratch" / "reseed"
    jobs_list = [(p, s) for p in paths for s in seeds]
    results = {}
    with ProcessPoolExecutor(max_workers=max(1, min(jobs, len(jobs_list)))) as pool:
        futures = {pool.submit(run_one, p, s, root): (p, s) for p, s in jobs_list}
        for fut in as_completed(futures):
            p, s = futures[fut]
            try:
                results[p, s] = fut.result()
            except Exception as exc:  # noqa: BLE001 - reported as the run's failure
                results[p, s] = {"notebook": p.stem, "seed": s, "ok": False,
                                 "failures": [f"{type(exc).__name__}: {exc}"]}
            r = results[p, s]
            print(f"  {r['notebook']} seed {s}: "
                  f"{'ok' if r['ok'] else str(len(r['failures'])) + ' failing'}", flush=True)
    return [results[j] for j in jobs_list]


def main(argv=None) -> int:
    from .paths import root

    p = argparse.ArgumentParser(prog="python -m companion.reseed", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("notebooks", nargs="*", help="notebooks/NNN_*.py (default: all numbered)")
    p.add_argument("--seeds", default=" ".join(map(str, DEFAULT_SEEDS)),
                   help="seeds, separated by spaces or commas (default: 20 fixed primes)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = p.parse_args(argv)
    book = root() / "notebooks"
    paths = [Path(n) if Path(n).exists() else book / f"{n}.py" for n in args.notebooks]
    paths = paths or sorted(book.glob("[0-9]*.py"))
    for path in paths:
        if not path.exists():
            p.error(f"no such notebook: {path}")
    try:
        seeds = [int(x) for x in args.seeds.replace(",", " ").split()]
    except ValueError:
        p.error(f"--seeds: need integers, got {args.seeds!r}")
    if not seeds:
        p.error("--seeds: need at least one seed")
    print(f"reseed: {len(paths)} notebook(s) x {len(seeds)} seed(s) at quick parameters",
          flush=True)
    results = reseed(paths, seeds, jobs=args.jobs)
    bad = [r for r in results if not r["ok"]]
    for r in bad:
        print(f"FAILED {r['notebook']} under seed {r['seed']}:")
        for f in r["failures"]:
            print(f"    {f}")
    print(f"reseed: {len(results) - len(bad)} of {len(results)} runs passed every check")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
