"""The ``doomlings`` command. Each subcommand imports only what it needs, so look-ups stay fast.

Bad input never gives a traceback: one clear line on standard error and exit code 2.
Whatever is printed that came from outside (a path, a typed name, a file's words) goes
through the one sanitiser (``safety.text.clean``) first.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from doomlings_access.safety.text import clean

USAGE_ERROR = 2


class _Help(argparse.HelpFormatter):
    """Help at 80 columns whatever the terminal's width: argparse lays its options out in two
    columns, which only hold together at a width known in advance.

    (argparse's own formatter also asks the terminal its size, importing shutil, each time an
    option is added.)"""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=80)


class _Parser(argparse.ArgumentParser):
    """A parser whose mistakes are one line, not the usage block before it: a listener hears
    what was wrong at once, and ``--help`` gives the usage."""

    def error(self, message: str) -> NoReturn:
        # The message quotes what was typed: control characters become "?" (an escape
        # sequence would retitle the window or clear the screen), and it stays one line.
        self.exit(2, f"{self.prog}: {clean(message, 1000)}. For help: {self.prog} --help\n")


COMMANDS = (
    "play", "companion", "resume", "transcript", "braille-ref", "speech-check", "card",
    "score", "simulate", "tournament", "cards", "scenario", "doctor", "serve", "join", "host", "learn",
)
_VALUED = ("--speech", "--verbosity", "--labels", "--edition")


def _command_in(argv: Sequence[str]) -> str | None:
    """The command word of ``argv`` (options before it skipped), if it is one of ours."""
    skip = False
    for word in argv:
        if skip:
            skip = False
        elif word in _VALUED:
            skip = True
        elif not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def _parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser; with ``only``, just that command's (quicker: ``doomlings card`` is run
    for one look-up, and its start-up time counts)."""
    from doomlings_access.arguments import (
        GAMES,
        add_output_arguments,
        add_play_arguments,
        add_server_arguments,
        add_thinking_arguments,
        redis_address,
        seconds,
        seed_number,
        whole_number,
    )

    parser = _Parser(
        prog="doomlings",
        description="Doomlings for blind and low-vision players: the game, its cards and tools.",
        formatter_class=_Help,
    )
    add_output_arguments(parser, top=True)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", prog="doomlings")

    def command(name: str, text: str) -> argparse.ArgumentParser:
        """A command that also takes the output options, after its name as before it."""
        if only is not None and name != only:
            return _Parser(add_help=False, formatter_class=_Help)  # unused
        p = sub.add_parser(name, help=text, formatter_class=_Help)
        if name != "play":
            add_output_arguments(p)
        return p

    add_play_arguments(command("play", "start a game directly"))
    command("companion", "the companion for the physical braille deck")

    res = command("resume", "resume the newest unfinished game, or a chosen save")
    res.add_argument("save", nargs="?", default=None, help="a save file, or its number in --list (default: the newest)")
    res.add_argument("--list", action="store_true", help="list the saved games, newest first")

    tr = command("transcript", "write every announcement of a saved game as text")
    tr.add_argument("save", nargs="?", default=None)
    tr.add_argument("--latest", action="store_true", help="the most recently played game")
    tr.add_argument("--out", default=None, help="write to this file instead of the screen")

    ref = command("braille-ref", "write the braille reference sheets into braille_ref/")
    ref.add_argument("--check", action="store_true", help="fail if braille_ref/ is stale")
    ref.add_argument("--folder", default=None, help="another folder than the checkout's braille_ref/")
    ref.add_argument(
        "--numeric-indicator", action="store_true",
        help="write (or check) labels with the numeric indicator before the value (dr#4), "
        "for a deck whose stickers have it",
    )

    check = command("speech-check", "say a sample sentence, or render it to a WAV file")
    check.add_argument("--wav", default=None, help="write the speech to this WAV file")
    check.add_argument(
        "--rate", type=whole_number, default=None, help="words a minute (tts)"
    )
    check.add_argument("--voice", default=None)

    card = command("card", "look up one card by name or label, and exit")
    card.add_argument("name", nargs="+", help="a name, a unique prefix, or a label like db17")

    score = command("score", "score an end state described in a JSON file")
    score.add_argument("file", help="the score file (see README: Scoring a table)")
    score.add_argument("--json", action="store_true", help="print JSON instead of sentences")

    sim = command("simulate", "play seeded random games and check the rules' invariants")
    sim.add_argument("--games", type=whole_number, default=100, help="how many games (default 100)")
    sim.add_argument("--players", type=whole_number, default=None, help="2 to 6 (default: cycle 2..6)")
    sim.add_argument("--seed", type=seed_number, default=1, help="seed of the first game (default 1)")
    sim.add_argument("--all-28-ages", action="store_true", help="deal from all 28 ages")
    sim.add_argument("--long-age-deck", action="store_true", help="digital spec's long age deck")
    sim.add_argument("--replay-check", action="store_true", help="also check replay equals original")
    sim.add_argument("--json", action="store_true", help="print a JSON summary")

    tour = command("tournament", "play seeded games between computer levels and compare them")
    tour.add_argument(
        "--game", choices=GAMES, default="doomlings",
        help="which game (default doomlings; doomcrop: one deck for two players, one for each two)",
    )
    tour.add_argument("--games", type=whole_number, default=200, help="how many games (default 200)")
    tour.add_argument("--players", type=whole_number, default=None, help="2 to 6 (default: one per seat)")
    tour.add_argument(
        "--seats", default="normal,easy,easy,easy",
        help="the levels, comma-separated, one per seat, rotated each game (default normal,easy,easy,easy)",
    )
    tour.add_argument("--seed", type=seed_number, default=1, help="seed of the first game (default 1)")
    tour.add_argument("--jobs", type=whole_number, default=1, help="processes to play in (default 1)")
    add_thinking_arguments(tour)
    tour.add_argument("--json", action="store_true", help="print the figures as JSON")

    scen = command("scenario", "set up a position file, play given answers, and tell what happens")
    scen.add_argument("file", help="the position file (see docs/positions.md)")
    scen.add_argument(
        "--answers", default="", help="answers in order, comma-separated: numbers or names"
    )
    scen.add_argument(
        "--to-end", action="store_true", help="then play on to the end with seeded random answers"
    )
    scen.add_argument("--seed", type=seed_number, default=1, help="seed of the random answers (--to-end)")
    scen.add_argument("--as", dest="seat", default=None, help="tell it as this player sees it")
    scen.add_argument("--json", action="store_true", help="print the events and the state as JSON")

    cards = command("cards", "list the cards with label, colour, value and effect")
    cards.add_argument("--kind", choices=("trait", "age", "catastrophe"))
    cards.add_argument("--json", action="store_true", help="print JSON")
    cards.add_argument(
        "--check", action="store_true", help="list cards whose behaviour is not implemented"
    )

    srv = command("serve", "serve online play: the web page and the rooms, until stopped")
    add_server_arguments(srv)
    srv.add_argument("--origin", action="append", default=[], metavar="URL",
                     help="another web address whose pages may connect (the page's own always may)")
    srv.add_argument("--redis", type=redis_address, default=None, metavar="URL",
                     help="share rooms with other servers through this Redis (redis://HOST:PORT/0): "
                          "a room outlives the server holding it")
    srv.add_argument("--lease", type=seconds, default=3.0, metavar="SECONDS",
                     help="with --redis: how long a room waits for its server before another takes it over (default 3)")

    join = command("join", "join a room on a server by its code, at this terminal")
    join.add_argument("server", metavar="HOST", help="the server: HOST, HOST:PORT or its web address")
    join.add_argument("code", help="the room's code, like KQ7PXD")
    join.add_argument("--name", default=None, help="your name at the table")

    host = command("host", "open a room for friends to join (on a server started here, unless --server)")
    add_server_arguments(host)
    host.add_argument("--name", default=None, help="your name at the table")
    host.add_argument("--server", default=None, metavar="HOST", help="open the room on this running server instead")
    host.add_argument("--game", choices=GAMES, default="doomlings",
                      help="the room's game (default doomlings; doomcrop: two players unless the host adds more)")

    learn = command("learn", "learn to play: short lessons at the game's own prompt, then a short game")
    learn.add_argument(
        "lesson", nargs="?", default=None,
        help="the lesson to take, by number (default: where you left off), or a lesson file of your own",
    )
    learn.add_argument("--list", action="store_true", help="list the lessons, and where you are")
    learn.add_argument(
        "--check", action="store_true",
        help="play the lessons (or the one named) as their steps ask, and say where the game does not do what they say",
    )

    doctor = command("doctor", "check the saves, settings and card cache in use, and offer to fix them")
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


