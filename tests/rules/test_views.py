"""Each seat sees only its own view, a view holds nothing its seat cannot know, and games are
sampled from a view alone (issue: one path through the rules, "a view that is a wall").

Pairs of games that differ only in what one seat cannot see are made at the start of a turn:
the same table, with every card the seat could not identify there dealt afresh (other hands,
the trait deck, and the age deck from every age and catastrophe not yet revealed). Both are
played on, each seat by its own computer player; while the seat has been told the same in both,
its views must be equal, and every level must answer alike.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Iterator

import pytest
from builders import table
from pairs import twins

from doomlings_access.ai.levels import LEVELS, make_agent
from doomlings_access.ai.random_agent import RandomAgent
from doomlings_access.ai.search import Budget
from doomlings_access.cards import load_cards
from doomlings_access.rules import Choice, Game, Options, Setup
from doomlings_access.rules.flow import age_piles
from doomlings_access.rules.sampling import SampleFailed, sample
from doomlings_access.rules.view import OnlookerView, PlayerView, onlooker_view


def decisions(seed: int, players: int, edition: str = "retail") -> Iterator[Game]:
    """Every decision of a seeded game played by random agents (the game at each, live)."""
    setup = Setup(tuple(f"P{i}" for i in range(players)), seed, Options(edition=edition))
    g = Game(load_cards(edition), setup)
    agents = [RandomAgent(seed, s) for s in range(players)]
    while not g.is_over:
        d = g.pending
        assert d is not None
        yield g
        g.apply(Choice(d.player, agents[d.player].choose(g.view(d.player), d)))


def identifiable(g: Game, seat: int) -> set[int]:
    """The cards ``seat`` can name: in sight now, seen before, or shown by its question."""
    k = g.knowledge_of(seat)
    out = set(g.seats[seat].hand) | set(g.table.discard) | set(g.table.in_play) | k.seen
    for p in g.seats:
        out.update(p.pile)
    if g.pending is not None and g.pending.player == seat and g.pending.kind != "player":
        out.update(o for o in g.pending.options if isinstance(o, int))
    return out


def cards_in(view: OnlookerView) -> set[int]:
    """Every card id a view holds anywhere: its zones, its log, its history (a seat's view:
    its hand, the cards it knows of, its question and why cards are held back in it)."""
    found: set[int] = set(view.discard) | set(view.in_play) | set(view.faces)
    for pile in view.piles:
        found.update(pile)
    if isinstance(view, PlayerView):
        found.update(view.hand, view.known, view.why_not)
        if view.pending is not None and view.pending.kind != "player":
            found.update(o for o in view.pending.options if isinstance(o, int))
    for e in view.log:
        for f in dataclasses.fields(e):
            value = getattr(e, f.name)
            if f.name in ("card", "by_card") and isinstance(value, int):
                found.add(value)
            elif f.name in ("cards", "to_other", "to_player", "changed") and isinstance(value, tuple):
                found.update(c for c in value if isinstance(c, int))
    h = view.history if isinstance(view, PlayerView) else None
    if h is not None:
        s = h.start
        for zone in (*s.hands, *s.piles, s.deck, s.discard, s.in_play):
            found.update(c for c in zone if c >= 0)
        found.update(c for c, _ in s.known)
        found.update(h.named.values())
        found.update(
            step.value for step in h.steps
            if isinstance(step.value, int) and step.value >= 0 and step.reason not in PLAYER_REASONS
        )
    return found


PLAYER_REASONS = {
    "give_a_card_to", "give_cards_to", "give_last_card_to", "give_trait_to", "into_whose_pile",
    "look_at_hand_of", "move_to", "mutual_discard_with", "swap_hands_with", "take_random_from",
    "trade_looks_with",
}
"""Questions whose answer is a seat, not a card."""


def holds_a_game(value: Any, depth: int = 0) -> bool:
    """Whether a game is reachable from ``value`` through dataclass fields and containers."""
    if isinstance(value, Game) or depth > 6:
        return isinstance(value, Game)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(holds_a_game(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value) if f.name != "cards")
    if isinstance(value, (tuple, list, set, frozenset)):
        return any(holds_a_game(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return any(holds_a_game(v, depth + 1) for v in value.values())
    return False


@pytest.mark.parametrize("chunk", range(4))
def test_a_view_holds_no_card_its_seat_cannot_identify(chunk: int) -> None:
    """40 seeded games, 2 to 6 players, both printings: at every decision, the deciding seat's
    view and another seat's hold no id of a card the seat cannot name (a card of another hand
    or the deck appears only as an alias), and no game; an onlooker's, none that any seat
    cannot name."""
    rng = random.Random(chunk)
    checked = 0
    for seed in range(chunk, 40, 4):
        players = 2 + seed % 5
        for g in decisions(seed, players, ("retail", "first")[seed % 2]):
            d = g.pending
            assert d is not None
            for seat in {d.player, rng.randrange(players)}:
                view = g.view(seat)
                leak = cards_in(view) - identifiable(g, seat)
                assert not leak, (seed, len(g.actions), seat, sorted(leak))
                checked += 1
            if len(g.actions) % 10 == 0:
                everyone = set.intersection(*(identifiable(g, seat) for seat in range(players)))
                leak = cards_in(onlooker_view(g)) - everyone
                assert not leak, (seed, len(g.actions), "onlooker", sorted(leak))
    view = g.view(0)
    assert not holds_a_game(view) and not holds_a_game(onlooker_view(g))
    assert checked > 400


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


# --- pairs of games that differ only in what one seat cannot see --------------------------------


PAIRS = [(seed, 2 + seed % 5) for seed in range(224)]
"""Seeded pairs (a few games end before the turn a pair starts at: at least 25 a chunk, 200 in all, are made)."""


@pytest.mark.parametrize("chunk", range(8))
def test_every_level_answers_alike_in_games_that_differ_only_in_unseen_cards(chunk: int) -> None:
    """At least 200 seeded pairs, 2 to 6 players: a game played a few turns by random players, then
    resumed twice at a turn's start, once with what one seat could not see dealt afresh (other
    hands, the deck, the ages and catastrophes to come). Each seat plays on by its own level.
    While that seat has been told the same in both games, its views are equal, and every level
    (hard with a fixed number of sampled games) gives the same answer in both; while everyone
    has been told the same, so are an onlooker's views."""
    compared = differing = onlookers = made = 0
    for seed, players in PAIRS[chunk::8]:
        rng = random.Random(seed)
        stop = rng.randrange(4, 40)
        for i, g in enumerate(decisions(seed, players)):
            if i >= stop and g.checkpoint is not None and g.checkpoint.actions == len(g.actions):
                break
        else:
            continue
        seat = g.pending.player if g.pending is not None and rng.random() < 0.8 else rng.randrange(players)
        a, b = twins(g, seat, rng)
        made += 1
        hidden_a = [c for s, p in enumerate(a.seats) if s != seat for c in p.hand] + a.table.deck
        hidden_b = [c for s, p in enumerate(b.seats) if s != seat for c in p.hand] + b.table.deck
        differing += hidden_a != hidden_b or a.table.age_deck != b.table.age_deck
        levels = [rng.choice(list(LEVELS)) for _ in range(players)]
        for step in range(60):
            da, db = a.pending, b.pending
            if da is None or db is None or da != db or a.seat_log(seat) != b.seat_log(seat):
                break
            va, vb = a.view(da.player), b.view(db.player)
            if a.seat_log(None) == b.seat_log(None):
                assert onlooker_view(a) == onlooker_view(b), (seed, step)
                onlookers += 1
            if da.player == seat:
                assert va == vb, (seed, step)
                for level in LEVELS:
                    if level == "hard" and (len(da.options) < 2 or step % 3):
                        continue
                    agent = make_agent(level, seed, seat, Budget(seconds=60, iterations=6))
                    assert agent.choose(va, da) == agent.choose(vb, db), (seed, step, level)
                    compared += 1
            agent = make_agent(levels[da.player], seed, da.player, Budget(seconds=60, iterations=4))
            a.apply(Choice(da.player, agent.choose(va, da)))
            b.apply(Choice(db.player, agent.choose(vb, db)))
    assert made >= 25, "200 pairs over the 8 chunks"
    assert differing >= 20
    assert compared > 40 and onlookers > 15, (compared, onlookers)


