"""The card data: counts and labels against the card facts, the effect vocabulary against
the engine, and the loader's error messages for broken data."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

import doomlings_access.rules  # noqa: F401  (registers every effect implementation)
from doomlings_access.cards import CardDataError, load_cards
from doomlings_access.cards.describe import pieces_of
from doomlings_access.cards.pieces import VOCABULARY
from doomlings_access.rules.registry import REGISTRY, unimplemented

ROOT = Path(__file__).resolve().parents[2]
CARD_DATA = ROOT / "card_data"
FACTS = ROOT.parent / "shared" / "cards" / "base-traits.json"
"""The gathered card facts, beside the checkout (``../shared``)."""
needs_facts = pytest.mark.skipif(not FACTS.is_file(), reason="needs ../shared/cards (the card facts)")
EDITIONS = ("retail", "first")
LETTERS = {"blue": "b", "green": "g", "purple": "p", "red": "r", "colourless": "c"}
UNCERTAIN_AGES = {"atmospheric_thickening", "sea_kingdoms", "temporal_sands"}


# --- counts --------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_trait_counts_match_the_card_facts(edition: str) -> None:
    """Card facts (README 2, base-game.md 0): 107 distinct traits, 116 cards with Kidney x6
    and Swarm x5, 15 dominants; 22 colourless, 24 purple, 20 green, 20 red, 21 blue."""
    cards = load_cards(edition)
    traits = cards.traits
    assert len(traits) == 107
    assert sum(t.copies for t in traits.values()) == 116
    assert traits["kidney"].copies == 6
    assert traits["swarm"].copies == 5
    assert {t.id: t.copies for t in traits.values() if t.copies != 1} == {"kidney": 6, "swarm": 5}
    assert sum(1 for t in traits.values() if t.dominant) == 15
    colours = Counter(c for t in traits.values() for c in t.colours)
    assert colours == Counter(colourless=22, purple=24, green=20, red=20, blue=21)


@pytest.mark.parametrize("edition", EDITIONS)
def test_age_and_catastrophe_counts_match_the_rulebook(edition: str) -> None:
    """Rulebook, setup 1: Birth of Life, 15 catastrophes and 25 age cards; the data has the
    28 ages of the sources, 3 of them (uncertain) out of the dealt deck (cards README 2)."""
    cards = load_cards(edition)
    assert len(cards.ages) == 29
    assert [a.id for a in cards.ages.values() if a.birth_of_life] == ["the_birth_of_life"]
    assert cards.birth_of_life.id == "the_birth_of_life"
    assert not cards.birth_of_life.in_deck
    in_deck = {a.id for a in cards.ages.values() if a.in_deck}
    assert len(in_deck) == 25
    assert {a.id for a in cards.ages.values() if not a.in_deck and not a.birth_of_life} == UNCERTAIN_AGES
    assert "birth_of_a_hero" in in_deck
    assert len(cards.catastrophes) == 15
    assert len(cards.all_cards()) == 107 + 29 + 15


@needs_facts
def test_retail_traits_match_the_card_facts_table() -> None:
    """Every trait of base-traits.json (the card facts) is in the data with the same colour,
    face value (X for variable), dominance and copies."""
    facts = json.loads(FACTS.read_text())
    by_name = {t.name: t for t in load_cards("retail").traits.values()}
    assert sorted(by_name) == sorted(f["name"] for f in facts)
    for fact in facts:
        t = by_name[fact["name"]]
        colour = "colourless" if fact["color"] == "colorless" else fact["color"]
        assert t.colours == (colour,), fact["name"]
        assert t.face_text == str(fact["face"]), fact["name"]
        assert t.dominant == fact["dominant"], fact["name"]
        assert t.copies == fact["copies"], fact["name"]


# --- labels --------------------------------------------------------------------------------


def expected_label(colours: tuple[str, ...], face: int | None, dominant: bool) -> str:
    return ("d" if dominant else "") + "".join(LETTERS[c] for c in colours) + ("X" if face is None else str(face))


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_trait_label_is_d_colour_letter_value(edition: str) -> None:
    """Rulebook (braille labels): d first on a dominant, then the colour letter (b g p r c),
    then the value, or X for a variable value. Tiny is db17, Confusion c-2, Swarm gX."""
    traits = load_cards(edition).traits
    for t in traits.values():
        assert t.label == expected_label(t.colours, t.face, t.dominant), t.id
        assert re.fullmatch(r"d?[bgprc]+(-?\d+|X)", t.label), t.label
    assert traits["tiny"].label == "db17"
    assert traits["confusion"].label == "c-2"
    assert traits["swarm"].label == "gX"


@pytest.mark.parametrize("edition", EDITIONS)
def test_catastrophe_labels_begin_with_c_and_ages_carry_their_name(edition: str) -> None:
    """Rulebook: "Catastrophe cards have a c at the beginning"; ages have a braille sticker
    with the name (SCHEMA.md)."""
    cards = load_cards(edition)
    for cat in cards.catastrophes.values():
        assert cat.label.startswith("c"), cat.id
        assert cat.label[1:].strip().lower() == cat.name.lower(), cat.id
    for age in cards.ages.values():
        assert age.label == age.name, age.id


@pytest.mark.parametrize("edition", EDITIONS)
def test_ids_are_unique_snake_case_and_names_are_unique(edition: str) -> None:
    cards = load_cards(edition).all_cards()
    ids = [c.id for c in cards]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", i) for i in ids)
    assert len({c.name.lower() for c in cards}) == len(cards)


# --- vocabulary and implementations --------------------------------------------------------


def test_every_vocabulary_piece_is_used_by_some_card() -> None:
    """No dead vocabulary: every piece is used by at least one card of one printing."""
    used = set()
    for edition in EDITIONS:
        for card in load_cards(edition).all_cards():
            used |= set(pieces_of(card))
    vocabulary = {(slot, piece) for slot, table in VOCABULARY.items() for piece in table}
    assert vocabulary - used == set()
    assert used <= vocabulary


def test_every_vocabulary_piece_has_an_implementation() -> None:
    """Every piece is registered in the rules engine (rules.registry.REGISTRY), and nothing
    is registered that the vocabulary does not declare."""
    vocabulary = {(slot, piece) for slot, table in VOCABULARY.items() for piece in table}
    assert vocabulary - set(REGISTRY) == set()
    assert set(REGISTRY) - vocabulary == set()
    assert all(callable(fn) for fn in REGISTRY.values())


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_card_is_unimplemented(edition: str) -> None:
    """``unimplemented(cards)`` (used by ``cards --check``) is empty for both printings."""
    assert unimplemented(load_cards(edition)) == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_effectless_traits_have_no_pieces_and_others_have_some(edition: str) -> None:
    """Rulebook: "Traits with no text are EFFECTLESS" (and every effect has a piece)."""
    for t in load_cards(edition).traits.values():
        assert (not pieces_of(t)) == ("effectless" in t.kinds), t.id


# --- our own words ----------------------------------------------------------------------------


def _normal(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


@needs_facts
def test_no_card_text_copies_the_card_facts_wording() -> None:
    """cards README: card_data is written in the project's own words. No trait text (either
    printing) equals the paraphrase in base-traits.json, even ignoring case and punctuation.
    "No effect." on an effectless trait is a fact, not wording, and is allowed."""
    facts = {_normal(f["effect"]) for f in json.loads(FACTS.read_text())}
    same = []
    for edition in EDITIONS:
        for t in load_cards(edition).traits.values():
            if "effectless" in t.kinds and _normal(t.text) == "no effect":
                continue
            if _normal(t.text) in facts:
                same.append((edition, t.id, t.text))
    assert same == []


@needs_facts
def test_card_data_files_do_not_contain_the_card_facts_sentences() -> None:
    """The raw TOML (including first-printing overrides) holds none of the facts' effect
    sentences of more than three words."""
    raw = " ".join(p.read_text() for p in CARD_DATA.glob("*.toml"))
    found = [
        f["effect"]
        for f in json.loads(FACTS.read_text())
        if len(f["effect"].split()) > 3 and f["effect"] in raw
    ]
    assert found == []


# --- the loader's errors -------------------------------------------------------------------


@pytest.fixture
def data(tmp_path: Path) -> Path:
    for path in CARD_DATA.glob("*.toml"):
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text()
    assert text.count(old) == 1, f"{old!r} must occur once in {name}"
    path.write_text(text.replace(old, new))


def load_error(folder: Path, edition: str = "retail") -> str:
    with pytest.raises(CardDataError) as info:
        load_cards.__wrapped__(edition, str(folder))
    return str(info.value)


def test_copied_data_loads_unchanged(data: Path) -> None:
    cards = load_cards.__wrapped__("retail", str(data))
    assert len(cards.traits) == 107 and len(cards.ages) == 29 and len(cards.catastrophes) == 15
    cards = load_cards("first", folder=str(data))
    assert len(cards.traits) == 107


TINY_BONUS = 'bonus = [{ effect = "per_trait", points = -1 }]'

BROKEN = [
    pytest.param(
        "traits.toml",
        'label = "db17"\n',
        'label = "db17"\ncolour = "blue"\n',
        'card_data/traits.toml: trait "tiny": colour: unknown field',
        id="unknown_field",
    ),
    pytest.param(
        "traits.toml",
        'label = "db17"\n',
        'label = "db71"\n',
        'card_data/traits.toml: trait "tiny": label: ',
        id="bad_label",
    ),
    pytest.param(
        "traits.toml",
        'name = "Tiny"\ncolours = ["blue"]\nface = 17\ndominant = true\ncopies = 1\n',
        'name = "Tiny"\ncolours = ["blue"]\nface = 17\ndominant = true\ncopies = 1000000\n',
        'card_data/traits.toml: trait "tiny": copies: must be 1 to 10',
        id="a_million_copies",
    ),
    pytest.param(
        "traits.toml",
        'name = "Tiny"\n',
        'name = "\\u001b[2JTiny"\n',
        'card_data/traits.toml: trait "tiny": name: holds a control or formatting character',
        id="escape_in_a_name",
    ),
    pytest.param(
        "traits.toml",
        'face = 17\ndominant = true\ncopies = 1\nlabel = "db17"\n',
        'face = 1700\ndominant = true\ncopies = 1\nlabel = "db1700"\n',
        'card_data/traits.toml: trait "tiny": face: must be -99 to 99',
        id="face_out_of_range",
    ),
    pytest.param(
        "traits.toml",
        'face = 17\n',
        'face = "seventeen"\n',
        'card_data/traits.toml: trait "tiny": face: ',
        id="bad_face",
    ),
    pytest.param(
        "traits.toml",
        TINY_BONUS,
        'bonus = [{ effect = "per_traits", points = -1 }]',
        'card_data/traits.toml: trait "tiny": bonus[0].effect: unknown effect',
        id="unknown_effect",
    ),
    pytest.param(
        "traits.toml",
        TINY_BONUS,
        'bonus = [{ effect = "per_trait", pointz = -1 }]',
        'card_data/traits.toml: trait "tiny": bonus[0].pointz: unknown parameter',
        id="unknown_parameter",
    ),
    pytest.param(
        "traits.toml",
        TINY_BONUS,
        'bonus = [{ effect = "per_trait", points = "-1" }]',
        'card_data/traits.toml: trait "tiny": bonus[0].points: expected',
        id="wrong_parameter_type",
    ),
    pytest.param(
        "traits.toml",
        TINY_BONUS,
        'bonus = [{ effect = "per_trait", points = true }]',
        'card_data/traits.toml: trait "tiny": bonus[0].points: expected',
        id="bool_is_not_a_number",
    ),
    pytest.param(
        "traits.toml",
        TINY_BONUS,
        'bonus = [{ effect = "per_trait", points = -1, colour = "teal" }]',
        'card_data/traits.toml: trait "tiny": bonus[0].colour: ',
        id="parameter_value_not_allowed",
    ),
    pytest.param(
        "traits.toml",
        TINY_BONUS,
        'bonus = [{ effect = "draw", count = 1 }]',
        'card_data/traits.toml: trait "tiny": bonus[0].effect: unknown effect',
        id="piece_in_the_wrong_slot",
    ),
    pytest.param(
        "ages.toml",
        'reveal = [{ effect = "each_draws", count = 2 }]',
        'reveal = [{ effect = "each_draws" }]',
        'card_data/ages.toml: age "flourish": reveal[0].count: missing parameter',
        id="missing_parameter",
    ),
    pytest.param(
        "ages.toml",
        'round = [{ effect = "colour_locked", colour = "blue" }]',
        'round = [{ effect = "colour_locked", colour = "azure" }]',
        'card_data/ages.toml: age "arid_lands": round[0].colour: ',
        id="age_unknown_colour_parameter",
    ),
    pytest.param(
        "catastrophes.toml",
        'catastrophic = [{ effect = "discard_per_colour_trait", colour = "red" }]',
        'catastrophic = [{ effect = "discard_per_colour_trait", colour = "red", count = 2 }]',
        'card_data/catastrophes.toml: catastrophe "ice_age": catastrophic[0].count: unknown parameter',
        id="catastrophe_unknown_parameter",
    ),
    pytest.param(
        "catastrophes.toml",
        'label = "c ice age"',
        'label = "ice age"',
        'card_data/catastrophes.toml: catastrophe "ice_age": label: ',
        id="catastrophe_label_without_c",
    ),
]


@pytest.mark.parametrize("file,old,new,message", BROKEN)
def test_broken_field_names_file_card_and_field(data: Path, file: str, old: str, new: str, message: str) -> None:
    """SCHEMA.md: "An unknown field, colour, kind, effect id or parameter is an error naming
    the file, the card and the field"."""
    edit(data, file, old, new)
    text = load_error(data)
    assert text.startswith(message), text


