# acelab: `make lab` to play, `make test` to run every check but the long soaks (`make soak`).
# Both create .venv when missing.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
ARGS   ?=
# JupyterLab refuses to run as root unless told; CI and containers run as root.
AS_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test unit soak lint format bench venv clean editions hub class keys plans z2jh-context

$(BIN)/python:
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "acelab needs Python 3.11 or newer"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# What the notebooks need (acelab, JupyterLab, widgets, SymPy, NumPy, Matplotlib, Voila).
# An editable install leaves out the data files a wheel installs: the config enabling
# acelab.server_extension (clicks answered without Nagle's 40 ms) is copied in its place.
SERVER_CONFIG := etc/jupyter/jupyter_server_config.d/acelab.json
$(VENV)/.lab-installed: pyproject.toml jupyter-config/jupyter_server_config.d/acelab.json | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	install -D -m 644 jupyter-config/jupyter_server_config.d/acelab.json $(VENV)/$(SERVER_CONFIG)
	touch $@

# Plus the test and lint tools, and nbgrader (the tests mark a lesson with it end to end).
$(VENV)/.test-installed: pyproject.toml jupyter-config/jupyter_server_config.d/acelab.json | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test,dev,grading]"
	install -D -m 644 jupyter-config/jupyter_server_config.d/acelab.json $(VENV)/$(SERVER_CONFIG)
	touch $@ $(VENV)/.lab-installed

venv: $(VENV)/.test-installed

lab: $(VENV)/.lab-installed
	$(BIN)/jupyter lab --ServerApp.root_dir=notebooks $(AS_ROOT) $(ARGS)

lint: $(VENV)/.test-installed
	$(BIN)/ruff check acelab tests benchmarks deploy
	$(BIN)/ruff format --check acelab tests benchmarks deploy
	$(BIN)/mypy

# pytest with a marker expression and ARGS, naming its 15 slowest tests; its exit status 5 (ARGS selected no test) is no failure.
pytest = $(BIN)/python -m pytest -m "$(1)" --durations=15 $(ARGS) || [ $$? -eq 5 ]

test: lint
	$(call pytest,not soak)

# The quick loop while coding: no browser, no soak, no slow test (README, Tests: the markers).
unit: $(VENV)/.test-installed
	$(call pytest,not browser and not soak and not slow)

# The long soaks, at full size: 10,000 random Ace Pilot games, a fresh Binder venv running every
# notebook, `make lab` headless. CI (.ci/run) runs them after `make test`.
soak: $(VENV)/.test-installed hub
	$(call pytest,soak)

# A JupyterHub for a class (deploy/hub/): JupyterHub, NativeAuthenticator and nbgitpuller (pip,
# the `hub` extra), configurable-http-proxy (npm, pinned in deploy/hub/package.json) in
# deploy/hub/node_modules, and, as root, the pupils' environment /opt/acelab-hub/venv built from
# acelab's wheel (deploy/hub/install.sh, run each time: it reinstalls the current acelab).
hub: $(VENV)/.hub-installed deploy/hub/node_modules/.package-lock.json
ifeq ($(shell id -u),0)
	deploy/hub/install.sh
else
	@echo "The pupils' environment needs root: sudo deploy/hub/install.sh (the hub's tests skip without it)"
endif

# The build context of Zero to JupyterHub's pupils' image (deploy/z2jh/Dockerfile): acelab's
# wheel in deploy/z2jh/wheels/ and the class hub's nbgrader settings in deploy/z2jh/nbgrader/
# (both ignored by git); then `docker build deploy/z2jh`, as deploy/z2jh/values.yaml says.
z2jh-context: | $(BIN)/python
	rm -rf deploy/z2jh/wheels deploy/z2jh/nbgrader
	$(BIN)/python -m pip wheel --quiet --no-deps --wheel-dir deploy/z2jh/wheels .
	install -d deploy/z2jh/nbgrader
	install -m 644 deploy/hub/nbgrader/nbgrader_config.py deploy/hub/nbgrader/acelab_hub_exchange.py \
	  deploy/z2jh/nbgrader/

$(VENV)/.hub-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[hub]"
	touch $@

deploy/hub/node_modules/.package-lock.json: deploy/hub/package.json deploy/hub/package-lock.json
	cd deploy/hub && npm ci --no-audit --no-fund

format: $(VENV)/.test-installed
	$(BIN)/ruff format acelab tests benchmarks deploy
	$(BIN)/ruff check --fix acelab tests benchmarks deploy

# Student editions (notebooks/) and teacher editions (teachers/) from the sources in lessons/.
editions: $(VENV)/.lab-installed
	$(BIN)/python -m acelab.classroom.editions

# The pupils' folder class/ (student editions, play notebooks, the welcome notebook and a
# requirements.txt; no teacher edition, no answer): publish it for nbgitpuller or nbgrader.
class: $(VENV)/.lab-installed
	$(BIN)/python -m acelab.classroom

# Printable answer keys, seeds 1-40, of every lesson (docs/teachers/keys/); for other seeds:
# .venv/bin/python -m acelab.teaching.answer_keys LESSON --seeds 41-80 --out FOLDER
keys: $(VENV)/.lab-installed
	$(BIN)/python -m acelab.teaching.answer_keys all --seeds 1-40

# Printable one-page lesson plans (timings, goals, worked examples, the key for seeds 1-8, the
# plenary) of every lesson, beside the keys (docs/teachers/plans/).
plans: $(VENV)/.lab-installed
	$(BIN)/python -m acelab.teaching.plans

bench: $(VENV)/.test-installed hub
	$(BIN)/python -m pip install --quiet -e ".[bench]"
	@for script in benchmarks/*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache tests/browser/artifacts
