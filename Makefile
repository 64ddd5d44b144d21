# boggle-assistant: `make demo` and `make test` each do all set-up on a fresh Debian/Ubuntu
# machine (virtualenv, pip install, system packages through apt-get), then do their job.

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
CORE := assistant/_solvercore.so
# System packages: gcc (the solver's compiled core), Tesseract (second-opinion OCR), Xvfb
# (watch-mode tests on a virtual screen), the free fonts the letter templates and synthetic
# boards are rendered from, and Chromium with its WebDriver for the web page tests (Debian's
# packages: no browser downloads).
SYSTEM_PACKAGES := tesseract-ocr tesseract-ocr-eng xvfb chromium chromium-driver fonts-dejavu-core fonts-liberation fonts-roboto-unhinted fonts-open-sans fonts-lato fonts-league-spartan fonts-noto-core fonts-croscore gcc

.PHONY: all setup system-packages demo test lint bench screenshots clean

all: demo

setup: system-packages $(STAMP) $(CORE)

# The solver's compiled core (no headers or libc needed). Without a C compiler the solver
# runs its pure-Python search, which gives the same answers more slowly.
$(CORE): assistant/_solvercore.c
	@$(CC) -O2 -shared -fPIC -nostdlib -o $@ $< || \
	  echo "note: could not build $@; the solver uses its pure-Python search" >&2

system-packages:
	@.ci/system-packages $(SYSTEM_PACKAGES)

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV) || { \
	  echo "error: could not create a virtualenv: install python3-venv (sudo apt-get install -y python3-venv) and re-run" >&2; exit 1; }
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,web]'
	@touch $@

demo: setup
	$(VENV)/bin/boggle-assistant read fixtures/real/wordament/blackmonk13_mobile_2_letter_or.jpg
	$(VENV)/bin/boggle-assistant solve fixtures/real/wordament/blackmonk13_mobile_2_letter_or.jpg --top 15
	@echo
	@echo "Next: the web page -- paste a screenshot, click a word to see its path:"
	@echo "  $(VENV)/bin/boggle-assistant serve --open     (then http://127.0.0.1:8765/)"

# On every core (pytest-xdist), each worker at one BLAS/OpenMP thread (tests/conftest.py);
# --dist loadgroup keeps a fixture's tests in one worker, which reads it once
# (tests/test_read.py). On a 2-core machine: 24 min before those and Tesseract's one thread,
# 12.5 min after (session 50, a slower machine than the 14:47 of session 49's unchanged
# suite); session 48's machine took 8-9 min.
test: setup
	$(PY) -m pytest -q -n auto --dist loadgroup

lint: setup
	$(VENV)/bin/ruff check assistant tests benchmarks tools
	$(VENV)/bin/ruff format --check assistant tests benchmarks tools
	$(VENV)/bin/mypy

# The page's pictures in README.md, taken by the browser tests (headless Chromium).
screenshots: setup
	UPDATE_SCREENSHOTS=1 $(PY) -m pytest -q tests/test_web_page.py

# Speed and accuracy figures quoted in README.md (each script exits 1 if a target is missed).
bench: setup
	$(PY) benchmarks/solver.py
	$(PY) benchmarks/image.py
	$(PY) benchmarks/ocr.py
	$(PY) benchmarks/watch.py
	$(PY) benchmarks/batch.py

clean:
	rm -rf $(VENV) $(CORE) .pytest_cache .mypy_cache .ruff_cache .hypothesis
