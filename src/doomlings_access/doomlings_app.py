"""Doomlings as a player meets it: a new game's choices checked and its seats named, the game
played at the prompt with its session, saved after every answer and at every hand-over, and
resumed from its save (``doomlings play``, the main menu's new game, ``doomlings resume``), and
a save told again as a transcript. Doomcrop's is :mod:`doomlings_access.doomcrop_app`;
:mod:`doomlings_access.games` names both.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from doomlings_access.ai import Agent
from doomlings_access.ai.levels import make_agent
from doomlings_access.ai.search import Budget
from doomlings_access.arguments import HOUSE_RULES, LEVELS
from doomlings_access.cards import load_cards
from doomlings_access.rules import Game, Options, Setup
from doomlings_access.safety.text import NameRefused, alike_keys, check_names, name_key
from doomlings_access import saves
from doomlings_access.saves import (
    KeyboardSaved, Saved, Seats, claim_new_save, new_save_path, resume_name, tidy_saves, write_save,
)
from doomlings_access.settings import labels_setting, load_settings
from doomlings_access.telling.console import Console
from doomlings_access.telling.output import Output
from doomlings_access.telling.prompting import Prefs as SharedPrefs
from doomlings_access.telling.words import PEOPLE_NAMES, Said
from doomlings_access.ui.heard import told_since_asked
from doomlings_access.ui.session import Prefs, Session, reserved_words
from doomlings_access.ui.words import COMPUTER_NAMES, Style

SpeechSwitch = Callable[[str], str]
Start = Callable[[Console, Output, SharedPrefs, SpeechSwitch], int]


MAX_SEED = 10**18
"""Seeds have at most 18 digits (a 5,000-digit seed would only make the save unreadable)."""


@dataclass
class GameChoices:
    players: int = 3
    humans: int = 1
    names: list[str] = field(default_factory=list)
    levels: list[str] = field(default_factory=lambda: ["normal"])
    seed: int | None = None
    edition: str = "retail"
    house_rules: list[str] = field(default_factory=list)
    budget: Budget = field(default_factory=Budget)


def choices_from_args(args: argparse.Namespace, budget: Budget | None = None) -> GameChoices:
    """Check the play options (``budget``: the hard level's, checked by the caller); raises
    ValueError with a one-line reason."""
    if not 2 <= args.players <= 6:
        raise ValueError("--players must be 2 to 6")
    if not 0 <= args.humans <= args.players:
        raise ValueError(f"--humans must be 0 to {args.players}")
    if args.seed is not None and not 0 <= args.seed < MAX_SEED:
        raise ValueError("--seed must be a whole number from 0 with at most 18 digits")
    names = args.names.split(",") if args.names else []  # ",Ben": the first name is empty
    if len(names) > args.players:
        raise ValueError(f"--names gives {len(names)} names for {args.players} players")
    taken = load_cards(args.edition).player_names_taken if names else frozenset[str]()
    try:
        names = check_names(names, reserved_words(), taken, range(args.humans))
    except NameRefused as exc:
        raise ValueError(f"--names: name {exc.seat + 1}: {exc}") from None
    levels = [lv.strip().lower() for lv in args.level.split(",")]
    if any(lv not in LEVELS for lv in levels):
        raise ValueError("--level must be easy, normal or hard (or one per computer seat)")
    computers = args.players - args.humans
    if len(levels) > 1 and len(levels) != computers:
        raise ValueError(
            f"--level gives {len(levels)} levels for {computers} computer "
            f"{'seat' if computers == 1 else 'seats'}: give one level, or one per computer seat"
        )
    rules = [flag for flag in HOUSE_RULES if getattr(args, flag.replace("-", "_"), False)]
    return GameChoices(args.players, args.humans, names, levels, args.seed, args.edition, rules, budget or Budget())


def seat_names(c: GameChoices) -> list[str]:
    names = list(c.names)
    people = ["You"] if c.humans == 1 else list(PEOPLE_NAMES)
    # Default names only for the people not named; a computer is never called "You".
    unnamed = people[len(names) : c.humans]
    # (nor one that looks like a person's: "Оtto" in Cyrillic beside the computer's Otto)
    taken = {name_key(x) for x in names}.union(*(alike_keys(x) for x in names))
    pool = [n for n in unnamed + COMPUTER_NAMES if not taken or (name_key(n) not in taken and not alike_keys(n) & taken)]
    while len(names) < c.players:
        names.append(pool.pop(0))
    return names


def build_game(c: GameChoices) -> tuple[Game, Seats]:
    """The game and who plays each seat (people first, then computers at their levels)."""
    seed = c.seed if c.seed is not None else random.SystemRandom().randrange(1, 10**9)
    values: dict[str, object] = {HOUSE_RULES[f]: True for f in c.house_rules}
    if "empty_hand_draw" in values:
        values["empty_hand_draw"] = 5
    options = Options(edition=c.edition, **values)  # type: ignore[arg-type]
    game = Game(load_cards(options.edition), Setup(tuple(seat_names(c)), seed, options))
    computers = range(c.humans, c.players)
    levels = {seat: c.levels[min(i, len(c.levels) - 1)] for i, seat in enumerate(computers)}
    return game, Seats(list(range(c.humans)), levels)


def run_game(c: GameChoices, console: Console, output: Output, prefs: SharedPrefs, change_speech: SpeechSwitch) -> int:
    """A new game of Doomlings at the prompt, saved as it is played (in the saves folder,
    locked while it runs)."""
    assert isinstance(prefs, Prefs)
    game, seats = build_game(c)
    tidy_saves()
    try:
        path, lock = claim_new_save()  # a name no other game has, owned by this process
    except OSError:  # the saves folder cannot be written: play on; the autosave says so once
        path, lock = new_save_path(), None
    try:
        return play_saved(game, seats, path, None, console, output, prefs, change_speech, False, c.budget)
    finally:
        if lock is not None:
            lock.release()


def from_args(args: argparse.Namespace, budget: Budget) -> Start:
    """``doomlings play``: its options checked (ValueError: the one-line reason; ``budget``:
    the hard level's, checked by the caller), and what plays the new game at the prompt."""
    if args.players is None:
        args.players = 3
    choices = choices_from_args(args, budget)
    return lambda console, out, prefs, switch: run_game(choices, console, out, prefs, switch)


def transcript(saved: Saved, me: int | None, args: argparse.Namespace) -> list[Said]:
    """Every announcement of a saved game as ``me`` heard it (None: as all heard it), for
    ``doomlings transcript``. Where a question cut a story depends on the setting the game was
    played with: the one given, else the one kept (a broken settings file was reported when
    playing)."""
    any_time = args.any_time or load_settings()[0].any_time
    computers = [seat for seat in range(saved.game.n) if seat not in saved.seats.humans]
    levels = {seat: saved.seats.levels.get(seat, "normal") for seat in computers}
    style = Style(labels_setting(args.labels))
    return told_since_asked(saved.game, saved.seats.humans, me, style=style, any_time=any_time, levels=levels)[0]


def agents_for(game: Game, seats: Seats, budget: Budget | None = None) -> dict[int, Agent]:
    """The computer players at their levels (a seat with no level plays at normal)."""
    seed = game.setup.seed
    computers = [seat for seat in range(game.n) if seat not in seats.humans]
    return {seat: make_agent(seats.levels.get(seat, "normal"), seed, seat, budget) for seat in computers}


def play_saved(
    game: Game,
    seats: Seats,
    path: Path,
    created: float | None,
    console: Console,
    output: Output,
    prefs: Prefs,
    change_speech: SpeechSwitch,
    resumed: bool,
    budget: Budget | None = None,
) -> int:
    """Play with an autosave after every action and hand-over, with who has the keyboard and
    how far they have heard (:func:`~doomlings_access.saves.play_saved`)."""
    kept = load_settings()[0]  # what `doomlings resume` starts with: the resume command says the rest
    as_kept = Prefs(
        verbosity=kept.verbosity, labels=kept.labels, speech=kept.speech, pause=kept.pause,
        only_choice=kept.only_choice, any_time=kept.any_time,
    )

    def session(autosave: KeyboardSaved, saved_through: Callable[[], int | None]) -> int:
        agents = agents_for(game, seats, budget)
        return Session(game, seats.humans, agents, console, output, prefs, change_speech,
                       on_action=lambda g, holder, heard: autosave(holder, heard), resumed=resumed,
                       saved_as=resume_name(path), saved_through=saved_through,
                       levels={seat: seats.levels.get(seat, "normal") for seat in agents},
                       resume_defaults=as_kept, keyboard=(seats.holder, seats.heard) if resumed else (None, None)).run()

    return saves.play_saved(lambda: len(game.actions), seats, path, created, resumed, output.info,
                            lambda kept_seats, started: write_save(path, game, kept_seats, started), session)


def resume_saved(saved: Saved, console: Console, out: Output, prefs: SharedPrefs, switch: SpeechSwitch) -> int:
    """A saved game of Doomlings played on from where it was left (:data:`.games.GAMES`)."""
    assert isinstance(prefs, Prefs)
    return play_saved(saved.game, saved.seats, saved.path, saved.created, console, out, prefs, switch, True)
