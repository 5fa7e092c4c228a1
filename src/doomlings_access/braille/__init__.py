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

TYPE_CHECKING = False
if TYPE_CHECKING:
    from doomlings_access.braille.louis import LiblouisMissing, available


def __getattr__(name: str) -> object:
    """liblouis's wrapper is imported when first asked for, not with the label functions."""
    if name in ("LiblouisMissing", "available"):
        from doomlings_access.braille import louis

        return getattr(louis, name)
    raise AttributeError(f"module 'doomlings_access.braille' has no attribute {name!r}")

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
