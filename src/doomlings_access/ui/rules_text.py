"""The rules in short, in our own words, by topic (the ``rules`` command).

Each line of a topic is whole sentences: it is printed broken at 80 columns, and spoken as it
is written (a sentence written on two lines was spoken in two pieces, broken at the wrap)."""

from __future__ import annotations

from doomlings_access.rules.options import Options
from doomlings_access.ui.words import HOUSE_RULES, house_rules

TOPICS: dict[str, list[str]] = {
    "goal": [
        "Score the most points by the end of the world.",
        "The world ends when the third catastrophe is revealed.",
    ],
    "turn": [
        "On your turn, play one trait from your hand into your trait pile.",
        "Then follow its effect, if it has one, and stabilize.",
        "You must play a trait if you can.",
        "With an empty hand, you draw 3 and skip the turn.",
        "If nothing can be played, you skip, or discard your hand and draw 3.",
    ],
    "stabilize": [
        "To stabilize, draw or discard until your hand matches your gene pool.",
        "A gene pool change does not make you draw or discard until you stabilize.",
    ],
    "gene pool": [
        "Your gene pool is how many cards you hold after stabilizing.",
        "It starts at 5 and stays between 1 and 8: a change past them is ignored.",
        "When a trait that changed it leaves your pile, the change is always undone.",
    ],
    "ages": [
        "Each round, the first player reveals an age. Everyone follows it before turns.",
        "An age's effect lasts for that round only.",
    ],
    "catastrophes": [
        "A catastrophe moves the first player one seat left.",
        "Its gene pool change is for good; its catastrophic effect happens before turns.",
        "Its World's End effect only counts if it is the third and final catastrophe.",
    ],
    "worlds end": [
        "At the third catastrophe: its gene pool and catastrophic effects, then each player's "
        "World's End traits in turn order, then the catastrophe's World's End effect, then scoring.",
    ],
    "scoring": [
        "Score: World's End points, plus face values, plus bonuses.",
        "A variable value, X, counts 0 as face value; its points are a bonus.",
        "A tie: each tied player draws a trait and adds only its face value.",
    ],
    "dominants": [
        "A dominant trait never leaves a trait pile once played.",
        "You may have only 2. A third that arrives by chance is discarded.",
        "Birth of a Hero is the only way to hold 3.",
    ],
    "actions": [
        "An action happens only when its trait is played from your hand.",
        "Stolen, swapped, or played from the deck or discard pile, it does not act.",
        "If an action cannot be done, the trait is still played.",
    ],
    "out of turn": [
        "Some traits may be played out of turn, when the game offers it.",
        "Playing one is not your turn, and you do not stabilize.",
    ],
    "colours": [
        "The colours are blue, green, purple and red.",
        "Colourless traits are not a colour for any colour effect.",
    ],
    "labels": [
        "Labels are as on the braille deck: d for dominant, then the colour letter, b blue, "
        "g green, p purple, r red, c colourless, then the value or X.",
        'Tiny is "db17": dominant blue 17. Confusion is "c-2": colourless minus 2.',
    ],
}


TITLES = {"worlds end": "World's End"}
"""A topic's name as its heading says it, where that is not how it is typed."""


def topic(name: str, options: Options | None = None) -> list[str]:
    """The topic ``name`` under its heading, then the house rules of ``options`` that change it."""
    house = options.differences() if options is not None else []
    values = options.to_json() if options is not None else {}
    out = [f"Rules, {TITLES.get(name, name)}:", *TOPICS[name]]
    for option in house:
        if HOUSE_RULE_TOPICS.get(option) == name:
            said = HOUSE_RULES[option].format(**values)
            out.append(f"In this game a house rule changes this: {said}.")
    return out


HOUSE_RULE_TOPICS = {
    "empty_hand_draw": "turn",
    "ignore_restricted_cost": "turn",
    "long_age_deck": "ages",
    "all_28_ages": "ages",
    "catastrophe_ends_round": "catastrophes",
    "one_card_to_a_lone_neighbour": "catastrophes",
    "gene_pool_leader_bonus": "scoring",
    "discard_unmet_requirement": "actions",
    "colourless_counts_as_colour": "colours",
    "edition": "goal",
}
"""The topic whose rulebook text a house rule changes."""


def rules(wanted: str | None, options: Options | None = None) -> list[str]:
    """Lines about the topic ``wanted`` (a prefix is enough), or the list of topics. With a game's
    ``options``, a topic ends with the house rules that change it (else "draw 3" was heard,
    then elsewhere "draws 5", with nothing to say which holds)."""
    if wanted:
        typed = wanted.strip().lower().replace("'", "")
        typed = typed.replace("color", "colour")  # the rulebook's spelling finds ours
        for name in TOPICS:
            if name.startswith(typed) or typed in name.split():
                return topic(name, options)
        return [f"No rules topic {wanted!r}. Topics: {', '.join(TOPICS)}."]
    out = [f"Rules topics: {', '.join(TOPICS)}. Type rules and a topic, like rules turn."]
    if options is not None and (said := house_rules(options, "House rules in this game")):
        out.append(said)
    return out
