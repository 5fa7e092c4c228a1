"""Nothing told that a seat cannot see, for Doomcrop: everything told to a seat (the news, its
questions, every review command, and the whole transcript of the prompt loop) is the same in
two games that differ only in cards that seat cannot see, until the seat is told something
that differs.

Pairs are made as for the players' no-peek test (tests/doomcrop/test_crop_no_peek.py): a game
played a while at random, and its twin with every card the seat cannot identify dealt afresh.
"""

from __future__ import annotations

import io
import json
import random

import pytest
from clocked import Clocked

from doomlings_access.doomcrop import Choice, Game, Options, Setup
from doomlings_access.doomcrop.random_player import choose
from doomlings_access.doomcrop.sampling import unseen_dealt_afresh
from doomlings_access.doomcrop.setup import read_position
from doomlings_access.doomcrop.view import View
from doomlings_access.doomcrop_ai.levels import make_agent
from doomlings_access.players.search import Budget
from doomlings_access.doomcrop_ui import review
from doomlings_access.doomcrop_ui.announcer import Announcer
from doomlings_access.doomcrop_ui.game import COMMANDS, DoomcropWords
from doomlings_access.telling.loop import Prefs, PromptLoop
from doomlings_access.telling.console import PlainConsole
from doomlings_access.telling.output import Output

PAIRS = [(seed, 2 + seed % 3) for seed in range(90)]
REVIEWS = [(c, "") for c in COMMANDS] + [
    ("grid", "p1"), ("card", "front left"), ("card", "p1 back right"), ("card", "7c"), ("card", "p0 centre"), ("card", "xyz"),
]


