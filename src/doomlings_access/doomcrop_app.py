"""Doomcrop as a player meets it: ``doomlings play --game doomcrop``, the main menu's new game
of Doomcrop, and resuming one.

Nothing here knows the rules: it builds a game from the choices, seats people and computer
players, saves after every answer, and hands all of it to the prompt loop every game shares
(:mod:`doomlings_access.telling.loop`) with Doomcrop's words (:mod:`doomlings_access.doomcrop_ui`).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from doomlings_access.arguments import LEVELS
from doomlings_access.doomcrop import Game, Options, SetupError
from doomlings_access.doomcrop.options import MAX_PLAYERS, MIN_PLAYERS, decks_for
from doomlings_access.doomcrop.setup import Setup
from doomlings_access.doomcrop.view import View
from doomlings_access.doomcrop_ai.levels import make_agent
from doomlings_access.doomcrop_ui.announcer import Announcer
from doomlings_access.doomcrop_ui.game import RESERVED, DoomcropWords
from doomlings_access.doomcrop_ui.table import COMPUTER_NAMES
from doomlings_access.kernel.players import Agent
from doomlings_access.players.search import Budget
from doomlings_access.safety.text import NameRefused, check_names
from doomlings_access.settings import labels_setting, load_settings
from doomlings_access import saves
from doomlings_access.saves import CropSaved, KeyboardSaved, Seats, claim_new_save, new_save_path, resume_name, tidy_saves, write_crop_save
from doomlings_access.telling.loop import Prefs, PromptLoop, resume_words
from doomlings_access.telling.console import Console
from doomlings_access.telling.output import Output
from doomlings_access.telling.words import PEOPLE_NAMES, Said

SpeechSwitch = Callable[[str], str]
Start = Callable[[Console, Output, Prefs, SpeechSwitch], int]
READINGS: dict[str, Callable[[argparse.Namespace], object]] = {
    "hearts_adjacency": lambda args: args.hearts_adjacency,
    "hearts_helper_stays_up": lambda args: not args.hearts_helper_turns_down,
    "king_order": lambda args: args.king_order,
    "ranked_faces": lambda args: args.ranked_faces,
}
"""Each reading option of Doomcrop (docs/doomcrop-rulings.md) from ``play``'s arguments."""


@dataclass
class CropChoices:
    """A new game of Doomcrop, as asked for."""

    players: int = 2
    humans: int = 1
    names: list[str] = field(default_factory=list)
    levels: list[str] = field(default_factory=lambda: ["normal"])
    seed: int | None = None
    options: Options = field(default_factory=Options)
    budget: Budget = field(default_factory=Budget)


def choices(
    players: int | None, humans: int, names: list[str], levels: list[str], seed: int | None,
    decks: int | None, jokers: int, epic: bool, budget: Budget, reserved: frozenset[str],
    readings: dict[str, object] | None = None,
) -> CropChoices:
    """Check the choices of a new game; raises ValueError with a one-line reason."""
    n = 2 if players is None else players
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"--players must be {MIN_PLAYERS} to {MAX_PLAYERS}")
    if not 0 <= humans <= n:
        raise ValueError(f"--humans must be 0 to {n}")
    if len(names) > n:
        raise ValueError(f"--names gives {len(names)} names for {n} players")
    try:
        names = check_names(names, reserved, frozenset(), range(humans))
    except NameRefused as exc:
        raise ValueError(f"--names: name {exc.seat + 1}: {exc}") from None
    if any(lv not in LEVELS for lv in levels):
        raise ValueError("--level must be easy, normal or hard (or one per computer seat)")
    computers = n - humans
    if len(levels) > 1 and len(levels) != computers:
        raise ValueError(f"--level gives {len(levels)} levels for {computers} computer seats")
    try:
        options = Options.from_json(
            {"decks": decks if decks is not None else decks_for(n), "jokers": jokers, "epic_techniques": epic, **(readings or {})}
        )
    except SetupError as exc:
        raise ValueError(f"--{exc.field.removeprefix('options.').replace('_', '-')} {exc.why}") from None
    return CropChoices(n, humans, names, levels, seed, options, budget)


def seat_names(c: CropChoices) -> tuple[str, ...]:
    """People's names as given (or "You" for one person, else Ana, Ben...), then computers'."""
    names = list(c.names)
    people = ["You"] if c.humans == 1 else list(PEOPLE_NAMES)
    pool = [n for n in [*people[len(names) : c.humans], *COMPUTER_NAMES] if n.lower() not in {x.lower() for x in names}]
    while len(names) < c.players:
        names.append(pool.pop(0))
    return tuple(names)