OUTPUT_ERROR = 74
"""Exit status when what the program says cannot be written (sysexits' EX_IOERR): a full disk
under ``> file``, a closed standard output."""
ANSWERING = frozenset(("play", "resume", "companion", "join", "host", "learn", None))
"""The commands that read a player's answers (None: the main menu)."""


def _closed_streams() -> frozenset[str]:
    """Which standard streams the program was started without (``<&-``, ``>&-``): Python
    leaves ``sys.stdin`` None, and the first file the game opened would take the free
    descriptor 0, so a prompt could read a saved game as if typed. Each closed one is
    opened on the null device (reading: end of input; writing: nothing kept), so that no
    file can take its place, and named for :func:`main` to refuse what cannot work without it."""
    closed = set()
    for fd, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        try:
            os.fstat(fd)
        except OSError:
            closed.add(name)
            null = os.open(os.devnull, os.O_RDONLY if fd == 0 else os.O_WRONLY)
            if null != fd:  # (a lower descriptor was free too: it is filled in its own turn)
                os.dup2(null, fd)
                os.close(null)
            setattr(sys, name, os.fdopen(fd, "r" if fd == 0 else "w", encoding="utf-8", errors="replace"))
    return frozenset(closed)


def _is_terminal(stream: object) -> bool:
    try:
        return bool(stream is not None and stream.isatty())  # type: ignore[attr-defined]
    except (OSError, ValueError):
        return False


