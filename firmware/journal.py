"""The journal: a game saved as its seed, options and the actions applied.

File format (JSON Lines, ASCII): the first line is the header
``{"journal": 2, "game": ID, "num_players": N, "seed": S, "options": {...}}``;
every further line is one applied action (chance inputs and ticks included)
or a cabinet *note*: a line with a ``note`` member and no ``type`` (a dice
reading a seat contested, dice entered by hand; ruling CAB-6).  Replay
skips notes (the engine only ever got the accepted values); resume reads
them to restore the contest counts.
Every line is a JSON object whose last member is ``"crc":"xxxxxxxx"``: the
CRC-32 (8 lower-case hex digits) of the line's bytes without that member
(``{...}`` with sorted keys and no spaces, as written).  A CRC-32 detects
every 1-, 2- and 3-bit error and every burst up to 32 bits, so a flipped bit
anywhere in a line is refused rather than replayed.  Format 1 journals (no
``crc``) are still read; going on after one writes a format 2 continuation.

Writing: each line is written whole and fsynced before the game moves on,
so a power cut loses at most the action being written.  A file that resume
may choose is never visible half-written: a new journal and a resume copy
are written under a temporary name, fsynced, renamed to their final name,
and the folder is fsynced.  A journal being written is locked (``flock``,
exclusive) so that a second ``cabinet resume`` is refused instead of
interleaving its lines; the lock dies with the process, so a killed game
can be resumed at once.

Reading never modifies the file.  A last line cut off by a power cut (no
newline, and not a whole line) is dropped with a warning; a whole last line
that lost only its newline is kept; blank lines at the end (an editor's)
are ignored; any other damage is refused with :class:`JournalError` naming
the file and the line.

Resume copies: when a journal cannot be appended to as it is (a cut-off or
unterminated last line, trailing blank lines, format 1), going on writes
the valid lines to ``ROOT.resumed-K.jsonl`` beside it and keeps the damaged
original untouched.  The original and its copies form a *family*;
:func:`resolve` picks the member with the longest valid continuation
(most actions that read cleanly), never a partial copy.

Which game was played last is what the journals say, not file times (a Pi
has no real-time clock; after a power cut it may restart an hour in the
past): a new journal's header carries ``seq``, one more than any play
sequence number in its folder, and every resume appends a note
``{"note": "resumed", "seq": N}`` the same way (:func:`play_seq`).  The
header also carries the game's identity ``id``: the lock is on the game
(:func:`game_key`), so two resumes naming two copies of one game, even in
different folders, cannot both run.
"""
from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import re
import secrets
import stat
import tempfile
import warnings
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from engines import Game, IllegalAction, SetupError, new_game

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
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK)   # a FIFO must not block the open
    except OSError as exc:
        raise JournalError(f"{p}: cannot read the journal ({exc.strerror or exc})") from exc
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise JournalError(f"{p}: not a regular file, so not a journal; give the .jsonl file of a game")
        if st.st_size > MAX_JOURNAL_BYTES:
            raise JournalError(f"{p}: {st.st_size} bytes is far too large for a journal "
                               f"(at most {MAX_JOURNAL_BYTES}); give the .jsonl file of a game")
        with os.fdopen(os.dup(fd), "rb") as f:
            data = f.read(MAX_JOURNAL_BYTES + 1)
    except OSError as exc:
        raise JournalError(f"{p}: cannot read the journal ({exc.strerror or exc})") from exc
    finally:
        os.close(fd)
    if len(data) > MAX_JOURNAL_BYTES:
        raise JournalError(f"{p}: too large for a journal (more than {MAX_JOURNAL_BYTES} bytes)")
    return data


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


def replay(path: str | os.PathLike) -> tuple[Game, JournalContents]:
    """Rebuild a game by replaying its journal.

    Returns:
        ``(game, contents)``: the game in the state after the last action.

    Raises:
        JournalError: damaged file, unknown game, or an action the engine
            refuses on replay (named by line number).
    """
    contents = read(path)
    return replay_contents(path, contents), contents


