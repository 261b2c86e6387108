"""What the companion's edition adds to Sphinx and MyST-NB.

* The executed notebooks (``notebooks/executed/[0-9]*.ipynb``, committed, never
  re-executed) are copied into ``docs/notebooks/`` (git-ignored) when the build starts,
  titled as the documents' pages are ("# 004 — The NDCG theory" as "# Notebook 004: The
  NDCG theory"), with three changes to the copy: the links of the reading guide and of
  the claims boxes, which point at ``figures/claims.md`` as the executed notebook sees
  it, become ``{claim}`` roles (a claims box's become ``{claimbox}``); a line after the
  title offers the downloads (the notebook's ``.py`` source and its executed ``.ipynb``)
  and names the document's page; the last cell lists the works the notebook names
  (:data:`WORKS`), from the bibliography.
* ``companion_reports`` (``make docs REPORTS=DIR``): the executed variant reports in DIR
  (``python -m companion.run variant_report ... --output-dir DIR``) become pages under
  ``docs/reports/``, listed on the page ``reports/index`` (also generated). A report
  prints its title (``# Variant report: D(r) = ...``, the variant's): that line becomes
  the page's title in place of the template's. The pages of reports no longer asked for
  are removed from the built site as well as from ``docs/reports/``.
* A number in scientific notation inside inline math (``$n = 1e+06$``, as a notebook's
  f-string writes it) is typeset as a power of ten (``10^{6}``), not as the product of
  an italic e and a sum.
* ``{claim}`ID``` links a claim to its row of the claims page. Inside a theorem block
  (sphinx-proof) of a document's page it also makes the block *the* block of that claim;
  ``{claimbox}`` (in a notebook's claims box) makes the box's section the place where the
  notebook settles the claim.
* ``{companion-claims}`` (the claims page): every claim of ``figures/claims.json`` with its
  outcome, its place in the document, its statement, and links to its theorem block and to
  the notebook section that settles it (the section of its claims box, else the section
  that first names it, else the notebook's top); then, in a section of their own, the
  results of the companion's own notebooks (``kind`` "companion-result": 006's), each
  with its proof status, the outcome of its check and a link to the notebook section that
  states it; ``{companion-documents}`` (the front page): each document's claims counted
  by outcome, with its figures, and the notebooks' own results.
* ``{companion-result}`ID``` links to the notebook section that states a companion result
  (the section that names its id). The evaluator's measure table (``docs/evaluator.md``,
  between its markers) gains two columns when the page is read, computed by the theory
  (:func:`rankmeasures.theory.named_measure.theory_table`, for the pair of
  ``docs/variants.md``) and linked with that role to notebook 006's results: whether the
  measure converges and whether it tells two ranking functions apart. The evaluator
  itself does not import the theory; this extension imports both.
* Every theorem block gets an index entry ("Theorem 4 (004)"), which the search page
  matches when a reader types "Theorem 4".
* MathJax comes from the pinned copy the Makefile installs into ``.venv/share/mathjax``
  and is copied into the built site: nothing is fetched when a page is viewed.

A claim of ``figures/claims.json`` without a theorem block, a role naming an unknown
claim, or a document page that states no block, is a warning -- an error under ``-W``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from companion.guide import BOX_TITLE, CLAIMS_LINK, LEGEND

logger = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[2]
CLAIMS_JSON = ROOT / "figures" / "claims.json"
CLAIMS_DOC = "claims"
LEGEND_ORDER = tuple(LEGEND)
_CLAIM = re.compile(r"\b[SR]\d{3}-[A-Za-z0-9]+(?:/[A-Za-z0-9]+)?")
#: a result of the companion's own notebook (``kind`` "companion-result"), not a document's
RESULT = "companion-result"
_LINK = re.compile(r"\[([^\]]+)\]\(" + re.escape(CLAIMS_LINK) + r"(?:#([^)\s]+))?\)")

#: a notebook names a work in its prose -> its key in references.bib
WORKS: dict[str, str | tuple[str, ...]] = {
    r"Jin (&|and) Geng": "jin2013linear",
    r"Discovery Challenge": "ecmlpkdd2010challenge",
    r"Zhou et al\.|Zhou, Zha": "zhou2012learning",
    r"Shalev-Shwartz": "shalev2014understanding",
    r"Fürnkranz": "furnkranz2010preference",
    r"Wang et al\.": "wang2013theoretical",
    r"Hoeffding": "hoeffding1963probability",
    r"Karamata": ("karamata1930mode", "bingham1987regular"),
    r"Jonckheere": "jonckheere1954distribution",
    r"Terpstra": "terpstra1952asymptotic",
    r"Kendall": "kendall1938new",
    r"Spearman": "spearman1904proof",
    r"Järvelin|Kekäläinen": "jarvelin2002cumulated",
    r"McSherry": "mcsherry2008computing",
    r"Chapelle": "chapelle2009expected",
    r"Moffat": "moffat2008rank",
    r"quadprog|Goldfarb": "goldfarb1983numerically",
    r"Borel[–-]Cantelli": "feller1968introduction",
}


def slug(cid: str) -> str:
    """The row id of a claim on the claims page (``S004-C5/C20`` -> ``claim-s004-c5-c20``)."""
    return "claim-" + re.sub(r"[^a-z0-9]+", "-", cid.lower()).strip("-")


def _text(x) -> str:
    return "".join(x) if isinstance(x, list) else str(x)


def _write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


#: a float in Python's scientific notation: mantissa, exponent
_SCIENTIFIC = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)e([+-]?)0*(\d+)(?![\w.])")
_INLINE_MATH = re.compile(r"(?<![$\\])\$([^$\n]+)\$(?!\$)")


def _tex_number(m) -> str:
    power = "10^{" + ("-" if m.group(2) == "-" else "") + m.group(3) + "}"
    return power if m.group(1) == "1" else rf"{m.group(1)} \times {power}"


def _math_numbers(text: str) -> str:
    """``$n = 1e+06$`` as ``$n = 10^{6}$`` (``2.5e-03`` as ``2.5 \times 10^{-3}``)."""
    return _INLINE_MATH.sub(lambda m: "$" + _SCIENTIFIC.sub(_tex_number, m.group(1)) + "$",
                            text)


def _rewrite_markdown(text: str, box: bool) -> str:
    text = _math_numbers(text)
    role = "claimbox" if box else "claim"

    def link(m):
        target = m.group(2) or m.group(1)
        if _CLAIM.fullmatch(target):
            return f"{{{role}}}`{target}`"
        return f"[{m.group(1)}](../claims.md)"
    return _LINK.sub(link, text)


def _edition_copy(nb: dict, stem: str, source_rel: str, executed_rel: str,
                  document: str | None) -> dict:
    """The notebook as the edition renders it (see the module's docstring)."""
    nb = json.loads(json.dumps(nb))
    prose = []
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":  # the code folded under a toggle, as in JupyterLab's
            tags = cell.setdefault("metadata", {}).setdefault("tags", [])  # collapsed cells
            if "hide-input" not in tags:
                tags.append("hide-input")
        if cell["cell_type"] == "markdown":
            cell["source"] = _rewrite_markdown(_text(cell["source"]), False)
            prose.append(cell["source"])
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if "text/markdown" in data:
                md = _text(data["text/markdown"])
                data["text/markdown"] = _rewrite_markdown(md, md.startswith(BOX_TITLE))
                if not md.startswith(BOX_TITLE):
                    prose.append(md)
    lines = [f"{{download}}`the notebook's source (.py) <{source_rel}>`"] if source_rel else []
    lines.append(f"{{download}}`the executed notebook (.ipynb) <{executed_rel}>`")
    note = "**Downloads:** " + " · ".join(lines) + "."
    if document:
        note += (f" The document's statements, numbered as it numbers them: "
                 f"{{doc}}`../documents/{document}`; every claim: {{doc}}`../claims`.")
    first = next((i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "markdown"), -1)
    if first >= 0:  # "# 004 — The NDCG theory" as "# Notebook 004: The NDCG theory", named
        # as the documents' pages are ("Document 004: ...") in the sidebar and the title
        cell = nb["cells"][first]
        cell["source"] = re.sub(r"\A# (\d{3}) — ", r"# Notebook \1: ", _text(cell["source"]))
    nb["cells"].insert(first + 1, {"cell_type": "markdown", "metadata": {},
                                   "source": note, "id": f"edition-downloads-{stem}"})
    text = "\n".join(prose)
    keys = [key for pattern, found in WORKS.items() if re.search(pattern, text)
            for key in ((found,) if isinstance(found, str) else found)]
    if keys:
        nb["cells"].append({
            "cell_type": "markdown", "metadata": {}, "id": f"edition-references-{stem}",
            "source": "## Works named in this notebook\n\n"
                      + ", ".join(f"{{footcite:t}}`{k}`" for k in keys)
                      + ".\n\n```{footbibliography}\n```\n"})
    return nb


def _report_title(nb: dict) -> dict:
    """A report's printed title (a Markdown output whose first line is ``# ...``) as the
    H1 of its first Markdown cell, which is the template's; a notebook that prints none is
    left as it is."""
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            md = _text(out.get("data", {}).get("text/markdown", ""))
            if md.startswith("# "):
                first = next(c for c in nb["cells"] if c["cell_type"] == "markdown")
                lines = _text(first["source"]).split("\n")
                if lines[0].startswith("# "):
                    lines = lines[1:]
                first["source"] = "\n".join([md.split("\n")[0], *lines])
                cell["outputs"].remove(out)
                return nb
    return nb


def prune_pages(outdir: Path, folder: str, names: list[str]) -> list[Path]:
    """Delete the built pages of ``outdir/folder`` whose sources are not in ``names`` (a
    report dropped from the edition: Sphinx never removes a page it no longer builds)."""
    keep = {Path(n).stem for n in names} | {"index"}
    gone = [p for p in sorted((outdir / folder).glob("*.html")) if p.stem not in keep]
    for p in gone:
        p.unlink()
    return gone


def _sync(src: list[tuple[Path, str]], dest: Path, make) -> list[str]:
    """Write ``make(path)`` for each (path, name) into ``dest``; remove what is not listed."""
    dest.mkdir(exist_ok=True)
    names = []
    for path, name in src:
        _write_if_changed(dest / name, json.dumps(make(path, name), indent=1,
                                                   ensure_ascii=False))
        names.append(name)
    for old in dest.glob("*.ipynb"):
        if old.name not in names:
            old.unlink()
    return names


def generate_sources(app, config) -> None:
    """The notebooks and variant reports as pages (``config-inited``)."""
    srcdir = Path(app.srcdir)
    executed = sorted((ROOT / "notebooks" / "executed").glob("[0-9]*.ipynb"))
    documents = {p.stem for p in (srcdir / "documents").glob("[0-9]*.md")}

    def notebook(path, name):
        stem = path.stem
        py = ROOT / "notebooks" / f"{stem}.py"
        doc = stem.split("_")[0]
        return _edition_copy(json.loads(path.read_text()), stem,
                             f"../../notebooks/{stem}.py" if py.exists() else "",
                             f"../../notebooks/executed/{name}",
                             doc if doc in documents else None)
    _sync([(p, p.name) for p in executed], srcdir / "notebooks", notebook)

    reports_dir = config.companion_reports
    reports = []
    if reports_dir:
        reports = sorted(Path(reports_dir).resolve().glob("*.ipynb"))
        if not reports:
            raise ValueError(f"reports: no executed notebook (*.ipynb) in {reports_dir}")
    out = srcdir / "reports"

    def report(path, name):
        return _report_title(_edition_copy(json.loads(path.read_text()), path.stem, "",
                                           os.path.relpath(path, out), None))
    names = _sync([(p, f"report_{p.stem}.ipynb") for p in reports], out, report)
    prune_pages(Path(app.outdir), "reports", names)
    listing = "\n".join(f"report_{Path(n).stem[len('report_'):]}" for n in names)
    body = ("# Variant reports\n\nA discount, cut-off or gain of your own, analysed against "
            "the theorems of document 004: run\n`python -m companion.run variant_report "
            "-p discount '1/sqrt(r)' --output-dir DIR`,\nthen `make docs REPORTS=DIR` adds "
            "each executed report in DIR to this edition, here.\n\n")
    if names:
        body += ("Reports in this edition:\n\n```{toctree}\n:maxdepth: 1\n\n"
                 + listing + "\n```\n")
    else:
        body += "This edition was built without reports.\n"
    _write_if_changed(out / "index.md", body)


# -- the API reference's pages ------------------------------------------------------------

#: the packages whose public submodules (and their ``__all__``) the API reference documents,
#: beside the package root's ``__all__``
API_PACKAGES = ("rankmeasures.theory", "rankmeasures.learning", "rankmeasures.trec")


def api_modules() -> list[str]:
    import importlib
    import pkgutil

    names = ["rankmeasures"]
    for package in API_PACKAGES:
        mod = importlib.import_module(package)
        names.append(package)
        names += [f"{package}.{m.name}" for m in pkgutil.iter_modules(mod.__path__)
                  if not m.name.startswith("_")]
    return names


def _api_stubs(app, names: dict[str, list[str]]) -> dict[str, str]:
    """Autosummary's own page for each public name (its templates, as ``:toctree:`` would
    write them), generated in a scratch folder: ``{full name: rst text}``."""
    import tempfile

    from sphinx.ext.autosummary.generate import generate_autosummary_docs

    with tempfile.TemporaryDirectory() as scratch:
        listing = Path(scratch, "names.rst")
        lines = []
        for module, public in names.items():
            lines += [f".. currentmodule:: {module}", "", ".. autosummary::",
                      "   :toctree: stubs", ""] + [f"   {n}" for n in public] + [""]
        listing.write_text("\n".join(lines))
        files = generate_autosummary_docs(
            [str(listing)], output_dir=Path(scratch, "stubs"), app=app,
            imported_members=app.config.autosummary_imported_members)
        return {f.stem: f.read_text(encoding="utf-8-sig") for f in files}


def _api_page(name: str, public: list[str], stubs: dict[str, str]) -> str:
    """The module's docstring, a table of its public names linked to their entries, then
    each name's entry (its stub without the stub's title: the entry is the object's own
    description, in the page's contents and the index)."""
    lines = ["=" * len(name), name, "=" * len(name), "", f".. automodule:: {name}",
             "   :no-members:", ""]
    if public:
        lines += [f".. currentmodule:: {name}", "", ".. autosummary::", "   :nosignatures:",
                  ""] + [f"   {n}" for n in public] + [""]
    for n in public:
        stub = stubs[f"{name}.{n}"].splitlines()
        if stub[1] != "=" * len(stub[0]):  # the stub's title, which the entry replaces
            raise RuntimeError(f"autosummary's page of {name}.{n} has no title: {stub[:2]}")
        lines += [line.rstrip() for line in stub[2:]] + [""]
    return "\n".join(lines).rstrip() + "\n"


def generate_api(app) -> None:
    """One page per module of :func:`api_modules`, documenting each of its public names in
    place. A page per name (autosummary's ``:toctree:``) made 314 more pages, each paying
    the theme's templates and sidebar and Sphinx's reading and writing of a document: the
    edition's build took twice the CPU (69 s against 32 s)."""
    import importlib

    out = Path(app.srcdir) / "api"
    names = {m: list(getattr(importlib.import_module(m), "__all__", []))
             for m in api_modules()}
    stubs = _api_stubs(app, names)
    wanted = {f"{m}.rst": _api_page(m, public, stubs) for m, public in names.items()}
    for name, text in wanted.items():
        _write_if_changed(out / name, text)
    for old in [*out.glob("rankmeasures*.md"), *out.glob("rankmeasures*.rst")]:
        if old.name not in wanted:
            old.unlink()
    shutil.rmtree(out / "generated", ignore_errors=True)  # an earlier build's pages


# -- roles and the env data they collect ------------------------------------------------


class claim_ref(nodes.Inline, nodes.TextElement):
    """A claim's id, to become a link to its row of the claims page."""


def claim_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    node = claim_ref(text, text, cid=text.strip(), box=name == "claimbox")
    return [node], []


def _data(env) -> dict:
    if not hasattr(env, "companion"):
        env.companion = {"blocks": {}, "boxes": {}, "mentions": {}, "stated": {}}
    return env.companion


def _purge(app, env, docname) -> None:
    data = _data(env)
    for kind in ("blocks", "boxes", "mentions"):
        for cid in [c for c, v in data[kind].items() if v[0] == docname]:
            del data[kind][cid]
    data["stated"].pop(docname, None)


def _merge(app, env, docnames, other) -> None:
    theirs = _data(other)
    for kind in ("blocks", "boxes", "mentions", "stated"):
        _data(env)[kind].update(theirs[kind])


def _block_of(node):
    while node is not None:
        if "realtype" in getattr(node, "attributes", {}) and node.get("ids"):
            return node
        node = node.parent
    return None


def _section_of(node):
    while node is not None:
        if isinstance(node, nodes.section) and node.get("ids"):
            return node
        node = node.parent
    return None


def _block_name(block) -> str:
    if "named" in block.get("classes", []):  # a "Claim 5" or "Section 4" block
        return block["title"].strip()
    return f"{block['realtype'].title()} {block['title'].strip()}".strip()


def _is_block(node) -> bool:
    return ("realtype" in getattr(node, "attributes", {}) and bool(node.get("ids"))
            and node["realtype"] != "proof")


class BlockIndex(SphinxTransform):
    """Every theorem block an index entry ("Theorem 4 (004)") for the search; before the
    domains collect the index (priority 850)."""

    default_priority = 840

    def apply(self, **kwargs):
        doc = self.env.current_document.docname.rpartition("/")[2]
        for block in list(self.document.findall(_is_block)):
            entry = f"{_block_name(block)} ({doc})"
            index = addnodes.index(entries=[("single", entry, block["ids"][0], "main", None)])
            block.parent.insert(block.parent.index(block), index)


def collect(app, doctree) -> None:
    """Record where each claim's block, box and first mention are (``doctree-read``)."""

    env = app.env
    docname = env.current_document.docname
    data = _data(env)
    stated = sum(1 for b in doctree.findall(_is_block))
    if docname.startswith("documents/"):
        data["stated"][docname] = stated
        if not stated:
            logger.warning("states no theorem block", location=docname)
    for ref in doctree.findall(claim_ref):
        cid = ref["cid"]
        block = _block_of(ref)
        if block is not None and docname.startswith("documents/"):
            data["blocks"].setdefault(cid, (docname, block["ids"][0], _block_name(block)))
        elif ref["box"]:
            section = _section_of(ref)
            if section is not None:
                data["boxes"].setdefault(cid, (docname, section["ids"][0]))
    if docname.startswith(("notebooks/", "reports/")):
        for text in doctree.findall(nodes.Text):
            for cid in _CLAIM.findall(text.astext()):
                section = _section_of(text)
                if section is not None:
                    data["mentions"].setdefault(cid, (docname, section["ids"][0]))


def _claims() -> list[dict]:
    return json.loads(CLAIMS_JSON.read_text())


def _ref(builder, fromdoc, todoc, anchor, text, classes=()):
    uri = builder.get_relative_uri(fromdoc, todoc) + (f"#{anchor}" if anchor else "")
    ref = nodes.reference("", "", nodes.Text(text), internal=True, refuri=uri)
    ref["classes"].extend(classes)
    return ref


def _notebook_of(env, doc: str) -> str | None:
    return next((d for d in sorted(env.found_docs) if d.startswith(f"notebooks/{doc}_")),
                None)


class result_ref(nodes.Inline, nodes.TextElement):
    """A companion result (``{companion-result}`Result 1 <R006-1>```), to become a link to
    the notebook section that states it."""


_LABELLED = re.compile(r"^(.*?)\s*<([^<>]+)>$")


def result_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    m = _LABELLED.match(text.strip())
    label, cid = (m.group(1), m.group(2).strip()) if m else (text.strip(), text.strip())
    return [result_ref(label, label, cid=cid)], []


#: the evaluator's measures the theory analyses: the name in its measure table -> the
#: spellings of the variant analysis shown in the cell (each with the --cut it takes)
THEORY_SPELLINGS = {"AP": (("map", None),), "Rprec": (("Rprec", None),),
                    "P": (("P", "n/5"), ("P@10", None)), "recall": (("recall", "n/5"),),
                    "RR": (("recip_rank", None),), "ERR": (("ERR", None), ("ERR@20", None)),
                    "rbp": (("rbp.p=0.8", None),), "auc": (("AUC", None),)}
#: NDCG: the theory is the document's (Wang et al.), analysed by the variant analysis
NDCG_ROWS = ("ndcg", "ndcg_cut")
MEASURE_TABLE = ("<!-- measure table: rankmeasures.trec.declarations.measure_table() -->",
                 "<!-- end of measure table -->")


def _theory_cells(name: str) -> tuple[str, str]:
    """The two theory cells of the evaluator's measure ``name`` (its table's spelling),
    from :func:`rankmeasures.theory.named_measure.theory_table` (the pair ybar = (1+s)/3
    against 1/2), each verdict linked to the result of notebook 006 that gives it."""
    from rankmeasures.theory.named_measure import theory_table

    if name in NDCG_ROWS:
        cell = "Wang et al.'s theorems ({doc}`document 004 <documents/004>`)"
        return cell, cell
    if name not in THEORY_SPELLINGS:
        return "—", "—"
    conv_cells, pair_cells = [], []
    for spelling, cut in THEORY_SPELLINGS[name]:
        row = theory_table(((spelling, cut),)).splitlines()[2]
        _, conv, verdict, reason = (c.strip() for c in row.strip().strip("|").split(" | "))
        shown = f"`{spelling}`" + (f" (k = {cut})" if cut else "")
        result = ("Result 1 <R006-1>" if conv.startswith("yes") else "Result 2 <R006-2>")
        conv_cells.append(f"{shown}: {conv} ({{companion-result}}`{result}`)")
        if verdict == "distinguishable":
            refs = "{companion-result}`Result 3 <R006-3>`"
        elif "delta-condition" in reason:
            verdict += (" from the two curves: it depends on the coupling (not "
                        "distinguishable for independent samples and, under the "
                        "δ-condition, for any pair; some pairs distinguishable without it)")
            refs = ", ".join(f"{{companion-result}}`{r}`" for r in (
                "Result 4′ <R006-4p>", "Result 5 <R006-5>", "Result 6 <R006-6>"))
        else:
            verdict += ", under any coupling"
            refs = "{companion-result}`Result 4 <R006-4>`"
        pair_cells.append(f"{shown}: {verdict} ({refs})")
    return "; ".join(conv_cells), "; ".join(pair_cells)


def evaluator_theory_columns(app, docname, source) -> None:
    """The evaluator's measure table with the theory's two columns (``source-read``)."""
    if docname != "evaluator":
        return
    text = source[0]
    start, end = (text.index(m) for m in MEASURE_TABLE)
    lines = text[start:end].split("\n")
    out = []
    for line in lines:
        if line.startswith("| measure |"):
            line += (" converges? (theory) | tells two ranking functions apart? (theory; "
                     "ybar = (1+s)/3 against 1/2) |")
        elif line.startswith("|---"):
            line += "---|---|"
        elif line.startswith("| `"):
            name = line.split("`")[1]
            line += " {} | {} |".format(*_theory_cells(name))
        out.append(line)
    source[0] = text[:start] + "\n".join(out) + text[end:]


class claim_place(nodes.Inline, nodes.TextElement):
    """Placeholder for a claim's place in its document, linked to its block when the
    pages have been read."""


class claim_where(nodes.Inline, nodes.TextElement):
    """Placeholder for the link to the notebook section that settles a claim."""


class page_link(nodes.Inline, nodes.TextElement):
    """Placeholder for a link to a page by name, its title as the text."""


class ClaimsDirective(SphinxDirective):
    """The claims page (``{companion-claims}``): the outcomes' rules, then one section per
    document with a row per claim; the links of each row are filled once every page has
    been read (:func:`resolve`)."""

    def run(self):
        self.env.note_dependency(str(CLAIMS_JSON))
        legend = nodes.definition_list()
        for outcome, rule in LEGEND.items():
            item = nodes.definition_list_item()
            item += nodes.term(text=outcome)
            item += nodes.definition("", nodes.paragraph(text=rule))
            legend += item
        out = [nodes.paragraph(text="Each claim has one outcome, by these rules:"), legend]
        claims = [c for c in _claims() if c.get("kind", "document") != RESULT]
        for doc in sorted({c["doc"] for c in claims}):
            section = nodes.section(ids=[f"doc-{doc}"], names=[f"document {doc}"])
            section += nodes.title(text=f"Document {doc}")
            intro = nodes.paragraph()
            intro += nodes.Text("Its statements: ")
            intro += page_link("", "", page=f"documents/{doc}")
            intro += nodes.Text("; its notebook: ")
            intro += page_link("", "", page=f"notebook:{doc}")
            intro += nodes.Text(".")
            section += intro
            rows = []
            for c in (c for c in claims if c["doc"] == doc):
                ident = nodes.paragraph(text=c["id"])
                if c.get("kind", "document") == "companion":
                    ident += nodes.Text(" (companion)")
                outcome = nodes.paragraph()
                outcome += nodes.strong(text=c["outcome"])
                if c["recorded"] != c["outcome"]:
                    outcome += nodes.Text(f" (recorded: {c['recorded']})")
                place = nodes.paragraph("", "", claim_place("", "", cid=c["id"]))
                where = nodes.paragraph("", "", claim_where("", "", cid=c["id"]))
                rows.append(([slug(c["id"])], [ident, place, outcome, c["statement"],
                                               c["method"], where]))
            section += _table(["claim", "in the document", "outcome", "statement", "method",
                               "settled in"], rows, [10, 19, 15, 27, 18, 11])
            out.append(section)
        out += _results_sections(_claims())
        return out


def _results_sections(claims) -> list:
    """One section per notebook with results of its own: a row per result, with where the
    notebook states it, its proof status, the outcome of its check, its statement and the
    method; the link to the notebook's section is filled by :func:`resolve`."""
    out = []
    results = [c for c in claims if c.get("kind") == RESULT]
    for doc in sorted({c["doc"] for c in results}):
        section = nodes.section(ids=[f"results-{doc}"], names=[f"results of notebook {doc}"])
        section += nodes.title(text=f"Notebook {doc}: the companion's own results")
        intro = nodes.paragraph()
        intro += nodes.Text("Results no document states, which the notebook ")
        intro += page_link("", "", page=f"notebook:{doc}")
        intro += nodes.Text(" proves (or sketches, as it says) and the claims report checks "
                            "at small sizes; not counted among any document's claims.")
        section += intro
        rows = []
        for c in (c for c in results if c["doc"] == doc):
            outcome = nodes.paragraph()
            outcome += nodes.strong(text=c["outcome"])
            if c["recorded"] != c["outcome"]:
                outcome += nodes.Text(f" (recorded: {c['recorded']})")
            where = nodes.paragraph("", "", claim_where("", "", cid=c["id"]))
            rows.append(([slug(c["id"])], [nodes.paragraph(text=c["id"]),
                                           nodes.paragraph(text=c["location"]["item"]),
                                           c.get("proof") or "", outcome, c["statement"],
                                           c["method"], where]))
        section += _table(["result", "in the notebook", "proof", "check", "statement",
                           "method", "stated in"], rows, [9, 11, 9, 10, 31, 19, 11])
        out.append(section)
    return out


def _table(header, rows, widths):
    """A table whose columns take the given shares of the page's width (``claims.css``
    fixes its layout to them and wraps long words, so no column leaves the page)."""
    table = nodes.table(classes=["claims-table", "colwidths-given"])
    group = nodes.tgroup(cols=len(header))
    table += group
    for w in widths:
        group += nodes.colspec(colwidth=w)
    head = nodes.thead()
    group += head
    row = nodes.row()
    for h in header:
        row += nodes.entry("", nodes.paragraph(text=h))
    head += row
    body = nodes.tbody()
    group += body
    for ids, cells in rows:
        row = nodes.row(ids=ids)
        for cell in cells:
            entry = nodes.entry()
            entry += cell if isinstance(cell, nodes.Element) else nodes.paragraph(text=cell)
            row += entry
        body += row
    return table


def resolve(app, doctree, docname) -> None:
    """Fill the claims tables and turn the claim roles into links (``doctree-resolved``)."""
    env, builder = app.env, app.builder
    data = _data(env)
    claims = _claims()
    known = {c["id"] for c in claims}
    for ref in list(doctree.findall(claim_ref)):
        cid = ref["cid"]
        if cid not in known:
            logger.warning(f"unknown claim {cid!r}", location=ref)
            ref.replace_self(nodes.Text(cid))
            continue
        link = _ref(builder, docname, CLAIMS_DOC, slug(cid), cid, ["claim-ref"])
        ref.replace_self(link)
    for node in list(doctree.findall(result_ref)):
        mention = data["mentions"].get(node["cid"])
        if node["cid"] not in known or mention is None:
            logger.warning(f"no notebook section states the result {node['cid']!r}",
                           location=node)
            node.replace_self(nodes.Text(node.astext()))
            continue
        node.replace_self(_ref(builder, docname, mention[0], mention[1], node.astext(),
                               ["result-link"]))
    by_id = {c["id"]: c for c in claims}
    for node in list(doctree.findall(claim_place)):
        node.replace_self(_place(app, docname, by_id[node["cid"]], data))
    for node in list(doctree.findall(claim_where)):
        node.replace_self(_where(app, docname, by_id[node["cid"]], data))
    for node in list(doctree.findall(page_link)):
        page = node["page"]
        if page.startswith("notebook:"):
            page = _notebook_of(env, page.partition(":")[2])
        if page and page in env.found_docs:
            node.replace_self(_ref(builder, docname, page, "", env.titles[page].astext()))
        else:
            node.replace_self(nodes.Text("none"))
    for table in list(doctree.findall(documents_table)):
        table.replace_self(_documents_nodes(app, docname, claims))


def _place(app, docname, c, data):
    """Where a claim stands in its document, linked to its block."""
    cid, loc = c["id"], c["location"]
    block = data["blocks"].get(cid)
    mark = "§" if loc["section"][:1].isdigit() else ""
    out = [nodes.Text(f"{mark}{loc['section']}: ")]
    if block is None:
        logger.warning(f"claim {cid} has no theorem block on its document's page",
                       location=docname)
        out.append(nodes.Text(loc["item"]))
    else:
        out.append(_ref(app.builder, docname, block[0], block[1], loc["item"],
                        ["block-link"]))
    if loc.get("page") is not None:
        out.append(nodes.Text(f", p. {loc['page']}"))
    span = nodes.inline()
    span.extend(out)
    return span


def _where(app, docname, c, data):
    """The notebook section that settles a claim: its box's, else the first that names
    it, else the notebook's top."""
    cid, builder = c["id"], app.builder
    box, mention = data["boxes"].get(cid), data["mentions"].get(cid)
    nb = _notebook_of(app.env, c["doc"])
    if box:
        return _ref(builder, docname, box[0], box[1], "section (its box)", ["claim-link"])
    if mention:
        return _ref(builder, docname, mention[0], mention[1], "section", ["claim-link"])
    if nb:
        return _ref(builder, docname, nb, "", "the notebook", ["claim-link"])
    return nodes.Text("no notebook")


class documents_table(nodes.General, nodes.Element):
    """Placeholder for the front page's list of documents."""


class DocumentsDirective(SphinxDirective):
    """The front page's documents with their claims counted by outcome."""

    def run(self):
        self.env.note_dependency(str(CLAIMS_JSON))
        return [documents_table()]


def _documents_nodes(app, docname, claims):
    env, builder = app.env, app.builder
    items = nodes.bullet_list()
    results = [c for c in claims if c.get("kind") == RESULT]
    claims = [c for c in claims if c.get("kind") != RESULT]
    for doc in sorted({c["doc"] for c in claims}):
        own = [c for c in claims if c["doc"] == doc and c.get("kind", "document") != "companion"]
        added = sum(1 for c in claims if c["doc"] == doc) - len(own)
        counts = {k: sum(1 for c in own if c["outcome"] == k) for k in LEGEND_ORDER}
        text = ", ".join(f"{k} {n}" for k, n in counts.items() if n)
        if added:
            text += f"; and {added} result{'s' if added > 1 else ''} the companion adds"
        para = nodes.paragraph()
        page = f"documents/{doc}"
        if page in env.found_docs:
            para += _ref(builder, docname, page, "", env.titles[page].astext())
        nb = _notebook_of(env, doc)
        if nb:
            para += nodes.Text(" — ")
            para += _ref(builder, docname, nb, "", "its notebook")
        para += nodes.Text(" — claims: ")
        para += _ref(builder, docname, CLAIMS_DOC, f"doc-{doc}", text)
        items += nodes.list_item("", para)
    for doc in sorted({c["doc"] for c in results}):
        mine = [c for c in results if c["doc"] == doc]
        status = {p: sum(1 for c in mine if c.get("proof") == p) for p in
                  dict.fromkeys(c.get("proof") for c in mine)}
        text = f"{len(mine)} results of its own (" + ", ".join(
            f"{p} {n}" for p, n in status.items()) + ")"
        para = nodes.paragraph()
        nb = _notebook_of(env, doc)
        if nb:
            para += _ref(builder, docname, nb, "", env.titles[nb].astext())
        para += nodes.Text(" — ")
        para += _ref(builder, docname, CLAIMS_DOC, f"results-{doc}", text)
        items += nodes.list_item("", para)
    return items


# -- MathJax from the local copy -----------------------------------------------------------


def copy_mathjax(app, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    source = Path(sys.prefix) / "share" / "mathjax"
    dest = Path(app.outdir) / "_static" / "mathjax"
    dest.mkdir(parents=True, exist_ok=True)
    for name in ("tex-svg-full.js", "LICENSE"):
        shutil.copyfile(source / name, dest / name)


def check_mathjax(app, config) -> None:
    js = Path(sys.prefix) / "share" / "mathjax" / "tex-svg-full.js"
    if not js.exists():
        raise RuntimeError(f"{js} is missing: `make venv` installs MathJax from npm")


def always_outdated(app, env, added, changed, removed):
    """The claims page and the front page read every other page's data; the evaluator's
    page computes its theory columns from the library when it is read."""
    return [d for d in ("claims", "index", "evaluator") if d in env.found_docs]


def setup(app):
    app.add_config_value("companion_reports", "", "env")
    app.connect("config-inited", check_mathjax)
    app.connect("config-inited", generate_sources)
    app.connect("builder-inited", generate_api)
    app.add_node(claim_ref)
    app.add_node(result_ref)
    app.add_node(claim_place)
    app.add_node(claim_where)
    app.add_node(page_link)
    app.add_node(documents_table)
    app.add_transform(BlockIndex)
    app.add_role("claim", claim_role)
    app.add_role("claimbox", claim_role)
    app.add_role("companion-result", result_role)
    app.connect("source-read", evaluator_theory_columns)
    app.add_directive("companion-claims", ClaimsDirective)
    app.add_directive("companion-documents", DocumentsDirective)
    app.connect("doctree-read", collect)
    app.connect("doctree-resolved", resolve)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("env-get-outdated", always_outdated)
    app.connect("build-finished", copy_mathjax)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True,
            "env_version": 1}
