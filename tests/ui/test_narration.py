"""What a listener hears between two of their questions: one message per story, causes named
before their effects, same-kind events of one cause merged, where the round stands.

Games are played in-process through the real prompt loop (plain text streams), 2 to 6
players, some with names a careless announcer would confuse with "you".
"""

from __future__ import annotations

import io
import re
import statistics

import pytest
from builders import CountingConsole, RulesOfThumb, new_game, printed_gaps
from doomlings_access.ai import Agent
from doomlings_access.ai.heuristic import HeuristicAgent

from doomlings_access.rules import Choice, Game, Setup
from doomlings_access.rules import events as ev
from doomlings_access.ui.announcer import Announcer
from doomlings_access.ui.heard import told_since_asked
from doomlings_access.ui.session import Prefs, Session

NAMES = [("Ana",), ("you",), ("You", "Otto"), ("Ana", "Ben"), ("Quin",), ()]


def play(seed: int, players: int, names: tuple[str, ...], agent: type[Agent] = RulesOfThumb) -> tuple[str, Game]:
    """A game with one person (answering 1 at every prompt) and computer players (by the rules
    of thumb: quick, and what is heard does not depend on a level's tuning)."""
    text, g, _ = play_counted(seed, players, names, agent)
    return text, g


def play_counted(
    seed: int, players: int, names: tuple[str, ...], agent: type[Agent] = RulesOfThumb
) -> tuple[str, Game, list[int]]:
    """:func:`play`, with the number of messages told between each two questions."""
    fill = [n for n in ("Otto", "Pia", "Quin", "Rae", "Sol", "Tam") if n.lower() not in {x.lower() for x in names}]
    seats = (list(names[:1]) or ["Ana"]) + fill[: players - 1]
    g = new_game(Setup(tuple(seats), seed))
    stdin, stdout = io.StringIO("1\n" * 3000), io.StringIO()
    console = CountingConsole(stdin, stdout)
    agents = {s: agent(seed, s) for s in range(1, players)}
    Session(g, [0], agents, console, console.out, Prefs()).run()
    marks = console.told_at
    return stdout.getvalue(), g, [b - a for a, b in zip(marks, marks[1:], strict=False)]


def played_out(seed: int, names: tuple[str, ...]) -> Game:
    """A game of computers only, played to its end by the rules of thumb (every event kept)."""
    g = new_game(Setup(names, seed))
    agents = [RulesOfThumb(seed, s) for s in range(len(names))]
    while (d := g.pending) is not None:
        g.apply(Choice(d.player, agents[d.player].choose(g.view(d.player), d)))
    return g


GAMES = [(seed, 2 + seed % 5, NAMES[seed % len(NAMES)]) for seed in range(50)]


