"""The reproducibility gate: hashes of every output, a manifest of how they were made, and
the check that regenerating them gives the same bytes.

``python -m rankmeasures.gate write``
    writes ``figures/SHA256SUMS`` (every figure, table, claims report and executed
    notebook with its SHA-256) and refreshes the package versions in
    ``figures/manifest.json`` (which also records, per notebook and for the claims
    report, the parameters, the input key and the commit they were generated at).
``python -m rankmeasures.gate check [--jobs N]``
    regenerates the claims report and every notebook at its committed parameters into a
    temporary directory and compares each file with ``SHA256SUMS``; exit status 1 and a
    line per differing, missing or unlisted file otherwise. Also fails when a committed
    file no longer matches its listed hash.

The input key of an output is the SHA-256 of everything that can change it: the
notebook's source and parameters, the library and claims-engine sources, the lock file
and ``pyproject.toml``. ``python -m rankmeasures.run`` and ``python -m proofs_check`` skip
work whose key and outputs are unchanged, so a second ``make reproduce`` takes seconds.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path

__all__ = ["ROOT", "file_sha256", "input_key", "output_sums", "read_sums", "compare",
           "load_manifest", "update_manifest", "is_up_to_date", "write", "check", "main"]

ROOT = Path(__file__).resolve().parents[2]
SUMS = "figures/SHA256SUMS"
MANIFEST = "figures/manifest.json"
_PACKAGES = ("numpy", "scipy", "sympy", "mpmath", "matplotlib", "scikit-learn", "quadprog",
             "papermill", "jupytext", "nbformat", "ipykernel")


def file_sha256(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _code_files(root: Path) -> list[Path]:
    files = sorted((root / "lib" / "rankmeasures").glob("*.py"))
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


def compare(expected: dict[str, str], actual: dict[str, str]) -> list[str]:
    """One line per difference, naming the file."""
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
    """Record that ``entry`` (a notebook stem, or "claims") was generated from ``key``."""
    man = load_manifest(root)
    man.setdefault("outputs", {})[entry] = {"input_key": key, "parameters": parameters or {},
                                            "generated_at_commit": _commit(root)}
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


def check(root: Path = ROOT, jobs: int | None = None) -> int:
    expected = read_sums(root)
    if not expected:
        print(f"gate: {SUMS} is missing; run `make reproduce` first")
        return 1
    problems = [f"committed file changed by hand: {line}" for line in compare(
        expected, output_sums(root / "figures", root / "notebooks" / "executed"))]
    with tempfile.TemporaryDirectory(prefix="gate-") as tmp:
        figs, executed = Path(tmp) / "figures", Path(tmp) / "executed"
        figs.mkdir()
        env = dict(os.environ, RANKMEASURES_FIGURES=str(figs))
        steps = [[sys.executable, "-m", "proofs_check", "--force"],
                 [sys.executable, "-m", "rankmeasures.run", "--force", "--output-dir",
                  str(executed), "--jobs", str(jobs or os.cpu_count() or 1)]]
        for cmd in steps:
            res = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True)
            if res.returncode:
                print(res.stdout[-4000:], res.stderr[-4000:], sep="\n")
                print(f"gate: {' '.join(cmd[1:4])} failed")
                return 1
        problems += compare(expected, output_sums(figs, executed))
    if problems:
        print("gate: regenerated outputs differ from figures/SHA256SUMS:")
        for line in problems:
            print("  " + line)
        return 1
    print(f"gate: all {len(expected)} outputs regenerated byte-identical")
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m rankmeasures.gate", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("command", choices=("write", "check"))
    p.add_argument("--jobs", type=int, default=None)
    args = p.parse_args(argv)
    if args.command == "write":
        print(f"wrote {write().relative_to(ROOT)}")
        return 0
    return check(jobs=args.jobs)


if __name__ == "__main__":
    sys.exit(main())
