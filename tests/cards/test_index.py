"""The look-up index that lets ``doomlings card`` start quickly (issue 14).

It must show exactly what the full card data shows, for every card, and a cache file that is
broken, hostile or stale must never change that: it is ignored and written again.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from doomlings_access.braille.labels import label_to_unicode
from doomlings_access.cards import index as I
from doomlings_access.cards import load_cards
from doomlings_access.cards.describe import full_description


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("DOOMLINGS_CACHE_DIR", str(folder))
    return folder / "doomlings-access"


def index_file(cache: Path, edition: str = "retail") -> Path:
    files = sorted(cache.glob(f"index-{edition}-*.json"))
    assert len(files) == 1, files
    return files[0]


@pytest.mark.parametrize("edition", ["retail", "first"])
def test_the_index_shows_what_the_cards_show(cache: Path, edition: str) -> None:
    for attempt in ("built", "read from the cache"):
        entries = I.card_index(edition)
        cards = load_cards(edition).all_cards()
        assert [(e.name, e.label, e.kind) for e in entries] == [
            (c.name, c.label, c.kind) for c in cards
        ], attempt
        for entry, card in zip(entries, cards):
            assert entry.description() == full_description(card), (attempt, card.name)
            if card.kind != "age":
                braille = label_to_unicode(card.label)
                assert entry.description(braille) == full_description(card, braille)
        assert index_file(cache, edition).is_file()


HOSTILE = {
    "not JSON": b"{not json",
    "empty": b"",
    "a list": b"[]",
    "wrong key": json.dumps({"format": 1, "key": "0", "cards": []}).encode(),
    "deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "binary": bytes(range(256)),
}


@pytest.mark.parametrize("content", list(HOSTILE.values()), ids=list(HOSTILE))
def test_a_broken_cache_file_is_ignored_and_rewritten(cache: Path, content: bytes) -> None:
    I.card_index()
    path = index_file(cache)
    path.write_bytes(content)
    entries = I.card_index()
    assert [e.name for e in entries] == [c.name for c in load_cards().all_cards()]
    assert json.loads(path.read_text("utf-8"))["key"] in path.name


def test_a_cache_with_the_right_key_but_a_wrong_shape_is_ignored(cache: Path) -> None:
    I.card_index()
    path = index_file(cache)
    data = json.loads(path.read_text("utf-8"))
    for broken in (
        {**data, "cards": [["Tiny", "db17", "trait", "not a list"]]},
        {**data, "cards": [["Tiny", "db17", "trait", []]]},
        {**data, "cards": [["Tiny", 17, "trait", ["x"]]]},
        {**data, "cards": [["x" * 5000, "db17", "trait", ["x"]]]},
        {**data, "format": 2},
    ):
        path.write_text(json.dumps(broken), "utf-8")
        assert len(I.card_index()) == 151


def test_a_fifo_or_a_link_in_place_of_the_cache_never_blocks_or_is_followed(
    cache: Path, tmp_path: Path
) -> None:
    I.card_index()
    path = index_file(cache)
    path.unlink()
    os.mkfifo(path)  # reading a FIFO would wait for a writer forever
    assert len(I.card_index()) == 151
    path.unlink()
    target = tmp_path / "elsewhere.json"
    target.write_text("[]")
    path.symlink_to(target)
    assert len(I.card_index()) == 151
    assert target.read_text() == "[]", "the link's target was left alone"


def test_a_huge_cache_file_is_not_read(cache: Path) -> None:
    I.card_index()
    path = index_file(cache)
    path.write_bytes(b" " * (I.MAX_BYTES + 10))
    assert len(I.card_index()) == 151


def test_changed_card_data_builds_a_new_index(cache: Path, tmp_path: Path, monkeypatch) -> None:
    I.card_index()
    first = index_file(cache).name
    data = Path(I._data_dir()) / "traits.toml"
    stat = data.stat()
    try:
        os.utime(data, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
        I.card_index()
        names = sorted(p.name for p in cache.glob("index-retail-*.json"))
        assert len(names) == 2 and first in names
    finally:
        os.utime(data, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def test_no_cache_folder_at_all_still_works(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setenv("DOOMLINGS_CACHE_DIR", str(tmp_path / "file"))
    (tmp_path / "file").write_text("a file where the folder should be")
    assert len(I.card_index()) == 151
