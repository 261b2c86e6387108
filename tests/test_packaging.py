"""The library as a user installs it outside the Makefile: a wheel built from
the checkout ships ``py.typed``, asks only for the core dependencies, and works in a fresh
venv that holds nothing but those (no numba, pandas, scikit-learn or Jupyter)."""

from __future__ import annotations

import importlib
import inspect
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

import rankmeasures as rm

ROOT = Path(__file__).resolve().parents[1]
CORE = ("numpy", "scipy", "sympy", "mpmath")  # what the measures import (matplotlib and
# quadprog are core dependencies for the notebooks' figures and the QP of document 001)

PUBLIC_MODULES = ("concordance", "dcg", "discounts", "exact", "gains", "ndcg_loss",
                  "pairwise", "rank_distances", "trec.runs", "theory.asymptotics",
                  "theory.simulate", "expressions", "theory.arguments", "theory.classification",
                  "theory.models", "theory.limits", "theory.finite_ratio",
                  "theory.analysis_settings", "theory.analysis", "theory.relevance",
                  "theory.table", "learning.learn_dcg", "learning.learn_dcg_simulation",
                  "learning.identifiability", "learning.verdicts", "learning.linear_ranking",
                  "learning.ranking_data")


def test_every_public_function_is_annotated():
    missing = []
    for name in PUBLIC_MODULES:
        mod = importlib.import_module(f"rankmeasures.{name}")
        for attr in mod.__all__:
            obj = getattr(mod, attr)
            if not inspect.isfunction(obj):
                continue
            sig = inspect.signature(obj)
            miss = [p for p, v in sig.parameters.items() if v.annotation is inspect._empty]
            if miss or sig.return_annotation is inspect._empty:
                missing.append(f"{name}.{attr}: {miss or 'return'}")
    assert not missing, missing
    assert (Path(rm.__file__).parent / "py.typed").exists()


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    # built from a clean copy of what the wheel is made of: setuptools reuses an in-tree
    # build/ folder, which could carry files of an older layout into the wheel
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src)
    shutil.copytree(ROOT / "lib" / "rankmeasures", src / "lib" / "rankmeasures",
                    ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "--disable-pip-version-check", "-w", str(out),
                    str(src)], check=True, capture_output=True, text=True)
    (whl,) = out.glob("rankmeasures-*.whl")
    return whl


def test_wheel_ships_py_typed_and_asks_only_for_core_dependencies(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "rankmeasures/py.typed" in names
    # the wheel installs the library only, not the checkout's tools as
    # top-level packages (companion, proofs_check)
    assert {n.split("/")[0] for n in names if not n.split("/")[0].endswith(
        ".dist-info")} == {"rankmeasures"}
    # the measures and their kernels ship, and so does the theory of document 004
    # (limits, pseudo-expectations, the simulator, the analysis of a user's own discount or
    # gain: the library's third use, with numpy, scipy, sympy and mpmath only). The learning
    # models of documents 001 and 002 do not: they are the documents' experiments, not
    # measures, and need quadprog and scikit-learn's data (the checkout installs those)
    packages = {n.rsplit("/", 1)[0] for n in names if n.endswith("/__init__.py")}
    assert packages == {"rankmeasures", "rankmeasures/_concordance", "rankmeasures/_kernels",
                        "rankmeasures/discounts", "rankmeasures/theory", "rankmeasures/trec"}
    assert not any(n.startswith("rankmeasures/learning") for n in names)
    required = [line.split(":", 1)[1].strip() for line in meta.splitlines()
                if line.startswith("Requires-Dist:") and "extra ==" not in line]
    assert sorted(r.split(">")[0].split("=")[0] for r in required) == sorted(
        ["numpy", "scipy", "sympy", "mpmath"])
    assert any(line.startswith("Requires-Dist: numba") and 'extra == "fast"' in line
               for line in meta.splitlines())


def test_fresh_venv_with_only_the_core_dependencies(wheel, tmp_path):
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    py = env_dir / "bin" / "python"
    subprocess.run([str(py), "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                    "--disable-pip-version-check", str(wheel)], check=True)
    # the core packages, and nothing else, taken from this environment by symlink
    deps = tmp_path / "deps"
    deps.mkdir()
    site = Path(importlib.import_module("numpy").__file__).parents[1]
    for pkg in CORE:
        for p in site.glob(f"{pkg}*"):
            if p.name.split(".")[0].split("-")[0] == pkg:  # pkg, pkg.libs, its dist-info
                (deps / p.name).symlink_to(p)
    script = """
import sys
import numpy as np
import rankmeasures as rm
for absent in ("numba", "pandas", "sklearn", "IPython"):
    try:
        __import__(absent)
    except ImportError:
        continue
    sys.exit(f"{absent} is importable: the check is not of the core dependencies only")
y = np.array([3, 2, 3, 0, 1, 2], float)
s = np.array([0.9, 0.8, 0.7, 0.6, 0.5, 0.4])
print(round(rm.ndcg(y, s, k=3), 12))
x = np.random.default_rng(0).random(200_000)
print(round(rm.kendall_tau(x, x), 12))  # large: the numpy path, numba being absent
ev = rm.evaluate({"q": {"a": 1, "b": 0}}, {"q": {"a": 0.2, "b": 0.9}}, "ndcg")
print(round(ev["ndcg"].values[0], 12))
from rankmeasures.theory import asymptotics
print(float(asymptotics.ndcg_limit(asymptotics.s, rm.power_discount(0.5))))
try:
    import rankmeasures.learning
except ImportError:
    print("no-learning")
"""
    env = dict(os.environ, PYTHONPATH=str(deps), PYTHONNOUSERSITE="1")
    out = subprocess.run([str(py), "-c", script], cwd=tmp_path, env=env, check=True,
                         capture_output=True, text=True).stdout.split()
    # by hand: DCG@3 = 3 + 2/log2(3) + 3/2, IDCG@3 = 3 + 3/log2(3) + 2/2
    import math

    dcg = 3 + 2 / math.log2(3) + 3 / 2
    idcg = 3 + 3 / math.log2(3) + 1
    assert float(out[0]) == pytest.approx(dcg / idcg, abs=1e-12)
    assert float(out[1]) == 1.0
    assert float(out[2]) == pytest.approx(1 / math.log2(3), abs=1e-12)  # a at rank 2
    # Theorem 3 with ybar = s, beta = 1/2: (1/2) int_0^1 s (1-s)^(-1/2) ds / (1/2)^(1/2)
    # = (1/2)(4/3) sqrt(2) = 2 sqrt(2)/3
    assert float(out[3]) == pytest.approx(2 * math.sqrt(2) / 3, rel=1e-12)
    assert out[4] == "no-learning"
