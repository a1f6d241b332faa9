# `make run` and `make test` set everything up themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NATIVE := src/linecraft/compiled.json

AXE := node_modules/axe-core/axe.min.js

.PHONY: run test lint typecheck bench clean chromium messages

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	LINECRAFT_PURE=1 $(BIN)/pip install -q -e '.[dev]'
	touch $(STAMP)

# The engine modules listed in pyproject.toml are compiled with mypyc (setup.py), and
# rebuilt when an engine's source changes; until then they run as pure Python.
$(NATIVE): setup.py pyproject.toml $(wildcard src/linecraft/core/*.py src/linecraft/games/*/*.py) | $(STAMP)
	$(BIN)/pip install -q --no-deps -e .

run: $(STAMP) $(NATIVE)
	$(BIN)/linecraft serve

# The browser tests drive Debian's Chromium; install it when it is missing.
chromium:
	@command -v chromium >/dev/null || { apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# The browser tests check accessibility with axe-core, pinned in package-lock.json.
$(AXE): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(AXE)

test: $(STAMP) $(NATIVE) chromium $(AXE)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/pytest -n $$(( $$(nproc) + 1 )) --dist worksteal

# The catalogs follow the code: new messages arrive empty in every language's .po.
messages: $(STAMP)
	$(BIN)/python -m linecraft.core.messages

bench: $(STAMP) $(NATIVE)
	$(BIN)/python benchmarks/engines.py
	$(BIN)/python benchmarks/railroad_ink.py
	$(BIN)/python benchmarks/next_station_london.py
	$(BIN)/python benchmarks/metro.py
	$(BIN)/python benchmarks/metromania.py
	$(BIN)/python benchmarks/server.py
	$(BIN)/python benchmarks/analysis.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache node_modules build $(NATIVE)
	find src -name '*.so' -delete
