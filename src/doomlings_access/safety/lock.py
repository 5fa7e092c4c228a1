"""One game per save: a lock file beside the save, holding the process id of the game using it.

The lock is an operating-system lock on ``<save>.lock`` (``flock`` on POSIX, ``msvcrt.locking``
on Windows), which the system releases when the process ends in any way, SIGKILL included.
So a lock file left behind by a killed game is stale by construction: nothing holds its lock,
and the next game takes it over. The process id written inside only names the holder in the
message when a second game asks for the same save.
"""

from __future__ import annotations

import errno
import os
import stat
from contextlib import suppress
from pathlib import Path
from types import TracebackType
from typing import Self

from doomlings_access.safety.text import shown

_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_O_BINARY = getattr(os, "O_BINARY", 0)
SUFFIX = ".lock"


class SaveInUse(Exception):
    """Another running game holds this save (or its lock file is not one a game could hold:
    ``blocked`` says why, "is a folder, not a lock file")."""

    def __init__(self, path: Path, pid: int | None, blocked: str | None = None) -> None:
        holder = f" (process {pid})" if pid else ""
        if blocked:
            message = (
                f"{shown(path.name)} cannot be locked: {shown(lock_path(path).name)} {blocked}. "
                "It is not resumed, so that no two games play it at once; "
                "remove that and try again."
            )
        else:
            message = (
                f"{shown(path.name)} is open in another game{holder}. "
                "Finish or quit that game first, or choose another save."
            )
        super().__init__(message)
        self.path, self.pid = path, pid


def lock_path(save: Path) -> Path:
    return save.with_name(save.name + SUFFIX)


def _try_lock(fd: int) -> bool:
    """Take the system lock without waiting; False if another process holds it."""
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            os.lseek(fd, 1 << 20, os.SEEK_SET)  # lock a byte past the pid, so it stays readable
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _read_pid(fd: int) -> int | None:
    with suppress(OSError, ValueError):
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii").strip()
        if text.isdigit() and len(text) <= 10:
            return int(text)
    return None


class SaveLock:
    """The lock of one save. ``acquire`` raises :class:`SaveInUse` when another game holds
    it, and OSError when the lock file cannot be made (a read-only folder, say)."""

    def __init__(self, save: Path) -> None:
        self.save = save
        self.path = lock_path(save)
        self.fd: int | None = None

    def acquire(self, *, new: bool = False) -> SaveLock:
        """Take the lock. ``new``: the lock file must not exist yet (claiming a new name)."""
        flags = os.O_RDWR | os.O_CREAT | _O_NOFOLLOW | _O_CLOEXEC | _O_BINARY
        if new:
            flags |= os.O_EXCL
        while True:
            fd = os.open(self.path, flags, 0o644)
            try:
                opened = os.fstat(fd)
                if not stat.S_ISREG(opened.st_mode):
                    raise OSError(errno.EINVAL, "the lock file is not a regular file")
                if not _try_lock(fd):
                    raise SaveInUse(self.save, _read_pid(fd))
                try:  # a releasing holder may have removed the file between our open and lock
                    now = os.lstat(self.path)
                except FileNotFoundError:
                    now = None
                if now is None or (now.st_dev, now.st_ino) != (opened.st_dev, opened.st_ino):
                    os.close(fd)
                    flags &= ~os.O_EXCL
                    continue
                os.ftruncate(fd, 0)
                os.lseek(fd, 0, os.SEEK_SET)
                os.write(fd, f"{os.getpid()}\n".encode("ascii"))
            except BaseException:
                os.close(fd)
                raise
            self.fd = fd
            return self

    def release(self) -> None:
        """Give the save back: the lock file is removed, then the lock let go."""
        if self.fd is None:
            return
        with suppress(OSError):
            os.unlink(self.path)
        with suppress(OSError):
            os.close(self.fd)
        self.fd = None

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.release()


def holder(save: Path) -> int | None:
    """The process id of the game holding ``save`` now, or None when nobody does (the lock
    file may still be there, stale, after a killed game)."""
    path = lock_path(save)
    try:
        fd = os.open(path, os.O_RDWR | _O_NOFOLLOW | _O_CLOEXEC | _O_BINARY)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode) or _try_lock(fd):
            return None
        return _read_pid(fd) or -1
    finally:
        os.close(fd)  # closing also lets go of the lock taken just to look


def remove_stale(lock_file: Path) -> bool:
    """Remove a lock file nobody holds (left by a killed game); True if removed."""
    try:
        fd = os.open(lock_file, os.O_RDWR | _O_NOFOLLOW | _O_CLOEXEC | _O_BINARY)
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode) or not _try_lock(fd):
            return False
        os.unlink(lock_file)
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
