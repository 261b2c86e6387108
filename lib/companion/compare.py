"""Content comparison of two sets of outputs, value by value under declared tolerances.

This is what "reproducible" means across machines (see :mod:`companion.tolerance`):

* a table (``.csv`` and its ``.md``): the same header and rows, every cell's words equal
  and every number within its column's tolerance (``<name>.tolerance.json``);
* a figure: its plotted data (``<name>.data.json``) within the figure's tolerance; the
  ``.png`` and ``.svg`` pixels and coordinates are not compared across machines;
* the claims report (``claims.json``): the same claims with the same location, statement,
  outcome, method, and evidence within the tolerance each claim declares; ``claims.md`` must be
  exactly the rendering of ``claims.json``;
* an executed notebook: the same cells and sources, the same outputs, their text (plain,
  Markdown, HTML, streams) within the cell's declared tolerance (cell metadata
  ``tolerance``; numerical by default); embedded images are figures, compared through
  the figures' data.

Every difference is reported with the file, the place (row and column, claim id and
evidence field, cell and output), both values and the tolerance.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
from collections.abc import Callable
from pathlib import Path

from . import tolerance as T

__all__ = ["compare_tables", "compare_markdown_tables", "compare_json", "compare_declarations",
           "compare_figure_data",
           "compare_claims", "compare_notebooks", "compare_file", "MAX_PER_FILE"]

MAX_PER_FILE = 8
_IMAGE = re.compile(r"^image/")


def _num(text: str):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def _table_tolerance(spec: dict | None) -> tuple[T.Tolerance, dict[str, T.Tolerance], int]:
    if not spec:
        return T.NUMERICAL, {}, 10
    return (T.parse(spec.get("default")),
            {c: T.parse(s) for c, s in spec.get("columns", {}).items()},
            int(spec.get("digits", 10)))


def _compare_rows(ref: list[list[str]], new: list[list[str]], spec: dict | None,
                  where: str) -> list[str]:
    if not ref or not new:
        return [] if ref == new else [f"{where}: one table is empty"]
    if ref[0] != new[0]:
        return [f"{where}: header {ref[0]} vs {new[0]}"]
    header = ref[0]
    if len(ref) != len(new):
        return [f"{where}: {len(ref) - 1} rows vs {len(new) - 1}"]
    default, columns, digits = _table_tolerance(spec)
    out = []
    for i, (ra, rb) in enumerate(zip(ref[1:], new[1:], strict=True), start=1):
        if len(ra) != len(rb) or len(ra) != len(header):
            out.append(f"{where}: row {i} has {len(ra)} vs {len(rb)} cells")
            continue
        for col, a, b in zip(header, ra, rb, strict=True):
            tol = columns.get(col, default)
            se = _num(ra[header.index(tol.se)]) if tol.se is not None else None
            if tol.statistical and tol.se is not None and se is None:
                out.append(f"{where}: row {i}, column {col!r}: standard error "
                           f"{ra[header.index(tol.se)]!r} is not a number")
                continue
            # a bare number was written by the table writer at `digits` significant
            # digits; numbers inside text ("0.97231 ± 0.00078") carry their own print
            bare = _num(a) is not None and _num(b) is not None
            diff = T.compare_text(a, b, tol, se=se, digits=digits if bare else None)
            if diff:
                out.append(f"{where}: row {i} ({header[0]} = {ra[0]}), column {col!r}: {diff}")
    return out


def compare_tables(ref_csv: str, new_csv: str, spec: dict | None = None,
                   where: str = "table") -> list[str]:
    """Differences between two CSV texts under a table's tolerance record."""
    read = lambda s: list(csv.reader(io.StringIO(s)))  # noqa: E731
    return _compare_rows(read(ref_csv), read(new_csv), spec, where)


_CELL_SPLIT = re.compile(r"(?<!\\) \| ")


def _markdown_rows(text: str) -> list[list[str]]:
    rows = []
    for k, line in enumerate(text.strip("\n").splitlines()):
        if k == 1:  # the |---| line
            continue
        body = line.strip()
        if body.startswith("| ") and body.endswith(" |"):
            body = body[2:-2]
        elif body in ("||", "|"):
            body = ""
        rows.append(_CELL_SPLIT.split(body))
    return rows


def compare_markdown_tables(ref_md: str, new_md: str, spec: dict | None = None,
                            where: str = "table") -> list[str]:
    """Differences between two Markdown tables written by ``figures.markdown_table``."""
    return _compare_rows(_markdown_rows(ref_md), _markdown_rows(new_md), spec, where)


