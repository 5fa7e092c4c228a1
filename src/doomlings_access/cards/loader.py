"""Load ``card_data/*.toml`` into immutable definitions, validating every field.

Any unknown field, colour, kind, effect piece or parameter raises :class:`CardDataError`
naming the file, the card and the field, so a typo in the data can never silently turn a
card into a card that does nothing.
"""

from __future__ import annotations

import functools
import json
import os
import re
import zlib
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable

from doomlings_access.cards.model import (
    COLOUR_LETTERS,
    COLOURS,
    AgeDef,
    CardSet,
    CatastropheDef,
    Piece,
    Pieces,
    TraitDef,
)
from doomlings_access.cards.pieces import (
    AGE_SLOTS,
    CARD_REFERENCES,
    CATASTROPHE_SLOTS,
    TRAIT_SLOTS,
    VOCABULARY,
)

EDITIONS = ("retail", "first")
TRAIT_KINDS = frozenset(
    {
        "effectless",
        "action",
        "on_play",
        "persistent",
        "gene_pool",
        "requirement",
        "worlds_end",
        "drop_of_life",
        "out_of_turn",
    }
)
_ID = re.compile(r"^[a-z][a-z0-9_]*$")


class CardDataError(ValueError):
    """A card data file is wrong; the message names the file, the card and the field."""

    def __init__(self, file: str, card: str | None, field: str | None, why: str) -> None:
        where = file
        if card:
            where += f": {card}"
        if field:
            where += f": {field}"
        super().__init__(f"{where}: {why}")
        self.file, self.card, self.field, self.why = file, card, field, why


def data_dir() -> Path:
    """The card data folder: inside the installed package, else the source checkout's."""
    packaged = Path(__file__).resolve().parent.parent / "card_data"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[3] / "card_data"


