"""The server in-process (Starlette's test client): the page and its headers, joining over a
WebSocket, the host's controls, coming back with a seat's key, a forged key refused, a
computer covering a dropped seat and handing it back, and what the server refuses (another
site's page, a message too big, one the schema refuses, a watcher acting)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import anyio
import pytest
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from doomlings_access.online import protocol
from doomlings_access.online.rooms import Room, Rooms, Timing
from doomlings_access.online.server import CSP, Server

Message = dict[str, Any]


def receive(ws: WebSocketTestSession, seconds: float = 10.0) -> Message:
    """The next message from the server (a failure, not a hang, after ``seconds``)."""

    async def get() -> Any:
        with anyio.fail_after(seconds):
            return await ws._send_rx.receive()  # (the test session's own queue, with a deadline)

    raw = ws.portal.call(get)
    if raw["type"] == "websocket.close":
        raise WebSocketDisconnect(raw.get("code", 1000))
    message: Message = json.loads(raw["text"])
    protocol.check(message, protocol.TO_CLIENT)  # what the server sends is as the schema says
    return message


def until(ws: WebSocketTestSession, condition: Callable[[Message], bool], kept: list[Message] | None = None) -> Message:
    while True:
        m = receive(ws)
        if kept is not None:
            kept.append(m)
        if condition(m):
            return m


def poll(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


OPEN: list[WebSocketTestSession] = []
"""Sessions a test opened and did not close: closed after it, pass or fail (a session left
open keeps the test client from stopping)."""


@pytest.fixture
def served() -> Iterator[tuple[TestClient, Rooms]]:
    rooms = Rooms(Timing(grace=0.2, idle=60.0), seed=7)
    with TestClient(Server(rooms).app()) as client:
        try:
            yield client, rooms
        finally:
            while OPEN:
                drop(OPEN[-1])


def connect(client: TestClient) -> WebSocketTestSession:
    ws = client.websocket_connect("/ws").__enter__()
    OPEN.append(ws)
    return ws


def drop(ws: WebSocketTestSession) -> None:
    """The connection ends (as a lost one: the server is not told why)."""
    if ws in OPEN:
        OPEN.remove(ws)
        ws.__exit__(None, None, None)


def open_room(client: TestClient, computers: int = 1) -> tuple[WebSocketTestSession, str]:
    ana = connect(client)
    ana.send_json({"type": "create", "name": "Ana"})
    welcome = until(ana, lambda m: m["type"] == "welcome")
    for _ in range(computers):
        ana.send_json({"type": "add_computer", "level": "easy"})
        until(ana, lambda m: m["type"] == "table" and any(s["who"] == "computer" for s in m["seats"]))
    return ana, welcome["code"]


def test_the_page_is_served_with_a_strict_content_security_policy(served: tuple[TestClient, Rooms]) -> None:
    client, _ = served
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert page.headers["content-security-policy"] == CSP
    assert "'unsafe-inline'" not in CSP and "'unsafe-eval'" not in CSP and "default-src 'none'" in CSP
    assert page.headers["x-content-type-options"] == "nosniff"
    assert "<script src=\"/app.js\" defer></script>" in page.text and "style=" not in page.text
    assert "<script>" not in page.text  # nothing inline: the policy allows none
    for path, kind in (("/app.js", "text/javascript"), ("/style.css", "text/css"), ("/protocol.json", "application/json")):
        response = client.get(path)
        assert response.status_code == 200 and response.headers["content-type"].startswith(kind), path
    assert client.get("/protocol.json").json() == protocol.schema()


def test_joining_by_code_with_a_name_and_the_hosts_controls(served: tuple[TestClient, Rooms]) -> None:
    client, rooms = served
    ana, code = open_room(client, computers=0)
    with client.websocket_connect("/ws") as ben:
        ben.send_json({"type": "join", "code": code.lower(), "name": "Ben", "labels": "braille"})
        welcome = until(ben, lambda m: m["type"] == "welcome")
        assert welcome["role"] == "player" and not welcome["host"] and welcome["labels"] == "braille"
        ben.send_json({"type": "start"})
        assert until(ben, lambda m: m["type"] == "error")["code"] == "not_allowed"
        ana.send_json({"type": "add_computer", "level": "normal"})
        ana.send_json({"type": "house_rule", "rule": "catastrophe-ends-round", "on": True})
        table = until(ben, lambda m: m["type"] == "table" and bool(m["house_rules"]))
        assert [(s["name"], s["who"], s["status"]) for s in table["seats"]] == [
            ("Ana", "person", "online"), ("Ben", "person", "online"), ("Otto", "computer", "computer")]
        assert table["said"] == "At the table: Ana, host; Ben; Otto, computer at normal."
        ana.send_json({"type": "start"})
        first = until(ben, lambda m: m["type"] == "say" and m["channel"] == "game")
        assert first["text"].startswith("New game: Ana, Ben and Otto.")
        ben.send_json({"type": "review", "topic": "hand"})
        hand = until(ben, lambda m: m["type"] == "review")["lines"]
        assert hand[0].startswith("Your hand, ") and all(any("\u2800" <= ch <= "\u28ff" for ch in line) for line in hand[1:])
        with client.websocket_connect("/ws") as zoe:  # late: watches, and cannot act or chat as a player
            zoe.send_json({"type": "join", "code": code, "name": "Zoe"})
            assert until(zoe, lambda m: m["type"] == "welcome")["role"] == "watcher"
            zoe.send_json({"type": "answer", "question": "q0", "option": "word-pass"})
            assert until(zoe, lambda m: m["type"] == "error")["code"] == "not_now"
            zoe.send_json({"type": "chat", "text": "hello"})
            assert until(zoe, lambda m: m["type"] == "chat")["text"] == "Chat, Zoe, watching: hello"
            zoe.send_json({"type": "review", "topic": "hand"})
            assert until(zoe, lambda m: m["type"] == "review")["lines"] == [
                "Someone watching has no hand; the scores are told at the end."]
        ana.send_json({"type": "remove", "seat": 1})
        assert until(ben, lambda m: m["type"] == "bye")["text"] == "The host removed you from the room."
    room = next(iter(rooms.rooms.values()))
    poll(lambda: room.lineup[1].__class__.__name__ == "Computer")
    drop(ana)


def test_a_forged_key_is_refused_and_the_connection_closed(served: tuple[TestClient, Rooms]) -> None:
    client, _ = served
    ana, code = open_room(client)
    with client.websocket_connect("/ws") as thief:
        thief.send_json({"type": "resume", "code": code, "token": "A" * 43, "last_seq": 0})
        error = receive(thief)
        assert error["type"] == "error" and error["code"] == "bad_key"
        with pytest.raises(WebSocketDisconnect):
            receive(thief)
    drop(ana)


def test_coming_back_with_the_key_replays_what_was_missed_once_unspoken(served: tuple[TestClient, Rooms]) -> None:
    client, rooms = served
    rooms.timing = Timing(grace=30.0, idle=60.0)  # no computer covers: the table waits for Ben
    ana, code = open_room(client)
    room = rooms.find(code)
    ben = connect(client)
    ben.send_json({"type": "join", "code": code, "name": "Ben"})
    token = until(ben, lambda m: m["type"] == "welcome")["token"]
    ana.send_json({"type": "start"})
    heard: list[Message] = []
    answer_until(room, {0: ana, 1: ben}, lambda: any(m["type"] == "settled" for m in heard)
                 and room.waiting is not None and room.waiting[0] == 0, kept={1: heard})  # then Ana's turn
    last = max(m["seq"] for m in heard if m["type"] in ("say", "chat"))
    drop(ben)  # the connection is lost
    poll(lambda: not room.lineup[1].online)
    answer_until(room, {0: ana}, lambda: room.waiting is not None and room.waiting[0] == 1)
    with client.websocket_connect("/ws") as back:
        back.send_json({"type": "resume", "code": code, "token": token, "last_seq": last})
        welcome = receive(back)
        assert welcome["type"] == "welcome" and welcome["resumed"] and welcome["token"] not in ("", token)
        got: list[Message] = []
        question = until(back, lambda m: m["type"] == "question", got)
        replayed = [m for m in got if m.get("replayed")]
        assert replayed, "what Ana and Otto did meanwhile"
        seqs = [m["seq"] for m in replayed]
        assert seqs == sorted(set(seqs)) and min(seqs) > last  # each missed message once, in order
        assert all(m["type"] in ("say", "chat") for m in replayed)
        kept_by_room = [m["seq"] for m in room.lineup[1].history if m["seq"] > last]
        assert seqs == kept_by_room
        spoken = [m for m in got if not m.get("replayed") and m["type"] == "say"]
        assert len(spoken) == 1 and spoken[0]["urgent"] and spoken[0]["text"].startswith("You are back. While you were away, ")
        assert "your history" in spoken[0]["text"]
        back.send_json({"type": "answer", "question": question["id"], "option": question["options"][0]["id"]})
        assert until(back, lambda m: m["type"] == "settled")["by"] == "you"
    with client.websocket_connect("/ws") as old:  # the key used once opens nothing again
        old.send_json({"type": "resume", "code": code, "token": token, "last_seq": 0})
        assert receive(old)["code"] == "bad_key"
    drop(ana)


def test_a_computer_plays_a_dropped_seat_until_its_person_is_back(served: tuple[TestClient, Rooms]) -> None:
    client, rooms = served
    ana, code = open_room(client)
    room = rooms.find(code)
    ben = connect(client)
    ben.send_json({"type": "join", "code": code, "name": "Ben"})
    token = until(ben, lambda m: m["type"] == "welcome")["token"]
    ana.send_json({"type": "start"})
    drop(ben)  # the connection is lost
    poll(lambda: not room.lineup[1].online)
    told: list[Message] = []
    answer_until(room, {0: ana}, lambda: room.lineup[1].covered_moves >= 2, kept={0: told})
    if not any(m["type"] == "table" and m["seats"][1]["status"] == "covered" for m in told):
        until(ana, lambda m: m["type"] == "table" and m["seats"][1]["status"] == "covered", told)
    assert any("Ben is away; a computer player plays for Ben until they are back." == m.get("text") for m in told)
    covered = room.lineup[1].covered_moves
    with client.websocket_connect("/ws") as back:
        back.send_json({"type": "resume", "code": code, "token": token, "last_seq": 0})
        got: list[Message] = []
        until(back, lambda m: m["type"] == "say" and m["urgent"], got)
        summary = got[-1]["text"]
        assert f"The computer played {covered} moves for you." in summary
        assert room.lineup[1].covered_moves == 0 and 1 not in room.covering
        answer_until(room, {0: ana, 1: back}, lambda: room.game is not None and room.game.is_over)
        assert room.lineup[1].covered_moves == 0  # Ben played his own seat again
    drop(ana)


def answer_until(
    room: Room, sockets: dict[int, WebSocketTestSession], done: Callable[[], bool],
    kept: dict[int, list[Message]] | None = None,
) -> None:
    """Answer, for the seats with sockets, each question the room waits on (the first
    option), until ``done``; the messages of the ``kept`` seats are kept."""
    answered = set()
    while not done():
        poll(lambda: done() or (room.waiting is not None and room.waiting[0] in sockets
                                 and room.open[room.waiting[0]].id not in answered)
             or (room.game is not None and room.game.is_over), 20.0)
        if done() or room.waiting is None or (room.game is not None and room.game.is_over):
            return
        seat = room.waiting[0]
        ws, asked = sockets[seat], room.open[seat].id
        q = until(ws, lambda m, asked=asked: m["type"] == "question" and m["id"] == asked, (kept or {}).get(seat))
        answered.add(asked)
        ws.send_json({"type": "answer", "question": asked, "option": q["options"][0]["id"]})
        until(ws, lambda m, asked=asked: m["type"] == "settled" and m["id"] == asked, (kept or {}).get(seat))


def test_a_page_of_another_site_cannot_open_a_socket(served: tuple[TestClient, Rooms]) -> None:
    client, _ = served
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect("/ws", headers={"origin": "http://evil.example"}) as ws:
            receive(ws)
    with client.websocket_connect("/ws", headers={"origin": "http://testserver"}) as ws:
        ws.send_json({"type": "create", "name": "Ana"})
        assert receive(ws)["type"] == "welcome"


def test_a_message_too_big_or_not_as_the_schema_says_is_refused(served: tuple[TestClient, Rooms]) -> None:
    client, _ = served
    with client.websocket_connect("/ws") as ws:
        ws.send_text("{not json")
        assert receive(ws)["code"] == "bad_message"
        ws.send_json({"type": "answer", "question": "q1", "option": "x"})  # a first message must name a room
        assert receive(ws)["code"] == "not_now"
        ws.send_json({"type": "create", "name": "Ana", "colour": "red"})
        refused = receive(ws)
        assert refused["code"] == "bad_message" and "'colour' was unexpected" in refused["text"]
        ws.send_json({"type": "create", "name": "Ana"})
        assert receive(ws)["type"] == "welcome"
        ws.send_json({"type": "chat", "text": "x" * 501})
        assert until(ws, lambda m: m["type"] == "error")["code"] == "bad_message"
        ws.send_json({"type": "welcome"})  # the server's own kind of message
        assert "no message of type" in until(ws, lambda m: m["type"] == "error")["text"]
        ws.send_text(json.dumps({"type": "chat", "text": "y" * 9000}))
        assert until(ws, lambda m: m["type"] == "error")["code"] == "too_big"
        with pytest.raises(WebSocketDisconnect):
            until(ws, lambda m: False)
