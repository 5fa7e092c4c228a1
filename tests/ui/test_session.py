"""The prompt loop, driven in-process with real text streams: answers, commands, bad input."""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Sequence
from collections.abc import Callable
from pathlib import Path

import time

import pytest

from builders import RulesOfThumb, new_game, printed_gaps
from doomlings_access.lines import PAUSE
from doomlings_access.ai import Agent
from doomlings_access.ai.heuristic import HeuristicAgent
from doomlings_access.players.search import Budget
from doomlings_access.rules import Choice, Game, Setup
from doomlings_access.rules import events as ev
from doomlings_access.rules.decisions import Kind
from doomlings_access.rules.decisions import Decision
from doomlings_access.telling.console import PlainConsole
from doomlings_access.telling.output import Output
from doomlings_access.ui.questions import Question
from doomlings_access.ui.session import Prefs, Session

GOLDEN = Path(__file__).parent.parent / "golden"


def run(
    answers: str, seed: int = 42, humans: int = 1, players: int = 3, agents: dict[int, Agent] | None = None,
    prefs: Prefs | None = None,
) -> tuple[str, Game]:
    g = new_game(Setup(tuple(["Ana", "Ben", "Cy", "Dee", "Eli", "Fay"][:players]), seed))
    stdin, stdout = io.StringIO(answers), io.StringIO()
    console = PlainConsole(stdin, stdout)
    if agents is None:
        agents = {s: RulesOfThumb(seed, s) for s in range(humans, players)}
    # (what is told is compared here, not when: a search given a minute for two sampled games
    # would make its computer's turns wait a minute each)
    Session(g, list(range(humans)), agents, console, Output(console.write), prefs or Prefs(), paced=False).run()
    return stdout.getvalue(), g


@functools.cache
def answered_1_every_time() -> tuple[str, ...]:
    """The actions of the game answered with 1 at every prompt (seed 42, three players)."""
    return tuple(run("1\n" * 3000)[1].actions)


def typed_first(lines: list[str]) -> str:
    """What the game prints when ``lines`` are typed before answering 1 at every prompt;
    typed at a question, none of them is an answer: the game is the same game."""
    text, g = run("\n".join(lines) + "\n" + "1\n" * 3000)
    assert tuple(g.actions) == answered_1_every_time()
    return text


def test_golden_session_answering_1_every_time() -> None:
    """Seed 42, three players, one person answering 1 at every prompt: the exact text.

    To accept a deliberate change: python tests/ui/test_session.py --update
    """
    text, g = run("1\n" * 3000)
    assert g.is_over
    assert text == (GOLDEN / "session_seed42.txt").read_text(encoding="utf-8")


def test_a_wrong_number_gets_one_line_and_the_same_question() -> None:
    text, g = run("9\n" + "1\n" * 3000)
    lines = text.splitlines()
    i = next(i for i, line in enumerate(lines) if line.endswith(": 9"))
    assert lines[i + 1].startswith("Not a choice: 9. Choose 1 to ")
    assert lines[i + 2].startswith("Choose 1 to ")  # asked again, nothing applied
    assert g.is_over


def test_bad_input_of_every_kind_changes_nothing() -> None:
    hostile = ["", "   ", "x" * 500, "\x1b[A", "\x07\x08", "日本語", "0", "-1", "1.5", "zzz"]
    text = typed_first(hostile)
    assert "Traceback" not in text
    assert text.count("Not a choice") + text.count("Nothing typed") + text.count("too long") >= len(hostile) - 1


def test_review_commands_answer_and_change_nothing() -> None:
    commands = ["hand", "h", "table", "scores", "age", "genes", "deck", "log 3", "repeat",
                "card Tiny", "card db17", "rules turn", "help", "pile", "pile Ben", "options"]
    text = typed_first(commands)
    for expected in ("Your hand", "You: ", "Scores if the world ended now", "Round 1, era 1",
                     "Gene pools:", "Deck:", "Tiny, label db17.", "Rules, turn:",
                     "Commands:", "Ben's trait pile"):
        assert expected in text, expected


def test_answer_by_first_letters_and_by_label() -> None:
    g = new_game(Setup(("Ana", "Ben"), 5))
    d = g.pending
    assert d is not None
    first = g.defs[d.options[0]]
    text, played = run(f"{first.name[:4]}\n" + "1\n" * 3000, seed=5, players=2)
    assert played.actions[0].value == d.options[0] or "fits" in text
    text, played = run(f"{first.label}\n" + "1\n" * 3000, seed=5, players=2)
    assert "Not a choice" not in text.split("\n\n")[0] or played.actions


def test_card_command_numbers_suggestions_and_picks_by_number() -> None:
    """``card Tyni`` offers "1. Tiny"; typing 1 shows it; Enter goes back to the question; a
    name typed there instead is looked up, a command is carried out, and help says what the
    prompt takes. A label in any braille form a player types (here BRF with its numeric
    indicator) works."""
    commands = ["card Tyni", "1", "card dr#4", "2", "card DB#AG", "card Tyni", "",
                "card super", "super spreader", "card eloq", "card tny", "?", "genes"]
    text = typed_first(commands)
    assert "No card named 'Tyni'. Did you mean: 1. Tiny?" in text
    assert "Which card? Type 1 for it, or Enter to go back: 1\nTiny, label db17." in text
    assert "Type 1 for it, or Enter to go back: ?\nType 1 for it, type another card's name, or " in text
    assert "Type 1 for it, or Enter to go back: genes\nGene pools: " in text
    assert "2 cards fit dr#4:\n1. Hyper-Intelligence, dr4\n2. Apex Predator, dr4" in text
    assert "Choose 1 to 2, or Enter to go back: 2\nApex Predator, label dr4." in text
    assert text.count("Tiny, label db17.") == 2  # by number, then by the BRF label DB#AG
    assert "Back to the question. Choose 1 to " in text
    # a name typed at "Which card?" is looked up (it went back to the question, unread)
    assert "Which card? Choose 1 to 2, or Enter to go back: super spreader\nSuper Spreader, label " in text


def test_hot_seat_passes_the_keyboard() -> None:
    text, _ = run("\n1\n" * 3000, humans=2, players=2)
    assert "Pass to Ana. Press Enter when Ana is ready." in text
    assert "Pass to Ben. Press Enter when Ben is ready." in text


def test_end_of_input_quits_cleanly() -> None:
    text, g = run("1\n1\n")
    assert "You left the game." in text
    assert not g.is_over


