"""Bounded reading and link-proof atomic writing: the only way the program touches its files.

Reading: only regular files are opened (a FIFO would block for ever, ``/dev/zero`` never ends),
at most a given number of bytes is read, and parsed JSON or TOML may not nest deeper than
:data:`MAX_DEPTH` nor hold integers longer than :data:`MAX_INT_DIGITS` digits, so a hostile
file gives one clear error instead of a hang, a crash or a recursion error.

Writing: the data goes to a new temporary file created exclusively (``O_EXCL``, no link
followed) beside the target, is flushed and synced, then renamed over the target; a target
that is a link, a device, a FIFO or a folder is refused. A planted link is never written
through, and a kill at any moment leaves the old file or the new one, never half of one.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
from contextlib import suppress
from pathlib import Path
from typing import Any

from doomlings_access.safety.text import shown

MAX_DEPTH = 32
"""Deepest nesting of lists and objects in any file we read (ours need 6)."""
MAX_INT_DIGITS = 40
"""Most digits of an integer in any file we read (a seed needs 20)."""

_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_O_BINARY = getattr(os, "O_BINARY", 0)



def temp_names(names: re.Pattern[str]) -> re.Pattern[str]:
    """Names of the temporary files :func:`write_atomic` makes for targets named by
    ``names`` (for tidying up after a kill): only the temporary files of our own names, so
    that a player's ``.notes.0123456789abcdef.tmp`` is never taken for one."""
    return re.compile(r"\.(?:" + names.pattern + r")\.[0-9a-f]{16}\.tmp")


class FileRefused(ValueError):
    """A file we will not read or write; ``why`` says what is wrong in a few words."""

    def __init__(self, path: Path | str, why: str) -> None:
        super().__init__(f"{shown(str(path), 300)}: {why}")
        self.path, self.why = Path(path), why


class Unreadable(FileRefused):
    """The file could not be read at all (not a regular file, no permission, an I/O error):
    nothing is known about its contents, so it is never treated as broken."""


def reason(exc: OSError | FileRefused) -> str:
    """Why a file operation failed, in a few words: what we refused, or what the system said."""
    if isinstance(exc, FileRefused):
        return exc.why
    return exc.strerror or str(exc)


def kind_of(mode: int) -> str:
    """What a file is, in words, from its ``st_mode``."""
    if stat.S_ISREG(mode):
        return "a regular file"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISLNK(mode):
        return "a link"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _cannot(path: Path, action: str, exc: OSError) -> Unreadable:
    if exc.errno == errno.ELOOP:
        return Unreadable(path, "is a link, and links are not followed here")
    return Unreadable(path, f"cannot be {action} ({exc.strerror or exc})")


def read_bounded(path: Path, limit: int, *, follow_links: bool = True) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes.

    Raises FileNotFoundError when nothing is there (often not an error for the caller),
    :class:`FileRefused` when it is too large, and :class:`Unreadable` when it is not a regular
    file (checked before opening, so a FIFO or device is never opened), cannot be read, or is
    a link and ``follow_links`` is false.
    """
    try:
        st = os.stat(path, follow_symlinks=follow_links)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise _cannot(path, "read", exc) from None
    if not stat.S_ISREG(st.st_mode):
        raise Unreadable(path, f"is {kind_of(st.st_mode)}, not a regular file")
    flags = os.O_RDONLY | _O_NONBLOCK | _O_CLOEXEC | _O_BINARY | (0 if follow_links else _O_NOFOLLOW)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise _cannot(path, "read", exc) from None
    try:
        st = os.fstat(fd)  # what was opened, which may have been swapped since the check
        if not stat.S_ISREG(st.st_mode):
            raise Unreadable(path, f"is {kind_of(st.st_mode)}, not a regular file")
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 16, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise FileRefused(path, f"is too large (more than {limit:,} bytes)")
        return b"".join(chunks)
    except OSError as exc:
        raise _cannot(path, "read", exc) from None
    finally:
        os.close(fd)


def decode(raw: bytes, path: Path) -> str:
    """UTF-8 text (a byte order mark is allowed), or :class:`FileRefused`."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileRefused(path, "is not UTF-8 text (corrupted)") from None


# --- JSON ------------------------------------------------------------------------------------

_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
"""A string, or an unterminated one to the end of the text: a pattern that fails at the end
rescans from every later quote, and a file of quotes took time growing with its size squared."""
_JSON_BRACKETS = re.compile(r"[\[\]{}]")


def _too_deep(brackets: list[str], limit: int) -> bool:
    depth = 0
    for ch in brackets:
        if ch in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


class _Fault:
    """What a parser hook found wrong, left in the tree in place of the value: the hook cannot
    know where in the file it is, and the error must name the field ("players[0].gene_pool")."""

    __slots__ = ("why",)

    def __init__(self, why: str) -> None:
        self.why = why


def _bounded_int(text: str) -> int | _Fault:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        return _Fault(f"has a number with more than {MAX_INT_DIGITS} digits")
    return int(text)


def _finite_float(text: str) -> float | _Fault:
    value = float(text)
    if math.isnan(value):
        return _Fault(f"has {text}, which is not a number")
    return value if math.isfinite(value) else _Fault("has a number too large to use")


