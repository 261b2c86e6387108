"""The record of what every output was made from: hashes, input keys and the manifest.

* ``figures/SHA256SUMS`` lists every output (figure, figure data, table, tolerance record,
  claims report, executed notebook) with its SHA-256 (:func:`write`);
* ``figures/manifest.json`` records, per notebook and for the claims report, the
  parameters, the input key, the commit and the machine (:mod:`companion.machine`) they
  were made with, and the versions of the packages that compute them.

The input key of an output is the SHA-256 of everything that can change it: the
notebook's source and parameters, and the files it was made from -- every module of the
checkout's packages (``rankmeasures``, ``companion``, ``proofs_check``) that the run
actually imported (read from ``sys.modules`` at its end: lazy and compiled-kernel imports
included), the companion's runner and output writers, the lock file and
``pyproject.toml``. The manifest records each of those files with its hash (``inputs``),
so a module the run never imported cannot make it stale, and a stale entry names the
files that changed (:func:`stale_inputs`). A module that starts being imported can only
do so through a change to a module already listed, which makes the entry stale.

``python -m companion.run`` and ``python -m proofs_check`` skip work whose key and outputs
are unchanged (:func:`is_up_to_date`), so a second ``make reproduce`` takes seconds; the
gate (:mod:`companion.gate`) compares regenerated outputs with this record, and
``tests/test_manifest.py`` fails when a committed entry is stale.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from importlib import metadata
from pathlib import Path

from . import machine
from .paths import ROOT

__all__ = ["ROOT", "SUMS", "MANIFEST", "PACKAGES", "RUNNER", "file_sha256", "imported_files",
           "file_hashes", "input_key", "recorded_inputs", "stale_inputs", "output_sums",
           "read_sums", "byte_differences", "load_manifest", "update_manifest",
           "is_up_to_date", "write"]

SUMS = "figures/SHA256SUMS"
MANIFEST = "figures/manifest.json"
_PACKAGES = ("numpy", "scipy", "sympy", "mpmath", "matplotlib", "scikit-learn", "quadprog",
             "papermill", "jupytext", "nbformat", "ipykernel", "threadpoolctl")


def file_sha256(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


#: the checkout's packages whose imported modules are inputs of an output
PACKAGES = ("rankmeasures", "companion", "proofs_check")
#: files every output depends on besides the modules it imports: the runner and the
#: output writers (the runner runs in another process than the notebook), the pins
RUNNER = ("lib/companion/run.py", "lib/companion/figures.py", "lib/companion/tolerance.py",
          "lib/companion/checks.py", "requirements.lock", "pyproject.toml")


def imported_files(module_files, root: Path = ROOT) -> list[str]:
    """The checkout's files among ``module_files`` (the ``__file__`` of every imported
    module), relative to ``root``, plus :data:`RUNNER`; sorted, without repeats."""
    root = Path(root).resolve()
    out = set(RUNNER)
    for f in module_files:
        if not f:
            continue
        try:
            rel = Path(f).resolve().relative_to(root).as_posix()
        except ValueError:
            continue  # a package outside the checkout: its version is in the lock
        if rel.endswith(".py"):
            out.add(rel)
    return sorted(f for f in out if (root / f).exists())


def file_hashes(files, root: Path = ROOT) -> dict[str, str]:
    """``{path: sha256}`` of ``files`` (paths relative to ``root``; a missing file hashes
    as ``"missing"``)."""
    return {f: file_sha256(root / f) if (root / f).exists() else "missing"
            for f in sorted(files)}


def input_key(*, files, root: Path = ROOT, notebook: Path | None = None,
              parameters: dict | None = None) -> str:
    """SHA-256 over ``files`` (relative to ``root``), plus one notebook and its parameters
    when given (the claims report's key has no notebook)."""
    h = hashlib.sha256()
    for f, digest in file_hashes(files, root).items():
        h.update(f.encode() + b"\0" + digest.encode() + b"\0")
    if notebook is not None:
        h.update(b"notebook\0" + Path(notebook).read_bytes())
        h.update(json.dumps(parameters or {}, sort_keys=True).encode())
    return h.hexdigest()


def recorded_inputs(entry: str, root: Path = ROOT) -> list[str] | None:
    """The files ``entry`` was made from, as recorded; None if it has no record."""
    rec = load_manifest(root).get("outputs", {}).get(entry)
    return sorted(rec["inputs"]) if rec and "inputs" in rec else None


def stale_inputs(entry: str, root: Path = ROOT) -> list[str] | None:
    """The recorded input files of ``entry`` whose bytes differ from the record (or that
    are gone); None if the entry has no record of its inputs."""
    rec = load_manifest(root).get("outputs", {}).get(entry)
    if not rec or "inputs" not in rec:
        return None
    now = file_hashes(rec["inputs"], root)
    return [f for f, d in rec["inputs"].items() if now[f] != d]


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
                    inputs: list[str] | None = None, root: Path = ROOT) -> None:
    """Record that ``entry`` (a notebook stem, or "claims") was generated from ``key`` on
    this machine, from the files ``inputs`` (recorded with their hashes). The claims run
    and the notebook pool update the file side by side (``make reproduce``): each
    read-modify-write holds an exclusive lock on it."""
    import fcntl

    path = root / MANIFEST
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        fh.seek(0)
        text = fh.read()
        man = json.loads(text) if text.strip() else {}
        rec = {"input_key": key, "parameters": parameters or {},
               "generated_at_commit": _commit(root), "machine": machine.fingerprint()}
        if inputs is not None:
            rec["inputs"] = file_hashes(inputs, root)
        man.setdefault("outputs", {})[entry] = rec
        fh.seek(0)
        fh.truncate()
        fh.write(_manifest_text(man))


def _manifest_text(man: dict) -> str:
    man["packages"] = {p: _version(p) for p in _PACKAGES}
    man["python"] = ".".join(map(str, sys.version_info[:3]))
    return json.dumps(man, indent=2, sort_keys=True) + "\n"


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
    """Write the checksums of every committed output.

    The manifest itself is left as the generators wrote it: its interpreter and package
    versions are those of the run that made the outputs, so re-running this on another
    patch release of Python changes nothing (a fresh clone's ``make reproduce`` leaves the
    checkout clean)."""
    sums = output_sums(root / "figures", root / "notebooks" / "executed")
    (root / SUMS).write_text("".join(f"{d}  {n}\n" for n, d in sums.items()))
    return root / SUMS
