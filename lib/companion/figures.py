"""The one way notebooks write figures and tables: canonical files under ``figures/``.

Every name starts with the notebook's three-digit number (``"003_measure_pairs"``).

* A figure is written as ``<name>.png`` and ``<name>.svg`` (no dates or software versions,
  SVG ids from a fixed hash salt) and ``<name>.data.json``: the data it plots (every line,
  marker, bar, error bar and filled band, the titles, labels and legends) at 12
  significant digits, with the tolerance declared for it. The reproducibility gate
  compares figures through that data, since the pixels and SVG coordinates move with
  the last digits of the numbers on another machine.
* A table is written as ``<name>.csv`` and ``<name>.md`` (floats at 10 significant digits)
  and ``<name>.tolerance.json``, the tolerance of each column.

Tolerances are explained in :mod:`companion.tolerance`; the default is numerical
(relative 1e-9), and a Monte Carlo or trained-model column declares a statistical one,
e.g. ``column_tolerance={"NDCG": {"se": "s.e.", "c": 0.5}}``.

The target directory is ``$RANKMEASURES_FIGURES`` when set. The committed regeneration
(``make reproduce``, i.e. ``python -m companion.run`` at the committed parameters) sets it
to the checkout's ``figures/``; the test runs and the gate point it at temporary
directories; an exploration run of the runner (``-p``, ``--quick``, ``--output-dir``) at
``<output dir>/figures``. Unset -- a notebook run by hand in Jupyter or with plain
papermill -- it is ``scratch/figures/`` at the root of the checkout (ignored by git), so
that only the committed regeneration ever writes the committed outputs.
"""

from __future__ import annotations

import ast
import csv
import glob
import io
import json
import os
import re
from pathlib import Path

import matplotlib as mpl
import numpy as np

from . import paths
from . import tolerance as _tol
from .tolerance import canonical

__all__ = ["save", "save_table", "remove", "markdown_table", "figure_data",
           "canonical", "shown", "DIGITS_TABLE", "DIGITS_DATA"]

_NAME = re.compile(r"^(\d{3}|variant)_[A-Za-z0-9_.-]+$")  # a document or a variant report
DIGITS_TABLE = 10
DIGITS_DATA = _tol.DIGITS


def _check_name(name: str) -> None:
    if not isinstance(name, str) or not _NAME.match(name):
        raise ValueError(
            f"name: must start with the notebook number and an underscore, like "
            f"'003_measure_pairs' (or 'variant_' in a variant report), got {name!r}"
        )


def _output_dir() -> Path:
    """Where figures and tables go (:func:`companion.paths.output_dir`, a notebook's run),
    created if missing; a run by hand is told where."""
    out = paths.output_dir(committed=False)
    if not os.environ.get(paths.FIGURES_VARIABLE) and not _SCRATCH_NOTED:
        _SCRATCH_NOTED.append(out)
        print(f"figures: writing to {out} ({paths.FIGURES_VARIABLE} is unset; only "
              "`make reproduce` writes the committed figures/)")
    out.mkdir(parents=True, exist_ok=True)
    return out


_SCRATCH_NOTED: list = []


def _floats(a) -> list:
    try:
        return canonical(np.asarray(a, dtype=float), DIGITS_DATA)
    except (TypeError, ValueError):  # categorical data: the labels themselves
        return [str(v) for v in np.asarray(a, dtype=object).ravel()]


