"""A plain console that notes when each line is printed: the thinking-time tests measure how
long after "Otto is thinking." a computer's turn is told, by both games' prompt loops."""

from __future__ import annotations

import io
import time

from doomlings_access.telling.console import PlainConsole


class Clocked(PlainConsole):
    """Plain text streams that note when each line is printed."""

    def __init__(self, stdin: io.StringIO) -> None:
        super().__init__(stdin, io.StringIO())
        self.printed: list[tuple[float, str]] = []

    def write(self, line: str) -> None:
        self.printed += [(time.monotonic(), row) for row in line.split("\n") if row.strip()]
        super().write(line)
