"""The offline HTML edition: every executed notebook as a static page, and an index.

``python -m companion.site [--out site]`` renders ``notebooks/executed/*.ipynb`` into
``site/`` (git-ignored build output):

* ``index.html`` lists the documents with their claims counts by outcome (from
  ``figures/claims.json``) and their figures;
* one page per notebook: the prose (Markdown with its TeX), the code folded under a
  "code" toggle and highlighted, the outputs (text, tables, figures as image files).

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

__all__ = ["build", "main"]

ROOT = Path(__file__).resolve().parents[2]
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
    return md


def _page(title: str, body: str) -> str:
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}</title><link rel=\"icon\" href=\"data:,\">"
            f"<style>{_CSS}</style>{_MATHJAX}</head>"
            f"<body>\n{body}\n</body></html>\n")


def _text(x) -> str:
    return "".join(x) if isinstance(x, list) else str(x)


def _render_notebook(nb: dict, stem: str, out: Path, md) -> tuple[str, str]:
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import PythonLexer

    parts, title, n_img = [], stem, 0
    img_dir = out / "img" / stem
    img_dir.mkdir(parents=True, exist_ok=True)
    for cell in nb["cells"]:
        src = _text(cell.get("source", ""))
        if cell["cell_type"] == "markdown":
            if title == stem:
                m = re.search(r"^#\s+(.+)$", src, re.M)
                title = m.group(1).strip() if m else stem
            parts.append(md.render(src))
            continue
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
                    parts.append(f'<div class="output">{md.render(_text(data["text/markdown"]))}'
                                 f"</div>")
                elif "text/plain" in data:
                    parts.append(f'<pre class="output">{html.escape(_text(data["text/plain"]))}'
                                 f"</pre>")
    style = f"<style>{HtmlFormatter().get_style_defs('.highlight')}</style>"
    nav = '<nav><a href="index.html">all documents</a></nav>'
    return title, _page(title, nav + style + "\n".join(parts))


def build(out: Path | None = None, root: Path = ROOT) -> Path:
    """Render the site; return the path of ``index.html``."""
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
    rows = []
    for path in sorted((root / "notebooks" / "executed").glob("[0-9]*.ipynb")):
        stem = path.stem
        doc = stem.split("_")[0]
        title, page = _render_notebook(json.loads(path.read_text()), stem, out, md)
        (out / f"{stem}.html").write_text(page)
        counts: dict[str, int] = {}
        for c in claims:
            if c["doc"] == doc:
                counts[c["outcome"]] = counts.get(c["outcome"], 0) + 1
        figs = sorted((root / "figures").glob(f"{doc}_*.png"))
        (out / "figures").mkdir(exist_ok=True)
        for f in figs:
            shutil.copyfile(f, out / "figures" / f.name)
        thumbs = "".join(f'<a href="figures/{f.name}"><img src="figures/{f.name}" '
                         f'alt="{html.escape(f.stem)}"></a>' for f in figs)
        count_text = ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) or "none"
        rows.append(f'<h2><a href="{stem}.html">{html.escape(title)}</a></h2>'
                    f"<p>Claims of document {doc}: {count_text}.</p>"
                    f'<div class="thumbs">{thumbs}</div>')
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
    args = p.parse_args(argv)
    print(f"wrote {build(args.out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
