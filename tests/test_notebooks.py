"""The notebook pipeline: parameter checking, determinism, and every notebook's quick run."""

from pathlib import Path

import pytest

from companion import figures
from companion.run import execute, main

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9][0-9]_*.py"))

TINY = '''# %% [markdown]
# A tiny notebook for the runner's tests.

# %% tags=["parameters"]
n = 3
label = "x"

# %%
import matplotlib.pyplot as plt
from companion import checks, figures
checks.begin("999_tiny")
fig, ax = plt.subplots()
ax.plot(range(n))
figures.save(fig, "999_tiny")
print(label * n)
checks.check("n", n > 0, "n is positive")
checks.finish()
'''


@pytest.fixture
def tiny(tmp_path, monkeypatch):
    nb = tmp_path / "999_tiny.py"
    nb.write_text(TINY)
    monkeypatch.setenv("RANKMEASURES_FIGURES", str(tmp_path / "figures"))
    return nb


def test_unknown_parameter_is_rejected(tiny, capsys):
    with pytest.raises(SystemExit):
        main([str(tiny), "-p", "m", "4"])
    assert "has no parameter(s) ['m']" in capsys.readouterr().err


def test_parameters_injected_and_output_byte_identical(tiny, tmp_path):
    a = execute(tiny, parameters={"n": 4, "label": "ab"}, output_dir=tmp_path / "a")
    b = execute(tiny, parameters={"n": 4, "label": "ab"}, output_dir=tmp_path / "b")
    assert "abababab" in a.read_text()
    assert a.read_bytes() == b.read_bytes()
    svg = (tmp_path / "figures" / "999_tiny.svg").read_bytes()
    png = (tmp_path / "figures" / "999_tiny.png").read_bytes()
    execute(tiny, parameters={"n": 4, "label": "ab"}, output_dir=tmp_path / "c")
    assert (tmp_path / "figures" / "999_tiny.svg").read_bytes() == svg
    assert (tmp_path / "figures" / "999_tiny.png").read_bytes() == png
    assert b"papermill" not in a.read_bytes()


