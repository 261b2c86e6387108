# The two commands: `make reproduce` and `make test`. Each builds .venv from the
# pinned versions in requirements.lock when .venv is missing or older than the lock.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
export PYTHONHASHSEED := 0
export SOURCE_DATE_EPOCH := 0

# uv installs the lock into the venv (the same pins as pip would; 18 s instead of 49 s, 31 s
# of CPU instead of 48 s). It compiles the bytecode at install, as pip does: where
# PYTHONDONTWRITEBYTECODE is set (as on our CI machines) nothing would compile it later,
# and every process would compile each module it imports afresh. The venv keeps pip.
UV_VERSION := 0.13.8
UV         := VIRTUAL_ENV=$(CURDIR)/$(VENV) UV_LINK_MODE=copy $(BIN)/uv

# The HTML edition (docs/conf.py): Sphinx and MyST-NB over the committed executed notebooks,
# warnings as errors; REPORTS=DIR adds the executed variant reports in DIR
SPHINXOPTS ?= -W --keep-going -q
SPHINX     = $(BIN)/python -m sphinx -b html -d build/doctrees $(SPHINXOPTS) \
	$(if $(REPORTS),-D companion_reports=$(abspath $(REPORTS))) docs site

# MathJax 3 for the offline HTML edition, from the npm registry, checked by its SHA-256
MATHJAX_VERSION := 3.2.2
MATHJAX_SHA256  := 1b9c0a1c44df864e915690558e72adb9cc5203360daefd385084ced3b6c64c09
MATHJAX_DIR     := $(VENV)/share/mathjax

.PHONY: all venv test test-steps reproduce reproduce-steps docs site serve gate browser bench \
	lint lock clean lab reseed

all: test

$(STAMP): requirements.lock pyproject.toml
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)
	$(UV) pip install --quiet --compile-bytecode -r requirements.lock
	$(UV) pip install --quiet --no-deps --no-build-isolation -e .
# the checkout's own tools (companion, proofs_check) on the venv's path, not in the wheel
	$(BIN)/python -c "import pathlib, site; pathlib.Path(site.getsitepackages()[0], \
		'rankmeasures-checkout.pth').write_text('$(CURDIR)/lib\n$(CURDIR)\n')"
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 >/dev/null
	mkdir -p $(MATHJAX_DIR)
	cd $(MATHJAX_DIR) && npm pack --silent mathjax@$(MATHJAX_VERSION) >/dev/null && \
		echo "$(MATHJAX_SHA256)  mathjax-$(MATHJAX_VERSION).tgz" | sha256sum --check --quiet && \
		tar xzf mathjax-$(MATHJAX_VERSION).tgz --strip-components=2 package/es5/tex-svg-full.js && \
		tar xzf mathjax-$(MATHJAX_VERSION).tgz --strip-components=1 package/LICENSE && \
		rm mathjax-$(MATHJAX_VERSION).tgz
	touch $(STAMP)

venv: $(STAMP)

# mypy over the wheel's modules as pyproject's [tool.mypy] says (cached in .mypy_cache)
lint: $(STAMP)
	$(BIN)/ruff check lib tests benchmarks proofs_check notebooks docs
	$(BIN)/mypy

# Debian's chromium for the browser checks of the HTML edition (tests/test_site.py)
browser:
	@command -v chromium >/dev/null || apt-get install -y -q chromium >/dev/null || \
		{ apt-get update -q >/dev/null && apt-get install -y -q chromium >/dev/null; }

# the tests, then the reproducibility gate: the claims report and every notebook regenerated
# at their committed parameters must match the committed outputs within the tolerances
# declared for them (and byte for byte on the machine that made them). The suite's own
# full claims run and quick notebook runs are left to the gate (pytest -m regeneration).
# The suite runs on one pytest-xdist worker per core, each test module whole on one worker
# (tests/conftest.py). The whole of it (venv, lint, browser, suite, gate) runs under
# lib/companion/timing.py, which prints its wall and CPU time (user + sys, every process
# included) at its end.
test:
	@$(PYTHON) lib/companion/timing.py "make test" -- $(MAKE) --no-print-directory test-steps

test-steps: $(STAMP) lint browser
	$(BIN)/python -m pytest -q -m "not regeneration" -n auto --dist loadgroup
	$(BIN)/python -m companion.gate check $(if $(FAIL_FAST),--fail-fast)

