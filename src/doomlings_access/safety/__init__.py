"""Defences every layer shares against hostile or unlucky input: text, files, locks, leftovers.

Everything from outside the program (names, typed lines, save, score, settings and cache
files) is hostile until checked. These modules import nothing from the rules, the computer
players or the interface, so the card loader, the saves, the scorer and the prompt can all use
the same checks:

- :mod:`.text`: the one sanitiser for anything printed, spoken or logged, name checks and
  bounded number parsing;
- :mod:`.files`: bounded reading (regular files only, size, nesting and digit caps) and
  exclusive, link-proof atomic writing;
- :mod:`.lock`: one game per save, with the holder's process id and stale locks detected;
- :mod:`.tidy`: removing our own old leftovers (temporary, broken and stale files) safely.
"""
