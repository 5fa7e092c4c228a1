"""Each seat sees only its own view, and two games that differ only in what a seat cannot see
give that seat equal views (issue: events that say why and for whom).

The twin of a game is built by the rules' own :func:`unseen_dealt_afresh`: every card in
another hand or the deck that the seat never saw gets another trait. Both views must be equal,
and the computer players, who read only views, must answer alike.
"""

from __future__ import annotations

import random

import pytest
from builders import table

from doomlings_access.ai.levels import LEVELS, make_agent
from doomlings_access.ai.random_agent import RandomAgent
from doomlings_access.ai.search import Budget
from doomlings_access.cards import load_cards
from doomlings_access.rules import Choice, Game, Options, Setup
from doomlings_access.rules.flow import age_piles
from doomlings_access.rules.view import unseen_dealt_afresh

GAMES = [(seed, 2 + seed % 5, ("retail", "first")[seed // 5 % 2]) for seed in range(200)]


def decisions(seed: int, players: int, edition: str):  # type: ignore[no-untyped-def]
    """Every decision of a seeded game played by random agents (the game at each, live)."""
    setup = Setup(tuple(f"P{i}" for i in range(players)), seed, Options(edition=edition))
    g = Game(load_cards(edition), setup, checkpoints=True)
    agents = [RandomAgent(seed, s) for s in range(players)]
    while not g.is_over:
        d = g.pending
        assert d is not None
        yield g
        g.apply(Choice(d.player, agents[d.player].choose(g.view(d.player), d)))


@pytest.mark.parametrize("chunk", range(10))
def test_views_are_equal_when_only_unseen_cards_differ(chunk: int) -> None:
    """200 seeded games, 2 to 6 players, both printings: at every decision, the seat that
    decides and one other seat see the same view of the game and of its twin."""
    rng = random.Random(chunk)
    checked = differing = 0
    for seed, players, edition in GAMES[chunk::10]:
        for g in decisions(seed, players, edition):
            d = g.pending
            assert d is not None
            for seat in {d.player, (d.player + 1 + rng.randrange(players - 1)) % players}:
                twin = unseen_dealt_afresh(g, seat, rng)
                others = [c for s, p in enumerate(g.seats) if s != seat for c in p.hand]
                if [g.defs[c].id for c in others] != [twin.defs[c].id for c in others]:
                    differing += 1
                assert twin.view(seat) == g.view(seat), (seed, len(g.actions), seat)
                checked += 1
    assert checked > 500
    assert differing > checked // 2, "the twins hardly differ: the test would not see a leak"


def test_a_view_shows_others_hands_only_as_counts() -> None:
    t = table(hands={"Ana": ["Tiny", "Kidney"], "Ben": ["Quick", "Fangs", "Spiny"]})
    v = t.g.view(0)
    assert v.hand == tuple(t.g.seats[0].hand) and v.hand_sizes == (2, 3)
    hidden = set(t.g.seats[1].hand) | set(t.g.table.deck)
    assert not hidden & set(v.faces)
    assert v.pending is not None and v.pending.player == 0
    assert t.g.view(1).pending is None


def test_private_draws_are_counts_in_another_seat_log() -> None:
    g = Game(load_cards(), Setup(("Ana", "Ben", "Cy"), 4))
    deals = [e for e in g.view(1).log if type(e).__name__ == "Drew"]
    assert [(e.player, len(e.cards), e.size) for e in deals] == [(0, 0, 5), (1, 5, 5), (2, 0, 5)]


@pytest.mark.parametrize("chunk", range(10))
def test_computer_players_answer_alike_when_only_unseen_cards_differ(chunk: int) -> None:
    """No peeking, for every level there is: over 100 seeded games (2 to 6 players), at every
    decision, each level decides the same in a game and in its twin. The searching level
    thinks for a fixed number of sampled games (so the same seed gives the same answers), at
    every fourth decision that has a choice in it."""
    searched = 0
    for seed in range(chunk, 100, 10):
        rng = random.Random(seed)
        for i, g in enumerate(decisions(seed, 2 + seed % 5, "retail")):
            d = g.pending
            assert d is not None
            twin = unseen_dealt_afresh(g, d.player, rng)
            for level in LEVELS:
                if level == "hard" and (len(d.options) < 2 or i % 4):
                    continue
                agent = make_agent(level, seed, d.player, Budget(seconds=60, iterations=6))
                assert agent.choose(g.view(d.player), d) == agent.choose(twin.view(d.player), d), level
                searched += level == "hard"
    assert searched > 60


@pytest.mark.parametrize("seed", range(6))
def test_samples_of_a_view_are_games_consistent_with_it(seed: int) -> None:
    """A sampled game stands at the same decision, with the seat's own cards and every pile as
    the seat sees them, and other hands of the same sizes; it plays on to the end."""
    rng = random.Random(seed)
    for i, g in enumerate(decisions(seed, 4, ("retail", "first")[seed % 2])):
        if i % 7:
            continue
        d = g.pending
        assert d is not None
        v = g.view(d.player)
        s = v.sample(rng)
        assert s.pending == d
        assert tuple(s.seats[d.player].hand) == v.hand
        assert [s.defs[c] for c in v.hand] == [v.card(c) for c in v.hand]
        assert tuple(tuple(p.pile) for p in s.seats) == v.piles
        assert [s.defs[c] for p in v.piles for c in p] == [v.card(c) for p in v.piles for c in p]
        assert tuple(len(p.hand) for p in s.seats) == v.hand_sizes
        assert sorted(d.id for d in s.defs) == sorted(d.id for d in g.defs)
        while not s.is_over:
            sd = s.pending
            assert sd is not None
            s.apply(Choice(sd.player, sd.options[rng.randrange(len(sd.options))]))


def test_a_sampled_game_or_a_twin_answered_on_cannot_be_sampled() -> None:
    """Their actions since the deal afresh were answered under faces a replay would not have
    (a view sampled from a sampled game once offered a trait whose cost could not be paid).
    Their views refuse, so players thinking inside a sampled game use their rules of thumb,
    and every answer they give there is legal."""
    rng = random.Random(2)
    sampled = 0
    for i, g in enumerate(decisions(7, 4, "retail")):
        if i % 5:
            continue
        d = g.pending
        assert d is not None
        twin = unseen_dealt_afresh(g, d.player, rng)
        twin.view(d.player).sample(rng)  # nothing answered since: it can be sampled
        s = g.view(d.player).sample(rng)
        with pytest.raises(ValueError):
            s.view(d.player).sample(rng)
        for game in (s, twin):
            game.apply(Choice(d.player, d.options[0]))
            if game.pending is not None:
                with pytest.raises(ValueError):
                    game.view(game.pending.player).sample(rng)
        if s.pending is None:
            continue
        for level in LEVELS:
            sd = s.pending
            agent = make_agent(level, 7, sd.player, Budget(seconds=60, iterations=4))
            assert agent.choose(s.view(sd.player), sd) in sd.options
        sampled += 1
    assert sampled > 10


def test_samples_from_a_game_and_its_twin_are_the_same() -> None:
    """The sample depends on what the seat may know and on the generator, nothing else."""
    for g in decisions(11, 4, "retail"):
        if len(g.actions) == 30:
            break
    d = g.pending
    assert d is not None
    twin = unseen_dealt_afresh(g, d.player, random.Random(5))
    a = g.view(d.player).sample(random.Random(9))
    b = twin.view(d.player).sample(random.Random(9))
    assert a.snapshot() == b.snapshot()
    assert [x.id for x in a.defs] == [x.id for x in b.defs]


def test_a_sample_deals_the_age_deck_afresh_pile_by_pile() -> None:
    """The order of the age deck is hidden: samples deal it afresh, each pile still to come
    keeping its size and its one catastrophe, and over many samples the top card varies."""
    for g in decisions(3, 4, "retail"):
        if len(g.table.revealed) == 3 and g.pending is not None:
            break
    d = g.pending
    assert d is not None
    view = g.view(d.player)
    sizes = age_piles(g)
    tops = set()
    for i in range(40):
        s = view.sample(random.Random(i))
        deck = s.table.age_deck[::-1]
        assert sorted(deck) == sorted(g.table.age_deck)
        start = 0
        for size in sizes:
            assert sum(c in g.cards.catastrophes for c in deck[start : start + size]) == 1
            start += size
        tops.add(deck[0])
    assert len(tops) > 2


def test_a_drawn_card_that_could_not_be_played_is_known_to_stay_in_its_hand() -> None:
    """Ana's Territorial makes Ben discard Fangs; his Regenerative Tissue draws Heroic, whose
    requirement is not met, so it stays in his hand. Every seat knows it is in Ben's hand (it
    was named), none that it lies on the deck (which the same words mean for a card drawn
    from the deck's top and not played), and a sample of Cy's view deals it to Ben."""
    t = table(
        ("Ana", "Ben", "Cy"),
        hands={"Ana": ["Territorial"], "Ben": ["Bark"], "Cy": ["Gills"]},
        piles={"Ana": ["Quick"], "Ben": ["Regenerative Tissue", "Fangs"]},
        deck=["Heroic", "Leaves", "Spiny", "Blubber", "Nocturnal", "Adorable"],
    )
    g = t.g
    heroic = next(c for c in g.seats[1].hand if g.defs[c].name == "Heroic")
    for seat in range(3):
        k = g.knowledge_of(seat)
        assert heroic not in k.deck_top, seat
        assert k.where.get(heroic) == (None if seat == 1 else frozenset({1})), seat
    sample = g.view(2).sample(random.Random(1))
    assert heroic in sample.seats[1].hand


@pytest.mark.parametrize("seed", range(6))
def test_a_game_as_told_stops_at_the_event_its_listener_has_heard(seed: int) -> None:
    """``Game.as_told(g, n)``: the game when its log held ``n`` events (a pause's review reads
    it: the rules run on before all is told). Its log is the first ``n`` events, and the
    state matches: every trait played by then is in a pile or gone, none played later is."""
    cards = load_cards()
    g = Game(cards, Setup(("Ana", "Ben", "Cy"), seed))
    rng = random.Random(seed)
    while not g.is_over:
        d = g.pending
        assert d is not None
        g.apply(Choice(d.player, d.options[rng.randrange(len(d.options))]))
    for n in sorted(rng.sample(range(1, len(g.log)), 12)):
        told = Game.as_told(g, n)
        assert told.log == g.log[:n] and told.pending is None
        played = {e.card for e in g.log[:n] if type(e).__name__ == "TraitPlayed"}
        later = {e.card for e in g.log[n:] if type(e).__name__ == "TraitPlayed"} - played
        in_piles = {c for s in told.seats for c in s.pile}
        assert not later & in_piles, "a trait played after the pause is not in a pile yet"
    assert Game.as_told(g, len(g.log)) is g


@pytest.mark.parametrize("seed", range(4))
def test_a_sampled_game_plays_on_as_the_rules_do_the_long_way(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A sample is replayed under the real faces, then dealt its own faces and card index while
    the rules stand mid-round. A turn kept the index's set of plays with nothing to carry out
    from before the deal, so a sampled Cold Blood was played as if it had no action (hard's
    searches played other games than the rules). Every sampled game now plays on exactly as
    it does when every play is made the long way (the set emptied)."""
    from doomlings_access.rules.game import Game as Rules

    def played_on(s: Game) -> list[tuple[object, ...]]:
        rng, out = random.Random(seed), []
        while not s.is_over:
            sd = s.pending
            assert sd is not None
            out.append((sd.player, sd.reason, sd.options, tuple(s.seats[sd.player].hand)))
            s.apply(Choice(sd.player, sd.options[rng.randrange(len(sd.options))]))
        return out

    compared = 0
    index = Rules._index_cards
    for i, g in enumerate(decisions(seed, 4, "retail")):
        if i % 9 or i > 60:
            continue
        d = g.pending
        assert d is not None
        v = g.view(d.player)
        quick = played_on(v.sample(random.Random(i)))
        with monkeypatch.context() as m:
            def long_way(self: Game, *args: object, **kwargs: object) -> None:
                index(self, *args, **kwargs)  # type: ignore[arg-type]
                self.quiet = frozenset()
            m.setattr(Rules, "_index_cards", long_way)
            slow = played_on(v.sample(random.Random(i)))
        assert quick == slow, (seed, i)
        compared += 1
    assert compared >= 4
