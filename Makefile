# Two commands for a newcomer: `make run` and `make test`. Both set everything up first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8501

.PHONY: run test lint bench browsers clean

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed requirements-dev.txt
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

# MALLOC_ARENA_MAX: see SERVER_ENV in tools/server.py (it must be set before the process starts).
run: $(VENV)/.installed
	MALLOC_ARENA_MAX=2 $(PY) -m streamlit run streamlit_app.py --server.port $(PORT)

# Debian's Chromium and CJK fonts for the browser tests (never a downloaded browser build),
# and nginx for the cluster test (tests/browser/test_cluster.py runs it in the foreground).
browsers:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/sbin/nginx ] || \
		! fc-list 2>/dev/null | grep -qi "Noto Sans CJK"; then \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium fonts-noto-cjk nginx; \
	fi

lint: $(VENV)/.installed-dev
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

test: $(VENV)/.installed-dev browsers lint
	$(PY) -m pytest

# The cluster section needs nginx (`make browsers` installs it); without it, it is skipped.
bench: $(VENV)/.installed-dev
	@[ -x /usr/sbin/nginx ] || echo "bench: no /usr/sbin/nginx, the cluster section is skipped (make browsers)"
	$(PY) -m tools.bench

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