class _Reader:
    """Checks one table of one file and reports errors with its location."""

    def __init__(self, file: str, card: str, table: dict[str, Any]) -> None:
        self.file, self.card, self.table = file, card, table

    def fail(self, field: str | None, why: str) -> CardDataError:
        return CardDataError(self.file, self.card, field, why)

    def only(self, allowed: set[str]) -> None:
        for key in self.table:
            if key not in allowed:
                raise self.fail(key, "unknown field")

    def get(self, field: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        if field not in self.table:
            if default is ...:
                raise self.fail(field, "missing field")
            return default
        value = self.table[field]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(field, f"expected {_type_name(kind)}, got {value!r}")
        return value

    def text(self, field: str) -> str:
        value: str = self.get(field, str)
        if not value.strip():
            raise self.fail(field, "must not be empty")
        return value

    def pieces(self, field: str, slot: str) -> Pieces:
        raw = self.get(field, list, [])
        vocabulary = VOCABULARY[slot]
        out = []
        for i, item in enumerate(raw):
            where = f"{field}[{i}]"
            if not isinstance(item, dict):
                raise self.fail(where, "expected a table like { effect = \"draw\", count = 1 }")
            effect = item.get("effect")
            if not isinstance(effect, str) or effect not in vocabulary:
                raise self.fail(f"{where}.effect", f"unknown effect {effect!r} for {field}")
            spec = vocabulary[effect]
            params = {k: v for k, v in item.items() if k != "effect"}
            for name, value in params.items():
                if name not in spec:
                    raise self.fail(f"{where}.{name}", "unknown parameter")
                param = spec[name]
                if not isinstance(value, param.type) or (
                    param.type is int and isinstance(value, bool)
                ):
                    raise self.fail(f"{where}.{name}", f"expected {_type_name(param.type)}")
                if param.choices is not None and value not in param.choices:
                    raise self.fail(
                        f"{where}.{name}", f"{value!r} is not one of {', '.join(map(str, param.choices))}"
                    )
            for name, param in spec.items():
                if param.required and name not in params:
                    raise self.fail(f"{where}.{name}", "missing parameter")
            out.append(Piece(effect, MappingProxyType(params)))
        return tuple(out)


def _type_name(kind: type | tuple[type, ...]) -> str:
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return {str: "text", int: "a whole number", bool: "true or false", list: "a list"}.get(
        kind, kind.__name__
    )


def _label_for(colours: tuple[str, ...], face: int | None, dominant: bool) -> str:
    letters = "".join(COLOUR_LETTERS[c] for c in colours)
    return ("d" if dominant else "") + letters + ("X" if face is None else str(face))


_TRAIT_FIELDS = {"id", "name", "colours", "face", "dominant", "copies", "label", "kinds", "text"}
_OVERRIDABLE = {"face", "label", "kinds", "text", *TRAIT_SLOTS}


def _read_trait(file: str, table: dict[str, Any], edition: str) -> TraitDef:
    card_id = table.get("id", "?")
    r = _Reader(file, f'trait "{card_id}"', table)
    r.only(_TRAIT_FIELDS | set(TRAIT_SLOTS) | {"first"})
    first = r.get("first", dict, {})
    _Reader(file, f'trait "{card_id}"', first).only(_OVERRIDABLE)
    if edition == "first" and first:
        table = {**table, **first}
        r = _Reader(file, f'trait "{card_id}" (first printing)', table)
    card_id = r.text("id")
    if not _ID.match(card_id):
        raise r.fail("id", "use lower case letters, digits and underscores")
    colours = tuple(r.get("colours", list))
    if not colours or any(c not in COLOURS for c in colours):
        raise r.fail("colours", f"each colour must be one of {', '.join(COLOURS)}")
    face_raw = r.get("face", (int, str))
    if isinstance(face_raw, str) and face_raw != "X":
        raise r.fail("face", 'a whole number or "X"')
    face = None if face_raw == "X" else int(face_raw)
    dominant = r.get("dominant", bool)
    copies = r.get("copies", int)
    if copies < 1:
        raise r.fail("copies", "must be at least 1")
    label = r.text("label")
    expected = _label_for(colours, face, dominant)
    if label != expected:
        raise r.fail("label", f"{label!r} does not match the card; expected {expected!r}")
    kinds = frozenset(r.get("kinds", list))
    unknown = kinds - TRAIT_KINDS
    if unknown or not kinds:
        raise r.fail("kinds", f"unknown kind {sorted(unknown)!r}" if unknown else "empty")
    slots = {slot: r.pieces(slot, slot) for slot in TRAIT_SLOTS}
    if "effectless" in kinds and any(slots.values()):
        raise r.fail("kinds", "an effectless trait cannot have effect pieces")
    if "effectless" not in kinds and not any(slots.values()):
        raise r.fail("kinds", "a trait with an effect needs at least one effect piece")
    return TraitDef(
        id=card_id,
        name=r.text("name"),
        colours=colours,
        face=face,
        dominant=dominant,
        copies=copies,
        label=label,
        kinds=kinds,
        text=r.text("text"),
        **slots,
    )


def _read_age(file: str, table: dict[str, Any], edition: str) -> AgeDef:
    r = _Reader(file, f'age "{table.get("id", "?")}"', table)
    r.only({"id", "name", "label", "text", "in_deck", "birth_of_life", *AGE_SLOTS})
    return AgeDef(
        id=r.text("id"),
        name=r.text("name"),
        label=r.text("label"),
        text=r.text("text"),
        in_deck=r.get("in_deck", bool),
        birth_of_life=r.get("birth_of_life", bool, False),
        round=r.pieces("round", "round"),
        reveal=r.pieces("reveal", "reveal"),
    )


def _read_catastrophe(file: str, table: dict[str, Any], edition: str) -> CatastropheDef:
    card_id = table.get("id", "?")
    fields = {"id", "name", "label", "gene_pool", "catastrophic_text", "worlds_end_text"}
    r = _Reader(file, f'catastrophe "{card_id}"', table)
    r.only(fields | set(CATASTROPHE_SLOTS) | {"first"})
    first = r.get("first", dict, {})
    _Reader(file, f'catastrophe "{card_id}"', first).only(
        {"gene_pool", "catastrophic_text", "worlds_end_text", *CATASTROPHE_SLOTS}
    )
    if edition == "first" and first:
        r = _Reader(file, f'catastrophe "{card_id}" (first printing)', {**table, **first})
    label = r.text("label")
    if not label.startswith("c"):
        raise r.fail("label", "a catastrophe label begins with c")
    return CatastropheDef(
        id=r.text("id"),
        name=r.text("name"),
        label=label,
        gene_pool=r.get("gene_pool", int),
        catastrophic_text=r.text("catastrophic_text"),
        worlds_end_text=r.text("worlds_end_text"),
        **{field: r.pieces(field, slot) for field, slot in CATASTROPHE_SLOTS.items()},
    )


def _cache_file(path: Path) -> Path | None:
    base = os.environ.get("DOOMLINGS_CACHE_DIR") or os.environ.get("XDG_CACHE_HOME")
    if not base:
        home = Path.home()
        if not home.is_dir():
            return None
        base = str(home / ".cache")
    stat = path.stat()
    key = f"{path.resolve()}:{stat.st_mtime_ns}:{stat.st_size}".encode()
    return Path(base) / "doomlings-access" / f"{path.stem}-{zlib.crc32(key):08x}-{stat.st_size}.json"


def _parse_toml(path: Path) -> dict[str, Any]:
    """Parse a card file; the parsed form is cached as JSON (quicker to read) by size and time.

    The cache only saves parsing: every card is still validated on every load.
    """
    cache = _cache_file(path)
    if cache is not None and cache.exists():
        try:
            data = json.loads(cache.read_text(encoding="utf-8"))
            if isinstance(data, dict):
                return data
        except (OSError, ValueError):
            pass
    import tomllib  # only when the cache cannot serve: keeps look-ups quick

    with path.open("rb") as fh:
        doc = tomllib.load(fh)
    if cache is not None:
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            tmp = cache.with_name(f"{cache.name}.{os.getpid()}.tmp")
            tmp.write_text(json.dumps(doc), encoding="utf-8")
            os.replace(tmp, cache)
        except OSError:
            pass
    return doc


def _load_file(
    folder: Path, name: str, key: str, read: Callable[[str, dict[str, Any], str], Any], edition: str
) -> dict[str, Any]:
    path = folder / name
    shown = f"card_data/{name}"
    try:
        doc = _parse_toml(path)
    except FileNotFoundError:
        raise CardDataError(shown, None, None, "file is missing") from None
    except ValueError as exc:  # tomllib.TOMLDecodeError
        raise CardDataError(shown, None, None, f"not valid TOML: {exc}") from None
    for top in doc:
        if top != key:
            raise CardDataError(shown, None, top, f"unknown table; only [[{key}]] is allowed")
    out: dict[str, Any] = {}
    for table in doc.get(key, []):
        card = read(shown, table, edition)
        if card.id in out:
            raise CardDataError(shown, f'{key} "{card.id}"', "id", "duplicate id")
        out[card.id] = card
    if not out:
        raise CardDataError(shown, None, key, "no cards")
    return out


@functools.cache
def load_cards(edition: str = "retail", folder: str | None = None) -> CardSet:
    """Load and validate every card of ``edition`` ("retail" or "first"); cached."""
    if edition not in EDITIONS:
        raise ValueError(f"unknown edition {edition!r}; use retail or first")
    where = Path(folder) if folder else data_dir()
    traits = _load_file(where, "traits.toml", "trait", _read_trait, edition)
    ages = _load_file(where, "ages.toml", "age", _read_age, edition)
    catastrophes = _load_file(where, "catastrophes.toml", "catastrophe", _read_catastrophe, edition)
    births = [a for a in ages.values() if a.birth_of_life]
    if len(births) != 1:
        raise CardDataError("card_data/ages.toml", None, "birth_of_life", "exactly one age needs it")
    names: dict[str, str] = {}
    for card in [*traits.values(), *ages.values(), *catastrophes.values()]:
        if card.name.lower() in names:
            raise CardDataError("card_data", f'"{card.id}"', "name", "two cards share this name")
        names[card.name.lower()] = card.id
    _check_references(traits, ages, catastrophes)
    return CardSet(
        edition,
        MappingProxyType(traits),
        MappingProxyType(ages),
        MappingProxyType(catastrophes),
    )


def _check_references(
    traits: dict[str, TraitDef], ages: dict[str, AgeDef], catastrophes: dict[str, CatastropheDef]
) -> None:
    """A piece parameter that names another card must name one that exists."""
    tables: dict[str, dict[str, Any]] = {"trait": traits, "catastrophe": catastrophes}
    files = {"trait": "traits.toml", "age": "ages.toml", "catastrophe": "catastrophes.toml"}
    cards: list[tuple[str, Any, list[tuple[str, str]]]] = []
    for t in traits.values():
        cards.append(("trait", t, [(slot, slot) for slot in TRAIT_SLOTS]))
    for a in ages.values():
        cards.append(("age", a, [(slot, slot) for slot in AGE_SLOTS]))
    for c in catastrophes.values():
        cards.append(("catastrophe", c, list(CATASTROPHE_SLOTS.items())))
    for kind, card, slots in cards:
        for field, slot in slots:
            for i, piece in enumerate(getattr(card, field)):
                ref = CARD_REFERENCES.get((slot, piece.effect))
                if ref is None:
                    continue
                param, target = ref
                value = piece.get(param)
                if value is not None and value not in tables[target]:
                    raise CardDataError(
                        f"card_data/{files[kind]}",
                        f'{kind} "{card.id}"',
                        f"{field}[{i}].{param}",
                        f"no {target} has the id {value!r}",
                    )
