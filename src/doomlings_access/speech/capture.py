"""Keep what speech libraries print away from the player's terminal.

accessible_output2 prints warnings to stdout when it is constructed, pyttsx3 prints
"Audio saved to ..." and the C libraries under them may write to file descriptors 1 and 2.
A screen reader would read all of that aloud, so it is captured and logged instead.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import sys
import tempfile
from collections.abc import Iterator


@contextlib.contextmanager
def captured_output(log: logging.Logger, what: str, fds: bool = False) -> Iterator[io.StringIO]:
    """Capture Python-level stdout and stderr (and, with ``fds``, file descriptors 1 and 2).

    Whatever was printed is logged at INFO level as ``<what> printed: ...``.
    ``redirect_stdout`` swaps ``sys.stdout`` for the whole process, so use this only in the
    thread that owns the terminal and only around short calls (construction, WAV rendering).
    """
    buf = io.StringIO()
    saved: list[tuple[int, int]] = []
    spool = None
    if fds:
        try:
            for stream in (sys.stdout, sys.stderr):
                with contextlib.suppress(Exception):
                    stream.flush()
            spool = tempfile.TemporaryFile()  # noqa: SIM115 - closed in the finally below
            for fd in (1, 2):
                saved.append((fd, os.dup(fd)))
                os.dup2(spool.fileno(), fd)
        except OSError:
            for fd, copy in saved:
                os.dup2(copy, fd)
                os.close(copy)
            saved = []
            if spool is not None:
                spool.close()
                spool = None
    try:
        with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
            yield buf
    finally:
        fd_text = ""
        if saved:
            for fd, copy in saved:
                os.dup2(copy, fd)
                os.close(copy)
        if spool is not None:
            spool.seek(0)
            fd_text = spool.read().decode("utf-8", "replace")
            spool.close()
        text = (buf.getvalue() + fd_text).strip()
        if text:
            log.info("%s printed: %s", what, text)
