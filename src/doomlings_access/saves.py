"""Saved games: small, exact, and never lost.

A save holds the setup (players, seed, options), who plays each seat, and the list of actions;
loading replays them, so a save is a few kilobytes and the game comes back exactly. Every
write goes to an exclusive temporary file that is flushed and synced, then renamed over the
old save, so a kill at any moment leaves either the old save or the new one, never half of one.
A save is read within bounds (size, nesting, digits) and checked field by field: a broken one
gets a message naming the file and what is wrong. Only a save at fault, written by the game in
its own saves folder, is ever moved aside (never overwritten or deleted); a failure to load the
cards is the cards' fault and leaves every save alone. While a game runs, its save is locked
(``<save>.lock`` with the process id), so a second game cannot play the same save.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from doomlings_access import __version__
from doomlings_access.arguments import LEVELS
from doomlings_access.cards import CardSet, load_cards
from doomlings_access.positions import too_many
from doomlings_access.cards.shipped import FINGERPRINT, FIRST_SHIPPED, cards_folder, current, kept_folder
from doomlings_access.rules import Choice, Game, Options, PositionError, Setup, SetupError
from doomlings_access.rules.revision import RULES_REVISION
from doomlings_access.safety.files import (
    FileRefused,
    Unreadable,
    is_own_regular_file,
    load_json,
    reason,
    temp_names,
    write_atomic,
)
from doomlings_access.safety.folders import is_own_folder
from doomlings_access.safety.lock import SUFFIX as LOCK_SUFFIX
from doomlings_access.safety.lock import SaveInUse, SaveLock, lock_path, remove_stale
from doomlings_access.safety.text import NameRefused, check_names, clean, has_unsafe, shown, you_name_problem
from doomlings_access.safety.tidy import DAY, HOUR, remove_old, set_aside

if TYPE_CHECKING:
    # Imported where a game of Doomcrop is saved or read: starting a game of Doomlings (or
    # the menu, or a listing) does not import the other game's engine.
    from doomlings_access import doomcrop

FORMAT = 1
"""Version of the save format. Older formats are migrated or refused; newer ones are refused."""
MAX_SAVE_BYTES = 4 * 1024 * 1024
"""Largest save read (a finished six-player game takes about 10 kB)."""
MAX_ACTIONS = 20_000
"""Most actions a save may hold (a long six-player game takes under 1,500)."""
LATEST_TIME = 1e11
"""Timestamps beyond this (the year 5138) are nonsense from a hand-edited file."""
BROKEN_KEPT_DAYS = 30
"""Saves moved aside as broken are removed after this many days."""

SAVE_NAME = re.compile(r"game-[0-9]{8}-[0-9]{6}(?:-[0-9]+)?\.json")
"""Names the game gives its saves (:func:`claim_new_save`). Only files so named, directly in
the game's own saves folder, are ever set aside or tidied: a player's ``notes.json`` beside
them, or a folder of theirs the saves folder links to, is never touched."""
_BROKEN = re.compile(SAVE_NAME.pattern + r"\.broken-[0-9]{8}-[0-9]{6}(?:-[0-9]+)?")
_TEMP = temp_names(SAVE_NAME)
_OLD_TEMP = re.compile(SAVE_NAME.pattern + r"\.tmp")  # the fixed temporary name of earlier versions
_LOCK = re.compile(SAVE_NAME.pattern + re.escape(LOCK_SUFFIX))


class SaveFileError(ValueError):
    """A save cannot be used: the message names the file and what is wrong.

    ``at_fault`` is false when the file could not be read at all (missing, not a regular
    file, no permission), or was written by another version that may still resume it: then
    nothing is known against it, and it is never moved aside."""

    def __init__(self, path: Path, field: str | None, why: str, at_fault: bool = True) -> None:
        where = f"{path}: {field}" if field else str(path)
        super().__init__(clean(f"{where}: {why}", 600))
        self.path, self.field, self.why, self.at_fault = path, field, why, at_fault


class OtherVersionsSave(SaveFileError):
    """A save this version cannot replay that another version wrote (other card data, other
    rules, a newer format): it is kept where it is, and the message names the version that
    can resume it (``program``)."""

    def __init__(self, path: Path, program: str, why: str, field: str | None = None) -> None:
        super().__init__(path, field, why, at_fault=False)
        self.program = program


@dataclass(frozen=True)
class PlayedUnder:
    """What a save was played under: the program's version, the card data's fingerprint and
    the rules' revision (a save of 0.1.0 written before they were recorded names the first
    card data shipped and the first revision). ``ours``: this version's revision of that
    game's rules; ``cards`` is None for a game of an ordinary deck (Doomcrop)."""

    program: str
    cards: str | None = FIRST_SHIPPED
    rules: int = 1
    ours: int = RULES_REVISION

    def known(self) -> bool:
        """Whether this version has all of it: the same rules, and the card data kept."""
        return self.rules == self.ours and (
            self.cards is None or self.cards == current() or kept_folder(self.cards) is not None
        )

    def is_ours(self) -> bool:
        """Whether this very version wrote it under what it replays it with: only then is a
        save that does not replay at fault."""
        return self.program == __version__ and self.known()