@pytest.mark.parametrize(("saved_through", "said"), [
    (lambda g: len(g.actions), "You left the game. It is saved; to go on, type:"),
    (lambda g: 1, "You left the game. Its last moves could not be saved. To go on from its last save, type:"),
    (lambda g: None, "You left the game. It could not be saved."),
])
def test_quitting_says_whether_the_game_is_saved(saved_through: Callable[[Game], int | None], said: str) -> None:
    """Quitting tells what the file on disk holds: all of the game, its start only (a disk
    that filled up), or nothing; the resume line comes only when there is a save to resume."""
    g = new_game(Setup(("Ana", "Ben", "Cy"), 42))
    stdin, stdout = io.StringIO("1\n1\nq\ny\n"), io.StringIO()
    console = PlainConsole(stdin, stdout)
    agents: dict[int, Agent] = {s: RulesOfThumb(42, s) for s in (1, 2)}
    Session(g, [0], agents, console, Output(console.write), Prefs(), saved_as="game.json",
            saved_through=lambda: saved_through(g)).run()
    lines = stdout.getvalue().splitlines()
    assert said in " ".join(lines[-3:]), lines[-3:]
    resumes = [line for line in lines if line.startswith("doomlings resume game.json")]
    assert len(resumes) == (0 if said.endswith("could not be saved.") else 1), lines[-3:]


def test_the_resume_command_is_spoken_as_it_is_typed() -> None:
    """A synthesizer read "game-20261127-074851.json" as one huge number: the name is spelt,
    and the main menu's way back is said too."""
    spoken: list[str] = []

    class Heard:
        def speak(self, text: str, interrupt: bool = False, braille: str | None = None) -> None:
            spoken.append(text)

        def prompt(self, text: str, interrupt: bool = False) -> None:
            spoken.append(text)

    g = new_game(Setup(("Ana", "Ben"), 42))
    stdout = io.StringIO()
    console = PlainConsole(io.StringIO("q\ny\n"), stdout)
    Session(g, [0], {1: RulesOfThumb(42, 1)}, console, Output(console.write, Heard()), Prefs(),
            saved_as="game-20261127-074851.json").run()
    assert stdout.getvalue().splitlines()[-1] == "doomlings resume game-20261127-074851.json"
    assert spoken[-1] == (
        "doomlings, resume, game dash 2 0 2 6 1 1 2 7 dash 0 7 4 8 5 1 dot json. "
        "Or run doomlings and choose Resume a saved game."
    )


class Thinking(HeuristicAgent):
    """The normal player, as a player that searches is heard: it thinks, with a search's
    budget (its turns are not waited for where the session is not paced)."""

    thinks = True
    budget = Budget()


def test_a_thinking_computer_is_heard_thinking_at_the_start_of_each_of_its_turns_and_nowhere_else() -> None:
    """"Ben is thinking." is said once a turn of Ben's, before its story and after what came
    before, whether or not Ben then has a choice to think about (a turn of one playable
    trait has none); never out of turn. It was said after half a second of thinking, at
    any decision, out of turn too: "Pia is thinking." then told that Pia held a trait to play
    out of turn, and whether a turn took long told how many choices a hand gave."""
    for seed in (42, 7, 3):
        text, g = run("1\n" * 3000, players=3, seed=seed, agents={1: Thinking(seed, 1), 2: RulesOfThumb(seed, 2)})
        assert g.is_over
        lines = [line for line in text.splitlines() if line.strip()]
        notices = [i for i, line in enumerate(lines) if line == "Ben is thinking."]
        turns = [e for e in g.log if isinstance(e, ev.TurnStarted) and e.player == 1]
        assert len(notices) == len(turns), (seed, len(notices), len(turns))
        assert "Cy is thinking." not in text
        for i in notices:  # nothing of Ben's turn before it; its story after it
            assert not lines[i - 1].startswith("Ben "), lines[i - 1]
            assert lines[i + 1].startswith(("Ben ", "Press Enter for more")), lines[i + 1]


def test_a_thinking_computers_turn_is_told_in_one_piece_after_its_notice() -> None:
    """A hard computer's turn was told in pieces, a message before each of its decisions:
    once "Ben is thinking." is said, its turn comes as one message, as the same turn of a
    computer that does not think."""

    class Quick(HeuristicAgent):
        thinks = False

    told = {}
    for agent in (Thinking(42, 1), Quick(42, 1)):
        g = new_game(Setup(("Ana", "Ben"), 42))
        stdin, stdout = io.StringIO("1\n" * 3000), io.StringIO()
        console = PlainConsole(stdin, stdout)
        out = Output(console.write)
        Session(g, [0], {1: agent}, console, out, Prefs(pause=0), paced=False).run()
        told[agent.thinks] = ([said.text for said in out.history], g.actions)
    assert told[True][1] == told[False][1], "the same game"
    turns = {agent: [text for text in messages if text.startswith("Ben plays ")] for agent, (messages, _) in told.items()}
    assert turns[True] and turns[True] == turns[False]  # each of Ben's turns, whole, in one message
    assert told[True][0] == told[False][0]


def test_ctrl_c_swallowed_inside_a_computers_thinking_still_asks_to_quit() -> None:
    """A Ctrl-C that lands while Python finalizes a generator (the search makes thousands)
    raises there, and the interpreter prints and drops it: the game went on as if no key
    was pressed (a flaky terminal test). The key is noted, and the question still comes."""
    import os
    import signal

    class Interrupted(HeuristicAgent):
        thinks = True
        budget = Budget()

        def choose(self, view, decision):  # type: ignore[no-untyped-def]
            def finalized():  # type: ignore[no-untyped-def]
                try:
                    yield 1
                finally:  # Ctrl-C here is raised in a finalizer: dropped by Python
                    os.kill(os.getpid(), signal.SIGINT)
                    time.sleep(0.05)

            gen = finalized()
            next(gen)
            del gen
            return super().choose(view, decision)

    before = signal.getsignal(signal.SIGINT)
    g = new_game(Setup(("Ana", "Ben", "Cy"), 42))
    stdin, stdout = io.StringIO("1\n" * 10 + "y\n"), io.StringIO()
    console = PlainConsole(stdin, stdout)
    agents: dict[int, Agent] = {1: Interrupted(42, 1), 2: RulesOfThumb(42, 2)}
    Session(g, [0], agents, console, Output(console.write), Prefs(), paced=False).run()
    text = stdout.getvalue()
    assert "Quit the game? Type y to quit, n to go on: " in text
    assert signal.getsignal(signal.SIGINT) is before, "the handler is put back"


@pytest.mark.parametrize("seed", [42, 7, 3])
def test_a_person_hears_their_own_play_before_a_computer_thinks_about_it(seed: int) -> None:
    """"Otto is thinking." came before "You play Clever, p1.": the story under way was held
    back whole, the person's own play with it, while a computer chose what to show."""
    text, g = run("1\n" * 3000, players=3, seed=seed, agents={1: Thinking(seed, 1), 2: Thinking(seed, 2)})
    assert g.is_over
    lines = [line for line in text.splitlines() if line.strip()]
    notices = [i for i, line in enumerate(lines) if line.endswith(" is thinking.")]
    assert notices
    late = [lines[i + 1] for i in notices if lines[i + 1].startswith("You play ")]
    assert not late, late


