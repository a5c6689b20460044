"""The journal's lines: the format (JSON Lines with a CRC-32 per line), its
errors, and reading a journal file without changing it
(:mod:`firmware.runtime.journal` has the whole story)."""
from __future__ import annotations

import json
import os
import re
import warnings
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from firmware.runtime.bounded_read import read_regular


FORMAT_VERSION = 2
#: Formats this reader understands.
READABLE_FORMATS = (1, 2)
#: A journal larger than this is refused (a 1,000-action game is ~100 kB).
MAX_JOURNAL_BYTES = 64 * 1024 * 1024
#: A line longer than this is refused (actions are well under 4 kB).
MAX_LINE_BYTES = 1024 * 1024
#: JSON nesting deeper than this is refused (actions nest 4 levels at most).
MAX_DEPTH = 64

_CRC_SUFFIX = re.compile(rb'"crc":"([0-9a-f]{8})"\}\Z')
_CRC_ANYWHERE = re.compile(rb'"crc":"[0-9a-f]{8}"\}')
_FAMILY = re.compile(r"^(?P<root>.+?)(?:\.resumed-(?P<k>\d+))?$")


class JournalError(ValueError):
    """A journal file is unreadable or corrupt; the message names the file
    and the line.  The file is left untouched."""


class JournalLocked(JournalError):
    """Another cabinet process is writing this journal (it holds the lock)."""


class JournalWriteError(JournalError, OSError):
    """An action could not be written (disk full, I/O error).  The message
    names the journal, the errno and the fix.  The action is kept in memory
    and written by :meth:`JournalWriter.flush` once the disk allows it."""


class TruncatedJournalWarning(UserWarning):
    """The journal's last line was cut off (power cut mid-write) and was
    dropped."""


@dataclass
class JournalContents:
    """What a journal holds.

    Attributes:
        header: the header dict (game, num_players, seed, options).
        actions: the applied actions, in order.
        truncated: True if a cut-off last line was dropped.
        version: the file format (1 or 2).
        needs_copy: True if going on must write a resume copy (cut-off or
            unterminated last line, trailing blank lines, format 1) rather
            than append to the file as it is.
    """
    header: dict[str, Any]
    actions: list[dict[str, Any]] = field(default_factory=list)
    truncated: bool = False
    version: int = FORMAT_VERSION
    needs_copy: bool = False
    #: cabinet notes ``(actions before it, note)``, in file order
    notes: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    #: what was ignored at the end of the file, in words ("" if nothing)
    tail_note: str = ""

    def lines(self) -> list[dict[str, Any]]:
        """Actions and notes in file order."""
        out: list[dict[str, Any]] = []
        notes = iter(self.notes)
        nxt = next(notes, None)
        for i, action in enumerate(self.actions + [None]):
            while nxt is not None and nxt[0] <= i:
                out.append(nxt[1])
                nxt = next(notes, None)
            if action is not None:
                out.append(action)
        return out


# ------------------------------------------------------------------ lines
def encode_line(item: dict[str, Any]) -> bytes:
    """One journal line (with its ``crc`` member and the newline) for
    ``item``.

    Raises:
        ValueError: ``item`` is not a JSON object, or has a ``crc`` key.
    """
    if not isinstance(item, dict) or "crc" in item:
        raise ValueError(f"a journal line must be a dict without a 'crc' key, got {item!r}")
    body = json.dumps(item, separators=(",", ":"), sort_keys=True, allow_nan=False).encode("ascii")
    crc = f'"crc":"{zlib.crc32(body):08x}"}}'.encode("ascii")
    return body[:-1] + (b"," if len(body) > 2 else b"") + crc + b"\n"


def _depth_ok(raw: bytes) -> bool:
    """True if the JSON text nests no deeper than :data:`MAX_DEPTH` (a
    bracket count outside strings; cheap and never recursive)."""
    depth = 0
    in_str = esc = False
    for b in raw:
        if in_str:
            if esc:
                esc = False
            elif b == 0x5C:      # backslash
                esc = True
            elif b == 0x22:      # quote
                in_str = False
        elif b == 0x22:
            in_str = True
        elif b in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > MAX_DEPTH:
                return False
        elif b in (0x5D, 0x7D):
            depth -= 1
    return True