@pytest.mark.parametrize("chunk", range(5))
def test_fifty_games_name_their_players_and_merge_their_bursts(chunk: int) -> None:
    """No computer seat is "You"; no "You is", "You's", "You draws"; no two lines in a row
    telling the same kind of draw; gene-pool steps of one cause are one sentence."""
    for seed, players, names in GAMES[chunk::5]:
        text, g, gaps = play_counted(seed, players, names)
        assert g.is_over
        assert not re.search(r"\bYou (is|draws|plays|discards)\b|\bYou's\b", text), (seed, names)
        # A turn of a computer player is one message (one story, wrapped at 80 columns in
        # print), not a line per event: a round of the others' turns fits in 12 of them.
        assert max(gaps) <= 12, (seed, players, max(gaps))
        assert statistics.median(gaps) <= players + 1, (seed, players, statistics.median(gaps))
        printed = printed_gaps(text)  # and in printed lines (wrapped at 80), between two prompts
        assert statistics.median(printed) <= 3 * players + 2, (seed, players, statistics.median(printed))
        # A listener holds about a dozen lines at most: the game waits for Enter (after five,
        # at the end of a message) before more come.
        assert max(printed) <= 12, (seed, players, max(printed))
        flat = re.sub(r"\s+", " ", text)
        assert ": Gene pools: " not in flat, seed  # "Overpopulation changes the gene pools: ..."
        assert "the next age: " not in flat, seed  # "you see the next age, Flourish." (one colon)
        # a draw right after stabilizing (Coastal Formations) says the hand it makes: the count
        # just told was out of date at once ("Pia draws 3 cards, 6 in hand. Coastal ...: Pia draws 1 card.")
        stale = re.search(
            r"\b([A-Z]\w+) draws [^.;]+, \d+ in hand\. [A-Z][\w ]+: \1 draws [^.,;]+\."
            r"|\bYou draw [^.;]+, \d+ in hand\. [A-Z][\w ]+: you draw [^.,;]+\.", flat
        )
        assert not stale, (seed, stale)
        # World's End points name their cause first ("Ben: World's End -5, Grey Goo." named it last)
        assert not re.search(r"\w+: World's End [-+]\d+, ", flat), seed
        # the age that takes the place of stabilizing is named before it: "Age of Nietzsche: Pia
        # does not stabilize. Pia discards ...", not after ("Pia does not stabilize. Age of ...:")
        assert not re.search(r"does not stabilize\. (?!Your turn)[A-Z][\w' -]+: ", flat), seed
        # a cause just named is not named again: "Nosy: you take X. You cannot play it now."
        again = re.search(r"\b([A-Z][\w' -]+): [^.]+\. \1: (?:you cannot|no trait|none of)", flat)
        assert not again, (seed, again)
        # a card's text in a question or a line is introduced as read, not as if said to you
        assert not re.search(r"(?:played [A-Z][\w' -]+|for [A-Z][\w' -]+'s): [A-Z]", flat), seed
        draws = re.findall(r"(\w+) draws? (\d+) cards?\. (\w+) draws? \2 cards?\.", flat)
        assert not draws, (seed, draws[:3])
        # Sentences of one kind in a row, with no cause named between them, are one cause's:
        # they are told as one sentence ("Otto discards A; you discard B."). A card's text read
        # aloud ("Reckless reads: You discard a trait ...") is the card's, not a sentence told.
        told = re.sub(r"\breads: [^.]*\.", "reads.", flat)
        for burst in (
            r"\b(?:[A-Z]\w*|you) discards? [^.;:]+\. \w+ discards? ",
            r"\b(?:[A-Z]\w*|you) gives? [^.;:]+ to \w+\. \w+ gives? ",
            r"is discarded (at random )?from [^.;:]+ trait pile\. [^.;:]+ is discarded ",
            r"\b\w+ draws? [^.;:]+, \d+ in hand\. \w+ draws? [^.;:]+, \d+ in hand\.",
            r"\bstabiliz(?:e|es) by discarding [^.;:]+ left\. \w+ stabiliz(?:e|es) by discarding ",
            r"\b([A-Z][\w ]*?) does nothing for [^.]+\.(?: [^.]+\.){0,2}? \1 does nothing for ",
            r"World's End points from [^:]+: \w+ [-+]\d+\. World's End points from ",
            r"\bgoes from [^.;:]+ pile to [^.;:]+\. [^.;:]+ goes from [^.;:]+ pile to ",
            r"\b([A-Z]\w*|you) draws? (?:(?!and discards)[^.;:])+\. (?!\1 )(?:[A-Z]\w*|You) draws? [^.;:]+\.",
            r"\b(?:[A-Z]\w*|you) shows? [^.;:]+\. (?:[A-Z]\w*|You) shows? ",
        ):
            assert not re.search(burst, told), (seed, re.search(burst, told))


def test_four_player_games_cost_two_keys_a_turn_and_a_dozen_lines_at_most() -> None:
    """The issue's measure (issue 33, "heard at a natural pace"): seeds 1 to 20, four players,
    one person at normal verbosity, every key counted (answers, pauses, forced plays' Enters):
    a median of at most 2 keys a turn (a round: one turn of the person's and the others'),
    at most 12 printed lines (rows of 80) between two prompts, and no pause after fewer than 5
    lines of news (at 5 lines a pause, 3.8 keys a turn, 13 such pauses a game)."""
    per_turn: list[int] = []
    printed: list[int] = []
    short = 0
    for seed in range(1, 21):
        g = new_game(Setup(("Ana", "Otto", "Pia", "Quin"), seed))
        stdout = io.StringIO()
        console = CountingConsole(io.StringIO("1\n" * 3000), stdout, g)
        Session(g, [0], {s: RulesOfThumb(seed, s) for s in (1, 2, 3)}, console, console.out, Prefs()).run()
        assert g.is_over
        rounds: dict[int, int] = {}
        for key in console.keys:
            if key.round is not None:
                rounds[key.round] = rounds.get(key.round, 0) + 1
        per_turn.extend(rounds.values())
        short += sum(key.kind == "pause" and key.since < 5 for key in console.keys)
        printed.extend(printed_gaps(stdout.getvalue()))
    assert statistics.median(per_turn) <= 2, statistics.median(per_turn)
    assert max(printed) <= 12, max(printed)
    assert short == 0, short


