# Every target bootstraps .venv itself: `make run` and `make test` work on a fresh clone.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test
STAMP_BENCH := $(VENV)/.installed-bench
STAMP_LINT := $(VENV)/.installed-lint
STAMP_DOCS := $(VENV)/.installed-docs
HOST ?= 127.0.0.1
PORT ?= 8000
# Test processes (pytest-xdist workers) for make check and make test; 2 fits the project's 2-core
# machine. WORKERS=0 runs in this one process.
WORKERS ?= 2
PYTEST := $(BIN)/python -m pytest -n $(WORKERS) --dist worksteal
# Processes that compile the kernels side by side before the tests (numba compiles on one core):
# each kernel is compiled once, where test processes would each compile the ones they meet.
WARM_PROCESSES ?= 2
WARM := $(BIN)/python -m showdown.engine --processes $(WARM_PROCESSES)

.PHONY: run check test warm bench lint docs tables clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_RUN): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[web,plot]'
	touch $@

$(STAMP_TEST): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(STAMP_RUN)

$(STAMP_BENCH): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	touch $@

$(STAMP_LINT): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[lint]'
	touch $@

$(STAMP_DOCS): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[docs]'
	touch $@

run: $(STAMP_RUN)
	$(BIN)/showdown serve --host $(HOST) --port $(PORT)

# The developer's loop: the quick tier (no test marked slow, compile, browser, dist, process or
# load; see TIERS in tests/conftest.py) with the small hypothesis budgets. Minutes with a warm
# numba cache (make warm).
check: $(STAMP_TEST)
	$(WARM)
	HYPOTHESIS_PROFILE=dev $(PYTEST) --tier quick

# Every truth: the quick tier first (a failure there stops before the long part), then the rest,
# then the single-hand and evaluation tests again on the pure-Python path.
test: $(STAMP_TEST)
	$(WARM)
	$(PYTEST) --tier quick
	$(PYTEST) --tier rest
	SHOWDOWN_PURE_PYTHON=1 $(BIN)/python -m pytest tests/test_single_hand.py tests/test_evaluation.py

# Compile every kernel into numba's cache (once after an install or a kernel edit; make check and
# make test begin with it, and it takes a moment when the cache has them all).
warm: $(STAMP_RUN)
	$(WARM)

bench: $(STAMP_BENCH)
	$(BIN)/python benchmarks/run_all.py --output benchmarks/RESULTS.md

lint: $(STAMP_LINT)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports

# The documentation site, into site/; --strict: a broken link or reference is an error.
docs: $(STAMP_DOCS)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir site

tables: $(STAMP_RUN)
	$(BIN)/python -m showdown.tables.evaluator
	$(BIN)/python -m showdown.odds.ordering --write

clean:
	rm -rf $(VENV) .cache .pytest_cache build site src/*.egg-info