def replay_contents(path: str | os.PathLike, contents: JournalContents) -> Game:
    """The game after replaying ``contents`` (read from ``path``).

    Raises:
        JournalError: the game cannot start or an action is refused.
    """
    h = contents.header
    try:
        game = new_game(h["game"], h["num_players"], h["seed"], h["options"])
    except (SetupError, KeyError, ValueError) as exc:
        raise JournalError(f"{path}: line 1: cannot start the game: {exc}") from exc
    for index, action in enumerate(contents.actions):
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise JournalError(f"{path}: line {index + 2}: the recorded action is illegal on replay ({exc}); "
                               "the journal does not match this engine version") from exc
        except Exception as exc:  # an engine bug must not turn a damaged line into a traceback
            raise JournalError(f"{path}: line {index + 2}: the engine failed on the recorded action "
                               f"({type(exc).__name__}: {exc}); the file was not changed") from exc
    return game


# ---------------------------------------------------------------- families
def family_root(path: str | os.PathLike) -> Path:
    """The original journal of ``path``'s family: ``G.resumed-2.jsonl`` ->
    ``G.jsonl``."""
    p = Path(path)
    m = _FAMILY.match(p.stem)
    return p.with_name(m.group("root") + p.suffix)


def family(path: str | os.PathLike) -> list[Path]:
    """The existing members of ``path``'s family: the original first, then
    its resume copies in order (temporary files never count)."""
    root = family_root(path)
    members = [root] if root.exists() else []
    copies = []
    for q in root.parent.glob(f"{glob_escape(root.stem)}.resumed-*{root.suffix}"):
        m = re.fullmatch(re.escape(root.stem) + r"\.resumed-(\d+)" + re.escape(root.suffix), q.name)
        if m:
            copies.append((int(m.group(1)), q))
    return members + [q for _, q in sorted(copies)]


def glob_escape(text: str) -> str:
    """``text`` with glob wildcards escaped."""
    return re.sub(r"([*?\[])", r"[\1]", text)


def _same_game(a: dict[str, Any], b: dict[str, Any]) -> bool:
    keys = ("game", "num_players", "seed", "options")
    return all(a.get(k) == b.get(k) for k in keys)


def resolve(path: str | os.PathLike) -> tuple[Path, JournalContents, Game]:
    """The member of ``path``'s family with the longest valid continuation:
    the most actions that read cleanly and replay, of the same game as the
    first readable member; on a tie the newest copy.  A copy that was never
    completed cannot be chosen (copies only get their name once whole).

    Returns:
        ``(chosen path, its contents, the replayed game)``.

    Raises:
        JournalError: no member reads and replays cleanly (the error of
            ``path`` itself when it has one).
    """
    p = Path(path)
    best: tuple[tuple[int, int], Path, JournalContents, Game] | None = None
    errors: dict[Path, JournalError] = {}
    reference: dict[str, Any] | None = None
    for order, member in enumerate(family(p) or [p]):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", TruncatedJournalWarning)
                contents = read(member)
            if reference is not None and not _same_game(reference, contents.header):
                continue
            game = replay_contents(member, contents)
        except JournalError as exc:
            errors[member] = exc
            continue
        reference = reference or contents.header
        key = (len(contents.actions), order)
        if best is None or key > best[0]:
            best = (key, member, contents, game)
    if best is None:
        raise errors.get(p) or next(iter(errors.values()))
    (count, order), chosen, contents, game = best
    members = family(p) or [p]
    newer = [m for m in members[order + 1:] if m in errors]
    if newer:   # never drop a newer copy silently for an older file
        raise JournalError(f"{errors[newer[0]]}. It is a resume copy newer than {chosen.name}, which holds "
                           f"{count} actions: resuming from that older save could lose the copy's later "
                           f"actions, so nothing was resumed. Move {newer[0].name} elsewhere to resume from "
                           f"{chosen.name}, or give --journal PATH") from errors[newer[0]]
    if contents.truncated:       # say it once, for the chosen file
        warnings.warn(contents.tail_note or f"{chosen}: line {len(contents.actions) + len(contents.notes) + 2} "
                      "was cut off (power cut while writing?) and is ignored", TruncatedJournalWarning, stacklevel=2)
    return chosen, contents, game


# ------------------------------------------------------- play sequence
_SEQ_LINE = re.compile(rb'"seq":(\d{1,18})')