def _loads(raw: bytes) -> Any:
    if len(raw) > MAX_LINE_BYTES:
        raise ValueError(f"the line is {len(raw)} bytes long (at most {MAX_LINE_BYTES})")
    if not _depth_ok(raw):
        raise ValueError(f"JSON nested deeper than {MAX_DEPTH} levels")
    return json.loads(raw.decode("utf-8"))


def decode_line(raw: bytes, version: int) -> dict[str, Any]:
    """The dict of one journal line (without its newline).

    Raises:
        ValueError: not a JSON object, or (format 2) no ``crc`` member or
            a CRC-32 that does not match: the line was damaged.
    """
    if version >= 2:
        m = _CRC_SUFFIX.search(raw)
        if m is None:
            raise ValueError("no checksum at the end of the line")
        prefix = raw[:m.start()]
        if prefix == b"{":
            body = b"{}"
        elif prefix.endswith(b",") and prefix.startswith(b"{"):
            body = prefix[:-1] + b"}"
        else:
            raise ValueError("the checksum is not the line's last member")
        if f"{zlib.crc32(body):08x}".encode() != m.group(1):
            raise ValueError("checksum mismatch: the line was damaged")
        raw = body
    item = _loads(raw)
    if not isinstance(item, dict):
        raise ValueError("a journal line must be a JSON object")
    return item


# ---------------------------------------------------------------- reading
def _read_bytes(p: Path) -> bytes:
    """The file's bytes: a regular file of at most MAX_JOURNAL_BYTES."""
    def refuse(why: str, detail: object) -> JournalError:
        if why == "not a file":
            return JournalError(f"{p}: not a regular file, so not a journal; give the .jsonl file of a game")
        if why == "too large":
            return JournalError(f"{p}: {detail} bytes is far too large for a journal "
                                f"(at most {MAX_JOURNAL_BYTES}); give the .jsonl file of a game")
        return JournalError(f"{p}: cannot read the journal ({getattr(detail, 'strerror', None) or detail})")
    return read_regular(p, MAX_JOURNAL_BYTES, refuse)


def read(path: str | os.PathLike) -> JournalContents:
    """Read and check a journal file without touching it.

    Damage that runs to the end of the file (a power cut: the line being
    written cut off, zeros, 0xFF or stale disk blocks after the last whole
    line) keeps the longest valid prefix, with a
    :class:`TruncatedJournalWarning` saying so in words
    (:attr:`JournalContents.tail_note`); going on then writes a copy.

    Raises:
        JournalError: unreadable file, not a regular file, bad header, or a
            damaged line that is not at the end (whole lines that read
            cleanly follow it, or it is a whole last line whose bytes
            changed: a bit flip, not a power cut).
    """
    p = Path(path)
    data = _read_bytes(p)
    if not data:
        raise JournalError(f"{p}: the journal is empty (no header line)")
    lines = data.split(b"\n")
    ends_with_newline = lines[-1] == b""
    if ends_with_newline:
        lines.pop()
    needs_copy = not ends_with_newline
    while len(lines) > 1 and not lines[-1].strip():     # an editor's blank line(s) at the end
        lines.pop()
        ends_with_newline = needs_copy = True
    version = _header_version(p, lines[0])
    header = _parse_line(p, lines[0], 1, version, cut_off=False)
    if header.get("journal") != version or not isinstance(header.get("game"), str):
        raise JournalError(f"{p}: line 1 is not a cabinet journal header (format {FORMAT_VERSION})")
    for key, kind in (("num_players", int), ("seed", int), ("options", dict)):
        if not isinstance(header.get(key), kind) or isinstance(header.get(key), bool):
            raise JournalError(f"{p}: line 1: header field {key!r} is missing or not {kind.__name__}")
    contents = JournalContents(header=header, version=version, needs_copy=needs_copy or version < FORMAT_VERSION)
    kept = {lines[0]}
    for number, raw in enumerate(lines[1:], start=2):
        last = number == len(lines)
        try:
            item = decode_line(raw, version)
        except (ValueError, UnicodeDecodeError, RecursionError) as exc:
            item = _rescue_last(raw, version) if last and not ends_with_newline else None
            if item is None:
                _damaged_tail(p, lines, number, ends_with_newline, kept, version, exc, contents)
                break
            contents.tail_note = (f"{p}: the bytes after line {number} are not journal lines (a power cut "
                                  "while writing?) and are ignored; nothing before them is lost")
            contents.truncated = contents.needs_copy = True
            warnings.warn(contents.tail_note, TruncatedJournalWarning, stacklevel=2)
        kept.add(raw)
        if is_note(item):
            contents.notes.append((len(contents.actions), item))
        else:
            contents.actions.append(item)
    return contents


