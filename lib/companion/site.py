"""The offline HTML edition: every executed notebook as a static page, and an index.

``python -m companion.site [--out site]`` renders ``notebooks/executed/*.ipynb`` into
``site/`` (git-ignored build output):

* ``index.html`` lists the documents with their claims counts by outcome (from
  ``figures/claims.json``; the results the companion adds counted apart) and their
  figures;
* one page per notebook: the prose (Markdown with its TeX), the code folded under a
  "code" toggle and highlighted, the outputs (text, tables, figures as image files); its
  contents (every heading, each with an anchor and a pilcrow link), links to the
  previous and next document, and downloads of the notebook's ``.py`` source and
  executed ``.ipynb``; wide tables and formulas scroll inside their own box;
* ``claims.html``: the rule of each outcome, once; every claim of the claims report with
  its outcome (a result the companion adds marked so) and its place in
  the document (section and item), linked to the section of the notebook that settles
  it -- the section whose claims box lists it, else the heading above the claim's first
  mention, else the notebook's top -- and to its document's page; each claims box links
  its claims to their rows here;
* with ``--reports DIR`` (``make site REPORTS=DIR``), one page per executed notebook in
  ``DIR`` -- the variant reports a user made with ``python -m companion.run
  variant_report ... --output-dir DIR`` -- listed on the index under "Variant reports".
  Without it the site holds the five documents only.

Math is typeset in the browser by MathJax 3 (``es5/tex-svg-full.js``: TeX input, SVG
output, no font files), which the Makefile takes from the npm registry's ``mathjax``
package (version and SHA-256 pinned) into ``.venv/share/mathjax``; it is copied into
``site/mathjax``: nothing is fetched from a CDN.
TeX is protected from Markdown by markdown-it's dollarmath plugin and handed to MathJax as
``\\( ... \\)`` and ``\\[ ... \\]``.
"""

from __future__ import annotations

import argparse
import base64
import html
import json
import re
import shutil
import sys
from pathlib import Path

from .guide import BOX_TITLE, CLAIMS_LINK, LEGEND
from .paths import ROOT

__all__ = ["build", "main"]

_CSS = """
body{font-family:Georgia,serif;max-width:60rem;margin:2rem auto;padding:0 1rem;
line-height:1.5;color:#222}
h1,h2,h3{font-family:Helvetica,Arial,sans-serif}
pre{background:#f6f6f6;padding:.6rem;overflow-x:auto;font-size:85%}
details.code{margin:.4rem 0}details.code>summary{cursor:pointer;color:#666;
font-family:Helvetica,Arial,sans-serif;font-size:80%}
table{border-collapse:collapse;font-size:85%;margin:.5rem 0}
td,th{border:1px solid #ccc;padding:.2rem .4rem}
img{max-width:100%}.output{margin:.3rem 0 1rem 0}
.thumbs img{max-width:18rem;border:1px solid #ddd;margin:.2rem}
nav{font-family:Helvetica,Arial,sans-serif;font-size:90%}
nav.pages a{margin-right:1rem}
table{display:block;overflow-x:auto;max-width:100%}
mjx-container[display="true"]{overflow-x:auto;overflow-y:hidden;max-width:100%}
.output{overflow-x:auto;max-width:100%}
details.toc{font-family:Helvetica,Arial,sans-serif;font-size:90%;background:#fafafa;
border:1px solid #e4e4e4;padding:.3rem .8rem;margin:1rem 0}
details.toc ul{margin:.2rem 0;padding-left:1.2rem}
a.anchor{color:#bbb;text-decoration:none;margin-left:.4rem;font-size:80%}
a.anchor:hover{color:#555}
.claims-box{background:#f7f9fc;border:1px solid #d8e0ec;padding:.2rem .8rem;
font-size:90%}
"""
_MATHJAX = """<script>window.MathJax = {tex: {inlineMath: [['\\\\(', '\\\\)']],
displayMath: [['\\\\[', '\\\\]']], processEscapes: false}, svg: {fontCache: 'global'},
options: {enableMenu: false}};</script>
<script src="mathjax/tex-svg-full.js"></script>"""


def _markdown():
    from markdown_it import MarkdownIt
    from mdit_py_plugins.dollarmath import dollarmath_plugin

    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.use(dollarmath_plugin, allow_space=True, double_inline=True)
    md.add_render_rule("math_inline", lambda self, tokens, idx, options, env: (
        f'<span class="math">\\({html.escape(tokens[idx].content)}\\)</span>'))
    md.add_render_rule("math_inline_double", lambda self, tokens, idx, options, env: (
        f'<div class="math">\\[{html.escape(tokens[idx].content)}\\]</div>'))
    md.add_render_rule("math_block", lambda self, tokens, idx, options, env: (
        f'<div class="math">\\[{html.escape(tokens[idx].content)}\\]</div>\n'))
    md.add_render_rule("heading_open", _heading_open)
    md.add_render_rule("heading_close", _heading_close)
    return md


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"