def played_under(data: dict[str, Any], path: Path, ours: int = RULES_REVISION, with_cards: bool = True) -> PlayedUnder:
    """The save's :class:`PlayedUnder`, its fields checked: a game of Doomlings (a save of
    Doomcrop: ``ours``, its rules' revision, and no card data)."""
    program = data.get("program", "an earlier version")
    if not isinstance(program, str) or not program or len(program) > 40 or has_unsafe(program):
        raise SaveFileError(path, "program", "is not a version of the program")
    cards = data.get("cards", FIRST_SHIPPED) if with_cards else None
    if with_cards and (not isinstance(cards, str) or not FINGERPRINT.fullmatch(cards)):
        raise SaveFileError(path, "cards", "is not the fingerprint of a card data set")
    rules = data.get("rules", 1)
    if not _is_int(rules) or not 1 <= rules <= 10_000:
        raise SaveFileError(path, "rules", "is not a revision of the rules")
    return PlayedUnder(program, cards, rules, ours)


def _newer_format(path: Path, data: dict[str, Any], version: int) -> OtherVersionsSave:
    """The error of a save in a newer format than this version reads: not the file's fault,
    so it is kept where it is, for the newer program to find."""
    program = data.get("program")
    newer = shown(program, 40) if isinstance(program, str) and program else "a newer version"
    return OtherVersionsSave(
        path, newer, f"was made by a newer version of the program (format {version}, written by version "
        f"{newer}); doomlings {newer} or later can resume it: update to load it", "format",
    )


def _other_version(path: Path, under: PlayedUnder, why: str) -> OtherVersionsSave:
    """The error of a save ``under`` another version that cannot be replayed here (``why``)."""
    if under.rules != under.ours:
        had = f"under revision {under.rules} of the rules (this version has revision {under.ours})"
    elif not under.known():
        had = f"with card data this version does not have ({under.cards})"
    else:
        had = f"(this is version {__version__})"
    return OtherVersionsSave(
        path, under.program,
        f"written by version {under.program} {had}, and it cannot be replayed here ({why}); "
        f"doomlings {under.program} can resume it",
    )


def saves_dir() -> Path:
    folder = os.environ.get("DOOMLINGS_DATA_DIR")
    if folder:
        return Path(folder) / "saves"
    from platformdirs import user_data_dir

    return Path(user_data_dir("doomlings-access")) / "saves"


@dataclass
class Seats:
    """Who plays each seat: people, and the level of each computer seat."""

    humans: list[int]
    levels: dict[int, str] = field(default_factory=dict)
    holder: int | None = None
    """Which person had the keyboard (hot seat): a game left at a hand-over ("Pass to Ana.")
    tells Ana her news when it is resumed."""
    heard: int | None = None
    """How many of the game's events the holder had heard (left at "Press Enter for more.",
    the rest is told them when it is resumed)."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"humans": self.humans, "levels": {str(k): v for k, v in self.levels.items()}}
        if self.holder is not None:
            out["holder"] = self.holder
        if self.heard is not None:
            out["heard"] = self.heard
        return out


@dataclass
class Saved:
    path: Path
    game: Game
    seats: Seats
    created: float
    updated: float


CROP = "doomcrop"
"""A save's ``game`` field for Doomcrop (a save with none is a game of Doomlings): the file,
its lock, its name, its folder and how it is read safely are the same for both games."""


@dataclass
class CropSaved:
    """A saved game of Doomcrop."""

    path: Path
    game: doomcrop.Game
    seats: Seats
    created: float
    updated: float


def new_save_path(folder: Path | None = None) -> Path:
    """A free name for a new game's save (see :func:`claim_new_save` to also own it)."""
    folder = folder or saves_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"game-{stamp}.json"
    n = 2
    while os.path.lexists(path) or os.path.lexists(path.with_name(path.name + LOCK_SUFFIX)):
        path = folder / f"game-{stamp}-{n}.json"
        n += 1
    return path


