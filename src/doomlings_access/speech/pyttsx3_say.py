"""Say (or save to a WAV file) one utterance with pyttsx3, in a process of its own.

Run as ``python -m doomlings_access.speech.pyttsx3_say [--rate N] [--voice V] [--save FILE]``
with the text on standard input. A separate process gives what pyttsx3 cannot give in-process:
real interruption (the process group is terminated, including the ``aplay`` child that pyttsx3's
espeak driver starts on Linux), a time limit, and no library output on the game's terminal.
pyttsx3 2.99 speaks only one utterance per ``runAndWait``, so this says exactly one. Rendering
runs here too: a second ``pyttsx3.init()`` in one process can leave espeak's callback pointing
at the first, garbage-collected driver (ReferenceError in ``_onSynth``, output outside capture).
"""

from __future__ import annotations

import argparse
import sys
import threading
from typing import Any


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pyttsx3_say")
    parser.add_argument("--rate", type=int, default=None)
    parser.add_argument("--voice", default=None)
    parser.add_argument("--save", default=None, help="write a WAV file instead of playing")
    args = parser.parse_args(argv)
    text = sys.stdin.read()
    if not text.strip():
        return 0
    try:
        import pyttsx3  # type: ignore[import-untyped]

        engine = pyttsx3.init()
        if args.rate is not None:
            engine.setProperty("rate", args.rate)
        if args.voice:
            if not _has_voice(engine, args.voice):  # pyttsx3 ignores a voice it lacks, silently
                print(f"error: pyttsx3 has no voice {args.voice}", file=sys.stderr)
                return 5
            engine.setProperty("voice", args.voice)
        finished = threading.Event()
        engine.connect("finished-utterance", lambda **_event: finished.set())
        if args.save:
            engine.save_to_file(text, args.save)  # prints "Audio saved to ..." (to our pipe)
        else:
            engine.say(text)
        engine.runAndWait()
        # pyttsx3 2.99's espeak driver synthesises in espeak's own thread, and runAndWait can
        # return before that thread has written the file or played the sound (the queued
        # endLoop runs first). Wait for the utterance to finish for real.
        if not finished.wait(max(10.0, 0.2 * len(text))):
            print("error: pyttsx3 did not finish the utterance", file=sys.stderr)
            return 4
    except Exception as exc:  # noqa: BLE001 - reported to the parent through stderr and rc
        print(f"error: pyttsx3 failed: {exc}", file=sys.stderr)
        return 3
    return 0


def _has_voice(engine: Any, wanted: str) -> bool:
    """Whether ``engine`` knows the voice ``wanted``: by its id (``gmw/en-us``), the id's last
    part (``en-us``, as espeak-ng names it) or its name, in any case."""
    key = wanted.lower()
    for voice in engine.getProperty("voices") or []:
        ident, name = str(voice.id).lower(), str(getattr(voice, "name", "")).lower()
        if key in (ident, ident.rsplit("/", 1)[-1], name):
            return True
    return False


if __name__ == "__main__":
    sys.exit(main())