def test_unknown_colour_names_the_card_and_the_colours_field(data: Path) -> None:
    path = data / "traits.toml"
    text = path.read_text()
    block = text.index('id = "tiny"')
    before, after = text[:block], text[block:]
    after = after.replace('colours = ["blue"]', 'colours = ["teal"]', 1)
    path.write_text(before + after)
    message = load_error(data)
    assert message.startswith('card_data/traits.toml: trait "tiny": colours: '), message
    assert "blue" in message  # the message lists the allowed colours


def test_unknown_kind_names_the_card_and_kinds(data: Path) -> None:
    edit(data, "traits.toml", 'kinds = ["drop_of_life"]\ntext = "Lose one point', 'kinds = ["drop_of_lyfe"]\ntext = "Lose one point')
    message = load_error(data)
    assert message.startswith('card_data/traits.toml: trait "tiny": kinds: '), message
    assert "drop_of_lyfe" in message


def test_error_in_a_first_printing_override_names_the_override(data: Path) -> None:
    """An error inside ``[trait.first]`` is reported for the trait (first printing)."""
    edit(
        data,
        "traits.toml",
        'persistent = [{ effect = "replace_discarded_trait", source = "deck_top" }]',
        'persistent = [{ effect = "replace_discarded_trait", source = "deck_bottom" }]',
    )
    assert load_cards.__wrapped__("retail", str(data)).traits["regenerative_tissue"]
    message = load_error(data, "first")
    assert message.startswith(
        'card_data/traits.toml: trait "regenerative_tissue" (first printing): persistent[0].source: '
    ), message


