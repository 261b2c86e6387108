"""Where things are: the checkout, its committed outputs, and which run made an output.

One home for the answers the runner, the gate, the manifest, the HTML edition and the
claims engine all need. The checkout is the folder this package lives in (``lib/companion``
two levels down), or -- for a run started elsewhere on a notebook of another checkout --
the nearest folder above a path that holds ``pyproject.toml`` and ``notebooks/``.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["ROOT", "FIGURES_VARIABLE", "root", "root_of", "output_dir", "group_of",
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


def output_dir(*, committed: bool, environ=None) -> Path:
    """Where a run writes its figures and tables: the one answer for the runner, the
    notebooks' writers (:mod:`companion.figures`) and the claims engine.

    The folder :data:`FIGURES_VARIABLE` names when it is set (the runner and the gate set
    it for every run they start). Unset, ``committed=True`` (the claims engine's own
    command) gives the committed outputs' folder, ``figures/`` of this checkout, and
    ``committed=False`` (a notebook run by hand, in Jupyter or with plain papermill)
    ``scratch/figures/`` of the working directory's checkout, ignored by git, so that only
    the committed regeneration writes the committed outputs. Nothing is created.
    """
    value = (os.environ if environ is None else environ).get(FIGURES_VARIABLE)
    if value:
        return Path(value)
    if committed:
        return ROOT / "figures"
    checkout = root_of(Path.cwd())
    if checkout is None:
        raise ValueError(f"figures: no checkout (pyproject.toml) above the current "
                         f"directory; set {FIGURES_VARIABLE}")
    return checkout / "scratch" / "figures"


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
