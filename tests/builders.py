"""Build exact game positions for rules tests, and answer decisions by card name.

``table(...)`` describes a :class:`~doomlings_access.rules.Position` (named cards in named
places) and plays one piece of the real flow from it (a turn, a round, a catastrophe, or
World's End) with the real engine, through the public API only. Answers go through
``Game.apply`` like any player's; nothing is mocked.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from doomlings_access.ai.picker import Picker
from doomlings_access.cards import load_cards
from doomlings_access.lines import wrap
from doomlings_access.rules import Choice, Game, Options, Position, Setup
from doomlings_access.rules.decisions import Decision, Value
from doomlings_access.rules.events import Event
from doomlings_access.rules.view import PlayerView
from doomlings_access.telling.console import PlainConsole
from doomlings_access.telling.output import Output
from doomlings_access.ui.session import MORE


QUIET_DECK = [
    "Swarm",
    "Migratory",
    "Woody Stems",
    "Adorable",
    "Stone Skin",
    "Fire Skin",
    "Appealing",
    "Deep Roots",
    "Blubber",
    "Fine Motor Skills",
    "Kidney",
]
"""Traits without actions, for a known top of the deck that nothing reacts to."""


def trait_id(name: str) -> str:
    return name.lower().replace("-", "_").replace(" ", "_").replace("'", "")


class Table:
    """A game at a chosen position, with helpers to inspect it and answer by name."""

    def __init__(self, game: Game) -> None:
        self.g = game

    # --- looking -----------------------------------------------------------------------
    def seat(self, name: str) -> int:
        return [p.name for p in self.g.seats].index(name)

    def names(self, cards: Iterable[int]) -> list[str]:
        return [self.g.defs[c].name for c in cards]

    def hand(self, player: str) -> list[str]:
        return sorted(self.names(self.g.seats[self.seat(player)].hand))

    def pile(self, player: str) -> list[str]:
        return sorted(self.names(self.g.seats[self.seat(player)].pile))

    def gene_pool(self, player: str) -> int:
        return self.g.seats[self.seat(player)].gene_pool

    @property
    def discard(self) -> list[str]:
        return self.names(self.g.table.discard)

    @property
    def deck(self) -> list[str]:
        return self.names(self.g.table.deck)

    def events(self, kind: type[Event] | None = None) -> list[Event]:
        return [e for e in self.g.log if kind is None or isinstance(e, kind)]

    @property
    def pending(self):  # type: ignore[no-untyped-def]
        return self.g.pending

    def option_names(self) -> list[str]:
        d = self.g.pending
        assert d is not None, "no decision is pending"
        return [self._describe(v) for v in d.options]

    def _describe(self, v: Value) -> str:
        d = self.g.pending
        assert d is not None
        if isinstance(v, int) and d.kind != "player":
            return self.g.defs[v].name
        if isinstance(v, int):
            return self.g.seats[v].name
        return v

    # --- answering ---------------------------------------------------------------------
    def answer(self, what: str | int) -> list[Event]:
        """Answer the pending decision by card name, player name, colour or keyword."""
        d = self.g.pending
        assert d is not None, "no decision is pending"
        for v in d.options:
            if v == what or self._describe(v) == what:
                return self.g.apply(Choice(d.player, v))
        raise AssertionError(f"{what!r} is not an option of {d.reason}: {self.option_names()}")

    def answer_all(self, *answers: str | int) -> None:
        for a in answers:
            self.answer(a)

    def finish(self) -> None:
        """Answer every remaining decision with its first option."""
        while self.g.pending is not None:
            d = self.g.pending
            self.g.apply(Choice(d.player, d.options[0]))


def table(
    players: Sequence[str] = ("Ana", "Ben"),
    *,
    hands: dict[str, list[str]] | None = None,
    piles: dict[str, list[str]] | None = None,
    deck: list[str] | None = None,
    discard: list[str] | None = None,
    gene_pools: dict[str, int] | None = None,
    age: str | None = None,
    revealed: list[str] | None = None,
    age_deck: list[str] | None = None,
    catastrophes: list[str] | None = None,
    run: str = "turn",
    turn: str | None = None,
    catastrophe: str | None = None,
    first: str | None = None,
    options: Options | None = None,
    seed: int = 7,
    denial_spent: list[str] | None = None,
    play: str | None = None,
    rest_of_deck: str = "in_order",
) -> Table:
    """Build a position and play part of the real flow from it.

    ``deck`` is listed top first; cards not placed anywhere go under it in a fixed order.
    ``run``: ``turn`` (one turn of ``turn``, default the first player), ``turns`` (every
    turn of the round), ``age`` (reveal ``age`` then its turns), ``catastrophe`` (reveal
    ``catastrophe`` as the next one, then its turns), or ``worlds_end``. ``play="game"``
    goes on from there through ``age_deck`` to World's End and the winner.
    """
    seat = {name: i for i, name in enumerate(players)}

    def per_seat(given: dict[str, list[str]] | None) -> tuple[tuple[str, ...], ...]:
        out: list[tuple[str, ...]] = [() for _ in players]
        for name, cards in (given or {}).items():
            out[seat[name]] = tuple(trait_id(c) for c in cards)
        return tuple(out)

    pools = [5 for _ in players]
    for name, value in (gene_pools or {}).items():
        pools[seat[name]] = value
    coming = list(age_deck or [])
    if run == "age":
        assert age, "run='age' needs an age"
        coming.insert(0, age)
    elif run == "catastrophe":
        assert catastrophe, "run='catastrophe' needs a catastrophe"
        coming.insert(0, catastrophe)
    start = {"turn": "turn", "turns": "turn", "age": "round", "catastrophe": "round"}.get(run, run)
    if start not in ("turn", "round", "worlds_end"):
        raise ValueError(run)
    position = Position(
        hands=per_seat(hands),
        piles=per_seat(piles),
        gene_pools=tuple(pools),
        deck=tuple(trait_id(c) for c in deck or []),
        rest_of_deck=rest_of_deck,
        discard=tuple(trait_id(c) for c in discard or []),
        revealed=tuple(revealed or []),
        catastrophes=tuple(catastrophes or []),
        age=age if run in ("turn", "turns") else None,
        age_deck=tuple(coming),
        first_player=seat[first] if first else 0,
        start=start,
        turn=seat[turn] if turn else None,
        play=play or ("turn" if run == "turn" else "game" if run == "worlds_end" else "round"),
        denial_spent=tuple(trait_id(c) for c in denial_spent or []),
    )
    opts = options or Options()
    g = Game(load_cards(opts.edition), Setup(tuple(players), seed, opts, position=position))
    return Table(g)


def new_game(setup: Setup, **kw: bool) -> Game:
    """A new game of ``setup``, with the cards of its edition."""
    return Game(load_cards(setup.options.edition), setup, **kw)


def replay(setup: Setup, actions: Iterable[Choice]) -> Game:
    return Game.replay(load_cards(setup.options.edition), setup, actions)


def from_json(data: dict) -> Game:  # type: ignore[type-arg]
    """Load a saved game (the cards of the edition it names; the save itself is checked)."""
    try:
        edition = data["setup"]["options"].get("edition", "retail")
        cards = load_cards(edition)
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise ValueError(f"not a saved game: {exc}") from None
    return Game.from_json(cards, data)


def why(event: Event) -> str | None:
    """The id of what caused ``event`` (a card id, or a rule step such as ``stabilize``)."""
    return event.cause.id if event.cause is not None else None


def nothings(t: Table) -> list[tuple[int, str | None, str]]:
    """(player, cause, reason) of every effect that could not be carried out."""
    from doomlings_access.rules.events import NothingToDo

    return [(e.player, why(e), e.reason) for e in t.events(NothingToDo)]  # type: ignore[attr-defined]


def agent_move(game: Game, agents: Sequence[object]) -> Choice:
    """The pending decision's answer by the agent of the seat that must answer (from its view)."""
    d = game.pending
    assert d is not None
    agent = agents[d.player]
    return Choice(d.player, agent.choose(game.view(d.player), d))  # type: ignore[attr-defined]