def resume_name(path: Path) -> str:
    """How ``doomlings resume`` finds this save again (either game's): its name in the saves
    folder, or its whole path elsewhere."""
    try:
        inside = path.resolve().parent == saves_dir().resolve()
    except OSError:
        inside = False
    return path.name if inside else str(path.resolve())


def claim_new_save(folder: Path | None = None) -> tuple[Path, SaveLock]:
    """A unique name for a new game's save, locked for this process: two games started in the
    same second (or at the same instant) get different names. Raises OSError when the saves
    folder cannot be written."""
    folder = folder or saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 10_000):
        path = folder / (f"game-{stamp}.json" if n == 1 else f"game-{stamp}-{n}.json")
        if os.path.lexists(path):
            continue
        lock = SaveLock(path)
        try:
            lock.acquire(new=True)  # the lock file is created exclusively: the name is ours
        except (FileExistsError, SaveInUse):
            continue
        if os.path.lexists(path):
            lock.release()
            continue
        return path, lock
    raise OSError(f"no free name for a new save in {folder}")


def lock_save(path: Path) -> SaveLock | None:
    """Own ``path`` while a game plays it. Raises :class:`SaveInUse` when another game holds
    it, or when something other than a lock file (a folder, a link) stands in the lock's
    place: played unlocked, two games could play it at once. So is a lock file this game may
    not open (another user's, or one left by ``sudo``): the game holding it may be playing
    the save, and the last to save would silently drop the other's moves. None when no lock
    can be made because nothing can be written there (a read-only folder or disk: the game
    is played, and the autosave says it cannot)."""
    try:
        return SaveLock(path).acquire()
    except SaveInUse:
        raise
    except OSError as exc:
        try:
            mode = os.lstat(lock_path(path)).st_mode
        except OSError:
            return None
        if stat.S_ISREG(mode):
            if exc.errno in (errno.EACCES, errno.EPERM):
                raise SaveInUse(path, None, "is a lock file this game may not open") from None
            return None
        kind = "a folder" if stat.S_ISDIR(mode) else "a link" if stat.S_ISLNK(mode) else "not a regular file"
        raise SaveInUse(path, None, f"is {kind}, not a lock file") from None


def summary(game: Game) -> dict[str, Any]:
    return {
        "round": game.round.number,
        "era": game.era,
        "age": game.round.age.name if game.round.age else None,
        "catastrophes": [game.catastrophe(c).name for c in game.table.catastrophes],
        "over": game.is_over,
        "winners": [game.name(s) for s in game.winners],
    }


def save_failure(exc: OSError | FileRefused, path: Path) -> str:
    """What kept a save from being written, naming the file or folder at fault: "is not a
    folder" alone left the player no way to find what to move."""
    if isinstance(exc, FileRefused):
        return f"{shown(str(exc.path), 200)} {shown(exc.why, 60)}"
    where = exc.filename if isinstance(exc.filename, str) else str(path)
    return f"{shown(where, 200)} ({shown(reason(exc), 60)})"


class Autosave:
    """A game saved to ``path`` after every answer (and hand-over), by any game's writer: a
    failure (a full disk) is said once through ``say``, not after every answer, and so is its
    end. ``saved`` is how many answers the file on disk holds (None: not yet written)."""

    def __init__(self, path: Path, say: Callable[[str], None], saved: int | None = None) -> None:
        self.path, self.say, self.saved = path, say, saved
        self.failing = False

    def write(self, write: Callable[[], None], answers: int) -> None:
        """Save with ``write``, the game then holding ``answers`` answers."""
        try:
            write()
        except (OSError, FileRefused) as exc:
            if not self.failing:
                self.say(f"Warning: the game cannot be saved: {save_failure(exc, self.path)}; play goes on.")
            self.failing = True
            return
        self.saved = answers
        if self.failing:
            self.say("The game is saved again.")
            self.failing = False


KeyboardSaved = Callable[[int | None, int | None], None]
"""Saves the game with who has the keyboard and how many events they have heard (people
sharing it; None, None: one person or none): what a game's prompt loop calls after every
answer, at every hand-over and on quitting."""


