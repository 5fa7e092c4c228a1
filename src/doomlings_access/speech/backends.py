"""Speakers: how an announcement is spoken, by speech mode.

Modes (see ``shared/design/accessibility.md`` R1):

- ``screen-reader`` (default) and ``off``: speak nothing; the screen reader reads the printed text.
- ``direct``: accessible_output2 sends speech (and braille where the output has it) to the running
  screen reader. When no output is active it falls back to ``tts`` and says so once.
- ``tts``: self-voiced. On Linux one espeak-ng process per utterance, run from a single worker
  thread with a queue, so ``speak`` never blocks and an interruption terminates the process.
  Elsewhere (or when espeak-ng is absent) the same worker runs pyttsx3 in a helper process.
  A missing, failing or stalled engine turns speech off with a one-time notice.

Nothing a library or engine prints reaches the terminal: it is captured and logged.
The prompt loop prints ``speaker.take_notices()`` (each notice is given once) and calls
``speaker.close()`` at exit.
"""

from __future__ import annotations

import atexit
import collections
import importlib.util
import logging
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from doomlings_access.safety.text import CleanLogRecords

from .capture import captured_output
from .labels import speakable
from .reaper import forget_group, start_watcher, watch_group

LOG = logging.getLogger("doomlings_access.speech")
# Without this, an unconfigured program would get warnings on stderr (logging's last resort).
LOG.addHandler(logging.NullHandler())
LOG.addFilter(CleanLogRecords())  # engines print what they like: never raw into a log

MODES = ("screen-reader", "direct", "tts", "off")
_MODE_ALIASES = {
    "screenreader": "screen-reader",
    "screen_reader": "screen-reader",
    "reader": "screen-reader",
    "none": "off",
    "silent": "off",
    "text": "off",
    "self-voiced": "tts",
    "speech": "tts",
}

ENV_ESPEAK = "DOOMLINGS_ESPEAK"
"""Path or name of the espeak-ng program for the tts mode (a missing one turns speech off)."""
ENV_TTS_ENGINE = "DOOMLINGS_TTS_ENGINE"
"""Force the tts engine: ``espeak-ng`` or ``pyttsx3`` (default: chosen by platform)."""

DEFAULT_TIMEOUT_FLOOR = 5.0
SECONDS_PER_CHAR = 0.15
MAX_UTTERANCE_CHARS = 4000
PROVEN_AFTER = 0.25
"""An engine still speaking this long after it started has opened its audio device."""
EXIT_FLUSH_CAP = 15.0
"""At exit, queued speech (the final scores, the winner) is spoken for at most this long."""


GOES_ON_IN_TEXT = "The game goes on in text."
"""How a speech-off notice ends in a game (a speech check, which is no game, leaves it off)."""


def speech_off_notice(reason: str) -> str:
    """The one line printed when speech falls back to text (an engine's own message may end
    with a full stop already)."""
    return f"Speech is off: {reason.rstrip().rstrip('.')}. {GOES_ON_IN_TEXT}"


def normalise_mode(mode: str | None) -> str:
    """Return one of MODES; raise ValueError with a one-line message for an unknown mode."""
    key = (mode or "screen-reader").strip().lower().replace("_", "-")
    key = _MODE_ALIASES.get(key, key)
    if key not in MODES:
        raise ValueError(f"Unknown speech mode: {mode}. Choose screen-reader, direct, tts or off.")
    return key


def utterance_timeout(
    text: str, rate: int | None = None, floor: float = DEFAULT_TIMEOUT_FLOOR
) -> float:
    """How long one utterance may take before the engine counts as stalled.

    ``max(floor, 0.15 s per character)``, stretched for rates slower than espeak's 175 words
    per minute.
    """
    slow = 175.0 / rate if rate and 0 < rate < 175 else 1.0
    return max(floor, SECONDS_PER_CHAR * len(text) * slow)


def _seconds(value: float) -> str:
    shown = f"{value:.1f}".rstrip("0").rstrip(".")
    return f"{shown} second" if shown == "1" else f"{shown} seconds"


