"""The web page in a real headless Chromium (Debian's ``chromium`` through Playwright's
``executable_path``; no browser is downloaded) against a real server on 127.0.0.1: axe-core
finds no violation; the accessibility tree shows the history as a polite live region and one
assertive region; a whole short game is played by keyboard alone; a burst of ten messages
(chat, and the game's own news) is all in its log, in order, with the focus where it was; a
reconnect, and a reload, put what was missed into the history once, nothing twice."""

from __future__ import annotations

import asyncio
import json
import shutil
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from doomlings_access.online.rooms import Person, Room, Rooms, Timing
from doomlings_access.online.server import Server, bind, uvicorn_server
from doomlings_access.telling.words import Said

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(shutil.which("chromium") is None, reason="needs chromium (apt-get install chromium)")


class Served:
    """A real server (uvicorn) on a free port of 127.0.0.1, in a thread of this process, so
    that a test can reach its rooms."""

    def __init__(self) -> None:
        self.server = Server(Rooms(Timing(grace=30.0, idle=60.0), seed=35))
        sock = bind("127.0.0.1", 0)
        self.url = f"http://127.0.0.1:{sock.getsockname()[1]}/"
        self.uvicorn = uvicorn_server(self.server.app())
        self.thread = threading.Thread(target=self.uvicorn.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        wait(lambda: self.uvicorn.started, "the server to start")

    def call(self, fn: Any, *args: Any) -> None:
        """Run ``fn`` in the server's event loop (where the rooms live)."""
        assert self.server.loop is not None
        asyncio.run_coroutine_threadsafe(_call(fn, *args), self.server.loop).result(5)

    def room(self) -> Room:
        return next(iter(self.server.rooms.rooms.values()))

    def stop(self) -> None:
        self.uvicorn.should_exit = True
        self.thread.join(10)


async def _call(fn: Any, *args: Any) -> None:
    fn(*args)


def wait(condition: Any, what: str, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.03)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"])
        yield chromium
        chromium.close()


@pytest.fixture
def served() -> Iterator[Served]:
    served = Served()
    yield served
    served.stop()


@pytest.fixture
def page(browser: Any, served: Served) -> Iterator[Any]:
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type in ("error", "warning") else None)
    page.goto(served.url)
    wait(lambda: page.evaluate("document.querySelector('#house-rules input') !== null"), "the page to start")
    yield page
    context.close()
    assert not errors, errors  # no script error, no message refused by the schema, no CSP report


def js(page: Any, expression: str) -> Any:
    return page.evaluate(expression)


def focused(page: Any) -> str:
    return str(js(page, "document.activeElement ? document.activeElement.id : ''"))


def tab_to(page: Any, element: str, limit: int = 60) -> None:
    """Press Tab until ``element`` has the focus (the keyboard's way there)."""
    for _ in range(limit):
        if focused(page) == element:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached #{element}")


def open_room_by_keyboard(page: Any, name: str = "Ana") -> None:
    tab_to(page, "name")
    page.keyboard.type(name)
    tab_to(page, "create")
    page.keyboard.press("Enter")
    wait(lambda: js(page, "!document.querySelector('#room').hidden"), "the room")


def menu_item(page: Any, text: str) -> None:
    """Open the Actions menu by keyboard, go down to ``text``, and press Enter."""
    tab_to(page, "menu-button")
    page.keyboard.press("ArrowDown")
    for _ in range(40):
        if js(page, "document.activeElement.textContent") == text:
            page.keyboard.press("Enter")
            return
        page.keyboard.press("ArrowDown")
    raise AssertionError(f"no menu item {text}")


def history(page: Any, notices: bool = False) -> list[str]:
    selector = "#history p" if notices else "#history p:not(.notice)"
    return list(js(page, f"[...document.querySelectorAll('{selector}')].map(p => p.textContent)"))


def person(served: Served, name: str) -> Person:
    return next(p for p in served.room().people if p.name == name)