def test_a_computer_that_searches_answers_a_chance_asked_for_a_card_it_holds_at_once() -> None:
    """The hard player searched each chance to play out of turn for up to its whole budget:
    a person heard the news stop after a play only when some computer held a trait for it,
    played or not. Such a chance is answered at once, from the seat's view, as the normal
    player answers it; the search is left the decisions every player in its place meets."""
    from doomlings_access.ai.search import Budget, SearchAgent
    from doomlings_access.ui.questions import asked_for_a_card_held

    class Searching(SearchAgent):
        """The hard player, noting every decision it is given to search."""

        searched: list[Decision] = []

        def choose(self, view, decision):  # type: ignore[no-untyped-def]
            self.searched.append(decision)
            return super().choose(view, decision)

    windows = 0
    for seed in (1, 2, 3, 4):
        agents: dict[int, Agent] = {s: Searching(seed, s, Budget(seconds=60, iterations=2)) for s in (1, 2, 3)}
        text, g = run("1\n" * 3000, seed=seed, players=4, agents=agents)
        assert g.is_over
        again = new_game(g.setup)
        for action in g.actions:  # the chances the computers were given, as the game asked them
            d = again.pending
            assert d is not None
            windows += d.player != 0 and asked_for_a_card_held(d)
            again.apply(action)
    assert Searching.searched and windows, (len(Searching.searched), windows)
    assert not [d for d in Searching.searched if asked_for_a_card_held(d)]


def test_a_computer_that_does_not_think_long_is_never_heard_thinking() -> None:
    """The normal player does not search; the hard one given half a second or less is never
    long enough to be waited for."""
    from doomlings_access.ai.search import Budget, SearchAgent

    text, g = run("1\n" * 3000, players=2, agents={1: HeuristicAgent(42, 1)})
    assert g.is_over and "thinking" not in text
    text, g = run("1\n" * 12 + "q\ny\n", players=2, agents={1: SearchAgent(42, 1, Budget(seconds=0.5, iterations=2))})
    assert "thinking" not in text and g.actions


def test_commands_work_where_the_only_playable_trait_waits_for_enter() -> None:
    """At "Press Enter to play it.", ``hand`` lists the hand as it is before the play (the
    trait waiting is still in it: the game had played it, and the draws after it, before the
    Enter) and ``?`` says what Enter does (both were taken for Enter, and the trait played
    unasked); the game is the same game."""

    class Typist(PlainConsole):
        def __init__(self) -> None:
            super().__init__(io.StringIO(), io.StringIO())
            self.typed = ["hand", "?"]

        def read(self, prompt: str, words: list[str] | None = None) -> str:
            self.write(prompt)
            if prompt == "Press Enter to play it. " and self.typed:
                return self.typed.pop(0)
            return "1"

    g = new_game(Setup(("Ana", "Ben", "Cy", "Dee"), 11))
    typist = Typist()
    Session(g, [0], {s: RulesOfThumb(11, s) for s in (1, 2, 3)}, typist, Output(typist.write), Prefs()).run()
    _, same = run("1\n" * 3000, seed=11, players=4)
    after = typist.stdout.getvalue().split("Press Enter to play it. ", 1)[1]
    assert after.lstrip().startswith("Your hand, 1 card:\nKidney, rX\n"), after[:200]
    assert "Press Enter to play it, or type a command first." in after
    assert after.count("Press Enter to play it.") >= 2  # asked again after each command
    assert g.is_over and g.actions == same.actions


def test_a_label_two_different_cards_share_is_not_guessed() -> None:
    """Fangs and Brave are both r1: typing r1 names both, with their numbers, and plays
    neither (the first was played); a label of one card alone still plays it."""
    from doomlings_access.rules import Position
    from doomlings_access.ui.questions import build_question

    g = new_game(Setup(("Ana", "Ben"), 1, position=Position(
        hands=(("fangs", "brave", "kidney", "kidney"), ()), revealed=("the_birth_of_life",),
        age="the_birth_of_life", play="turn")))
    stdout = io.StringIO()
    console = PlainConsole(io.StringIO(), stdout)
    session = Session(g, [0], {}, console, Output(console.write), Prefs())
    assert g.pending is not None
    q = build_question(g.view(0), g.pending, session.style)
    assert session.interpret(q, "r1") is None
    assert stdout.getvalue() == "r1 fits 2 choices: 1. Fangs, r1; 2. Brave, r1. Type its number.\n"
    kidney = session.interpret(q, "rx")  # two copies of one card: either is that card
    assert kidney is not None and g.defs[int(kidney.value)].name == "Kidney"


def test_house_rules_are_said_in_words_at_the_start_and_with_the_rules() -> None:
    """Each option says what it changes ("House rules: empty hand draw" did not say five, and
    "edition" not which), and ``rules TOPIC`` ends with the house rules that change that
    topic's text, so "draw 3" is not left standing beside "draws 5"."""
    from doomlings_access.rules import Options

    options = Options(edition="first", empty_hand_draw=5, catastrophe_ends_round=True)
    g = new_game(Setup(("Ana", "Ben"), 7, options))
    stdin, stdout = io.StringIO("rules turn\n" + "1\n" * 3000), io.StringIO()
    console = PlainConsole(stdin, stdout)
    Session(g, [0], {1: RulesOfThumb(7, 1)}, console, Output(console.write), Prefs()).run()
    flat = " ".join(stdout.getvalue().split())
    assert ("House rules: the first printing of the cards; an empty hand draws 5; no turns in a "
            "catastrophe's round.") in flat.split("You are dealt")[0]
    assert ("With an empty hand, you draw 3 and skip the turn. If nothing can be played, you skip, "
            "or discard your hand and draw 3. In this game a house rule changes this: an empty hand "
            "draws 5.") in flat
    from dataclasses import fields

    from doomlings_access.ui.words import HOUSE_RULES

    assert set(HOUSE_RULES) == {f.name for f in fields(Options)}, "every option says what it changes"


def test_a_resumed_game_says_its_house_rules() -> None:
    """Resuming re-orients the player: whose game, its house rules (said at the start, maybe
    days before), where it stands."""
    from doomlings_access.rules import Options

    g = new_game(Setup(("Ana", "Ben"), 7, Options(empty_hand_draw=5)))
    for _ in range(6):
        d = g.pending
        assert d is not None
        g.apply(Choice(d.player, d.options[0]))
    stdout = io.StringIO()
    console = PlainConsole(io.StringIO(""), stdout)
    Session(g, [0], {1: RulesOfThumb(7, 1)}, console, Output(console.write), Prefs(), resumed=True).run()
    flat = " ".join(stdout.getvalue().split())
    assert flat.startswith("Game resumed: Ana against Ben. House rules: an empty hand draws 5. Round "), flat[:200]


