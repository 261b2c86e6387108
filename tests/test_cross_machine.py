"""A cross-machine check that runs on one machine: regenerate outputs with numpy's SIMD
paths switched off (``NPY_DISABLE_CPU_FEATURES``, numpy's own switch) and compare them with
the outputs of the machine's defaults under the declared tolerances.

Notebook 002 is the chaotic one (its NDCG-hinge ranker ends where the optimiser's path,
and so the last digits of the arithmetic, take it); a selection of the claims of documents
002 and 004 carries Monte Carlo, quadrature and simulation evidence. OpenBLAS's kernel is
left as the machine sets it (``OPENBLAS_CORETYPE`` is for a manual run of ``bash .ci/run``
only).
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import compare, gate, manifest

ROOT = Path(__file__).resolve().parents[1]


def _other_instruction_set() -> dict:
    from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__

    available = [f for f in __cpu_dispatch__ if __cpu_features__.get(f)]
    if not available:
        pytest.skip("this CPU runs numpy's baseline only: no SIMD path to switch off")
    return {"NPY_DISABLE_CPU_FEATURES": " ".join(available)}


def _run(args, env_extra):
    return _run_both([(args, env_extra)])[0]


def _run_both(runs):
    """Run ``python ARGS`` once per (args, extra environment), side by side; stdouts."""
    procs = [subprocess.Popen([sys.executable, *args], cwd=ROOT, env=dict(os.environ, **env),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for args, env in runs]
    outs = [p.communicate() for p in procs]
    for p, (out, err) in zip(procs, outs, strict=True):
        assert p.returncode == 0, out[-2000:] + err[-2000:]
    return [out for out, _ in outs]


@pytest.fixture(scope="module")
def other():
    env = _other_instruction_set()
    probe = [ "-c", "import json; from companion import machine; "
              "print(json.dumps(machine.fingerprint()))"]
    here, there = map(json.loads, _run_both([(probe, {}), (probe, env)]))
    # the switch took effect: numpy runs other SIMD code there
    assert here["numpy_simd"] != there["numpy_simd"]
    assert there["numpy_simd"] and set(there["numpy_simd"]) < set(here["numpy_simd"])
    return env


def test_claims_reproduce_under_another_instruction_set(other, tmp_path):
    # Monte Carlo, quadrature and simulation evidence (S004-L2 moves in its 12th digit
    # between AVX-512 and SSE paths)
    ids = ["S004-L2", "S004-L4", "S004-L7", "S004-T3", "S004-T5", "S004-T4b", "S002-C1"]
    args = ["-m", "proofs_check", *(a for i in ids for a in ("--id", i)), "--no-write",
            "--json"]
    _run_both([([*args, str(tmp_path / "a.json")], {}), ([*args, str(tmp_path / "b.json")], other)])
    a = json.loads((tmp_path / "a.json").read_text())
    b = json.loads((tmp_path / "b.json").read_text())
    assert [r["id"] for r in a] == [r["id"] for r in b] and len(a) == len(ids)
    assert compare.compare_claims(a, b) == []


def test_notebook_002_reproduces_under_another_instruction_set(other, tmp_path):
    _run_both([(["-m", "companion.run", "002_textbook_ndcg_loss", "--quick", "--output-dir",
                 str(tmp_path / side / "notebooks" / "executed")],
                dict(env, RANKMEASURES_FIGURES=str(tmp_path / side / "figures")))
               for side, env in (("a", {}), ("b", other))])
    names = set(manifest.output_sums(tmp_path / "a" / "figures",
                                     tmp_path / "a" / "notebooks" / "executed"))
    assert "figures/002_learning.data.json" in names
    assert "notebooks/executed/002_textbook_ndcg_loss.ipynb" in names
    assert gate.compare_outputs(tmp_path / "a", tmp_path / "b", names) == []
