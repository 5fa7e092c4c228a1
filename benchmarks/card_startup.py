"""How long ``doomlings card Tiny`` takes, as a multiple of a bare Python start.

Figures, not assertions (``make bench``). The two commands run in turn, A B A B ..., and the
ratio is taken pair by pair, so a machine whose speed drifts during the run still gives a fair
figure; the median is quoted. Issue 14's goal: 4 times a bare start or less.

    python benchmarks/card_startup.py [--runs 20]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path


def doomlings() -> list[str]:
    script = Path(sys.executable).with_name("doomlings")
    return [str(script)] if script.exists() else [sys.executable, "-m", "doomlings_access"]


def wall(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="counted pairs (default 20)")
    args = parser.parse_args()
    card = [*doomlings(), "card", "Tiny"]
    bare = [sys.executable, "-c", "pass"]
    wall(card)  # warm-up: the look-up index and the bytecode are written once
    wall(bare)
    pairs = [(wall(card), wall(bare)) for _ in range(args.runs)]
    ratios = [a / b for a, b in pairs]
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {args.runs} pairs")
    print(f"doomlings card Tiny: median {statistics.median(a for a, _ in pairs) * 1000:.1f} ms")
    print(f"bare python start:   median {statistics.median(b for _, b in pairs) * 1000:.1f} ms")
    print(
        f"ratio: median {statistics.median(ratios):.2f}, "
        f"min {min(ratios):.2f}, max {max(ratios):.2f} (goal: 4 or less)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
