"""The companion for the physical braille deck: look-ups, World's End, scoring, table tracker.

It shares the console, output and speech of the game. It keeps no rules of its own: card
facts come from the card data, scoring from the same scorer as ``doomlings score``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from doomlings_access.cards import load_cards
from doomlings_access.cards.describe import full_description
from doomlings_access.cards.lookup import UnknownCardError, find_cards
from doomlings_access.cards.model import REAL_COLOURS, CatastropheDef, TraitDef
from doomlings_access.safety.text import whole_number
from doomlings_access.ui.console import Console
from doomlings_access.ui.output import Output
from doomlings_access.ui.session import is_number
from doomlings_access.ui.words import join, plural

HAND_CARDS = {"saudade", "boredom", "camouflage", "fortunate", "brave"}
GENE_POOL_CARDS = {"altruistic", "random_fertilization"}


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

    @property
    def era(self) -> int:
        return min(len(self.catastrophes) + 1, 3)


class Companion:
    def __init__(self, console: Console, out: Output, edition: str = "retail") -> None:
        self.console, self.out = console, out
        self.cards = load_cards(edition)
        self.tracker = Tracker()

    # --- input helpers --------------------------------------------------------------------
    def read(self, prompt: str) -> str:
        """One line; "back" (or Ctrl-C) at any question returns to the companion menu."""
        try:
            line = self.console.read(prompt)
        except KeyboardInterrupt:
            raise Back() from None
        text = " ".join(part for part in line.split() if part.isprintable()).strip()
        if text.lower() in ("back", "b"):
            raise Back()
        return text

    def choose(self, title: str, options: list[str], default: int | None = None) -> int:
        """A numbered question; returns the index chosen. Enter takes the default."""
        self.out.info(title)
        for i, option in enumerate(options, 1):
            self.out.info(f"{i}. {option}")
        hint = f" [{default + 1}]" if default is not None else ""
        while True:
            line = self.read(f"Choose 1 to {len(options)}{hint}: ").lower()
            if not line and default is not None:
                return default
            if is_number(line) and 1 <= int(line) <= len(options):
                return int(line) - 1
            hits = [i for i, o in enumerate(options) if o.lower().startswith(line)] if line else []
            if len(hits) == 1:
                return hits[0]
            self.out.info(f"Not a choice: {line[:20] or 'nothing'}. Choose 1 to {len(options)}.")

    def find(self, typed: str, kind: type | None = None) -> Any | None:
        """One card from a name, prefix, misspelling or label; asks when several fit."""
        pool = [c for c in self.cards.all_cards() if kind is None or isinstance(c, kind)]
        try:
            found = find_cards(typed, pool)
        except UnknownCardError as exc:
            text = str(exc)
            self.out.info(text[0].upper() + text[1:])
            return None
        if len(found) == 1:
            return found[0]
        labels = [f"{c.name}, {c.label}" for c in found]  # type: ignore[attr-defined]
        pick = self.choose(f"{len(found)} cards fit {typed}:", labels)
        return found[pick]

    # --- the menu --------------------------------------------------------------------------
    def run(self) -> int:
        items = ["Look up a card", "World's End and scoring", "Score the table", "Table tracker", "Back"]
        self.out.info("Companion for the braille deck. Type back at any question to return here.")
        while True:
            try:
                pick = self.choose("Companion menu.", items)
            except Back:
                continue
            except EOFError:
                return 0
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
                    return 0
            except Back:
                self.out.info("Back to the companion menu.")
            except EOFError:  # end of input anywhere: leave quietly
                return 0

    # --- look up ---------------------------------------------------------------------------
    def look_up(self) -> None:
        while True:
            typed = self.read("Card name or label, or Enter to go back: ")
            if not typed:
                return
            card = self.find(typed)
            if card is not None:
                self.out.lines(full_description(card))

    # --- World's End -----------------------------------------------------------------------
    def worlds_end(self) -> None:
        cat = self.final_catastrophe()
        self.out.info(f"{cat.name}'s World's End: {cat.worlds_end_text}")
        if not self.tracker.players:
            self.ask_players()
        order = self.order()
        self.out.info("World's End, in turn order from the first player:")
        piles: dict[str, list[str]] = {}
        for name in order:
            piles[name] = self.ask_traits(name)
            special = [self.cards.traits[t] for t in piles[name] if self.cards.traits[t].worlds_end]
            if special:
                for trait in special:
                    self.out.info(f"{name} resolves {trait.name}: {trait.text}")
            else:
                self.out.info(f"{name} has no World's End traits.")
        self.out.info(f"Then everyone: {cat.name}. {cat.worlds_end_text}")
        self.out.info("Now the scores.")
        self.tally(order, piles, cat)

    def final_catastrophe(self) -> CatastropheDef:
        if self.tracker.catastrophes and len(self.tracker.catastrophes) == 3:
            return self.cards.catastrophes[self.tracker.catastrophes[-1]]
        while True:
            card = self.find(self.read("Name the final catastrophe: "), CatastropheDef)
            if card is not None:
                return card

    def order(self) -> list[str]:
        t = self.tracker
        return [t.players[(t.first + i) % len(t.players)] for i in range(len(t.players))]

    # --- scoring ---------------------------------------------------------------------------
    def score(self) -> None:
        self.ask_players()
        piles = {name: self.ask_traits(name) for name in self.tracker.players}
        cat = None
        if self.tracker.catastrophes:
            cat = self.cards.catastrophes[self.tracker.catastrophes[-1]]
        else:
            line = self.read("Final catastrophe, or Enter for none: ")
            while line:
                cat = self.find(line, CatastropheDef)
                if cat is not None:
                    break
                line = self.read("Final catastrophe, or Enter for none: ")
        self.tally(self.tracker.players, piles, cat)

    def ask_players(self) -> None:
        if self.tracker.players:
            keep = self.read(f"Players: {join(self.tracker.players)}. Same players? [y]: ").lower()
            if keep in ("", "y", "yes"):
                return
        while True:
            line = self.read("Players' names, in seat order, separated by commas: ")
            names = [n.strip() for n in line.split(",") if n.strip()]
            if 1 <= len(names) <= 6 and len({n.lower() for n in names}) == len(names):
                self.tracker = Tracker(names, [5] * len(names))
                self.out.info(f"Players: {join(names)}. First player: {names[0]}.")
                return
            self.out.info("Give 1 to 6 different names, like Ana, Ben, Cy.")

    def ask_traits(self, name: str) -> list[str]:
        """Traits one per line, by name or label; undo, list, done."""
        self.out.info(f"{name}'s traits, one per line. Type done when finished, undo, or list.")
        traits: list[str] = []
        while True:
            line = self.read(f"{name}, trait {len(traits) + 1}: ")
            low = line.lower()
            if low in ("done", "d", ""):
                if low == "" and not traits:
                    self.out.info("Type a trait, or done for an empty pile.")
                    continue
                self.out.info(f"{name}: {plural(len(traits), 'trait')}.")
                return traits
            if low == "undo":
                if traits:
                    self.out.info(f"Removed {self.cards.traits[traits.pop()].name}.")
                else:
                    self.out.info("Nothing to undo.")
                continue
            if low == "list":
                names = [self.cards.traits[t].name for t in traits]
                self.out.info(f"{name}: {join(names) if names else 'no traits yet'}.")
                continue
            card = self.find(line, TraitDef)
            if card is not None:
                traits.append(card.id)
                self.out.info(f"{card.name}, {card.label}.")

    def ask_cards(self, prompt: str) -> list[str]:
        cards: list[str] = []
        while True:
            line = self.read(f"{prompt} {len(cards) + 1}, or done: ")
            if line.lower() in ("done", "d", ""):
                return cards
            if line.lower() == "undo" and cards:
                cards.pop()
                continue
            card = self.find(line, TraitDef)
            if card is not None:
                cards.append(card.id)

    def tally(self, order: list[str], piles: dict[str, list[str]], cat: CatastropheDef | None) -> None:
        from doomlings_access.scorer import ScoreFileError, score_table

        names = {t.id: t.name for t in self.cards.traits.values()}
        players: list[dict[str, Any]] = []
        for name in order:
            entry: dict[str, Any] = {"name": name, "traits": [names[t] for t in piles[name]], "choices": {}}
            ids = set(piles[name])
            if ids & HAND_CARDS:
                entry["hand"] = [names[t] for t in self.ask_cards(f"{name}'s hand, card")]
            seat = self.tracker.players.index(name) if name in self.tracker.players else None
            if ids & GENE_POOL_CARDS:
                default = self.tracker.gene_pools[seat] if seat is not None and self.tracker.gene_pools else 5
                entry["gene_pool"] = self.ask_gene_pool(name, default)
            players.append(entry)
        cats = [self.cards.catastrophes[c].name for c in self.tracker.catastrophes]
        if cat is not None and (not cats or cats[-1] != cat.name):
            cats = [c for c in cats if c != cat.name][:2] + [cat.name]
        data: dict[str, Any] = {"players": players, "catastrophes": cats, "edition": self.cards.edition}
        for _ in range(40):
            try:
                result = score_table(data, "the table")
            except ScoreFileError as exc:
                missing = exc.missing
                if missing is None:
                    self.out.info(str(exc))
                    return
                data["players"][missing.player]["choices"][missing.card] = self.ask_choice(
                    data["players"][missing.player]["name"], missing
                )
                continue
            for p in result.players:
                self.out.info(p.sentence())
            self.out.lines(result.lines()[-1:])
            return

    def ask_gene_pool(self, name: str, default: int) -> int:
        """A gene pool the scorer accepts; anything else is said and asked again, so the
        traits already typed are never lost to one wrong number."""
        from doomlings_access.scorer import GENE_POOL_RANGE

        low, high = GENE_POOL_RANGE
        if not low <= default <= high:  # the tracker can go beyond (up and down are free)
            default = min(max(default, low), high)
        while True:
            line = self.read(f"{name}'s gene pool [{default}]: ")
            if not line:
                return default
            value = whole_number(line, low, high)
            if value is not None:
                return value
            self.out.info(f"A gene pool is a whole number from {low} to {high}. Type it again, or Enter for {default}.")

    def ask_choice(self, who: str, missing: Any) -> Any:
        if missing.reason == "recolour_from":
            pick = self.choose(f"{who}'s Faith: recolour which colour?", ["none", *REAL_COLOURS])
            if pick == 0:
                return "none"
            source = REAL_COLOURS[pick - 1]
            others = [c for c in REAL_COLOURS if c != source]
            target = others[self.choose(f"{who}'s Faith: {source} becomes which colour?", others)]
            return {"from": source, "to": target}
        from doomlings_access.scorer import NEEDS

        need = NEEDS.get(missing.reason, "the answer")
        return missing.answers[self.choose(f"{who}'s {missing.card}: {need}?", missing.answers)]

    # --- table tracker -----------------------------------------------------------------------
    def track(self) -> None:
        self.ask_players()
        t = self.tracker
        self.out.info(
            "Table tracker. Commands: up NAME, down NAME, age NAME, catastrophe NAME, "
            "status, help, back."
        )
        while True:
            line = self.read("Tracker: ")
            word, _, rest = line.partition(" ")
            word = word.lower()
            if not word:
                self.out.info("Type a command, or help.")
                continue
            if word in ("up", "down"):
                seat = self.seat(rest)
                if seat is not None:
                    t.gene_pools[seat] += 1 if word == "up" else -1
                    self.out.info(f"{t.players[seat]}'s gene pool is now {t.gene_pools[seat]}.")
            elif word == "age":
                card = self.find(rest, type(self.cards.birth_of_life)) if rest else None
                if card is not None:
                    t.round += 1
                    self.out.info(f"Round {t.round}, era {t.era}: {card.name}. {card.text}")
            elif word in ("catastrophe", "cat", "c"):
                if len(t.catastrophes) == 3:
                    self.out.info("The world has already ended: three catastrophes were revealed.")
                    continue
                card = self.find(rest, CatastropheDef) if rest else None
                if card is not None and len(t.catastrophes) < 3:
                    self.catastrophe(card)
                    if len(t.catastrophes) == 3:
                        self.out.info("The third catastrophe: the world ends. Choose World's End and scoring from the menu.")
                        return
            elif word == "status":
                self.status()
            elif word in ("help", "?"):
                self.out.info("up NAME or down NAME: change a gene pool by one. age NAME: a new round.")
                self.out.info("catastrophe NAME: a catastrophe; the first player moves left. status: the table.")
            else:
                self.out.info(f"Not a command: {word[:20]}. Type help.")

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
        t.first = (t.first + 1) % len(t.players)
        self.out.info(f"Catastrophe {len(t.catastrophes)} of 3: {card.name}. First player is now {t.players[t.first]}.")
        if card.gene_pool:
            for seat in range(len(t.players)):
                new = t.gene_pools[seat] + card.gene_pool
                if 1 <= new <= 8:
                    t.gene_pools[seat] = new
            pools = join([f"{n} {g}" for n, g in zip(t.players, t.gene_pools)])
            self.out.info(f"Gene pools {card.gene_pool:+d}: {pools}. Skip anyone Denial protects with up.")
        self.out.info(f"{card.catastrophic_text}")

    def seat(self, typed: str) -> int | None:
        hits = [i for i, n in enumerate(self.tracker.players) if n.lower().startswith(typed.strip().lower())]
        if typed.strip() and len(hits) == 1:
            return hits[0]
        self.out.info(f"Name one player: {join(self.tracker.players)}.")
        return None

    def status(self) -> None:
        t = self.tracker
        cats = [self.cards.catastrophes[c].name for c in t.catastrophes]
        self.out.info(f"Round {t.round}, era {t.era}. First player: {t.players[t.first]}.")
        self.out.info(f"Catastrophes: {join(cats) if cats else 'none yet'}, of 3.")
        self.out.info("Gene pools: " + join([f"{n} {g}" for n, g in zip(t.players, t.gene_pools)]) + ".")