def pair(seed: int, players: int) -> tuple[Game, Game, int] | None:
    rng = random.Random(seed)
    game = Game(Setup(tuple(f"P{i}" for i in range(players)), seed, Options(decks=(players + 1) // 2)))
    for _ in range(rng.randrange(0, 70)):
        if game.pending is None:
            return None
        game.apply(choose(game.view(game.pending.player), rng))
    if game.pending is None:
        return None
    seat = game.pending.player if rng.random() < 0.7 else rng.randrange(players)
    return game.copy(record=True), unseen_dealt_afresh(game, seat, rng), seat


def told(view: View, seat: int, labels: str) -> list[object]:
    """Everything the words of Doomcrop tell ``seat`` from ``view``."""
    words = DoomcropWords()
    out: list[object] = [(s.text, s.speech) for s, _ in Announcer(seat, view.names, "verbose", labels).stories(view.log)]
    out += [[(s.text, s.speech) for s in words.review(view, c, a, labels)] for c, a in REVIEWS]
    out.append(words.where_we_are(view))
    if view.pending is not None:
        q = words.question(view, view.pending, labels)
        out.append([(s.text, s.speech) for s in q.lines()] + [o.words for o in q.options])
    return out


@pytest.mark.parametrize("chunk", range(3))
def test_the_words_told_to_a_seat_are_alike_in_games_differing_only_in_unseen_cards(chunk: int) -> None:
    compared = differing = 0
    for seed, players in PAIRS[chunk::3]:
        made = pair(seed, players)
        if made is None:
            continue
        a, b, seat = made
        differing += a.snapshot() != b.snapshot()
        rng = random.Random(seed)
        for step in range(40):
            da, db = a.pending, b.pending
            if da is None or db is None:
                break
            va, vb = a.view(seat), b.view(seat)
            if va.log != vb.log:  # the seat was told something different: the pair parts here
                break
            labels = "braille" if step % 5 == 0 else "text"
            assert told(va, seat, labels) == told(vb, seat, labels), (seed, step)
            compared += 1
            if da != db:
                break
            pick = rng.randrange(len(da.options))
            a.apply(Choice(da.player, da.options[pick]))
            b.apply(Choice(db.player, db.options[pick]))
    assert differing >= 10, differing
    assert compared > 50, compared


def test_a_teller_that_peeked_would_be_caught() -> None:
    """The pairs differ where a peeking teller would look: another seat's grid as its owner
    knows it (its face-down cards named) differs between the two games of some pairs."""
    caught = 0
    for seed, players in PAIRS[:30]:
        made = pair(seed, players)
        if made is None:
            continue
        a, b, seat = made
        other = (seat + 1) % players
        peek = [[s.text for s in review.grid(g.view(other), other)] for g in (a, b)]
        caught += peek[0] != peek[1]
        assert [s.text for s in review.grid(a.view(seat), other)] == [s.text for s in review.grid(b.view(seat), other)]
    assert caught >= 10, caught


def transcript_with_marks(
    game: Game, seat: int, seed: int, level: str = "easy",
) -> tuple[str, list[tuple[list[object], int]]]:
    """The prompt loop's transcript with ``seat`` a person answering 1 at every prompt, the
    others easy computer players; and after each answer, the seat's log and the transcript's
    length then."""
    stdin, stdout = io.StringIO("1\n" * 600), io.StringIO()
    marks: list[tuple[list[object], int]] = []

    def mark(holder: int | None) -> None:
        marks.append((list(game.seen_log(seat)), len(stdout.getvalue())))

    console = PlainConsole(stdin, stdout)
    budget = Budget(seconds=60, iterations=3)
    agents = {s: make_agent(level, seed, s, budget) for s in range(len(game.setup.players)) if s != seat}
    PromptLoop[View](game, DoomcropWords(), [seat], agents, console, Output(console.write), Prefs(),
                     on_action=mark, paced=False).run()  # (what is told is compared, not when)
    return stdout.getvalue(), marks


@pytest.mark.parametrize(("level", "first", "last"), [("easy", 0, 30), ("hard", 0, 8), ("hard", 8, 16)])
def test_the_prompt_loop_tells_a_seat_alike_in_games_differing_only_in_unseen_cards(level: str, first: int, last: int) -> None:
    """The whole transcript (news, questions, pauses, "Ben is thinking."), not only the words:
    up to the last answer after which the seat's two logs were still equal, the two
    transcripts are one. (The hard level's 16 pairs in two tests: the two share the cores.)"""
    compared = thinking = 0
    for seed, players in PAIRS[first:last]:
        made = pair(seed, players)
        if made is None:
            continue
        a, b, seat = made
        text_a, marks_a = transcript_with_marks(a, seat, seed, level)
        thinking += "is thinking." in text_a
        text_b, marks_b = transcript_with_marks(b, seat, seed, level)
        agreed = 0
        for (log_a, at_a), (log_b, at_b) in zip(marks_a, marks_b):
            if log_a != log_b:
                break
            agreed = at_a
            assert at_a == at_b and text_a[:at_a] == text_b[:at_b], seed
        compared += agreed > 0
    assert compared >= (last - first) // 2, compared
    assert thinking >= ((last - first) // 2 if level == "hard" else 0), thinking


# --- when it is told: a thinking computer's turn ----------------------------------------------------

TURN = 1.0
"""Hard Ben's thinking time in the timing test: his search plays sampled games until its clock
stops it, as at a real table."""
BEN_FIRST = {"players": [
    {"name": "Ana", "front": ["7C", "QH", "2S"], "middle": ["4D", "9S", "KH"], "back": ["3C", "5H", "AD"]},
    {"name": "Ben", "front": ["4H", "10C", "8S"], "middle": ["2D", "5D", "JS"], "back": ["6C", "7S", "9H"]},
], "turn": "Ben", "start": "turn", "seed": 3}
"""A table set up at the start of Ben's turn (a Spade to sacrifice, a Jack, a King: turns of many
questions, and how many depends on cards Ana cannot see)."""


def test_each_turn_of_a_hard_computer_is_told_its_thinking_time_after_its_notice() -> None:
    """Doomcrop's game waited for nothing: a hard computer's turn was told as its searches
    ended, each question with its own budget, so Ana heard from the wait how many questions
    Ben had been asked (measured at 1 s: 3.0 s for a turn of three questions, 12.0 s for one
    of twelve), and how many depends on his face-down cards; a turn whose questions have one
    answer each came at once. And a game set up at the start of his turn said "Ben is
    thinking." twice. Now each turn is said once, and told its thinking time after (the
    questions of his turn share it), whatever it asked. (Before, the first came 4.0 s after
    its notice; the upper bound leaves room for a loaded machine.)"""
    game = Game(read_position(json.dumps(BEN_FIRST), "ben_first.json"))
    console = Clocked(io.StringIO("1\n" * 4))
    hard = make_agent("hard", 3, 1, Budget(seconds=TURN, iterations=None))
    PromptLoop[View](game, DoomcropWords(), [0], {1: hard}, console, Output(console.write), Prefs(pause=0),
                     reflex=lambda seat: make_agent("normal", 3, seat)).run()
    lines = console.printed
    notices = [i for i, (_, row) in enumerate(lines) if row == "Ben is thinking."]
    assert len(notices) >= 2 and all(lines[i - 1][1] == "Ben's turn." for i in notices), lines[:4]
    waits = [lines[i + 1][0] - lines[i][0] for i in notices if i + 1 < len(lines)]
    assert all(TURN * 0.95 <= wait < TURN * 2 for wait in waits), waits