def _output_failed(exc: OSError, at_terminal: bool) -> int:
    """One line on standard error when standard output (or a file named) cannot be written,
    then the null device in its place: Python writes what is left at exit, and a second
    failure there printed "Exception ignored" and its traceback. A terminal that was closed
    under the game (EIO) is a hang-up, said to nobody: the game was saved after its last
    action, and it ends as at SIGHUP, with status 0."""
    hung_up = at_terminal and exc.errno == errno.EIO
    where = f"{clean(str(exc.filename), 300)}: " if isinstance(exc.filename, str) else "the output cannot be written: "
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):
        pass
    if hung_up:
        return 0
    try:
        print(f"doomlings: {where}{exc.strerror or exc}.", file=sys.stderr, flush=True)
    except (OSError, ValueError):  # standard error is full or closed too: the status says it
        pass
    return OUTPUT_ERROR


def main(argv: Sequence[str] | None = None) -> int:
    closed = _closed_streams()
    at_terminal = _is_terminal(sys.stdout)
    _tolerant_streams()
    words = sys.argv[1:] if argv is None else list(argv)
    parser = _parser(_command_in(words))
    from doomlings_access.arguments import fill_defaults

    try:
        args = fill_defaults(parser.parse_args(words))
    except SystemExit as exc:  # argparse already printed a one-line usage error
        return int(exc.code or 0) and USAGE_ERROR
    if "stdout" in closed:  # (print() says nothing at all to a closed output: refused aloud)
        print("doomlings: standard output is closed, so nothing could be shown.", file=sys.stderr)
        return OUTPUT_ERROR
    if "stdin" in closed and args.command in ANSWERING and not (getattr(args, "list", False) or getattr(args, "check", False)):
        return _fail(
            "standard input is closed, so no answer can be typed: play at a terminal, or give "
            "the answers with < FILE"
        )
    try:
        code = _run(parser, args)
        sys.stdout.flush()  # a full disk under `> file` is found here, not at exit
        return code
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
    except OSError as exc:  # output that cannot be written (a full disk): the game was saved
        return _output_failed(exc, at_terminal)  # after its last action, and the save is left as it is


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.command == "card":
        return _card(args)
    if args.command == "score":
        return _score(args)
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "tournament":
        return _tournament(args)
    if args.command == "cards":
        return _cards(args)
    if args.command == "scenario":
        return _scenario(args)
    if args.command == "play":
        from doomlings_access.app import play

        return play(args)
    if args.command == "companion":
        from doomlings_access.app import companion

        return companion(args)
    if args.command == "resume":
        from doomlings_access.app import resume

        return resume(args)
    if args.command == "learn":
        from doomlings_access.app import learn

        return learn(args)
    if args.command == "transcript":
        from doomlings_access.app import transcript

        return transcript(args)
    if args.command == "braille-ref":
        return _braille_ref(args)
    if args.command == "speech-check":
        return _speech_check(args)
    if args.command == "serve":
        from doomlings_access.online.rooms import Timing
        from doomlings_access.online.server import serve

        return serve(args.host, args.port, Timing(grace=args.grace), args.origin, args.redis, args.lease)
    if args.command == "join":
        from doomlings_access.online.client import join

        return join(args)
    if args.command == "host":
        from doomlings_access.online.client import host

        return host(args)
    if args.command == "doctor":
        from doomlings_access.doctor import doctor

        return doctor("yes" if args.yes else "no" if args.no else "ask")
    from doomlings_access.app import menu

    return menu(args)