def compare_json(ref, new, tol: T.Tolerance, where: str, *, digits: int | None = 12,
                 tol_for: Callable[[str], T.Tolerance] | None = None) -> list[str]:
    """Differences between two JSON values: keys and lengths exactly, strings through
    :func:`tolerance.compare_text`, numbers within ``tol`` plus the rounding of their
    ``digits`` significant digits. ``tol_for(key)`` may choose another tolerance for the
    top-level keys of a dict."""
    out: list[str] = []

    def walk(a, b, path, t):
        if len(out) > MAX_PER_FILE:
            return
        if isinstance(a, dict) and isinstance(b, dict):
            if set(a) != set(b):
                out.append(f"{where}{path}: keys {sorted(set(a) - set(b))} only in the "
                           f"reference, {sorted(set(b) - set(a))} only in the regenerated")
                return
            for k in sorted(a):
                walk(a[k], b[k], f"{path}.{k}", tol_for(k) if tol_for and not path else t)
        elif isinstance(a, list) and isinstance(b, list):
            if len(a) != len(b):
                out.append(f"{where}{path}: length {len(a)} vs {len(b)}")
                return
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                walk(x, y, f"{path}[{i}]", t)
        elif isinstance(a, bool) or isinstance(b, bool) or a is None or b is None:
            if a is not b and a != b:
                out.append(f"{where}{path}: {a!r} vs {b!r}")
        elif isinstance(a, int | float) and isinstance(b, int | float):
            q = 0.0
            if digits and (isinstance(a, float) or isinstance(b, float)):
                m = max(abs(a), abs(b))
                if m > 0 and math.isfinite(m):
                    q = 10.0 ** (math.floor(math.log10(m)) - (digits - 1))
            if not T.close(float(a), float(b), t, q=q):
                out.append(f"{where}{path}: {a!r} vs {b!r} (tolerance {t.describe()})")
        elif isinstance(a, str) and isinstance(b, str):
            diff = T.compare_text(a, b, t)
            if diff:
                out.append(f"{where}{path}: {diff}")
        elif a != b:
            out.append(f"{where}{path}: {a!r} vs {b!r}")

    walk(ref, new, "", tol)
    return out


def compare_declarations(ref, new, where: str) -> list[str]:
    """Two tolerance declarations of one output: the same kinds, columns and keys, their
    numbers within :data:`tolerance.DECLARATION` (1%)."""
    return compare_json(ref, new, T.DECLARATION, where, digits=3)


def compare_figure_data(ref: dict, new: dict, where: str = "figure") -> list[str]:
    """Differences between two ``<name>.data.json`` records, under the reference's
    declared tolerance (which must itself be unchanged)."""
    out = compare_declarations(ref.get("tolerance"), new.get("tolerance"),
                               f"{where}: declared tolerance")
    if out:
        return out
    tol = T.parse(ref.get("tolerance"))
    return compare_json(ref.get("data"), new.get("data"), tol, f"{where}: data")


def _claim_tolerance(row: dict) -> Callable[[str], T.Tolerance]:
    spec = row.get("tolerance") or {}
    parsed = {k: T.parse(v) for k, v in spec.items()}
    default = parsed.get("*", T.NUMERICAL)
    return lambda key: parsed.get(key, default)


def compare_claims(ref: list[dict], new: list[dict], where: str = "claims.json") -> list[str]:
    """Differences between two claims reports: claim by claim, the fixed fields exactly,
    the evidence under the tolerance the claim declares (``tolerance``: evidence field
    or ``"*"`` to a tolerance)."""
    a = {r["id"]: r for r in ref}
    b = {r["id"]: r for r in new}
    out = []
    if list(a) != list(b):
        out.append(f"{where}: claims {sorted(set(a) - set(b))} only in the reference, "
                   f"{sorted(set(b) - set(a))} only in the regenerated (or a new order)")
    for cid in a:
        if cid not in b:
            continue
        ra, rb = a[cid], b[cid]
        out += compare_declarations(ra.get("tolerance"), rb.get("tolerance"),
                                    f"{where}: claim {cid}, tolerance")
        for field in sorted((set(ra) | set(rb)) - {"evidence", "tolerance"}):
            if ra.get(field) != rb.get(field):
                out.append(f"{where}: claim {cid}, {field}: {ra.get(field)!r} vs "
                           f"{rb.get(field)!r}")
        out += compare_json(ra.get("evidence"), rb.get("evidence"), T.NUMERICAL,
                            f"{where}: claim {cid}, evidence", tol_for=_claim_tolerance(ra))
    return out


def _text(v) -> str:
    return "".join(v) if isinstance(v, list) else str(v)


