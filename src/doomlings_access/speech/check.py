"""WAV rendering and ``doomlings speech-check``."""

from __future__ import annotations

import importlib.util
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import wave
from dataclasses import dataclass

from .backends import (
    ENV_ESPEAK,
    GOES_ON_IN_TEXT,
    LOG,
    SilentSpeaker,
    make_speaker,
    normalise_mode,
    utterance_timeout,
)
from .labels import speakable

SAMPLE_SENTENCE = "Speech check. Ben plays Tiny, dominant blue 17. Your turn."


class SpeechError(Exception):
    """Speech could not be rendered; the message is one plain sentence fragment."""


def wav_duration(path: str) -> float:
    """Seconds of audio in a WAV file."""
    with wave.open(path, "rb") as wav:
        rate = wav.getframerate()
        return wav.getnframes() / rate if rate else 0.0


def _wav_has_audio(path: str) -> bool:
    try:
        with wave.open(path, "rb") as wav:
            return wav.getnframes() > 0
    except (OSError, EOFError, wave.Error):
        return False


def _run_renderer(
    name: str, argv: list[str], text: str, rate: int | None, log: logging.Logger
) -> None:
    """Run one rendering process with the text on stdin; its output is logged, never shown."""
    try:
        done = subprocess.run(
            argv,
            input=text.encode("utf-8"),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            timeout=utterance_timeout(text, rate) + 10,
            check=False,
            creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),
        )
    except subprocess.TimeoutExpired as exc:
        raise SpeechError(f"{name} did not finish") from exc
    except OSError as exc:
        raise SpeechError(f"{name} could not start ({exc.strerror or exc})") from exc
    printed = done.stdout.decode("utf-8", "replace").strip()
    if printed:
        log.info("%s printed: %s", name, printed)
    if done.returncode != 0:
        last = printed.splitlines()[-1] if printed else ""
        detail = f" ({last})" if last else ""
        raise SpeechError(f"{name} stopped with exit code {done.returncode}{detail}")


def _render_pyttsx3(
    text: str, path: str, rate: int | None, voice: str | None, log: logging.Logger
) -> None:
    # pyttsx3.save_to_file + runAndWait, one utterance, in a helper process (see pyttsx3_say).
    if importlib.util.find_spec("pyttsx3") is None:
        raise SpeechError("pyttsx3 is not installed")
    argv = [sys.executable, "-m", "doomlings_access.speech.pyttsx3_say", "--save", path]
    if rate is not None:
        argv += ["--rate", str(int(rate))]
    if voice:
        argv += ["--voice", voice]
    _run_renderer("pyttsx3", argv, text, rate, log)


def _render_espeak(
    text: str, path: str, rate: int | None, voice: str | None, log: logging.Logger
) -> None:
    explicit = os.environ.get(ENV_ESPEAK)
    if explicit:
        found = shutil.which(explicit)
    else:
        found = shutil.which("espeak-ng") or shutil.which("espeak")
    if found is None:
        raise SpeechError(f"{explicit or 'espeak-ng'} was not found")
    argv = [found, "-w", path]
    if rate is not None:
        argv += ["-s", str(int(rate))]
    if voice:
        argv += ["-v", voice]
    _run_renderer("espeak-ng", argv, text, rate, log)


def _check_target(target: str) -> None:
    from pathlib import Path

    from doomlings_access.safety.files import FileRefused, check_target

    try:
        check_target(Path(target))
    except FileRefused as exc:
        raise SpeechError(str(exc)) from None


