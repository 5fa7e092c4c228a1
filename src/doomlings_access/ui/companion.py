"""The companion for the physical braille deck: look-ups, World's End, scoring, table tracker.

It shares the console, output and speech of the game. It keeps no rules of its own: card
facts come from the card data, scoring from the scorer's :class:`~doomlings_access.scorer.Tally`
(as ``doomlings score`` does), driven with the cards' ids: it plays World's End once for the
table and asks the person only the questions the tally returns, each answer going on from
there. Which cards need more than a pile (a hand, a gene pool, the catastrophes revealed) is
read from the cards' effect pieces, never from their names.
"""

from __future__ import annotations

from collections import Counter

import re
from dataclasses import dataclass, field
from typing import Any, Sequence

from doomlings_access.braille.labels import read_typed_label
from doomlings_access.braille.reading import read_typed_braille
from doomlings_access.cards import load_cards
from doomlings_access.cards.describe import full_description
from doomlings_access.cards.lookup import UnknownCardError, find_cards, normalise
from doomlings_access.cards.model import REAL_COLOURS, AgeDef, CardSet, CatastropheDef, TraitDef
from doomlings_access.cards.pieces import Use, any_use
from doomlings_access.rules import Options
from doomlings_access.rules.primitives import GENE_POOL_MAX, GENE_POOL_MIN
from doomlings_access.scorer import (
    NEEDS,
    RULES_FAILURES,
    Left,
    NotAnOption,
    Outcome,
    PlayerCards,
    Question,
    Removal,
    TableCards,
    TableError,
    Tally,
    extra_copies,
)
from doomlings_access.scorer.words import asking_card, removal_of, result_of
from doomlings_access.safety.text import NameRefused, check_names, clean, name_key, players_named, tidy_name, whole_number
from doomlings_access.telling.console import Console, not_an_answer, yes_or_no
from doomlings_access.telling.output import Output
from doomlings_access.ui.review import age_round, catastrophe_round, catastrophes_so_far
from doomlings_access.telling.console import is_number
from doomlings_access.ui.words import Style, choose_from, join, plural

MAX_COUNT = 20
"""The most copies one item of a line may ask for (``kidney x3``)."""
MAX_ITEMS = 40
"""The most cards one line may name."""
SAME = ("same", "same as before")
COUNT_AFTER = re.compile(r"^(?P<name>.+?)\s*[x\u00d7*]\s*(?P<count>[0-9]{1,2})$", re.IGNORECASE)
COUNT_BEFORE = re.compile(r"^(?P<count>[0-9]{1,2})\s*[x\u00d7*]?\s+(?P<name>.+)$", re.IGNORECASE)


HELP_WORDS = ("?", "help")
CARD_FORMS = "its name, the start of it, or its label as printed (in braille or BRF too)"
"""How any question for a card may be answered: what every such help says."""
CARDS_ON_A_LINE = (
    "each card's name, the start of it, or its label, separated by commas; x2 after a card "
    "held twice; a comma at the end of a line adds more on the next."
)
"""How a line of several cards is typed (a pile, a hand)."""
TRACKER_HELP = (
    "up NAME or down NAME: change a gene pool by one. age NAME: a new round. "
    "catastrophe NAME: a catastrophe; the first player moves left. status: the table."
)
LEAVE_WORDS = ("back", "b", "quit", "exit")
"""What returns to the companion menu from a question, and leaves the companion at the menu."""
COMPANION_WORDS = frozenset(("quit", "exit", "back", "b", "same", "same as before", "done", "d", "undo", "list", *HELP_WORDS))
"""What the companion's questions answer to: never a player's name."""


def name_problem(names: list[str], cards: CardSet) -> str | None:
    """Why these player names cannot be used, or None: the game's rules for names (no
    numbers, command words, cards' names or "You", no invisible characters, names told
    apart by ear, at most 20 characters)."""
    from doomlings_access.ui.session import reserved_words

    try:
        check_names(names, reserved_words() | COMPANION_WORDS, cards.player_names_taken, humans=(), limit=20)
    except NameRefused as exc:
        return f"Not a name: {exc}."
    return None


def needs_hand(t: TraitDef) -> bool:
    """A trait that scores or plays from the hand at the end (its effect pieces say so)."""
    return any_use("bonus", t.bonus, Use.SCORES_THE_HAND) or any_use(
        "worlds_end", t.worlds_end, Use.PLAYS_FROM_THE_HAND_AT_WORLDS_END
    )


def needs_gene_pool(t: TraitDef) -> bool:
    return any_use("bonus", t.bonus, Use.SCORES_THE_GENE_POOL)


def chooses_catastrophe(t: TraitDef) -> bool:
    """A trait that picks which revealed catastrophe's World's End applies."""
    return any_use("worlds_end", t.worlds_end, Use.CHOOSES_THE_WORLDS_END)


MAX_PILE = 50
"""More traits than one pile holds in a game (six such piles are all the scorer takes): a longer pile
was taken, and the scorer refused the whole table only after every question."""
LONGEST_READ = 12
"""Card options read out at most (a listener holds about a dozen lines): a card drawn from the
deck could be any of a hundred."""