def test_the_only_playable_trait_waits_for_enter_or_is_played_at_once() -> None:
    asked, g_asked = run("1\n" * 3000, seed=11, players=4)
    text, g = run("1\n" * 3000, seed=11, players=4, prefs=Prefs(only_choice="play"))
    flat_asked, flat = " ".join(asked.split()), " ".join(text.split())
    assert "Only Kidney, rX can be played. Press Enter to play it." in flat_asked
    assert re.search(r"Only Kidney, rX can be played\. (?:Press Enter for more\. 1 )?You play Kidney, rX, no action\.", flat)
    assert "Press Enter to play it" not in text
    assert g.is_over and g_asked.is_over


@pytest.mark.parametrize(
    ("key", "kept", "wrong", "default", "choices"),
    [("only_choice", "play", "sometimes", "ask", "ask, play"), ("any_time", "every", "never", "own", "own, every")],
)
def test_a_choice_is_kept_in_the_settings_file(
    tmp_path: Path, key: str, kept: str, wrong: str, default: str, choices: str
) -> None:
    from doomlings_access.settings import load_settings

    path = tmp_path / "settings.toml"
    path.write_text(f'{key} = "{kept}"\n', encoding="utf-8")
    settings, problems = load_settings(path)
    assert problems == [] and getattr(settings, key) == kept
    path.write_text(f'{key} = "{wrong}"\n', encoding="utf-8")
    settings, problems = load_settings(path)
    assert [p.field for p in problems] == [key] and f"{key}: must be one of {choices}" in problems[0].line
    assert getattr(settings, key) == default


class AskedAbout(Session):
    """The real prompt loop, noting every decision it puts to the person and every chance it
    passes unasked (by the number of the action that answers it)."""

    asked: list[Decision]
    unasked: dict[int, Decision]

    def ask(self, d: Decision) -> Choice:
        self.asked.append(d)
        return super().ask(d)

    def passes_unasked(self, d: Decision) -> bool:
        passes = super().passes_unasked(d)
        if passes:
            self.unasked[len(self.game.actions)] = d
        return passes


def any_time_only(g: Game, d: Decision) -> bool:
    """A chance, after another player's play, to play only traits one may play at any time."""
    cards = [g.card(int(c)) for c in d.options if c != "pass"]
    pieces = [p.effect for card in cards for p in card.out_of_turn]
    return d.reason == "respond" and d.about[0] != d.player and set(pieces) == {"at_any_time"}


def responses_asked(seed: int, any_time: str) -> AskedAbout:
    g = new_game(Setup(("Ana", "Otto", "Pia", "Quin"), seed))
    stdin, stdout = io.StringIO("1\n" * 3000), io.StringIO()
    console = PlainConsole(stdin, stdout)
    agents: dict[int, Agent] = {s: HeuristicAgent(seed, s) for s in (1, 2, 3)}
    session = AskedAbout(g, [0], agents, console, Output(console.write), Prefs(any_time=any_time))
    session.asked, session.unasked = [], {}
    session.run()
    assert g.is_over
    return session


def test_a_trait_playable_at_any_time_is_offered_after_ones_own_plays_by_default() -> None:
    """Seeds 1 to 12 (four players, the person answering 1): with ``any_time own`` (the
    default) the person is never asked about an any-time trait after another player's play;
    such chances, and only they, are answered "pass" unasked. With ``every`` they are asked.
    After the person's own plays the question is asked either way."""
    assert Prefs().any_time == "own"
    passed = asked_every = asked_own_plays = 0
    for seed in range(1, 13):
        own = responses_asked(seed, "own")
        g = own.game
        respond = [d for d in own.asked if d.kind == Kind.RESPOND and d.reason == "respond"]
        assert not [d for d in respond if any_time_only(g, d)], seed
        asked_own_plays += sum(d.about[0] == d.player for d in respond)
        for index, d in own.unasked.items():
            assert any_time_only(g, d) and g.actions[index] == Choice(0, "pass"), (seed, index)
        passed += len(own.unasked)
        every = responses_asked(seed, "every")
        assert not every.unasked
        asked_every += sum(any_time_only(every.game, d) for d in every.asked if d.kind == Kind.RESPOND)
    assert asked_every >= passed > 0 and asked_own_plays > 0, (asked_every, passed, asked_own_plays)


def test_a_resumed_game_does_not_read_again_what_was_read_before() -> None:
    import re

    from doomlings_access.rules import Choice
    from doomlings_access.rules import events as ev

    g = new_game(Setup(("Ana", "Ben", "Cy"), 42))
    agents: dict[int, Agent] = {s: RulesOfThumb(42, s) for s in (1, 2)}
    while len(g.actions) < 60:
        d = g.pending
        assert d is not None
        answer = agents[d.player].choose(g.view(d.player), d) if d.player in agents else d.options[0]
        g.apply(Choice(d.player, answer))
    read_before = {g.defs[e.card].name for e in g.log if isinstance(e, ev.TraitPlayed) and e.player != 0}
    stdin, stdout = io.StringIO("1\n" * 3000), io.StringIO()
    console = PlainConsole(stdin, stdout)
    Session(g, [0], agents, console, Output(console.write), Prefs(), resumed=True).run()
    text = stdout.getvalue()
    after = " ".join(text[text.index("Choose "):].split())  # past the repeated announcements
    read_after = set(re.findall(r"(?:^|\. )([A-Z][\w' -]*?) reads: ", after))
    assert read_after, "traits new to the listener are still read"
    assert not read_after & read_before, read_after & read_before