def figure_data(fig) -> dict:
    """The data a Matplotlib figure shows, as JSON-ready canonical values.

    Per axes: title, axis labels and scales, categorical tick labels, legend texts, and
    each artist's data: lines (x, y), markers and other collections (offsets, segments of
    error bars, vertices of filled bands), bars and other rectangles (x, y, width,
    height), images (the array) and text annotations.
    """
    from matplotlib.collections import LineCollection, QuadMesh
    from matplotlib.image import AxesImage
    from matplotlib.patches import Rectangle

    out = {"suptitle": fig._suptitle.get_text() if fig._suptitle else "", "axes": []}
    for ax in fig.axes:
        a = {"title": ax.get_title(), "xlabel": ax.get_xlabel(), "ylabel": ax.get_ylabel(),
             "xscale": ax.get_xscale(), "yscale": ax.get_yscale(), "artists": []}
        for which, labels in (("xticklabels", ax.get_xticklabels()),
                              ("yticklabels", ax.get_yticklabels())):
            texts = [t.get_text() for t in labels]
            if any(re.search(r"[A-Za-z]", t) for t in texts):  # categorical, not numbers
                a[which] = texts
        legend = ax.get_legend()
        if legend is not None:
            a["legend"] = [t.get_text() for t in legend.get_texts()]
        for line in ax.get_lines():
            a["artists"].append({"line": line.get_label(), "x": _floats(line.get_xdata()),
                                 "y": _floats(line.get_ydata())})
        for coll in ax.collections:
            item = {"collection": type(coll).__name__, "label": coll.get_label()}
            if isinstance(coll, LineCollection):
                item["segments"] = [_floats(s) for s in coll.get_segments()]
            elif isinstance(coll, QuadMesh):  # a grid: its cell values and its edges
                xy = np.asarray(coll.get_coordinates())
                item["x edges"], item["y edges"] = _floats(xy[0, :, 0]), _floats(xy[:, 0, 1])
                item["array"] = _floats(coll.get_array())
            else:
                offsets = np.asarray(coll.get_offsets())
                if offsets.size:
                    item["offsets"] = _floats(offsets)
                if len(offsets) <= 1:  # a band or polygon: its vertices are the data
                    item["paths"] = [_floats(p.vertices) for p in coll.get_paths()]
                arr = coll.get_array()
                if arr is not None:
                    item["array"] = _floats(arr)
            a["artists"].append(item)
        for patch in ax.patches:
            if isinstance(patch, Rectangle):
                a["artists"].append({"rectangle": patch.get_label(),
                                     "xywh": _floats([patch.get_x(), patch.get_y(),
                                                      patch.get_width(), patch.get_height()])})
            else:
                a["artists"].append({"patch": type(patch).__name__,
                                     "vertices": _floats(patch.get_path().vertices)})
        for im in ax.images:
            if isinstance(im, AxesImage):
                a["artists"].append({"image": im.get_label(), "array": _floats(im.get_array()),
                                     "extent": _floats(im.get_extent())})
        for t in ax.texts:
            a["artists"].append({"text": t.get_text(), "at": _floats(t.get_position())})
        out["axes"].append(a)
    return out


def save(fig, name: str, *, tolerance=None) -> list[Path]:
    """Write ``fig`` as ``<name>.png``, ``<name>.svg`` and ``<name>.data.json``.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
    name : str
        ``NNN_topic``, NNN the notebook's number.
    tolerance : dict or companion.tolerance.Tolerance, optional
        The precision to which the plotted data reproduces on another machine (see
        :mod:`companion.tolerance`); default numerical, relative 1e-9. A figure of
        a trained model or a Monte Carlo estimate states its standard error,
        ``{"abs": se, "c": 0.5}``.

    Returns
    -------
    list of Path
        The three files written.
    """
    _check_name(name)
    tol = _tol.parse(tolerance)
    d = _output_dir()
    paths = [d / f"{name}.png", d / f"{name}.svg", d / f"{name}.data.json"]
    with mpl.rc_context({"svg.hashsalt": "rankmeasures", "svg.fonttype": "path"}):
        fig.savefig(paths[0], dpi=120, metadata={"Software": None})
        fig.savefig(paths[1], metadata={"Date": None, "Creator": None})
    record = {"figure": name, "tolerance": tol.to_json(), "data": figure_data(fig)}
    paths[2].write_text(json.dumps(record, indent=1, sort_keys=True, allow_nan=True) + "\n")
    return paths