def kept_texts(p: Person) -> list[str]:
    return [m["text"] for m in list(p.history) if m["type"] == "say"]


class Friend(threading.Thread):
    """Another player, on a WebSocket of their own, answering each question (first option)."""

    def __init__(self, url: str, code: str, name: str) -> None:
        super().__init__(daemon=True)
        from websockets.sync.client import connect

        self.connection = connect(url.replace("http", "ws") + "ws")
        self.ws = self.connection.__enter__()
        self.ws.send(json.dumps({"type": "join", "code": code, "name": name}))
        self.stopped = False

    def run(self) -> None:
        try:
            for text in self.ws:
                m = json.loads(text)
                if m["type"] == "question" and not self.stopped:
                    self.ws.send(json.dumps({"type": "answer", "question": m["id"], "option": m["options"][0]["id"]}))
        except Exception:  # noqa: BLE001  (closed at the test's end)
            pass

    def chat(self, text: str) -> None:
        self.ws.send(json.dumps({"type": "chat", "text": text}))

    def close(self) -> None:
        self.stopped = True
        self.connection.__exit__(None, None, None)


def test_no_axe_violation_at_the_door_and_at_a_question(page: Any, served: Served) -> None:
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    door = axe.run(page)
    assert door.violations_count == 0, door.generate_report()
    open_room_by_keyboard(page)
    menu_item(page, "Add a computer player at easy")
    wait(lambda: "computer" in js(page, "document.querySelector('#who').textContent"), "the computer")
    menu_item(page, "Start the game")
    wait(lambda: js(page, "document.querySelector('#choices [data-value]') !== null"), "a question")
    playing = axe.run(page)
    assert playing.violations_count == 0, playing.generate_report()


def test_the_accessibility_tree_has_a_polite_log_and_one_assertive_region(page: Any) -> None:
    open_room_by_keyboard(page)
    session = page.context.new_cdp_session(page)
    nodes = session.send("Accessibility.getFullAXTree")["nodes"]

    def live(node: dict[str, Any]) -> str | None:
        for prop in node.get("properties", []):
            if prop["name"] == "live":
                return str(prop["value"]["value"])
        return None

    logs = [n for n in nodes if n.get("role", {}).get("value") == "log"]
    assert len(logs) == 2 and all(live(n) == "polite" for n in logs)  # the game's history and the chat
    assert {n["name"]["value"] for n in logs} == {"Game history", "Chat"}
    assertive = [n for n in nodes if live(n) == "assertive" and n.get("role", {}).get("value") != "StaticText"]
    assert len(assertive) == 1
    lists = [n for n in nodes if n.get("role", {}).get("value") == "listbox"]
    assert {n["name"]["value"] for n in lists} == {"Nothing is asked of you now.", "Your hand"}


def test_a_whole_short_game_by_keyboard_alone(page: Any, served: Served) -> None:
    open_room_by_keyboard(page)
    menu_item(page, "Add a computer player at easy")
    wait(lambda: "computer" in js(page, "document.querySelector('#who').textContent"), "the computer")
    menu_item(page, "Start the game")
    answers = 0
    deadline = time.monotonic() + 60
    while not any(line.startswith("Placings: ") for line in history(page)):
        assert time.monotonic() < deadline, "the game did not end"
        if js(page, "document.querySelector('#choices [data-value]') !== null"):
            tab_to(page, "choices")
            page.keyboard.press("End")
            page.keyboard.press("Home")  # (moving in the list, then the first option)
            page.keyboard.press("Enter")
            answers += 1
        time.sleep(0.05)
    assert answers >= 5
    assert any(line.endswith("Game over.") for line in history(page))
    assert focused(page) == "choices"  # nothing took the focus away from where the keys left it