def test_when_prompt_toolkit_does_not_load_every_question_is_plain_and_waits_once(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import threading

    from doomlings_access.telling import console as con

    monkeypatch.setattr(con, "IMPORT_WAIT", 0.2)
    stuck = threading.Event()
    monkeypatch.setattr(con.ToolkitConsole, "_import", lambda self: stuck.wait(30))
    tk = con.ToolkitConsole()
    tk.plain = PlainConsole(io.StringIO("1\n2\n"), io.StringIO())
    waits = []
    join = tk.loader.join
    tk.loader.join = lambda timeout=None: (waits.append(timeout), join(timeout))  # type: ignore[method-assign]
    assert tk.read("Choose: ") == "1"
    assert tk.read("Choose: ") == "2"
    stuck.set()
    assert waits == [0.2]  # waited once, then every question plain at once
    assert tk.plain.stdout.getvalue() == "Choose: 1\nChoose: 2\n"


if __name__ == "__main__":
    import sys

    if "--update" in sys.argv:
        out, _ = run("1\n" * 3000)
        (GOLDEN / "session_seed42.txt").write_text(out, encoding="utf-8")


def test_the_game_waits_for_enter_before_more_than_a_listener_holds() -> None:
    """Four players, seed 2: with the pause at 12 lines, 6, or never (0), a message that
    would take the lines since the last prompt past the setting waits for Enter (it is
    printed past it only as the first after a prompt: a pause never cuts a message; a
    question's title comes with the news, up to a dozen lines), and the game is the same game."""
    from doomlings_access.lines import wrap
    from doomlings_access.ui.words import Said

    class Watched(Output):
        def __init__(self, write: Callable[[str], None]) -> None:
            super().__init__(write)
            self.past: list[str] = []

        def say(
            self, said: Said, remember: bool = True, interrupt: bool = False, speak: bool = True, whole: bool = False
        ) -> None:
            # (news is remembered for repeat; a question's title and options are not)
            if self.since_prompt and self.since_prompt + len(wrap(said.text)) > limit and remember:
                self.past.append(said.text)
            if self.since_prompt + len(wrap(said.text)) > 12 and not said.text[:1].isdigit():
                self.past.append(said.text)  # not even a question's title past a dozen
            super().say(said, remember, interrupt, speak, whole)

    never, g0 = run("1\n" * 3000, seed=2, players=4, prefs=Prefs(pause=0))
    assert "Press Enter for more" not in never and max(printed_gaps(never)) > 12
    for limit in (12, 6):
        g = new_game(Setup(("Ana", "Ben", "Cy", "Dee"), 2))
        console = PlainConsole(io.StringIO("1\n" * 3000), io.StringIO())
        out = Watched(console.write)
        agents: dict[int, Agent] = {s: RulesOfThumb(2, s) for s in (1, 2, 3)}
        Session(g, [0], agents, console, out, Prefs(pause=limit)).run()
        text = console.stdout.getvalue()
        assert text.count("Press Enter for more. ") >= 2
        before_the_end = text.rsplit("Choose 1 to", 1)[0]  # the final scores come after the last prompt
        assert not [t for t in out.past if t in " ".join(before_the_end.split())], limit
        if limit == 12:
            assert max(printed_gaps(text)) <= limit
        assert g.actions == g0.actions  # a pause is not a decision: nothing is answered there


def test_review_commands_and_help_work_at_a_pause() -> None:
    """At a pause, ``hand`` lists the person's hand as far as they have heard (the game has
    run on to the next question: a card drawn in what is still to be told is not in it), ``?``
    says what the pause waits for, an unknown word goes on like Enter; the game is the same
    game."""
    from doomlings_access.ui.session import MORE

    class Typist(PlainConsole):
        def __init__(self) -> None:
            super().__init__(io.StringIO(), io.StringIO())
            self.at_pause = ["hand", "?", "scores", "zzz"]

        def read(self, prompt: str, words: list[str] | None = None) -> str:
            self.write(prompt)
            if prompt == MORE and self.at_pause:
                return self.at_pause.pop(0)
            return "" if prompt == MORE else "1"

    g = new_game(Setup(("Ana", "Ben", "Cy", "Dee"), 2))
    typist = Typist()
    agents: dict[int, Agent] = {s: RulesOfThumb(2, s) for s in (1, 2, 3)}
    Session(g, [0], agents, typist, Output(typist.write), Prefs()).run()
    _, same = run("1\n" * 3000, seed=2, players=4, agents={s: RulesOfThumb(2, s) for s in (1, 2, 3)})
    text = typist.stdout.getvalue()
    heard, after = text.split(MORE, 1)
    assert after.lstrip().startswith("Your hand, "), after[:100]
    count = int(re.match(r"Your hand, (\d+) cards?:", after.lstrip()).group(1))  # type: ignore[union-attr]
    listed = [line.rsplit(", ", 1)[0] for line in after.lstrip().splitlines()[1 : 1 + count]]
    assert listed and all(name in " ".join(heard.split()) for name in listed), listed
    assert "More is to be told: press Enter to hear it, or type a command first." in after
    assert "hand, h: your hand" in after  # and the commands, as at a question
    assert "Scores" in after or "scores" in after
    assert g.is_over and g.actions == same.actions


def test_the_pause_is_kept_in_the_settings_file_and_checked(tmp_path: Path) -> None:
    from doomlings_access.settings import load_settings

    path = tmp_path / "settings.toml"
    for value, problem_expected in (("0", False), ("30", False), ("-1", True), ("100", True), ('"12"', True), ("true", True)):
        path.write_text(f"pause = {value}\n", encoding="utf-8")
        settings, problems = load_settings(path)
        if problem_expected:
            assert [p.field for p in problems] == ["pause"], value
            assert f"pause: must be a number from 0 to 99; using the default, {PAUSE}, for it." in problems[0].line
            assert settings.pause == PAUSE
        else:
            assert problems == [] and settings.pause == int(value)


def test_the_final_scores_wait_for_enter_a_player_at_a_time_and_end_of_input_prints_the_rest() -> None:
    """Six players' itemised scores are some thirty lines: they come a player at a time, with
    at most a dozen lines between two prompts (the heading with the first); when the answers run out at such a pause, the
    finished game is not "left": the rest is printed."""
    answers = "1\n" * 3000
    text, g = run(answers, seed=4, players=6)
    assert g.is_over
    end = text[text.index("Final scores:") :]
    assert end.count("Press Enter for more.") >= 2
    assert max(printed_gaps(text + "Choose")) <= 12  # (the last stretch counted too)
    assert all(line.startswith("Press Enter") or not line.startswith("Press") for line in end.splitlines())
    lines = end.splitlines()  # the placings come with the last player's lines: no Enter for one line
    assert not lines[lines.index(next(x for x in lines if x.startswith("Placings:"))) - 1].startswith("Press Enter")
    assert not lines[1].startswith("Press Enter"), lines[:3]  # nor between the heading and the first player
    before_end = text[: text.index("Final scores:")]
    asked = len(re.findall(r"for help: |Press Enter[^\n]*?: |Press Enter for more\. ", before_end))
    pauses = len(re.findall(r"Press Enter for more\. ", end))
    cut, g2 = run("1\n" * (asked + pauses - 1), seed=4, players=6)  # input ends at the last pause
    assert g2.is_over
    assert "You left the game" not in cut
    final = [line for line in end.splitlines() if not line.startswith("Press Enter")]
    assert [line for line in cut[cut.index("Final scores:") :].splitlines() if not line.startswith("Press Enter")] == final


def test_hand_with_a_name_says_only_your_own_hand_can_be_read() -> None:
    """"hand Ben" printed "Your hand" with no word on why: a listener could take it for Ben's."""
    text, _ = run("hand Ben\nq\ny\n")
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.endswith("hand Ben"))
    assert lines[at + 1] == "Only your own hand can be read: other hands are secret."
    assert lines[at + 2].startswith("Your hand, ")


