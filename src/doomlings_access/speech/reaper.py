"""Ends the speech engine's processes when the game ends in any way, SIGKILL included.

Each utterance runs in its own process group (so an interruption stops the engine and its
children at once). A game killed outright cannot stop them itself, so a tiny watcher process,
started with the first utterance, holds the read end of a pipe from the game and the list of
engine process groups alive. When the game ends, however it ends, the system closes the pipe;
the watcher then ends every group still listed, and exits. It runs in a session of its own,
ignoring the terminal's signals, so closing the terminal does not take it down before it has
done its job.

This file is also the watcher's program: ``python -I -S reaper.py``, standard library only.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

_lock = threading.Lock()
_watcher: subprocess.Popen[bytes] | None = None
_failed = False


def _start() -> bool:
    """The watcher, started if it is not running (the caller holds the lock); False when
    there is none and can be none."""
    global _watcher, _failed
    if _failed or os.name != "posix":
        return False
    if _watcher is None or _watcher.poll() is not None:
        try:
            _watcher = subprocess.Popen(
                [sys.executable, "-I", "-S", os.path.abspath(__file__)],
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
        except OSError:
            _failed = True  # speech still works; only the clean-up after a kill is lost
            return False
    return True


def start_watcher() -> None:
    """Start the watcher before an engine is started: starting a Python process takes tens of
    milliseconds, and a game killed in that time, after its engine had started, left the
    engine running. Once it runs, telling it of a group is one write to a pipe."""
    with _lock:
        _start()


def _send(line: str) -> None:
    global _failed
    with _lock:
        if not _start():
            return
        assert _watcher is not None and _watcher.stdin is not None
        try:
            _watcher.stdin.write(line.encode("ascii"))
            _watcher.stdin.flush()
        except OSError:
            _failed = True


def watch_group(pgid: int) -> None:
    """End process group ``pgid`` if the game dies before :func:`forget_group`."""
    _send(f"+{pgid}\n")


def forget_group(pgid: int) -> None:
    """The group has ended (or been ended) normally."""
    _send(f"-{pgid}\n")


def _end(groups: set[int]) -> None:
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pgid in list(groups):
            try:
                os.killpg(pgid, sig)
            except (ProcessLookupError, PermissionError):
                groups.discard(pgid)
        if not groups:
            return
        time.sleep(0.3)


def main() -> None:
    """The watcher: read ``+pgid`` and ``-pgid`` lines until the pipe closes, then end what
    is left."""
    for name in ("SIGINT", "SIGHUP", "SIGTERM", "SIGQUIT"):
        signal.signal(getattr(signal, name), signal.SIG_IGN)
    groups: set[int] = set()
    for raw in sys.stdin.buffer:
        line = raw.strip()
        if line[1:].isdigit() and line[:1] in (b"+", b"-"):
            (groups.add if line[:1] == b"+" else groups.discard)(int(line[1:]))
    _end(groups)


if __name__ == "__main__":
    main()
