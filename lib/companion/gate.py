"""The reproducibility gate: regenerate every output and compare it with the committed one.

``python -m companion.gate write``
    writes ``figures/SHA256SUMS`` and refreshes the package versions in
    ``figures/manifest.json`` (:func:`companion.manifest.write`).
``python -m companion.gate check [--jobs N] [--keep DIR]``
    regenerates the claims report and every notebook at its committed parameters into a
    temporary directory (or ``DIR``) and compares them with the committed outputs in two
    ways, reported separately:

    *content* (must hold on any machine)
        every number within the tolerance declared where it was produced, every word
        equal (:mod:`companion.compare`); a failure names the file, the place, both
        values and the tolerance;
    *bytes* (determinism)
        every file byte-identical to ``SHA256SUMS``. Required when this machine is the
        one that made the outputs (same CPU model, numpy SIMD targets and BLAS kernel);
        on another machine the differing files are listed, with both machines, and do
        not fail the gate.

    It also fails when a committed file no longer matches its listed hash (changed by
    hand) or when a claim's outcome changes.

What each output was made from (hashes, input keys, the manifest) is recorded by
:mod:`companion.manifest`. The claims report's ``claims.md`` must be the rendering of its
``claims.json``: the gate asks the claims engine's own command for that rendering
(the script ``proofs_check/report.py``), so that the dependency between the two packages
points one way (the claims engine imports the companion, never the reverse).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import compare as C
from . import machine
from .manifest import (
    ROOT,
    SUMS,
    byte_differences,
    load_manifest,
    output_sums,
    read_sums,
    write,
)

__all__ = ["render_claims", "compare_outputs", "check", "main"]


def _entry_of(name: str, entries) -> str | None:
    """The manifest entry (notebook stem or "claims") that produced output ``name``."""
    base = Path(name).name
    if base.startswith("claims."):
        return "claims"
    number = base.split("_", 1)[0]
    return next((e for e in entries if e.split("_", 1)[0] == number), None)


def render_claims(rows: list) -> str:
    """``claims.md`` for the rows of a ``claims.json``, as the claims engine renders it: its
    script ``proofs_check/report.py`` reads the rows on stdin (the companion runs the
    claims engine as it runs notebooks, and never imports it)."""
    script = ROOT / "proofs_check" / "report.py"
    proc = subprocess.run([sys.executable, str(script)], input=json.dumps(rows),
                          capture_output=True, encoding="utf-8",
                          env=dict(os.environ, PYTHONIOENCODING="utf-8"))
    if proc.returncode:
        raise ValueError(f"{script.name} failed: {proc.stderr.strip()[-2000:]}")
    return proc.stdout


def compare_outputs(ref_root: Path, new_root: Path, names) -> list[str]:
    """Content differences (see :mod:`companion.compare`) of every output in ``names``
    between two trees laid out like the repository."""
    problems = []
    for name in sorted(names):
        problems += C.compare_file(name, ref_root, new_root, render_claims=render_claims)
    return problems


def _regenerate(root: Path, out: Path, jobs: int) -> bool:
    """The claims report and every notebook at its committed parameters, into ``out``
    (laid out like the repository). The claims run beside the notebooks, whose pool
    leaves a core idle at its end."""
    figs, executed = out / "figures", out / "notebooks" / "executed"
    figs.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, RANKMEASURES_FIGURES=str(figs))
    t0 = time.perf_counter()
    print("gate: regenerating the claims report and every notebook at its committed "
          "parameters ...", flush=True)
    logs = out / "gate-logs"
    logs.mkdir(exist_ok=True)
    claims_cmd = [sys.executable, "-m", "proofs_check", "--force"]
    nb_cmd = [sys.executable, "-m", "companion.run", "--force", "--output-dir", str(executed),
              "--jobs", str(jobs)]
    with open(logs / "claims.log", "w") as claims_log, \
            open(logs / "notebooks.stderr", "w") as nb_err:
        claims = subprocess.Popen(claims_cmd, cwd=root, env=env, stdout=claims_log,
                                  stderr=subprocess.STDOUT)
        nbs = subprocess.Popen(nb_cmd, cwd=root, env=env, stdout=subprocess.PIPE,
                               stderr=nb_err, text=True)
        nb_out = []
        for line in nbs.stdout:
            nb_out.append(line)
            if line.startswith("["):
                done = line.split(" -> ")[0].split(" FAILED")[0]
                print(f"  {done} ({time.perf_counter() - t0:.0f} s)", flush=True)
            elif ": cell " in line:  # a long notebook's progress (every 30 s)
                print(f"    {line.strip()}", flush=True)
        nbs.wait()
        claims.wait()
    ok = True
    for name, proc, text in (
            ("proofs_check", claims, (logs / "claims.log").read_text()),
            ("companion.run", nbs, "".join(nb_out) + (logs / "notebooks.stderr").read_text())):
        if proc.returncode:
            print(text[-4000:])
            print(f"gate: {name} failed (exit status {proc.returncode})")
            ok = False
    if ok:
        print(f"gate: ... regenerated in {time.perf_counter() - t0:.0f} s", flush=True)
    return ok


def check(root: Path = ROOT, jobs: int | None = None, keep: Path | None = None) -> int:
    expected = read_sums(root)
    if not expected:
        print(f"gate: {SUMS} is missing; run `make reproduce` first")
        return 1
    committed = output_sums(root / "figures", root / "notebooks" / "executed")
    problems = [f"committed file changed by hand: {line}"
                for line in byte_differences(expected, committed)]
    with tempfile.TemporaryDirectory(prefix="gate-") as tmp:
        out = Path(keep) if keep else Path(tmp)
        if not _regenerate(root, out, jobs or os.cpu_count() or 1):
            return 1
        produced = output_sums(out / "figures", out / "notebooks" / "executed")
        problems += compare_outputs(root, out, set(expected) | set(produced))
    here = machine.fingerprint()
    outputs = load_manifest(root).get("outputs", {})
    determinism, elsewhere = [], {}
    for line in byte_differences(expected, produced):
        if not line.startswith("differs: "):
            continue  # missing and unlisted files are content problems already
        name = line.split()[1]
        made_on = outputs.get(_entry_of(name, outputs) or "", {}).get("machine")
        if machine.differences(made_on, here):
            elsewhere.setdefault(machine.describe(made_on), []).append(name)
        else:
            determinism.append(line)
    n = len(expected)
    if problems:
        print(f"gate: content: {len(problems)} difference(s) beyond the declared tolerances:")
        for line in problems:
            print("  " + line)
    else:
        print(f"gate: content: all {n} outputs reproduce within their declared tolerances")
    if determinism:
        print(f"gate: bytes: {len(determinism)} file(s) differ on the machine that made them "
              f"({machine.describe(here)}), so a rerun is not deterministic:")
        for line in determinism:
            print("  " + line)
    elif not elsewhere:
        print(f"gate: bytes: all {n} outputs regenerated byte-identical")
    for made, names in elsewhere.items():
        print(f"gate: bytes: {len(names)} file(s) differ in bytes, expected: they were made "
              f"on another machine\n  made on: {made}\n  here:    {machine.describe(here)}")
        for name in names:
            print(f"    {name}")
    return 1 if problems or determinism else 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m companion.gate", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("command", choices=("write", "check"))
    p.add_argument("--jobs", type=int, default=None,
                   help="notebooks run in parallel (default: the number of cores)")
    p.add_argument("--keep", type=Path, default=None,
                   help="regenerate into this directory and keep it (default: a temporary one)")
    args = p.parse_args(argv)
    if args.command == "write":
        print(f"wrote {write().relative_to(ROOT)}")
        return 0
    return check(jobs=args.jobs, keep=args.keep)


if __name__ == "__main__":
    sys.exit(main())
