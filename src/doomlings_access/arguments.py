"""Command-line options shared by ``play``, ``resume`` and the main menu (no heavy imports)."""

from __future__ import annotations

import argparse
import re

from doomlings_access.lines import MAX_PAUSE, PAUSE

LEVELS = ("easy", "normal", "hard")
"""The computer levels (the registry in ``ai.levels`` builds them; a test keeps both alike)."""
HOUSE_RULES = {
    "long-age-deck": "long_age_deck",
    "empty-hand-draw-5": "empty_hand_draw",
    "catastrophe-ends-round": "catastrophe_ends_round",
    "gene-pool-leader-bonus": "gene_pool_leader_bonus",
    "discard-unmet-requirement": "discard_unmet_requirement",
    "ignore-restricted-cost": "ignore_restricted_cost",
    "all-28-ages": "all_28_ages",
    "colourless-counts-as-colour": "colourless_counts_as_colour",
    "one-card-to-a-lone-neighbour": "one_card_to_a_lone_neighbour",
}


GAMES = ("doomlings", "doomcrop")
"""The games ``play`` starts: Doomlings, and Doomcrop (an ordinary deck of playing cards)."""


def add_play_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--game", choices=GAMES, default="doomlings",
        help="which game (default doomlings; doomcrop: the game for an ordinary deck of playing cards)",
    )
    p.add_argument(
        "--players", type=whole_number, default=None, help="2 to 6 players (default 3; Doomcrop 2)"
    )
    p.add_argument("--humans", type=whole_number, default=1, help="how many are people (default 1)")
    p.add_argument("--names", default="", help="names, comma-separated, e.g. Ana,Ben")
    p.add_argument(
        "--level", default="normal",
        help="computer level: easy, normal or hard, or one per computer seat, comma-separated",
    )
    add_thinking_arguments(p)
    p.add_argument("--seed", type=seed_number, default=None, help="seed for a repeatable game (0 or more)")
    for flag in HOUSE_RULES:
        p.add_argument(f"--{flag}", action="store_true", help=f"house rule: {flag.replace('-', ' ')}")
    p.add_argument(
        "--decks", type=whole_number, default=None,
        help="Doomcrop: decks shuffled together (default one for two players, one more for each two)",
    )
    p.add_argument("--jokers", type=whole_number, default=0, help="Doomcrop: Jokers added, up to two a deck")
    p.add_argument("--epic-techniques", action="store_true", help="Doomcrop: the optional Epic Techniques")
    # Doomcrop's readings where its rules bear two (docs/doomcrop-rulings.md); the default is the plainer.
    p.add_argument(
        "--hearts-adjacency", choices=("sides", "around"), default="sides",
        help="Doomcrop: a Heart beside a defending Heart shares a side (default), or a side or a corner",
    )
    p.add_argument(
        "--hearts-helper-turns-down", action="store_true",
        help="Doomcrop: a Heart added to a defence turns face down again after the combat",
    )
    p.add_argument(
        "--king-order", choices=("chosen", "reading"), default="chosen",
        help="Doomcrop: a King's cards attack in the order its player chooses (default), or front left to back right",
    )
    p.add_argument(
        "--ranked-faces", action="store_true",
        help="Doomcrop: for who goes first, discarded Faces rank Jack, Queen, King, Ace, Joker",
    )
    add_output_arguments(p)


def add_thinking_arguments(p: argparse.ArgumentParser) -> None:
    """How long the hard level thinks per decision (for ``play`` and ``tournament``)."""
    p.add_argument(
        "--think", type=seconds, default=1.0, metavar="SECONDS",
        help="the hard level's thinking time per decision (default 1 second)",
    )
    p.add_argument(
        "--iterations", type=whole_number, default=1000, metavar="N",
        help="the hard level's sampled games per decision at most (default 1000)",
    )


def add_server_arguments(p: argparse.ArgumentParser) -> None:
    """Where a server listens (``serve``, ``host``), and how long a seat waits for its person."""
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1, this computer only; 0.0.0.0: every network)")
    p.add_argument("--port", type=port_number, default=8765, help="the port (default 8765; 0: any free port)")
    p.add_argument("--grace", type=seconds, default=15.0, metavar="SECONDS",
                   help="how long a seat waits for a person who dropped before a computer plays it (default 15)")


def redis_address(text: str) -> str:
    """A Redis to share rooms through: ``redis://``, ``rediss://`` (TLS) or ``unix://``.

    >>> redis_address("redis://127.0.0.1:6379/0")
    'redis://127.0.0.1:6379/0'
    >>> redis_address("127.0.0.1:6379")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a Redis address begins with redis://, rediss:// or unix://, as redis://HOST:6379/0
    """
    if not text.startswith(("redis://", "rediss://", "unix://")) or len(text) > 500:
        raise argparse.ArgumentTypeError(
            "a Redis address begins with redis://, rediss:// or unix://, as redis://HOST:6379/0")
    return text