def gene_changes(t: Table) -> list[tuple[int, int, int, str | None, bool]]:
    """(player, old, new, cause, reversal) of every gene pool change."""
    from doomlings_access.rules.events import GenePoolChanged

    return [
        (e.player, e.old, e.new, why(e), e.reversal)  # type: ignore[attr-defined]
        for e in t.events(GenePoolChanged)
    ]


def ignored_changes(t: Table) -> list[tuple[int, int, str | None]]:
    """(player, delta, cause) of every gene pool change ignored at a bound."""
    from doomlings_access.rules.events import GenePoolChangeIgnored

    return [(e.player, e.delta, why(e)) for e in t.events(GenePoolChangeIgnored)]  # type: ignore[attr-defined]


class RulesOfThumb:
    """The normal level's rules of thumb without its look-ahead. Golden transcripts use it so
    that they test the wording of a fixed game, not the tuning of a computer level."""

    thinks = False

    def __init__(self, seed: int, seat: int) -> None:
        self.seed, self.seat = seed, seat

    def choose(self, view: PlayerView, decision: Decision) -> Value:
        return Picker(view, decision, self.seed).pick()


class CountingConsole(PlainConsole):
    """A plain console that notes, at every question (not at a pause before more is told), how
    many messages were told so far; and every key pressed (every line read: an answer, the
    Enter of a pause or of a forced play), with the round the game stood in when it was read
    (``game``, when given) and the rows told since the prompt before."""

    def __init__(self, stdin: io.StringIO, stdout: io.StringIO, game: Game | None = None) -> None:
        super().__init__(stdin, stdout)
        self.out = Output(self.write)
        self.game = game
        self.told_at: list[int] = []
        self.paused_at: int | None = None
        self.bare_pauses = 0
        """Pauses with nothing told after them before the next question: only its title."""
        self.keys: list[Key] = []

    def read(self, prompt: str, words: list[str] | None = None) -> str:
        told = len(self.out.history)
        if prompt == MORE:
            self.paused_at = told
        else:
            self.told_at.append(told)
            self.bare_pauses += self.paused_at == told
            self.paused_at = None
        kind = "pause" if prompt == MORE else "answer" if prompt.startswith("Choose") else "other"
        stage = None
        if self.game is not None and not self.game.is_over:
            stage = self.game.round.number
        self.keys.append(Key(kind, stage, self.out.since_prompt))
        return super().read(prompt, words or [])


@dataclass(frozen=True)
class Key:
    """One key pressed at a prompt (a line read): what the prompt was (``answer`` to a
    question, ``pause`` before more is told, ``other``: a forced play's Enter), the round the
    game stood in (None once it is over: the final scores), and the rows told since the
    prompt before."""

    kind: str
    round: int | None
    since: int


ASKS = re.compile(r"Choose|Press Enter|for help")
"""A line that asks: a question, the only playable trait's Enter, a pause, a hand-over."""
OPTION = re.compile(r"\s*\d+\. ")


def printed_gaps(text: str, width: int | None = None) -> list[int]:
    """The printed lines (not blank, not a question's numbered options, an option's own
    continuation included) between each two prompts of a plain transcript; what follows the
    last prompt is not between two. ``width``: count the rows each line fills on a terminal of
    that width instead (a transcript keeps a message a line)."""
    gaps, run, options = [], 0, False
    for line in filter(str.strip, text.splitlines()):
        if ASKS.search(line):
            gaps.append(run)
            run, options = 0, False
        elif OPTION.match(line):
            options = True  # the question's options run to its prompt
        elif not options:
            run += len(wrap(line, width))
    return gaps