@runtime_checkable
class Speaker(Protocol):
    """What the announcer talks to. ``speak`` never blocks the caller for long."""

    name: str
    notice: str | None

    def speak(self, text: str, interrupt: bool = True, braille: str | None = None) -> None:
        """Say ``text`` (labels are expanded into words); ``braille`` is the printed line,
        labels kept, for an output with a braille display."""

    def stop(self) -> None: ...

    def close(self, flush: float = 0.0) -> None:
        """End speech; with ``flush``, first let queued speech finish for up to that long."""

    def take_notices(self) -> list[str]: ...

    def wait_idle(self, timeout: float | None = None) -> bool: ...

    def settle(self, timeout: float) -> None:
        """Wait (at most ``timeout``) until the engine has shown it works or has failed, so
        a fallback notice can be given at once rather than after the next answer."""


class _Notices:
    """A one-time notice board: each notice line is handed out by ``take_notices`` once."""

    notice: str | None

    def _init_notices(self) -> None:
        self._notice_lock = threading.Lock()
        self._pending: list[str] = []
        self._given: set[str] = set()
        self.notice = None

    def _add_notice(self, text: str) -> None:
        with self._notice_lock:
            if text in self._given:
                return
            self._given.add(text)
            self._pending.append(text)
            self.notice = text

    def take_notices(self) -> list[str]:
        """Notices not yet handed out (print each as its own line)."""
        with self._notice_lock:
            pending, self._pending = self._pending, []
        return pending


class SilentSpeaker(_Notices):
    """Speaks nothing: ``screen-reader`` and ``off`` modes, and the text-only fallback."""

    def __init__(self, name: str = "off", notice: str | None = None) -> None:
        self.name = name
        self._init_notices()
        if notice:
            self._add_notice(notice)

    def speak(self, text: str, interrupt: bool = True, braille: str | None = None) -> None:
        return None

    def stop(self) -> None:
        return None

    def close(self, flush: float = 0.0) -> None:
        return None

    def wait_idle(self, timeout: float | None = None) -> bool:
        return True

    def settle(self, timeout: float) -> None:
        return None

    def __repr__(self) -> str:
        return f"SilentSpeaker({self.name!r})"


class _EngineFailure(Exception):
    """The engine is missing, failed or stalled: speech goes off with this reason."""


# Lines an engine prints when it could not produce audio even though it exited with 0:
# espeak-ng ("error: No such file or directory"), aplay ("audio open error"), pyttsx3's
# "Playback error", and a shell's "aplay: not found".
_ERROR_LINE_RE = re.compile(
    r"^(error:.*|.*audio open error.*|.*aplay: not found.*|Playback error.*)$",
    re.MULTILINE | re.IGNORECASE,
)


def _error_line(printed: str) -> str | None:
    match = _ERROR_LINE_RE.search(printed)
    return match.group(1).strip()[:100] if match else None


_OPEN_GATE = b"\n" if os.name == "posix" else b""


def _gated(argv: list[str]) -> list[str]:
    """The engine's command behind a gate: a shell that waits for one line on standard input
    and only then becomes the engine, or ends if the input closes first. Between starting an
    engine and telling the watcher of its process group there is a moment; a game killed in it
    (seen under load) left the engine and its children running. Gated, an engine does nothing
    before the watcher knows of it. A shell reading a pipe takes one byte at a time, so the text
    after the gate's line reaches the engine whole.

    >>> _gated(["espeak-ng", "--stdin"])[-2:] if os.name == "posix" else ["espeak-ng", "--stdin"]
    ['espeak-ng', '--stdin']
    """
    if os.name != "posix":
        return argv
    return ["/bin/sh", "-c", 'IFS= read -r _ || exit 0; exec "$@"', "doomlings-speech", *argv]


def _signal_group(proc: subprocess.Popen[bytes], hard: bool = False) -> None:
    """Terminate (or kill) a speech process and its children (aplay, a shell's sleep)."""
    if proc.poll() is not None:
        return
    try:
        if os.name == "posix":
            os.killpg(proc.pid, signal.SIGKILL if hard else signal.SIGTERM)
        elif hard:
            proc.kill()
        else:
            proc.terminate()
    except (ProcessLookupError, PermissionError, OSError):
        pass


