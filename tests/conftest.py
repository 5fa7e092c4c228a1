import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

# The card caches (parse cache, look-up index) go to a folder of this test run, never to the
# user's own cache: tests read nothing outside the checkout and /work/shared. Child processes
# inherit it.
_CACHE = tempfile.TemporaryDirectory(prefix="doomlings-test-cache-")
os.environ["DOOMLINGS_CACHE_DIR"] = _CACHE.name
