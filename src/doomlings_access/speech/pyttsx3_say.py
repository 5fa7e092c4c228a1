"""Say one utterance with pyttsx3, in a process of its own.

Run as ``python -m doomlings_access.speech.pyttsx3_say [--rate N] [--voice V]`` with the text
on standard input. A separate process gives the tts speaker what pyttsx3 cannot give in-process:
real interruption (the process group is terminated, including the ``aplay`` child that pyttsx3's
espeak driver starts on Linux), a time limit, and no library output on the game's terminal.
pyttsx3 2.99 speaks only one utterance per ``runAndWait``, so this says exactly one.
"""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pyttsx3_say")
    parser.add_argument("--rate", type=int, default=None)
    parser.add_argument("--voice", default=None)
    args = parser.parse_args(argv)
    text = sys.stdin.read()
    if not text.strip():
        return 0
    try:
        import pyttsx3

        engine = pyttsx3.init()
        if args.rate is not None:
            engine.setProperty("rate", args.rate)
        if args.voice:
            engine.setProperty("voice", args.voice)
        engine.say(text)
        engine.runAndWait()
    except Exception as exc:  # noqa: BLE001 - reported to the parent through stderr and rc
        print(f"error: pyttsx3 failed: {exc}", file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
