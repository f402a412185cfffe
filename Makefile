# Two commands do all the set-up: `make run` (the site with demo data) and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000

.PHONY: run test install lint messages bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# XStatic-Bootstrap ships only a source archive whose build needs
# pkg_resources: build it with the venv's own setuptools.
$(VENV)/.installed: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet "setuptools<81" wheel
	$(BIN)/python -m pip install --quiet --no-build-isolation -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed

run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py demo_season --if-empty
	PORT=$(PORT) bash scripts/dev.sh

test: install
	$(BIN)/python -m pytest -n auto

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

messages: install
	$(BIN)/python manage.py makemessages -l fr -l en --no-obsolete --ignore=.venv --ignore=var --ignore=staticfiles --ignore=artifacts --ignore=tests
	$(BIN)/python manage.py compilemessages --ignore=.venv

# Benchmarks, each runnable on its own (see bench/README.md).
bench: install
	$(BIN)/python bench/bench_engine.py
	$(BIN)/python bench/bench_import.py
	$(BIN)/python bench/bench_standings.py

clean:
	rm -rf $(VENV) var staticfiles