def _no_constant(text: str) -> _Fault:
    return _Fault(f"has {text}, which is not a number JSON allows")


def _one_of_each(pairs: list[tuple[str, Any]]) -> dict[str, Any] | _Fault:
    """An object, refused when it names a key twice (the last silently won: a second
    "traits" replaced the first, a second answer for Sentience changed a score)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            return _Fault(f"has the key '{shown(key, 40)}' twice in one object")
        out[key] = value
    return out


def _field(parent: str, key: str | int) -> str:
    """A field's name as the errors of every file give it: ``players[0].gene_pool``."""
    if isinstance(key, int):
        return f"{parent}[{key}]"
    name = shown(key, 40)
    return f"{parent}.{name}" if parent else name


def _check_tree(data: Any, path: Path, depth: int) -> None:
    """Refuse the first fault in reading order, naming its field: a value a parser hook
    marked, nesting deeper than ``depth`` (TOML's dotted keys nest without brackets) or an
    integer with too many digits."""
    stack: list[tuple[Any, str, int]] = [(data, "", 1)]
    big = 10**MAX_INT_DIGITS
    while stack:
        item, field, level = stack.pop()
        why = None
        if isinstance(item, _Fault):
            why = item.why
        elif isinstance(item, int) and not -big < item < big:
            why = f"has a number with more than {MAX_INT_DIGITS} digits"
        elif isinstance(item, (dict, list)) and level > depth:
            why = f"is nested more than {depth} levels deep"
        if why is not None:
            raise FileRefused(path, f"{field}: {why}" if field else why)
        if isinstance(item, (dict, list)):
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            stack.extend(reversed([(child, _field(field, key), level + 1) for key, child in pairs]))


_CUT_WORD = re.compile(r"t(?:r(?:ue?)?)?|f(?:a(?:l(?:se?)?)?)?|n(?:u(?:ll?)?)?|-?[0-9]+(?:[.][0-9]*)?(?:[eE][-+]?[0-9]*)?|-")
"""The beginning of a JSON word or number: what is left where a file cut short ends inside one."""