def test_unknown_field_in_a_first_printing_override_is_refused_for_both_printings(data: Path) -> None:
    edit(data, "traits.toml", '[trait.first]\nface = 2\nlabel = "dp2"', '[trait.first]\nface = 2\nlabel = "dp2"\nname = "X"')
    for edition in EDITIONS:
        message = load_error(data, edition)
        assert message.startswith("card_data/traits.toml: trait "), message
        assert ": name: unknown field" in message


def test_invalid_toml_names_the_file(data: Path) -> None:
    path = data / "traits.toml"
    path.write_text(path.read_text() + "\n[[trait]\nid = \n")
    message = load_error(data)
    assert message.startswith("card_data/traits.toml: not valid TOML"), message


def test_missing_file_names_the_file(data: Path) -> None:
    (data / "ages.toml").unlink()
    assert load_error(data) == "card_data/ages.toml: file is missing"


def test_duplicate_id_is_refused(data: Path) -> None:
    edit(data, "ages.toml", 'id = "flourish"\nname = "Flourish"', 'id = "eclipse"\nname = "Flourish"')
    message = load_error(data)
    assert message.startswith("card_data/ages.toml: ") and "duplicate id" in message, message


def test_unknown_table_is_refused(data: Path) -> None:
    path = data / "catastrophes.toml"
    path.write_text(path.read_text() + '\n[[age]]\nid = "stray"\n')
    message = load_error(data)
    assert message.startswith("card_data/catastrophes.toml: age: unknown table"), message


def test_error_carries_its_parts(data: Path) -> None:
    edit(data, "traits.toml", TINY_BONUS, 'bonus = [{ effect = "per_trait", pointz = -1 }]')
    with pytest.raises(CardDataError) as info:
        load_cards("retail", folder=str(data))
    err = info.value
    assert (err.file, err.card, err.field) == ("card_data/traits.toml", 'trait "tiny"', "bonus[0].pointz")
    assert isinstance(err, ValueError)


def test_loading_is_cached_per_edition_and_folder() -> None:
    assert load_cards("retail") is load_cards("retail")
    assert load_cards("retail") is not load_cards("first")
    with pytest.raises(ValueError):
        load_cards("deluxe")