def _heading_open(self, tokens, idx, options, env):
    """Every heading gets an id unique on its page; h2 and h3 go into the contents."""
    tok = tokens[idx]
    title = tokens[idx + 1].content
    seen = env.setdefault("slugs", {})
    base = _slug(title)
    seen[base] = seen.get(base, 0) + 1
    slug = base if seen[base] == 1 else f"{base}-{seen[base]}"
    tok.attrSet("id", slug)
    env.setdefault("headings", []).append(slug)
    env["heading"] = slug
    if tok.tag in ("h2", "h3"):
        env.setdefault("toc", []).append((int(tok.tag[1]), title, slug))
    return self.renderToken(tokens, idx, options, env)


def _heading_close(self, tokens, idx, options, env):
    link = f'<a class="anchor" href="#{env["heading"]}" aria-label="link to this section">¶</a>'
    return link + self.renderToken(tokens, idx, options, env)


def _page(title: str, body: str) -> str:
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}</title><link rel=\"icon\" href=\"data:,\">"
            f"<style>{_CSS}</style>{_MATHJAX}</head>"
            f"<body>\n{body}\n</body></html>\n")


def _text(x) -> str:
    return "".join(x) if isinstance(x, list) else str(x)


_CLAIM = re.compile(r"\bS\d{3}-[A-Za-z0-9]+(?:/[A-Za-z0-9]+)?")


def _note_mentions(src: str, headings: list, env: dict, stem: str, mentions) -> None:
    """Walk a Markdown cell line by line: a heading line moves ``env["section"]`` to the
    next of the cell's rendered ``headings``; a claim id goes to the current section."""
    fence, j = False, 0
    for line in src.splitlines():
        if line.lstrip().startswith("```"):
            fence = not fence
        elif not fence and re.match(r"#{1,6}\s", line) and j < len(headings):
            env["section"] = headings[j]
            j += 1
        if mentions is not None:
            for cid in _CLAIM.findall(line):
                mentions.setdefault(cid, (stem, env["section"]))


def _render_notebook(nb: dict, stem: str, out: Path, md, *, nav: str = "",
                     mentions: dict | None = None,
                     boxes: dict | None = None) -> tuple[str, str]:
    """(title, page) of one executed notebook. ``mentions`` collects, for every claim id
    named in the notebook, the section (heading id) above its first mention; ``boxes``,
    for every claim a claims box lists, the section of that box."""
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import PythonLexer

    parts, title, n_img = [], stem, 0
    env: dict = {"section": ""}
    img_dir = out / "img" / stem
    img_dir.mkdir(parents=True, exist_ok=True)
    for cell in nb["cells"]:
        src = _text(cell.get("source", ""))
        if cell["cell_type"] == "markdown":
            if title == stem:
                m = re.search(r"^#\s+(.+)$", src, re.M)
                title = m.group(1).strip() if m else stem
            first = len(env.setdefault("headings", []))
            parts.append(md.render(src, env))
            _note_mentions(src, env["headings"][first:], env, stem, mentions)
        else:  # a code cell names claims but moves no section
            _note_mentions(src, [], env, stem, mentions)
        if cell["cell_type"] != "code":
            continue
        tags = cell.get("metadata", {}).get("tags", [])
        label = "parameters" if "parameters" in tags or "injected-parameters" in tags else "code"
        parts.append(f'<details class="code"><summary>{label}</summary>'
                     f'{highlight(src, PythonLexer(), HtmlFormatter(nowrap=False))}</details>')
        for o in cell.get("outputs", []):
            kind = o.get("output_type")
            if kind == "stream":
                parts.append(f'<pre class="output">{html.escape(_text(o["text"]))}</pre>')
            elif kind in ("display_data", "execute_result"):
                data = o.get("data", {})
                if "image/png" in data:
                    n_img += 1
                    name = f"{n_img:02d}.png"
                    (img_dir / name).write_bytes(base64.b64decode(_text(data["image/png"])))
                    parts.append(f'<div class="output"><img src="img/{stem}/{name}" '
                                 f'alt="figure {n_img} of {html.escape(stem)}"></div>')
                elif "text/markdown" in data:
                    # the reading guide and the claims boxes link the claims report as the
                    # executed notebook sees it (notebooks/executed/); here it is this
                    # edition's own page
                    text = _text(data["text/markdown"])
                    rendered = md.render(text, env).replace(
                        f'href="{CLAIMS_LINK}"', 'href="claims.html"').replace(
                        f'href="{CLAIMS_LINK}#', 'href="claims.html#')
                    kind = "output"
                    if text.startswith(BOX_TITLE):
                        kind = "output claims-box"
                        for cid in _CLAIM.findall(text):
                            if boxes is not None:
                                boxes.setdefault(cid, (stem, env["section"]))
                    parts.append(f'<div class="{kind}">{rendered}</div>')
                elif "text/plain" in data:
                    parts.append(f'<pre class="output">{html.escape(_text(data["text/plain"]))}'
                                 f"</pre>")
    toc = "".join(
        f'<li style="margin-left:{(level - 2) * 1.2}rem"><a href="#{slug}">'
        f"{md.renderInline(text)}</a></li>" for level, text, slug in env.get("toc", []))
    contents = (f'<details class="toc" open><summary>Contents</summary><ul>{toc}</ul>'
                f"</details>") if toc else ""
    style = f"<style>{HtmlFormatter().get_style_defs('.highlight')}</style>"
    nav = nav or '<nav class="pages"><a href="index.html">all documents</a></nav>'
    return title, _page(title, nav + style + contents + "\n".join(parts))


