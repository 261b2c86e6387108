"""Where things are: the checkout, its committed outputs, and which run made an output.

One home for the answers the runner, the gate, the manifest, the HTML edition and the
claims engine all need. The checkout is the folder this package lives in (``lib/companion``
two levels down), or -- for a run started elsewhere on a notebook of another checkout --
the nearest folder above a path that holds ``pyproject.toml`` and ``notebooks/``.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["ROOT", "FIGURES_VARIABLE", "root", "root_of", "figures_dir", "group_of",
           "entry_of"]

#: the checkout this package was imported from
ROOT = Path(__file__).resolve().parents[2]

#: the environment variable naming where a run writes its figures and tables
FIGURES_VARIABLE = "RANKMEASURES_FIGURES"


def root_of(path: Path | str) -> Path | None:
    """The checkout holding ``path`` (the nearest folder at or above it with
    ``pyproject.toml`` and ``notebooks/``), or None."""
    path = Path(path).resolve()
    for q in (path, *path.parents):
        if (q / "pyproject.toml").exists() and (q / "notebooks").is_dir():
            return q
    return None


def root() -> Path:
    """The checkout of the working directory, else the one this package lives in."""
    return root_of(Path.cwd()) or ROOT


def figures_dir(environ=None) -> Path:
    """The committed outputs' folder, ``figures/`` of the checkout, unless the environment
    names another (:data:`FIGURES_VARIABLE`, set by the runner and the gate for the runs
    they start)."""
    value = (os.environ if environ is None else environ).get(FIGURES_VARIABLE)
    return Path(value) if value else ROOT / "figures"


def group_of(name: str) -> str:
    """The piece of work that produces output ``name``: ``"claims"`` for the claims
    report, else the notebook's number (``"004"`` for ``figures/004_rates.png`` and for
    the entry ``004_ndcg_theory``)."""
    base = Path(name).name
    return "claims" if base.startswith("claims.") else base.split("_", 1)[0]


def entry_of(name: str, entries) -> str | None:
    """The manifest entry among ``entries`` (notebook stems and ``"claims"``) that produced
    output ``name``, or None."""
    group = group_of(name)
    return next((e for e in entries if group_of(e) == group), None)