def test_no_pause_parts_the_news_from_the_question_it_leads_to() -> None:
    """A pause with nothing after it but a question's title was an Enter for nothing (the
    question waits anyway), and parted the question from its news: the title comes with the
    news, up to the dozen lines a listener holds."""
    for seed in range(1, 11):
        game = new_game(Setup(("Ana", "Otto", "Pia", "Quin"), seed))
        console = CountingConsole(io.StringIO("1\n" * 3000), io.StringIO())
        agents = {s: RulesOfThumb(seed, s) for s in (1, 2, 3)}
        Session(game, [0], agents, console, console.out, Prefs()).run()
        assert game.is_over and console.told_at, seed
        assert console.bare_pauses == 0, (seed, console.bare_pauses)


def test_a_catastrophes_gene_pools_are_one_sentence_and_the_round_is_numbered() -> None:
    text, g = play(42, 4, ("Ana",))
    flat = re.sub(r"\s+", " ", text)
    assert re.search(r"Round \d+, catastrophe 1 of 3: ", flat)
    catastrophe = flat.split("catastrophe 1 of 3:")[1].split("Choose")[0]
    assert "Gene pools: " in catastrophe
    assert "gene pool goes from" not in catastrophe


def test_only_the_last_catastrophe_reads_its_worlds_end_unless_verbose() -> None:
    """Only the last catastrophe's World's End effect is carried out, so only its reveal reads
    it at normal verbosity; verbose reads every one."""
    g = new_game(Setup(("Ana", "Ben", "Cy"), 42))
    while not g.is_over:
        d = g.pending
        assert d is not None
        g.apply(Choice(d.player, d.options[0]))
    reveals = [e for e in g.log if isinstance(e, ev.CatastropheRevealed)]
    assert [e.number for e in reveals] == [1, 2, 3]
    for verbosity, reads in (("normal", [False, False, True]), ("verbose", [True, True, True])):
        announcer = Announcer(0, verbosity)
        said = [announcer.render(g.view(0), e) for e in reveals]
        assert ["World's End: " in s.text for s in said if s is not None] == reads, verbosity


def test_a_stabilize_is_told_with_the_hand_it_leaves_or_not_at_all() -> None:
    for seed in range(3):
        text, _ = play(seed, 4, ("Ana",))
        flat = re.sub(r"\s+", " ", text)
        assert re.search(r"stabilizes? by discarding [^.]+, \d+ cards? left\.", flat), seed
        assert not re.search(r"stabilizes? with", flat), seed  # only told when verbose


def test_each_age_says_how_far_the_next_catastrophe_may_be() -> None:
    """The age deck is three piles of three ages and a catastrophe: after The Birth of Life
    the first pile's four cards are to come, so the catastrophe is at most 3 ages away."""
    g = new_game(Setup(("Ana", "Ben", "Cy"), 7))
    ages = [e for e in g.log if isinstance(e, ev.AgeRevealed)]
    assert ages[0].era_left == 4
    v = g.view(0)
    said = Announcer(0).render_all(v, v.log)
    assert "At most 3 ages before catastrophe 1 of 3." in said[1].text


def test_an_effect_names_its_cause_when_another_card_was_told_last() -> None:
    """An age that makes players draw during their turns (after the trait played was told):
    the draw is named by the age, before it."""
    found = 0
    for seed in range(40, 60):
        text, g = play(seed, 3, ("Ana",))
        flat = re.sub(r"\s+", " ", text)
        for e in g.log:
            parent = g.log[e.parent] if e.parent is not None else None
            if isinstance(e, ev.Drew) and e.cause and e.cause.kind == ev.AGE and isinstance(parent, ev.TurnStarted):
                age = g.cards.ages[e.cause.id].name
                assert re.search(rf"{re.escape(age)}: (you draw|\w+ draws)", flat), (seed, age)
                found += 1
    assert found > 0


def test_the_transcript_tells_the_game_as_the_person_heard_it() -> None:
    text, g = play(9, 4, ("Ana",))
    heard = told_since_asked(g, [0], 0)[0]
    flat = re.sub(r"\s+", " ", text)
    for said in heard:
        assert re.sub(r"\s+", " ", said.text) in flat


@pytest.mark.parametrize("any_time", ["own", "every"])
def test_the_transcript_cuts_the_stories_where_the_person_was_asked(any_time: str) -> None:
    """Message for message, the transcript is what the person heard, then the final scores:
    seeds 2 and 12, where the person holds Self-Awareness, so with ``any_time own`` chances
    are passed unasked (they cut no story) and with ``every`` they are questions (they do)."""
    for seed in (2, 12):
        g = new_game(Setup(("Ana", "Otto", "Pia", "Quin"), seed))
        console = CountingConsole(io.StringIO("1\n" * 3000), io.StringIO())
        agents = {s: RulesOfThumb(seed, s) for s in (1, 2, 3)}
        Session(g, [0], agents, console, console.out, Prefs(any_time=any_time)).run()
        live = [said.text for said in console.out.history]
        heard = [said.text for said in told_since_asked(g, [0], 0, any_time=any_time)[0]]
        assert heard[: len(live)] == live, seed
        assert heard[len(live)].startswith("Final scores"), heard[len(live)]