# --- samples -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_samples_of_a_view_are_games_consistent_with_it(seed: int) -> None:
    """A sampled game stands at the same decision, with the seat's own cards and every pile as
    the seat sees them, and other hands of the same sizes; it plays on to the end. Nearly every
    view can be sampled (the rest fall back on the rules of thumb)."""
    rng = random.Random(seed)
    sampled = refused = 0
    for i, g in enumerate(decisions(seed, 3 + seed % 3, ("retail", "first")[seed % 2])):
        d = g.pending
        assert d is not None
        v = g.view(d.player)
        try:
            s = sample(v, rng)
        except SampleFailed:
            refused += 1
            continue
        sampled += 1
        assert s.pending == d
        assert tuple(s.seats[d.player].hand) == v.hand
        assert tuple(tuple(p.pile) for p in s.seats) == v.piles
        assert tuple(len(p.hand) for p in s.seats) == v.hand_sizes
        if i % 5 == 0:
            while not s.is_over:
                sd = s.pending
                assert sd is not None
                s.apply(Choice(sd.player, sd.options[rng.randrange(len(sd.options))]))
    assert refused <= sampled * 3 // 100  # (a deal the rules do not come back from is rare)


def test_a_sample_depends_on_the_view_and_the_generator_alone() -> None:
    """Two games that differ only in what a seat cannot see give the same sample of its view."""
    for g in decisions(11, 4):
        if len(g.actions) > 30 and g.checkpoint is not None and g.checkpoint.actions == len(g.actions):
            break
    d = g.pending
    assert d is not None
    a, b = twins(g, d.player, random.Random(5))
    assert a.view(d.player) == b.view(d.player)
    sa = sample(a.view(d.player), random.Random(9))
    sb = sample(b.view(d.player), random.Random(9))
    assert sa.snapshot() == sb.snapshot()