def test_a_burst_of_ten_messages_is_logged_in_order_and_the_focus_stays(page: Any, served: Served) -> None:
    open_room_by_keyboard(page)
    code = served.room().code
    ben, cy = Friend(served.url, code, "Ben"), Friend(served.url, code, "Cy")
    ben.start()
    cy.start()
    wait(lambda: len(served.room().people) == 3, "Ben and Cy")
    tab_to(page, "chat-text")
    page.keyboard.type("half a sen")  # typing, when the burst comes
    sent = [f"message {i}" for i in range(1, 11)]
    for i, text in enumerate(sent):
        (ben if i % 2 == 0 else cy).chat(text)
        wait(lambda i=i: len(kept_texts_of_chat(served)) > i, "the chat to arrive")
    expected = [f"Chat, {'Ben' if i % 2 == 0 else 'Cy'}: {t}" for i, t in enumerate(sent)]
    wait(lambda: js(page, "document.querySelectorAll('#chat-log p').length") == 10, "ten lines in the chat log")
    logged = js(page, "[...document.querySelectorAll('#chat-log p')].map(p => p.textContent)")
    assert logged == expected
    assert focused(page) == "chat-text" and js(page, "document.querySelector('#chat-text').value") == "half a sen"
    assert not any("Chat" in line for line in history(page))  # chat is kept apart from the game
    ben.close()
    cy.close()


def test_a_burst_of_ten_game_messages_is_in_the_history_in_order_and_the_focus_stays(page: Any, served: Served) -> None:
    """The same for the game's own news: ten told at once by the room (as a computer's turn
    tells its play, its effects and its draws), while a person is typing a chat line."""
    open_room_by_keyboard(page)
    tab_to(page, "chat-text")
    page.keyboard.type("half a sen")
    before = len(history(page))
    sent = [f"Otto's news number {i}." for i in range(1, 11)]
    room, ana = served.room(), person(served, "Ana")

    def burst() -> None:  # in the server's loop, in one go: nothing runs between them
        for text in sent:
            room.say(ana, Said.alike(text))

    assert served.server.loop is not None
    served.server.loop.call_soon_threadsafe(burst)
    wait(lambda: len(history(page)) >= before + 10, "ten lines in the history")
    assert history(page)[before:] == sent
    assert focused(page) == "chat-text" and js(page, "document.querySelector('#chat-text').value") == "half a sen"
    # a live burst, not a replay: the log stays a polite log (role="log"), never silenced
    assert js(page, "[document.querySelector('#history').getAttribute('role'), "
                    "document.querySelector('#history').getAttribute('aria-live')]") == ["log", None]


def watch_what_is_said(page: Any) -> None:
    """Keep, from now on, each line put into the history with whether the log was live then
    (``window.added``), and each text the assertive region says (``window.urged``)."""
    js(page, """(() => {
      const history = document.querySelector('#history'), urgent = document.querySelector('#urgent');
      window.added = []; window.urged = [];
      new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes)
        window.added.push([n.textContent, history.getAttribute('aria-live')]); }).observe(history, {childList: true});
      new MutationObserver(() => { if (urgent.textContent) window.urged.push(urgent.textContent); })
        .observe(urgent, {childList: true, characterData: true, subtree: true});
    })()""")


def kept_texts_of_chat(served: Served) -> list[str]:
    return [m["text"] for m in list(person(served, "Ana").history) if m["type"] == "chat"]