def test_the_runner_reports_in_json_events(tiny, tmp_path):
    """`--events FD`: one JSON object per line, from the pool's processes too -- a start,
    an end with its output and times, a failure with its error (what the gate reads; the
    printed lines are for people)."""
    import json
    import os
    import subprocess
    import sys

    bad = tmp_path / "998_bad.py"
    bad.write_text(TINY + "\n# %%\nraise ValueError('boom')\n")
    read_end, write_end = os.pipe()
    proc = subprocess.Popen([sys.executable, "-m", "companion.run", str(tiny), str(bad),
                             "--output-dir", str(tmp_path / "out"), "--events", str(write_end)],
                            pass_fds=(write_end,), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        events = [json.loads(line) for line in pipe]
    assert proc.wait(timeout=300) == 1
    by = {(e["event"], e["stem"]): e for e in events}
    assert {("started", "999_tiny"), ("started", "998_bad"), ("done", "999_tiny"),
            ("failed", "998_bad")} <= set(by)
    done = by["done", "999_tiny"]
    assert done["output"].endswith("999_tiny.ipynb") and done["wall"] > 0 and done["cpu"] > 0
    assert "boom" in by["failed", "998_bad"]["error"]


def test_error_output_fails_the_run(tiny, tmp_path):
    """A failing cell fails the run, and the notebook as far as it ran is kept and named
   ."""
    import re

    tiny.write_text(TINY + "\n# %%\nraise ValueError('boom')\n")
    with pytest.raises(Exception, match="boom") as info:
        execute(tiny, output_dir=tmp_path / "out")
    kept = Path(re.search(r"as far as it ran: (\S+\.ipynb)", str(info.value)).group(1))
    assert kept.exists() and "boom" in kept.read_text() and "xxx" in kept.read_text()
    assert not (tmp_path / "out" / "999_tiny.ipynb").exists()


def test_figure_names_must_carry_the_notebook_number(tmp_path, monkeypatch):
    monkeypatch.setenv("RANKMEASURES_FIGURES", str(tmp_path))
    with pytest.raises(ValueError, match="name: must start with the notebook number"):
        figures.save_table([{"a": 1}], "table")
    figures.save_table([{"a": 1, "b": 0.5}], "003_t")
    assert (tmp_path / "003_t.csv").read_text() == "a,b\n1,0.5\n"


@pytest.mark.regeneration
def test_every_notebook_runs_with_quick_parameters(tmp_path, monkeypatch):
    assert NOTEBOOKS, "no notebooks found"
    monkeypatch.setenv("RANKMEASURES_FIGURES", str(tmp_path / "figures"))
    assert main([str(p) for p in NOTEBOOKS] + ["--quick", "--output-dir",
                                                str(tmp_path / "executed")]) == 0
    for p in NOTEBOOKS:
        assert (tmp_path / "executed" / f"{p.stem}.ipynb").exists()


def _tracked_state():
    """The working-tree bytes of every tracked file (by hash) and the untracked, unignored
    files: what an exploration run must leave as it found it."""
    import hashlib
    import subprocess

    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                             check=True).stdout.decode().split("\0")
    digests = {f: hashlib.sha256((ROOT / f).read_bytes()).hexdigest()
               for f in tracked if f and (ROOT / f).is_file()}
    untracked = subprocess.run(["git", "ls-files", "--others", "--exclude-standard"],
                               cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return digests, untracked


def test_exploration_runs_never_touch_committed_outputs(tmp_path, monkeypatch):
    """A run with a changed parameter, with or without --output-dir, writes its
    executed notebook and figures away from the committed ones and says where.

    The tiny numbered notebook takes both paths: the runner treats a numbered notebook as a
    document, and chooses the places from the arguments alone (``companion.run._destinations``),
    so a committed document's run, which would cost a kernel doing that document's work
    (003's took 18 s of CPU at n_random = 21), tests nothing more; the gate runs every
    document. Without --output-dir the run goes to the checkout's scratch/run/, not beside
    the notebook (its executed/) nor to the committed figures/."""
    import shutil
    import subprocess
    import sys

    if not (ROOT / ".git").exists():
        pytest.skip("needs a git checkout")
    monkeypatch.delenv("RANKMEASURES_FIGURES", raising=False)
    tiny = tmp_path / "999_tiny.py"
    tiny.write_text(TINY)
    scratch = ROOT / "scratch" / "run"
    mine = [scratch / "999_tiny.ipynb", scratch / "figures" / "999_tiny.png",
            scratch / "figures" / "999_tiny.svg"]
    for f in mine:
        f.unlink(missing_ok=True)
    before = _tracked_state()
    env = {k: v for k, v in __import__("os").environ.items() if k != "RANKMEASURES_FIGURES"}
    out = tmp_path / "explore"
    runs = [[str(tiny), "-p", "n", "4", "--output-dir", str(out)],
            [str(tiny), "-p", "label", "y"]]
    # the two runs side by side (they write to different places): the wall time of one
    procs = [subprocess.Popen([sys.executable, "-m", "companion.run", *args],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for args in runs]
    for proc in procs:
        stdout, stderr = proc.communicate(timeout=600)
        assert proc.returncode == 0, stdout + stderr
        assert "committed outputs untouched" in stdout
    try:
        assert "xxxx" in (out / "999_tiny.ipynb").read_text()
        assert (out / "figures" / "999_tiny.png").exists()
        assert "yyy" in mine[0].read_text() and mine[1].exists()
        assert not (tmp_path / "executed").exists()
        assert _tracked_state() == before
    finally:
        for f in mine:
            f.unlink(missing_ok=True)
        shutil.rmtree(tmp_path / "executed", ignore_errors=True)


def test_parameter_values_must_match_the_default_type(tiny, capsys, tmp_path):
    """`-p n abc` is refused at once: it used to become a string and fail deep inside the
    notebook."""
    for value, why in (("abc", "expected a number, got a str"),
                       ("2.5", "expected an integer"),
                       ("[1, 2]", "expected a number, got a list")):
        with pytest.raises(SystemExit):
            main([str(tiny), "-p", "n", value])
        assert why in capsys.readouterr().err
    # a parameter whose default is a str takes the text as given (the variant report's
    # `-p claim_limit 1`): "3", not the number 3
    assert main([str(tiny), "-p", "label", "3", "--output-dir", str(tmp_path / "o")]) == 0
    assert "333" in (tmp_path / "o" / "999_tiny.ipynb").read_text()


def test_help_has_no_markup(capsys):
    """The runner's --help printed reStructuredText markup raw."""
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "``" not in out and ":mod:" not in out and "scratch/failed/" in out


def test_jupytext_pairing_keeps_sources_and_pairs_only_the_sources(tmp_path):
    """Opening a notebook in Jupyter (jupytext pairing, notebooks/jupytext.toml)
    must not rewrite the committed .py (no version lines) nor pair the executed outputs."""
    import shutil
    import subprocess
    import sys

    book = tmp_path / "notebooks"
    (book / "executed").mkdir(parents=True)
    shutil.copy(ROOT / "notebooks" / "jupytext.toml", book)
    shutil.copy(ROOT / "notebooks" / "executed" / "jupytext.toml", book / "executed")
    sources = NOTEBOOKS + [ROOT / "notebooks" / "variant_report.py"]
    for src in sources:
        shutil.copy(src, book)
    executed = ROOT / "notebooks" / "executed" / f"{NOTEBOOKS[0].stem}.ipynb"
    shutil.copy(executed, book / "executed")

    def sync(*paths):  # one jupytext process for many files, as a user's `--sync *.py`
        subprocess.run([sys.executable, "-m", "jupytext", "--sync", *map(str, paths)],
                       check=True, capture_output=True, text=True)

    sync(*(book / src.name for src in sources))  # writes the paired .ipynb
    for src in sources:
        assert (book / src.name).read_bytes() == src.read_bytes(), src.name
        assert (book / f"{src.stem}.ipynb").exists()
    sync(*(book / f"{src.stem}.ipynb" for src in sources))  # and back: the committed bytes
    for src in sources:
        assert (book / src.name).read_bytes() == src.read_bytes(), src.name
    sync(book / "executed" / executed.name)
    assert sorted(p.name for p in (book / "executed").iterdir()) == [
        executed.name, "jupytext.toml"]  # no stray executed/*.py


def test_markdown_table_rounds_for_reading_only():
    """``digits=`` rounds the floats shown (to significant digits, by hand below); ints,
    strings and bools pass as they are."""
    rows = [{"a": 0.123456, "b": 12345.678, "c": 3, "d": "x", "e": True}]
    assert figures.markdown_table(rows, digits=3).splitlines()[2] == \
        "| 0.123 | 12300 | 3 | x | True |"
    assert figures.markdown_table(rows).splitlines()[2] == \
        "| 0.123456 | 12345.678 | 3 | x | True |"


def test_markdown_table_shows_expressions_as_code_or_math():
    """A product or a power in a cell is never read as emphasis: an expression as sympy
    prints it goes into a code span (by hand below), a sympy object is typeset as math,
    and emphasis, math and code the cell already has are kept. CommonMark (markdown-it,
    the parser of the HTML edition) renders no <em> in the cells."""
    import sympy
    from markdown_it import MarkdownIt

    s = sympy.Symbol("s")
    rows = [{"model": "canonical, ybar(s) = 4*s**8/5 - 1059746*s/908765 + 3252515/3271554",
             "limits": "2*sqrt(2)/3 and 24*sqrt(2)/35", "exact": 2 * sympy.sqrt(2) / 3,
             "note": "**bold**, $a*b$ and `x*y`", "plain": "r^-1/2 (s, 1 - s)"},
            {"model": "canonical, ybar(s) = Piecewise((s + sin(5*pi*s/2)/5, s < 4/5), "
                      "(s, True))", "limits": "log(r + 1)**(-2)", "exact": s**2 / 4,
             "note": "a footnote*", "plain": "p*q"}]
    lines = figures.markdown_table(rows).splitlines()
    assert lines[2] == ("| canonical, ybar(s) = `4*s**8/5 - 1059746*s/908765 + 3252515/"
                        "3271554` | `2*sqrt(2)/3` and `24*sqrt(2)/35` | "
                        "$\\frac{2 \\sqrt{2}}{3}$ | **bold**, $a*b$ and `x*y` | "
                        "r^-1/2 (s, 1 - s) |")
    assert lines[3] == ("| canonical, ybar(s) = `Piecewise((s + sin(5*pi*s/2)/5, s < 4/5), "
                        "(s, True))` | `log(r + 1)**(-2)` | $\\frac{s^{2}}{4}$ | "
                        "a footnote* | `p*q` |")
    html = MarkdownIt("commonmark").enable("table").render("\n".join(lines))
    assert html.count("<em>") == 0 and html.count("<strong>") == 1
    assert "<code>4*s**8/5 - 1059746*s/908765 + 3252515/3271554</code>" in html


def test_shown_keeps_trailing_zeros_and_positional_notation():
    """A rounding for reading keeps the digits it claims: by hand, 0.010078 to two
    significant digits is 0.010, -1.04e-5 to six decimals -0.000010, 0.7 to three decimals
    0.700; 0.0996 to two digits rounds up to 0.10 and 1234.5 to 1200."""
    assert figures.shown(0.010078, digits=2) == "0.010"
    assert figures.shown(-1.04e-05, decimals=6) == "-0.000010"
    assert figures.shown(0.7, decimals=3) == "0.700"
    assert figures.shown(0.0996, digits=2) == "0.10"
    assert figures.shown(1234.5, digits=2) == "1200"
    assert figures.shown(3.2e-9, digits=2) == "3.2e-09"
    assert figures.markdown_table([{"s.d.": figures.shown(0.010078, digits=2)}]).splitlines()[
        2] == "| 0.010 |"


def test_adjacent_stream_outputs_are_joined():
    """A print that the kernel flushed in two pieces is one output, whatever the load:
    adjacent stream outputs of one name join; other outputs separate them."""
    from companion.run import _joined_streams

    def stream(name, text):
        return {"output_type": "stream", "name": name, "text": text}

    display = {"output_type": "display_data", "data": {"text/plain": "x"}, "metadata": {}}
    outs = [stream("stdout", "a"), stream("stdout", ["b", "\n"]), stream("stderr", "w"),
            stream("stdout", "c\n"), display, stream("stdout", "d\n")]
    assert _joined_streams(outs) == [stream("stdout", "ab\n"), stream("stderr", "w"),
                                     stream("stdout", "c\n"), display, stream("stdout", "d\n")]


def test_a_notebook_is_named_by_number_and_make_reproduce_takes_them():
    """`companion.run 003` and `make reproduce NOTEBOOKS=003` (the README's way to
    regenerate one notebook) find notebooks/003_*.py; a number no notebook has stays
    unknown (the runner then says so)."""
    import re
    import subprocess

    from companion.run import _notebook_paths

    book = ROOT / "notebooks"
    assert _notebook_paths(book, ["003", "variant_report"]) == [
        book / "003_preference_losses.py", book / "variant_report.py"]
    assert _notebook_paths(book, ["999"]) == [Path("999")]
    dry = subprocess.run(["make", "-n", "reproduce-steps", "NOTEBOOKS=003"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    assert re.search(r"-m companion\.run +003;", dry), dry
    assert "make reproduce NOTEBOOKS=003" in (ROOT / "README.md").read_text()


def test_the_readme_writes_reports_where_git_ignores_them():
    """The README's variant-report folder is one git ignores (scratch/), so that a report
    leaves `git status` clean."""
    import re
    import subprocess

    readme = (ROOT / "README.md").read_text()
    folders = set(re.findall(r"--output-dir (\S+?)/?`", readme))
    assert folders == {"scratch/reports"}, folders
    for folder in folders:
        subprocess.run(["git", "check-ignore", "-q", f"{folder}/x.ipynb"], cwd=ROOT,
                       check=True)


def test_make_lab_opens_py_notebooks_as_notebooks():
    """`make lab` installs JupyterLab settings that make jupytext's "Jupytext Notebook"
    the default viewer of .py files; the name is the one jupytext's own JupyterLab
    extension registers (its compiled source, as installed in the venv)."""
    import json
    import re
    import sys

    settings = json.loads((ROOT / "lib" / "companion" / "lab_overrides.json").read_text())
    viewer = settings["@jupyterlab/docmanager-extension:plugin"]["defaultViewers"]["python"]
    assert viewer == "Jupytext Notebook"
    ext = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "jupyterlab-jupytext"
    assert any(f'"{viewer}"' in js.read_text() for js in (ext / "static").glob("*.js"))
    make = (ROOT / "Makefile").read_text()
    assert re.search(r"cp lib/companion/lab_overrides\.json \$\(LAB_SETTINGS\)/overrides\.json",
                     make)
