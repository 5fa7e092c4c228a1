"""The builder itself: a turn of a known position runs on the real engine."""

from builders import table

from doomlings_access.rules.events import TraitPlayed


def test_play_introspective_draws_four() -> None:
    t = table(hands={"Ana": ["Introspective", "Tiny"]}, deck=["Quick", "Fangs", "Gills", "Spiny", "Bark"])
    t.answer("Introspective")
    assert t.pile("Ana") == ["Introspective"]
    assert t.hand("Ana") == sorted(["Tiny", "Quick", "Fangs", "Gills", "Spiny"])
    assert [type(e) for e in t.events(TraitPlayed)] == [TraitPlayed]
    assert t.pending is None
