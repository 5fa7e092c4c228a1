"""Room codes, seat keys and rate limits: what keeps a room to the people invited to it.

A room's code is read aloud and typed by ear, so its alphabet leaves out every character
that looks or reads like another (``0``/``O``, ``1``/``I``/``L``, ``2``/``Z``, ``5``/``S``,
``6``/``G``, ``8``/``B``). A seat's key is a random token given to its person once; the
room keeps only its hash and compares in constant time, and a new key replaces it each time
the person comes back (a key seen once on a shared screen opens nothing later).

>>> code = new_code(set())
>>> len(code) == CODE_LENGTH and set(code) <= set(ALPHABET)
True
>>> read_code(" kq7-pxd ")
'KQ7PXD'
>>> read_code("KQ7PX0") is None  # a zero is no character of any code
True
>>> token, kept = new_key()
>>> key_fits(token, kept), key_fits(token + "x", kept)
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Callable, Container

ALPHABET = "ACDEFHJKMNPQRTUVWXY3479"
"""23 characters, none like another to the eye or on a braille display: 23**6, some 148
million codes."""
CODE_LENGTH = 6
KEY_BYTES = 32


def new_code(taken: Container[str]) -> str:
    """A fresh room code, none of ``taken``."""
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def read_code(typed: str) -> str | None:
    """A code as typed (any case, spaces or hyphens between its characters), or None when it
    cannot be one."""
    code = "".join(ch for ch in typed.upper() if ch not in " -")
    if len(code) != CODE_LENGTH or any(ch not in ALPHABET for ch in code):
        return None
    return code


def new_key() -> tuple[str, bytes]:
    """A seat's key for its person, and the hash the room keeps of it."""
    token = secrets.token_urlsafe(KEY_BYTES)
    return token, key_hash(token)


def key_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "replace")).digest()


def key_fits(token: str, kept: bytes) -> bool:
    """Whether ``token`` is the key whose hash is ``kept`` (compared in constant time)."""
    return hmac.compare_digest(key_hash(token), kept)


class RateLimit:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once.

    >>> clock = iter([0.0, 0.0, 0.0, 1.0]).__next__
    >>> limit = RateLimit(1.0, 2, clock)
    >>> [limit.allow(), limit.allow(), limit.allow(), limit.allow()]
    [True, True, False, True]
    """

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.when: float | None = None

    def allow(self) -> bool:
        now = self.clock()
        if self.when is not None:
            self.tokens = min(float(self.burst), self.tokens + (now - self.when) * self.rate)
        self.when = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False
