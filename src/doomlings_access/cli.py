"""The ``doomlings`` command. Each subcommand imports only what it needs, so look-ups stay fast.

Bad input never gives a traceback: one clear line on standard error and exit code 2.
Whatever is printed that came from outside (a path, a typed name, a file's words) goes
through the one sanitiser (``safety.text.clean``) first.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from doomlings_access.safety.text import clean

USAGE_ERROR = 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="doomlings",
        description="Doomlings for blind and low-vision players: the game, its cards and tools.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    from doomlings_access.arguments import add_output_arguments, add_play_arguments

    add_output_arguments(parser)
    play = sub.add_parser("play", help="start a game directly")
    add_play_arguments(play)

    comp = sub.add_parser("companion", help="the companion for the physical braille deck")
    comp.add_argument("--edition", choices=("retail", "first"), default="retail")
    add_output_arguments(comp)

    res = sub.add_parser("resume", help="resume the newest unfinished game, or a chosen save")
    res.add_argument("save", nargs="?", default=None, help="a save file (default: the newest)")
    res.add_argument("--list", action="store_true", help="list the saved games, newest first")
    add_output_arguments(res)

    tr = sub.add_parser("transcript", help="write every announcement of a saved game as text")
    tr.add_argument("save", nargs="?", default=None)
    tr.add_argument("--latest", action="store_true", help="the most recently played game")
    tr.add_argument("--out", default=None, help="write to this file instead of the screen")

    ref = sub.add_parser("braille-ref", help="write the braille reference sheets into braille_ref/")
    ref.add_argument("--check", action="store_true", help="fail if braille_ref/ is stale")
    ref.add_argument("--folder", default=None, help="another folder than the checkout's braille_ref/")

    check = sub.add_parser("speech-check", help="say a sample sentence, or render it to a WAV file")
    check.add_argument("--speech", choices=("screen-reader", "direct", "tts", "off"), default="tts")
    check.add_argument("--wav", default=None, help="write the speech to this WAV file")
    check.add_argument("--rate", type=int, default=None)
    check.add_argument("--voice", default=None)

    card = sub.add_parser("card", help="look up one card by name or label, and exit")
    card.add_argument("name", nargs="+", help="a name, a unique prefix, or a label like db17")
    card.add_argument("--edition", choices=("retail", "first"), default="retail")

    score = sub.add_parser("score", help="score an end state described in a JSON file")
    score.add_argument("file", help="the score file (see README: Scoring a table)")
    score.add_argument("--json", action="store_true", help="print JSON instead of sentences")

    sim = sub.add_parser("simulate", help="play seeded random games and check the rules' invariants")
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--players", type=int, default=None, help="2 to 6 (default: cycle 2..6)")
    sim.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    sim.add_argument("--edition", choices=("retail", "first"), default="retail")
    sim.add_argument("--all-28-ages", action="store_true", help="deal from all 28 ages")
    sim.add_argument("--long-age-deck", action="store_true", help="digital spec's long age deck")
    sim.add_argument("--replay-check", action="store_true", help="also check replay equals original")
    sim.add_argument("--json", action="store_true", help="print a JSON summary")

    cards = sub.add_parser("cards", help="list the cards with label, colour, value and effect")
    cards.add_argument("--kind", choices=("trait", "age", "catastrophe"))
    cards.add_argument("--edition", choices=("retail", "first"), default="retail")
    cards.add_argument("--json", action="store_true", help="print JSON")
    cards.add_argument(
        "--check", action="store_true", help="list cards whose behaviour is not implemented"
    )

    doctor = sub.add_parser(
        "doctor", help="check the saves, settings and card cache in use, and offer to fix them"
    )
    answers = doctor.add_mutually_exclusive_group()
    answers.add_argument("--yes", action="store_true", help="fix everything without asking")
    answers.add_argument("--no", action="store_true", help="only report; change nothing")
    return parser


def _tolerant_streams() -> None:
    """Undecodable bytes typed or piped in, and characters the terminal cannot show, become
    a replacement character instead of a crash."""
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="replace")
            except (ValueError, OSError):  # a closed or unusual stream: leave it as it is
                pass


def main(argv: Sequence[str] | None = None) -> int:
    _tolerant_streams()
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed a one-line usage error
        return int(exc.code or 0) and USAGE_ERROR
    try:
        return _run(parser, args)
    except BrokenPipeError:  # the reader went away (e.g. piped into head): not an error
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:  # Ctrl-C before any question: nothing to lose, leave quietly
        print("\nInterrupted.", file=sys.stderr)
        return 130
    except ValueError as exc:
        from doomlings_access.cards import CardDataError

        if isinstance(exc, CardDataError):  # the cards' fault, said as such; no save is touched
            return _fail(f"the card data cannot be loaded: {exc}")
        raise


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.command == "card":
        return _card(args)
    if args.command == "score":
        return _score(args)
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "cards":
        return _cards(args)
    if args.command == "play":
        from doomlings_access.app import play

        return play(args)
    if args.command == "companion":
        from doomlings_access.app import companion

        return companion(args)
    if args.command == "resume":
        from doomlings_access.app import resume

        return resume(args)
    if args.command == "transcript":
        from doomlings_access.app import transcript

        return transcript(args)
    if args.command == "braille-ref":
        return _braille_ref(args)
    if args.command == "speech-check":
        return _speech_check(args)
    if args.command == "doctor":
        from doomlings_access.doctor import doctor

        return doctor("yes" if args.yes else "no" if args.no else "ask")
    from doomlings_access.app import menu

    return menu(args)


def _card(args: argparse.Namespace) -> int:
    from doomlings_access.cards import load_cards
    from doomlings_access.cards.describe import full_description
    from doomlings_access.cards.lookup import UnknownCardError, find_cards

    cards = load_cards(args.edition)
    typed = " ".join(args.name)
    try:
        found = find_cards(typed, cards.all_cards())
    except UnknownCardError as exc:
        return _fail(str(exc))
    if len(found) > 1:
        print(f"{len(found)} cards fit {clean(typed, 100)}:")
        for n, card in enumerate(found, 1):
            print(f"{n}. {card.name}, {card.label}")  # type: ignore[attr-defined]
        return 0
    print("\n".join(full_description(found[0])))  # type: ignore[arg-type]
    return 0


def _braille_ref(args: argparse.Namespace) -> int:
    from pathlib import Path

    from doomlings_access.braille.louis import LiblouisMissing
    from doomlings_access.braille.reference import check_reference, default_folder, write_reference
    from doomlings_access.cards import CardDataError

    folder = Path(args.folder) if args.folder else default_folder()
    if os.path.lexists(folder) and not folder.is_dir():
        return _fail(f"--folder {clean(str(folder), 300)} is not a folder")
    try:
        if args.check:
            stale = check_reference(folder)
            for name in stale:
                print(clean(f"Stale or missing: {folder / name}"))
            if not stale:
                print(clean(f"The braille reference in {folder} is up to date."))
            return 1 if stale else 0
        written = write_reference(folder)
    except (LiblouisMissing, CardDataError) as exc:
        return _fail(str(exc))
    except OSError as exc:
        return _fail(f"cannot write the braille reference in {clean(str(folder), 300)}: {exc.strerror or exc}")
    print(clean(f"Wrote {len(written)} files to {folder}."))
    return 0


def _speech_check(args: argparse.Namespace) -> int:
    from doomlings_access.speech import speech_check

    if args.wav:
        from pathlib import Path

        from doomlings_access.safety.files import FileRefused, check_target

        try:
            check_target(Path(args.wav))  # a device or a FIFO is never renamed over
        except FileRefused as exc:
            return _fail(f"speech check failed: {exc}")
    try:
        lines = speech_check(args.speech, wav=args.wav, rate=args.rate, voice=args.voice)
    except (OSError, RuntimeError, ValueError) as exc:
        return _fail(f"speech check failed: {exc}")
    print("\n".join(clean(line) for line in lines))
    return 0


def _fail(message: str) -> int:
    print(f"doomlings: {clean(message, 1000)}", file=sys.stderr)
    return USAGE_ERROR


def _score(args: argparse.Namespace) -> int:
    from doomlings_access.scorer import ScoreFileError, score_file

    try:
        result = score_file(args.file)
    except ScoreFileError as exc:
        return _fail(str(exc))
    if args.json:
        print(json.dumps(result.to_json()))  # JSON escapes every control character itself
    else:
        print("\n".join(clean(line) for line in result.lines()))
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from doomlings_access.rules import Options
    from doomlings_access.simulate import simulate

    if args.games < 1:
        return _fail("--games must be at least 1")
    if args.players is not None and not 2 <= args.players <= 6:
        return _fail("--players must be 2 to 6")
    options = Options(
        edition=args.edition, all_28_ages=args.all_28_ages, long_age_deck=args.long_age_deck
    )
    report = simulate(args.games, args.players, args.seed, options, args.replay_check)
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        print(
            f"{report.games} games, {report.actions} actions, "
            f"{len(report.violations)} violations, {report.games_per_second:.1f} games per second."
        )
        for violation in report.violations:
            print(f"Violation: {violation}")
    return 1 if report.violations else 0


def _cards(args: argparse.Namespace) -> int:
    from doomlings_access.cards import CardDataError, load_cards
    from doomlings_access.cards.describe import card_summary, unimplemented

    try:
        cards = load_cards(args.edition)
    except CardDataError as exc:
        return _fail(str(exc))
    if args.check:
        missing = unimplemented(cards)
        for card, pieces in missing:
            print(f"{card.name}: not implemented: {', '.join(pieces)}")
        if not missing:
            print(f"All {len(cards.all_cards())} cards are implemented.")
        return 1 if missing else 0
    chosen = [c for c in cards.all_cards() if args.kind is None or c.kind == args.kind]
    if args.json:
        print(json.dumps([card_summary(c) for c in chosen], ensure_ascii=False))
    else:
        for card in chosen:
            print(card_summary(card)["line"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