def remove(name: str) -> list[Path]:
    """Delete the figures and tables of ``name`` (``<name>.png``, ``<name>.csv``,
    ``<name>.distinguish.svg``, ...: every file named ``<name>.`` and more) from the
    figures directory, so that a run which writes under a name it shares with an earlier
    run leaves none of that run's outputs beside its own. ``<name>_more`` is another name
    and stays. Returns the files deleted, sorted."""
    _check_name(name)
    gone = sorted(p for p in _output_dir().glob(f"{glob.escape(name)}.*") if p.is_file())
    for p in gone:
        p.unlink()
    return gone


def _fmt(v) -> str:
    if isinstance(v, bool | np.bool_):
        return str(bool(v))
    if isinstance(v, float | np.floating):
        return f"{float(v):.{DIGITS_TABLE}g}"
    return str(v)


def shown(v: float, *, digits: int | None = None, decimals: int | None = None) -> str:
    """``v`` as a table shows it: to ``digits`` significant digits or to ``decimals``
    decimal places (exactly one of them), keeping trailing zeros (0.010 to two significant
    digits is "0.010", not "0.01") and in positional notation from 1e-6 to 1e6, in
    scientific notation outside. A float passed to :func:`markdown_table` loses both (it
    prints the shortest repr), so a rounding for reading is passed as this string.

    Examples
    --------
    >>> shown(0.010078, digits=2), shown(-1.04e-05, decimals=6), shown(0.7, decimals=2)
    ('0.010', '-0.000010', '0.70')
    >>> shown(1234.5, digits=2), shown(3.2e-9, digits=2), shown(0.0, digits=2)
    ('1200', '3.2e-09', '0.0')
    """
    if (digits is None) == (decimals is None):
        raise ValueError("give exactly one of digits and decimals")
    v = float(v)
    if decimals is not None:
        return f"{v:.{int(decimals)}f}"
    digits = int(digits)
    if v == 0 or not np.isfinite(v):
        return f"{v:.{max(digits - 1, 1)}f}" if v == 0 else str(v)
    if not 1e-6 <= abs(v) < 1e6:
        return f"{v:.{digits - 1}e}"
    # the exponent after rounding (0.0996 to two digits is 0.10)
    exp = int(np.floor(np.log10(abs(float(f"{v:.{digits}g}")))))
    if digits - 1 - exp < 0:
        return f"{float(f'{v:.{digits}g}'):.0f}"
    return f"{v:.{digits - 1 - exp}f}"


def _check_rows(rows) -> list[str]:
    if not rows:
        raise ValueError("rows: empty table")
    header = list(rows[0])
    for i, r in enumerate(rows):
        if list(r) != header:
            raise ValueError(f"rows: row {i} has keys {list(r)}, expected {header}")
    return header


def save_table(rows: list[dict], name: str, *, tolerance=None,
               column_tolerance: dict | None = None) -> list[Path]:
    """Write rows (dicts with the same keys) as ``<name>.csv``, ``<name>.md`` and
    ``<name>.tolerance.json``.

    Floats are written with 10 significant digits.

    Parameters
    ----------
    rows : list of dict
    name : str
        ``NNN_topic``.
    tolerance : dict or Tolerance, optional
        The tolerance of every column not named in ``column_tolerance``; default
        numerical (relative 1e-9).
    column_tolerance : dict, optional
        ``{column: tolerance}``; a statistical tolerance names the column that holds
        each row's standard error, ``{"se": "s.e.", "c": 0.5}``.
    """
    _check_name(name)
    header = _check_rows(rows)
    default = _tol.parse(tolerance)
    columns = {}
    for col, spec in (column_tolerance or {}).items():
        if col not in header:
            raise ValueError(f"column_tolerance: no column {col!r} in {header}")
        columns[col] = _tol.parse(spec)
        if columns[col].se is not None and columns[col].se not in header:
            raise ValueError(f"column_tolerance: {col!r} names the standard-error column "
                             f"{columns[col].se!r}, which is not in {header}")
    if default.se is not None and default.se not in header:
        raise ValueError(f"tolerance: no standard-error column {default.se!r} in {header}")
    d = _output_dir()
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    for r in rows:
        w.writerow([_fmt(v) for v in r.values()])
    csv_path = d / f"{name}.csv"
    csv_path.write_text(buf.getvalue())
    md_path = d / f"{name}.md"
    md_path.write_text(markdown_table(rows) + "\n")
    tol_path = d / f"{name}.tolerance.json"
    tol_path.write_text(json.dumps(
        {"table": name, "digits": DIGITS_TABLE, "default": default.to_json(),
         "columns": {c: t.to_json() for c, t in columns.items()}},
        indent=1, sort_keys=True) + "\n")
    return [csv_path, md_path, tol_path]


