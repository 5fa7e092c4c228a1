"""Two people at one keyboard: each hears the game from their own seat, and nothing private to
one is printed while the other has the keyboard (issue: heard and understood)."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence

from builders import RulesOfThumb, new_game

from doomlings_access.rules import Game, Setup
from doomlings_access.rules import events as ev
from doomlings_access.telling.console import PlainConsole
from doomlings_access.telling.output import Output
from doomlings_access.ui.session import Prefs, Session

PASS = re.compile(r"^Pass to (\w+)\. Press Enter when \1 is ready\.$")


def hot_seat(seed: int, answers: str) -> tuple[str, Game]:
    g = new_game(Setup(("Ana", "Ben", "Otto"), seed))
    stdin, stdout = io.StringIO(answers), io.StringIO()
    console = PlainConsole(stdin, stdout)
    Session(g, [0, 1], {2: RulesOfThumb(seed, 2)}, console, Output(console.write), Prefs()).run()
    return stdout.getvalue(), g


def segments(text: str) -> list[tuple[str, str]]:
    """(whose keyboard, what was printed while they had it)."""
    out: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        m = PASS.match(line)
        if m:
            out.append((m.group(1), []))
        elif out:
            out[-1][1].append(line)
    return [(who, " ".join(lines)) for who, lines in out]


def test_each_person_hears_only_their_own_cards_and_their_log() -> None:
    for seed in range(6):
        text, g = hot_seat(seed, ("1\n" * 5 + "log 40\n") * 400)
        assert g.is_over
        seat_of = {"Ana": 0, "Ben": 1}
        drawn = {0: set(), 1: set()}  # names of cards each person drew (private to them)
        for e in g.log:
            if isinstance(e, ev.Drew) and e.player in drawn:
                drawn[e.player] |= {g.defs[c].name for c in e.cards}
        parts = segments(text)
        assert {who for who, _ in parts} == {"Ana", "Ben"}
        assert "Plain mode cannot clear the screen" in text
        for who, said in parts:
            seat = seat_of[who]
            other = next(n for n in seat_of if n != who)
            said = re.sub(r"\s+", " ", said)
            # Your draws are yours; the other person's draws are counts.
            for listed in re.findall(r"You (?:draw|are dealt) ([^,.;]+(?:, [^,.;]+)*(?: and [^,.;]+)?)[,.;]", said):
                for name in re.split(r", | and ", listed):
                    if not re.fullmatch(r"\d+ (cards?|in hand)", name):
                        assert name in drawn[seat], (seed, who, name)
            assert not re.search(rf"\b{other} (?:draws|is dealt) (?!\d+ cards?\b)", said), (seed, who)
            assert "\nYou's" not in said and f"{other}, your hand" not in said


def test_a_forced_play_waits_for_its_owner_and_shows_no_other_hand() -> None:
    """A person with one playable trait hears why and presses Enter before anyone hears it
    played: in a hot seat the keyboard goes to them first. (The play was told to the person
    at the keyboard at once, and the late hand-over printed one person's hand to the other.)
    Seeds 2, 10 and 13 hold three or more such plays each (Otto plays by rules of thumb, but
    a person's chance out of turn is answered as the normal level would: a change to that
    level may move the seeds)."""
    for seed in (2, 10, 13):
        text, g = hot_seat(seed, "1\n" * 3000)
        assert g.is_over
        forced = [(g.name(e.player), g.defs[e.card].name) for e in g.log
                  if isinstance(e, ev.OnlyPlayable) and e.player in (0, 1)]
        assert len(forced) >= 3, (seed, forced)
        parts = segments(text)
        for who, said in parts:
            other = "Ben" if who == "Ana" else "Ana"
            assert f"{other}, your hand" not in said, (seed, who)
        flat = " ".join(said for _, said in parts)
        at = 0
        for who, card in forced:
            # the owner's segment says why, and only then does the other person hear the play
            confirm = next(i for i, (w, said) in enumerate(parts) if w == who and f"Only {card}," in said)
            assert all(f"Only {card}," not in said for w, said in parts if w != who), (seed, card)
            heard = flat.find(f"{who} plays {card},", at)
            told_before = " ".join(said for _, said in parts[:confirm])
            assert f"{who} plays {card}," not in told_before[at:], (seed, who, card)
            at = max(at, heard)


def test_a_command_typed_at_a_hand_over_waits_for_the_next_person() -> None:
    """At "Pass to Ben.", ``hand`` (the person leaving asking for their own hand) is not
    taken for Ben's Enter, which printed Ben's hand to them: it is refused in one line, and
    the hand-over waits; ``log`` alike."""

    class Typist(PlainConsole):
        def __init__(self) -> None:
            super().__init__(io.StringIO(), io.StringIO())
            self.hand_overs = 0
            self.typed = ["hand", "log", "quit", "n"]

        def read(self, prompt: str, words: Sequence[str] = ()) -> str:
            self.write(prompt)
            self.hand_overs += prompt == ""
            quitting = prompt.startswith("Quit the game?")
            line = self.typed.pop(0) if self.hand_overs >= 2 and (prompt == "" or quitting) and self.typed else "1"
            self.write(line)
            return line

    g = new_game(Setup(("Ana", "Ben", "Otto"), 3))
    typist = Typist()
    Session(g, [0, 1], {2: RulesOfThumb(3, 2)}, typist, Output(typist.write), Prefs()).run()
    lines = [line for line in typist.stdout.getvalue().splitlines() if line]
    at = lines.index("Pass to Ben. Press Enter when Ben is ready.")
    refusal = "Commands work once Ben has the keyboard. Press Enter when Ben is ready."
    assert lines[at + 1: at + 5] == ["hand", refusal, "log", refusal], lines[at: at + 6]
    # quit, then n: the hand-over goes on, without calling the quit a command that waits
    assert lines[at + 5: at + 8] == ["quit", "Quit the game? Type y to quit, n to go on: ", "n"], lines[at + 5: at + 9]
    assert lines[at + 8] == "Going on. Press Enter when Ben is ready.", lines[at + 8]
    assert g.is_over


def test_every_hand_over_is_for_something_asked() -> None:
    """Three people and a computer: each "Pass to X." is followed by a question for X or X's
    forced play to confirm (or the end). After one person's forced play led to another's,
    the keyboard came back to the first only to read them their hand, asked nothing."""
    for seed in (7, 10, 29, 41):
        g = new_game(Setup(("Ana", "Ben", "Cy", "Otto"), seed))
        stdin, stdout = io.StringIO("1\n" * 5000), io.StringIO()
        console = PlainConsole(stdin, stdout)
        Session(g, [0, 1, 2], {3: RulesOfThumb(seed, 3)}, console, Output(console.write), Prefs()).run()
        assert g.is_over
        for who, said in segments(stdout.getvalue()):
            asked = "Choose 1 to" in said or "Press Enter to play it" in said or "Final scores" in said
            assert asked, (seed, who, said[:300])


def test_going_on_after_ctrl_c_at_a_hand_over_says_again_what_it_waits_for() -> None:
    """Ctrl-C at "Pass to Ana. Press Enter when Ana is ready.", then n: "Going on." and a
    silent prompt; nothing said the game waited for Enter, or for whom."""

    class CtrlCOnce(PlainConsole):
        pressed = False

        def read(self, prompt: str, words: Sequence[str] = ()) -> str:
            if not self.pressed:
                self.pressed = True
                raise KeyboardInterrupt
            return super().read(prompt, words)

    g = new_game(Setup(("Ana", "Ben", "Cy"), 7))
    stdout = io.StringIO()
    console = CtrlCOnce(io.StringIO("n\n\n1\n"), stdout)
    Session(g, [0, 1], {2: RulesOfThumb(7, 2)}, console, Output(console.write), Prefs(pause=0)).run()
    lines = [line for line in stdout.getvalue().splitlines() if line.strip()]
    at = lines.index("Quit the game? Type y to quit, n to go on: n")
    assert lines[at - 1] == "Pass to Ana. Press Enter when Ana is ready."
    assert lines[at + 1] == "Going on. Press Enter when Ana is ready.", lines[at : at + 3]


def test_a_resumed_game_s_place_is_read_before_the_hand_over_clears_the_screen() -> None:
    """On a terminal, "Game resumed: ... Ben's turn." was cleared the moment it was printed,
    by the first hand-over's clear: a magnifier user never saw where the game stood."""

    class Clearing(PlainConsole):
        def can_clear(self) -> bool:
            return True

        def clear(self) -> bool:
            self.write("<cleared>\n")
            return True

    g = new_game(Setup(("Ana", "Ben", "Cy"), 7))
    first = PlainConsole(io.StringIO("\n1\n" * 3 + "quit\ny\n"), io.StringIO())
    Session(g, [0, 1], {2: RulesOfThumb(7, 2)}, first, Output(first.write), Prefs(pause=12)).run()
    stdout = io.StringIO()
    again = Clearing(io.StringIO("\n\nquit\ny\n"), stdout)
    Session(g, [0, 1], {2: RulesOfThumb(7, 2)}, again, Output(again.write), Prefs(pause=12), resumed=True).run()
    lines = [line for line in stdout.getvalue().splitlines() if line.strip()]
    assert lines[0] == "Game resumed: Ana and Ben at the keyboard, Cy at the computer."  # no team
    cleared = next(i for i, line in enumerate(lines) if line.startswith("<cleared>"))
    assert lines[cleared - 1] == "Press Enter to go on. ", lines[: cleared + 1]
    assert lines[cleared + 1].startswith("Pass to ")


def test_before_the_first_hand_over_of_a_resumed_game_review_shows_only_what_all_may_see() -> None:
    """Resumed, ``hand`` at the first pause, before anyone had the keyboard, printed the first
    person's hand to whoever was looking. The hand, and the scores that count it, wait for
    the hand-over; the table, a pile, the age are what all may see, told by name."""

    class Clearing(PlainConsole):
        def can_clear(self) -> bool:
            return True

        def clear(self) -> bool:
            self.write("<cleared>")
            return True

    g = new_game(Setup(("Ana", "Ben", "Cy"), 7))
    first = PlainConsole(io.StringIO("\n1\n" * 3 + "quit\ny\n"), io.StringIO())
    Session(g, [0, 1], {2: RulesOfThumb(7, 2)}, first, Output(first.write), Prefs()).run()
    stdout = io.StringIO()
    again = Clearing(io.StringIO("hand\nscores\ntable\npile ana\n\nquit\ny\n"), stdout)
    Session(g, [0, 1], {2: RulesOfThumb(7, 2)}, again, Output(again.write), Prefs(), resumed=True).run()
    text = stdout.getvalue()
    before = " ".join(text[: text.index("<cleared>")].split())
    assert "Press Enter to go on. hand Nobody has the keyboard yet: each hand is told to its person after the hand-over." in before
    assert "scores Nobody has the keyboard yet: the scores, which count a hand, are told to each person after the hand-over." in before
    assert re.search(r"table (Ben|Cy|Ana): gene pool \d, \d cards in hand, first player; ", before), before
    assert "pile ana Ana's trait pile" in before
    assert not re.search(r"\b(Ana|Ben), your hand|\bYou (play|draw|are dealt)|\bYour turn", before), before
    # where the game stands says whose turn it is, once (a resumed game said "Ben's turn." twice)
    assert before.count("Ben's turn.") == 1, before


def test_no_pause_at_one_keyboard_has_only_a_hand_over_behind_it() -> None:
    """A pause came with nothing after it but the hand-over ("Press Enter for more." / "Ana's
    turn." / "Ben, press Enter to pass the keyboard."): about 3.3 Enters a turn that were no
    answers. Ten games of two people and two computers at a terminal that clears: after every
    pause comes news, and no news before a hand-over is only whose turn it is."""

    class Terminal(PlainConsole):
        def can_clear(self) -> bool:
            return True

        def clear(self) -> bool:
            self.write("<cleared>")
            return True

    pauses = 0
    for seed in range(1, 11):
        g = new_game(Setup(("Ana", "Ben", "Otto", "Pia"), seed))
        console = Terminal(io.StringIO("1\n" * 5000), io.StringIO())
        agents = {s: RulesOfThumb(seed, s) for s in (2, 3)}
        Session(g, [0, 1], agents, console, Output(console.write), Prefs()).run()
        assert g.is_over
        lines = [line for line in console.stdout.getvalue().splitlines() if line.strip()]
        for i, line in enumerate(lines):
            if line.startswith("Press Enter for more."):
                pauses += 1
                after = next((j for j in range(i + 1, len(lines)) if re.search(r"Choose|Press Enter|press Enter", lines[j])), len(lines))
                told = [x for x in lines[i + 1 : after] if x != "<cleared>" and not PASS.match(x)]
                assert told, (seed, lines[i - 2 : after + 1])
                assert not re.fullmatch(r"\w+'s turn\.", " ".join(told)), (seed, told)
            if re.fullmatch(r"\w+, press Enter to pass the keyboard\. ?1?", line):
                assert not re.fullmatch(r"\w+'s turn\.", lines[i - 1]), (seed, lines[i - 3 : i + 1])
    assert pauses > 5