def _card(args: argparse.Namespace) -> int:
    """``doomlings card NAME``: every fact about one card, lines of at most 80 characters.

    When several cards fit (a shared label) or the name is misspelt, the candidates are
    numbered; at a terminal, typing a number shows that card. The cards come from the
    look-up index (``cards.index``), so this starts about as fast as Python itself.
    """
    from doomlings_access.braille.labels import read_typed_label
    from doomlings_access.cards.index import card_index
    from doomlings_access.cards.lookup import UnknownCardError, find_cards

    try:
        cards = card_index(args.edition)
    except ValueError as exc:  # the loader's CardDataError: the file and the field
        return _fail(str(exc))

    braille = labels_wanted(args) == "braille"

    def shown(label: str) -> str:
        return _braille_label(label) if braille else label

    typed = " ".join(args.name)
    try:
        found = find_cards(typed, cards, read_typed_label, _read_braille)
        listing = [f"{len(found)} cards fit {clean(typed, 100)}:"]
        listing += [f"{n}. {c.name}, {shown(c.label)}" for n, c in enumerate(found, 1)]
    except UnknownCardError as exc:  # "Did you mean: 1. Tiny?"
        found = [c for name in exc.suggestions for c in cards if c.name == name]
        if not found or not _interactive():
            return _fail(str(exc))
        listing = [_sentence(str(exc))]
    if len(found) > 1 or len(listing) == 1:
        _print_lines(listing)
        pick = _pick(len(found)) if _interactive() else None
        if pick is None:
            return 0 if len(listing) > 1 else USAGE_ERROR
        found = [found[pick]]
    _print_lines(found[0].description(shown(found[0].label)))
    return 0


def labels_wanted(args: argparse.Namespace) -> str:
    """``--labels`` as typed, else the settings file's (:func:`.settings.labels_setting`)."""
    from doomlings_access.settings import labels_setting

    return labels_setting(args.labels)


def _braille_label(label: str) -> str:
    """A label in Unicode braille (Nemeth digits), or as it is if a character has no cell."""
    from doomlings_access.braille.labels import LabelError, label_to_unicode

    try:
        return label_to_unicode(label)
    except LabelError:
        return label


def _interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _pick(count: int) -> int | None:
    """Ask for a number from 1 to ``count`` (Enter for none): the index chosen."""
    from doomlings_access.ui.words import choose_from

    while True:
        try:
            line = input(f"{choose_from(count)}, or Enter for none: ").strip()
        except (EOFError, KeyboardInterrupt):
            print()
            return None
        if not line:
            return None
        if line.isascii() and line.isdigit() and 1 <= int(line) <= count:
            return int(line) - 1
        print(f"Not a choice: {clean(line, 20)}. Choose 1 to {count}.")


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _read_braille(typed: str) -> str | None:
    """Contracted braille typed at the look-up, read back by liblouis (loaded only then)."""
    from doomlings_access.braille.reading import read_typed_braille

    return read_typed_braille(typed)