def _rescue_last(raw: bytes, version: int) -> dict[str, Any] | None:
    """A whole last line followed by junk and no newline (a power cut
    zeroed or changed the newline, or left zeros, 0xFF or stale bytes after
    it): the line itself if it reads cleanly, else None."""
    if version < 2:
        return None
    ends = [m.end() for m in _CRC_ANYWHERE.finditer(raw)]
    for end in reversed(ends):
        try:
            return decode_line(raw[:end], version)
        except (ValueError, UnicodeDecodeError, RecursionError):
            continue
    return None


def _damaged_tail(p: Path, lines: list[bytes], number: int, ends_with_newline: bool, kept: set[bytes],
                  version: int, exc: BaseException, contents: JournalContents) -> None:
    """Line ``number`` is damaged: accept it as a power-cut tail (record it
    in ``contents``, warn in words) or refuse the file.

    A power cut damages only the line being written and what lies after it
    in the file (zeros, 0xFF, stale blocks), never a line written before:
    the damage is a tail when no later line reads cleanly (except exact
    copies of lines kept, from stale blocks of this journal) and the file
    does not end with a newline-terminated line of printable bytes (a whole
    line written and later changed: a bit flip).

    Raises:
        JournalError: the damage is not a tail; the file was not changed.
    """
    rest = lines[number - 1:]
    refuse = JournalError(f"{p}: line {number} is damaged ({exc}); the file was not changed")
    if version < 2:
        if number == len(lines) and not ends_with_newline and _CRC_ANYWHERE.search(rest[0]) is None:
            contents.truncated = contents.needs_copy = True     # format 1: only a cut-off last line
            contents.tail_note = f"{p}: line {number} was cut off (power cut while writing?) and is ignored"
            warnings.warn(contents.tail_note, TruncatedJournalWarning, stacklevel=3)
            return
        raise refuse from exc
    for later in rest[1:]:
        if later in kept or not later.strip(b"\0\xff"):
            continue
        try:
            decode_line(later, version)
        except (ValueError, UnicodeDecodeError, RecursionError):
            continue
        raise refuse from exc                    # whole lines follow: damage in the middle
    tail = b"\n".join(rest)
    if ends_with_newline and b"\0" not in tail and b"\xff" not in tail:
        raise refuse from exc                    # a whole written line changed, not a power cut
    lost = len(tail) + (1 if ends_with_newline else 0)
    if number == len(lines) and not ends_with_newline and not tail.strip(b"\0\xff") == b"":
        what = f"line {number} was cut off (power cut while writing?) and is ignored"
    else:
        what = (f"the end of the file from line {number} on ({lost} bytes) is damaged (a power cut while "
                "writing?) and is ignored")
    contents.tail_note = (f"{p}: {what}; the game goes on from the {number - 2} lines before it, which read "
                          "cleanly, in a copy (this file is not changed)")
    contents.truncated = contents.needs_copy = True
    warnings.warn(contents.tail_note, TruncatedJournalWarning, stacklevel=3)


def is_note(item: dict[str, Any]) -> bool:
    """True for a cabinet note line (``note`` member, no ``type``): not an
    engine action."""
    return "note" in item and "type" not in item


def _header_version(p: Path, raw: bytes) -> int:
    """The format of a journal from its first line (2 if it carries a
    checksum, else 1; the header's ``journal`` field must then agree)."""
    return 2 if _CRC_ANYWHERE.search(raw) else 1


def _parse_line(p: Path, raw: bytes, number: int, version: int, cut_off: bool) -> dict[str, Any] | None:
    """One journal line as a dict; ``None`` for a last line that was cut
    off (no newline after it, and not a whole line).

    Raises:
        JournalError: the line is damaged.
    """
    try:
        return decode_line(raw, version)
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        whole = _CRC_ANYWHERE.search(raw) is not None if version >= 2 else False
        if cut_off and not whole:
            return None
        raise JournalError(f"{p}: line {number} is damaged ({exc}); the file was not changed") from exc
