"""Properties of whole games, over many seeds, player counts and both printings.

Random games are played by the project's seeded self-play (``simulate.play_one``), which checks
the invariants after every action; the other properties (determinism, replay, saving,
illegal actions) are checked here directly on the engine.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builders import agent_move, from_json, new_game, replay
from doomlings_access.ai.random_agent import RandomAgent
from doomlings_access.rules import Choice, Game, GameOverError, IllegalActionError, Options, Setup
from doomlings_access.simulate import play_one

SRC = Path(__file__).resolve().parents[2] / "src"
RULES = SRC / "doomlings_access" / "rules"

players_st = st.integers(min_value=2, max_value=6)
seed_st = st.integers(min_value=0, max_value=2**32 - 1)
options_st = st.builds(
    Options,
    long_age_deck=st.booleans(),
    empty_hand_draw=st.sampled_from([3, 5]),
    catastrophe_ends_round=st.booleans(),
    gene_pool_leader_bonus=st.booleans(),
    discard_unmet_requirement=st.booleans(),
    ignore_restricted_cost=st.booleans(),
    all_28_ages=st.booleans(),
)
GAMES = settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


def names(n: int) -> tuple[str, ...]:
    return tuple(f"P{i + 1}" for i in range(n))


def with_edition(options: Options, edition: str) -> Options:
    data = options.to_json()
    data["edition"] = edition
    return Options.from_json(data)


def play(setup: Setup, between=None, on_step=None) -> Game:  # type: ignore[no-untyped-def]
    """Play a whole game with the random agents (seeded from the game seed)."""
    g = new_game(setup)
    agents = [RandomAgent(setup.seed, seat) for seat in range(g.n)]
    step = 0
    while not g.is_over:
        if on_step:
            on_step(g, step)
        if between:
            between(step)
        assert g.pending is not None
        g.apply(agent_move(g, agents))
        step += 1
    if on_step:
        on_step(g, step)
    return g


def log_of(g: Game) -> list[dict]:  # type: ignore[type-arg]
    return [e.to_json() for e in g.log]


# --- random games keep every invariant ---------------------------------------------------------


@pytest.mark.parametrize("edition", ["retail", "first"])
@GAMES
@given(seed=seed_st, players=players_st)
def test_random_games_keep_every_invariant_with_default_rules(edition: str, seed: int, players: int) -> None:
    """Seeded self-play (2 to 6 players, both printings): every card in one place, gene pools
    in 1..8 except reversals, at most 2 dominants (3 with Heroic from Birth of a Hero), one
    pending decision with legal answers until the end, every game ends, replay equals original."""
    actions, violation = play_one(Setup(names(players), seed, Options(edition=edition)), replay_check=True)
    assert violation is None, str(violation)
    assert actions > 0


@pytest.mark.parametrize("edition", ["retail", "first"])
@settings(max_examples=15, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seed_st, players=players_st, options=options_st)
def test_random_games_keep_every_invariant_with_house_rules(
    edition: str, seed: int, players: int, options: Options
) -> None:
    """The same invariants with any combination of the house-rule options (CONFLICTS.md)."""
    setup = Setup(names(players), seed, with_edition(options, edition))
    _, violation = play_one(setup, replay_check=True)
    assert violation is None, str(violation)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_fixed_seed_games_for_every_player_count(players: int) -> None:
    """Fixed seeds for every player count (reproducible without hypothesis's database)."""
    for seed in range(2):
        for edition in ("retail", "first"):
            _, violation = play_one(Setup(names(players), seed, Options(edition=edition)), replay_check=True)
            assert violation is None, str(violation)


@pytest.mark.parametrize("edition", ["retail", "first"])
def test_whole_games_keep_dominants_in_piles_and_one_turn_per_player_per_round(edition: str) -> None:
    """Rulebook: dominant traits "cannot be swapped, stolen, discarded, returned or removed
    from your trait pile for any reason"; each player takes one turn per round."""
    from collections import Counter

    from doomlings_access.rules.events import (
        AgeRevealed,
        CatastropheRevealed,
        TraitDiscarded,
        TraitMoved,
        TraitToHand,
        TurnStarted,
        WorldsEndStarted,
    )

    for seed in range(20):
        g = play(Setup(names(2 + seed % 5), seed, Options(edition=edition)))
        turns: Counter[int] = Counter()
        for e in g.log:
            if isinstance(e, (TraitMoved, TraitDiscarded, TraitToHand)):
                assert not g.defs[e.card].dominant, (seed, e)
            if isinstance(e, (AgeRevealed, CatastropheRevealed, WorldsEndStarted)):
                turns = Counter()
            if isinstance(e, TurnStarted):
                turns[e.player] += 1
                assert turns[e.player] == 1, (seed, e)


# --- determinism ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed,players", [(1, 2), (7, 4), (42, 6), (99, 3)])
def test_same_seed_same_answers_give_identical_logs_whatever_the_global_random_does(
    seed: int, players: int
) -> None:
    """RLCard-style determinism: the game uses only its own seeded generator, so calling the
    global ``random`` module a different number of times between steps changes nothing."""
    setup = Setup(names(players), seed)

    def noisy(times: int):  # type: ignore[no-untyped-def]
        def between(step: int) -> None:
            for _ in range(times * (step % 3 + 1)):
                random.random()
            random.shuffle(list(range(10)))

        return between

    random.seed(12345)
    first = play(setup, between=noisy(1))
    random.seed(999)
    second = play(setup, between=noisy(7))
    third = play(setup)
    assert log_of(first) == log_of(second) == log_of(third)
    assert first.actions == second.actions == third.actions
    assert first.snapshot() == second.snapshot()


def test_engine_results_do_not_depend_on_the_hash_seed() -> None:
    """Two processes with different PYTHONHASHSEED play the same seeded games identically
    (no iteration over sets of strings leaks into the game)."""
    code = (
        "import json, hashlib;"
        "from doomlings_access.rules import Setup, Options;"
        "from doomlings_access.simulate import play_one;"
        "from doomlings_access.rules import Game, Choice;"
        "from doomlings_access.cards import load_cards;"
        "from doomlings_access.ai.random_agent import RandomAgent\n"
        "out = []\n"
        "for seed in range(6):\n"
        "    s = Setup(tuple(f'P{i}' for i in range(2 + seed % 5)), seed, Options(edition=('retail','first')[seed % 2]))\n"
        "    g = Game(load_cards(s.options.edition), s); a = [RandomAgent(seed, i) for i in range(g.n)]\n"
        "    while not g.is_over: d = g.pending; g.apply(Choice(d.player, a[d.player].choose(g.view(d.player), d)))\n"
        "    out.append(hashlib.sha256(json.dumps([e.to_json() for e in g.log]).encode()).hexdigest())\n"
        "print(json.dumps(out))\n"
    )
    results = []
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONPATH": str(SRC), "PYTHONHASHSEED": hash_seed}
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
        assert proc.returncode == 0, proc.stderr
        results.append(json.loads(proc.stdout))
    assert results[0] == results[1]


# --- replay, save and load --------------------------------------------------------------------


@pytest.mark.parametrize("seed,players,edition", [(3, 2, "retail"), (8, 4, "first"), (21, 6, "retail"), (5, 3, "first")])
def test_replay_equals_original_at_several_points(seed: int, players: int, edition: str) -> None:
    """``replay(setup, actions)`` rebuilds the exact state, mid-game and at the end."""
    setup = Setup(names(players), seed, Options(edition=edition))
    snapshots: dict[int, dict] = {}  # type: ignore[type-arg]
    logs: dict[int, int] = {}

    def record(g: Game, step: int) -> None:
        if step % 17 == 0 or g.is_over:
            snapshots[step] = g.snapshot()
            logs[step] = len(g.log)

    g = play(setup, on_step=record)
    assert len(snapshots) >= 4
    for step, snap in snapshots.items():
        again = replay(setup, g.actions[:step])
        assert again.snapshot() == snap, f"differs after {step} actions"
        assert len(again.log) == logs[step]
    assert g.clone().snapshot() == g.snapshot()


@pytest.mark.parametrize("stop", [0, 1, 25, 80, None])
def test_save_round_trip_through_json_text(stop: int | None) -> None:
    """``to_json`` / ``from_json`` through ``json.dumps`` / ``json.loads`` rebuilds the game."""
    setup = Setup(("Ana", "Ben", "Cid"), 17, Options(edition="first", gene_pool_leader_bonus=True))
    g = new_game(setup)
    agents = [RandomAgent(17, s) for s in range(3)]
    while not g.is_over and (stop is None or len(g.actions) < stop):
        g.apply(agent_move(g, agents))
    text = json.dumps(g.to_json())
    loaded = from_json(json.loads(text))
    assert loaded.snapshot() == g.snapshot()
    assert loaded.actions == g.actions
    assert log_of(loaded) == log_of(g)
    assert loaded.setup == setup
    if not g.is_over:
        # the loaded game goes on exactly like the original
        action = g.legal_actions()[-1]
        assert g.apply(action) == loaded.apply(action)
        assert loaded.snapshot() == g.snapshot()


def _saved_mid_game() -> dict:  # type: ignore[type-arg]
    g = new_game(Setup(("Ana", "Ben"), 4))
    agents = [RandomAgent(4, s) for s in range(2)]
    for _ in range(30):
        g.apply(agent_move(g, agents))
    return json.loads(json.dumps(g.to_json()))


@pytest.mark.parametrize(
    "tamper",
    [
        lambda d: d["state"]["players"][0].__setitem__("gene_pool", d["state"]["players"][0]["gene_pool"] + 1),
        lambda d: d["state"]["deck"].reverse(),
        lambda d: d["state"].__setitem__("round", d["state"]["round"] + 1),
        lambda d: d["state"]["players"][1]["hand"].append(d["state"]["deck"][0]),
        lambda d: d.__setitem__("version", 99),
        lambda d: d["actions"].pop(),
        lambda d: d["setup"].__setitem__("seed", d["setup"]["seed"] + 1),
    ],
    ids=["gene_pool", "deck_order", "round", "extra_card", "version", "action_removed", "seed"],
)
def test_tampered_save_is_refused(tamper) -> None:  # type: ignore[no-untyped-def]
    """A saved game whose state does not match its replayed actions is refused (ValueError)."""
    data = _saved_mid_game()
    from_json(json.loads(json.dumps(data)))  # the untouched save loads
    tamper(data)
    with pytest.raises(ValueError):
        from_json(data)


def test_save_with_an_unknown_option_or_bad_action_is_refused() -> None:
    """Malformed saves are refused with ValueError, never loaded half-way."""
    data = _saved_mid_game()
    data["setup"]["options"]["free_lunch"] = True
    with pytest.raises(ValueError):
        from_json(data)
    data = _saved_mid_game()
    data["actions"][0] = {"player": 0}
    with pytest.raises(ValueError):
        from_json(data)
    data = _saved_mid_game()
    data["actions"][3] = [data["actions"][3][0], "not-an-option"]
    with pytest.raises(ValueError):
        from_json(data)


# --- illegal actions ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [2, 13, 31])
def test_illegal_actions_raise_and_change_nothing(seed: int) -> None:
    """Any answer that is not a legal option raises IllegalActionError; the state, the action
    list and the log are untouched; the game then goes on normally."""
    g = new_game(Setup(names(3), seed))
    agents = [RandomAgent(seed, s) for s in range(3)]
    checked = 0
    while not g.is_over:
        d = g.pending
        assert d is not None
        if len(g.actions) % 7 == 0:
            before, n_actions, n_log = g.snapshot(), len(g.actions), len(g.log)
            wrong_player = (d.player + 1) % g.n
            bad = [
                Choice(wrong_player, d.options[0]),
                Choice(d.player, "no-such-option"),
                Choice(d.player, 10_000),
                Choice(d.player, -1),
                Choice(d.player, True),
                Choice(d.player, False),
            ]
            for action in bad:
                if action.player == d.player and action.value in d.options and not isinstance(action.value, bool):
                    continue
                with pytest.raises(IllegalActionError):
                    g.apply(action)
                assert g.snapshot() == before
                assert len(g.actions) == n_actions and len(g.log) == n_log
            checked += 1
        g.apply(agent_move(g, agents))
    assert checked > 5
    with pytest.raises(GameOverError):
        g.apply(Choice(0, 0))
    assert issubclass(GameOverError, IllegalActionError) and issubclass(IllegalActionError, ValueError)


@pytest.mark.parametrize("seed,players", [(0, 2), (6, 5), (12, 6)])
def test_legal_actions_are_never_empty_until_the_game_ends(seed: int, players: int) -> None:
    """Exactly one pending decision, with legal answers for its player, until the game ends;
    none afterwards."""
    def check(g: Game, step: int) -> None:
        if g.is_over:
            assert g.pending is None and g.legal_actions() == [] and g.current_player is None
            assert g.winners
        else:
            actions = g.legal_actions()
            assert actions
            assert {a.player for a in actions} == {g.pending.player} == {g.current_player}
            assert len(set(actions)) == len(actions)

    g = play(Setup(names(players), seed), on_step=check)
    assert g.is_over


# --- no hidden randomness -------------------------------------------------------------------


def test_rules_modules_never_use_the_global_random_module() -> None:
    """Only game.py and sampling.py import ``random`` (the kernel's chance.py has the generator
    class): the game for its seeded generator, sampling to give a sampled game a generator of
    its own drawn from the caller's."""
    importers = []
    for path in sorted(RULES.glob("*.py")):
        text = path.read_text()
        if re.search(r"^\s*(import random\b|from random import)", text, re.M):
            importers.append(path.name)
    assert sorted(importers) == ["game.py", "sampling.py"]
    game = (RULES / "game.py").read_text()
    calls = set(re.findall(r"\brandom\.(\w+)", game))
    assert calls == {"Random"}, calls
    assert re.search(r"GameRandom\(setup\.seed\)", game)
    assert "from random import" not in game
    sampling = (RULES / "sampling.py").read_text()
    assert set(re.findall(r"\brandom\.(\w+)", sampling)) == {"Random"}
    assert "GameRandom(rng.getrandbits(64))" in sampling


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**64), st.integers(0, 300))
def test_the_game_shuffles_as_the_standard_library_does(seed: int, size: int) -> None:
    """Seeded games and saves depend on every shuffle; the quicker one must not change them."""
    from doomlings_access.kernel.chance import GameRandom, shuffle

    ours, library, caller = GameRandom(seed), random.Random(seed), random.Random(seed)
    mine, theirs, callers = list(range(size)), list(range(size)), list(range(size))
    for _ in range(3):
        ours.shuffle(mine)
        library.shuffle(theirs)
        shuffle(caller, callers)  # a sampled game's shuffle with a computer player's generator
        assert mine == theirs == callers
    assert ours.random() == library.random() == caller.random()  # the same numbers were drawn


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**64), st.integers(0, 120), st.data())
def test_the_game_samples_as_the_standard_library_does(seed: int, size: int, data: st.DataObject) -> None:
    """Random discards and picks draw through the game's own sample: the same items, and the
    same numbers drawn, as the library's (both of its ways: small and large populations)."""
    from doomlings_access.kernel.chance import GameRandom, sample

    k = data.draw(st.integers(0, size))
    population = [f"card{i}" for i in range(size)]
    ours, library, caller = GameRandom(seed), random.Random(seed), random.Random(seed)
    for _ in range(3):
        assert ours.sample(population, k) == library.sample(population, k) == sample(caller, population, k)
    assert ours.random() == library.random() == caller.random()


