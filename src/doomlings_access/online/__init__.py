"""Playing together online: rooms with codes, seats kept across reconnects, a server, a
terminal client and a web page.

The rooms (:mod:`.rooms`) know nothing of the network, nor any game: each drives the game its
host chose through that game's kind (:mod:`.kinds`, found in :mod:`doomlings_access.games`),
tells each person what their seat may know (the same words a local game says),
and hand messages to a *link*, whatever carries them. :mod:`.server` carries them over
WebSocket (Starlette on uvicorn, which also serves the web page in ``web/``);
:mod:`.client` is the terminal client. Every message is checked against one schema
(:mod:`.protocol`, ``protocol.json``), by the server, the terminal client and the page.
"""