@pytest.mark.parametrize("verbosity", ["terse", "normal", "verbose"])
def test_a_copied_action_and_a_stabilizing_discard_name_their_cause_at_every_verbosity(verbosity: str) -> None:
    """Terse drops card texts, never causes: an action used through another trait says whose
    trait lends it ("Painted Shell: Pia uses the action of Selfish."; "you use" after the
    colon), and a discard to stabilize says it is one. Seeds 1 to 12, and 19 and 21 (where the
    person uses another trait's action), four players."""
    copied = stabilized = 0
    for seed in [*range(1, 13), 19, 21]:
        g = new_game(Setup(("Ana", "Otto", "Pia", "Quin"), seed))
        stdout = io.StringIO()
        console = CountingConsole(io.StringIO("1\n" * 3000), stdout)
        agents = {s: RulesOfThumb(seed, s) for s in (1, 2, 3)}
        Session(g, [0], agents, console, console.out, Prefs(verbosity=verbosity)).run()
        flat = re.sub(r"\s+", " ", stdout.getvalue())
        assert ": You use the action" not in flat
        for e in g.log:
            if isinstance(e, ev.ActionResolving) and e.for_card is not None:
                lender, used = g.defs[e.for_card].name, g.defs[e.card].name
                who = "you use" if e.player == 0 else f"{g.name(e.player)} uses"
                assert f"{lender}: {who} the action of {used}." in flat, (seed, lender, used)
                copied += 1
            if isinstance(e, ev.Stabilized) and e.discarded:  # ("...; Pia by discarding" in a list)
                who = "you( stabilize)?" if e.player == 0 else f"{g.name(e.player)}( stabilizes)?"
                assert re.search(rf"\b{who} by discarding ", flat, re.IGNORECASE), (seed, who)
                stabilized += 1
    assert copied > 0 and stabilized > 0, (copied, stabilized)


def test_a_play_question_says_why_each_card_held_back_cannot_be_played() -> None:
    """"Not playable now" names each card with the reason (seed 3: Tectonic Shift locks green
    in round 3); over seeds 1 to 12 every card named there has a reason."""
    text, _ = play(3, 4, ("Ana",))
    assert "Not playable now: Woody Stems, its colour is locked this round." in " ".join(text.split())
    one = "(its colour is locked this round|its face value is too high this round|it has the colour of the trait played before|(your|[A-Z][a-z]+'s) pile already holds two dominants|its requirement is not met|its cost is restricted this round)"
    many = "(their colour is locked this round|their face values are too high this round|they have the colour of the trait played before|(your|[A-Z][a-z]+'s) pile already holds two dominants|their requirements are not met|their cost is restricted this round)"
    found = 0
    for seed in range(1, 13):
        text, _ = play(seed, 4, ("Ana",))
        for held in re.findall(r"Not playable now: ([^.]+)\.", " ".join(text.split())):
            for part in held.split("; "):  # one clause a reason, its cards named
                assert re.fullmatch(rf"[^,;]+, {one}|[^,;]+ and [^,;]+, {many}", part), (seed, part)
                found += 1
    assert found > 0


def test_the_only_playable_trait_is_explained_and_waits_for_enter() -> None:
    """When one trait of the hand may be played, the game says which and why the others may
    not, waits for Enter, and only then tells the play."""
    found = 0
    for seed in range(1, 30):
        text, g = play(seed, 4, ("Ana",))
        flat = re.sub(r"\s+", " ", text)
        for e in g.log:
            if isinstance(e, ev.OnlyPlayable) and e.player == 0:
                name = g.defs[e.card].name
                said = re.search(rf"Only {re.escape(name)}, \w+ can be played(; not [^.]+)?\. Press Enter to play it\. 1 (?:[A-Z][\w' -]*: you|You) play {re.escape(name)}", flat)
                assert said, (seed, name)
                for card, _ in e.unplayable:
                    assert f"not {g.defs[card].name}, " in said.group(0)
                found += 1
        if found >= 3:
            break
    assert found >= 3