def render_wav(
    text: str,
    path: str,
    rate: int | None = None,
    voice: str | None = None,
    *,
    engine: str = "auto",
    log: logging.Logger | None = None,
) -> None:
    """Render ``text`` (labels expanded into words) as speech into the WAV file ``path``.

    Uses pyttsx3 (``save_to_file`` + ``runAndWait``, one utterance, in a helper process whose
    output is captured and logged), and ``espeak-ng -w`` when pyttsx3 fails. ``engine`` may force ``pyttsx3`` or ``espeak-ng``.
    The file is written in a private folder next to ``path`` (so no planted link is written
    through) and renamed into place, never over a device, FIFO or link, so a failure leaves no
    half file. Raises SpeechError when no engine could render it.
    """
    log = log or LOG
    if engine not in ("auto", "pyttsx3", "espeak-ng"):
        raise ValueError(f"Unknown speech engine: {engine}. Choose auto, pyttsx3 or espeak-ng.")
    spoken = speakable(text)
    target = os.path.abspath(path)
    folder = os.path.dirname(target)
    _check_target(target)
    problems: list[str] = []
    renderers = []
    if engine in ("auto", "pyttsx3"):
        renderers.append(("pyttsx3", _render_pyttsx3))
    if engine in ("auto", "espeak-ng"):
        renderers.append(("espeak-ng", _render_espeak))
    for name, render in renderers:
        try:  # a folder of our own (0700) beside the target: nobody can plant a link in it
            private = tempfile.mkdtemp(prefix=".speech-", dir=folder)
        except OSError as exc:
            raise SpeechError(f"cannot write to {folder} ({exc.strerror or exc})") from exc
        scratch = os.path.join(private, "speech.wav")  # the engine creates it
        try:
            render(spoken, scratch, rate, voice, log)
            if _wav_has_audio(scratch):
                _check_target(target)  # again: never rename over a device, FIFO or link
                os.replace(scratch, target)
                log.info("rendered %s with %s", target, name)
                return
            problems.append(f"{name} wrote no audio")
        except SpeechError as exc:
            problems.append(str(exc))
        except Exception as exc:
            log.warning("%s could not render speech", name, exc_info=True)
            problems.append(f"{name} failed ({type(exc).__name__}: {exc})")
        finally:
            shutil.rmtree(private, ignore_errors=True)
    raise SpeechError("; ".join(problems) or "no speech engine was found")


@dataclass(frozen=True)
class Checked:
    """What a speech check says, and whether speech worked (the command's exit status: a
    script checking a machine must not read "nothing was spoken" as success)."""

    lines: list[str]
    ok: bool = True


def speech_check(
    mode: str = "screen-reader",
    wav: str | None = None,
    rate: int | None = None,
    voice: str | None = None,
    *,
    log: logging.Logger | None = None,
) -> Checked:
    """``doomlings speech-check [--wav FILE]``: say the sample sentence, or render it to ``wav``.

    Raises ValueError only for an unknown mode.
    """
    log = log or LOG
    if wav:
        try:
            render_wav(SAMPLE_SENTENCE, wav, rate, voice, log=log)
        except SpeechError as exc:
            return Checked([f"Speech check: could not write {wav}: {exc}."], ok=False)
        seconds = wav_duration(wav)
        return Checked([f"Speech check: wrote {seconds:.1f} seconds of speech to {wav}."])
    key = normalise_mode(mode)
    if key == "screen-reader":
        return Checked([
            SAMPLE_SENTENCE,
            "Speech check: speech mode is screen-reader, so your screen reader reads the game's text.",
        ])
    if key == "off":
        return Checked([SAMPLE_SENTENCE, "Speech check: speech is off, so the game prints text only."])
    speaker = make_speaker(key, rate, voice, log)
    ok = True
    try:
        speaker.speak(SAMPLE_SENTENCE, interrupt=True)
        finished = speaker.wait_idle(utterance_timeout(SAMPLE_SENTENCE, rate) + 5.0)
        lines = [notice.removesuffix(f" {GOES_ON_IN_TEXT}") for notice in speaker.take_notices()]
        if isinstance(speaker, SilentSpeaker) or getattr(speaker, "failed", None):
            lines.append(f"Speech check: nothing was spoken. {SAMPLE_SENTENCE}")
            ok = False
        elif not finished:
            lines.append(f"Speech check: {speaker.name} is still speaking; stopped it.")
        else:
            lines.append(f"Speech check: said the sample sentence with {speaker.name}.")
    finally:
        speaker.close()
    return Checked(lines, ok)
