"""Doomlings for the game-agnostic prompt loop: its words, questions and review commands.

:class:`DoomlingsWords` is what the prompt loop (:mod:`doomlings_access.telling.loop`) needs of
Doomlings, as :class:`~doomlings_access.doomcrop_ui.game.DoomcropWords` is Doomcrop's; each part
reads one seat's view, never the game. What Doomlings' telling keeps between two calls (the
traits whose text was read) is its teller's (:class:`DoomlingsTeller`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from doomlings_access.rules.decisions import Decision, Kind, Value
from doomlings_access.rules.view import OnlookerView, PlayerView
from doomlings_access.telling.questions import Question
from doomlings_access.telling.words import NORMAL, Said
from doomlings_access.ui import review
from doomlings_access.ui.announcer import Announcer
from doomlings_access.ui.answers import ANSWERS, what_it_reads
from doomlings_access.ui.questions import asked_for_a_card_held, build_question
from doomlings_access.ui.rules_text import rules
from doomlings_access.ui.words import Style

COMMANDS = {
    "hand": "hand, h: your hand",
    "pile": "pile NAME, p: a player's trait pile (yours without a name)",
    "table": "table, t: each player's gene pool, hand size and traits, from the first player",
    "scores": "scores, s: the scores now",
    "age": "age, a: the age, the era and the catastrophes so far",
    "genes": "genes, g: every gene pool",
    "deck": "deck, d: deck and discard pile counts, and the top discard",
    "log": "log N, l: the last N announcements (default 10)",
    "repeat": "repeat, r: say the last announcement again",
    "card": "card NAME, c: describe any card, by name or label",
    "rules": "rules TOPIC: the rules on a topic",
    "verbosity": "verbosity LEVEL, v: terse, normal or verbose",
    "speech": "speech MODE: screen-reader, direct, tts or off",
    "options": "options, o: list the choices again",
    "help": "help, ?: what this question wants, and the commands",
    "quit": "quit, q: leave the game (asks first)",
}
"""Doomlings' commands, its review commands among those every game has, in the order its help
lists them (the shared ones say what :data:`~doomlings_access.telling.prompting.SHARED_COMMANDS`
says)."""
ALIASES = {
    "h": "hand", "p": "pile", "t": "table", "s": "scores", "a": "age", "g": "genes",
    "d": "deck", "l": "log", "r": "repeat", "c": "card", "v": "verbosity", "o": "options",
    "?": "help", "q": "quit", "score": "scores", "gene": "genes", "traits": "pile",
}
PRIVATE_COMMANDS = {
    "hand": "each hand is told to its person",
    "scores": "the scores, which count a hand, are told to each person",
}
"""Commands that read a person's own cards: refused before anyone has the keyboard."""


class DoomlingsTeller(Announcer):
    """Doomlings' announcer as the prompt loop's teller: the events told against the
    listener's view (:meth:`Announcer.render_stories`), which the loop gives with them."""

    def stories(self, events: Sequence[object], view: object = None) -> list[tuple[Said, int]]:
        assert isinstance(view, OnlookerView)
        return self.render_stories(view, events)  # type: ignore[arg-type]

    @property
    def labels(self) -> str:
        return self.style.labels

    @labels.setter
    def labels(self, labels: str) -> None:
        """New labels from now on: the traits whose text was read stay heard."""
        self.style = Style(labels)


