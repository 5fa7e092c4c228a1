"""Braille: deck labels in Nemeth cells, liblouis from the system, and the reference files.

Importing this package is cheap: the label functions need no liblouis, liblouis is loaded on
first use, and the reference files (``doomlings_access.braille.reference``) are imported only
when asked for.
"""

from doomlings_access.braille.labels import (
    DEFAULT_NUMERIC_INDICATOR,
    LabelError,
    brf_to_label,
    is_braille,
    label_to_brf,
    label_to_unicode,
    unicode_to_label,
)
from doomlings_access.braille.louis import LiblouisMissing, available

__all__ = [
    "DEFAULT_NUMERIC_INDICATOR",
    "LabelError",
    "LiblouisMissing",
    "available",
    "brf_to_label",
    "is_braille",
    "label_to_brf",
    "label_to_unicode",
    "unicode_to_label",
]
