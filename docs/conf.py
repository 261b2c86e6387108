"""The HTML edition: Sphinx with MyST-NB over the committed executed notebooks.

``make docs`` builds it into ``site/`` with warnings as errors; ``make docs REPORTS=DIR``
adds the variant reports in DIR. Nothing is executed (``nb_execution_mode = "off"``) and
nothing is fetched when a page is viewed: the theme's assets come with its package and
MathJax from the pinned copy in ``.venv/share/mathjax`` (``_ext/companion_claims.py``).
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

project = "rankmeasures"
author = "the rankmeasures authors"
copyright = "the rankmeasures authors (MIT licence)"
html_title = "rankmeasures — the executable companion"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "numpydoc",
    "sphinx.ext.mathjax",
    "sphinx_proof",
    "sphinxcontrib.bibtex",
    "companion_claims",
]

exclude_patterns = ["_build", "**.ipynb_checkpoints"]
suppress_warnings = [
    # the checks' record of a run (application/vnd.rankmeasures.checks+json) is data for
    # the gate, not for the reader
    "mystnb.unknown_mime_type",
]

# -- the notebooks: rendered as committed, never executed ---------------------------------
import myst_nb.sphinx_ext  # noqa: E402

# MyST-NB writes the notebooks' images beside the output folder (site/../jupyter_execute,
# the checkout's root): into build/ instead
myst_nb.sphinx_ext.OUTPUT_FOLDER = str(HERE.parent / "build" / "jupyter_execute")
nb_execution_mode = "off"
nb_render_markdown_format = "myst"  # the claims boxes' links are roles (companion_claims)
nb_merge_streams = True
myst_enable_extensions = ["dollarmath", "amsmath", "colon_fence", "deflist"]
myst_dmath_double_inline = True
myst_heading_anchors = 3
nb_mime_priority_overrides = [
    ("html", "application/vnd.rankmeasures.checks+json", None),
]

# -- theorem blocks: numbered as their documents number them --------------------------------
proof_title_format = "%t"

# -- bibliography -------------------------------------------------------------------------
bibtex_bibfiles = ["references.bib"]
bibtex_default_style = "plain"
bibtex_reference_style = "author_year"

# -- the API reference --------------------------------------------------------------------
# a page per module, its names documented in place (_ext/companion_claims.py: generate_api)
autosummary_generate = False
autosummary_imported_members = True
autodoc_default_options = {"members": False}
autodoc_typehints = "none"
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False
numpydoc_validation_checks: set = set()


# -- MathJax: the local pinned copy, copied into the site ------------------------------------
mathjax_path = "mathjax/tex-svg-full.js"
mathjax3_config = {"options": {"enableMenu": False}, "svg": {"fontCache": "global"}}

# -- theme --------------------------------------------------------------------------------
html_theme = "sphinx_book_theme"
html_static_path = ["_static"]
templates_path = ["_templates"]  # layout.html: the front page's title once
html_css_files = ["print.css", "claims.css"]
html_js_files = ["figures.js"]  # a notebook's figure opens at full size on a click
# one search box: the header's button (and Ctrl+K), not a second field in the sidebar
html_sidebars = {"**": ["navbar-logo.html", "icon-links.html", "sbt-sidebar-nav.html"]}
html_favicon = "_static/favicon.svg"
html_show_sourcelink = False
html_copy_source = False
html_last_updated_fmt = None
html_theme_options = {
    "show_toc_level": 2,
    "use_download_button": True,
    "use_fullscreen_button": False,
    "use_repository_button": False,
    "home_page_in_toc": True,
    "show_navbar_depth": 1,
    # the sidebar shows a page's ancestors and their children only: with the API's pages
    # the whole tree on every page would cost O(pages^2)
    "collapse_navbar": True,
    "max_navbar_depth": 3,
    "navigation_with_keys": False,
}
html_context = {"default_mode": "light"}

companion_reports = ""