def test_the_end_itemises_every_score_and_the_items_add_up() -> None:
    """After World's End: each bonus by its card (the items the game scored, which add up to
    the bonus), each player's final traits (a colour Faith changed, told), and the placings;
    a tie-break is told in them."""
    ties = recoloured = 0
    for seed in range(60):
        if seed >= 12 and ties and recoloured:
            break
        text, g = play(seed, 2 + seed % 5, ("Ana",), HeuristicAgent)  # (its look-ahead uses Faith)
        tallied = [e for e in g.log if isinstance(e, ev.ScoreTallied)]
        assert len(tallied) == g.n
        for e in tallied:
            assert sum(p for _, p in e.items) == e.bonus, (seed, e)
        end = re.sub(r"\s+", " ", text.split("Final scores:")[1])
        for seat in range(1, g.n):
            assert f"{g.name(seat)}'s traits: " in end
        assert "Your traits: " in end or not g.seats[0].pile
        assert re.search(r"Placings: 1 ", end)
        for e in g.log:
            if isinstance(e, ev.TieBreakDraw):
                ties += 1
                assert f"{e.total} with the tie-break draw" in end
            if isinstance(e, ev.TraitsRecoloured):  # as scored: the label keeps the printed colour
                recoloured += 1
                for c in (c for c in e.cards if c in g.seats[e.player].pile):  # (not discarded after)
                    assert re.search(rf"{re.escape(g.defs[c].name)}, [^,;]+, now {e.to_colour}", end), (seed, g.defs[c].name)
    assert ties > 0 and recoloured > 0, (ties, recoloured)


def test_people_sharing_the_keyboard_hear_the_scores_card_by_card_by_name() -> None:
    """Hot seat (Ana and Ben, Otto a computer), seeds 1 to 6: after the winner, the scores
    are itemised for everyone by name (nobody is "you": all of them hear it), once, live and
    in the transcript alike; the engine's totals are not told before them."""
    for seed in range(1, 7):
        g = new_game(Setup(("Ana", "Ben", "Otto"), seed))
        stdout = io.StringIO()
        console = CountingConsole(io.StringIO("1\n" * 3000), stdout)
        Session(g, [0, 1], {2: RulesOfThumb(seed, 2)}, console, console.out, Prefs()).run()
        live = stdout.getvalue()
        heard = "\n".join(said.text for said in told_since_asked(g, [0, 1], None)[0])
        for text in (live, heard):
            end = re.sub(r"\s+", " ", text.split("Game over.")[-1])
            assert end.count("Final scores:") == 1, seed
            for seat in range(3):
                assert f"{g.name(seat)}: {g.scores[seat].total} point" in end, (seed, seat)
                assert f"{g.name(seat)}'s traits: " in end or not g.seats[seat].pile
            assert "You:" not in end and "Your traits" not in end and "Placings: 1 " in end
            assert not re.search(r"\d+ points?\. World's End -?\d+, face value", text), seed


def test_each_total_is_told_once_at_the_end_and_a_tie_break_says_who_tied() -> None:
    """A person hears the scores card by card after the game: the totals are not told before
    them as well (line by line, as a table of computers hears them in a transcript); tie-break
    draws are one sentence that first says who tied, and on what."""
    ties = 0
    for seed in range(30):
        text, g = play(seed, 2 + seed % 5, ("Ana",))
        end = text.split("Game over.")[0][-2000:]
        assert not re.search(r"\d+ points?\. World's End -?\d+, face value", end), seed
        heard = told_since_asked(g, [], None)[0]
        assert sum(bool(re.search(r"\d+ points?\. World's End", s.text)) for s in heard) == g.n
        draws = [e for e in g.log if isinstance(e, ev.TieBreakDraw)]
        if draws:
            ties += 1
            best = max(s.total for s in g.ending.scores)
            tied = [g.name(e.player) if e.player else "you" for e in draws]
            flat = re.sub(r"\s+", " ", text)
            assert re.search(rf"Tie-break for {tied[0]}.*, tied on {best} points: ", flat), seed
            assert flat.count("Tie-break") == 1, seed
            # The card drawn adds its face value to the final score (rulebook): the winner's.
            won = next(e.total for e in draws if e.player == g.winners[0])
            assert re.search(rf"wins? with {won} points?, {best} before the tie-break draw\. Game over\.", flat), seed
    assert ties > 0