def test_the_help_key_is_spoken_as_question_mark() -> None:
    """espeak-ng says nothing for a lone "?": the listener heard "or for help" and never which
    key it was. The printed line keeps "?"; a question's own "?" is not spoken as a word."""
    heard: list[str] = []

    class Recorder:
        def speak(self, text: str, interrupt: bool = False, braille: str | None = None) -> None:
            heard.append(text)

        def prompt(self, text: str, interrupt: bool = False) -> None:
            heard.append(text)

    g = new_game(Setup(("Ana", "Ben", "Cy"), 42))
    stdin, stdout = io.StringIO("?\nq\ny\n"), io.StringIO()
    console = PlainConsole(stdin, stdout)
    out = Output(console.write, Recorder())
    Session(g, [0], {1: RulesOfThumb(42, 1), 2: RulesOfThumb(42, 2)}, console, out, Prefs()).run()
    assert "Choose 1 to 5, or ? for help: " in stdout.getvalue()
    assert "help, ?: what this question wants, and the commands" in stdout.getvalue()
    assert "help, question mark: what this question wants, and the commands" in heard
    assert not any(" ? " in line or line.endswith(" ?") for line in heard)
    out.prompt("Choose 1 to 5, or ? for help: ")  # as the console hands its prompt to speech
    out.prompt("Quit the game? Type y to quit, n to go on: ")
    assert heard[-2:] == ["Choose 1 to 5, or question mark for help:", "Quit the game? Type y to quit, n to go on:"]


def test_rules_topics_take_the_rulebook_s_spelling() -> None:
    """The rulebook says "colors": `rules colors` answered "No rules topic"."""
    text, _ = run("rules colors\nq\ny\n")
    assert "Rules, colours:" in text and "No rules topic" not in text


def test_a_resumed_hot_seat_game_keeps_each_persons_own_log_and_repeat() -> None:
    """After resuming, the person given the keyboard reviews the game as heard from their own
    seat: their own dealt cards, never the other person's; repeat has something to say."""
    g = new_game(Setup(("Ana", "Ben", "Cy"), 42))
    cy = RulesOfThumb(42, 2)
    while len(g.actions) < 30:
        d = g.pending
        assert d is not None
        answer = cy.choose(g.view(2), d) if d.player == 2 else d.options[0]
        g.apply(Choice(d.player, answer))
    from doomlings_access.rules import events as ev

    deal = [e for e in g.log if isinstance(e, ev.Drew)][:3]  # the first draws are the deal
    dealt = {e.player: [g.defs[c].name for c in e.cards] for e in deal}
    stdin, stdout = io.StringIO("\nlog 99\nrepeat\nquit\ny\n"), io.StringIO()
    console = PlainConsole(stdin, stdout)
    Session(g, [0, 1], {2: cy}, console, Output(console.write), Prefs(pause=12), resumed=True).run()
    text = stdout.getvalue()
    holder = re.search(r"Pass to (\w+)\.", text)
    assert holder, text[:500]
    seat = ["Ana", "Ben"].index(holder.group(1))
    after = " ".join(text[text.index("log 99"):].split())
    logged = after[: after.index("repeat")]
    assert "Nothing has been announced" not in after
    assert "You are dealt " + dealt[seat][0] in logged, logged[:300]
    assert not set(dealt[1 - seat]) & set(re.findall(r"You are dealt ([^.]*)\.", logged)[0].split(", "))
    assert after[after.index("repeat") :].split("Quit")[0].strip() != "repeat"  # something was said
    # Ana last had the keyboard before Ben's turn: after resuming, she hears it at her
    # hand-over (it was counted as heard by everyone, and never told to her).
    assert holder.group(1) == "Ana"
    news = " ".join(text[text.index("Pass to Ana") : text.index("Your turn")].split())
    assert "Ben plays Introspective, c1." in news, news


def test_the_end_of_a_hot_seat_game_is_told_to_everyone_by_name() -> None:
    """Everyone at the keyboard hears the end: it was told as "you" to whoever had it last
    ("World's End points from Solar Flare: Ana -3, Ben -1 and you -2")."""
    g = new_game(Setup(("Ana", "Ben", "Cy"), 1))
    stdin, stdout = io.StringIO("\n1\n" * 3000), io.StringIO()
    console = PlainConsole(stdin, stdout)
    Session(g, [0, 1, 2], {}, console, Output(console.write), Prefs(pause=0)).run()
    assert g.is_over
    text = " ".join(stdout.getvalue().split())
    # (each person's own World's End choices are told from their seat, at their hand-over; the
    # catastrophe's World's End, from which all is public, and the scores, to all by name)
    end = text[text.index("World's End points from Solar Flare") :]
    assert re.match(r"World's End points from Solar Flare: Ana -4 and Ben -3\.", end), end[:100]
    assert not re.search(r"\b[Yy]ou(r|rs)?\b", end), end[:300]


class Answering(PlainConsole):
    """People at one keyboard: Enter at a hand-over or a pause, 1 at a question; ``quit`` (then
    y) at the question numbered ``quit_at``, or at the first hand-over after it (``at_hand_over``)."""

    def __init__(self, quit_at: int | None = None, at_hand_over: bool = False) -> None:
        super().__init__(io.StringIO(), io.StringIO())
        self.quit_at, self.at_hand_over, self.asked = quit_at, at_hand_over, 0

    def read(self, prompt: str, words: Sequence[str] = ()) -> str:
        self.write(prompt)
        if prompt.startswith("Quit the game?"):
            line = "y"
        elif prompt.startswith("Choose 1 to"):
            self.asked += 1
            line = "quit" if self.quit_at is not None and self.asked == self.quit_at and not self.at_hand_over else "1"
        elif prompt == "" and self.at_hand_over and self.quit_at is not None and self.asked >= self.quit_at:
            line = "quit"
        else:
            line = ""
        self.write(line)
        return line