def _print_lines(lines: Sequence[str]) -> None:
    """Print lines as everything else the game prints (at most 80 characters, broken at spaces),
    cleaned (a misspelt name is quoted back)."""
    from doomlings_access.lines import print_wrapped

    for line in lines:
        print_wrapped(sys.stdout, clean(line))


def _braille_ref(args: argparse.Namespace) -> int:
    from pathlib import Path

    from doomlings_access.braille.louis import LiblouisMissing
    from doomlings_access.braille.reading import check_readback
    from doomlings_access.braille.reference import (
        MAX_SHEET_BYTES,
        check_reference,
        default_folder,
        write_reference,
    )
    from doomlings_access.cards import CardDataError, load_cards
    from doomlings_access.safety.files import FileRefused, read_bounded

    folder = Path(args.folder) if args.folder else default_folder()
    if os.path.lexists(folder) and not folder.is_dir():
        return _fail(f"--folder {clean(str(folder), 300)} is not a folder")
    try:
        if args.check:
            stale = check_reference(folder, args.edition, args.numeric_indicator)
            for name in stale:  # a path is printed whole, on its line, to be copied
                print(clean(f"Stale or missing: {folder / name}"))
            if not stale:
                _print_lines([f"The braille reference in {folder} is up to date."])
            readback = check_readback(
                read_bounded(folder / "card_list.brf", MAX_SHEET_BYTES).decode("ascii", "replace"),
                load_cards(args.edition).all_cards(),
            )
            _print_lines([readback.line()])  # liblouis reads every name and label back
            _print_lines([f"Does not read back: {name}" for name in readback.failed])
            return 1 if stale or readback.failed else 0
        written = write_reference(folder, args.edition, args.numeric_indicator)
    except (LiblouisMissing, CardDataError) as exc:
        return _fail(str(exc))
    except FileRefused as exc:  # a FIFO, a device, a link or too big: never waited on or written through
        return _fail(str(exc))
    except OSError as exc:
        if args.check:  # card_list.brf missing or unreadable: reported as stale above
            return _fail(f"cannot read {clean(str(exc.filename or folder), 300)}: {exc.strerror or exc}")
        where = clean(str(folder), 300)
        return _fail(f"cannot write the braille reference in {where}: {exc.strerror or exc}")
    _print_lines([f"Wrote {len(written)} files to {folder}."])
    return 0


def _speech_check(args: argparse.Namespace) -> int:
    from doomlings_access.app import configure_speech_labels
    from doomlings_access.settings import MAX_RATE, MIN_RATE, voice_problem
    from doomlings_access.speech import speech_check

    configure_speech_labels()
    if args.rate is not None and not MIN_RATE <= args.rate <= MAX_RATE:
        return _fail(f"--rate must be {MIN_RATE} to {MAX_RATE} words a minute")
    voice = voice_problem(args.voice) if args.voice is not None else None
    if voice is not None:  # the settings file's check: an engine is never handed ESC or "-x"
        return _fail(f"--voice: {voice}")
    if args.wav:
        from pathlib import Path

        from doomlings_access.app import refused_target
        from doomlings_access.safety.files import FileRefused, check_target

        refused = refused_target(Path(args.wav))  # never a saved game or the settings file
        if refused is not None:
            return _fail(f"speech check failed: {refused}")
        try:
            check_target(Path(args.wav))  # a device or a FIFO is never renamed over
        except FileRefused as exc:
            return _fail(f"speech check failed: {exc}")
    try:
        mode = args.speech or "tts"  # a speech check speaks unless told otherwise
        checked = speech_check(mode, wav=args.wav, rate=args.rate, voice=args.voice)
    except (OSError, RuntimeError, ValueError) as exc:
        return _fail(f"speech check failed: {exc}")
    _print_lines(checked.lines)
    return 0 if checked.ok else 1


