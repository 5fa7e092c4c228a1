"""Words every game's telling uses: a message in print and speech, lists, counts.

>>> join(["Ana", "Ben", "Cy"]), plural(1, "card"), plural(3, "card")
('Ana, Ben and Cy', '1 card', '3 cards')
>>> Said("Ben captures your 7C.", "Ben captures your 7 of Clubs.").speech
'Ben captures your 7 of Clubs.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

PEOPLE_NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay")
"""The names of people at one keyboard who give none, by seat, in every game (one person alone
is "You")."""
TERSE, NORMAL, VERBOSE = "terse", "normal", "verbose"
VERBOSITIES = (TERSE, NORMAL, VERBOSE)
"""How much is told: terse leaves out what others did that changes nothing for the
listener; verbose adds the detail a listener can otherwise review."""


@dataclass(frozen=True)
class Said:
    """One message: the printed line (short labels, for the eye and a braille display) and
    the spoken sentence (cards in words, since a synthesizer reads ``7C`` as "seven C")."""

    text: str
    speech: str
    sentences: tuple[Said, ...] = field(default=(), compare=False, repr=False)
    """The sentences a story told as one message is made of (none: it is one): where a pause
    may part it when the lines run out."""

    @staticmethod
    def alike(text: str) -> Said:
        """A message printed and spoken in the same words.

        >>> Said.alike("You are back.").speech
        'You are back.'
        """
        return Said(text, text)


def story(sentences: Sequence[Said]) -> Said:
    """Sentences told as one message (kept, so a pause may part it between two of them)."""
    if len(sentences) == 1:
        return sentences[0]
    return Said(
        " ".join(s.text for s in sentences), " ".join(s.speech for s in sentences), tuple(sentences),
    )


def join(items: Sequence[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``; ``nothing`` for none."""
    items = list(items)
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def capital(text: str) -> str:
    """The sentence's first letter in capitals ("your turn" begins "Your turn")."""
    return text[:1].upper() + text[1:]


def choose_from(count: int) -> str:
    """"Choose 1 to 4"; for a single option "Type 1 for it" (not "Choose 1 to 1")."""
    return "Type 1 for it" if count == 1 else f"Choose 1 to {count}"


def introduced(said: Said, players: Sequence[str], levels: Mapping[int, str]) -> Said:
    """Any game's first message at a table, with who the computer players are and how strong
    (nobody could tell): "Computer players: Otto plays at hard; Pia and Quin at normal."
    (``players``: the names, by seat)."""
    by_level: dict[str, list[str]] = {}
    for seat in sorted(levels):
        by_level.setdefault(levels[seat], []).append(players[seat])
    parts = []
    for i, (level, names) in enumerate(by_level.items()):
        verb = ("plays " if len(names) == 1 else "play ") if i == 0 else ""  # "; Pia and Quin at normal"
        parts.append(f"{join(names)} {verb}at {level}")
    told = f"Computer players: {'; '.join(parts)}."
    return Said(f"{said.text} {told}", f"{said.speech} {told}")
