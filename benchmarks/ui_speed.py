"""Benchmark: how fast the game answers at a real terminal (issue 4, "How it is shown").

Prints figures; asserts nothing. Run with ``.venv/bin/python benchmarks/ui_speed.py``.

1. Start-up: the time from process start to the first prompt ("Choose 1 to"), with --plain,
   through a pexpect pseudo-terminal; median and max over 10 runs (target: under 300 ms).
   The same for the prompt_toolkit mode, for comparison.
2. Computer turns: over a whole game (seed 7, three players, one person answering 1), the time
   from sending Enter to the next announcement of a computer player's action ("Otto plays
   ..."), whenever a computer's turn follows (target: under 100 ms per decision). Also the
   time from Enter to the next prompt, and that time divided by the computer turns in between.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pexpect

GAME_ARGS = ["play", "--players", "3", "--humans", "1", "--speech", "off"]
PROMPT = r"Choose 1 to \d+, or h for help: "


def game_command() -> list[str]:
    script = Path(sys.executable).with_name("doomlings")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "doomlings_access"]


def environment(home: str) -> dict[str, str]:
    dropped = ("NO_COLOR", "DOOMLINGS_PLAIN", "TMUX")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update(
        TERM="xterm-256color", LANG="C.UTF-8", HOME=home, PROMPT_TOOLKIT_NO_CPR="1",
        DOOMLINGS_CONFIG_DIR=os.path.join(home, "config"),
        DOOMLINGS_DATA_DIR=os.path.join(home, "data"),
    )
    return env


def spawn(home: str, seed: int, plain: bool) -> pexpect.spawn:
    command = game_command()
    args = command[1:] + GAME_ARGS + ["--seed", str(seed)] + (["--plain"] if plain else [])
    child = pexpect.spawn(command[0], args, env=environment(home), dimensions=(24, 80),
                          encoding="utf-8", codec_errors="replace", timeout=10, cwd=home)
    child.delaybeforesend = None
    return child


def leave(child: pexpect.spawn) -> None:
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()


def startup_times(home: str, runs: int, plain: bool) -> list[float]:
    """Milliseconds from spawning the process to the first prompt, one per run."""
    times = []
    for run in range(runs):
        start = time.perf_counter()
        child = spawn(home, 7 + run, plain)
        child.expect("Choose 1 to")
        times.append((time.perf_counter() - start) * 1000)
        leave(child)
    return times


def computer_turn_times(home: str, seed: int) -> tuple[list[float], list[tuple[float, int]], int]:
    """Over one game: Enter to the first computer action line (ms), Enter to the next prompt
    (ms, and how many computer turns were announced on the way), and answers given."""
    child = spawn(home, seed, plain=True)
    child.expect(PROMPT)
    opening = child.before.replace("\r\n", "\n")
    found = re.search(r"^New game: (.+?)\.(?: You go first\.)?$", opening, re.MULTILINE)
    names = re.split(r", | and ", found.group(1) if found else "")
    computers = [n for n in names if n and n != "You"]
    who = "|".join(map(re.escape, computers))
    action = re.compile(rf"^(?:{who}) (?!is dealt)")  # "Otto plays ...", not "Otto's turn."
    turn = re.compile(rf"^(?:{who})'s turn\.$")

    to_action: list[float] = []
    to_prompt: list[tuple[float, int]] = []
    answers = 0
    while True:
        start = time.perf_counter()
        child.sendline("1")
        answers += 1
        first: float | None = None
        turns = 0
        while True:
            which = child.expect([r"\r\n", PROMPT, pexpect.EOF], timeout=10)
            now = (time.perf_counter() - start) * 1000
            if which == 0:
                if turn.match(child.before):
                    turns += 1
                elif first is None and action.match(child.before):
                    first = now
                continue
            break
        if first is not None:
            to_action.append(first)
            to_prompt.append((now, turns))
        if which == 2:
            break
    child.close()
    return to_action, to_prompt, answers


def figures(name: str, values: list[float], target: float | None = None) -> str:
    if not values:
        return f"{name}: no samples"
    line = (f"{name}: median {statistics.median(values):.1f} ms, max {max(values):.1f} ms, "
            f"min {min(values):.1f} ms over {len(values)}")
    if target is not None:
        verdict = "within" if statistics.median(values) < target else "OVER"
        line += f" (target under {target:.0f} ms: median {verdict})"
    return line


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="start-up runs (default 10)")
    parser.add_argument("--seeds", default="7", help="games for the computer turns, e.g. 7,8,9")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="doomlings-bench-") as home:
        startup_times(home, 1, True)  # warm the file cache once, not counted
        startup_times(home, 1, False)
        print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, "
              f"{' '.join(game_command())}")
        for label, plain in (("--plain", True), ("prompt_toolkit", False)):
            times = startup_times(home, args.runs, plain)
            print(figures(f"Start to first prompt, {label}", times, 300))

        to_action: list[float] = []
        to_prompt: list[tuple[float, int]] = []
        answers = 0
        for seed in (int(s) for s in args.seeds.split(",")):
            a, p, n = computer_turn_times(home, seed)
            to_action += a
            to_prompt += p
            answers += n
        print(f"Games with seeds {args.seeds}: {answers} answers, "
              f"{len(to_action)} followed by computer turns")
        print(figures("Enter to first computer action", to_action, 100))
        print(figures("Enter to next prompt", [t for t, _ in to_prompt]))
        per_turn = [t / n for t, n in to_prompt if n]
        print(figures("Enter to next prompt, per computer turn", per_turn, 100))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