def parse_json(raw: bytes, path: Path, depth: int = MAX_DEPTH) -> Any:
    """Parse JSON bytes with the nesting and digit caps; :class:`FileRefused` says why not."""
    text = decode(raw, path)
    if not text.strip():
        raise FileRefused(path, "is empty, so not valid JSON")
    if _too_deep(_JSON_BRACKETS.findall(_JSON_STRING.sub("", text)), depth):
        raise FileRefused(path, f"is nested more than {depth} levels deep")
    faults = 0

    def counted(hook: Any) -> Any:
        def hooked(arg: Any) -> Any:
            nonlocal faults
            value = hook(arg)
            faults += isinstance(value, _Fault)
            return value

        return hooked

    try:
        data = json.loads(
            text, parse_int=counted(_bounded_int), parse_float=counted(_finite_float),
            parse_constant=counted(_no_constant), object_pairs_hook=counted(_one_of_each),
        )
    except json.JSONDecodeError as exc:
        # A string still open at the end is reported where it began, far from the end; a word
        # or number cut off at the end (`fal`, `12.`) where it began.
        truncated = (
            exc.pos >= len(text.rstrip()) - 1 or exc.msg.startswith("Unterminated string")
            or _CUT_WORD.fullmatch(text[exc.pos:].rstrip()) is not None
        )
        why = "is cut short (truncated), so not valid JSON" if truncated else "is not valid JSON"
        raise FileRefused(path, f"{why}: line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:  # unreachable after the depth check; kept as a last line of defence
        raise FileRefused(path, f"is nested more than {depth} levels deep") from None
    if faults:  # the walk that names the field is paid only by a file at fault
        _check_tree(data, path, depth)
    return data


def load_json(path: Path, limit: int, depth: int = MAX_DEPTH) -> Any:
    """Read and parse a bounded JSON file (FileNotFoundError when missing)."""
    return parse_json(read_bounded(path, limit), path, depth)


def load_named_json(path: Path, limit: int) -> Any:
    """:func:`load_json` for a file the player named on the command line: a missing one is
    refused like any other (``why`` says so), so the caller has one error to turn into its
    own one-line message."""
    try:
        return load_json(path, limit)
    except FileNotFoundError:
        raise Unreadable(path, "cannot read: no such file") from None


# --- TOML ------------------------------------------------------------------------------------

_TOML_SKIP = re.compile(
    r'"""[\s\S]*?(?:"""|\Z)|' r"'''[\s\S]*?(?:'''|\Z)|"
    r'"[^"\\\n]*(?:\\.[^"\\\n]*)*(?:"|\\?(?=\n)|\\?\Z)|' r"'[^'\n]*(?:'|(?=\n)|\Z)|#[^\n]*"
)
"""Strings and comments, each unterminated one taken to the end of its line or of the text
(linear time, as :data:`_JSON_STRING`)."""


_TOML_LONG_INTEGER = re.compile(
    f"({_TOML_SKIP.pattern})|(?<![\\w.+-])[+-]?[0-9][0-9_]{{{MAX_INT_DIGITS},}}(?![\\w.])"
)
"""A string or comment (kept), or an integer longer than :data:`MAX_INT_DIGITS` digits."""

_TOML_HEADER = re.compile(r"\s*\[\[?[^\[\]=,]*\]\]?\s*")


def _dotted_too_deep(stripped: str, depth: int) -> bool:
    """A dotted key nests without brackets (``a.b.c = 1``), and the standard parser takes
    time that grows much faster than the key's length: count the parts before parsing."""
    for line in stripped.splitlines():
        if "=" in line:
            key = line.split("=", 1)[0]
        elif _TOML_HEADER.fullmatch(line):
            key = line
        else:
            continue
        if key.count(".") >= depth:
            return True
    return False


def parse_toml(raw: bytes, path: Path, depth: int = MAX_DEPTH) -> dict[str, Any]:
    """Parse TOML bytes with the nesting and digit caps; :class:`FileRefused` says why not."""
    import tomllib  # here, not at the top: most commands never read TOML

    text = decode(raw, path)
    stripped = _TOML_SKIP.sub("", text)
    if _too_deep(_JSON_BRACKETS.findall(stripped), depth) or _dotted_too_deep(stripped, depth):
        raise FileRefused(path, f"is nested more than {depth} levels deep")
    try:
        data = tomllib.loads(text, parse_float=_finite_float)
    except tomllib.TOMLDecodeError as exc:
        raise FileRefused(path, f"is not valid TOML ({shown(str(exc), 120)})") from None
    except ValueError:  # an integer beyond Python's 4,300-digit conversion limit
        data = _with_long_integers_marked(text, tomllib.loads)
    except RecursionError:
        raise FileRefused(path, f"is nested more than {depth} levels deep") from None
    _check_tree(data, path, depth)
    return data


def _with_long_integers_marked(text: str, loads: Any) -> Any:
    """The TOML parsed with each integer too long for Python to convert replaced by a fault,
    so that :func:`_check_tree` names its field (``tomllib`` has no hook for integers). Only a
    file at fault comes here."""
    mark = f"long-integer-{os.urandom(8).hex()}"  # a string no file holds by chance
    fault = _Fault(f"has a number with more than {MAX_INT_DIGITS} digits")
    try:
        data = loads(
            _TOML_LONG_INTEGER.sub(lambda found: found[1] or f'"{mark}"', text),
            parse_float=_finite_float,
        )
    except ValueError:  # where a string cannot stand, as a bare key
        return fault
    return _replaced(data, mark, fault)


def _replaced(item: Any, mark: str, fault: _Fault) -> Any:
    """``item`` with every string equal to ``mark`` replaced by ``fault``."""
    if isinstance(item, dict):
        return {key: _replaced(value, mark, fault) for key, value in item.items()}
    if isinstance(item, list):
        return [_replaced(value, mark, fault) for value in item]
    return fault if item == mark else item


def load_toml(path: Path, limit: int, depth: int = MAX_DEPTH) -> dict[str, Any]:
    """Read and parse a bounded TOML file (FileNotFoundError when missing)."""
    return parse_toml(read_bounded(path, limit), path, depth)


# --- writing ---------------------------------------------------------------------------------


def check_target(path: Path) -> None:
    """:class:`FileRefused` unless ``path`` is absent or a regular file (never a link)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise _cannot(path, "written", exc) from None
    if not stat.S_ISREG(st.st_mode):
        raise FileRefused(path, f"is {kind_of(st.st_mode)}, not a regular file; it is not overwritten")


def _sync_folder(folder: Path) -> None:
    """Make a rename durable (not possible, and not needed, on every system)."""
    try:
        fd = os.open(folder, os.O_RDONLY | _O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes, *, make_folder: bool = False, durable: bool = True) -> None:
    """Replace ``path`` with ``data`` atomically, through an exclusive temporary file beside it.

    Raises :class:`FileRefused` when the target is not a regular file (or the folder is
    missing and ``make_folder`` is false), and OSError when the disk refuses (full, read
    only, no permission). The temporary file never outlives a failure of this process.
    """
    folder = path.parent
    if make_folder:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise FileRefused(folder, "is not a folder") from None
    elif not folder.is_dir():
        raise FileRefused(folder, "is not an existing folder")
    check_target(path)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW | _O_CLOEXEC | _O_BINARY
    for _ in range(16):
        tmp = folder / f".{path.name[:180]}.{os.urandom(8).hex()}.tmp"
        try:
            fd = os.open(tmp, flags, 0o666)
            break
        except FileExistsError:
            continue
    else:
        raise FileRefused(path, "no temporary file could be made beside it")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            if durable:
                os.fsync(fh.fileno())
        check_target(path)  # again, right before the rename: it may have been swapped
        os.replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    if durable:
        _sync_folder(folder)


def is_own_regular_file(path: Path) -> bool:
    """A regular file (not a link) owned by the user running the game: the only kind of file
    the game ever renames or removes."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    if not stat.S_ISREG(st.st_mode):
        return False
    getuid = getattr(os, "getuid", None)
    return getuid is None or st.st_uid == getuid()
