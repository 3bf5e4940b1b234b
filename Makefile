# One command sets everything up and runs the tests; one sets up and starts the game.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# what playing needs alone (the test tools, Playwright and Ray among them, are over 800 MB)
PLAY_STAMP := $(VENV)/.installed-play
# pytest's worker processes (pytest-xdist): one a core, at most four (the browser tests each
# drive a Chromium and a server; more workers than cores only make them wait on each other)
WORKERS ?= $(shell n=$$(nproc 2>/dev/null || echo 2); [ $$n -gt 4 ] && n=4; echo $$n)

.PHONY: chromium test play play-text tui screenshots bench lint typecheck clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

$(PLAY_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $(PLAY_STAMP)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy --strict src/fivehundred

chromium:
	scripts/ensure-chromium.sh

# the solver's kernel is compiled once, before the workers start (each would compile it)
test: lint typecheck chromium
	$(BIN)/python -c "import fivehundred.solver"
	$(BIN)/pytest -n $(WORKERS)

play: $(PLAY_STAMP)
	$(BIN)/fivehundred play

play-text: $(PLAY_STAMP)
	$(BIN)/fivehundred play --text

tui: $(PLAY_STAMP)
	$(BIN)/fivehundred tui

# The browser tests, saving a screenshot of each phase into docs/screenshots/.
screenshots: $(STAMP) chromium
	FIVEHUNDRED_SCREENSHOTS=docs/screenshots $(BIN)/pytest tests/test_web_e2e.py tests/test_web_friends_browser.py tests/test_web_phone.py tests/test_web_history.py tests/test_web_guide.py
	$(BIN)/python scripts/tui_screenshots.py docs/screenshots

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