def build(c: CropChoices) -> tuple[Game, Seats]:
    seed = c.seed if c.seed is not None else random.SystemRandom().randrange(1, 10**9)
    game = Game(Setup(seat_names(c), seed, c.options))
    computers = range(c.humans, c.players)
    levels = {seat: c.levels[min(i, len(c.levels) - 1)] for i, seat in enumerate(computers)}
    return game, Seats(list(range(c.humans)), levels)


def agents_for(game: Game, seats: Seats, budget: Budget | None = None) -> dict[int, Agent[View]]:
    computers = [s for s in range(len(game.setup.players)) if s not in seats.humans]
    return {s: make_agent(seats.levels.get(s, "normal"), game.setup.seed, s, budget) for s in computers}


def run_new(c: CropChoices, console: Console, out: Output, prefs: Prefs, defaults: Prefs, switch: SpeechSwitch) -> int:
    """A new game, saved as it is played (in the saves folder, locked while it runs)."""
    game, seats = build(c)
    tidy_saves()
    try:
        path, lock = claim_new_save()
    except OSError:
        path, lock = new_save_path(), None
    try:
        return play_saved(game, seats, path, None, console, out, prefs, defaults, switch, False, c.budget)
    finally:
        if lock is not None:
            lock.release()


def play_saved(
    game: Game, seats: Seats, path: Path, created: float | None, console: Console, out: Output,
    prefs: Prefs, defaults: Prefs, switch: SpeechSwitch, resumed: bool, budget: Budget | None = None,
) -> int:
    """Play with an autosave after every answer and hand-over (:func:`~doomlings_access.saves.play_saved`)."""

    def loop(autosave: KeyboardSaved, saved_through: Callable[[], int | None]) -> int:
        agents = agents_for(game, seats, budget)
        return PromptLoop[View](
            game, DoomcropWords(), seats.humans, agents, console, out, prefs,
            change_speech=switch, on_action=lambda holder: autosave(holder, None), resumed=resumed,
            resume_command=lambda now: resume_words(resume_name(path), now, defaults),
            saved_through=saved_through, levels={s: seats.levels.get(s, "normal") for s in agents},
            reflex=lambda seat: make_agent("normal", game.setup.seed, seat),
        ).run()

    return saves.play_saved(lambda: len(game.actions), seats, path, created, resumed, out.info,
                            lambda kept_seats, started: write_crop_save(path, game, kept_seats, started), loop)


def from_args(args: argparse.Namespace, budget: Budget) -> Start:
    """``doomlings play --game doomcrop``: its options checked (ValueError: the one-line reason;
    ``budget``: the hard level's, checked by the caller), and what plays the new game at the
    prompt. A person's name may be none of Doomcrop's own commands and words (:data:`RESERVED`)."""
    chosen = choices(
        args.players, args.humans, args.names.split(",") if args.names else [],
        [lv.strip().lower() for lv in args.level.split(",")], args.seed, args.decks, args.jokers,
        args.epic_techniques, budget, RESERVED, {name: read(args) for name, read in READINGS.items()},
    )
    return lambda console, out, prefs, switch: run_new(chosen, console, out, prefs, kept_prefs(), switch)


def transcript(saved: CropSaved, me: int | None, args: argparse.Namespace) -> list[Said]:
    """Every announcement of a saved game as ``me`` heard it (None: as all heard it), for
    ``doomlings transcript``."""
    labels = labels_setting(args.labels)
    game = saved.game
    return Announcer(me, game.setup.players, args.verbosity or "normal", labels).render_all(game.seen_log(me))


def kept_prefs() -> Prefs:
    """The settings ``doomlings resume`` starts with (the settings file's): the resume command
    names every setting of this game that differs from them."""
    kept = load_settings()[0]
    return Prefs(kept.verbosity, kept.labels, kept.speech, kept.pause, only_choice=kept.only_choice)


def resume_saved(saved: CropSaved, console: Console, out: Output, prefs: Prefs, switch: SpeechSwitch) -> int:
    """A saved game of Doomcrop played on from where it was left (:data:`.games.GAMES`)."""
    return play_saved(saved.game, saved.seats, saved.path, saved.created, console, out, prefs, kept_prefs(), switch, True)