# Regenerates everything: the claims report (figures/claims.json and claims.md), beside it
# every notebook under notebooks/ at full parameters (notebooks/executed/ and figures/), as
# the gate runs them, then the hashes (figures/SHA256SUMS, figures/manifest.json) and the
# HTML edition (site/, `make docs`). Outputs
# whose sources, parameters and code are unchanged are skipped; FORCE=1 redoes them all.
# NOTEBOOKS="003 004" regenerates only those notebooks (by number or name), with the claims
# report, the hashes and the edition.
reproduce:
	@$(PYTHON) lib/companion/timing.py "make reproduce" -- $(MAKE) --no-print-directory \
		reproduce-steps

# the claims run with one thread per pool, as the gate runs it (the companion sets the same
# for its notebooks): the last digits of a long dot product depend on OpenBLAS's thread
# count (lib/companion/threads.py); a value set in the environment is kept
reproduce-steps: $(STAMP)
	$(BIN)/python -m companion.threads $(BIN)/python -m proofs_check $(if $(FORCE),--force) & \
		claims=$$!; \
		$(BIN)/python -m companion.run $(if $(FORCE),--force) $(NOTEBOOKS); notebooks=$$?; \
		wait $$claims && exit $$notebooks
	$(BIN)/python -m companion.gate write
	$(SPHINX)

# the HTML edition in site/ (open site/index.html); `make site` is the same
docs site: $(STAMP)
	$(SPHINX)

# the edition served on http://127.0.0.1:8000/ (PORT=...): opened from the file system it
# reads the same, but the search page lists titles only (a browser lets no file:// page
# read another for the context lines); Ctrl-C stops it
PORT ?= 8000
SITE ?= site
serve:
	@test -f $(SITE)/index.html || { echo "no $(SITE)/index.html: make docs first"; exit 2; }
	$(BIN)/python -m http.server --bind 127.0.0.1 --directory $(SITE) $(PORT)

gate: $(STAMP)
	$(BIN)/python -m companion.gate check $(if $(FAIL_FAST),--fail-fast)

# Jupyter as readers use it (optional; never part of make test): JupyterLab from
# requirements-lab.lock into the venv, opened on notebooks/. Each notebooks/NNN_topic.py
# opens as a notebook (a double click: the venv's JupyterLab settings,
# lib/companion/lab_overrides.json, make "Jupytext Notebook" the default viewer of .py
# files; the text editor is under right-click > Open With > Editor) paired with a
# git-ignored .ipynb by jupytext (notebooks/jupytext.toml); saving rewrites the .py, byte
# for byte when nothing changed. Figures of a run in Jupyter go to scratch/figures/.
LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings
lab: $(STAMP)
	@$(BIN)/python -c "import jupyterlab" 2>/dev/null || \
		$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-lab.lock
	mkdir -p $(LAB_SETTINGS) && cp lib/companion/lab_overrides.json $(LAB_SETTINGS)/overrides.json
	cd notebooks && ../$(BIN)/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root)

# Every notebook at its quick parameters under other seeds (SEEDS="1 2 3"; default 20 fixed
# primes), failing checks collected and listed (lib/companion/reseed.py); never part of
# `make test`: about 20 minutes on 2 cores for the default 20 seeds.
reseed: $(STAMP)
	$(BIN)/python -m companion.reseed $(if $(SEEDS),--seeds "$(SEEDS)") $(NOTEBOOKS)

# Timings against peers, printed as ratios; never part of `make test`.
bench: $(STAMP)
	@$(BIN)/python -c "import ranx" 2>/dev/null || \
		$(BIN)/python -m pip install --quiet --disable-pip-version-check -r benchmarks/requirements-bench.lock
	$(BIN)/python benchmarks/run.py

# Re-resolve the pins (needs the registry): a fresh venv with the dependencies and extras.
lock:
	rm -rf .lockvenv
	$(PYTHON) -m venv .lockvenv
	.lockvenv/bin/python -m pip install --quiet -e '.[notebooks,test,fast,distributed,docs]'
	{ head -n 2 requirements.lock; .lockvenv/bin/python -m pip freeze --exclude-editable | grep -v '^pip=='; \
	  .lockvenv/bin/python -m pip freeze --all | grep '^setuptools=='; } > requirements.lock.new
	mv requirements.lock.new requirements.lock
	rm -rf .lockvenv

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache build site docs/notebooks docs/reports \
		docs/api/generated docs/api/rankmeasures*.md docs/api/rankmeasures*.rst