def test_a_person_who_heard_the_news_and_quit_at_their_question_is_not_told_it_again() -> None:
    """Resumed, the person whose question was waiting heard its news before the save: it was
    told again at their hand-over (ten lines, past the pause, swallowing a typed answer)."""
    g = new_game(Setup(("Ana", "Ben", "Cy"), 42))
    cy = RulesOfThumb(42, 2)
    first = Answering(quit_at=5)
    Session(g, [0, 1], {2: cy}, first, Output(first.write), Prefs(pause=12)).run()
    d = g.pending
    assert d is not None and d.player in (0, 1)
    again = Answering(quit_at=1)
    Session(g, [0, 1], {2: cy}, again, Output(again.write), Prefs(pause=12), resumed=True).run()
    text = again.stdout.getvalue()
    who = g.name(d.player)
    lines = text[text.index(f"Pass to {who}.") : text.index("\n1. ")].splitlines()[1:-1]  # (to the title)
    told = re.sub(rf"{who}, your hand, \d+ cards?: [^.]*\.", "", " ".join(lines)).split()
    assert told == [], told


def test_a_person_who_quit_at_their_hand_over_hears_their_news_when_resumed() -> None:
    """Left at "Pass to Ana." before Ana pressed Enter, the game was resumed as if Ana had
    heard her news: a private fact (Awakening's next age) was never told her. Who holds the
    keyboard is saved with every action and hand-over (``on_action``), and read back."""
    for quit_at_question in (False, True):
        g = new_game(Setup(("Ana", "Ben", "Cy"), 42))
        cy = RulesOfThumb(42, 2)
        held: list[tuple[int | None, int | None]] = []
        first = Answering(quit_at=5, at_hand_over=not quit_at_question)
        Session(g, [0, 1], {2: cy}, first, Output(first.write), Prefs(pause=12),
                on_action=lambda game, holder, heard, held=held: held.append((holder, heard))).run()
        d = g.pending
        assert d is not None and d.player in (0, 1)
        assert (held[-1][0] == d.player) is quit_at_question, held
        again = Answering(quit_at=1)
        Session(g, [0, 1], {2: cy}, again, Output(again.write), Prefs(pause=12), resumed=True, keyboard=held[-1]).run()
        text = again.stdout.getvalue()
        who = g.name(d.player)
        lines = text[text.rindex(f"Pass to {who}.") : text.index("\n1. ")].splitlines()[1:-1]
        told = re.sub(rf"{who}, your hand, \d+ cards?: [^.]*\.", "", " ".join(lines)).split()
        assert (told == []) is quit_at_question, told


def test_input_ending_at_a_resumed_hand_over_keeps_how_far_each_person_had_heard() -> None:
    """Resumed at "Pass to Ben." and left there again (Ctrl-D), the game was saved as if Ben
    had heard nothing: resumed once more, he was told the whole game from the deal."""
    g = new_game(Setup(("Ana", "Ben", "Cy"), 42))
    cy = RulesOfThumb(42, 2)
    held: list[tuple[int | None, int | None]] = []
    first = PlainConsole(io.StringIO("\n1\n" * 4 + "quit\ny\n"), io.StringIO())
    Session(g, [0, 1], {2: cy}, first, Output(first.write), Prefs(),
            on_action=lambda game, holder, heard: held.append((holder, heard))).run()
    saved = held[-1]
    assert saved[1], saved  # the holder had heard something: the news is not from the start
    again: list[tuple[int | None, int | None]] = []
    ended = PlainConsole(io.StringIO(""), io.StringIO())
    Session(g, [0, 1], {2: cy}, ended, Output(ended.write), Prefs(), resumed=True, keyboard=saved,
            on_action=lambda game, holder, heard: again.append((holder, heard))).run()
    assert again and set(again) == {saved}, (saved, again)


def test_quit_takes_only_a_clear_answer_and_says_when_the_game_goes_on() -> None:
    """"yess", "YES!" or "q" at "Quit the game?" went on without a word, as if no were typed."""
    text, g = run("q\nyess\nq\nn\nq\n\u200by\n1\n")
    lines = [line for line in text.splitlines() if line.strip()]
    assert "Not an answer: yess. Type y or n." in lines
    assert "Not an answer: q. Type y or n." in lines
    assert lines.count("Going on.") == 1, lines
    assert lines[-1] == "You left the game.", lines[-3:]  # y with a zero-width space: quit
    assert not g.is_over and not g.actions  # nothing was answered on the way


@pytest.mark.parametrize(
    ("typed", "shown"), [("\x1b[A", "?[A"), ("\x04", "?"), ("\x00", "?"), ("\u200b", "?"), ("\x1bOB", "?OB")],
    ids=["up-arrow", "ctrl-d", "nul", "zero-width-space", "down-arrow-ss3"],
)
def test_a_key_that_types_no_letter_at_quit_is_no_answer_and_asked_again(typed: str, shown: str) -> None:
    """An arrow key in plain mode, Ctrl-D, NUL or a zero-width space alone at "Quit the
    game?" was taken as Enter: "Going on." without a word of what was typed."""
    text, g = run(f"q\n{typed}\ny\n")
    lines = [line for line in text.splitlines() if line.strip()]
    assert f"Not an answer: {shown}. Type y or n." in lines, lines[-4:]
    assert "Going on." not in lines
    assert text.count("Quit the game? Type y to quit, n to go on: ") == 2
    assert lines[-1] == "You left the game.", lines[-3:]
    assert not g.actions


def test_a_misspelt_or_loosely_typed_name_at_a_question_is_helped() -> None:
    """"voracous" or "adorabel" at a question was only "Not a choice"; "self rep" (a space
    for the hyphen) and an accent typed in a name were not taken as the name's beginning.
    (Seed 42: Ana holds Hyper-Intelligence, Clever, Tentacles, Voracious and Quick.)"""
    text, g = run("Voracous\nhyp\u00e9r intel\n")
    assert "Not a choice: Voracous. Did you mean 4, Voracious? Type its number." in text, text[-600:]
    assert g.defs[int(g.actions[0].value)].name == "Hyper-Intelligence"


def test_which_card_takes_a_command_by_its_letter_and_a_card_by_c() -> None:
    """At "Which card?", "p ben" was looked up as a card named "p ben", and "c adorablé" as
    one named "c adorablé"; "tíny" was not Tiny."""
    text, _ = run("c ti\np ben\nc s\nc adorabl\u00e9\n\nc t\u00edny\nq\ny\n")
    assert "No card named 'p ben'" not in text and "Ben's trait pile" in text, text[-900:]
    assert "No card named 'c adorabl" not in text and "Adorable, label p4." in text
    assert "Tiny, label db17." in text


def test_an_arrow_key_is_not_nothing_typed() -> None:
    """An arrow key (an escape sequence) at a question was answered "Nothing typed"."""
    text, _ = run("\x1b[A\n\nq\ny\n")
    assert "Not a choice: a key that types no letter. Choose 1 to 5, or ? for help." in text
    assert "Nothing typed. Choose 1 to 5, or ? for help." in text  # (Enter alone)


