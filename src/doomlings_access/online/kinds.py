"""What a game gives online play: one :class:`TableKind` object, found by the game's name in
the registry (:mod:`doomlings_access.games`). The rooms, their narration, their replay, the
server and both clients reach a game only through it, the kernel's decisions and players, and
the words every game's telling shares; none of them names a game.

A kind makes the engine of a table (its seats' names, the computer seats' levels, a seed and
the host's rules), the computer players of its levels, and a :class:`Listener` for each
person: their telling, from their seat's view and the events as their seat saw them (a game
whose words are the prompt loop's :class:`~doomlings_access.telling.loop.GameWords` gets one
from :mod:`.narration`). Reviews are the game's own commands, answered from a seat's view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from doomlings_access.kernel.decisions import Decision, Value
from doomlings_access.kernel.players import Agent
from doomlings_access.players.search import Budget
from doomlings_access.telling.answers import AnswerWords
from doomlings_access.telling.loop import Playable
from doomlings_access.telling.questions import Question
from doomlings_access.telling.words import Said


class Table(Playable[Any], Protocol):
    """A game as a room drives it, and writes it: both games' ``Game`` are one."""

    def to_json(self) -> dict[str, Any]:
        """The game's whole record (setup, answers, state), as a save holds it."""

    @property
    def log(self) -> Sequence[object]:
        """Every event so far, in order, as nobody but the server sees them."""


class Listener(Protocol):
    """One person's telling of a game: their seat's (None: someone watching)."""

    seat: int | None
    told: int
    """How many events of the seat's log have been told (the ledger writes when it grows)."""
    turns_told: int
    """How many turns had begun in what has been told (a tell held back before a turn, as
    the ledger writes it, is told alike again when another server takes the room over)."""
    ended: bool
    """Whether the end has been told."""

    def news(self, game: Any, levels: Mapping[int, str], turn: int | None = None) -> list[Said]:
        """What happened since this person last heard, a message a story; the first names
        the computer players and their levels; at the end, what the end tells a seat.
        ``turn``: only what came before that turn began (turns counted from 1 over the game):
        a thinking computer's turn is held back until its thinking time is over."""

    def question(self, game: Any, d: Decision) -> Question:
        """The question of decision ``d``, which is this seat's, as a local game asks it."""

    def where(self, game: Any) -> str:
        """Where the game stands, in a sentence, for someone coming back."""

    def settings(self, verbosity: str | None = None, labels: str | None = None) -> None: ...


class TableKind(Protocol):
    """One game as online play knows it (see the module's text)."""

    @property
    def name(self) -> str:
        """The game's name in messages and commands ("doomcrop")."""

    @property
    def title(self) -> str:
        """As said ("Doomcrop")."""

    @property
    def max_players(self) -> int: ...

    @property
    def computer_names(self) -> Sequence[str]:
        """Names for computer seats, in the order they are given."""

    @property
    def reserved(self) -> frozenset[str]:
        """Words a person's name may not be (they answer as commands or keywords here)."""

    @property
    def names_taken(self) -> frozenset[str]:
        """Names a person may not take (a card's name)."""

    @property
    def rules(self) -> Mapping[str, str]:
        """The host's choices of rules, each on or off: name to a line of help."""

    @property
    def commands(self) -> Mapping[str, str]:
        """The game's review commands: topic to its line of help."""

    @property
    def aliases(self) -> Mapping[str, str]:
        """Short words for the review commands ("g" for "grid")."""

    @property
    def answers(self) -> AnswerWords:
        """How a typed answer to the game's questions is read, beyond what every question
        takes (a card's label typed in braille, a misspelt name, a card held back), and the
        help's ways to answer: the terminal client reads answers with it, as the local prompt
        does."""

    @property
    def any_time(self) -> str | None:
        """What the ``any_time`` setting is called in this game ("any-time traits offered"),
        or None when the game asks nothing that the setting keeps for later."""

    def begin(self, names: Sequence[str], levels: Mapping[int, str], seed: int, rules: Sequence[str],
              budget: Budget) -> tuple[Table, dict[int, Agent[Any]]]:
        """The game of a table: its seats ``names`` (people first), the computer seats'
        ``levels``, its ``seed`` and the host's ``rules``; and each computer seat's player."""

    def agent(self, level: str, seed: int, seat: int, budget: Budget) -> Agent[Any]:
        """A computer player of ``level`` for ``seat`` (one covering for someone away)."""

    def listener(self, seat: int | None, verbosity: str, labels: str) -> Listener: ...

    def turn_of(self, event: object) -> int | None:
        """The seat whose turn ``event`` (of the game's log) begins; None: it begins none."""

    def passes_unasked(self, game: Any, d: Decision, any_time: str) -> bool:
        """Whether ``d`` is answered "pass" without asking its person (their ``any_time``
        setting keeps such chances for later)."""

    def asked_openly(self, game: Any, d: Decision) -> bool:
        """Whether the others may hear that ``d``'s seat is thinking about it (not when the
        question itself tells what the seat holds)."""

    def asked_for_what_is_held(self, d: Decision) -> bool:
        """Whether ``d`` is asked of its seat only because of what it holds (the rules ask no
        seat without a card for it): a chance to play out of turn, Doomcrop's Hearts defence."""

    def answered_for_you(self, view: Any, d: Decision, value: Value, labels: str) -> str:
        """What was answered for a person, as a clause said to them, read from their ``view``
        before the answer ``value`` ("Antlers was played out of turn for you"); "": nothing
        to tell (a chance passed). For a question asked only for what the seat holds, answered
        for its person out of their turn (:meth:`~.rooms.Room.answered_for`)."""

    def notes(self, view: Any, d: Decision) -> tuple[list[dict[str, str]], list[str]]:
        """What a question sends beside its options: the cards held back (name, label, why)
        and what each option reads."""

    def review(self, game: Any, seat: int | None, topic: str, arg: str, labels: str, pick: int | None,
               chosen: Sequence[str]) -> tuple[list[str], int]:
        """A review command's lines (``topic``: one of :attr:`commands`), read from ``seat``'s view (None: someone watching; no
        ``game``: before the start; ``chosen``: the host's rules), and how many cards a look-up offers to pick from."""