def _claims_page(claims: list, mentions: dict, titles: dict, md,
                 boxes: dict | None = None) -> str:
    """Every claim with its outcome and place in the document, linked to the notebook
    section that settles it (``boxes``) or else discusses it (``mentions``)."""
    boxes = boxes or {}
    body = ['<nav class="pages"><a href="index.html">all documents</a></nav>',
            md.render("# The claims report\n\nEvery checkable statement of the five "
                      "documents, as `python -m proofs_check` last checked it "
                      "(`figures/claims.md`): where it stands in the document (section "
                      "and numbered item; a page only where the text the companion follows "
                      "shows one), its outcome, the method, and where the companion "
                      "settles it -- the notebook section whose box lists the claim, else "
                      "the section that names it, else the top of the notebook of its "
                      "document. The results the companion adds to a document (a missing "
                      "proof, completed) are marked *companion* and are not counted among "
                      "its claims.\n\nEach claim has one outcome, by these rules:\n\n"
                      + "\n".join(f"- **{k}**: {v}" for k, v in LEGEND.items()))]
    for doc in sorted({c["doc"] for c in claims}):
        stem, title = titles.get(doc, (None, f"document {doc}"))
        head = (f'<a href="{stem}.html">{html.escape(title)}</a>' if stem
                else html.escape(title))
        body.append(f'<h2 id="doc-{doc}">Document {doc}: {head}</h2>')
        body.append("<table><tr><th>claim</th><th>in the document</th><th>outcome</th>"
                    "<th>recorded</th><th>statement</th><th>method</th>"
                    "<th>settled in</th></tr>")
        for c in (c for c in claims if c["doc"] == doc):
            boxed = c["id"] in boxes
            where_stem, section = boxes.get(c["id"]) or mentions.get(c["id"], (stem, ""))
            if where_stem:
                href = f"{where_stem}.html" + (f"#{section}" if section else "")
                label = ("section (its box)" if boxed else
                         "section" if section else "the notebook")
                where = f'<a class="claim-link" href="{href}">{label}</a>'
            else:
                where = "no notebook"
            loc = c["location"]
            mark = "§" if loc["section"][:1].isdigit() else ""  # no § before an appendix
            place = html.escape(mark + loc["section"]) + "<br>" + html.escape(loc["item"]) + (
                f", p. {loc['page']}" if loc.get("page") is not None else "")
            kind = "<br>companion" if c.get("kind", "document") == "companion" else ""
            body.append(
                f'<tr id="{html.escape(c["id"])}"><td>{html.escape(c["id"])}{kind}</td>'
                f'<td class="location">{place}</td>'
                f'<td>{html.escape(c["outcome"])}</td><td>{html.escape(c["recorded"])}</td>'
                f'<td>{html.escape(c["statement"])}</td><td>{html.escape(c["method"])}</td>'
                f"<td>{where}</td></tr>")
        body.append("</table>")
    return _page("rankmeasures: the claims report", "\n".join(body))