def play_saved(
    answers: Callable[[], int], seats: Seats, path: Path, created: float | None, resumed: bool,
    say: Callable[[str], None], write: Callable[[Seats, float], None],
    play: Callable[[KeyboardSaved, Callable[[], int | None]], int],
) -> int:
    """Any game played with an autosave after every answer (and one before the first
    question): ``play`` runs the game's prompt loop, given the autosave and how many answers
    the file on disk holds (None: none could be written, which quitting says); ``write``
    writes the game with its seats, as the game's save is written; ``answers``: how many the
    game has had. A failure is said once through ``say`` (:class:`Autosave`). Who had the
    keyboard, and how far they had heard, is kept as a resumed game was saved until the
    game's loop saves it again."""
    started = created or time.time()
    keeper = Autosave(path, say, answers() if resumed else None)

    def autosave(holder: int | None = None, heard: int | None = None) -> None:
        keeper.write(lambda: write(replace(seats, holder=holder, heard=heard), started), answers())

    autosave(*((seats.holder, seats.heard) if resumed else (None, None)))
    return play(autosave, lambda: keeper.saved)


def write_save(path: Path, game: Game, seats: Seats, created: float | None = None) -> None:
    """Write the save atomically through an exclusive temporary file (see safety.files).

    Raises OSError (full disk, no permission) or FileRefused (the save's name is taken by a
    link, a device or a folder)."""
    cards = game.cards.fingerprint or current()  # ("" only when the card data cannot be read)
    played_with = {**({"cards": cards} if cards else {}), "rules": RULES_REVISION}
    _write(path, _record(game.setup.to_json(), seats, game.actions, summary(game), created, played_with))


def _record(
    setup: dict[str, Any], seats: Seats, actions: list[Any], summary: dict[str, Any], created: float | None,
    extra: dict[str, Any],
) -> dict[str, Any]:
    """What a save of any game holds: the format, the version that wrote it, what the game
    needs to be played again (``extra``: the cards and rules a game of Doomlings was played
    under, the game's kind for another game), when, its setup, who plays each seat, the
    answers given, and a summary for the listing."""
    now = time.time()
    return {
        "format": FORMAT, "program": __version__, **extra, "created": created or now, "updated": now,
        "setup": setup, "seats": seats.to_json(), "actions": [a.to_json() for a in actions], "summary": summary,
    }


def write_crop_save(path: Path, game: doomcrop.Game, seats: Seats, created: float | None = None) -> None:
    """A game of Doomcrop saved as :func:`write_save` saves one of Doomlings: its setup, who
    plays each seat and its answers (replayed to load it), with a summary for the listing."""
    outcome = game.outcome
    listed = {
        "turn": crop_turn(game),
        "over": game.is_over,
        "winners": [game.setup.players[s] for s in outcome.winners] if outcome else [],
    }
    from doomlings_access import doomcrop

    _write(path, _record(game.setup.to_json(), seats, game.actions, listed, created,
                         {"game": CROP, "rules": doomcrop.RULES_REVISION}))


def _write(path: Path, data: dict[str, Any]) -> None:
    """Write a save's data atomically (see :func:`write_save`)."""
    write_atomic(path, json.dumps(data, separators=(",", ":")).encode("utf-8"), make_folder=True)
    # One game writes a save at a time (the lock), so another temporary file of this save is
    # what a write killed in flight left behind: gone now, not in an hour.
    mine = re.compile(re.escape(f".{path.name[:180]}.") + r"[0-9a-f]{16}\.tmp|" + re.escape(f"{path.name}.tmp"))
    remove_old(path.parent, mine, -1.0)