def test_a_response_question_reads_a_card_only_when_it_was_not_just_read() -> None:
    """"Otto played Bad. Play a trait out of turn?" right after "Bad reads: ..."; the card's
    text is in the question when the listener has not just heard it (terse reads no card)."""
    asked: dict[str, list[str]] = {"normal": [], "terse": []}
    for verbosity in asked:
        for seed in range(12):
            g = new_game(Setup(("Ana", "Otto", "Pia", "Quin"), seed))
            stdin, stdout = io.StringIO("1\n" * 3000), io.StringIO()
            console = CountingConsole(stdin, stdout)
            agents = {s: RulesOfThumb(seed, s) for s in (1, 2, 3)}
            Session(g, [0], agents, console, console.out, Prefs(verbosity=verbosity)).run()
            flat = re.sub(r"\s+", " ", stdout.getvalue())
            asked[verbosity] += re.findall(r"[A-Z][a-z]+ played ([^.:?]+)([.:]) ", flat)
            for name, text in re.findall(r"(?:\. |^)([A-Z][\w' -]+) reads: (.+?) [A-Z][a-z]+ played \1[.:]", flat):
                assert f"played {name}: {text}" not in flat, (seed, name)
    assert asked["normal"] and all(mark == "." for _, mark in asked["normal"]), asked["normal"][:5]
    assert any(mark == ":" for _, mark in asked["terse"]), asked["terse"][:5]


@pytest.mark.parametrize("verbosity", ["terse", "normal", "verbose"])
def test_whether_a_play_was_read_is_known_from_the_log_as_the_announcer_read_it(verbosity: str) -> None:
    """The question after a play leaves the card's text out when the listener heard it read
    with that play; that is worked out from the log, and must agree with what was told."""
    for seed in range(6):
        g = new_game(Setup(("Ana", "Ben", "Cy", "Dee"), seed))
        agents = [RulesOfThumb(seed, s) for s in range(4)]
        telling = Announcer(0, verbosity)
        told = 0
        while (d := g.pending) is not None:
            g.apply(Choice(d.player, agents[d.player].choose(g.view(d.player), d)))
            v = g.view(0)
            for e in v.log[told:]:
                if isinstance(e, ev.TraitPlayed):
                    said = telling.render(v, e)
                    heard = said is not None and f"{g.defs[e.card].name} reads: " in said.text
                    assert Announcer(0, verbosity).read_at_last_play(v, e.card) == heard, (seed, g.defs[e.card].name)
            told = len(g.log)


def test_reckless_names_the_pile_its_question_discards_from() -> None:
    """Each of the two players Reckless asks hears whose pile they discard from."""
    from doomlings_access.ui.questions import build_question
    from doomlings_access.ui.words import Style

    seen = 0
    for seed in range(60):
        g = new_game(Setup(("Ana", "Ben", "Cy"), seed))
        agents = [RulesOfThumb(seed, s) for s in range(3)]
        while (d := g.pending) is not None:
            if d.reason == "discard_their_trait":
                title = build_question(g.view(d.player), d, Style()).title.text
                owner = {g.name(s) for s in range(3) if set(d.options) & set(g.seats[s].pile)}
                assert owner == {g.name(int(d.about[0]))} and f"from {g.name(int(d.about[0]))}'s pile" in title, title
                seen += 1
            g.apply(Choice(d.player, agents[d.player].choose(g.view(d.player), d)))
    assert seen >= 2


def test_an_opponents_trait_is_explained_the_first_time_it_is_played() -> None:
    """Normal: the effect of a trait another player plays is read once per game; the
    listener's own plays are not; verbose reads every play; terse none."""
    g = new_game(Setup(("Ana", "Ben", "Cy", "Dee"), 5))
    agents = [RulesOfThumb(5, s) for s in range(4)]
    from doomlings_access.rules import Choice

    while not g.is_over:
        d = g.pending
        assert d is not None
        g.apply(Choice(d.player, agents[d.player].choose(g.view(d.player), d)))
    plays = [e for e in g.log if isinstance(e, ev.TraitPlayed)]
    mine = g.view(0)
    told = {v: " ".join(s.text for s in Announcer(0, v).render_all(mine, mine.log)) for v in ("terse", "normal", "verbose")}
    read = [e for e in plays if g.defs[e.card].has_effect and f"{g.defs[e.card].name} reads: " in told["normal"]]
    assert read, "no opponent's trait was explained"
    for e in plays:
        d = g.defs[e.card]
        reads = told["normal"].count(f"{d.name} reads: {d.text}")
        others = [p for p in plays if g.defs[p.card].id == d.id and p.player != 0]
        assert reads == (1 if others and d.has_effect else 0), d.name
        assert f"{d.name} reads: " not in told["terse"]
        assert told["verbose"].count(f"{d.name} reads: ") == len([p for p in plays if g.defs[p.card].id == d.id])


def test_the_ages_a_skip_passes_over_are_told_with_the_skip() -> None:
    """Optimistic Nihilism skips to the next catastrophe; the age it passes over comes later in
    the game's events but is told in the same message, right after the skip."""
    text, _ = play(18, 5, ("Ana",))
    flat = re.sub(r"\s+", " ", text)
    assert re.search(
        r"Optimistic Nihilism: the rest of the round is skipped, up to the next catastrophe\. "
        r"[A-Z][\w ]+ (is|are) skipped too\.", flat
    ), flat[flat.find("Optimistic Nihilism"):][:400]
    assert "skipped because of Optimistic Nihilism" not in flat


