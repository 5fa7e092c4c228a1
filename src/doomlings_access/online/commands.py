"""The words an online table answers to beyond a local game's commands: chat, who is here,
and the host's controls. They are names nobody may take, as the local commands are.

>>> online_command("Chat good luck")
('chat', 'good luck')
>>> online_command("w"), online_command("unlock")
(('who', ''), ('lock', 'off'))
>>> online_command("1")
(None, '')
"""

from __future__ import annotations

ONLINE_COMMANDS = {
    "chat": "chat TEXT: say TEXT to everyone in the room",
    "chats": "chats N: the last N chat messages (default 10)",
    "who": "who, w: who is at the table: online, away, computer, watching",
    "leave": "leave: give up your seat for good; a computer player takes it",
}
HOST_COMMANDS = {
    "add": "add LEVEL: a computer player at easy, normal or hard (before the start)",
    "remove": "remove NAME: remove a player from the room",
    "house": "house RULE on or off: a house rule (before the start); house alone lists them",
    "game": "game NAME: play another game at this table (before the start); game alone says which it plays",
    "lock": "lock, unlock: let nobody new join, or let them again",
    "start": "start: start the game",
}
ALIASES = {"w": "who", "say": "chat", "unlock": "lock"}
WORDS = frozenset([*ONLINE_COMMANDS, *HOST_COMMANDS, *ALIASES])
"""Words a name may not be online: typing the name would be a command."""


def online_command(line: str) -> tuple[str | None, str]:
    """The online command a typed line names, and the rest of it (``unlock`` is ``lock off``)."""
    word, _, rest = line.strip().partition(" ")
    low = word.lower()
    command = ALIASES.get(low, low)
    if command not in ONLINE_COMMANDS and command not in HOST_COMMANDS:
        return None, ""
    if low == "unlock":
        return command, "off"
    return command, rest.strip()
