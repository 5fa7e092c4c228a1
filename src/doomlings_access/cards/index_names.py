"""The look-up index's file names and format, known to the index that writes them and to the
card loader that tidies the cache folder they share (a module of their own: the index starts
quickly without the loader)."""

from __future__ import annotations

import re

FORMAT = 1
INDEX_NAME = re.compile(r"index-(?:retail|first)-[0-9a-f]{8}\.json")
"""Names of index files (one per edition and key); older ones are removed after a while."""