@pytest.mark.parametrize("verbosity", ["terse", "normal", "verbose"])
def test_your_turn_is_said_once_before_the_play_question_and_repeat_says_what_came_before(verbosity: str) -> None:
    """Verbose said "Your turn." and then "Your turn: play a trait.", and `repeat` at the
    question said only "Your turn."."""
    g = new_game(Setup(("Ana", "Otto", "Pia"), 5))
    stdin, stdout = io.StringIO("repeat\n" + "1\n" * 3000), io.StringIO()
    console = CountingConsole(stdin, stdout)
    Session(g, [0], {1: RulesOfThumb(5, 1), 2: RulesOfThumb(5, 2)}, console, console.out, Prefs(verbosity=verbosity)).run()
    lines = stdout.getvalue().splitlines()
    asked = [i for i, line in enumerate(lines) if line == "Your turn: play a trait."]
    assert len(asked) >= 3
    assert not any(lines[i - 1] == "Your turn." for i in asked)
    repeated = lines.index("Choose 1 to 5, or ? for help: repeat") + 1
    assert lines[repeated] != "Your turn." and lines[repeated].startswith("Round 1"), lines[repeated]


def test_a_swap_of_hands_tells_the_two_players_what_they_gave_and_got_and_no_one_else() -> None:
    """After "Renée and you swap hands." a listener had to type `hand` to learn their new hand."""
    swaps = 0
    for seed in range(200):
        g = played_out(seed, ("Ana", "Otto", "Pia", "Quin"))
        for e in g.log:
            if not isinstance(e, ev.HandsSwapped):
                continue
            swaps += 1
            for seat in range(4):
                said = Announcer(seat).render(g.view(seat), e)
                assert said is not None
                if seat in (e.player, e.other):
                    gave, got = (e.to_other, e.to_player) if seat == e.player else (e.to_player, e.to_other)
                    names = [g.defs[c].name for c in (*gave, *got)]
                    assert ": you give " in said.text and all(n in said.text for n in names), said.text
                else:
                    assert said.text.endswith("swap hands."), said.text
        if swaps >= 3:
            break
    assert swaps >= 3


def test_cards_drawn_for_world_s_end_points_are_named() -> None:
    """"World's End points from Deus Ex Machina: Ana +0, you +2" named no card: nobody could
    check the points."""
    found = 0
    for seed in range(300):
        g = played_out(seed, ("Ana", "Otto", "Pia"))
        drawn = [e for e in g.log if isinstance(e, ev.WorldsEndPoints) and e.card is not None]
        if not drawn:
            continue
        found += 1
        text = " ".join(s.text for s in told_since_asked(g, [0], 0)[0])
        said = re.search(r"World's End points from [^:]+: ([^.]+)\.", text)
        assert said, text[-600:]
        for e in drawn:
            who = "you draw" if e.player == 0 else f"{g.name(e.player)} draws"
            assert f"{who} {g.defs[e.card].name}, " in said.group(1) and f"for {e.points:+d}" in said.group(1)
        if found >= 2:
            break
    assert found >= 2


def test_terse_keeps_a_card_s_draws_and_drops_only_the_rules_own() -> None:
    """Terse dropped every opponent's draw: a card drawn by Echolocation seemed to come from
    nowhere. It drops stabilizing's draws (a rule's), never a card's."""
    kept = dropped = 0
    for seed in range(40):
        g = played_out(seed, ("Ana", "Otto", "Pia"))
        terse, v = Announcer(0, "terse"), g.view(0)
        for e in v.log:
            if isinstance(e, ev.Drew) and e.player != 0 and e.cause is not None:
                told = terse.render(v, e)
                if e.cause.kind == "rule":
                    assert told is None
                    dropped += 1
                else:
                    assert told is not None and "draw" in told.text
                    kept += 1
    assert kept > 5 and dropped > 50