class DoomlingsWords:
    """Doomlings' words for the prompt loop (see :class:`~doomlings_access.telling.loop.GameWords`).
    ``verbosity``: the listener's verbosity now (a question does not read again a trait's text
    just read with its play, which depends on it); ``itemised``: the final scores are read card
    by card to people at the keyboard, not told as the engine's totals as well."""

    title = "Doomlings"
    commands = COMMANDS
    aliases = ALIASES
    answers = ANSWERS

    def __init__(self, verbosity: Callable[[], str] = lambda: NORMAL, itemised: bool = True) -> None:
        self.verbosity = verbosity
        self.itemised = itemised

    def teller(self, me: int | None, names: Sequence[str], verbosity: str, labels: str) -> DoomlingsTeller:
        return DoomlingsTeller(me, verbosity, Style(labels), scores_itemised=self.itemised)

    def question(self, view: PlayerView, decision: Decision, labels: str) -> Question:
        """The question for ``decision`` as its seat hears it: a trait just played whose text
        was read with its play is not read again in the question."""
        d = decision
        heard = Announcer(view.seat, self.verbosity())
        read = d.reason == "respond" and len(d.about) == 2 and heard.read_at_last_play(view, int(d.about[1]))
        return build_question(view, d, Style(labels), read)

    def question_help(self, view: PlayerView, decision: Decision) -> list[str]:
        """At "Play a trait out of turn?", what each trait offered would do."""
        return what_it_reads(view, decision)

    def asked_for_what_is_held(self, decision: Decision) -> bool:
        """A chance to play out of turn (or Late's, or Sneaky's) (:func:`asked_for_a_card_held`)."""
        return asked_for_a_card_held(decision)

    def answered_for_you(self, view: PlayerView, decision: Decision, value: Value, labels: str) -> str:
        """The trait played out of turn for a person (their view names it), or nothing."""
        return view.card(value).name if isinstance(value, int) else ""

    def review(self, view: OnlookerView, command: str, arg: str, labels: str) -> list[Said]:
        """A review command read from ``view`` (a seat's, or what all may see: an onlooker's).
        ``pile`` is given its seat (the loop reads the name typed), ``card`` is a dialogue
        of the loop's: neither is here."""
        style = Style(labels)
        lines: list[str]
        if command == "hand" and isinstance(view, PlayerView):
            lines = (["Only your own hand can be read: other hands are secret."] if arg else []) + review.hand(view, style)
        elif command == "scores" and isinstance(view, PlayerView):
            lines = review.scores(view, style)
        elif command == "table":
            lines = review.table(view, style)
        elif command == "age":
            lines = review.age(view)
        elif command == "genes":
            lines = review.gene_pools(view)
        elif command == "deck":
            lines = review.deck(view, style)
        elif command == "rules":
            lines = rules(arg or None, view.options)
        else:
            lines = []
        return [Said.alike(line) for line in lines]

    def pile(self, view: OnlookerView, seat: int, labels: str) -> list[Said]:
        """``pile NAME``: a player's trait pile."""
        return [Said.alike(line) for line in review.pile(view, seat, Style(labels))]

    def where_we_are(self, view: OnlookerView) -> str:
        return where_we_are(view, view.seat if isinstance(view, PlayerView) else None)

    def the_end(self, view: PlayerView, labels: str) -> list[Said]:
        """The final scores, card by card (:meth:`end_blocks`, a block after another)."""
        return [said for block in self.end_blocks(view, labels) for said in block]

    def end_blocks(self, view: PlayerView, labels: str, you: bool = True) -> list[list[Said]]:
        """The final scores, card by card, a player a block (``you``: told to the one person
        at the keyboard; people sharing it hear every player by name)."""
        return [[Said.alike(line) for line in block] for block in review.score_blocks(view, Style(labels), you=you)]

    def hand_in_a_line(self, view: PlayerView, d: Decision | None, labels: str) -> str | None:
        """What a person hears of their hand as the keyboard comes to them for question ``d``
        (None: a forced play of theirs): nothing when the question's options are the hand."""
        if d is not None and (d.kind == Kind.PLAY or sorted(map(str, d.options)) == sorted(map(str, view.hand))):
            return None
        return review.hand_in_a_line(view, Style(labels), f"{view.name(view.seat)}, your")


def where_we_are(v: OnlookerView, me: int | None) -> str:
    """"Round 7, era 2, Tectonic Shift. Your turn.": where a game stands, told from the view
    ``v`` to the listener at seat ``me`` (a resumed game, a person back at an online table)."""
    place = review.age_round(v.round, v.era)
    if v.age is not None:
        place += f", {v.age.name}"
    elif v.catastrophes and v.phase not in ("worlds_end", "scoring"):  # (as it was announced)
        cats = v.catastrophes
        place = f"{review.catastrophe_round(v.round, len(cats))}, {v.cards.catastrophes[cats[-1]].name}"
    if v.phase in ("worlds_end", "scoring"):
        return f"{place}. The world is ending."
    if v.active is None:
        return f"{place}."
    turn = "Your turn." if v.active == me else f"{v.name(v.active)}'s turn."
    return f"{place}. {turn}"