def test_a_reconnect_and_a_reload_replay_what_was_missed_once(page: Any, served: Served) -> None:
    open_room_by_keyboard(page)
    code = served.room().code
    ben = Friend(served.url, code, "Ben")
    ben.start()
    wait(lambda: len(served.room().people) == 2, "Ben")
    menu_item(page, "Add a computer player at easy")
    wait(lambda: "computer" in js(page, "document.querySelector('#who').textContent"), "the computer")
    menu_item(page, "Start the game")
    ana = person(served, "Ana")
    wait(lambda: js(page, "document.querySelector('#choices [data-value]') !== null"), "Ana's question")
    tab_to(page, "choices")
    page.keyboard.press("Enter")
    wait(lambda: len(history(page)) == len(kept_texts(ana)), "the page to have what it was told")
    told = len(kept_texts(ana))
    watch_what_is_said(page)
    link = ana.link
    assert link is not None
    served.call(lambda: (link.close("dropped for the test"), served.room().dropped(ana, link)))
    wait(lambda: ana.link is not None and ana.link is not link, "the page to come back")
    wait(lambda: js(page, "document.querySelector('#choices [data-value]') !== null") or served.room().game.is_over,
         "the question again")
    # All, in order (waited for: the live messages are queued a step apart, and a loaded
    # machine is slow to show them), then none twice (nothing more comes a moment later).
    wait(lambda: history(page) == kept_texts(ana), "what was missed, in order")
    time.sleep(0.5)
    assert history(page) == kept_texts(ana) and len(kept_texts(ana)) >= told
    assert focused(page) == "choices", "coming back moved no focus"
    assert "The connection is lost; trying again." in history(page, notices=True)
    summary = [(text, live) for text, live in js(page, "window.added") if text.startswith("You are back.")]
    assert len(summary) == 1 and summary[0][1] == "off"  # into the history unspoken: the log does not read it ...
    urged = [text for text in js(page, "window.urged") if text.startswith("You are back.")]
    assert urged and all(text.startswith(summary[0][0]) for text in urged)  # ... the assertive region does, once
    page.reload()  # a new page: the seat is kept for this tab, and the whole history comes back, unspoken
    wait(lambda: js(page, "!document.querySelector('#room').hidden"), "the room after the reload")
    wait(lambda: len(history(page)) >= len(kept_texts(ana)), "the history after the reload")
    time.sleep(0.3)
    assert history(page) == kept_texts(ana)
    assert js(page, "document.querySelector('#history').getAttribute('aria-live')") is None  # polite again
    back = [line for line in history(page, notices=True) if line.startswith("You are back.")]
    assert len(back) == 1  # one spoken summary
    ben.close()


def test_the_page_opens_a_doomcrop_room_and_answers_its_question_by_keyboard(page: Any, served: Served) -> None:
    tab_to(page, "game")
    page.keyboard.press("ArrowDown")  # (Doomlings first, then Doomcrop)
    assert js(page, "document.querySelector('#game').value") == "doomcrop"
    rules = js(page, "[...document.querySelectorAll('#house-rules input')].map(i => i.value)")
    assert "jokers" in rules and "catastrophe-ends-round" not in rules, "the chosen game's rules are offered"
    open_room_by_keyboard(page)
    assert served.room().kind.name == "doomcrop"
    menu_item(page, "Add a computer player at easy")
    wait(lambda: "computer" in js(page, "document.querySelector('#who').textContent"), "the computer")
    menu_item(page, "Start the game")
    wait(lambda: js(page, "document.querySelector('#choices [data-value]') !== null"), "Doomcrop's first question")
    title = js(page, "document.querySelector('#question-title').textContent")
    assert title.startswith("Which of your 10 cards starts your Discard pile?"), title
    tab_to(page, "choices")
    page.keyboard.press("Enter")
    wait(lambda: len(served.room().game.actions) >= 1 if served.room().game else False, "the answer taken")  # type: ignore[union-attr]
    menu_item(page, "Both grids (every grid), yours first")
    wait(lambda: any(line.endswith("grid:") for line in js(page, "[...document.querySelectorAll('#review p')].map(p => p.textContent)")),
         "the grids reviewed")


def test_the_host_plays_another_game_from_the_lobby_menu(page: Any, served: Served) -> None:
    open_room_by_keyboard(page)  # (Doomlings, the first game offered)
    assert served.room().kind.name == "doomlings"
    menu_item(page, "Play Doomcrop instead")
    wait(lambda: served.room().kind.name == "doomcrop", "the table's game to change")
    wait(lambda: any(line == "Ana chose Doomcrop: this table plays Doomcrop now." for line in history(page, notices=True)),
         "the change said")
    rules = js(page, "[...document.querySelectorAll('#house-rules input')].map(i => i.value)")
    assert "jokers" in rules and "catastrophe-ends-round" not in rules, "the new game's rules are offered"
    menu_item(page, "Add a computer player at easy")
    wait(lambda: "computer" in js(page, "document.querySelector('#who').textContent"), "the computer")
    menu_item(page, "Start the game")
    wait(lambda: js(page, "document.querySelector('#choices [data-value]') !== null"), "Doomcrop's first question")
    assert js(page, "document.querySelector('#question-title').textContent").startswith("Which of your 10 cards")
    menu_item(page, "Both grids (every grid), yours first")  # the new game's reviews, in the menu


