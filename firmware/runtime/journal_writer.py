"""Writing a journal: each line whole and fsynced before the game moves on,
new files made under a temporary name and renamed, the game locked while it
is written (:mod:`firmware.runtime.journal` has the whole story)."""
from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import secrets
import tempfile
from pathlib import Path
from typing import Any, Callable

from engines import Game

from firmware.runtime.journal_lines import (FORMAT_VERSION, JournalContents, JournalError, JournalLocked,
                                            JournalWriteError, encode_line)
from firmware.runtime.journal_files import _FAMILY, family, family_root, play_seq, resolve

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
    return _held(fd, f"{path}: this game is being played by another cabinet process (from this file or a "
                     "copy of it); finish or close that game first")


def _held(fd: int, taken: str) -> int:
    """``fd`` once this process holds an exclusive ``flock`` on it; if
    another process holds it, ``fd`` is closed and :class:`JournalLocked`
    (``taken``: the words) raised."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise JournalLocked(taken) from None
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
    return _held(fd, f"{root}: this game is being played by another cabinet process (the journal is locked); "
                     "finish or close that game first")


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
