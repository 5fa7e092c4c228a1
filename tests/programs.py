"""Running the real ``doomlings`` command from tests, never touching the user's folders."""

from __future__ import annotations

import io
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path


def doomlings_command() -> list[str]:
    """The installed ``doomlings`` beside this Python, else on PATH, else ``python -m``."""
    script = Path(sys.executable).parent / "doomlings"
    if script.exists():
        return [str(script)]
    found = shutil.which("doomlings")
    return [found] if found else [sys.executable, "-m", "doomlings_access"]


DOOMLINGS = doomlings_command()


def isolated_env(root: Path) -> dict[str, str]:
    """This environment, with saves and settings under ``root`` and plain mode not forced."""
    env = dict(os.environ)
    env["DOOMLINGS_DATA_DIR"] = str(root / "data")
    env["DOOMLINGS_CONFIG_DIR"] = str(root / "config")
    env.pop("DOOMLINGS_PLAIN", None)
    return env


class _PipeEnd(io.BytesIO):
    """What a parent reads from a child's output pipe: kept after the program closes its end."""

    def close(self) -> None:
        self.flush()


def _clear_caches() -> None:
    """Forget what the package cached (the cards, their fingerprint, ...), as a new process
    would not know it: each call reads the folders its environment names."""
    for name, module in list(sys.modules.items()):
        if name == "doomlings_access" or name.startswith("doomlings_access."):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", None) == name:
                    value.cache_clear()


def in_process(
    args: Sequence[str], *, env: Mapping[str, str], stdin: str | bytes = b"", cwd: Path | None = None,
) -> subprocess.CompletedProcess[str]:
    """``doomlings ARGS`` as a call of its ``main`` in this process: the same code from the
    parsed command line to the exit status, with ``env`` as the whole environment, ``stdin`` as
    piped input and both outputs captured as pipes (not a terminal), and the package's caches
    and signal handlers as a new process has them. For tests whose subject is what the command
    says and does, not the process itself: a start of ``doomlings`` costs about 0.1 s of
    processor time, nearly all of it imports, and the tests start it hundreds of times. (What
    belongs to a process, signals, closed or full standard streams, hangs, a terminal, stays
    with :data:`DOOMLINGS` in a child process.)"""
    from doomlings_access.cli import main

    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    out, err = _PipeEnd(), _PipeEnd()
    saved_env = dict(os.environ)
    saved_streams = (sys.stdin, sys.stdout, sys.stderr)
    saved_signals = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    saved_cwd = os.getcwd()
    os.environ.clear()
    os.environ.update(env)
    _clear_caches()
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(out, encoding="utf-8")
    sys.stderr = io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace")
    try:
        if cwd is not None:
            os.chdir(cwd)
        try:
            code = main(list(args))
        except SystemExit as exc:  # (a signal handler's exit, or sys.exit deep inside)
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except ValueError:  # closed by the program (a broken pipe ends so)
                pass
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        for sig, handler in saved_signals.items():
            signal.signal(sig, handler)
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)
        _clear_caches()
    return subprocess.CompletedProcess(
        list(args), code, out.getvalue().decode("utf-8", "replace"), err.getvalue().decode("utf-8", "replace"),
    )