def test_a_list_moves_by_arrows_and_first_letters_and_letters_do_nothing_outside_it(page: Any, served: Served) -> None:
    open_room_by_keyboard(page)
    menu_item(page, "Add a computer player at easy")
    wait(lambda: "computer" in js(page, "document.querySelector('#who').textContent"), "the computer")
    menu_item(page, "Start the game")
    wait(lambda: js(page, "document.querySelectorAll('#choices [data-value]').length") >= 2, "a question of two options or more")
    texts = js(page, "[...document.querySelectorAll('#choices [role=option]')].map(o => o.textContent)")

    def active() -> tuple[str, list[str]]:
        return (js(page, "document.querySelector('#choices').getAttribute('aria-activedescendant')"),
                js(page, "[...document.querySelectorAll('#choices [aria-selected=true]')].map(o => o.id)"))

    tab_to(page, "choices")
    assert active() == ("choices-0", ["choices-0"])
    page.keyboard.press("ArrowDown")
    assert active() == ("choices-1", ["choices-1"]) and focused(page) == "choices"  # focus stays on the list
    letter = texts[0][0].lower()
    page.keyboard.press(letter)
    start = 1
    expected = next(j % len(texts) for j in range(start + 1, start + len(texts) + 1)
                    if texts[j % len(texts)].lower().startswith(letter))
    assert active()[0] == f"choices-{expected}", "a letter goes to the next option beginning with it"
    before = active()
    tab_to(page, "history")  # outside the list, a letter is no command
    other = next(ch for ch in "abcdefghijklmnopqrstuvwxyz" if any(t.lower().startswith(ch) for t in texts))
    asked = served.room().open[0]
    page.keyboard.press(other)
    time.sleep(0.2)
    assert active() == before and focused(page) == "history"
    assert served.room().open.get(0) is asked and asked.given is None, "nothing was answered"


def test_braille_labels_and_the_browsers_voice_are_chosen_by_keyboard(page: Any, served: Served) -> None:
    open_room_by_keyboard(page)
    js(page, """(() => { window.spoken = []; const real = speechSynthesis.speak.bind(speechSynthesis);
      speechSynthesis.speak = (u) => { window.spoken.push(u.text); real(u); }; })()""")  # (what the page asks the voice to say)
    tab_to(page, "labels")
    page.keyboard.press("ArrowDown")  # text, then Unicode braille
    tab_to(page, "speak")
    page.keyboard.press("Space")
    assert js(page, "document.querySelector('#speak').checked")
    wait(lambda: person(served, "Ana").labels == "braille", "the setting at the server")
    menu_item(page, "Add a computer player at easy")
    wait(lambda: "computer" in js(page, "document.querySelector('#who').textContent"), "the computer")
    menu_item(page, "Start the game")
    wait(lambda: js(page, "document.querySelector('#choices [data-value]') !== null"), "Ana's question")
    tab_to(page, "choices")
    page.keyboard.press("Enter")  # (a card played is told with its label)
    wait(lambda: any(any("\u2800" <= ch <= "\u28ff" for ch in line) for line in history(page)), "a line in braille labels")
    ana = person(served, "Ana")
    spoken = [m["speech"] for m in list(ana.history) if m["type"] == "say"]
    wait(lambda: any(text in spoken for text in js(page, "window.spoken")), "the game's words in the browser's voice")
    assert not any(any("\u2800" <= ch <= "\u28ff" for ch in text) for text in js(page, "window.spoken")), \
        "the voice says the words, never the braille"
