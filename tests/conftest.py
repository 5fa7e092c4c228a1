import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

_CACHE = tempfile.mkdtemp(prefix="doomlings-test-cache-")


def pytest_configure(config):  # type: ignore[no-untyped-def]
    """The card cache of this test run (in-process and in every child command) lives in a
    folder of its own, never in the user's home."""
    os.environ.setdefault("DOOMLINGS_CACHE_DIR", _CACHE)


def pytest_unconfigure(config):  # type: ignore[no-untyped-def]
    shutil.rmtree(_CACHE, ignore_errors=True)