class Back(Exception):
    """The player went back to the companion menu."""


@dataclass
class Tracker:
    """The table's state as the companion tracks it."""

    players: list[str] = field(default_factory=list)
    gene_pools: list[int] = field(default_factory=list)
    round: int = 0
    catastrophes: list[str] = field(default_factory=list)
    first: int = 0
    catastrophe_last: bool = False
    """The last round revealed a catastrophe: it is named by it, as the game names it, and the
    next era starts only with the next round's age."""

    @property
    def era(self) -> int:
        return min(len(self.catastrophes) + 1, 3)

    def place(self) -> str:
        """The round as the game's announcement says it: "Round 2, catastrophe 1 of 3" just
        after a catastrophe, "Round 3, era 2" after an age."""
        if not self.round:
            return "No round yet"
        if self.catastrophe_last:
            return catastrophe_round(self.round, len(self.catastrophes))
        return age_round(self.round, self.era)


def split_items(line: str) -> list[tuple[str, int]]:
    """``tiny, quick and kidney x2`` -> ``[("tiny", 1), ("quick", 1), ("kidney", 2)]``."""
    out = []
    for part in re.split(r",|;|\band\b", line):
        item = part.strip()
        if not item:
            continue
        count = 1
        for pattern in (COUNT_AFTER, COUNT_BEFORE):
            match = pattern.match(item)
            if match:
                item, count = match.group("name").strip(), int(match.group("count"))
                break
        out.append((item, count))
    return out