@pytest.mark.parametrize("part", ["value", "player"])
def test_answers_of_the_wrong_type_are_illegal(part: str) -> None:
    """An action is [seat, value] with an int seat and an int or str value (Choice.from_json);
    a float equal to a legal option is not a legal answer: it must be refused, or every
    accepted game must still save and load."""
    g = new_game(Setup(("Ana", "Ben"), 1))
    d = g.pending
    assert d is not None
    value = next(o for o in d.options if isinstance(o, int))
    action = Choice(d.player, float(value)) if part == "value" else Choice(float(d.player), value)  # type: ignore[arg-type]
    before = g.snapshot()
    try:
        g.apply(action)
    except IllegalActionError:
        assert g.snapshot() == before
        return
    from_json(json.loads(json.dumps(g.to_json())))


ZONES = {"hand", "pile", "deck", "discard", "in_play", "age_deck", "revealed", "catastrophes", "box"}
"""Where cards lie (a seat's hand and pile, the table's decks and piles)."""
MUTATORS = {"append", "remove", "pop", "extend", "insert", "clear", "sort", "reverse"}
SETTING_UP = {"primitives.py", "placing.py", "game.py", "sampling.py", "state.py"}
"""The primitives, and the code that builds a table rather than plays on it: a described
position, a game restored at a checkpoint, a game dealt from a view, the state's own copies."""


