"""WAV rendering and ``doomlings speech-check``."""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import tempfile
import wave

from .backends import (
    ENV_ESPEAK,
    LOG,
    SilentSpeaker,
    make_speaker,
    normalise_mode,
    utterance_timeout,
)
from .capture import captured_output
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


def _render_pyttsx3(text: str, path: str, rate: int | None, voice: str | None, log: logging.Logger) -> None:
    # pyttsx3 2.99 writes only the last of several queued files: one save_to_file per runAndWait.
    with captured_output(log, "pyttsx3", fds=True):
        import pyttsx3

        engine = pyttsx3.init()
        if rate is not None:
            engine.setProperty("rate", int(rate))
        if voice:
            engine.setProperty("voice", voice)
        engine.save_to_file(text, path)
        engine.runAndWait()


def _render_espeak(text: str, path: str, rate: int | None, voice: str | None, log: logging.Logger) -> None:
    program = os.environ.get(ENV_ESPEAK) or shutil.which("espeak-ng") or shutil.which("espeak")
    if not program or shutil.which(program) is None:
        raise SpeechError("espeak-ng was not found")
    argv = [program, "-w", path]
    if rate is not None:
        argv += ["-s", str(int(rate))]
    if voice:
        argv += ["-v", voice]
    try:
        done = subprocess.run(
            argv,
            input=text.encode("utf-8"),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            timeout=utterance_timeout(text, rate) + 10,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise SpeechError(f"espeak-ng failed ({exc})") from exc
    printed = done.stdout.decode("utf-8", "replace").strip()
    if printed:
        log.info("espeak-ng printed: %s", printed)
    if done.returncode != 0:
        raise SpeechError(f"espeak-ng stopped with exit code {done.returncode}")


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

    Uses pyttsx3 (``save_to_file`` + ``runAndWait``, one utterance, its printing captured), and
    ``espeak-ng -w`` when pyttsx3 fails. ``engine`` may force ``pyttsx3`` or ``espeak-ng``.
    The file is written next to ``path`` and renamed into place, so a failure leaves no half
    file. Raises SpeechError when no engine could render it.
    """
    log = log or LOG
    if engine not in ("auto", "pyttsx3", "espeak-ng"):
        raise ValueError(f"Unknown speech engine: {engine}. Choose auto, pyttsx3 or espeak-ng.")
    spoken = speakable(text)
    target = os.path.abspath(path)
    folder = os.path.dirname(target)
    problems: list[str] = []
    renderers = []
    if engine in ("auto", "pyttsx3"):
        renderers.append(("pyttsx3", _render_pyttsx3))
    if engine in ("auto", "espeak-ng"):
        renderers.append(("espeak-ng", _render_espeak))
    for name, render in renderers:
        try:
            handle, scratch = tempfile.mkstemp(suffix=".wav", prefix=".speech-", dir=folder)
        except OSError as exc:
            raise SpeechError(f"cannot write to {folder} ({exc.strerror or exc})") from exc
        os.close(handle)
        os.unlink(scratch)  # let the engine create it; an empty leftover would look like success
        try:
            render(spoken, scratch, rate, voice, log)
            if _wav_has_audio(scratch):
                os.replace(scratch, target)
                log.info("rendered %s with %s", target, name)
                return
            problems.append(f"{name} wrote no audio")
        except SpeechError as exc:
            problems.append(str(exc))
        except Exception as exc:  # noqa: BLE001 - pyttsx3 raises RuntimeError, ValueError, OSError
            log.warning("%s could not render speech", name, exc_info=True)
            problems.append(f"{name} failed ({type(exc).__name__}: {exc})")
        finally:
            if os.path.exists(scratch):
                os.unlink(scratch)
    raise SpeechError("; ".join(problems) or "no speech engine was found")


def speech_check(
    mode: str = "screen-reader",
    wav: str | None = None,
    rate: int | None = None,
    voice: str | None = None,
    *,
    log: logging.Logger | None = None,
) -> list[str]:
    """``doomlings speech-check [--wav FILE]``: say the sample sentence, or render it to ``wav``.

    Returns the lines to print. Raises ValueError only for an unknown mode.
    """
    log = log or LOG
    if wav:
        try:
            render_wav(SAMPLE_SENTENCE, wav, rate, voice, log=log)
        except SpeechError as exc:
            return [f"Speech check: could not write {wav}: {exc}."]
        seconds = wav_duration(wav)
        return [f"Speech check: wrote {seconds:.1f} seconds of speech to {wav}."]
    key = normalise_mode(mode)
    if key == "screen-reader":
        return [
            SAMPLE_SENTENCE,
            "Speech check: speech mode is screen-reader, so your screen reader reads the game's text.",
        ]
    if key == "off":
        return [SAMPLE_SENTENCE, "Speech check: speech is off, so the game prints text only."]
    speaker = make_speaker(key, rate, voice, log)
    try:
        speaker.speak(SAMPLE_SENTENCE, interrupt=True)
        finished = speaker.wait_idle(utterance_timeout(SAMPLE_SENTENCE, rate) + 5.0)
        lines = speaker.take_notices()
        if isinstance(speaker, SilentSpeaker) or getattr(speaker, "failed", None):
            lines.append(f"Speech check: nothing was spoken. {SAMPLE_SENTENCE}")
        elif not finished:
            lines.append(f"Speech check: {speaker.name} is still speaking; stopped it.")
        else:
            lines.append(f"Speech check: said the sample sentence with {speaker.name}.")
    finally:
        speaker.close()
    return lines