class Companion:
    def __init__(
        self, console: Console, out: Output, edition: str = "retail", labels: str = "text"
    ) -> None:
        self.console, self.out = console, out
        self.cards = load_cards(edition)
        self.style = Style(labels)
        self.tracker = Tracker()
        self.last_piles: dict[str, list[str]] = {}
        """Each player's pile as last entered: ``same as before`` takes it again."""
        self.everyone_told: str | None = None
        """The catastrophe whose World's End text was told in this scoring (before its question)."""
        self.removals_told: list[Any] = []
        """The discards told in this run of the scoring: each is told once, when it happens."""

    # --- input helpers --------------------------------------------------------------------
    def read(self, prompt: str, help_text: str) -> str:
        """One line; "back" (or Ctrl-C, or "quit" and "exit", which leave a game and so are
        typed here too) at any question returns to the companion menu, and
        "?" or "help" says what the question wants (never taken as an answer, a name say)."""
        while True:
            try:
                line = self.console.read(prompt)
            except KeyboardInterrupt:
                raise Back() from None
            text = " ".join(part for part in line.split() if part.isprintable()).strip()
            if text.lower() in LEAVE_WORDS:
                raise Back()
            if text.lower() not in HELP_WORDS:
                return text
            self.out.info(help_text)
            self.out.info("Type back at any question to return to the companion menu; at the menu, back leaves the companion.")

    def choose(self, title: str, options: list[str]) -> int:
        """A numbered question; returns the index chosen."""
        chosen = self._choose(title, options, none=False, retype=False)
        assert isinstance(chosen, int)
        return chosen

    def choose_or_none(self, title: str, options: list[str]) -> int | None:
        """A numbered question that Enter leaves with no answer (None)."""
        chosen = self._choose(title, options, none=True, retype=False)
        assert not isinstance(chosen, str)
        return chosen

    def choose_or_retype(self, title: str, options: list[str]) -> int | str | None:
        """A numbered list of cards that fit what was typed: the index chosen, None for
        Enter, or a line that is no choice, to look up instead (a label typed anew)."""
        return self._choose(title, options, none=True, retype=True)

    def _choose(self, title: str, options: list[str], none: bool, retype: bool) -> int | str | None:
        """Options that are all card names are cards: a card's label as printed on it (in any
        form a braille user types), or its whole name, picks it too, and the card taken is
        named; a long list of cards (a card drawn from the deck) is not read out unless asked
        for. The prompt is the game's: "Choose 1 to 4, or ? for help"."""
        cards = self.cards_named(options)
        self.out.info(title)
        n = len(options)
        listed = cards is None or n <= LONGEST_READ
        if listed:
            self.read_out(options)
        else:
            self.out.info(f"{n} cards can be the answer: type its name or its label; list reads them all.")
        again = f"Choose 1 to {n}" + (", Enter for none" if none else "") + ", or ? for help"
        ways = self.choosing_help(n, cards is not None, none, retype)
        while True:
            line = self.read(f"{again}: ", ways)
            if not line:
                if none:
                    return None
                self.out.info(f"Nothing typed. {again}.")
                continue
            if is_number(line) and 1 <= int(line) <= n:
                return int(line) - 1
            if not listed and line.lower() == "list":
                self.read_out(options)
                continue
            hits = self.options_fitting(line, options, cards)
            if len(hits) == 1:
                if cards is not None and line.lower() != options[hits[0]].lower():
                    self.out.info(f"{self.shown(cards[hits[0]])}.")  # which card the label meant
                return hits[0]
            if len(hits) > 1:
                fits = "; ".join(f"{i + 1}. {options[i]}" + (f", {self.style.label(cards[i])}" if cards else "") for i in hits)
                self.out.info(f"{len(hits)} choices fit {line[:20]}: {fits}. Type the number.")
                continue
            if retype and not is_number(line):
                return line
            self.out.info(f"Not a choice: {line[:20]}. {again}.")

    def read_out(self, options: list[str]) -> None:
        for i, option in enumerate(options, 1):
            self.out.info(f"{i}. {option}")

    @staticmethod
    def choosing_help(n: int, cards: bool, none: bool, retype: bool) -> str:
        """What a numbered question takes, as its help says it."""
        ways = f"Type a number from 1 to {n}, or the first letters of a choice"
        if cards:
            ways += ", a card's name or its label"
        if retype:
            ways += "; or another name or label, to look that up instead"
        return ways + (". Enter for none." if none else ".")

    def cards_named(self, options: list[str]) -> list[Any] | None:
        """The cards the options name, when every option is a card's name."""
        by_name = {c.name: c for c in self.cards.all_cards()}
        cards = [by_name.get(o) for o in options]
        return cards if options and all(c is not None for c in cards) else None

    @staticmethod
    def options_fitting(line: str, options: list[str], cards: list[Any] | None) -> list[int]:
        """The options ``line`` may mean: the one named exactly; for cards, those its label or
        name (or the start of it) fits; else those it begins."""
        if not line:
            return []
        typed = line.lower()
        exact = [i for i, o in enumerate(options) if o.lower() == typed]
        if exact:
            return exact[:1]
        if cards is not None:
            try:
                found = find_cards(line, cards, read_typed_label, read_typed_braille)
            except UnknownCardError:
                return []
            return sorted({i for i, c in enumerate(cards) for f in found if c is f})
        return [i for i, o in enumerate(options) if o.lower().startswith(typed)]

    def find(self, typed: str, kind: type | None = None, name_back: bool = False) -> Any | None:
        """One card from a name, prefix, misspelling or label (in any form a braille user
        types it); asks when several fit. A misspelling gets numbered suggestions: typing a
        number takes one, Enter none, anything else is looked up instead. ``name_back``: a
        card found from a label or the start of its name is named, for a caller that does
        not say the card's name next."""
        pool = [c for c in self.cards.all_cards() if kind is None or isinstance(c, kind)]
        for _ in range(5):  # a few corrections in a row, then give up on this item
            try:
                found = find_cards(typed, pool, read_typed_label, read_typed_braille)
            except UnknownCardError as exc:
                text = str(exc)
                self.out.info(text[0].upper() + text[1:])
                if not exc.suggestions:
                    return None
                n = len(exc.suggestions)
                takes = "1 takes it" if n == 1 else f"A number from 1 to {n} takes that card"
                line = self.read(
                    f"{choose_from(n)}, Enter for none, or ? for help: ",
                    f"{takes}; another name or label is looked up instead; Enter for none.",
                )
                if not line:
                    return None
                if is_number(line) and 1 <= int(line) <= len(exc.suggestions):
                    typed = exc.suggestions[int(line) - 1]
                else:
                    typed = line
                continue
            if len(found) == 1:
                if name_back and normalise(typed) != normalise(found[0].name):
                    self.out.info(f"{self.shown(found[0])}.")
                return found[0]
            labels = [f"{c.name}, {self.style.label(c)}" for c in found]
            pick = self.choose_or_retype(f"{len(found)} cards fit {typed}:", labels)
            if not isinstance(pick, str):
                return None if pick is None else found[pick]
            typed = pick
        return None

    def shown(self, card: TraitDef | CatastropheDef) -> str:
        return f"{card.name}, {self.style.label(card)}"

    # --- the menu --------------------------------------------------------------------------
    def run(self) -> int:
        """The companion's menu until Back: ``back`` or Ctrl-C at a question it opens returns
        to it; at the menu itself they leave it, as Back does, saying so. End of input is the
        caller's (it leaves the program, and says so)."""
        items = ["Look up a card", "World's End and scoring", "Score the table", "Table tracker", "Back"]
        self.out.info("Companion for the braille deck. Type back at any question to return here.")
        self.out.info("Type ? at any question for help.")
        while True:
            try:
                pick = self.choose("Companion menu.", items)
            except Back:
                pick = len(items) - 1
            try:
                if pick == 0:
                    self.look_up()
                elif pick == 1:
                    self.worlds_end()
                elif pick == 2:
                    self.score()
                elif pick == 3:
                    self.track()
                else:
                    self.out.info("Leaving the companion.")
                    return 0
            except Back:
                self.out.info("Back to the companion menu.")

    # --- look up ---------------------------------------------------------------------------
    def look_up(self) -> None:
        while True:
            typed = self.read(
                "Card name or label, or Enter to go back: ",
                f"Type a card: {CARD_FORMS}. Enter goes back to the menu.",
            )
            if not typed:
                return
            card = self.find(typed)
            if card is not None:
                label = None if isinstance(card, AgeDef) else self.style.label(card)
                self.out.lines(full_description(card, label))

    # --- World's End -----------------------------------------------------------------------
    def worlds_end(self) -> None:
        final = self.final_catastrophe()
        self.out.info(f"{final.name}'s World's End: {final.worlds_end_text}")
        self.ask_players()
        order = self.order()
        self.out.info("World's End, in turn order from the first player:")
        piles = self.ask_piles(order)
        for name in order:
            special = [self.cards.traits[t] for t in piles[name] if self.cards.traits[t].worlds_end]
            for trait in special:
                self.out.info(f"{name} resolves {trait.name}: {trait.text}")
            if not special:
                self.out.info(f"{name} has no World's End traits.")
        self.everyone_told = None
        resolved = self.keeping(piles, lambda: self.resolve(order, piles, final))
        if resolved is None:
            return
        tally, outcome = resolved
        chosen = self.cards.catastrophes[outcome.worlds_end or final.id]
        if self.everyone_told != chosen.name:
            self.tell_everyone(chosen, final)
        self.out.info("Now the scores.")
        self.read_back(tally, outcome)

    def tell_everyone(self, chosen: CatastropheDef, final: CatastropheDef) -> None:
        """"Then everyone: The Four Horsemen. Discard ...": the catastrophe's World's End,
        before any question it asks (the choice of a trait to discard follows its text)."""
        why = "" if chosen.id == final.id else f", chosen instead of {final.name}"
        self.out.info(f"Then everyone: {chosen.name}{why}. {chosen.worlds_end_text}")
        self.everyone_told = chosen.name

    def final_catastrophe(self) -> CatastropheDef:
        if self.tracker.catastrophes and len(self.tracker.catastrophes) == 3:
            return self.cards.catastrophes[self.tracker.catastrophes[-1]]
        card = self.ask_catastrophe("Name the final catastrophe: ", list(self.cards.catastrophes.values()))
        assert card is not None
        return card

    def order(self) -> list[str]:
        t = self.tracker
        return [t.players[(t.first + i) % len(t.players)] for i in range(len(t.players))]

    # --- scoring ---------------------------------------------------------------------------
    def score(self) -> None:
        self.everyone_told = None
        self.ask_players()
        piles = self.ask_piles(self.tracker.players)
        order = self.order()  # World's End traits resolve from the first player, as in the game

        def finish() -> tuple[Tally, Outcome] | None:
            cat = None
            if self.tracker.catastrophes:
                cat = self.cards.catastrophes[self.tracker.catastrophes[-1]]
            else:
                everyone = list(self.cards.catastrophes.values())
                cat = self.ask_catastrophe("Final catastrophe, or Enter for none: ", everyone, none=True)
            return self.resolve(order, piles, cat)

        resolved = self.keeping(piles, finish)
        if resolved is not None:
            self.read_back(*resolved)

    def ask_players(self) -> None:
        while self.tracker.players:
            keep = self.read(
                f"Players: {join(self.tracker.players)}. Same players? [y]: ",
                "Enter or y keeps these players, in this order; n asks for the names again.",
            )
            answer = yes_or_no(keep, default=True)
            if answer:
                return
            if answer is False:
                break
            self.out.info(not_an_answer(keep))
        while True:
            line = self.read(
                "Players' names, in seat order, separated by commas: ",
                "Type 1 to 6 names in seat order, the first player first, like Ana, Ben, Cy.",
            )
            names = [tidy_name(n) for n in line.split(",") if n.strip()]
            if 1 <= len(names) <= 6 and len({name_key(n) for n in names}) == len(names):
                problem = name_problem(names, self.cards)
                if problem:
                    self.out.info(problem)
                    continue
                self.tracker = Tracker(names, [5] * len(names))
                self.out.info(f"Players: {join(names)}. First player: {names[0]}.")
                return
            self.out.info("Give 1 to 6 different names, like Ana, Ben, Cy.")

    def ask_piles(self, order: list[str]) -> dict[str, list[str]]:
        """Every player's trait pile. ``back`` asks first when piles were entered, and keeps
        them for ``same as before``."""
        played = [t.name for t in self.cards.traits.values() if any_use("out_of_turn", t.out_of_turn, Use.PLAYED_AT_WORLDS_END)]
        self.out.info(
            "Type each pile on one line: names or labels separated by commas, a count like "
            "kidney x2, or same as before. End a line with a comma to add more."
            # No pile shows a trait played from the hand at World's End: it was missed.
            + (f" {join(played)}, played from the hand at World's End, goes in the pile." if played else "")
        )
        piles: dict[str, list[str]] = {}
        for name in order:
            current: list[str] = []
            while name not in piles:
                try:
                    piles[name] = self.ask_traits(name, current)
                except Back:
                    entered = {**piles, **({name: current} if current else {})}
                    if not entered or self.confirm_back(entered):
                        self.last_piles.update(entered)
                        raise
        self.last_piles.update(piles)
        return piles

    def keeping(self, piles: dict[str, list[str]], step: Any) -> Any:
        """Run a step after the piles were entered; ``back`` asks before leaving them."""
        while True:
            try:
                return step()
            except Back:
                if self.confirm_back(piles):
                    raise

    def confirm_back(self, entered: dict[str, list[str]]) -> bool:
        whose = join([f"{n}'s" for n in entered])
        self.out.info(
            f"Back to the menu? {whose} {'pile is' if len(entered) == 1 else 'piles are'} kept: "
            "type same as before to use them."
        )
        while True:
            line = self.read_plain("Type y to go back, n to go on: ")
            if line.lower() in HELP_WORDS:
                self.out.info("y goes back to the companion menu, keeping the piles; n goes on with this scoring.")
                continue
            answer = yes_or_no(line, default=False)
            if answer is not None:
                break
            self.out.info(not_an_answer(line))
        if not answer:
            self.out.info("Going on.")
        return answer

    def read_plain(self, prompt: str) -> str:
        """A line where "back" is an answer, not a way out."""
        try:
            return self.console.read(prompt).strip()
        except KeyboardInterrupt:
            return "y"

    def ask_traits(self, name: str, traits: list[str]) -> list[str]:
        """One player's pile, added to ``traits``: several on a line, counts, ``same as
        before``, ``undo``, ``list``. A first line understood whole, with no comma at its end,
        is the pile; once more is asked for ("more traits, or Enter"), only Enter (or
        ``done``) ends it: a line typed there closed the pile, and the next card went to the
        next player. Nothing typed is lost: ``same as before`` on a pile begun replaced it."""
        while True:
            prompt = f"{name}'s traits: " if not traits else f"{name}, more traits, or Enter: "
            line = self.read(prompt, self.traits_help(name, more=bool(traits)))
            low = line.lower()
            if low in ("done", "d", ""):
                if low == "" and not traits:
                    same = ", same as before" if name in self.last_piles else ""
                    self.out.info(f"Type the traits{same}, or done for an empty pile.")
                    continue
                self.out.info(f"{name}: {self.pile_words(traits)}.")
                return traits
            if low in SAME:
                before = self.last_piles.get(name)
                if before is None:
                    self.out.info(f"No pile of {name}'s from before. Type the traits.")
                    continue
                if traits:  # what was typed is kept: replacing it is asked for in words
                    typed = join([self.cards.traits[t].name for t in traits])
                    self.out.info(
                        f"{name}'s pile is begun ({typed}) and kept: same as before is for an empty "
                        "pile. Type more, undo to remove the last, or Enter when done."
                    )
                    continue
                traits[:] = list(before)
                self.out.info(f"{name}, same as before: {self.pile_words(traits)}.")
                return traits
            if low == "undo":
                if traits:
                    self.out.info(f"Removed {self.cards.traits[traits.pop()].name}.")
                else:
                    self.out.info("Nothing to undo.")
                continue
            if low == "list":
                self.out.info(f"{name}: {self.pile_words(traits) if traits else 'no traits yet'}.")
                continue
            first = not traits
            held = len(traits)
            added, complete = self.read_cards(line, traits)
            if len(traits) > MAX_PILE:  # refused here, not after every question of the scoring
                del traits[held:]
                self.out.info(f"A pile holds at most {MAX_PILE} traits; that line was not added.")
                continue
            if first and complete and not line.endswith(","):  # the pile, on one line
                self.out.info(f"{name}, {plural(len(traits), 'trait')}: {added}.")
                return traits
            if added:
                self.out.info(f"{name}: {added}. Enter when done.")

    def traits_help(self, name: str, more: bool) -> str:
        """What a pile's prompt takes, as its help says it: only what it accepts now."""
        if more:
            start = f"Type more of {name}'s traits as before, or Enter when the pile is done."
        else:
            same = f" same as before takes {name}'s last pile." if name in self.last_piles else ""
            start = f"Type {name}'s traits on one line: {CARDS_ON_A_LINE}{same} done: an empty pile."
        return f"{start} undo removes the last trait; list reads the pile."

    def read_cards(self, line: str, into: list[str]) -> tuple[str, bool]:
        """Add the traits a line names to ``into``: what was added, read back, and whether
        every item of the line was understood."""
        added = []
        complete = True
        items = split_items(line)
        if len(items) > MAX_ITEMS:
            self.out.info(f"That line names {len(items)} cards; at most {MAX_ITEMS} a line.")
            return "", False
        for typed, count in items:
            card = self.find(typed, TraitDef) if 1 <= count <= MAX_COUNT else None
            if card is None:
                if not 1 <= count <= MAX_COUNT:
                    self.out.info(f"{typed}: a count from 1 to {MAX_COUNT}, please.")
                complete = False
                continue
            into.extend([card.id] * count)
            added.append(self.shown(card) + (f", {count} times" if count > 1 else ""))
        return "; ".join(added), complete and bool(added)

    def pile_words(self, traits: list[str]) -> str:
        counts: dict[str, int] = {}
        for t in traits:
            counts[t] = counts.get(t, 0) + 1
        words = [
            self.cards.traits[t].name + (f" x{n}" if n > 1 else "") for t, n in counts.items()
        ]
        return f"{plural(len(traits), 'trait')}, {join(words)}" if traits else "no traits"

    def ask_hand(self, name: str) -> list[str]:
        """The cards in a player's hand, for the traits that count them."""
        hand: list[str] = []
        line = self.read(
            f"{name}'s hand, the cards in it on one line, or Enter for none: ",
            f"Type the cards in {name}'s hand: {CARDS_ON_A_LINE} Enter: an empty hand.",
        )
        first = True
        while line:
            added, complete = self.read_cards(line, hand)
            if added:
                self.out.info(f"{name}'s hand: {added}.")
            if first and complete and not line.endswith(","):  # the hand, on one line
                return hand
            first = first and not hand  # (once more was asked for, Enter ends it)
            line = self.read(
                f"{name}'s hand, more cards, or Enter: ",
                f"Type more cards of {name}'s hand as before, or Enter when the hand is done.",
            )
        self.out.info(f"{name}'s hand: {plural(len(hand), 'card')}.")
        return hand

    def ask_gene_pool(self, name: str, default: int) -> int:
        """A gene pool the scorer accepts; anything else is said and asked again, so the
        traits already typed are never lost to one wrong number."""
        from doomlings_access.rules.position import GENE_POOL_RANGE

        low, high = GENE_POOL_RANGE
        if not low <= default <= high:  # the tracker can go beyond (up and down are free)
            default = min(max(default, low), high)
        while True:
            line = self.read(
                f"{name}'s gene pool [{default}]: ",
                f"Type {name}'s gene pool, a number from {low} to {high}; Enter takes {default}.",
            )
            if not line:
                return default
            value = whole_number(line, low, high)
            if value is not None:
                return value
            self.out.info(f"Not a gene pool: {clean(line, 20)}. Type a number from {low} to {high}.")

    def ask_revealed(self, final: CatastropheDef) -> list[str]:
        """The catastrophes revealed before the final one, when a trait chooses among them."""
        known = [c for c in self.tracker.catastrophes if c != final.id][:2]
        while len(known) < 2:
            could = [c for c in self.cards.catastrophes.values() if c.id != final.id and c.id not in known]
            card = self.ask_catastrophe(f"Catastrophe {len(known) + 1} of 3, revealed before {final.name}: ", could)
            assert card is not None
            if card.id == final.id:
                self.out.info(f"{card.name} is the final catastrophe: name one revealed before it.")
            elif card.id in known:
                self.out.info(f"{card.name} is named already: name the other one revealed.")
            else:
                known.append(card.id)
        return [*known, final.id]

    def ask_catastrophe(self, prompt: str, could: list[CatastropheDef], none: bool = False) -> CatastropheDef | None:
        """A catastrophe, typed as any card is; its help lists those that ``could`` be the
        answer. Enter is none where ``none``, else said and asked again (nothing was looked
        up, and a question needing an answer cannot take none). A card typed by its label or
        the start of its name is named back: nothing else says which was taken."""
        enter = " Enter for none." if none else ""
        names = join([c.name for c in could])
        help_text = f"Type a catastrophe: {CARD_FORMS}.{enter} It can be {names}."
        while True:
            line = self.read(prompt, help_text)
            if not line:
                if none:
                    return None
                self.out.info("Nothing typed. Type the catastrophe's name or label, or ? for help.")
                continue
            card: CatastropheDef | None = self.find(line, CatastropheDef, name_back=True)
            if card is not None:
                return card

    def resolve(
        self, order: list[str], piles: dict[str, list[str]], cat: CatastropheDef | None
    ) -> tuple[Tally, Outcome] | None:
        """Score the table with a :class:`Tally`, asking for what the cards need: a hand, a
        gene pool, the catastrophes revealed, then each choice the tally returns (one that
        changes a score), answered into the same tally. None when the rules cannot score the
        table (said)."""
        self.removals_told = []  # every question is asked again, and every discard told again
        players: list[PlayerCards] = []
        for name in order:
            traits = [self.cards.traits[t] for t in set(piles[name])]
            hand = tuple(self.ask_hand(name)) if any(needs_hand(t) for t in traits) else ()
            seat = self.tracker.players.index(name) if name in self.tracker.players else None
            gene_pool = 5
            if any(needs_gene_pool(t) for t in traits):
                default = self.tracker.gene_pools[seat] if seat is not None and self.tracker.gene_pools else 5
                gene_pool = self.ask_gene_pool(name, default)
            players.append(PlayerCards(name, tuple(piles[name]), hand, gene_pool))
        self.note_extra_copies(piles, players)
        ids = self.tracker.catastrophes
        if cat is not None:
            choosing = any(chooses_catastrophe(self.cards.traits[t]) for p in piles.values() for t in p)
            if choosing and len(ids) < 3:
                ids = self.ask_revealed(cat)
            elif not ids or ids[-1] != cat.id:
                ids = [c for c in ids if c != cat.id][:2] + [cat.id]
        table = TableCards(tuple(players), tuple(ids), options=Options(edition=self.cards.edition))
        try:
            tally = Tally(self.cards, table)
        except TableError as exc:
            self.out.info(f"the table: {exc}")
            return None
        step = self.play_on(tally)
        while isinstance(step, Question):
            self.tell_removals(self.removals(tally, step.removed), cat)  # what happened before it
            asking = self.cards.catastrophes.get(step.card) if step.card else None
            if asking is not None and cat is not None and self.everyone_told is None:
                self.tell_everyone(asking, cat)  # its text first, then its question
            self.ask_choice(tally, step, asking is not None)
            step = self.play_on(tally)
        if step is None:
            return None
        self.tell_removals(self.removals(tally, step.removed), cat)
        return tally, step

    def play_on(self, tally: Tally) -> Question | Outcome | None:
        """The tally's next question or its outcome; None, said, when the rules fail on this
        table (no real game reaches it)."""
        try:
            return tally.next()
        except NotAnOption:  # an answer the person gave ahead (a tie-break draw): the caller's
            raise
        except RULES_FAILURES as exc:
            self.out.info(f"the table: the rules cannot score this table ({exc})")
            return None

    def removals(self, tally: Tally, removed: Sequence[Left]) -> list[Removal]:
        """The traits gone, by name, as they are told."""
        names = [p.name for p in tally.table.players]
        return [removal_of(left, names, self.cards) for left in removed]

    def ask_tie_break(self, outcome: Outcome) -> dict[int, str] | None:
        """The rulebook's tie-break: each tied player draws a trait from the top of the deck
        and adds only its face value. Asks for the cards drawn (Enter for none leaves the tie):
        each tied seat's trait, or None."""
        self.out.info("To break the tie, each tied player draws a trait from the top of the deck and adds only its face value.")
        traits = sorted(self.cards.traits.values(), key=lambda t: t.name)
        names = [t.name for t in traits]
        drawn: dict[int, str] = {}
        for seat in outcome.winners:
            pick = self.choose_or_none(f"{outcome.players[seat].name}'s tie-break draw: the card drawn?", names)
            if pick is None:
                self.out.info("The tie stands.")
                return None
            drawn[seat] = traits[pick].id
        return drawn

    def note_extra_copies(self, piles: dict[str, list[str]], players: list[PlayerCards]) -> None:
        """The scorer's notes on cards held more often than the deck has them, said before any
        question is asked about the table."""
        held = Counter(t for pile in piles.values() for t in pile)
        held.update(t for player in players for t in player.hand)
        self.out.lines(extra_copies(self.cards, held))

    def tell_removals(self, removed: list[Removal], final: CatastropheDef | None) -> None:
        """Tell each discard not told yet, with its cause, as soon as the tally has played it:
        the next question may offer less because of it (Hyper-Intelligence takes Gills, and
        blue leaves Faith's colours). A catastrophe's discard follows its World's End text."""
        new = list(removed)
        for told in self.removals_told:
            if told in new:
                new.remove(told)
        for removal in new:
            by = next((c for c in self.cards.catastrophes.values() if c.name == removal.cause), None)
            if by is not None and final is not None and self.everyone_told != by.name:
                self.tell_everyone(by, final)
            cause = f"{removal.cause}: " if removal.cause else "At World's End, "
            self.out.info(f"{cause}{removal.sentence()}")
            self.removals_told.append(removal)

    def read_back(self, tally: Tally, outcome: Outcome) -> None:
        """The scores, then the winner; a tie is broken as the rulebook breaks it, with the
        cards drawn (asked for), by the same tally going on to the draws."""
        result = result_of(outcome, self.cards)
        for p in result.players:
            self.out.info(p.sentence())
        self.out.lines(result.lines()[-1:])
        if len(result.winners) < 2 or not outcome.tie_open:
            return
        drawn = self.ask_tie_break(outcome)
        if drawn is None:
            return
        tally.break_tie(drawn)
        try:
            broken = self.play_on(tally)
        except NotAnOption as exc:  # a card that was not left to draw
            self.out.info(f"the table: tie_break: {exc}")
            return
        if not isinstance(broken, Outcome):  # (every tied player's draw is given: never asked)
            return
        told = result_of(broken, self.cards, drawn)
        draws = [
            f"{p.name} draws {self.cards.traits[drawn[seat]].name}, {p.total + p.tie_break}"
            for seat, p in enumerate(told.players)
            if p.tie_break is not None
        ]
        self.out.info(f"Tie-break: {'; '.join(draws)}.")
        self.out.lines(told.lines()[-1:])

    def ask_choice(self, tally: Tally, q: Question, catastrophe: bool = False) -> None:
        """Ask the person the tally's question, and answer it."""
        who = tally.table.players[q.player].name
        card = asking_card(q, self.cards)
        if q.reason == "recolour_from":  # the colours of the player's own traits
            sources = [str(o.id) for o in q.options if o.id in REAL_COLOURS]
            pick = self.choose(f"{who}'s {card}: recolour which colour?", ["none", *sources])
            if pick == 0:
                tally.answer("no")
                return
            source = sources[pick - 1]
            others = [c for c in REAL_COLOURS if c != source]
            target = others[self.choose(f"{who}'s {card}: {source} becomes which colour?", others)]
            tally.answer(source, then=(target,))  # the colour it becomes: the card's next question
            return
        need = NEEDS.get(q.reason, "the answer")
        whose = f"{card}, {who}" if catastrophe else f"{who}'s {card}"
        pick = self.choose(f"{whose}: {need}?", [o.name for o in q.options])
        tally.answer(q.options[pick].id)

    # --- table tracker -----------------------------------------------------------------------
    def track(self) -> None:
        self.ask_players()
        t = self.tracker
        self.out.info(
            "Table tracker. Commands: up NAME, down NAME, age NAME, catastrophe NAME, "
            "status, help, back."
        )
        while True:
            line = self.read("Tracker: ", TRACKER_HELP)
            word, _, rest = line.partition(" ")
            word = word.lower()
            if not word:
                self.out.info("Type a command, or help.")
                continue
            if word in ("up", "down"):
                seat = self.seat(rest)
                if seat is not None:
                    new = t.gene_pools[seat] + (1 if word == "up" else -1)
                    if GENE_POOL_MIN <= new <= GENE_POOL_MAX:
                        t.gene_pools[seat] = new
                        self.out.info(f"{t.players[seat]}'s gene pool is now {new}.")
                    else:  # the rules ignore a change past a bound
                        edge = "above" if word == "up" else "below"
                        bound = GENE_POOL_MAX if word == "up" else GENE_POOL_MIN
                        self.out.info(f"{t.players[seat]}'s gene pool stays {t.gene_pools[seat]}: it never goes {edge} {bound}.")
            elif word == "age":
                card = self.find_kind(rest, AgeDef, "age")
                if card is not None:
                    t.round += 1
                    t.catastrophe_last = False
                    self.out.info(f"{t.place()}: {card.name}. {card.text}")
            elif word in ("catastrophe", "cat", "c"):
                if len(t.catastrophes) == 3:
                    self.out.info("The world has already ended: three catastrophes were revealed.")
                    continue
                card = self.find_kind(rest, CatastropheDef, "catastrophe")
                if card is not None and len(t.catastrophes) < 3:
                    self.catastrophe(card)
                    if len(t.catastrophes) == 3:
                        self.out.info("The third catastrophe: the world ends. Choose World's End and scoring from the menu.")
                        return
            elif word == "status":
                self.status()
            else:
                self.out.info(f"Not a command: {word[:20]}. Type help.")

    def find_kind(self, typed: str, kind: type, command: str) -> Any | None:
        """The age or catastrophe a tracker command names; a missing name, or the name of
        another kind of card (``age c super volcano``), is said in one line."""
        if not typed:
            self.out.info(f"Name the {command}: {command} NAME.")
            return None
        try:
            fits = find_cards(typed, self.cards.all_cards(), read_typed_label, read_typed_braille)
        except UnknownCardError:
            fits = []
        if fits and not any(isinstance(c, kind) for c in fits):
            card = fits[0]
            what = "an age" if isinstance(card, AgeDef) else "a catastrophe" if isinstance(card, CatastropheDef) else "a trait"
            other = "age" if isinstance(card, AgeDef) else "catastrophe"
            hint = f": type {other} {card.name}" if not isinstance(card, TraitDef) else ""
            self.out.info(f"{card.name} is {what}, not {'an age' if command == 'age' else 'a catastrophe'}{hint}.")
            return None
        return self.find(typed, kind)

    def catastrophe(self, card: CatastropheDef) -> None:
        t = self.tracker
        if len(t.catastrophes) == 3:
            self.out.info("The world has already ended: three catastrophes were revealed.")
            return
        if card.id in t.catastrophes:
            self.out.info(f"{card.name} was already revealed.")
            return
        t.round += 1
        t.catastrophes.append(card.id)
        t.catastrophe_last = True
        t.first = (t.first + 1) % len(t.players)
        self.out.info(f"{t.place()}: {card.name}. First player is now {t.players[t.first]}.")
        if card.gene_pool:
            for seat in range(len(t.players)):
                new = t.gene_pools[seat] + card.gene_pool
                if GENE_POOL_MIN <= new <= GENE_POOL_MAX:
                    t.gene_pools[seat] = new
            pools = join([f"{n} {g}" for n, g in zip(t.players, t.gene_pools)])
            undo = "down" if card.gene_pool > 0 else "up"
            self.out.info(
                f"Gene pools {card.gene_pool:+d}: {pools}. If Denial protects a player whose gene pool "
                f"changed, type {undo} and their name to undo it."
            )
        self.out.info(f"{card.catastrophic_text}")

    def seat(self, typed: str) -> int | None:
        hits = players_named(typed, self.tracker.players)  # "Zoe" is Zoë
        if typed.strip() and len(hits) == 1:
            return hits[0]
        self.out.info(f"Name one player: {join(self.tracker.players)}.")
        return None

    def status(self) -> None:
        t = self.tracker
        cats = [self.cards.catastrophes[c].name for c in t.catastrophes]
        self.out.info(f"{t.place()}. First player: {t.players[t.first]}.")
        self.out.info(catastrophes_so_far(cats))
        self.out.info("Gene pools: " + join([f"{n} {g}" for n, g in zip(t.players, t.gene_pools)]) + ".")