def _count(n: int, noun: str) -> str:
    """"1 game", "3 games"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _shown_number(value: int) -> str:
    """A number typed, as an error quotes it (a 4,000-digit one shortened)."""
    text = str(value)
    return text if len(text) <= 12 else f"{text[:6]}... ({len(text)} digits)"


def _fail(message: str) -> int:
    print(f"doomlings: {clean(message, 1000)}", file=sys.stderr)
    return USAGE_ERROR


def _score(args: argparse.Namespace) -> int:
    from doomlings_access.scorer import ScoreFileError, score_file

    try:
        result = score_file(args.file, args.edition if "edition" in args.typed else None)
    except ScoreFileError as exc:
        return _fail(str(exc))
    for note in result.notes:  # (standard error: the scores on standard output stay as they were)
        print(clean(note), file=sys.stderr)
    if args.json:
        import json

        print(json.dumps(result.to_json()))  # JSON escapes every control character itself
    else:
        print("\n".join(clean(line) for line in result.lines()))
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from doomlings_access.rules import Options
    from doomlings_access.simulate import simulate

    if not 1 <= args.games <= 10_000_000:
        return _fail(f"--games must be 1 to 10000000, not {_shown_number(args.games)}")
    if args.players is not None and not 2 <= args.players <= 6:
        return _fail("--players must be 2 to 6")
    options = Options(
        edition=args.edition, all_28_ages=args.all_28_ages, long_age_deck=args.long_age_deck
    )
    report = simulate(args.games, args.players, args.seed, options, args.replay_check)
    if args.json:
        import json

        print(json.dumps(report.to_json()))
    else:
        print(
            f"{report.games} games, {report.actions} actions, "
            f"{len(report.violations)} violations, {report.games_per_second:.1f} games per second."
        )
        for violation in report.violations:
            print(f"Violation: {violation}")
    return 1 if report.violations else 0


def _tournament(args: argparse.Namespace) -> int:
    from doomlings_access import tournament as t

    contest = t.GAMES[args.game]
    levels = [level.strip().lower() for level in str(args.seats).split(",")]
    unknown = [level for level in levels if level not in contest.levels]
    if unknown:
        return _fail(f"unknown level {clean(unknown[0])[:20]!r}: choose from {', '.join(contest.levels)}")
    if args.players is None and not 2 <= len(levels) <= 6:
        return _fail(f"--seats names {_count(len(levels), 'level')}: give one per seat, 2 to 6 seats")
    players = args.players if args.players is not None else len(levels)
    if not 2 <= players <= 6:
        return _fail(f"--players must be 2 to 6, not {players}")
    if len(levels) != players:
        return _fail(f"--seats names {_count(len(levels), 'level')} for {players} players: give one per seat")
    if not 1 <= args.games <= 1_000_000:
        return _fail(f"--games must be 1 to 1000000, not {_shown_number(args.games)}")
    if not 1 <= args.jobs <= 64:
        return _fail(f"--jobs must be 1 to 64, not {_shown_number(args.jobs)}")
    from doomlings_access.app import thinking_budget

    try:
        budget = thinking_budget(args)
    except ValueError as exc:
        return _fail(str(exc))
    step = max(1, args.games // 20)

    def progress(done: int) -> None:
        if done % step == 0 or done == args.games:
            print(f"Tournament: {done} of {args.games} games played.", file=sys.stderr, flush=True)

    results = t.run(args.games, levels, args.seed, args.jobs, args.edition, progress, budget, args.game)
    figures = {level: f.to_json() for level, f in t.tally(results).items()}
    if args.json:
        import json

        print(json.dumps({"game": args.game, "games": args.games, "players": players, "seed": args.seed,
                          "seats": levels, "think": budget.seconds, "iterations": budget.iterations,
                          "levels": figures}))
        return 0
    lines = [
        f"{_count(args.games, contest.noun)} of {players} players, seats {', '.join(levels)} rotated, seed {args.seed}."
    ]
    note = contest.note(players)
    if note is not None:
        lines.append(note)
    if "hard" in levels:
        lines.append(f"hard thinks up to {budget.seconds:g} seconds or {budget.iterations} sampled games a decision.")
    for level, f in figures.items():
        low, high = f["win_rate_95"]
        lines += [  # a line a figure, each led by the level: the table read a row at a time
            f"{level}: wins {100 * f['win_rate']:.1f}% (95% interval {100 * low:.1f} to {100 * high:.1f}) "
            f"over {_count(f['seats'], 'seat')}.",
            f"{level}: mean score {f['mean_score']:.1f}, margin {f['mean_margin']:+.1f}.",
            f"{level}: decisions {f['decision_ms_mean']:.2f} ms mean, {f['decision_ms_p99']:.2f} ms 99th percentile.",
        ]
    _print_lines(lines)
    return 0


def _scenario(args: argparse.Namespace) -> int:
    from doomlings_access.positions import PositionFileError
    from doomlings_access.ui.scenario import ScenarioError, load, play, report
    from doomlings_access.ui.words import Style

    answers = [a for a in (part.strip() for part in args.answers.split(",")) if a]
    crop = _doomcrop_position(args.file)
    if crop is not None:
        return _crop_scenario(args, crop, answers)
    try:
        game = load(args.file, args.edition if "edition" in args.typed else None)
        seat = None
        if args.seat is not None:  # matched as the file's own "turn" is: "zoe" is Zoë
            from doomlings_access.safety.text import player_named

            seat = player_named(args.seat, [game.name(s) for s in range(game.n)])
            if seat is None:
                return _fail(f"--as: no player named {args.seat[:40]!r}")
        verbosity = args.verbosity if "verbosity" in args.typed else "verbose"
        out = play(
            game, answers, to_end=args.to_end, seed=args.seed, seat=seat, style=Style(args.labels), verbosity=verbosity
        )
    except PositionFileError as exc:
        return _fail(str(exc))
    except ScenarioError as exc:  # (loading names the file already; an answer's error is the file's too)
        text = str(exc)
        return _fail(text if text.startswith(args.file) else f"{args.file}: {text}")
    report(out, sys.stdout, args.json)
    return 0


def _doomcrop_position(path: str) -> object | None:
    """The parsed position file when it is Doomcrop's (``"game": "doomcrop"``), else None
    (Doomlings' reader then says what is wrong with it, if anything)."""
    from pathlib import Path

    from doomlings_access.safety.files import FileRefused, load_named_json
    from doomlings_access.ui.scenario import MAX_FILE

    try:
        data = load_named_json(Path(path), MAX_FILE)
    except (FileRefused, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("game") == "doomcrop" else None


def _crop_scenario(args: argparse.Namespace, data: object, answers: list[str]) -> int:
    from doomlings_access.doomcrop_ui import scenario

    try:
        game = scenario.load(data, args.file)
        seat = None
        if args.seat is not None:
            from doomlings_access.safety.text import player_named

            seat = player_named(args.seat, list(game.setup.players))
            if seat is None:
                return _fail(f"--as: no player named {args.seat[:40]!r}")
        verbosity = args.verbosity if "verbosity" in args.typed else "verbose"
        out = scenario.play(game, answers, to_end=args.to_end, seed=args.seed, seat=seat, labels=args.labels,
                            verbosity=verbosity)
    except scenario.ScenarioError as exc:
        text = str(exc)
        return _fail(text if text.startswith(args.file) else f"{args.file}: {text}")
    scenario.report(out, sys.stdout, args.json)
    return 0


def _cards(args: argparse.Namespace) -> int:
    from doomlings_access.cards import CardDataError, load_cards
    from doomlings_access.cards.describe import card_summary
    from doomlings_access.ui.words import Style

    try:
        cards = load_cards(args.edition)
    except CardDataError as exc:
        return _fail(str(exc))
    if args.check:
        from doomlings_access.rules.registry import unimplemented

        missing = unimplemented(cards)
        for card, pieces in missing:
            _print_lines([f"{card.name}: not implemented: {', '.join(pieces)}"])
        if not missing:
            _print_lines([f"All {len(cards.all_cards())} cards are implemented."])
        return 1 if missing else 0
    chosen = [c for c in cards.all_cards() if args.kind is None or c.kind == args.kind]
    if args.json:
        import json

        print(json.dumps([card_summary(c) for c in chosen], ensure_ascii=False))
        return 0
    style = Style(labels_wanted(args))
    for n, card in enumerate(chosen):
        line = card_summary(card)["line"]
        if card.kind == "trait":  # the label as the reader asked for it
            line = line.replace(f", {card.label}:", f", {style.label(card)}:", 1)
        elif card.kind == "catastrophe":  # (the deck's c and name, as its sticker has it)
            line = line.replace(f", label {card.label}:", f", label {style.label(card)}:", 1)
        if n:
            print()  # a blank line between cards: each card is one paragraph
        _print_lines([line])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