def build(out: Path | None = None, root: Path = ROOT, reports: Path | None = None) -> Path:
    """Render the site; return the path of ``index.html``. ``reports``: a folder of
    executed variant reports to add as pages of their own."""
    report_paths = []
    if reports is not None:
        report_paths = sorted(Path(reports).glob("*.ipynb"))
        if not report_paths:
            raise ValueError(f"reports: no executed notebook (*.ipynb) in {reports}")
    mathjax = Path(sys.prefix) / "share" / "mathjax" / "tex-svg-full.js"
    if not mathjax.exists():
        raise RuntimeError(f"{mathjax} is missing: `make venv` installs MathJax from npm")
    out = Path(out) if out else root / "site"
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    (out / "mathjax").mkdir()
    shutil.copyfile(mathjax, out / "mathjax" / mathjax.name)
    md = _markdown()
    claims = json.loads((root / "figures" / "claims.json").read_text())
    rows, mentions, titles, boxes = [], {}, {}, {}
    paths = sorted((root / "notebooks" / "executed").glob("[0-9]*.ipynb"))
    (out / "downloads").mkdir()
    for i, path in enumerate(paths):
        stem = path.stem
        doc = stem.split("_")[0]
        links = ['<a href="index.html">all documents</a>',
                 '<a href="claims.html">claims report</a>']
        if i > 0:
            links.append(f'<a href="{paths[i - 1].stem}.html" rel="prev">&larr; '
                         f"{html.escape(paths[i - 1].stem)}</a>")
        if i + 1 < len(paths):
            links.append(f'<a href="{paths[i + 1].stem}.html" rel="next">'
                         f"{html.escape(paths[i + 1].stem)} &rarr;</a>")
        source = root / "notebooks" / f"{stem}.py"
        downloads = [(path, f"{stem}.ipynb", "executed .ipynb")]
        if source.exists():
            downloads.insert(0, (source, f"{stem}.py", "source .py"))
        for src, name, label in downloads:
            shutil.copyfile(src, out / "downloads" / name)
            links.append(f'<a href="downloads/{name}" download>{label}</a>')
        nav = f'<nav class="pages">{"".join(links)}</nav>'
        title, page = _render_notebook(json.loads(path.read_text()), stem, out, md, nav=nav,
                                       mentions=mentions, boxes=boxes)
        titles[doc] = (stem, title)
        (out / f"{stem}.html").write_text(page)
        counts: dict[str, int] = {}
        added = 0
        for c in claims:
            if c["doc"] == doc and c.get("kind", "document") == "companion":
                added += 1
            elif c["doc"] == doc:
                counts[c["outcome"]] = counts.get(c["outcome"], 0) + 1
        figs = sorted((root / "figures").glob(f"{doc}_*.png"))
        (out / "figures").mkdir(exist_ok=True)
        for f in figs:
            shutil.copyfile(f, out / "figures" / f.name)
        thumbs = "".join(f'<a href="figures/{f.name}"><img src="figures/{f.name}" '
                         f'alt="{html.escape(f.stem)}"></a>' for f in figs)
        count_text = ", ".join(f"{k} {counts[k]}" for k in LEGEND if k in counts) or "none"
        if added:
            count_text += f"; and {added} result{'s' if added > 1 else ''} the companion adds"
        rows.append(f'<h2 id="doc-{doc}"><a href="{stem}.html">{html.escape(title)}</a></h2>'
                    f'<p>Claims of document {doc}: <a href="claims.html#doc-{doc}">'
                    f"{count_text}</a>.</p>"
                    f'<div class="thumbs">{thumbs}</div>')
    (out / "claims.html").write_text(_claims_page(claims, mentions, titles, md, boxes))
    if report_paths:
        items = []
        for path in report_paths:
            stem = f"report_{path.stem}"
            title, page = _render_notebook(json.loads(path.read_text()), stem, out, md)
            (out / f"{stem}.html").write_text(page)
            items.append(f'<li><a href="{stem}.html">{html.escape(title)}</a> '
                         f"({html.escape(str(path))})</li>")
        rows.append("<h2>Variant reports</h2><ul>" + "".join(items) + "</ul>")
    intro = md.render(
        "# rankmeasures — the executable companion\n\n"
        "Five documents on ranking measures, each re-derived, checked and regenerated. "
        "Every number on these pages was computed when the notebook ran; the claims "
        "report (`figures/claims.md`) lists every checked statement. The measure "
        "$\\mathrm{NDCG} = \\mathrm{DCG}/\\mathrm{IDCG}$ with $D(r)$ the discount.")
    (out / "index.html").write_text(_page("rankmeasures", intro + "\n".join(rows)))
    return out / "index.html"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m companion.site", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", help="output directory (default: site/ at the repository root)")
    p.add_argument("--reports", metavar="DIR",
                   help="also render the executed variant reports in DIR as pages")
    args = p.parse_args(argv)
    try:
        index = build(args.out, reports=args.reports)
    except ValueError as exc:
        p.error(str(exc))
    print(f"wrote {index}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
