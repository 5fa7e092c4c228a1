# Two commands on a fresh machine: `make play` and `make test`. Both set everything up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test check setup bench simulate fuzz tournament load train clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

play: $(STAMP)
	$(BIN)/doomlings

# Static checks first: the arrows between packages (import-linter), ruff, mypy --strict.
check: $(STAMP)
	$(BIN)/lint-imports
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

# The tests on every core and one worker more (pytest-xdist), then the few that time keys at a
# real terminal or a speech engine by themselves (marked `alone`), so that no other test's load
# can delay them. Many tests wait on a terminal, a server, Redis or a browser: on two cores a
# third worker fills those waits (the tests before the `alone` ones: 154 s with two workers,
# 123 to 128 s with three in four runs, 126 s with four; the same machine, nothing else running).
# The package is compiled once for the whole run, into .venv/pycache (the source tree stays
# clean), even where PYTHONDONTWRITEBYTECODE is set: the tests start `doomlings` hundreds of
# times, and without it each start compiled every module it imports again (a third of the
# processor time of those tests, measured).
TEST_JOBS ?= $(shell $(PYTHON) -c "import os; print((os.cpu_count() or 1) + 1)")
test fuzz: export PYTHONPYCACHEPREFIX := $(abspath $(VENV))/pycache
test fuzz: export PYTHONDONTWRITEBYTECODE :=
test: check
	$(BIN)/python -m pytest -q -n $(TEST_JOBS) --dist worksteal -m "not alone" --durations=15
	$(BIN)/python -m pytest -q -m alone

# Figures, not assertions: random 4-player games per second on one core, how long
# `doomlings card` takes against a bare Python start, how long a game is to listen to, and the
# hard player's decision times against a 10 ms budget, and how long the course of
# `doomlings learn` is to listen to, with its keys.
bench: $(STAMP)
	$(BIN)/python benchmarks/engine_speed.py
	$(BIN)/python benchmarks/card_startup.py
	$(BIN)/python benchmarks/listening.py
	$(BIN)/python benchmarks/thinking_time.py
	$(BIN)/python benchmarks/doomcrop_speed.py
	$(BIN)/python benchmarks/tutorial_length.py
	$(BIN)/python benchmarks/shared_code.py

# The long fuzz run: thousands of seeded games, 2 to 6 players, both editions; the scorer
# against thousands of played games; then hostile save, score and settings files
# (FUZZ_EXAMPLES inputs of each kind, randomised); then hostile typed lines in 1,000 games and
# 100 games killed at prompts 10 times each and resumed (60 games, and 5 games of 6 kills, in
# `make test`). No time limit per test here.
FUZZ_EXAMPLES ?= 20000
fuzz: $(STAMP)
	$(BIN)/doomlings simulate --games 3000 --seed 1 --replay-check
	$(BIN)/doomlings simulate --games 3000 --seed 5001 --edition first --replay-check
	$(BIN)/doomlings simulate --games 1000 --seed 9001 --all-28-ages --long-age-deck
	DOOMLINGS_SCORER_GAMES=3000 $(BIN)/python -m pytest --timeout 0 -q tests/scoring/test_scorer_equals_game.py
	DOOMLINGS_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/python -m pytest --timeout 0 -q -s -p no:cacheprovider \
		tests/adversarial/test_fuzz_files.py
	DOOMLINGS_ONLINE_GAMES=300 $(BIN)/python -m pytest --timeout 0 -q -p no:cacheprovider tests/online/test_hidden_information.py
	DOOMCROP_ONLINE_GAMES=300 $(BIN)/python -m pytest --timeout 0 -q -p no:cacheprovider tests/online/test_doomcrop_online.py -k face_down
	DOOMLINGS_INPUT_GAMES=1000 DOOMLINGS_KILLED_GAMES=100 DOOMLINGS_KILLS_PER_GAME=10 $(BIN)/python -m pytest --timeout 0 -q -s \
		-p no:cacheprovider tests/saves/test_hostile_input.py::test_random_input_at_random_prompts_changes_nothing \
		tests/saves/test_kill_resume.py::test_sigkill_at_random_prompts_then_resume

simulate: fuzz

# The standard tournaments, seats rotated, both cores: normal against three easy (about a
# minute), then hard against three normal at a tenth of its default sampled games, counted so
# that the same seed gives the same games (about half an hour); then the same two for Doomcrop,
# two players, hard at a twentieth of its default (about twenty minutes); each prints every level's win rate with its 95% interval,
# scores, margins and decision times.
tournament: $(STAMP)
	$(BIN)/doomlings tournament --games 2000 --seats normal,easy,easy,easy --seed 1 --jobs 2
	$(BIN)/doomlings tournament --games 1000 --seats hard,normal,normal,normal --seed 1 --jobs 2 \
		--think 600 --iterations 100
	$(BIN)/doomlings tournament --game doomcrop --games 2000 --seats normal,easy --seed 1 --jobs 2
	$(BIN)/doomlings tournament --game doomcrop --games 300 --seats hard,normal --seed 1 --jobs 2 \
		--think 600 --iterations 50

# Online play under load, on loopback only: a real server and rooms of 4 (two people on
# WebSocket clients, two computer players) played to their ends, 40 rooms at once and 120
# games in all, for each game in turn (Doomlings, then Doomcrop, on servers started for each;
# `--game NAME` for one; each stops by itself, within three minutes); prints the answer round
# trip at the 50th and 99th percentile, rooms per core and memory per room. Then the same over
# two server processes sharing a Redis started for it (each room's friend joins through the
# other process).
load: $(STAMP)
	$(BIN)/python benchmarks/online_load.py --rooms 40 --games 120
	$(BIN)/python benchmarks/online_load.py --rooms 40 --games 120 --redis

# The hard level's reading of a position, fitted again to 1,000 seeded games of the normal level
# against itself (both cores, about ten minutes): rewrites src/doomlings_access/ai/value_weights.json,
# the weights the game ships and checks when it loads them (docs/ai.md).
train: $(STAMP)
	$(BIN)/python -m doomlings_access.training --games 1000 --seed 100000 --jobs 2

clean:
	rm -rf $(VENV) build dist .pytest_cache