class CommandSpeaker(_Notices):
    """Self-voicing through one engine process per utterance, from one worker thread.

    ``speak`` only queues the text. ``interrupt=True`` drops queued messages and terminates the
    utterance in progress. Each utterance has a time limit (``utterance_timeout``); an engine
    that cannot start, exits with an error, reports that it could not play audio, or outlives
    its limit turns this speaker silent for good, with one notice.
    """

    def __init__(
        self,
        name: str,
        argv: list[str],
        *,
        rate: int | None = None,
        log: logging.Logger | None = None,
        timeout_floor: float = DEFAULT_TIMEOUT_FLOOR,
        startup_time: float = 0.0,
    ) -> None:
        self.name = name
        self.argv = list(argv)
        self.rate = rate
        self.timeout_floor = timeout_floor
        self.startup_time = startup_time
        self._log = log or LOG
        self._init_notices()
        self._cond = threading.Condition()
        self._queue: collections.deque[str] = collections.deque()
        self._current: subprocess.Popen[bytes] | None = None
        self._busy = False
        self._interrupted = False
        self._closed = False
        self.failed: str | None = None
        self._proven = threading.Event()
        self._thread = threading.Thread(target=self._loop, name=f"speech-{name}", daemon=True)
        self._thread.start()
        atexit.register(self.close)

    # The caller's side: quick, never waits for the engine.

    def speak(self, text: str, interrupt: bool = True, braille: str | None = None) -> None:
        if not text or not text.strip():
            return
        spoken = speakable(text)[:MAX_UTTERANCE_CHARS]
        with self._cond:
            if self._closed or self.failed:
                return
            if interrupt:
                self._queue.clear()
                self._interrupt_locked()
            self._queue.append(spoken)
            self._cond.notify_all()

    def stop(self) -> None:
        with self._cond:
            self._queue.clear()
            self._interrupt_locked()
            self._cond.notify_all()

    def close(self, flush: float = 0.0) -> None:
        if flush > 0 and not self._closed:
            try:
                self.wait_idle(flush)
            except KeyboardInterrupt:  # Ctrl-C while the last words are spoken: stop now
                pass
        with self._cond:
            already = self._closed
            self._closed = True
            self._queue.clear()
            self._interrupt_locked()
            self._cond.notify_all()
        if not already:
            atexit.unregister(self.close)
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=3.0)

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until nothing is queued or speaking (or speech is off); True if so."""
        with self._cond:
            return self._cond.wait_for(
                lambda: (not self._queue and not self._busy) or self._closed or bool(self.failed),
                timeout,
            )

    def settle(self, timeout: float) -> None:
        if not self._proven.is_set():
            with self._cond:
                idle = not self._queue and not self._busy
            if not idle:  # nothing was said yet: nothing to wait for
                self._proven.wait(timeout)

    def _interrupt_locked(self) -> None:
        if self._busy:
            self._interrupted = True
            if self._current is not None:
                _signal_group(self._current)

    # The worker's side.

    def _loop(self) -> None:
        while True:
            with self._cond:
                while not self._queue and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                text = self._queue.popleft()
                self._busy = True
                self._interrupted = False
            try:
                self._say(text)
            except _EngineFailure as exc:
                self._fail(str(exc))
            except Exception as exc:  # noqa: BLE001 - speech must never take the game down
                self._log.exception("speech worker failed")
                self._fail(f"{self.name} failed ({type(exc).__name__}: {exc})")
            finally:
                with self._cond:
                    self._busy = False
                    self._current = None
                    self._cond.notify_all()
            if self.failed:
                return

    def _say(self, text: str) -> None:
        limit = utterance_timeout(text, self.rate, self.timeout_floor) + self.startup_time
        stalled = False
        start_watcher()  # running before the engine starts: then a kill leaves nothing behind
        with tempfile.TemporaryFile() as out:
            try:
                proc = subprocess.Popen(
                    _gated(self.argv),
                    stdin=subprocess.PIPE,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    start_new_session=(os.name == "posix"),
                    creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),
                )
            except OSError as exc:
                raise _EngineFailure(f"{self.name} could not start ({exc.strerror or exc})") from exc
            watch_group(proc.pid)  # ended by the watcher if the game is killed mid-sentence
            with self._cond:
                self._current = proc
                if self._interrupted or self._closed:
                    _signal_group(proc)
            try:
                assert proc.stdin is not None
                proc.stdin.write(_OPEN_GATE + text.encode("utf-8"))
                proc.stdin.close()
            except OSError:
                pass  # the engine ended before reading; its exit code tells why
            started = time.monotonic()
            deadline = started + limit
            while True:
                try:
                    rc = proc.wait(timeout=0.05)
                    break
                except subprocess.TimeoutExpired:
                    if time.monotonic() - started >= PROVEN_AFTER + self.startup_time:
                        self._proven.set()  # still speaking: the audio device opened
                    if time.monotonic() >= deadline:
                        stalled = True
                        self._kill(proc)  # stalled: reported below, whatever its exit code
                        break
            forget_group(proc.pid)
            out.seek(0)
            printed = out.read().decode("utf-8", "replace").strip()
        if printed:
            self._log.info("%s printed: %s", self.name, printed)
        with self._cond:
            interrupted = self._interrupted or self._closed
        if stalled:
            raise _EngineFailure(f"{self.name} did not finish speaking within {_seconds(limit)}")
        if interrupted:
            return
        line = _error_line(printed)
        if rc != 0:
            detail = f": {line}" if line else ""
            raise _EngineFailure(f"{self.name} stopped with exit code {rc}{detail}")
        if line:
            raise _EngineFailure(f"{self.name} could not play audio ({line})")
        self._proven.set()

    def _kill(self, proc: subprocess.Popen[bytes]) -> int | None:
        _signal_group(proc)
        try:
            return proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            _signal_group(proc, hard=True)
            try:
                return proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                return None

    def _fail(self, reason: str) -> None:
        with self._cond:
            if self.failed:
                return
            self.failed = reason
            self._queue.clear()
            # The notice is in place before anyone waiting in wait_idle wakes up.
            self._add_notice(speech_off_notice(reason))
            self._cond.notify_all()
        self._proven.set()
        self._log.warning("speech off: %s", reason)

    def __repr__(self) -> str:
        return f"CommandSpeaker({self.name!r}, {self.argv!r})"


class AccessibleOutputSpeaker(_Notices):
    """``direct`` mode: speech and braille through accessible_output2's first active output.

    Screen reader APIs (NVDA's controller, JAWS, SAPI, Speech Dispatcher) queue the text and
    return at once, so calls are made in the caller's thread (COM objects on Windows must stay
    in the thread that made them). ``Auto.output`` never brailles (AO2 issue #19), so ``speak``
    and ``braille`` are called on the concrete output. Braille gets the printed text with its
    labels; speech gets the labels expanded into words. If the output raises, this speaker
    switches to ``fallback()`` (the tts speaker) and says so once.
    """

    def __init__(
        self,
        auto: object,
        output: Any,
        fallback: Callable[[], tuple[Speaker, str | None]],
        log: logging.Logger | None = None,
    ) -> None:
        from accessible_output2.outputs.base import Output  # type: ignore[import-untyped]

        self._auto = auto
        self._output = output
        self._fallback = fallback
        self._log = log or LOG
        self._delegate: Speaker | None = None
        self._init_notices()
        self.output_name = str(getattr(output, "name", type(output).__name__))
        self.name = f"accessible_output2 ({self.output_name})"
        braille = getattr(type(output), "braille", None)
        self.brailles = braille is not None and braille is not Output.braille

    def speak(self, text: str, interrupt: bool = True, braille: str | None = None) -> None:
        if self._delegate is not None:
            self._delegate.speak(text, interrupt=interrupt, braille=braille)
            return
        if not text or not text.strip():
            return
        try:
            self._output.speak(speakable(text), interrupt=interrupt)
        except Exception as exc:  # noqa: BLE001 - any output error means: fall back
            self._log.warning("%s failed to speak", self.name, exc_info=True)
            self._switch(f"{self.output_name} failed ({type(exc).__name__}: {exc})")
            assert self._delegate is not None  # _switch always sets one
            self._delegate.speak(text, interrupt=interrupt, braille=braille)
            return
        if self.brailles:
            try:
                # The display gets the printed line with its labels (dr4), never the words.
                self._output.braille(braille if braille is not None else text)
            except Exception:  # noqa: BLE001 - e.g. SystemAccess's self.dll bug: speech goes on
                self._log.warning("%s failed to braille; braille off", self.name, exc_info=True)
                self.brailles = False

    def _switch(self, reason: str) -> None:
        speaker, tts_reason = self._fallback()
        self._delegate = speaker
        if isinstance(speaker, SilentSpeaker):
            speaker.take_notices()
            self._add_notice(speech_off_notice(f"{reason}, and {tts_reason}"))
        else:
            self._add_notice(f"Direct speech stopped: {reason}. Speaking with {speaker.name}.")

    def take_notices(self) -> list[str]:
        notices = super().take_notices()
        if self._delegate is not None:
            notices += self._delegate.take_notices()
            self.notice = self._delegate.notice or self.notice
        return notices

    def stop(self) -> None:
        if self._delegate is not None:
            self._delegate.stop()
            return
        silence = getattr(self._output, "silence", None)
        if silence is not None:
            try:
                silence()
            except Exception:  # noqa: BLE001
                self._log.warning("%s failed to stop speech", self.name, exc_info=True)

    def close(self, flush: float = 0.0) -> None:
        """The screen reader speaks what it was sent by itself; ``flush`` only matters for
        the fallback speaker."""
        if self._delegate is not None:
            self._delegate.close(flush)
        close = getattr(self._output, "close", None)
        if close is not None:
            try:
                close()
            except Exception:  # noqa: BLE001
                self._log.warning("%s failed to close", self.name, exc_info=True)

    def wait_idle(self, timeout: float | None = None) -> bool:
        if self._delegate is not None:
            return self._delegate.wait_idle(timeout)
        return True

    def settle(self, timeout: float) -> None:
        if self._delegate is not None:
            self._delegate.settle(timeout)


def open_accessible_output(
    log: logging.Logger | None = None,
) -> tuple[object | None, object | None, str | None]:
    """Construct accessible_output2's ``Auto`` quietly: ``(auto, output, reason)``.

    ``output`` is the first active output, or None with ``reason`` saying why. Whatever AO2
    prints while it is imported and constructed is logged, never shown.
    """
    from . import direct

    log = log or LOG
    try:
        with captured_output(log, "accessible_output2", fds=True):
            direct.prepare()  # on Linux: Speech Dispatcher's client, from the system
            from accessible_output2.outputs.auto import Auto  # type: ignore[import-untyped]

            auto = Auto()
            output = auto.get_first_available_output()
    except Exception as exc:
        log.warning("accessible_output2 could not start", exc_info=True)
        return None, None, f"accessible_output2 could not start ({type(exc).__name__}: {exc})"
    if output is None:
        names = ", ".join(type(o).__name__ for o in getattr(auto, "outputs", [])) or "none"
        log.info("accessible_output2: no active output (outputs tried: %s)", names)
        with captured_output(log, "speech dispatcher check", fds=True):
            reason = direct.missing()
        return auto, None, reason
    return auto, output, None


def find_tts_command(
    rate: int | None = None,
    voice: str | None = None,
    *,
    espeak: str | None = None,
    engine: str | None = None,
) -> tuple[str | None, list[str], float, str | None]:
    """Pick the tts engine: ``(name, argv, startup_time, reason)``; name None when none works.

    ``espeak`` (or the DOOMLINGS_ESPEAK variable) names the espeak-ng program; when given and
    missing, there is no fallback to another engine (that is how a missing engine is tested).
    ``engine`` (or DOOMLINGS_TTS_ENGINE) forces ``espeak-ng`` or ``pyttsx3``.
    """
    choice = (engine or os.environ.get(ENV_TTS_ENGINE) or "auto").strip().lower()
    if choice == "espeak":
        choice = "espeak-ng"
    if choice not in ("auto", "espeak-ng", "pyttsx3"):
        return None, [], 0.0, f"the speech engine {choice} is unknown"
    explicit = espeak if espeak is not None else (os.environ.get(ENV_ESPEAK) or None)
    path: str | None = None
    if choice != "pyttsx3":
        if explicit:
            path = shutil.which(explicit)
            if path is None:
                return None, [], 0.0, f"the speech engine {explicit} was not found"
        elif choice == "espeak-ng" or sys.platform not in ("win32", "darwin"):
            path = shutil.which("espeak-ng") or shutil.which("espeak")
    if path is not None:
        argv = [path]
        if rate is not None:
            argv += ["-s", str(int(rate))]
        if voice:
            argv += ["-v", voice]
        base = os.path.basename(path)
        name = "espeak-ng" if base.startswith("espeak-ng") else base
        return name, argv, 0.0, None
    if choice == "espeak-ng":
        return None, [], 0.0, "espeak-ng was not found"
    if importlib.util.find_spec("pyttsx3") is None:
        return None, [], 0.0, "no speech engine was found (install espeak-ng or pyttsx3)"
    argv = [sys.executable, "-m", "doomlings_access.speech.pyttsx3_say"]
    if rate is not None:
        argv += ["--rate", str(int(rate))]
    if voice:
        argv += ["--voice", voice]
    return "pyttsx3", argv, 3.0, None


def make_tts_speaker(
    rate: int | None = None,
    voice: str | None = None,
    log: logging.Logger | None = None,
    *,
    espeak: str | None = None,
    engine: str | None = None,
    timeout_floor: float = DEFAULT_TIMEOUT_FLOOR,
) -> tuple[Speaker, str | None]:
    """The ``tts`` speaker and, when it is the silent fallback, the reason."""
    name, argv, startup, reason = find_tts_command(rate, voice, espeak=espeak, engine=engine)
    if name is None:
        reason = reason or "no speech engine was found"
        (log or LOG).warning("speech off: %s", reason)
        return SilentSpeaker("off", notice=speech_off_notice(reason)), reason
    speaker = CommandSpeaker(
        name, argv, rate=rate, log=log, timeout_floor=timeout_floor, startup_time=startup
    )
    return speaker, None


def make_speaker(
    mode: str = "screen-reader",
    rate: int | None = None,
    voice: str | None = None,
    log: logging.Logger | None = None,
    *,
    espeak: str | None = None,
    engine: str | None = None,
    timeout_floor: float = DEFAULT_TIMEOUT_FLOOR,
) -> Speaker:
    """The speaker for a speech mode. Never raises for a missing engine: it falls back to text.

    Raises ValueError for an unknown mode. After making it (and after each announcement), print
    ``speaker.take_notices()``; call ``speaker.close()`` at exit.
    """
    log = log or LOG
    key = normalise_mode(mode)
    if key in ("screen-reader", "off"):
        return SilentSpeaker(key)

    def tts() -> tuple[Speaker, str | None]:
        return make_tts_speaker(
            rate, voice, log, espeak=espeak, engine=engine, timeout_floor=timeout_floor
        )

    if key == "tts":
        return tts()[0]
    auto, output, reason = open_accessible_output(log)
    if output is not None:
        return AccessibleOutputSpeaker(auto, output, tts, log)
    speaker, tts_reason = tts()
    if isinstance(speaker, SilentSpeaker):
        return SilentSpeaker(
            "off", notice=speech_off_notice(f"direct speech is not possible: {reason}; and {tts_reason}")
        )
    assert isinstance(speaker, CommandSpeaker)
    reason = reason or "no screen reader was found for direct speech"
    speaker._add_notice(
        f"Direct speech is not possible: {reason}. Speaking with {speaker.name} instead."
    )
    return speaker
