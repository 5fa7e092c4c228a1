"""Load ``card_data/*.toml`` into immutable definitions, validating every field.

Any unknown field, colour, kind, effect piece or parameter raises :class:`CardDataError`
naming the file, the card and the field, so a typo in the data can never silently turn a
card into a card that does nothing.
"""

from __future__ import annotations


import dataclasses
import functools
import hashlib
import json
import os
import re
import unicodedata
import zlib
from collections.abc import Callable
from pathlib import Path
from types import MappingProxyType
from typing import Any

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
from doomlings_access.cards.card_files import MAX_CARD_FILE, fingerprint
from doomlings_access.cards.index_names import FORMAT as INDEX_FORMAT
from doomlings_access.cards.index_names import INDEX_NAME
from doomlings_access.safety.files import (
    FileRefused,
    parse_json,
    parse_toml,
    read_bounded,
    reason,
    temp_names,
    write_atomic,
)
from doomlings_access.safety.folders import folder_problem
from doomlings_access.safety.tidy import DAY, HOUR, remove_old

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
        if len(value) > MAX_TEXT:
            raise self.fail(field, f"longer than {MAX_TEXT} characters")
        if any(unicodedata.category(ch) in ("Cc", "Cf") for ch in value):
            raise self.fail(field, "holds a control or formatting character")
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
            spec = vocabulary[effect].params
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


MAX_COPIES = 10
"""Copies of one trait in a deck (the base game has at most 6): a cache or data file asking
for a million made a game take 7 seconds and 400 MB."""
FACE_LIMIT = 99
MAX_TEXT = 2000
"""Longer than any card's name or text."""

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
    if face is not None and not -FACE_LIMIT <= face <= FACE_LIMIT:
        raise r.fail("face", f"must be {-FACE_LIMIT} to {FACE_LIMIT}")
    copies = r.get("copies", int)
    if not 1 <= copies <= MAX_COPIES:
        raise r.fail("copies", f"must be 1 to {MAX_COPIES}")
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


"""Largest card data file read (ours are about 100 kB)."""
MAX_CACHE_FILE = 16 * 1024 * 1024
CACHE_FORMAT = 1
CACHE_KEPT_DAYS = 30
"""Cache entries of card files that have since changed are removed after this many days."""
_CARD_FILES = "(?:traits|ages|catastrophes)"
"""The card files a cache entry is named after (see :func:`_cache_file`): a cache name is
one the game writes, never a player's ``photos-20240101-3.json``."""
_CACHE_NAME = re.compile(_CARD_FILES + r"-[0-9a-f]{8}-[0-9]+\.v[0-9]+\.json")
_OLD_CACHE = re.compile(_CARD_FILES + r"-[0-9a-f]{8}-[0-9]+\.json(?:\.[0-9]+\.tmp)?")  # earlier versions'
_CACHE_TEMP = temp_names(re.compile(f"{_CACHE_NAME.pattern}|{INDEX_NAME.pattern}"))
_OWN = (_CACHE_NAME, _CACHE_TEMP, _OLD_CACHE, INDEX_NAME)


def cache_location() -> Path | None:
    """Where parsed card files are cached: ``$DOOMLINGS_CACHE_DIR/doomlings-access``, else
    ``$XDG_CACHE_HOME/doomlings-access``, else ``~/.cache/doomlings-access``; None when
    there is no home folder. Whether it may be used is :func:`cache_folder`'s to say."""
    base = os.environ.get("DOOMLINGS_CACHE_DIR") or os.environ.get("XDG_CACHE_HOME")
    if not base:
        home = Path.home()
        if not home.is_dir():
            return None
        base = str(home / ".cache")
    return Path(base) / "doomlings-access"


def cache_folder() -> Path | None:
    """The cache folder, when the game may write and tidy there: absent (it is made) or a
    real folder of ours. None without one, or when a link or anything not ours stands
    there: the cards are then read without a cache, rather than written into (and tidied
    in) a folder that may be anyone's."""
    folder = cache_location()
    return folder if folder is not None and folder_problem(folder) is None else None