def families_newest_first(folder: str | os.PathLike) -> list[tuple[Path, float]]:
    """The saved games in ``folder``, newest first, as (the family's
    original journal, the newest modification time of its files, s since
    the epoch).  Newest by what the journals say (their play sequence
    numbers, :func:`file_seq`: a Pi without a real-time clock may restart
    in the past after a power cut); file times only between journals that
    carry none.  A missing folder gives ``[]``."""
    newest: dict[Path, tuple[int, float]] = {}
    for path in Path(folder).glob("*.jsonl"):
        try:
            mtime = path.stat().st_mtime
        except OSError:
            continue
        root = family_root(path)
        seq, old = file_seq(path), newest.get(root, (0, mtime))
        newest[root] = (max(old[0], seq), max(old[1], mtime))
    return [(r, newest[r][1]) for r in sorted(newest, key=lambda r: (newest[r], r.name), reverse=True)]


def file_seq(path: str | os.PathLike) -> int:
    """The highest play sequence number in one journal file (its header's
    ``seq`` or a ``resumed`` note's), 0 if none (older journals) or the
    file cannot be read.  Reads only lines that carry one and pass their
    checksum."""
    try:
        data = _read_bytes(Path(path))
    except JournalError:
        return 0
    best = 0
    version = _header_version(Path(path), data.split(b"\n", 1)[0])
    for raw in data.split(b"\n"):
        if b'"seq":' not in raw:
            continue
        try:
            item = decode_line(raw, version)
        except (ValueError, UnicodeDecodeError, RecursionError):
            continue
        seq = item.get("seq")
        if isinstance(seq, int) and not isinstance(seq, bool) and ("journal" in item or item.get("note") == "resumed"):
            best = max(best, seq)
    return best


def play_seq(folder: str | os.PathLike) -> int:
    """The highest play sequence number of the journals in ``folder`` (0
    if none): the order games were started and resumed in, whatever the
    system clock did."""
    return max((file_seq(q) for q in Path(folder).glob("*.jsonl")), default=0)


def game_key(header: dict[str, Any]) -> str:
    """The identity of a game (the same for a journal and every copy of
    it, wherever they are): a hash of its header's game, seat count, seed,
    options, ``id`` and ``seq``."""
    ident = {k: header.get(k) for k in ("game", "num_players", "seed", "options", "id", "seq")}
    return hashlib.sha256(json.dumps(ident, sort_keys=True, default=str).encode()).hexdigest()[:32]


#: Where the game locks live (:func:`use_lock_dir`; None: the system's
#: temporary folder).  Every process playing games of one state folder
#: must use the same one.
LOCK_DIR: Path | None = None


def use_lock_dir(folder: str | os.PathLike | None) -> None:
    """Keep the game locks in ``folder`` (the session passes the state
    folder's ``locks/``: a systemd service has a private /tmp), or in the
    system's temporary folder (None)."""
    global LOCK_DIR
    LOCK_DIR = Path(folder) if folder is not None else None


def _lock_dir() -> Path:
    folder = LOCK_DIR if LOCK_DIR is not None else Path(tempfile.gettempdir()) / "cabinet-game-locks"
    try:
        folder.mkdir(mode=0o1777 if LOCK_DIR is None else 0o750, parents=LOCK_DIR is not None, exist_ok=True)
    except OSError:
        pass        # no lock folder: _game_lock's open fails and the path lock alone holds (said there)
    return folder


def _lock_game(header: dict[str, Any], path: Path) -> int:
    """An exclusive ``flock`` on the game itself (a lock file named by
    :func:`game_key` in the system's temporary folder), released when the
    process ends.

    Raises:
        JournalLocked: another process plays this game (from any copy).
    """
    lock = _lock_dir() / f"{game_key(header)}.lock"
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError:
        return -1             # no shared lock folder: the path lock still holds
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise JournalLocked(f"{path}: this game is being played by another cabinet process (from "
                            "this file or a copy of it); finish or close that game first") from None
    return fd


