"""Running the real ``doomlings`` command against hostile files and input, in private folders.

Every run gets its own saves, settings and card cache folders under the test's ``tmp_path``
(DOOMLINGS_DATA_DIR, DOOMLINGS_CONFIG_DIR, DOOMLINGS_CACHE_DIR), so nothing outside the
checkout, ``/work/shared`` and the test's own folder is read or written.
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from programs import DOOMLINGS, in_process, isolated_env

from doomlings_access.rules import Choice, Game
from doomlings_access.saves import Seats, write_save

RUN_TIMEOUT = 60.0
"""Seconds a command may take before it counts as a hang (generous: two cores, shared)."""

UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u2028\u2029"
    # Unicode's default-ignorable code points: zero-width spaces and joiners, bidi marks and
    # overrides, soft hyphen, byte-order mark, Hangul fillers, variation selectors, tags
    "\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f"
    "\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0000-\U000e0fff]"
)
"""What must never reach the terminal: every control character but newline and tab, line
separators, and every invisible character (a screen reader says "Ana" for "A", a zero-width
space, "na": the player could not hear what is wrong)."""

HOSTILE_NAMES = {
    "title": "Eve\x1b]0;pwned\x07",  # sets the window title
    "clipboard": "Eve\x1b]52;c;cm0gLXJmIH4=\x07",  # OSC 52 writes the clipboard
    "clear": "Eve\x1b[2J\x1b[H",  # clears the screen
    "newline": "Eve\nOtto wins the game.",  # a fake announcement on a line of its own
    "c1": "Eve\x9b2J\x9d0;x\x9c",  # C1 CSI and OSC, eight-bit forms
    "bidi": "Eve\u202eniw I",  # right-to-left override
    "bell": "Eve\x07\x07",
    "carriage": "Eve\rOtto",
    "nul": "Eve\x00x",
    "separator": "Eve\u2028Otto wins.",
    "zero-width-space": "Ot\u200bto",  # heard as "Otto"
    "zero-width-joiner": "Eve\u200d",
    "soft-hyphen": "Ev\u00ade",
    "byte-order-mark": "\ufeffEve",
    "word-joiner": "Eve\u2060",
    "hangul-filler": "E\u3164ve",  # a letter that prints as nothing
    "variation-selector": "Eve\ufe0f",
    "tag": "Eve\U000e0041",
}
COLLIDING_NAMES = ["h", "q", "1", "42", "?", "help", "Quit", " H ", "٣", "yes", "pass", "log", "²"]


@dataclass
class Done:
    args: tuple[str, ...]
    returncode: int
    out: str
    err: str

    @property
    def both(self) -> str:
        return self.out + self.err

    def flat(self) -> str:
        """Output as one line per paragraph is not needed: words, whatever the wrapping."""
        return " ".join(self.out.split())

    def clean(self) -> Done:
        """No traceback, and nothing unsafe reached the terminal."""
        assert "Traceback" not in self.both, self.both[-2000:]
        bad = UNSAFE.search(self.both)
        assert bad is None, f"{self.args}: unsafe {bad.group()!r} in {self.both[max(0, bad.start() - 80):bad.end() + 80]!r}"
        return self


class Home:
    """A player's folders, private to one test. With ``in_process``, :meth:`run` calls the
    command's ``main`` in this process (:func:`programs.in_process`) unless told to start it."""

    def __init__(self, root: Path, in_process: bool = False) -> None:
        self.root = root
        self.in_process = in_process
        self.saves = root / "data" / "saves"
        self.config = root / "config"
        self.cache = root / "cache"
        self.settings = self.config / "settings.toml"
        for folder in (self.saves, self.config, self.cache):
            folder.mkdir(parents=True, exist_ok=True)

    def env(self, **extra: str) -> dict[str, str]:
        env = isolated_env(self.root)
        env["DOOMLINGS_CACHE_DIR"] = str(self.cache)
        env.pop("DOOMLINGS_ESPEAK", None)
        env.update(extra)
        return env

    def run(self, *args: str, stdin: str | bytes = b"", timeout: float = RUN_TIMEOUT,
            env: dict[str, str] | None = None, prefix: list[str] | None = None, process: bool = False,
            **popen: Any) -> Done:
        """``doomlings ARGS``: in this process for a home made so, unless ``process`` (or a
        ``prefix``, or arguments for the child process) asks for a program started."""
        data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
        if self.in_process and not (process or prefix or popen):
            ran = in_process(args, env=env or self.env(), stdin=data)
            return Done(tuple(args), ran.returncode, ran.stdout, ran.stderr)
        done = subprocess.run((prefix or DOOMLINGS) + list(args), input=data, capture_output=True,
                              env=env or self.env(), timeout=timeout, check=False, **popen)
        return Done(tuple(args), done.returncode, done.stdout.decode("utf-8", "replace"),
                    done.stderr.decode("utf-8", "replace"))

    def start(self, *args: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
        return subprocess.Popen(DOOMLINGS + list(args), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env or self.env())

    def files(self, folder: Path | None = None) -> list[str]:
        return sorted(p.name for p in (folder or self.saves).iterdir())


GAME = ["--plain", "--speech", "off"]


def played(players: int, seed: int, actions: int | None = None) -> tuple[Game, Seats]:
    """A game built as ``doomlings play`` builds it (one person, answering the first option,
    and computer seats), stopped after ``actions`` actions or played to the end."""
    from doomlings_access.doomlings_app import GameChoices, build_game
    from doomlings_access.doomlings_app import agents_for

    game, seats = build_game(GameChoices(players=players, humans=1, seed=seed))
    agents = agents_for(game, seats)
    while not game.is_over and (actions is None or len(game.actions) < actions):
        d = game.pending
        assert d is not None
        if d.player in agents:  # a computer answers from its seat's view, as in play
            game.apply(Choice(d.player, agents[d.player].choose(game.view(d.player), d)))
        else:
            game.apply(game.legal_actions()[0])
    return game, seats


def good_save(folder: Path, name: str = "game-20240101-120000.json", seed: int = 5,
              actions: int = 12, players: int = 3) -> Path:
    path = folder / name
    write_save(path, *played(players, seed, actions))
    return path


def edited(path: Path, change: Any) -> bytes:
    """Change a save's parsed content in place; returns the new bytes."""
    data = json.loads(path.read_bytes())
    change(data)
    raw = json.dumps(data).encode()
    path.write_bytes(raw)
    return raw


def card_data_override(folder: Path) -> list[str]:
    """The real command, with its card data read from ``folder`` instead of the package's
    (there is no option for that: a player never needs one)."""
    code = (
        "import sys; from pathlib import Path; import doomlings_access.cards.loader as loader; "
        f"loader.data_dir = lambda: Path({str(folder)!r}); "
        "from doomlings_access.cli import main; raise SystemExit(main(sys.argv[1:]))"
    )
    return [sys.executable, "-c", code]


def device(folder: Path) -> Path:
    """A null device node of the test's own (never the system's /dev/null: a regression that
    renamed over the target, run as root, would replace the machine's /dev/null)."""
    import pytest

    path = folder / "null-device"
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, AttributeError, OSError):
        pytest.skip("making a device node needs root")
    return path


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie still answers kill(0): count it as ended
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False