def _cache_key(path: Path, st: os.stat_result) -> str:
    return f"{path.resolve()}:{st.st_mtime_ns}:{st.st_size}"


def _cache_file(path: Path, st: os.stat_result) -> Path | None:
    folder = cache_folder()
    if folder is None:
        return None
    key = _cache_key(path, st).encode()
    return folder / f"{path.stem}-{zlib.crc32(key):08x}-{st.st_size}.v{CACHE_FORMAT}.json"


def _read_cache(cache: Path, key: str) -> dict[str, Any] | None:
    """The cached parse of a card file, or None when there is none or it cannot be trusted.

    A cache entry is a header line (format, the card file's path, time and size, and the
    SHA-256 of the rest) and the parsed file as JSON. Anything that does not match, however
    it got that way, is ignored and rebuilt: a cache fault is never a card data error."""
    try:
        raw = read_bounded(cache, MAX_CACHE_FILE, follow_links=False)
        head, _, body = raw.partition(b"\n")
        header = json.loads(head)
        if (
            not isinstance(header, dict)
            or header.get("format") != CACHE_FORMAT
            or header.get("source") != key
            or header.get("sha256") != hashlib.sha256(body).hexdigest()
        ):
            return None
        doc = parse_json(body, cache)
    except (OSError, ValueError, RecursionError):
        return None
    return doc if isinstance(doc, dict) else None


def check_cache_file(cache: Path) -> str | None:
    """What is wrong with one cache entry or look-up index (for ``doomlings doctor``), or None."""
    try:
        raw = read_bounded(cache, MAX_CACHE_FILE, follow_links=False)
    except (OSError, FileRefused) as exc:
        return reason(exc)
    if INDEX_NAME.fullmatch(cache.name):
        try:
            index = parse_json(raw, cache)
        except FileRefused as exc:
            return exc.why
        if (
            not isinstance(index, dict)
            or index.get("format") != INDEX_FORMAT
            or not isinstance(index.get("cards"), list)
        ):
            return "is not a look-up index of this version (corrupt or old)"
        return None
    head, _, body = raw.partition(b"\n")
    try:
        header = json.loads(head)
    except ValueError:
        header = None
    if not isinstance(header, dict) or header.get("format") != CACHE_FORMAT:
        return "is not a cache entry of this version (corrupt or old)"
    if header.get("sha256") != hashlib.sha256(body).hexdigest():
        return "does not match its checksum (corrupt)"
    try:
        parse_json(body, cache)
    except FileRefused as exc:
        return exc.why
    return None


def cache_files() -> list[Path]:
    """The cache's own files: entries, look-up indexes and leftover temporary files."""
    folder = cache_folder()
    if folder is None:
        return []
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    return [folder / n for n in names if any(p.fullmatch(n) for p in _OWN)]


def clear_cache() -> list[Path]:
    """Remove every cache file of ours (regular files we own, nothing else); it is rebuilt
    on the next load."""
    folder = cache_folder()
    if folder is None:
        return []
    return [path for pattern in _OWN for path in remove_old(folder, pattern, -1.0)]


def _write_cache(cache: Path, key: str, doc: dict[str, Any]) -> None:
    """Store a parse; old entries and leftovers are tidied at the same time. A cache that
    cannot be written (read-only, full, or its name taken by a link or a FIFO) is skipped."""
    body = json.dumps(doc).encode("utf-8")
    header = {"format": CACHE_FORMAT, "source": key, "sha256": hashlib.sha256(body).hexdigest()}
    try:
        write_atomic(cache, json.dumps(header).encode("utf-8") + b"\n" + body, make_folder=True, durable=False)
    except (OSError, FileRefused):
        return
    remove_old(cache.parent, _CACHE_NAME, CACHE_KEPT_DAYS * DAY)
    remove_old(cache.parent, _OLD_CACHE, CACHE_KEPT_DAYS * DAY)
    remove_old(cache.parent, _CACHE_TEMP, HOUR)