# ---------------------------------------------------------------- writing
def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_error(path: Path, exc: OSError, what: str) -> JournalWriteError:
    if exc.errno == errno.EROFS:     # words, not "[Errno 30] Read-only file system"
        err = JournalWriteError(f"{path}: cannot {what}: the folder {path.parent} is on a read-only file system, "
                                "so the game cannot be saved and was not started or resumed. Make it writable "
                                "(sudo mount -o remount,rw /, or check the SD card's lock switch) or set "
                                "cabinet.state_dir to a writable folder")
        err.errno = exc.errno
        return err
    hint = {errno.ENOSPC: "the disk is full: free some space (old journals, logs) and the game goes on",
            errno.EDQUOT: "the disk quota is used up: free some space and the game goes on",
            errno.EROFS: "the file system is read-only: check the SD card",
            errno.EIO: "an I/O error: the SD card may be failing; copy the journal elsewhere"}.get(
        exc.errno, "check the disk")
    err = JournalWriteError(f"{path}: cannot {what} ([Errno {exc.errno}] {exc.strerror or exc}); {hint}")
    err.errno = exc.errno
    return err


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def _atomic_create(final: Path, lines: list[bytes]) -> None:
    """Create ``final`` holding ``lines`` so that it never exists half
    written: temp file, fsync, link to the final name (never replacing an
    existing file), fsync the folder.

    Raises:
        FileExistsError: ``final`` exists.
        OSError: the disk refused.
    """
    tmp = final.with_name(f".{final.name}.tmp-{os.getpid()}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        try:
            _write_all(fd, b"".join(lines))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.link(tmp, final)
    finally:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
    _fsync_dir(final.parent)


def remove_stale_temps(folder: str | os.PathLike) -> None:
    """Delete temporary files left by a process killed while creating a
    journal or a resume copy (they are never read)."""
    for q in Path(folder).glob(".*.jsonl.tmp-*"):
        try:
            pid = int(q.name.rsplit("-", 1)[1])
        except ValueError:
            continue
        if pid != os.getpid() and not _alive(pid):
            try:
                q.unlink(missing_ok=True)
            except OSError:
                pass          # a read-only folder: the copy that follows says so in words


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _lock(root: Path) -> int:
    """An exclusive ``flock`` on the family's original journal (released
    when the process ends, however it ends).

    Raises:
        JournalLocked: another process holds it.
        JournalError: the file cannot be opened.
    """
    try:
        fd = os.open(root, os.O_RDONLY)
    except OSError as exc:
        raise JournalError(f"{root}: cannot open the journal to lock it ({exc.strerror or exc})") from exc
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise JournalLocked(f"{root}: this game is being played by another cabinet process (the journal is "
                            "locked); finish or close that game first") from None
    return fd


class JournalWriter:
    """Appends applied actions to a journal, one fsynced line each.

    Use :meth:`create` for a new game and :meth:`continue_from` (or
    :func:`open_for_resume`) to go on after a resume.  Never rewrites
    existing lines.  Holds the family's lock until :meth:`close`.

    When a write fails (disk full), the file is cut back to its last whole
    line, the action stays queued in :attr:`pending` and
    :class:`JournalWriteError` is raised; :meth:`flush` retries.
    """

    def __init__(self, path: Path, fd: int, lock_fd: int | None = None) -> None:
        self.path = Path(path)
        self._fd = fd
        self._lock_fd = lock_fd
        self._game_lock_fd: int | None = None
        self._good_size = os.fstat(fd).st_size
        #: encoded lines not yet on disk (disk full), oldest first
        self.pending: list[bytes] = []
        self.written = 0
        #: the fsync of each action's line (``os.fsync``; the twin's
        #: :meth:`hardware.twin.Twin.fsync` charges an SD card's delay)
        self.fsync: Callable[[int], None] = os.fsync

    @classmethod
    def create(cls, path: str | os.PathLike, game: Game, meta: dict[str, Any] | None = None) -> "JournalWriter":
        """Start a new journal for a freshly created game (written
        atomically: the file appears with its whole header, or not at all).

        Args:
            meta: runtime facts kept in the header (bot seats, dice source);
                the engine ignores them.

        Raises:
            JournalError: the file exists already or cannot be written.
        """
        p = Path(path)
        header = {"journal": FORMAT_VERSION, "game": game.game_id, "num_players": game.num_players,
                  "seed": game.seed, "options": game.options, "id": secrets.token_hex(8),
                  "seq": play_seq(p.parent) + 1 if p.parent.is_dir() else 1}
        if meta:
            header["meta"] = meta
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            _atomic_create(p, [encode_line(header)])
        except FileExistsError as exc:
            raise JournalError(f"{p}: a journal exists there already; choose another path") from exc
        except OSError as exc:
            raise _write_error(p, exc, "create the journal") from exc
        lock = _lock(p)
        writer = cls(p, os.open(p, os.O_WRONLY | os.O_APPEND), lock)
        writer._game_lock_fd = _lock_game(header, p)
        return writer

    @classmethod
    def continue_from(cls, path: str | os.PathLike, contents: JournalContents,
                      lock_fd: int | None = None) -> "JournalWriter":
        """Go on appending after a resume.  A file that cannot be appended
        to as it is (``contents.needs_copy``) is kept untouched and its
        valid lines are copied, atomically, to ``ROOT.resumed-K.jsonl``
        (K one more than any copy so far); the writer appends there.

        Raises:
            JournalLocked: another process is writing this game.
            JournalError: the copy cannot be written.
        """
        p = Path(path)
        root = family_root(p)
        lock = lock_fd if lock_fd is not None else _lock(root if root.exists() else p)
        try:
            if not contents.needs_copy and not contents.truncated:
                try:
                    fd = os.open(p, os.O_WRONLY | os.O_APPEND)
                except OSError as exc:
                    raise _write_error(p, exc, "open the journal to go on") from exc
                return cls(p, fd, lock)
            remove_stale_temps(root.parent)
            k = 1 + max((int(_FAMILY.match(q.stem).group("k") or 0) for q in family(root)), default=0)
            new = root.with_name(f"{root.stem}.resumed-{k}{root.suffix}")
            header = dict(contents.header, journal=FORMAT_VERSION)
            try:
                _atomic_create(new, [encode_line(header)] + [encode_line(a) for a in contents.lines()])
                fd = os.open(new, os.O_WRONLY | os.O_APPEND)
            except OSError as exc:
                raise _write_error(new, exc, "write the resume copy") from exc
            return cls(new, fd, lock)
        except BaseException:
            if lock_fd is None:
                os.close(lock)
            raise

    def append(self, action: dict[str, Any]) -> None:
        """Append one applied action and fsync it.

        Raises:
            JournalWriteError: the disk refused; the action stays queued and
                is written by the next :meth:`flush` (or :meth:`append`).
        """
        self.pending.append(encode_line(action))
        self.flush()

    def flush(self) -> None:
        """Write the queued lines, oldest first, each fsynced.

        Raises:
            JournalWriteError: the disk still refuses (the file is cut back
                to its last whole line; nothing queued is lost).
        """
        self.flush_some(len(self.pending))

    def flush_some(self, n: int) -> None:
        """Write at most the ``n`` oldest queued lines (see :meth:`flush`;
        lines queued meanwhile wait for the next call)."""
        while self.pending and n > 0:
            n -= 1
            line = self.pending[0]
            try:
                _write_all(self._fd, line)
                self.fsync(self._fd)
            except OSError as exc:
                try:
                    os.ftruncate(self._fd, self._good_size)
                except OSError:
                    pass
                raise _write_error(self.path, exc, "write the last action") from exc
            self._good_size += len(line)
            self.written += 1
            self.pending.pop(0)

    def close(self) -> None:
        """Close the file and release the lock (idempotent)."""
        for name in ("_fd", "_lock_fd", "_game_lock_fd"):
            fd = getattr(self, name, None)
            if fd is not None and fd >= 0:
                setattr(self, name, None)
                try:
                    os.close(fd)
                except OSError:
                    pass

    def __del__(self) -> None:
        self.close()


def open_for_resume(path: str | os.PathLike) -> tuple[Game, JournalContents, JournalWriter]:
    """Lock ``path``'s family, pick its longest valid continuation
    (:func:`resolve`), replay it, and open a writer to go on.

    Returns:
        ``(game, contents, writer)``; ``writer.path`` is the file written.

    Raises:
        JournalLocked: another process is writing this game.
        JournalError: no member of the family reads cleanly, or replay fails.
    """
    p = Path(path)
    root = family_root(p)
    lock = _lock(root if root.exists() else p)
    game_lock = -1
    try:
        chosen, contents, game = resolve(p)
        game_lock = _lock_game(contents.header, p)
        writer = JournalWriter.continue_from(chosen, contents, lock_fd=lock)
    except BaseException:
        for fd in (lock, game_lock):
            if fd >= 0:
                os.close(fd)
        raise
    writer._game_lock_fd = game_lock
    try:      # this game is now the one played last (the clock may have jumped back)
        writer.append({"note": "resumed", "seq": play_seq(writer.path.parent) + 1})
    except JournalWriteError:
        pass  # queued in the writer; the game pauses until it is written, as for any line
    return game, contents, writer