def compare_notebooks(ref: dict, new: dict, where: str = "notebook") -> list[str]:
    """Differences between two executed notebooks (nbformat JSON)."""
    ca, cb = ref.get("cells", []), new.get("cells", [])
    if len(ca) != len(cb):
        return [f"{where}: {len(ca)} cells vs {len(cb)}"]
    out = []
    for i, (x, y) in enumerate(zip(ca, cb, strict=True)):
        here = f"{where}: cell {i}"
        if x.get("cell_type") != y.get("cell_type") or _text(x.get("source")) != _text(
                y.get("source")):
            out.append(f"{here}: the source differs")
            continue
        if x.get("metadata") != y.get("metadata"):
            out.append(f"{here}: metadata {x.get('metadata')} vs {y.get('metadata')}")
            continue
        try:
            tol = T.parse(x.get("metadata", {}).get("tolerance"))
        except ValueError as exc:
            out.append(f"{here}: {exc}")
            continue
        oa, ob = x.get("outputs", []), y.get("outputs", [])
        if len(oa) != len(ob):
            out.append(f"{here}: {len(oa)} outputs vs {len(ob)}")
            continue
        for j, (p, q) in enumerate(zip(oa, ob, strict=True)):
            place = f"{here}, output {j}"
            if p.get("output_type") != q.get("output_type") or p.get("name") != q.get("name"):
                out.append(f"{place}: {p.get('output_type')} vs {q.get('output_type')}")
                continue
            if "text" in p:
                diff = T.compare_text(_text(p["text"]), _text(q.get("text", "")), tol)
                if diff:
                    out.append(f"{place} ({p.get('name', 'text')}): {diff}")
            da, db = p.get("data", {}), q.get("data", {})
            if set(da) != set(db):
                out.append(f"{place}: kinds {sorted(da)} vs {sorted(db)}")
                continue
            for mime in sorted(da):
                if _IMAGE.match(mime):
                    continue  # a figure: compared through <name>.data.json
                diff = T.compare_text(_text(da[mime]), _text(db[mime]), tol)
                if diff:
                    out.append(f"{place} ({mime}): {diff}")
            if p.get("execution_count") != q.get("execution_count"):
                out.append(f"{place}: execution count {p.get('execution_count')} vs "
                           f"{q.get('execution_count')}")
    return out


def _read_json(path: Path):
    return json.loads(path.read_text())


def compare_file(name: str, ref_dir: Path, new_dir: Path,
                 render_claims: Callable[[list], str] | None = None) -> list[str]:
    """Content differences of the output ``name`` (e.g. ``"figures/002_learning.csv"``)
    between two trees laid out like the repository (``ref_dir/name`` and
    ``new_dir/name``). PNG and SVG files are not compared here (their data is)."""
    a, b = Path(ref_dir) / name, Path(new_dir) / name
    if not b.exists():
        return [f"{name}: not produced"]
    if not a.exists():
        return [f"{name}: produced, but not among the reference outputs"]
    stem = Path(name).name
    try:
        if stem.endswith((".png", ".svg")):
            base = name.rsplit(".", 1)[0]
            if not (Path(ref_dir) / f"{base}.data.json").exists():
                return [f"{name}: a figure without {Path(base).name}.data.json"]
            return []
        if stem == "claims.json":
            out = compare_claims(_read_json(a), _read_json(b), name)
        elif stem == "claims.md":
            out = []
            if render_claims is not None:
                for side, d in (("reference", ref_dir), ("regenerated", new_dir)):
                    rows = _read_json(Path(d) / Path(name).with_name("claims.json"))
                    if (Path(d) / name).read_text() != render_claims(rows) + "\n":
                        out.append(f"{name} ({side}): not the rendering of its claims.json")
        elif stem.endswith(".data.json"):
            out = compare_figure_data(_read_json(a), _read_json(b), name)
        elif stem.endswith(".tolerance.json"):
            out = compare_declarations(_read_json(a), _read_json(b),
                                       f"{name}: declared tolerances")
        elif stem.endswith((".csv", ".md")) and (
                a.with_name(stem.rsplit(".", 1)[0] + ".tolerance.json")).exists():
            spec = _read_json(a.with_name(stem.rsplit(".", 1)[0] + ".tolerance.json"))
            fn = compare_tables if stem.endswith(".csv") else compare_markdown_tables
            out = fn(a.read_text(), b.read_text(), spec, name)
        elif stem.endswith(".ipynb"):
            out = compare_notebooks(_read_json(a), _read_json(b), name)
        else:
            out = [] if a.read_bytes() == b.read_bytes() else [f"{name}: bytes differ"]
    except (ValueError, KeyError, json.JSONDecodeError) as exc:
        return [f"{name}: cannot compare ({type(exc).__name__}: {exc})"]
    if len(out) > MAX_PER_FILE:
        out = out[:MAX_PER_FILE] + [f"{name}: ... and more differences"]
    return out
