"""Review commands read the seat's view: what a player may know, all of it, and no more."""

from __future__ import annotations

from builders import table

from doomlings_access.cards.model import TraitDef
from doomlings_access.ui import review
from doomlings_access.ui.words import Style


def test_live_scores_count_another_hands_cards_and_name_the_bonus_that_reads_them() -> None:
    """Ben holds 3 cards (a public count): his Fortunate (a point per card in hand) counts 3
    in Ana's live scores; his Brave (points per dominant card in hand) reads which cards they
    are, hidden from Ana, so it is named as not counted, not silently left out."""
    t = table(
        hands={"Ana": ["Quick"], "Ben": ["Tiny", "Bark", "Gills"]},
        piles={"Ana": ["Fangs"], "Ben": ["Fortunate", "Brave"]},
        deck=["Leaves", "Spiny", "Blubber", "Nocturnal", "Adorable"],
    )
    lines = review.scores(t.g.view(0), Style())
    ben = next(line for line in lines if line.startswith("Ben: "))
    assert "Fortunate +3" in ben, ben
    assert "not counted until the end: Brave, from the hidden hand" in ben, ben
    mine = next(line for line in lines if line.startswith("You: "))
    assert "not counted" not in mine, mine
    own = review.scores(t.g.view(1), Style())
    assert "not counted" not in " ".join(own)  # Ben knows his own hand: Brave counts Tiny
    assert "Brave +" in next(line for line in own if line.startswith("You: "))


def test_age_in_a_catastrophe_round_says_it_as_it_was_announced() -> None:
    """The round was announced "Round 3, catastrophe 1 of 3: ...", and `age` called it
    "Round 3, era 2" (the catastrophe ends era 1)."""
    import random

    from builders import new_game

    from doomlings_access.rules import Choice, Setup

    g = new_game(Setup(("Ana", "Ben", "Cy"), 3))
    rng = random.Random(3)
    while (d := g.pending) is not None and not (g.round.age is None and g.table.catastrophes):
        g.apply(Choice(d.player, d.options[rng.randrange(len(d.options))]))
    assert d is not None
    name = g.catastrophe(g.table.catastrophes[0]).name
    assert review.age(g.view(0))[0] == f"Round {g.round.number}, catastrophe 1 of 3: {name}."


def test_final_scores_say_how_a_world_s_end_changed_colourless_traits_worth() -> None:
    """AI Takeover's World's End makes Ben's colourless Fear worth 2 and takes the effects of colourless traits away: the breakdown gave the changed sum as
    "face value", so the listed traits did not add up and nothing said why. Ana's Denial
    spares her: her traits count as printed, and nothing is said of AI Takeover for her."""
    t = table(
        piles={"Ana": ["Denial", "Confusion", "Mindful"], "Ben": ["Fear", "Quick"]},
        catastrophes=["ice_age", "solar_flare"],
        run="catastrophe",
        catastrophe="ai_takeover",
        play="game",
    )
    lines = [line for block in review.score_blocks(t.g.view(0), Style()) for line in block]
    ben = next(line for line in lines if line.startswith("Ben: "))
    fear, quick = (t.g.cards.by_id(n) for n in ("fear", "quick"))
    assert isinstance(fear, TraitDef) and isinstance(quick, TraitDef)
    printed = fear.face_value + quick.face_value
    assert f"face value {printed} from 2 traits" in ben, ben
    assert f"AI Takeover: Fear is worth 2 with no effect, {2 - fear.face_value:+d}" in ben, ben
    ana = next(line for line in lines if line.startswith("You: "))
    assert "AI Takeover" not in ana, ana


def test_scores_asked_during_world_s_end_say_its_effects_so_far_are_counted() -> None:
    """At a World's End question the heading said "before World's End effects" over scores
    that already counted Viral's points: it says what they hold at each moment."""
    from builders import RulesOfThumb, new_game

    from doomlings_access.rules import Choice, Setup
    from doomlings_access.rules import events as ev

    seen = 0
    for seed in range(40):
        g = new_game(Setup(("Ana", "Ben", "Cy"), seed))
        agents = [RulesOfThumb(seed, s) for s in range(3)]
        while not g.is_over:
            d = g.pending
            assert d is not None
            heading = review.scores(g.view(d.player))[0]
            if any(isinstance(e, ev.WorldsEndStarted) for e in g.log):
                assert heading == "Scores so far, with the World's End effects carried out until now:"
                seen += 1
            else:
                assert heading == "Scores if the world ended now, before World's End effects:"
            g.apply(Choice(d.player, agents[d.player].choose(g.view(d.player), d)))
        assert review.scores(g.view(0))[0] == "Final scores:"
    assert seen > 3


def test_the_table_as_heard_holds_every_trait_whose_play_was_heard() -> None:
    """At a pause right after "Quin plays Late, c1, out of turn." the rules, stopped there,
    still held Late between hand and pile: ``pile`` left it out while ``table`` counted the
    hand without it. Twelve games, three to five players: right after every trait played,
    the table as heard has it in its pile, and every card is somewhere (a hand's count, a
    pile, the discard pile, the deck, set aside)."""
    import random

    from builders import new_game

    from doomlings_access.rules import Choice, Setup
    from doomlings_access.rules import events as ev
    from doomlings_access.ui.heard import view_as_heard

    checked = 0
    for seed in range(12):
        players = 3 + seed % 3
        g = new_game(Setup(tuple("ABCDE"[:players]), seed))
        rng = random.Random(seed)
        while not g.is_over:
            d = g.pending
            assert d is not None
            g.apply(Choice(d.player, d.options[rng.randrange(len(d.options))]))
        zones = [*(s.hand for s in g.seats), *(s.pile for s in g.seats), g.table.discard, g.table.deck, g.table.in_play]
        total = sum(len(zone) for zone in zones)  # (every card of the game, wherever it ended)
        for e in g.log:
            if not isinstance(e, ev.TraitPlayed) or e.seq % 3:
                continue
            v = view_as_heard(g, e.seq + 1, e.player)
            assert e.card in v.piles[e.owner], (seed, e.seq)
            held = sum(v.hand_sizes) + sum(len(p) for p in v.piles) + len(v.discard) + v.deck_size + len(v.in_play)
            assert held == total, (seed, e.seq, held, total)
            checked += 1
    assert checked > 100