def test_the_gene_pool_leader_house_rule_is_told_even_when_a_tie_pays_nobody() -> None:
    """The house rule was announced at the start and then never heard of when gene pools tied
    for the largest: a tie or a bug, the listener could not tell."""
    from doomlings_access.rules import Options

    told = 0
    for seed in range(30):
        g = new_game(Setup(("Ana", "Otto", "Pia"), seed, Options(gene_pool_leader_bonus=True)))
        stdin, stdout = io.StringIO("1\n" * 3000), io.StringIO()
        console = CountingConsole(stdin, stdout)
        Session(g, [0], {1: RulesOfThumb(seed, 1), 2: RulesOfThumb(seed, 2)}, console, console.out, Prefs(pause=0)).run()
        end = " ".join(stdout.getvalue().split("Final scores:")[1].split())
        pools = [s.gene_pool for s in g.seats]
        if pools.count(max(pools)) > 1:
            assert re.search(rf"Largest gene pool: [^.]+ tie on {max(pools)}, so nobody gets its 3 points\.", end), end
            told += 1
        else:
            assert "Largest gene pool:" not in end and "largest gene pool +3" in end
    assert told >= 3


def test_every_random_pick_is_told_as_random() -> None:
    """Cards taken, given, shown or discarded at random are said to be ("Nosy: Ben shows
    Teeth and Heroic" and "Cy takes Stone Skin from you" did not say the cards were not
    chosen), at every verbosity, from every seat."""
    kinds = (ev.CardsPassed, ev.CardsRevealed, ev.Discarded, ev.TraitDiscarded)
    found = 0
    for seed in range(40):
        g = played_out(seed, ("Ana", "Ben", "Cy", "Dee"))
        for verbosity in ("terse", "normal"):
            announcer, v = Announcer(seed % 4, verbosity), g.view(seed % 4)
            for e in v.log:
                if isinstance(e, kinds) and e.random:
                    said = announcer.render(v, e)
                    assert said is not None and "at random" in said.text, (seed, e, said)
                    found += 1
    assert found > 20, found


def test_terse_names_the_card_behind_the_effects_of_another_player_s_play() -> None:
    """Terse reads no card's text, so "Otto plays Cold Blood, b1. Otto draws 3 cards." sounded
    like a stabilize: the first effect of another player's play names the card ("Cold Blood:
    Otto draws 3 cards."); the listener's own plays need no reminder."""
    checked = 0
    for seed in range(20):
        g = played_out(seed, ("Ana", "Otto", "Pia"))
        v = g.view(0)
        for said in Announcer(0, "terse").render_all(v, v.log):
            for played, label, effect in re.findall(r"(\w[\w' -]*) plays ([^,.]+), [^.]+\. ([^.]+)\.", said.text):
                trait = next((d for d in g.cards.traits.values() if d.name == label), None)
                if trait is None or effect.startswith(("High Tides", "Stabilize")) or " draws " not in effect:
                    continue
                if played == "You":
                    assert not effect.startswith(f"{label}:"), said.text
                elif effect.startswith(f"{label}: "):
                    checked += 1
                else:  # the stabilize's draw ("Otto draws 1 card, 4 in hand"), or another's cause
                    assert re.match(r"\w+ draws \d+ cards?, \d+ in hand$|[^:]+: ", effect), said.text
    assert checked > 3


def test_no_phrase_reads_out_another_player_s_secret_cards() -> None:
    """"The Third Eye: no trait can be played; Symbiosis, the pile already holds two
    dominants." told Ben a card of Ana's hand: the phrase read the live event. Every event is
    now read as the listener's seat sees it, whatever its phrase does with it."""
    secret_told = checked = 0
    for seed in range(40):
        g = played_out(seed, ("Ana", "Otto", "Pia"))
        for e in g.log:
            private = getattr(e, "unplayable", ())
            if not private or getattr(e, "visible_to", None) is None:
                continue
            for seat in range(3):
                if e.visible(seat):
                    continue
                said = Announcer(seat, "verbose").render(g.view(seat), e)  # (the game's own event: kept secret all the same)
                names = {g.defs[c].name for c, _ in private}
                checked += 1
                secret_told += bool(said and any(name in said.text for name in names))
    assert checked > 5 and secret_told == 0, (checked, secret_told)


def test_gene_pool_traits_swapped_are_one_sentence_of_where_each_pool_ends() -> None:
    """Telekinetic swapping Fecundity and Dreamer (each one bigger gene pool) was four sentences,
    "your gene pool goes from 6 to 5 ... Pia's from 5 to 6 ...", whose sum was nothing."""
    from builders import table

    fill = ["Bark", "Leaves", "Gills", "Spiny", "Quick", "Stone Skin", "Antlers", "Fire Skin"] * 2
    t = table(hands={"Ana": ["Telekinetic"]}, piles={"Ana": ["Fecundity"], "Ben": ["Dreamer"]}, deck=fill)
    v = t.g.view(0)
    told = " ".join(said.text for said in Announcer(0, "normal").render_all(v, v.log))
    assert "Fecundity and Dreamer: your gene pool stays at 5 and Ben's gene pool stays at 5." in told, told
    assert told.count("gene pool goes from") == 0, told