def _parse_source(path: Path, shown: str) -> dict[str, Any]:
    """Parse a card file itself, within bounds; its faults are the card data's."""
    try:
        return parse_toml(read_bounded(path, MAX_CARD_FILE), path)
    except FileNotFoundError:
        raise CardDataError(shown, None, None, "file is missing") from None
    except FileRefused as exc:
        raise CardDataError(shown, None, None, exc.why.removeprefix("is ")) from None


def _parse_toml(
    path: Path, shown: str, fresh: bool = False
) -> tuple[dict[str, Any], Callable[[], dict[str, Any]] | None]:
    """Parse a card file, from the cache when it holds a trusted parse of this very file
    (``fresh``: never; the parse is cached anew).

    The cache only saves parsing: every card is still validated on every load. Returns the
    parse and, when it came from the cache, how to parse the file itself instead.
    """
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise CardDataError(shown, None, None, "file is missing") from None
    except OSError as exc:
        raise CardDataError(shown, None, None, f"cannot be read ({exc.strerror or exc})") from None
    cache = _cache_file(path, st)
    key = _cache_key(path, st)
    if cache is not None and not fresh:
        doc = _read_cache(cache, key)
        if doc is not None:

            def rebuild() -> dict[str, Any]:
                fresh = _parse_source(path, shown)
                _write_cache(cache, key, fresh)
                return fresh

            return doc, rebuild
    doc = _parse_source(path, shown)
    if cache is not None:
        _write_cache(cache, key, doc)
    return doc, None


def _cards_of(
    doc: dict[str, Any], shown: str, key: str, read: Callable[[str, dict[str, Any], str], Any], edition: str
) -> dict[str, Any]:
    for top in doc:
        if top != key:
            raise CardDataError(shown, None, top, f"unknown table; only [[{key}]] is allowed")
    tables = doc.get(key, [])
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise CardDataError(shown, None, key, f"expected [[{key}]] tables")
    out: dict[str, Any] = {}
    for table in tables:
        card = read(shown, table, edition)
        if card.id in out:
            raise CardDataError(shown, f'{key} "{card.id}"', "id", "duplicate id")
        out[card.id] = card
    if not out:
        raise CardDataError(shown, None, key, "no cards")
    return out


def _load_file(
    folder: Path, name: str, key: str, read: Callable[[str, dict[str, Any], str], Any], edition: str,
    fresh: bool = False,
) -> dict[str, Any]:
    shown = f"card_data/{name}"
    doc, rebuild = _parse_toml(folder / name, shown, fresh)
    try:
        return _cards_of(doc, shown, key, read, edition)
    except (CardDataError, TypeError, AttributeError, KeyError):
        if rebuild is None:
            raise
    # The cache passed its checksum yet its cards fail: never blame the card file for that.
    return _cards_of(rebuild(), shown, key, read, edition)


@functools.cache
def load_cards(edition: str = "retail", folder: str | None = None) -> CardSet:
    """Load and validate every card of ``edition`` ("retail" or "first"); cached."""
    if edition not in EDITIONS:
        raise ValueError(f"unknown edition {edition!r}; use retail or first")
    where = Path(folder) if folder else data_dir()
    try:
        cards = _card_set(where, edition)
    except CardDataError:
        # The checks across the files (one Birth of Life, names, references) may have failed
        # on cached parses that each passed their own checks: the card files themselves are
        # read before any is blamed (and their cache entries written anew).
        cards = _card_set(where, edition, fresh=True)
    try:
        return dataclasses.replace(cards, fingerprint=fingerprint(where))
    except (OSError, FileRefused):  # (read a moment ago): a save then names no set, as before
        return cards


def _card_set(where: Path, edition: str, fresh: bool = False) -> CardSet:
    """The cards of ``edition`` in the folder ``where``, checked one by one and together."""
    traits = _load_file(where, "traits.toml", "trait", _read_trait, edition, fresh)
    ages = _load_file(where, "ages.toml", "age", _read_age, edition, fresh)
    catastrophes = _load_file(where, "catastrophes.toml", "catastrophe", _read_catastrophe, edition, fresh)
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
