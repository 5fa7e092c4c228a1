"""The messages between a client and the server: JSON objects with a ``type``, each checked
against one schema (``protocol.json``, beside this module), by the server on what it receives
and what it sends, by the terminal client, and by the web page (which fetches the same file).

A message from a client of type ``T`` is checked against ``$defs[T]``; one from the server
against ``$defs[T_out]`` where that exists (``chat`` and ``review`` go both ways, with other
fields), else ``$defs[T]``. ``to_server`` and ``to_client`` list the types each side may send.

>>> read_message('{"type": "answer", "question": "q12", "option": "card-7"}', TO_SERVER)["option"]
'card-7'
>>> read_message('{"type": "answer", "question": "q12"}', TO_SERVER)
Traceback (most recent call last):
...
doomlings_access.online.protocol.ProtocolError: answer: 'option' is a required property
"""

from __future__ import annotations

import json
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any

MAX_FRAME = 8 * 1024
"""The largest message the server accepts, in bytes (uvicorn's default is 16 MiB): a client
sends little (an answer's id, a line of chat), and anyone may connect."""
MAX_TO_CLIENT = 64 * 1024
"""The largest message a client accepts, in bytes: the server sends more at times (a question
offering every card of a table of six, in braille labels, is over 9,000 bytes), and a client
still bounds what it reads."""


class Direction(StrEnum):
    TO_SERVER = "to_server"
    TO_CLIENT = "to_client"


TO_SERVER, TO_CLIENT = Direction.TO_SERVER, Direction.TO_CLIENT


class ProtocolError(ValueError):
    """A message that is not JSON, too long, or not as the schema says (one line: why)."""


@cache
def schema() -> dict[str, Any]:
    """The schema, as ``protocol.json`` holds it."""
    text = resources.files(__package__).joinpath("protocol.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def schema_text() -> bytes:
    """The schema file as it is served to the web page."""
    return resources.files(__package__).joinpath("protocol.json").read_bytes()


def types(direction: Direction) -> tuple[str, ...]:
    return tuple(schema()["$defs"][direction]["enum"])


@cache
def _validator(direction: Direction, kind: str) -> Any:
    from jsonschema import Draft202012Validator

    defs = schema()["$defs"]
    name = f"{kind}_out" if direction is TO_CLIENT and f"{kind}_out" in defs else kind
    return Draft202012Validator(_inlined(defs[name], defs))


def _inlined(part: Any, defs: dict[str, Any]) -> Any:
    """``part`` with each ``$ref`` replaced by what it names (the schema has no cycle):
    checked twice as fast, and a message is checked each time it is sent."""
    if isinstance(part, dict):
        if "$ref" in part:
            return _inlined(defs[part["$ref"].rsplit("/", 1)[-1]], defs)
        return {key: _inlined(value, defs) for key, value in part.items()}
    if isinstance(part, list):
        return [_inlined(item, defs) for item in part]
    return part


def check(message: Any, direction: Direction) -> None:
    """Raise :class:`ProtocolError` unless ``message`` is one ``direction`` may send."""
    if not isinstance(message, dict):
        raise ProtocolError("a message is a JSON object")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in types(direction):
        raise ProtocolError(f"no message of type {str(kind)[:40]!r} goes this way")
    error = next(iter(_validator(direction, kind).iter_errors(message)), None)
    if error is not None:
        where = ".".join(str(p) for p in error.absolute_path)
        raise ProtocolError(f"{kind}: {where + ': ' if where else ''}{error.message[:200]}")


def read_message(text: str | bytes, direction: Direction) -> dict[str, Any]:
    """A message received, parsed and checked (:class:`ProtocolError` when it cannot be)."""
    limit = MAX_FRAME if direction is TO_SERVER else MAX_TO_CLIENT
    if (len(text.encode("utf-8", "replace")) if isinstance(text, str) else len(text)) > limit:
        raise ProtocolError(f"a message is at most {limit} bytes")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("a message is JSON") from None
    check(message, direction)
    assert isinstance(message, dict)
    return message


def encode(message: dict[str, Any], direction: Direction) -> str:
    """A message to send, checked first: a message the schema refuses is never sent."""
    check(message, direction)
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))
