"""The reproducibility gate: regenerate every output and compare it with the committed one.

``python -m companion.gate write``
    writes ``figures/SHA256SUMS`` (every figure, figure data, table, tolerance record,
    claims report and executed notebook with its SHA-256) and refreshes the package
    versions in ``figures/manifest.json``, which also records, per notebook and for the
    claims report, the parameters, the input key, the commit and the machine (CPU,
    numpy SIMD targets, BLAS kernel: :mod:`companion.machine`) they were made with.
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

The input key of an output is the SHA-256 of everything that can change it: the
notebook's source and parameters, the library and claims-engine sources, the companion's
output writers (runner, figures, tolerances), the lock file and ``pyproject.toml``.
``python -m companion.run`` and ``python -m proofs_check`` skip work whose key and outputs
are unchanged, so a second ``make reproduce`` takes seconds.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path

from . import compare as C
from . import machine

__all__ = ["ROOT", "file_sha256", "input_key", "output_sums", "read_sums", "byte_differences",
           "load_manifest", "update_manifest", "is_up_to_date", "write", "compare_outputs",
           "check", "main"]

ROOT = Path(__file__).resolve().parents[2]
SUMS = "figures/SHA256SUMS"
MANIFEST = "figures/manifest.json"
_PACKAGES = ("numpy", "scipy", "sympy", "mpmath", "matplotlib", "scikit-learn", "quadprog",
             "papermill", "jupytext", "nbformat", "ipykernel", "threadpoolctl")


def file_sha256(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _code_files(root: Path) -> list[Path]:
    files = sorted((root / "lib" / "rankmeasures").glob("*.py"))
    # of the companion, what writes the outputs (not the gate, comparison or site)
    files += [root / "lib" / "companion" / f for f in ("figures.py", "run.py", "tolerance.py")]
    files += sorted((root / "proofs_check").glob("*.py"))
    files += [root / "requirements.lock", root / "pyproject.toml"]
    return [f for f in files if f.exists()]


def input_key(*, root: Path = ROOT, notebook: Path | None = None,
              parameters: dict | None = None) -> str:
    """SHA-256 over the code every output depends on, plus one notebook and its
    parameters when given (the claims report's key has no notebook)."""
    h = hashlib.sha256()
    for f in _code_files(root):
        h.update(f.relative_to(root).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    if notebook is not None:
        h.update(b"notebook\0" + Path(notebook).read_bytes())
        h.update(json.dumps(parameters or {}, sort_keys=True).encode())
    return h.hexdigest()


def output_sums(figures: Path, executed: Path, prefix_figures="figures",
                prefix_executed="notebooks/executed") -> dict[str, str]:
    """``{relative path: sha256}`` for every output file (not SHA256SUMS or the
    manifest)."""
    out = {}
    for f in sorted(Path(figures).glob("*")):
        if f.is_file() and f.name not in ("SHA256SUMS", "manifest.json"):
            out[f"{prefix_figures}/{f.name}"] = file_sha256(f)
    for f in sorted(Path(executed).glob("*.ipynb")):
        out[f"{prefix_executed}/{f.name}"] = file_sha256(f)
    return out


def read_sums(root: Path = ROOT) -> dict[str, str]:
    path = root / SUMS
    if not path.exists():
        return {}
    out = {}
    for line in path.read_text().splitlines():
        digest, name = line.split(maxsplit=1)
        out[name] = digest
    return out


def byte_differences(expected: dict[str, str], actual: dict[str, str]) -> list[str]:
    """One line per file whose bytes differ, or that is missing or unlisted."""
    lines = []
    for name in sorted(set(expected) | set(actual)):
        if name not in actual:
            lines.append(f"missing: {name} (listed in {SUMS}, not produced)")
        elif name not in expected:
            lines.append(f"unlisted: {name} (produced, not in {SUMS})")
        elif expected[name] != actual[name]:
            lines.append(f"differs: {name} (listed {expected[name][:12]}, "
                         f"got {actual[name][:12]})")
    return lines


def load_manifest(root: Path = ROOT) -> dict:
    path = root / MANIFEST
    return json.loads(path.read_text()) if path.exists() else {}


def _commit(root: Path) -> str:
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "lib", "proofs_check",
                                "notebooks/*.py", "requirements.lock", "pyproject.toml"],
                               cwd=root, capture_output=True, text=True, check=True).stdout
        return head + ("+uncommitted" if dirty.strip() else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def update_manifest(entry: str, *, key: str, parameters: dict | None = None,
                    root: Path = ROOT) -> None:
    """Record that ``entry`` (a notebook stem, or "claims") was generated from ``key`` on
    this machine."""
    man = load_manifest(root)
    man.setdefault("outputs", {})[entry] = {"input_key": key, "parameters": parameters or {},
                                            "generated_at_commit": _commit(root),
                                            "machine": machine.fingerprint()}
    _write_manifest(man, root)


def _write_manifest(man: dict, root: Path) -> None:
    man["packages"] = {p: _version(p) for p in _PACKAGES}
    man["python"] = ".".join(map(str, sys.version_info[:3]))
    (root / MANIFEST).write_text(json.dumps(man, indent=2, sort_keys=True) + "\n")


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "not installed"


def is_up_to_date(entry: str, key: str, prefixes: tuple[str, ...], root: Path = ROOT) -> bool:
    """True when ``entry`` was generated from ``key`` and every listed output whose name
    starts with one of ``prefixes`` is on disk with its listed hash."""
    rec = load_manifest(root).get("outputs", {}).get(entry)
    if not rec or rec.get("input_key") != key:
        return False
    listed = {n: d for n, d in read_sums(root).items() if n.startswith(prefixes)}
    if not listed:
        return False
    return all((root / n).exists() and file_sha256(root / n) == d for n, d in listed.items())


def write(root: Path = ROOT) -> Path:
    sums = output_sums(root / "figures", root / "notebooks" / "executed")
    (root / SUMS).write_text("".join(f"{d}  {n}\n" for n, d in sums.items()))
    _write_manifest(load_manifest(root), root)
    return root / SUMS


def _entry_of(name: str, entries) -> str | None:
    """The manifest entry (notebook stem or "claims") that produced output ``name``."""
    base = Path(name).name
    if base.startswith("claims."):
        return "claims"
    number = base.split("_", 1)[0]
    return next((e for e in entries if e.split("_", 1)[0] == number), None)


def _render_claims(rows: list) -> str:
    from proofs_check.__main__ import render_markdown

    return render_markdown(rows)


def compare_outputs(ref_root: Path, new_root: Path, names) -> list[str]:
    """Content differences (see :mod:`companion.compare`) of every output in ``names``
    between two trees laid out like the repository."""
    problems = []
    for name in sorted(names):
        problems += C.compare_file(name, ref_root, new_root, render_claims=_render_claims)
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
