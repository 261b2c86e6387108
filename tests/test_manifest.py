"""The committed manifest tells the truth: every output was made from the code at HEAD.

Each entry of ``figures/manifest.json`` records the files its run imported, with their
hashes (companion.manifest). When one of them has changed since, the committed outputs
may no longer be what the code makes, and a fresh clone's ``make reproduce`` would redo
the work and leave the checkout modified: this test fails first, naming the output and
the files, so the change is committed with its regenerated outputs."""

import json
from pathlib import Path

from companion import manifest
from companion.run import _read, notebook_parameters

ROOT = Path(__file__).resolve().parents[1]


def test_every_committed_entry_is_current():
    outputs = manifest.load_manifest(ROOT).get("outputs", {})
    notebooks = {p.stem: p for p in (ROOT / "notebooks").glob("[0-9][0-9][0-9]_*.py")}
    assert set(notebooks) <= set(outputs), "a notebook without a manifest entry"
    assert "claims" in outputs
    stale = []
    for entry, rec in sorted(outputs.items()):
        changed = manifest.stale_inputs(entry, ROOT)
        if changed is None:
            stale.append(f"{entry}: no record of its input files")
            continue
        if entry in notebooks:
            nb = notebooks[entry]
            params = notebook_parameters(_read(nb))
            if params != rec["parameters"]:
                changed.append(f"parameters of {nb.name}")
            key = manifest.input_key(files=rec["inputs"], root=ROOT, notebook=nb,
                                     parameters=params)
            if key != rec["input_key"] and not changed:
                changed.append(f"notebooks/{nb.name}")
        if changed:
            stale.append(f"{entry}: {', '.join(changed)}")
    assert not stale, ("outputs made from other code than the checkout's -- run `make "
                       "reproduce` and commit its outputs with the change:\n  "
                       + "\n  ".join(stale))


def test_the_record_lists_real_files():
    for entry, rec in manifest.load_manifest(ROOT).get("outputs", {}).items():
        files = rec.get("inputs", {})
        assert "requirements.lock" in files and "lib/companion/run.py" in files, entry
        assert all((ROOT / f).exists() for f in files), entry
        json.dumps(rec)  # plain data


def test_a_fresh_clone_reproduces_nothing_and_stays_clean(tmp_path):
    """`make reproduce`'s two generators and its checksum writer in a fresh clone of HEAD
    (its own code first on the path): every notebook and the claims report up to date,
    nothing written, `git status` empty -- in seconds."""
    import os
    import subprocess
    import sys

    if not (ROOT / ".git").exists():
        import pytest

        pytest.skip("needs a git checkout")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    env = dict(os.environ, PYTHONPATH=f"{clone / 'lib'}{os.pathsep}{clone}")
    env.pop("RANKMEASURES_FIGURES", None)
    steps = (["-m", "companion.run"], ["-m", "proofs_check"], ["-m", "companion.gate", "write"])
    for cmd in steps:
        proc = subprocess.run([sys.executable, *cmd], cwd=clone, env=env, capture_output=True,
                              text=True, timeout=600)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        if "write" not in cmd:
            assert "up to date" in proc.stdout and "started" not in proc.stdout, proc.stdout
    status = subprocess.run(["git", "status", "--porcelain"], cwd=clone, capture_output=True,
                            text=True, check=True).stdout
    assert status == "", status