def _moves_cards(tree: object) -> list[tuple[int, str]]:
    """Every place in ``tree`` that changes where a card lies or a gene pool."""
    import ast

    found = []
    for node in ast.walk(tree):  # type: ignore[arg-type]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            target = node.func.value
            if node.func.attr in MUTATORS and isinstance(target, ast.Attribute) and target.attr in ZONES:
                found.append((node.lineno, f".{target.attr}.{node.func.attr}()"))
        targets: list[ast.expr] = []
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        for t in targets:
            for part in t.elts if isinstance(t, ast.Tuple) else [t]:
                while isinstance(part, ast.Subscript):
                    part = part.value
                if isinstance(part, ast.Attribute) and (part.attr in ZONES or part.attr == "gene_pool"):
                    found.append((node.lineno, f".{part.attr} changed"))
    return found


def test_only_the_primitives_move_cards_or_change_a_gene_pool() -> None:
    """rules/primitives.py says it is the only code that moves cards or changes a gene pool:
    every other rules module (but those that build a table: a position, a restored or sampled
    game) asks it to. So a new effect cannot move a card without its event, or differently."""
    import ast

    offenders = []
    for path in sorted(RULES.glob("*.py")):
        if path.name in SETTING_UP:
            continue
        for line, what in _moves_cards(ast.parse(path.read_text())):
            offenders.append(f"{path.name}:{line} {what}")
    assert not offenders, offenders
    planted = ast.parse("def f(g):\n    g.seats[0].hand.append(3)\n    g.seats[1].gene_pool = 4\n    g.table.deck[-1:] = []\n")
    assert len(_moves_cards(planted)) == 3  # (the check finds what it is for)


@pytest.mark.parametrize("seed", range(3))
def test_a_clone_tells_what_follows_as_the_game_does(seed: int) -> None:
    """A clone resumes at the latest checkpoint and answers the questions asked since; what it
    records from then on, parents and causes included, is what the game records (a clone's
    events nested under effects already under way once had no parent)."""
    cards_game = new_game(Setup(("Ana", "Ben", "Cy"), seed))
    rng = random.Random(seed)
    checked = 0
    while not cards_game.is_over:
        d = cards_game.pending
        assert d is not None
        action = Choice(d.player, d.options[rng.randrange(len(d.options))])
        twin = cards_game.clone() if rng.random() < 0.3 else None
        told = [(e.to_json(), e.parent, e.cause) for e in cards_game.apply(action)]
        if twin is not None:
            assert [(e.to_json(), e.parent, e.cause) for e in twin.apply(action)] == told
            checked += 1
    assert checked > 5