def markdown_table(rows: list[dict], *, digits: int | None = None) -> str:
    """A Markdown table of rows (dicts with the same keys); floats to 10 significant
    digits, or rounded to ``digits`` for reading (a table saved with :func:`save_table`
    keeps full precision)."""
    header = _check_rows(rows)
    if digits is not None:
        digits = int(digits)
        rows = [{k: float(f"{v:.{digits}g}") if isinstance(v, float) else v
                 for k, v in r.items()} for r in rows]
    md = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for r in rows:
        md.append("| " + " | ".join(_cell(v).replace("|", "\\|") for v in r.values()) + " |")
    return "\n".join(md)


# a cell's math ($...$) and code spans (`...`), left as they are
_PROTECTED = re.compile(r"(\$[^$]+\$|`[^`]+`)")
# where an expression may start and end: at a word, a number, a sign or a bracket, never
# next to a star (``**bold**`` is emphasis, not a power)
_STARTS = re.compile(r"(?<![\w.*])[\w(\-]")
_ENDS = re.compile(r"[\w)](?![\w.(*])")
# the operations of an arithmetic expression as sympy prints it (no and/or/if/lambda)
_ARITHMETIC = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Call, ast.Name, ast.Constant,
               ast.Compare, ast.Tuple, ast.Load, ast.operator, ast.unaryop, ast.cmpop)


def _is_expression(text: str) -> bool:
    """Whether ``text`` is one arithmetic expression with a product or a power in it (as
    ``str`` of a sympy expression prints it: ``4*s**8/5 - 1059746*s/908765``, its stars
    never beside a space)."""
    if "*" not in text or re.search(r"\s\*|\*\s", text):
        return False
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError:
        return False
    return (not isinstance(tree.body, ast.Tuple)
            and all(isinstance(node, _ARITHMETIC) for node in ast.walk(tree)))


def _expressions_as_code(text: str) -> str:
    """``text`` with each longest expression that has a ``*`` in a code span, so that
    Markdown shows its products and powers instead of reading the stars as emphasis;
    a star left between two word characters is escaped."""
    out, i = [], 0
    starts = [m.start() for m in _STARTS.finditer(text)]
    ends = [m.end() for m in _ENDS.finditer(text)]
    for a in starts:
        if a < i:
            continue
        b = next((b for b in reversed(ends) if b > a and _is_expression(text[a:b])), None)
        if b is not None:
            out += [text[i:a], f"`{text[a:b]}`"]
            i = b
    out.append(text[i:])
    return "".join(re.sub(r"(?<=[\w)])\*(?=[\w(])", r"\\*", piece)
                   if not piece.startswith("`") else piece for piece in out)


def _cell(v) -> str:
    """One table cell in Markdown: a sympy expression as math (its LaTeX), an expression
    inside a string as code (:func:`_expressions_as_code`), math and code spans kept."""
    if type(v).__module__.startswith("sympy"):
        import sympy

        if isinstance(v, sympy.Basic):
            return f"${sympy.latex(v)}$"
    text = _fmt(v)
    if "*" not in text:
        return text
    return "".join(piece if _PROTECTED.fullmatch(piece) else _expressions_as_code(piece)
                   for piece in _PROTECTED.split(text))
