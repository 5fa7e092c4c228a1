"""How long ``doomlings card Tiny`` takes, as a multiple of a bare Python start.

Figures, not assertions (``make bench``). The two commands run in turn, A B A B ..., and the
ratio is taken pair by pair, so a machine whose speed drifts during the run still gives a fair
figure; the median is quoted, in wall time and in processor time (the machine may be shared:
processor time is the steadier). Issue 14's goal: 4 times a bare start or less.

Both start as a player's do, from compiled bytecode: it is kept in the virtual environment's
``pycache`` folder (as ``make test`` keeps it), even where ``PYTHONDONTWRITEBYTECODE`` is set,
where every start would otherwise compile the package's modules again (a start no player has).

    python benchmarks/card_startup.py [--runs 20]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path


def doomlings() -> list[str]:
    script = Path(sys.executable).with_name("doomlings")
    return [str(script)] if script.exists() else [sys.executable, "-m", "doomlings_access"]


def environment() -> dict[str, str]:
    """The commands' environment: bytecode written once and read after (see above)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(Path(sys.prefix) / "pycache")
    return env


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and processor (user and system) seconds of one run of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="counted pairs (default 20)")
    args = parser.parse_args()
    card = [*doomlings(), "card", "Tiny"]
    bare = [sys.executable, "-c", "pass"]
    env = environment()
    timed(card, env)  # warm-up: the look-up index and the bytecode are written once
    timed(bare, env)
    pairs = [(timed(card, env), timed(bare, env)) for _ in range(args.runs)]
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {args.runs} pairs")
    for n, what in enumerate(("wall time", "processor time")):
        ratios = [a[n] / b[n] for a, b in pairs]
        print(
            f"{what}: doomlings card Tiny {statistics.median(a[n] for a, _ in pairs) * 1000:.1f} ms, "
            f"bare python {statistics.median(b[n] for _, b in pairs) * 1000:.1f} ms (medians); "
            f"ratio: median {statistics.median(ratios):.2f}, min {min(ratios):.2f}, "
            f"max {max(ratios):.2f} (goal: 4 or less)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