def test_a_card_typed_that_cannot_be_played_now_is_refused_with_its_reason() -> None:
    """Typing "antlers" when Antlers was held back ("its colour is locked this round") was only
    "Not a choice: antlers.": the reason was a trip through the log away."""
    from doomlings_access.ui.words import play_failed

    found = 0
    for seed in range(60):
        g = new_game(Setup(("Ana", "Ben", "Cy"), seed))
        agents = {s: RulesOfThumb(seed, s) for s in range(3)}
        while not g.is_over:
            d = g.pending
            assert d is not None
            held = [c for c in g.view(0).hand if c not in d.options] if d.player == 0 and d.kind == Kind.PLAY else []
            reasons = g.view(0).why_not if held else {}
            names = {g.card(c).name for c in g.view(0).hand if c in d.options}
            held = [c for c in held if reasons.get(c) and g.card(c).name not in names]
            if held:
                card = g.card(held[0])
                stdout = io.StringIO()
                console = PlainConsole(io.StringIO(f"{card.name.lower()}\n{card.label}\n"), stdout)
                Session(g, [0], {1: agents[1], 2: agents[2]}, console, Output(console.write), Prefs(pause=0), resumed=True).run()
                refused = re.findall(r"Not playable now: ([^.]*)\. Choose 1 to \d, or \? for help\.", " ".join(stdout.getvalue().split()))
                assert len(refused) == 2, stdout.getvalue()[-800:]  # by its name, then by its label
                assert refused[0] == f"{card.name}, {play_failed(reasons[held[0]])}"
                assert card.name in refused[1]
                found += 1
                break
            g.apply(Choice(d.player, agents[d.player].choose(g.view(d.player), d)))
        if found == 3:
            break
    assert found == 3


def test_a_letter_that_is_a_command_and_begins_a_choice_says_which_it_was() -> None:
    """At "Play a trait out of turn? 1. Pass 2. Automimicry", p showed the pile and nothing
    said why Pass was not chosen: a one-letter command still runs (it only tells; a choice
    made unasked could not be taken back), then says it was a command and how to choose."""
    from doomlings_access.ui.questions import Option, Question
    from doomlings_access.ui.words import Said

    g = new_game(Setup(("Ana", "Ben"), 42))
    d = g.pending
    assert d is not None
    stdout = io.StringIO()
    console = PlainConsole(io.StringIO(""), stdout)
    session = Session(g, [0], {}, console, Output(console.write), Prefs(pause=0))
    options = (Option("pass", "Pass", "Pass", ("pass",)), Option("done", "Done", "Done", ("done",)),
               Option("red", "Red", "Red", ("red",)), Option("no", "No, keep", "No, keep", ("no", "put back")))
    q = Question(d, Said("Which?", "Which?"), options)
    for letter, command, said in (("p", "pile", "Pass, type 1"), ("d", "deck", "Done, type 2"), ("r", "repeat", "Red, type 3")):
        assert session.interpret(q, letter) is None
        assert f"{letter} is the {command} command; to choose {said}." in stdout.getvalue(), stdout.getvalue()[-300:]
    assert session.interpret(q, "pa") is not None  # more letters choose
    assert session.interpret(q, "h") is None and "h is the hand command" not in stdout.getvalue()


def test_a_wrong_answer_at_which_card_asks_again_and_settings_say_what_was_refused() -> None:
    """At "Which card?", a number not offered or a name that finds nothing left the look-up
    ("Back to the question."); now it is said and asked again. "log 0" said a number was
    needed, and "verbosity loud" never said loud was refused."""
    commands = ["card dr4", "3", "zz", "1", "log 0", "verbosity loud", "age", "scores"]
    text = typed_first(commands)
    assert "Choose 1 to 2, or Enter to go back: 3\n3 is not one of them.\n2 cards fit dr4:" in text
    assert "Choose 1 to 2, or Enter to go back: zz\nNo card named 'zz'.\n2 cards fit dr4:" in text
    assert "Choose 1 to 2, or Enter to go back: 1\nHyper-Intelligence, label dr4." in text
    assert "Log needs a number from 1, like log 5." in text
    assert "No verbosity loud. Verbosity is normal." in text
    flat = re.sub(r"\s+", " ", text)
    # the age command says how far the next catastrophe may be, as the round's header did
    assert "play one trait and then stabilize. At most 3 more ages before catastrophe 1 of 3. Catastrophes: none of 3 so far." in flat
    # players on the same score are said to be tied, not heard as "1 you" and the others 0
    assert "Placings: 1 you, Ben and Cy, tied, 0." in flat


@pytest.mark.parametrize(("players", "seed"), [(3, 6), (4, 8)])
def test_the_placings_come_with_the_last_players_lines_without_an_enter_of_their_own(players: int, seed: int) -> None:
    """A pause before the one line of placings was one Enter for nothing (seeds where the last
    player's lines filled the stretch)."""
    text, g = run("1\n" * 3000, seed=seed, players=players)
    assert g.is_over
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Placings:"))
    assert not lines[at - 1].startswith("Press Enter"), lines[at - 3 : at + 1]
    assert max(printed_gaps(text + "Choose")) <= 12  # still a dozen lines at most


class HelpAtAResponse(Session):
    """Types ? at the first out-of-turn question, then answers as the input says."""

    helped: tuple[str, tuple[object, ...]] | None = None

    def read(self, q: Question) -> str:
        if q.decision.kind == Kind.RESPOND and self.helped is None:
            self.helped = (q.title.text, q.decision.options)
            return "?"
        return super().read(q)


def test_help_at_an_out_of_turn_question_reads_what_each_trait_offered_would_do() -> None:
    """At "Play a trait out of turn?" the help only repeated the question and the commands: a
    player could not learn there that Automimicry would cancel the action, or what 2 meant."""
    for seed in range(1, 13):
        g = new_game(Setup(("Ana", "Otto", "Pia", "Quin"), seed))
        stdin, stdout = io.StringIO("1\n" * 3000), io.StringIO()
        console = PlainConsole(stdin, stdout)
        agents: dict[int, Agent] = {s: HeuristicAgent(seed, s) for s in (1, 2, 3)}
        session = HelpAtAResponse(g, [0], agents, console, Output(console.write), Prefs())
        session.run()
        if session.helped is None:
            continue
        title, options = session.helped
        text = stdout.getvalue()
        help_text = text[text.index(f"{title} Type a number") :].split("Commands:")[0]
        cards = [g.defs[int(v)] for v in options if isinstance(v, int)]
        assert cards
        for card in cards:
            assert f"{card.name} reads: {card.text}" in re.sub(r"\s+", " ", help_text), help_text
        return
    raise AssertionError("no out-of-turn question in 12 seeds")