def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...], path: Path) -> Any:
    if key not in data:
        raise SaveFileError(path, key, "missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SaveFileError(path, key, "has the wrong type")
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_TYPE_WORDS = {bool: "true or false", int: "a whole number", str: "text"}


def _check_setup(raw: dict[str, Any], path: Path, reserved: Collection[str]) -> None:
    """What the rules' own checks let through: names that would hijack the prompt or the
    terminal, and options of the wrong type (``empty_hand_draw: 3.5`` fails only mid-game)."""
    players = raw.get("players")
    if isinstance(players, list) and all(isinstance(name, str) for name in players):
        try:  # "You" waits for the seats: whether one person plays alone
            # (look-alike names were first refused in 0.1.0's last changes: a game begun with
            # "Оtto" beside Otto is played on, not thrown away)
            tidied = check_names(players, reserved, _cards_of(raw).player_names_taken, humans=None, alike=False)
        except NameRefused as exc:
            raise SaveFileError(path, f"setup.players[{exc.seat}]", str(exc)) from None
        for i, (name, tidy) in enumerate(zip(players, tidied)):
            if tidy != name:  # the game writes names tidied: "Ot  to" was never one of ours
                raise SaveFileError(
                    path, f"setup.players[{i}]", f'"{shown(name, 40)}" is not written as the game writes names '
                    "(its spaces or accents differ)"
                )
    options = raw.get("options")
    if isinstance(options, dict):
        defaults = {f.name: type(getattr(Options(), f.name)) for f in fields(Options)}
        for key, value in options.items():
            want = defaults.get(key)
            if want is not None and type(value) is not want:
                raise SaveFileError(path, f"setup.options.{key}", f"must be {_TYPE_WORDS[want]}")


def _cards_of(raw: dict[str, Any]) -> CardSet:
    """The cards of the edition a setup names (retail when it names none that exists: that
    fault is the options' to report), for the card names no player may have."""
    options = raw.get("options")
    edition = options.get("edition") if isinstance(options, dict) else None
    return load_cards(edition if edition in ("retail", "first") else "retail")


def _time(value: Any) -> float:
    """A timestamp from the file, or 0 (unknown) when it is not a sensible one."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number = float(value)
        if math.isfinite(number) and 0 <= number <= LATEST_TIME:
            return number
    return 0.0


def load_save_json(path: Path) -> Any:
    """The parsed save, read within bounds; :class:`SaveFileError` when it cannot be."""
    try:
        return load_json(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        raise SaveFileError(path, None, "does not exist", at_fault=False) from None
    except Unreadable as exc:
        raise SaveFileError(path, None, exc.why, at_fault=False) from None
    except FileRefused as exc:
        raise SaveFileError(path, None, exc.why) from None


def read_save(path: Path, reserved: Collection[str] = ()) -> Saved:
    """Load and replay a save; raises :class:`SaveFileError` naming the problem.

    ``reserved``: words a player name may not be (the prompt's commands). A failure to load
    the cards raises the cards' own error (``CardDataError``): it is not the save's fault.
    """
    data = load_save_json(path)
    if not isinstance(data, dict):
        raise SaveFileError(path, None, "is not a saved game")
    version = _need(data, "format", int, path)
    if version > FORMAT:
        raise _newer_format(path, data, version)
    if version < 1:
        raise SaveFileError(path, "format", f"format {version} is too old to migrate")
    if data.get("game") == CROP:
        raise SaveFileError(path, "game", "is a game of Doomcrop: doomlings resume plays it", at_fault=False)
    unknown = set(data) - {"format", "program", "cards", "rules", "created", "updated", "setup", "seats", "actions", "summary"}
    if unknown:
        raise SaveFileError(path, min(unknown), "is not a field of a saved game")
    under = played_under(data, path)
    setup_raw = _need(data, "setup", dict, path)
    _check_setup(setup_raw, path, reserved)
    try:
        setup = Setup.from_json(setup_raw)
    except KeyError as exc:  # a field the setup must have: named, not quoted as ('players')
        raise SaveFileError(path, f"setup.{exc.args[0]}", "is missing") from None
    except SetupError as exc:  # the field at fault, as setup.options.edition
        raise SaveFileError(path, f"setup.{exc.field}", exc.why) from None
    except (TypeError, ValueError) as exc:
        raise SaveFileError(path, "setup", f"is not a valid game setup ({exc})") from None
    actions = _need(data, "actions", list, path)
    if len(actions) > MAX_ACTIONS:
        raise SaveFileError(path, "actions", f"has more than {MAX_ACTIONS} actions")
    try:  # the cards it was played with, kept by fingerprint; else the current ones, tried
        folder = cards_folder(under.cards or FIRST_SHIPPED)  # (a save of Doomlings always names some)
    except LookupError:
        folder = None
    cards = load_cards(setup.options.edition, folder)  # a fault in the card data is not the save's
    extra = too_many(setup.position, cards) if setup.position is not None else None
    if extra is not None:  # no game reaches it (six 200-card hands took 58 s to resume)
        listed = {"hand": "hands", "pile": "piles"}.get(extra.place, extra.place)
        whose = "" if extra.seat is None else f"[{extra.seat}]"
        raise SaveFileError(path, f"setup.position.{listed}{whose}[{extra.index}]", extra.why(1).split(" (")[0])
    try:
        game = Game(cards, setup)
    except PositionError as exc:  # a position the rules refuse names its field
        raise _blamed(path, under, f"setup.{exc.setup_field}", exc.why) from None
    except (ValueError, TypeError, KeyError, IndexError, RuntimeError, AssertionError) as exc:
        # a setup the rules refuse (a hostile "position" among them) is the save's fault
        raise _blamed(path, under, "setup", str(exc)) from None
    seats = _seats(data, path, setup.players)
    for i, raw_action in enumerate(actions):
        try:
            game.apply(Choice.from_json(raw_action))
        except (ValueError, TypeError, KeyError, IndexError, RuntimeError, AssertionError) as exc:
            raise _blamed(path, under, f"actions[{i}]", f"is not a legal move there ({exc})") from None
    return Saved(path, game, seats, _time(data.get("created")), _time(data.get("updated")))


def read_any_save(path: Path, reserved: Collection[str] = ()) -> Saved | CropSaved:
    """A save of either game, by its ``game`` field (see :func:`read_save`)."""
    data = load_save_json(path)
    if isinstance(data, dict) and data.get("game") == CROP:
        return read_crop_save(path, data, reserved)
    return read_save(path, reserved)


def read_crop_save(path: Path, data: Any, reserved: Collection[str] = ()) -> CropSaved:
    """A saved game of Doomcrop (``data``: the file's parsed text), replayed and checked field
    by field as a game of Doomlings is (:class:`SaveFileError` names the field at fault)."""
    from doomlings_access import doomcrop

    if not isinstance(data, dict):
        raise SaveFileError(path, None, "is not a saved game")
    version = _need(data, "format", int, path)
    if version > FORMAT:
        raise _newer_format(path, data, version)
    if version != FORMAT:
        raise SaveFileError(path, "format", f"must be {FORMAT}")
    unknown = set(data) - {"format", "program", "game", "rules", "created", "updated", "setup", "seats", "actions", "summary"}
    if unknown:
        raise SaveFileError(path, min(unknown), "is not a field of a saved game")
    under = played_under(data, path, doomcrop.RULES_REVISION, with_cards=False)
    try:
        setup = doomcrop.Setup.from_json(_need(data, "setup", dict, path))
    except doomcrop.SetupError as exc:
        raise SaveFileError(path, f"setup.{exc.field}", exc.why) from None
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveFileError(path, "setup", f"is not a valid game setup ({exc})") from None
    try:
        check_names(list(setup.players), reserved, frozenset(), humans=None, alike=False)
    except NameRefused as exc:
        raise SaveFileError(path, f"setup.players[{exc.seat}]", str(exc)) from None
    actions = _need(data, "actions", list, path)
    if len(actions) > MAX_ACTIONS:
        raise SaveFileError(path, "actions", f"has more than {MAX_ACTIONS} actions")
    seats = _seats(data, path, setup.players)
    try:
        game = doomcrop.Game(setup)
    except (ValueError, TypeError, KeyError, IndexError, RuntimeError, AssertionError) as exc:
        raise _blamed(path, under, "setup", str(exc)) from None
    for i, raw_action in enumerate(actions):
        try:
            game.apply(doomcrop.Choice.from_json(raw_action))
        except (ValueError, TypeError, KeyError, IndexError, RuntimeError, AssertionError) as exc:
            raise _blamed(path, under, f"actions[{i}]", f"is not a legal move there ({exc})") from None
    return CropSaved(path, game, seats, _time(data.get("created")), _time(data.get("updated")))


def _seats(data: dict[str, Any], path: Path, players: tuple[str, ...]) -> Seats:
    """Who plays each seat of a save whose players are ``players``, checked field by field."""
    seats_raw = _need(data, "seats", dict, path)
    humans = seats_raw.get("humans", [])
    levels = seats_raw.get("levels", {})
    if (
        not isinstance(humans, list) or not all(_is_int(h) for h in humans)
        or len(set(humans)) != len(humans)
        or not isinstance(levels, dict) or not all(isinstance(k, str) and k.isascii() and k.isdigit() and len(k) < 3 for k in levels)
    ):
        raise SaveFileError(path, "seats", "is not a list of seats")
    holder = seats_raw.get("holder")
    if holder is not None and (not _is_int(holder) or holder not in humans):
        raise SaveFileError(path, "seats.holder", "is not the seat of a person at the keyboard")
    heard = seats_raw.get("heard")
    if heard is not None and (not _is_int(heard) or not 0 <= heard <= MAX_ACTIONS * 1000):
        raise SaveFileError(path, "seats.heard", "is not a count of events")
    seats = Seats(list(humans), {int(k): v for k, v in levels.items()}, holder, heard)
    if any(not 0 <= h < len(players) for h in seats.humans) or any(
        not 0 <= k < len(players) or v not in LEVELS for k, v in seats.levels.items()
    ):
        raise SaveFileError(path, "seats", "names a seat or level that does not exist")
    you = you_name_problem(players, seats.humans)
    if you is not None:  # the names were the game's; the seats say who plays alone
        seat = you[0]
        raise SaveFileError(
            path, "seats.humans",
            f'must be [{seat}]: setup.players[{seat}] is "{shown(players[seat], 40)}", the name of the one person playing alone',
        )
    return seats


def _blamed(path: Path, under: PlayedUnder, field: str, why: str) -> SaveFileError:
    """The error of a save that does not replay: its own fault only when this very version
    wrote it under what it is replayed with; else another version's save, kept for it."""
    if under.is_ours():
        return SaveFileError(path, field, why)
    return _other_version(path, under, f"{field}: {why}")


def may_set_aside(path: Path, folder: Path | None = None) -> bool:
    """Only a save the game itself wrote is ever renamed: a regular file (not a link) of
    ours, named as the game names its saves (:data:`SAVE_NAME`), directly in the saves
    folder, which must be a real folder of ours: through a link, it may be anyone's."""
    folder = folder or saves_dir()
    if not SAVE_NAME.fullmatch(path.name) or not is_own_folder(folder):
        return False
    try:
        inside = path.parent.resolve() == folder.resolve()
    except (OSError, RuntimeError):
        return False
    return inside and is_own_regular_file(path)


def move_aside(path: Path, folder: Path | None = None) -> Path:
    """Keep a broken save under a new name, so it is never overwritten or deleted.

    Raises :class:`FileRefused` for a file the game may not rename (see :func:`may_set_aside`)
    and OSError when the folder refuses the rename."""
    if not may_set_aside(path, folder):
        raise FileRefused(path, "is not a save the game wrote in its saves folder; it is left alone")
    return set_aside(path)


def tidy_saves(folder: Path | None = None) -> list[Path]:
    """Remove our own leftovers from the saves folder: temporary files of writes that were
    killed (after an hour), stale lock files of killed games, and broken saves moved aside
    more than :data:`BROKEN_KEPT_DAYS` days ago, each named after a save the game named.
    Nothing is removed from a saves folder that is a link or not ours (see
    :func:`may_set_aside`). Returns what was removed."""
    folder = folder or saves_dir()
    if not is_own_folder(folder):
        return []
    removed = remove_old(folder, _TEMP, HOUR) + remove_old(folder, _OLD_TEMP, HOUR)
    removed += remove_old(folder, _BROKEN, BROKEN_KEPT_DAYS * DAY)
    try:
        locks = [folder / name for name in os.listdir(folder) if _LOCK.fullmatch(name)]
    except OSError:
        locks = []
    removed += [path for path in locks if is_own_regular_file(path) and remove_stale(path)]
    return removed


def leftovers(folder: Path | None = None) -> dict[str, list[Path]]:
    """Our own extra files in the saves folder by kind (for ``doomlings doctor``)."""
    folder = folder or saves_dir()
    out: dict[str, list[Path]] = {"temporary": [], "broken": [], "lock": []}
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return out
    for name in names:
        path = folder / name
        if _TEMP.fullmatch(name) or _OLD_TEMP.fullmatch(name):
            out["temporary"].append(path)
        elif _BROKEN.fullmatch(name):
            out["broken"].append(path)
        elif _LOCK.fullmatch(name):
            out["lock"].append(path)
    return out


@dataclass
class Listed:
    path: Path
    players: list[str]
    round: int | None
    """None when the save's summary cannot be read (the game itself may still load)."""
    era: int
    age: str | None
    over: bool
    updated: float
    catastrophe: str | None = None
    """The catastrophe whose round it is (a round has an age or a catastrophe)."""
    catastrophes: int = 0
    """How many catastrophes were revealed, that one included."""
    written_by: str | None = None
    """The version that wrote it, when another version did (or under card data or rules this
    version does not have): said in the listing without replaying each game, so that a game
    this version cannot resume is still found, with the version that can."""
    stands: str | None = None
    """Where a game of another kind than Doomlings stands ("Doomcrop, turn 12")."""

    def line(self, n: int) -> str:
        try:
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.updated)) if self.updated else None
        except (OverflowError, OSError, ValueError):
            when = None
        where = self.stands or where_it_stands(self.round or 0, self.era, self.age, self.catastrophe, self.catastrophes)
        if self.round is None:
            where = "where it stands is not known (its summary cannot be read)"
        state = "finished" if self.over else where
        played = f"last played {when}" if when else "last played at an unknown time"
        if self.written_by:
            played += f"; written by version {self.written_by}"
        return clean(f"{n}. {', '.join(self.players)}: {state}; {played}. {self.path.name}")


def where_it_stands(number: int, era: int, age: str | None, catastrophe: str | None, revealed: int) -> str:
    """"round 3, era 2, Arid Lands" or "round 2, catastrophe 1 of 3, Ice Age", as the game
    announces a round: a catastrophe's round ends its era and starts none."""
    if catastrophe:
        return f"round {number}, catastrophe {revealed} of 3, {catastrophe}"
    return f"round {number}, era {era}" + (f", {age}" if age else "")


def game_stands(game: Game) -> str:
    """:func:`where_it_stands` for a loaded game."""
    r, cats = game.round, game.table.catastrophes
    catastrophe = game.catastrophe(cats[-1]).name if cats and r.age is None else None
    return where_it_stands(r.number, game.era, r.age.name if r.age else None, catastrophe, len(cats))


def crop_turn(game: doomcrop.Game) -> int:
    """The turn a game of Doomcrop is at (0: setting up)."""
    from doomlings_access import doomcrop

    turns = [e for e in game.log if isinstance(e, doomcrop.events.TurnStarted)]
    return turns[-1].number if turns else 0


def crop_stands_at(turn: int) -> str:
    """"Doomcrop, turn 12", or "Doomcrop, setting up" before its first turn."""
    return f"Doomcrop, turn {turn}" if turn else "Doomcrop, setting up"


def crop_stands(game: doomcrop.Game) -> str:
    """:func:`crop_stands_at` for a loaded game of Doomcrop."""
    return crop_stands_at(crop_turn(game))


def _listed(path: Path, data: Any) -> Listed | None:
    """The listing line's facts, checked strictly; None when anything is off."""
    if not isinstance(data, dict) or not isinstance(data.get("setup"), dict):
        return None
    # The summary is only for this listing (a save without one still loads: it is listed).
    s: Any = data["summary"] if isinstance(data.get("summary"), dict) else {}
    players = data["setup"].get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= 6 or not all(isinstance(p, str) for p in players):
        return None
    names = [clean(p, 40) for p in players]
    written_by = _written_by(path, data)
    if data.get("game") == CROP:
        turn, over = s.get("turn"), s.get("over")
        if not (_is_int(turn) and 0 <= turn < 10**6 and isinstance(over, bool)):
            return Listed(path, names, None, 0, None, False, _time(data.get("updated")), written_by=written_by)
        stands = crop_stands_at(turn)
        return Listed(path, names, turn, 0, None, over, _time(data.get("updated")), written_by=written_by, stands=stands)
    round_, era, age, over = s.get("round"), s.get("era"), s.get("age"), s.get("over")
    if (
        not (_is_int(round_) and _is_int(era) and 0 <= round_ < 10**6 and 0 <= era < 10)
        or not (age is None or isinstance(age, str)) or not isinstance(over, bool)
    ):  # only the listing's summary is off: listed, and loading the game will tell the rest
        return Listed(path, names, None, 0, None, False, _time(data.get("updated")), written_by=written_by)
    cats = s.get("catastrophes")
    last = cats[-1] if isinstance(cats, list) and 0 < len(cats) <= 3 and isinstance(cats[-1], str) else None
    catastrophe = clean(last, 60) if last and age is None else None
    return Listed(
        path, names, round_, era, clean(age, 60) if age else None, over, _time(data.get("updated")), catastrophe,
        len(cats) if catastrophe else 0, written_by,
    )


def _written_by(path: Path, data: dict[str, Any]) -> str | None:
    """The version that wrote a save, when it was another version (or under what this one
    does not have), else None."""
    try:
        under = played_under(data, path)
    except SaveFileError:  # (loading it says what is wrong)
        return None
    newer = _is_int(data.get("format")) and data["format"] > FORMAT
    return clean(under.program, 40) if newer or under.program != __version__ or not under.known() else None


def list_saves(folder: Path | None = None) -> tuple[list[Listed], list[Path]]:
    """Saved games, newest first, and the saves (named as the game names them) that could
    not be read as saves.

    A ``.json`` file of another name is listed when it is a saved game (a save copied in
    under a name of its own) and otherwise left out, unread as a problem: it is a file of
    the player's (``notes.json``), not a broken save. Every file is read within bounds; a
    FIFO, a device or a link to one is a problem, never a hang."""
    folder = folder or saves_dir()
    found: list[Listed] = []
    problems: list[Path] = []
    try:
        names = sorted(name for name in os.listdir(folder) if name.endswith(".json"))
    except OSError:
        return found, problems
    for name in names:
        path = folder / name
        try:
            listed = _listed(path, load_json(path, MAX_SAVE_BYTES))
        except (OSError, ValueError):
            listed = None
        if listed is not None:
            found.append(listed)
        elif SAVE_NAME.fullmatch(name):
            problems.append(path)
    found.sort(key=lambda item: item.updated, reverse=True)
    return found, problems
