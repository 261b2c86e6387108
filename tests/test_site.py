"""The offline HTML edition in a real headless browser (Debian's chromium, driven by
Playwright): every page loads with no console error and no failed request, all math is
typeset (no raw $...$ or \\( \\) left), every image loads; screenshots go to site/."""

import functools
import http.server
import re
import shutil
import threading
from pathlib import Path

import pytest

from companion import site

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def served():
    out = ROOT / "site"
    site.build(out)
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield out, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def test_every_page_in_a_headless_browser(served):
    from playwright.sync_api import sync_playwright

    out, base = served
    assert Path(CHROMIUM).exists(), "chromium is missing: `make venv` installs it"
    pages = ["index.html"] + sorted(p.name for p in out.glob("[0-9]*.html"))
    assert len(pages) >= 6
    raw_math = re.compile(r"\$[^$\n]{1,200}\$|\\\(|\\\[")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for name in pages:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            problems = []
            page.on("console", lambda m, p=problems: p.append(f"console {m.type}: {m.text}")
                    if m.type == "error" else None)
            page.on("pageerror", lambda e, p=problems: p.append(f"page error: {e}"))
            page.on("requestfailed", lambda r, p=problems: p.append(f"failed: {r.url}"))
            page.on("response", lambda r, p=problems: p.append(f"HTTP {r.status}: {r.url}")
                    if r.status >= 400 else None)
            page.goto(f"{base}/{name}", wait_until="load")
            page.evaluate("() => MathJax.startup.promise")
            page.wait_for_load_state("networkidle")
            text = page.inner_text("body")
            assert not raw_math.search(text), (name, raw_math.search(text).group(0))
            typeset = page.evaluate(
                "() => document.querySelectorAll('mjx-container').length")
            assert typeset > 0, f"{name}: no typeset math"
            broken = page.evaluate("() => Array.from(document.images).filter("
                                   "i => !(i.complete && i.naturalWidth > 0)).map(i => i.src)")
            assert not broken, (name, broken)
            assert not problems, (name, problems)
            if name in ("index.html", "004_ndcg_theory.html"):
                page.screenshot(path=str(out / f"screenshot_{Path(name).stem}.png"),
                                full_page=name == "index.html")
            page.close()
        browser.close()
    assert (out / "screenshot_index.png").exists()
