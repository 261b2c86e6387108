# The two commands: `make reproduce` and `make test`. Each builds .venv from the
# pinned versions in requirements.lock when .venv is missing or older than the lock.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
export PYTHONHASHSEED := 0
export SOURCE_DATE_EPOCH := 0

.PHONY: all venv test reproduce bench lint lock clean

all: test

$(STAMP): requirements.lock pyproject.toml
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.lock
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 >/dev/null
	touch $(STAMP)

venv: $(STAMP)

lint: $(STAMP)
	$(BIN)/ruff check lib tests benchmarks proofs_check notebooks

test: $(STAMP) lint
	$(BIN)/python -m pytest -q

# Regenerates everything: the claims report (figures/claims.json and claims.md), then every
# notebook under notebooks/ at full parameters (notebooks/executed/ and figures/).
reproduce: $(STAMP)
	$(BIN)/python -m proofs_check
	$(BIN)/python -m rankmeasures.run

# Timings against peers, printed as ratios; never part of `make test`.
bench: $(STAMP)
	@$(BIN)/python -c "import ranx" 2>/dev/null || \
		$(BIN)/python -m pip install --quiet --disable-pip-version-check -r benchmarks/requirements-bench.lock
	$(BIN)/python benchmarks/run.py

# Re-resolve the pins (needs the registry): a fresh venv with the dependencies and extras.
lock:
	rm -rf .lockvenv
	$(PYTHON) -m venv .lockvenv
	.lockvenv/bin/python -m pip install --quiet -e '.[notebooks,test]'
	{ head -n 2 requirements.lock; .lockvenv/bin/python -m pip freeze --exclude-editable | grep -v '^pip=='; \
	  .lockvenv/bin/python -m pip freeze --all | grep '^setuptools=='; } > requirements.lock.new
	mv requirements.lock.new requirements.lock
	rm -rf .lockvenv

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache
