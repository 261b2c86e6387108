"""The one way notebooks write figures and tables: deterministic files under ``figures/``.

Every name starts with the notebook's three-digit number (``"003_measure_pairs"``). PNG
and SVG carry no dates or software versions, and SVG ids come from a fixed hash salt, so
a rerun with the same inputs gives byte-identical files. Tables are written as CSV and as
Markdown beside each other.

The target directory is ``$RANKMEASURES_FIGURES`` when set (the test runs point it at a
temporary directory), else ``figures/`` at the root of the checkout that holds the
current directory.
"""

from __future__ import annotations

import csv
import io
import os
import re
from pathlib import Path

import matplotlib as mpl

__all__ = ["figures_dir", "save", "save_table", "markdown_table"]

_NAME = re.compile(r"^\d{3}_[A-Za-z0-9_.-]+$")


def _check_name(name: str) -> None:
    if not isinstance(name, str) or not _NAME.match(name):
        raise ValueError(
            f"name: must start with the notebook number and an underscore, like "
            f"'003_measure_pairs', got {name!r}"
        )


def figures_dir() -> Path:
    """Where figures and tables go (see the module docstring); created if missing."""
    env = os.environ.get("RANKMEASURES_FIGURES")
    if env:
        out = Path(env)
    else:
        here = Path.cwd().resolve()
        root = next((p for p in (here, *here.parents) if (p / "pyproject.toml").exists()), None)
        if root is None:
            raise ValueError("figures: no checkout (pyproject.toml) above the current "
                             "directory; set RANKMEASURES_FIGURES")
        out = root / "figures"
    out.mkdir(parents=True, exist_ok=True)
    return out


def save(fig, name: str) -> list[Path]:
    """Write ``fig`` as ``<name>.png`` and ``<name>.svg`` without timestamps.

    Returns
    -------
    list of Path
        The two files written.
    """
    _check_name(name)
    d = figures_dir()
    paths = [d / f"{name}.png", d / f"{name}.svg"]
    with mpl.rc_context({"svg.hashsalt": "rankmeasures", "svg.fonttype": "path"}):
        fig.savefig(paths[0], dpi=120, metadata={"Software": None})
        fig.savefig(paths[1], metadata={"Date": None, "Creator": None})
    return paths


def _fmt(v) -> str:
    if isinstance(v, float):
        return f"{v:.10g}"
    return str(v)


def save_table(rows: list[dict], name: str) -> list[Path]:
    """Write a list of rows (dicts with the same keys) as ``<name>.csv`` and ``<name>.md``.

    Floats are written with 10 significant digits.
    """
    _check_name(name)
    if not rows:
        raise ValueError("rows: empty table")
    header = list(rows[0])
    for i, r in enumerate(rows):
        if list(r) != header:
            raise ValueError(f"rows: row {i} has keys {list(r)}, expected {header}")
    d = figures_dir()
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    for r in rows:
        w.writerow([_fmt(v) for v in r.values()])
    csv_path = d / f"{name}.csv"
    csv_path.write_text(buf.getvalue())
    md_path = d / f"{name}.md"
    md_path.write_text(markdown_table(rows) + "\n")
    return [csv_path, md_path]


def markdown_table(rows: list[dict]) -> str:
    """A Markdown table of rows (dicts with the same keys); floats to 10 digits."""
    if not rows:
        raise ValueError("rows: empty table")
    header = list(rows[0])
    md = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for r in rows:
        md.append("| " + " | ".join(_fmt(v).replace("|", "\\|") for v in r.values()) + " |")
    return "\n".join(md)