def test_a_sample_deals_the_age_deck_from_every_age_and_catastrophe_not_yet_revealed() -> None:
    """The ages and catastrophes still to come are hidden, not only their order: samples deal
    each pile from every card not yet revealed, keeping its size and its one catastrophe, and
    over many samples catastrophes that are not in the real deck come up."""
    for g in decisions(3, 4):
        if len(g.table.revealed) == 3 and g.pending is not None:
            break
    d = g.pending
    assert d is not None
    view = g.view(d.player)
    sizes = age_piles(g)
    seen_cats: set[str] = set()
    for i in range(60):
        s = sample(view, random.Random(i))
        deck = s.table.age_deck[::-1]
        assert len(deck) == len(g.table.age_deck)
        start = 0
        for size in sizes:
            assert sum(c in g.cards.catastrophes for c in deck[start : start + size]) == 1
            start += size
        seen_cats.update(c for c in deck if c in g.cards.catastrophes)
    real = {c for c in g.table.age_deck if c in g.cards.catastrophes}
    assert seen_cats - real, "only the catastrophes really in the deck were ever dealt"


def test_a_drawn_card_that_could_not_be_played_is_known_to_stay_in_its_hand() -> None:
    """Ana's Territorial makes Ben discard Fangs; his Regenerative Tissue draws Heroic, whose
    requirement is not met, so it stays in his hand. Every seat knows it is in Ben's hand (it
    was named), none that it lies on the deck (which the same words mean for a card drawn
    from the deck's top and not played), and a sample of Cy's view at her turn deals it to Ben."""
    t = table(
        ("Ana", "Ben", "Cy"),
        hands={"Ana": ["Territorial"], "Ben": ["Bark"], "Cy": ["Gills", "Tiny"]},
        piles={"Ana": ["Quick"], "Ben": ["Regenerative Tissue", "Fangs"]},
        deck=["Heroic", "Leaves", "Spiny", "Blubber", "Nocturnal", "Adorable"],
        play="round",
    )
    g = t.g
    assert g.pending is not None and g.pending.player == 2  # Cy's turn: which trait to play
    heroic = next(c for c in g.seats[1].hand if g.defs[c].name == "Heroic")
    for seat in range(3):
        k = g.knowledge_of(seat)
        assert heroic not in k.deck_top, seat
        assert k.where.get(heroic) == (None if seat == 1 else frozenset({1})), seat
    s = sample(g.view(2), random.Random(1))
    assert heroic in s.seats[1].hand


def test_a_sampled_game_cannot_be_sampled_again() -> None:
    """A sample records nothing: players thinking inside it read its views with their rules of
    thumb, and every answer they give there is legal."""
    rng = random.Random(2)
    checked = 0
    for i, g in enumerate(decisions(7, 4)):
        if i % 5:
            continue
        d = g.pending
        assert d is not None
        s = sample(g.view(d.player), rng)
        with pytest.raises(SampleFailed):
            sample(s.view(d.player), rng)
        for level in LEVELS:
            agent = make_agent(level, 7, d.player, Budget(seconds=60, iterations=4))
            assert agent.choose(s.view(d.player), d) in d.options
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("seed", range(4))
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
