"""Issue 12, property-based fuzz of save, score, position and settings files (hypothesis).

Each input is written to a real file and read by the real functions the commands use
(``read_save`` and ``list_saves``; ``score_file``; ``read_position``, then the game set up and
played to its end; ``load_settings`` and ``save_settings``).
Inputs are built three ways: random JSON or TOML documents, valid files with one part replaced
by something odd (a wrong type, a huge or deep value, control characters, an unknown field),
and valid files with their bytes cut, flipped or spliced. The properties:

- nothing but the documented error comes out (``SaveFileError``, ``ScoreFileError``, a
  ``ValueError`` naming the field of a position, a problem line for settings), never a crash,
  a hang or a recursion error; a position the rules accept plays to its end;
- every message is one line, names the file, and holds no control character;
- a save that loads is a game that can be listed, and the listing never fails;
- any settings the menu accepts are read back exactly as written.

``make test`` tries a few hundred inputs per kind; ``make fuzz`` sets DOOMLINGS_FUZZ_EXAMPLES
(thousands per kind). The number of inputs tried per kind is printed.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kit import UNSAFE, good_save

from doomlings_access.cards import load_cards
from doomlings_access.positions import read_position
from doomlings_access.rules import Game
from doomlings_access.safety.files import FileRefused, load_named_json
from doomlings_access.ui.scenario import MAX_FILE, play
from doomlings_access.saves import SaveFileError, list_saves, read_save
from doomlings_access.scorer import ScoreFileError, score_file
from doomlings_access.lines import MAX_PAUSE
from doomlings_access.settings import ANY_TIME, ONLY_CHOICE, Settings, load_settings, save_settings, voice_problem
from doomlings_access.ui.session import reserved_words

EXAMPLES = int(os.environ.get("DOOMLINGS_FUZZ_EXAMPLES", "0")) or None
COUNT = {"save": 0, "score": 0, "position": 0, "settings": 0, "settings round trips": 0}


def budget(default: int) -> Any:
    return settings(
        max_examples=EXAMPLES or default, deadline=None, derandomize=EXAMPLES is None, database=None,
        suppress_health_check=list(HealthCheck),
    )


def one_clean_line(message: str, name: str) -> None:
    assert "\n" not in message and UNSAFE.search(message) is None, repr(message)
    assert name in message, message


# --- building blocks ------------------------------------------------------------------------------

ODD_TEXT = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["", " ", "\x1b]0;x\x07", "\x1b[2J", "\n", "\u202e", "\x00", "\ud800", "h", "1", "Tiny",
                     "Ice Age", "none", "yes", "red", "tiny", "TINY ", "db17", "⠙⠃⠂⠛", "X" * 300]),
)
ODD_NUMBER = st.one_of(
    st.integers(-10, 20), st.integers(-(10**60), 10**60), st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([0, 1, -1, 2**63, 1e300, -1e300, 0.5, 3.5]),
)
SCALARS = st.one_of(st.none(), st.booleans(), ODD_NUMBER, ODD_TEXT)
JSONISH = st.recursive(
    SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(ODD_TEXT, inner, max_size=5)),
    max_leaves=25,
)
HUGE_OR_DEEP = st.sampled_from(["9" * 5000, "[" * 3000 + "]" * 3000, "{\"a\":" * 3000 + "1" + "}" * 3000,
                                "1e999", "-1e999", "NaN", "Infinity", "\"\\ud800\"", "\"\\u001b]0;x\\u0007\""])


def dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


@st.composite
def replaced(draw: st.DrawFn, base: Any) -> str:
    """``base`` as JSON with one node (or a new key) replaced by an odd value or raw text."""
    doc = json.loads(json.dumps(base))
    path: list[Any] = []
    node = doc
    while isinstance(node, (dict, list)) and node and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(node) if isinstance(node, dict) else list(range(len(node)))))
        path.append(key)
        node = node[key]
    marker = "\u2063ODD\u2063"
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    if not path:
        return draw(HUGE_OR_DEEP) if draw(st.booleans()) else dump(draw(JSONISH))
    action = draw(st.sampled_from(["value", "raw", "delete", "add"]))
    if action == "delete":
        del parent[path[-1]]
        return dump(doc)
    if action == "add" and isinstance(parent, dict):
        parent[draw(ODD_TEXT)] = draw(JSONISH)
        return dump(doc)
    parent[path[-1]] = marker
    text = dump(doc)
    odd = draw(HUGE_OR_DEEP) if action == "raw" else dump(draw(JSONISH))
    return text.replace(dump(marker), odd)


@st.composite
def mangled(draw: st.DrawFn, raw: bytes) -> bytes:
    """Bytes cut short, flipped, duplicated or spliced with junk."""
    data = bytearray(raw)
    for _ in range(draw(st.integers(1, 4))):
        if not data:
            break
        at = draw(st.integers(0, len(data) - 1))
        kind = draw(st.sampled_from(["cut", "flip", "insert", "dup"]))
        if kind == "cut":
            del data[at:]
        elif kind == "flip":
            data[at] = draw(st.integers(0, 255))
        elif kind == "insert":
            data[at:at] = draw(st.sampled_from([b"[", b"{", b"]", b"\"", b"\\", b"\xff", b"\x1b", b"9" * 50, b"\n"]))
        else:
            data[at:at] = data[at: at + draw(st.integers(1, 40))]
    return bytes(data)


# --- save files -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def saves_base(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Any, bytes]]:
    folder = tmp_path_factory.mktemp("fuzz-base")
    out = []
    for seed, players, actions in ((3, 2, 10), (4, 4, 40), (5, 6, None)):
        path = good_save(folder, f"base{seed}.json", seed=seed, actions=actions or 10_000, players=players)
        out.append((json.loads(path.read_bytes()), path.read_bytes()))
    return out


def check_save(folder: Path, raw: bytes) -> None:
    path = folder / "game-20240101-120000.json"
    path.write_bytes(raw)
    COUNT["save"] += 1
    try:
        saved = read_save(path, reserved_words())
    except SaveFileError as exc:
        one_clean_line(str(exc), str(path))
    else:
        assert saved.game.setup.players
    found, problems = list_saves(folder)
    assert len(found) + len(problems) == 1
    for item in found:
        line = item.line(1)
        assert "\n" not in line and UNSAFE.search(line) is None


def test_fuzz_save_files(saves_base: list[tuple[Any, bytes]], tmp_path: Path) -> None:
    base = st.sampled_from(saves_base)

    @budget(200)
    @given(st.one_of(
        base.flatmap(lambda b: replaced(b[0])).map(lambda t: t.encode("utf-8", "surrogatepass")),
        base.flatmap(lambda b: mangled(b[1])),
        JSONISH.map(lambda v: dump(v).encode("utf-8", "surrogatepass")),
    ))
    def fuzz(raw: bytes) -> None:
        check_save(tmp_path, raw)

    fuzz()


# --- score files ----------------------------------------------------------------------------------

CARDS = load_cards()
TRAITS = sorted(t.name for t in CARDS.traits.values())
CATASTROPHES = sorted(c.name for c in CARDS.catastrophes.values())


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    """Plausible tables: real names, odd answers."""
    players = []
    for i in range(draw(st.integers(1, 4))):
        player: dict[str, Any] = {"name": draw(st.sampled_from(["Ana", "Ben", "Cy", f"P{i}"])) + str(i),
                                  "traits": draw(st.lists(st.sampled_from(TRAITS), max_size=8))}
        if draw(st.booleans()):
            player["hand"] = draw(st.lists(st.sampled_from(TRAITS), max_size=3))
        if draw(st.booleans()):
            player["gene_pool"] = draw(st.one_of(st.integers(-2, 14), SCALARS))
        if draw(st.booleans()):
            keys = st.sampled_from(player["traits"] + player.get("hand", []) + CATASTROPHES)
            answers = st.one_of(st.sampled_from(TRAITS + CATASTROPHES + ["red", "blue", "none", "yes", "no"]),
                                SCALARS, st.fixed_dictionaries({"from": ODD_TEXT, "to": ODD_TEXT}))
            player["choices"] = draw(st.dictionaries(keys, answers, max_size=3))
        players.append(player)
    table: dict[str, Any] = {"players": players}
    if draw(st.booleans()):
        others = st.sampled_from([c for c in CATASTROPHES if c != "Deus Ex Machina"])
        final = draw(st.sampled_from([[], ["Deus Ex Machina"]]))  # its draw asks for an odd answer
        table["catastrophes"] = draw(st.lists(others, max_size=3 - len(final), unique=True)) + final
    if draw(st.booleans()):
        table["tie_break"] = {p["name"]: draw(st.one_of(st.sampled_from(TRAITS), SCALARS)) for p in players}
    if draw(st.booleans()):
        table["edition"] = draw(st.sampled_from(["retail", "first", "third", 1]))
    return table


def check_score(folder: Path, raw: bytes) -> None:
    path = folder / "table.json"
    path.write_bytes(raw)
    COUNT["score"] += 1
    try:
        result = score_file(str(path))
    except ScoreFileError as exc:
        one_clean_line(str(exc), str(path))
    else:
        for line in result.lines():
            assert "\n" not in line


def test_fuzz_score_files(tmp_path: Path) -> None:
    @budget(400)
    @given(st.one_of(
        tables().map(lambda t: dump(t).encode("utf-8", "surrogatepass")),
        tables().flatmap(replaced).map(lambda t: t.encode("utf-8", "surrogatepass")),
        tables().flatmap(lambda t: mangled(dump(t).encode("utf-8", "surrogatepass"))),
        JSONISH.map(lambda v: dump(v).encode("utf-8", "surrogatepass")),
    ))
    def fuzz(raw: bytes) -> None:
        check_score(tmp_path, raw)

    fuzz()


# --- position files (doomlings scenario) ----------------------------------------------------------

POSITIONS = Path(__file__).resolve().parents[1] / "positions"
POSITION_BASES = [json.loads(p.read_text()) for p in sorted(POSITIONS.glob("*.json"))]
ROUND_CARDS = sorted([a.name for a in CARDS.ages.values()] + CATASTROPHES)


@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    """Plausible positions: real names, odd combinations (an age deck too short, a turn of a
    player not there, a round to start after the last catastrophe)."""
    names = [f"{n}{i}" for i, n in enumerate(draw(st.lists(st.sampled_from(["Ana", "Ben", "Cy"]), min_size=1, max_size=7)))]
    cards = st.lists(st.sampled_from(TRAITS), max_size=6)
    out: dict[str, Any] = {"players": [
        {"name": n, "hand": draw(cards), "traits": draw(cards), "gene_pool": draw(st.integers(-1, 13))} for n in names
    ]}
    for key, value in (
        ("revealed", st.lists(st.sampled_from(ROUND_CARDS), max_size=6)),
        ("age_deck", st.lists(st.sampled_from(ROUND_CARDS), max_size=5)),
        ("deck", cards), ("discard", cards),
        ("start", st.sampled_from(["turn", "round", "worlds_end"])),
        ("play", st.sampled_from(["turn", "round", "game"])),
        ("turn", st.sampled_from([*names, "Zed"])), ("first_player", st.sampled_from([*names, "Zed"])),
        ("age", st.sampled_from([a.name for a in CARDS.ages.values()])),
        ("rest_of_deck", st.sampled_from(["shuffled", "in_order", "out"])),
        ("options", st.sampled_from([{}, {"catastrophe_ends_round": True}, {"long_age_deck": True}])),
        ("seed", st.integers(0, 2**40)),
    ):
        if draw(st.booleans()):
            out[key] = draw(value)
    return out


def check_position(folder: Path, raw: bytes) -> None:
    """A position file either names what is wrong in one clean line, or sets up a game that
    plays to its end on seeded random answers."""
    path = folder / "position.json"
    path.write_bytes(raw)
    COUNT["position"] += 1
    try:
        setup = read_position(load_named_json(path, MAX_FILE), str(path))
        game = Game(CARDS if setup.options.edition == "retail" else load_cards(setup.options.edition), setup)
    except FileRefused as exc:
        one_clean_line(exc.why, "")
        return
    except ValueError as exc:  # PositionFileError names the file; PositionError the field
        one_clean_line(str(exc), "")
        assert ": " in str(exc), str(exc)
        return
    outcome = play(game, [], to_end=True, seed=1)
    assert outcome.game.pending is None
    assert all("\n" not in line for line in outcome.lines)


def test_fuzz_position_files(tmp_path: Path) -> None:
    @budget(150)
    @given(st.one_of(
        positions().map(lambda t: dump(t).encode("utf-8", "surrogatepass")),
        st.sampled_from(POSITION_BASES).flatmap(replaced).map(lambda t: t.encode("utf-8", "surrogatepass")),
        st.sampled_from(POSITION_BASES).flatmap(lambda t: mangled(dump(t).encode())),
    ))
    def fuzz(raw: bytes) -> None:
        check_position(tmp_path, raw)

    fuzz()


# --- settings files -------------------------------------------------------------------------------

TOML_VALUES = st.one_of(
    st.sampled_from(['"tts"', '"off"', '"screen-reader"', '"verbose"', '"braille"', "175", "80", "450", "true",
                     '"\\u001b]0;x\\u0007"', '"\\ud800"', "9" * 5000, "1e999", "nan", "[1, [2, [3]]]",
                     "{a = 1}", '"""multi\nline"""', "'literal'", "2024-01-01", "[" * 3000 + "]" * 3000]),
    st.integers(-(10**30), 10**30).map(str),
    st.text(max_size=20).map(lambda s: json.dumps(s)),
)
TOML_KEYS = st.one_of(st.sampled_from(["speech", "rate", "voice", "verbosity", "labels"]), st.text(max_size=10).map(json.dumps),
                      st.sampled_from(["a.b.c", "[table]", "[[array]]", "x." * 40 + "y"]))


@st.composite
def toml_texts(draw: st.DrawFn) -> bytes:
    lines = [f"{draw(TOML_KEYS)} = {draw(TOML_VALUES)}" for _ in range(draw(st.integers(0, 6)))]
    text = "\n".join(lines) + "\n"
    raw = text.encode("utf-8", "surrogatepass")
    return draw(mangled(raw)) if raw and draw(st.booleans()) else raw


def check_settings(folder: Path, raw: bytes) -> None:
    path = folder / "settings.toml"
    path.write_bytes(raw)
    COUNT["settings"] += 1
    loaded, problems = load_settings(path)
    assert isinstance(loaded.rate, int) and 80 <= loaded.rate <= 450 and voice_problem(loaded.voice) is None
    for problem in problems:
        one_clean_line(problem.line, "settings.toml")
    if any(problem.field is None for problem in problems):  # the file as a whole: nothing of it used
        assert loaded == Settings()


def test_fuzz_settings_files(tmp_path: Path) -> None:
    @budget(500)
    @given(toml_texts())
    def fuzz(raw: bytes) -> None:
        check_settings(tmp_path, raw)

    fuzz()


def test_fuzz_settings_round_trip(tmp_path: Path) -> None:
    @budget(200)
    @given(st.builds(Settings, speech=st.sampled_from(["screen-reader", "direct", "tts", "off"]),
                     rate=st.integers(80, 450), voice=st.text(max_size=100).filter(lambda v: voice_problem(v) is None),
                     verbosity=st.sampled_from(["terse", "normal", "verbose"]), labels=st.sampled_from(["text", "braille"]),
                     only_choice=st.sampled_from(ONLY_CHOICE), any_time=st.sampled_from(ANY_TIME),
                     pause=st.integers(0, MAX_PAUSE)))
    def fuzz(chosen: Settings) -> None:
        path = save_settings(chosen, tmp_path / "settings.toml")
        COUNT["settings round trips"] += 1
        assert load_settings(path) == (chosen, [])

    fuzz()


def test_zz_report_fuzz_inputs_per_kind() -> None:
    print("\nfuzz inputs tried: " + ", ".join(f"{kind} {n}" for kind, n in COUNT.items()))
    if all(COUNT.values()):  # when the whole file ran
        assert COUNT["save"] >= 200 and COUNT["score"] >= 400 and COUNT["position"] >= 150
        assert COUNT["settings"] >= 500
