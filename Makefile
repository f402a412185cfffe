# Two commands do all the set-up: `make run` (the site with demo data) and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
# `make run PORT=8123` or `PORT=8123 make run`; links in emails follow it.
PORT ?= 8000
export PORT

.PHONY: run test test-clock install lint messages bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed

run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py demo_season --if-empty
	bash scripts/dev.sh

test: install
	$(BIN)/python -m pytest -n auto

# The whole suite again at awkward moments, the process clock shifted by
# tests/shifted_clock.py: the night of the spring DST change in Paris, the
# last evening of June, the last Thursday of August in the evening (the eve
# of a season), a minute before the new year. Every moment runs; the target
# fails if any failed, naming them.
CLOCKS ?= 2027-03-28T01:59:30+01:00 2027-06-30T23:30:00+02:00 2027-08-26T21:00:00+02:00 2026-12-31T23:59:00+01:00

test-clock: install
	@failed=""; for clock in $(CLOCKS); do \
	  printf '\n==== the suite at %s ====\n' "$$clock"; \
	  $(BIN)/python -m pytest -n auto -p tests.shifted_clock --clock="$$clock" || failed="$$failed $$clock"; \
	done; \
	if [ -n "$$failed" ]; then printf '\nthe suite failed at:%s\n' "$$failed"; exit 1; fi

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
