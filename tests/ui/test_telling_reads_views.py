"""What a person is told is made from their seat's view, never from the game (issue: one path
through the rules, "narration from the view").

A seat is told only what it may know, and the same words must one day be made on another
computer, from the view sent there: so the announcer, the questions, the review commands and
the words they share may not import the game, and the session, which holds the game to drive
it, reads nothing of it but what driving needs (its question, its actions, whether it is over,
how many events it holds) and the views and seat logs it hands to the telling. The arrows are
also an import-linter contract (``pyproject.toml``); this test reads the code itself, so that a
game reached through a parameter, or an import inside a function, is caught as well.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parents[2] / "src" / "doomlings_access" / "ui"

TELLING = ("announcer.py", "game.py", "questions.py", "review.py", "words.py")
"""Modules that make what is said (Doomlings' words for the prompt loop among them): they read
views and events only."""
THE_GAME = (
    "doomlings_access.rules.game", "doomlings_access.rules.flow", "doomlings_access.rules.play",
    "doomlings_access.rules.primitives", "doomlings_access.rules.recorder", "doomlings_access.rules.sampling",
)
"""The game and the rules that run on it (each of their functions takes a game)."""
GAME_INSIDES = {
    "seats", "table", "round", "ending", "defs", "index", "rec", "cards", "setup", "options", "name", "catastrophe",
    "era", "phase", "winners", "scores", "seats_from", "opponents", "owner_of", "knowledge_of", "checkpoint",
    "snapshot", "round_rules", "n", "send",
}
"""What a game holds beyond driving it: what a seat may know of these is in its view."""
DRIVING = {
    "session.py": {"pending", "is_over", "apply", "actions", "view", "seat_log", "card", "log"},
    "heard.py": {"pending", "is_over", "apply", "actions", "view", "seat_log", "card", "log", "cards", "setup"},
}
"""What the driving modules read of a game: the question and its options' cards (whether a
chance is passed unasked), the actions, the views and seat logs, the log's length; and to
replay a game (where its people were asked), its cards and setup."""
GAME_NAMES = {"game", "g", "twin"}


def tree(name: str) -> ast.Module:
    return ast.parse((UI / name).read_text(encoding="utf-8"), filename=name)


def imported(module: ast.Module) -> set[str]:
    """Every module imported anywhere in ``module`` (inside functions too), and every name
    imported from one as ``module.name``."""
    found: set[str] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def game_reads(module: ast.Module) -> list[tuple[int, str, str]]:
    """Attributes read of a game: ``self.game.X``, or ``X`` of a name a game is kept under
    (line, whose, attribute)."""
    reads = []
    for node in ast.walk(module):
        if not isinstance(node, ast.Attribute):
            continue
        base = node.value
        if isinstance(base, ast.Attribute) and base.attr == "game" and isinstance(base.value, ast.Name):
            reads.append((node.lineno, f"{base.value.id}.game", node.attr))
        elif isinstance(base, ast.Name) and base.id in GAME_NAMES:
            reads.append((node.lineno, base.id, node.attr))
    return reads


@pytest.mark.parametrize("name", TELLING)
def test_telling_modules_never_import_the_game(name: str) -> None:
    module = tree(name)
    reached = {m for m in imported(module) if m.startswith(THE_GAME) or m.endswith(".Game")}
    assert not reached, f"ui/{name} imports {sorted(reached)}: it must tell from a view"
    assert not [read for read in game_reads(module) if read[2] in GAME_INSIDES], f"ui/{name} reads a game"


@pytest.mark.parametrize("name", sorted(DRIVING))
def test_the_session_reads_of_the_game_only_what_driving_needs(name: str) -> None:
    reads = game_reads(tree(name))
    beyond = [read for read in reads if read[2] not in DRIVING[name]]
    assert not beyond, f"ui/{name} reads the game's insides (tell from a view instead): {beyond}"
    assert reads, "found no reads at all: the test no longer sees the game"


def test_the_checks_catch_a_read_of_the_game() -> None:
    """The checks above, on code that does what they forbid."""
    code = ast.parse(
        "from doomlings_access.rules.game import Game\n"
        "def told(self):\n    return self.game.seats[0].name, game.defs[3]\n"
    )
    assert "doomlings_access.rules.game.Game" in imported(code)
    assert sorted(read[1:] for read in game_reads(code)) == [("game", "defs"), ("self.game", "seats")]


def test_doomlings_is_played_by_the_loop_every_game_shares() -> None:
    """Doomlings' session is the prompt loop every game shares (Doomcrop's), answering its
    hooks: it defines no loop, telling or hand-over of its own again (a copy drifts, as
    Doomlings' own run loop and announce had from Doomcrop's)."""
    from doomlings_access.telling.loop import PromptLoop
    from doomlings_access.ui.session import Session

    assert issubclass(Session, PromptLoop)
    again = set(vars(Session)) & {"run", "announce", "announce_from_seat", "tell", "hand_over", "pass_keyboard", "look_up"}
    assert not again, f"ui/session.py defines the shared loop's {sorted(again)} again"