def port_number(text: str) -> int:
    """A TCP port, 0 to 65535 (0: any free one)."""
    port = whole_number(text)
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {text[:20]}")
    return port


OUTPUT_DEFAULTS: dict[str, object] = {
    "plain": False,
    "speech": None,
    "verbosity": None,
    "labels": None,
    "only_choice": None,
    "any_time": None,
    "pause": None,
    "edition": "retail",
}
"""Options accepted both before and after the command, and their values when given nowhere."""


def add_output_arguments(p: argparse.ArgumentParser, top: bool = False) -> None:
    """The output options (and ``--edition``), on the main parser (``top``) and on a command.

    argparse lets a command's defaults overwrite what was given before the command
    (``doomlings --plain companion`` would lose ``--plain``), so on a command the options have
    no default at all; :func:`fill_defaults` supplies them after parsing.
    """
    default = None if top else argparse.SUPPRESS
    p.add_argument(
        "--plain",
        action="store_true",
        default=False if top else argparse.SUPPRESS,
        help="plain line input, no escape sequences",
    )
    p.add_argument("--speech", choices=("screen-reader", "direct", "tts", "off"), default=default)
    p.add_argument("--verbosity", choices=("terse", "normal", "verbose"), default=default)
    p.add_argument("--labels", choices=("text", "braille"), default=default)
    p.add_argument(
        "--only-choice", choices=("ask", "play"), default=default,
        help="when one trait alone can be played (Doomcrop: a question has one answer): wait for Enter (ask) or play it at once",
    )
    p.add_argument(
        "--any-time", choices=("own", "every"), default=default,
        help="a trait you may play at any time: offered after your own plays (own) or after every trait played",
    )
    p.add_argument(
        "--pause", type=pause_lines, default=default, metavar="LINES",
        help=f"wait for Enter before more than LINES lines come between two questions (default {PAUSE}; 0: never)",
    )
    p.add_argument(
        "--edition", choices=("retail", "first"), default=default, help="retail (default) or first"
    )


WHOLE = re.compile(r"[+-]?[0-9]{1,19}")
DECIMAL = re.compile(r"[0-9]{0,6}(?:[.][0-9]{1,6})?")


def whole_number(text: str) -> int:
    """A whole-number option, written in ASCII digits only: ``int`` would also take other
    scripts' digits, underscores and spaces, which a typo should not pass as a number; the
    option's range is checked where it is used."""
    if not WHOLE.fullmatch(text):
        if re.fullmatch(r"[+-]?[0-9]+", text):  # digits, too many of them: say that
            raise argparse.ArgumentTypeError(f"too large a number: {text[:20]!r}... (at most 18 digits)")
        raise argparse.ArgumentTypeError(f"not a whole number in digits 0 to 9: {text[:20]!r}")
    return int(text)


SEED = re.compile(r"[+]?[0-9]{1,18}")


def seed_number(text: str) -> int:
    """A seed (``--seed`` of every command): a whole number from 0, in at most 18 ASCII
    digits. Python's generator drops a seed's sign, so ``--seed -12`` dealt the very games of
    ``--seed 12``, and a tournament given one replayed deals without a word; position files
    refuse a negative seed too."""
    if SEED.fullmatch(text):
        return int(text)
    if re.fullmatch(r"-[0-9]+", text):
        raise argparse.ArgumentTypeError(
            f"a seed is a whole number from 0, not {text[:20]!r} (a negative seed deals the games of the same seed without its sign)"
        )
    if re.fullmatch(r"[+]?[0-9]+", text):
        raise argparse.ArgumentTypeError(f"too large a seed: {text[:20]!r}... (at most 18 digits)")
    raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 in digits 0 to 9, not {text[:20]!r}")


def seconds(text: str) -> float:
    """A time in seconds (``--think``), in ASCII digits with an optional decimal point: never
    ``nan``, ``inf``, an exponent or another script's digits, all of which ``float`` takes."""
    if not (text and text != "." and DECIMAL.fullmatch(text)):
        raise argparse.ArgumentTypeError(f"not a number of seconds such as 0.5: {text[:20]!r}")
    return float(text)


def pause_lines(text: str) -> int:
    """``--pause``: a whole number of lines from 0 (never wait) to :data:`MAX_PAUSE`."""
    if not (text.isascii() and text.isdigit() and len(text) <= 3 and int(text) <= MAX_PAUSE):
        raise argparse.ArgumentTypeError(f"pause must be a number from 0 to {MAX_PAUSE}")
    return int(text)


def fill_defaults(args: argparse.Namespace) -> argparse.Namespace:
    """Give every output option its value: where it was typed, else its default. Which were
    typed is kept in ``args.typed`` (a score file's edition yields only to a typed one)."""
    args.typed = frozenset(name for name in OUTPUT_DEFAULTS if getattr(args, name, None) is not None)
    for name, default in OUTPUT_DEFAULTS.items():
        if getattr(args, name, None) is None:
            setattr(args, name, default)
    return args
