"""The journal: a game saved as its seed, options and the actions applied.

File format (JSON Lines, UTF-8): the first line is the header
``{"journal": 1, "game": ID, "num_players": N, "seed": S, "options": {...}}``;
every further line is one applied action (chance inputs and ticks included).
Each line is written whole and fsynced before the game moves on, so a power
cut loses at most the action being written.

Reading never modifies the file.  A truncated last line (no newline at the
end and not valid JSON: a power cut mid-write) is dropped with a warning; any
other bad line is refused with :class:`JournalError` naming the line number.
"""
from __future__ import annotations

import json
import os
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engines import Game, IllegalAction, SetupError, new_game

FORMAT_VERSION = 1


class JournalError(ValueError):
    """A journal file is unreadable or corrupt; the message names the file
    and the line.  The file is left untouched."""


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
    """
    header: dict[str, Any]
    actions: list[dict[str, Any]] = field(default_factory=list)
    truncated: bool = False


def read(path: str | os.PathLike) -> JournalContents:
    """Read and check a journal file without touching it.

    Raises:
        JournalError: unreadable file, bad header, or a corrupt line that is
            not a cut-off last line.
    """
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise JournalError(f"{p}: cannot read the journal ({exc.strerror or exc})") from exc
    if not data:
        raise JournalError(f"{p}: the journal is empty (no header line)")
    lines = data.split(b"\n")
    ends_with_newline = lines[-1] == b""
    if ends_with_newline:
        lines.pop()
    header = _parse_line(p, lines[0], 1, cut_off=False)
    if header.get("journal") != FORMAT_VERSION or not isinstance(header.get("game"), str):
        raise JournalError(f"{p}: line 1 is not a cabinet journal header (format {FORMAT_VERSION})")
    for key, kind in (("num_players", int), ("seed", int), ("options", dict)):
        if not isinstance(header.get(key), kind):
            raise JournalError(f"{p}: line 1: header field {key!r} is missing or not {kind.__name__}")
    contents = JournalContents(header=header)
    for number, raw in enumerate(lines[1:], start=2):
        cut_off = number == len(lines) and not ends_with_newline
        item = _parse_line(p, raw, number, cut_off)
        if item is None:
            warnings.warn(f"{p}: line {number} was cut off (power cut while writing?) and is ignored",
                          TruncatedJournalWarning, stacklevel=2)
            contents.truncated = True
            break
        contents.actions.append(item)
    return contents


def _parse_line(p: Path, raw: bytes, number: int, cut_off: bool) -> dict[str, Any] | None:
    """One journal line as a dict; ``None`` for an unparsable last line
    that was cut off (no newline after it).

    Raises:
        JournalError: the line is corrupt.
    """
    try:
        item = json.loads(raw.decode("utf-8"))
        if not isinstance(item, dict):
            raise ValueError("a journal line must be a JSON object")
    except (ValueError, UnicodeDecodeError) as exc:
        if cut_off:
            return None
        raise JournalError(f"{p}: line {number} is corrupt ({exc}); the file was not changed") from exc
    return item


def replay(path: str | os.PathLike) -> tuple[Game, JournalContents]:
    """Rebuild a game by replaying its journal.

    Returns:
        ``(game, contents)``: the game in the state after the last action.

    Raises:
        JournalError: corrupt file, unknown game, or an action the engine
            refuses on replay (named by line number).
    """
    contents = read(path)
    h = contents.header
    try:
        game = new_game(h["game"], h["num_players"], h["seed"], h["options"])
    except SetupError as exc:
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
    return game, contents


class JournalWriter:
    """Appends applied actions to a journal, one fsynced line each.

    Use :meth:`create` for a new game and :meth:`continue_from` to go on
    after a resume.  Never rewrites existing lines.
    """

    def __init__(self, path: Path, handle) -> None:
        self.path = path
        self._f = handle

    @classmethod
    def create(cls, path: str | os.PathLike, game: Game, meta: dict[str, Any] | None = None) -> "JournalWriter":
        """Start a new journal for a freshly created game.

        Args:
            meta: runtime facts kept in the header (bot seats, dice source);
                the engine ignores them.

        Raises:
            JournalError: the file exists already or cannot be written.
        """
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        try:
            f = open(p, "x", encoding="utf-8")
        except FileExistsError as exc:
            raise JournalError(f"{p}: a journal exists there already; choose another path") from exc
        except OSError as exc:
            raise JournalError(f"{p}: cannot create the journal ({exc.strerror or exc})") from exc
        writer = cls(p, f)
        header = {"journal": FORMAT_VERSION, "game": game.game_id, "num_players": game.num_players,
                  "seed": game.seed, "options": game.options}
        if meta:
            header["meta"] = meta
        writer._write(header)
        return writer

    @classmethod
    def continue_from(cls, path: str | os.PathLike, contents: JournalContents) -> "JournalWriter":
        """Go on appending after a resume.  If the last line had been cut
        off, the valid lines are written to a fresh file beside it
        (``NAME.resumed-K.jsonl``) and the damaged original is kept as it
        is; the writer appends to that new file."""
        p = Path(path)
        if not contents.truncated:
            return cls(p, open(p, "a", encoding="utf-8"))
        k = 1
        while (new := p.with_name(f"{p.stem}.resumed-{k}{p.suffix}")).exists():
            k += 1
        writer = cls(new, open(new, "x", encoding="utf-8"))
        writer._write(contents.header)
        for action in contents.actions:
            writer._write(action)
        return writer

    def _write(self, item: dict[str, Any]) -> None:
        self._f.write(json.dumps(item, separators=(",", ":"), sort_keys=True) + "\n")
        self._f.flush()
        os.fsync(self._f.fileno())

    def append(self, action: dict[str, Any]) -> None:
        """Append one applied action and fsync it."""
        self._write(action)

    def close(self) -> None:
        """Close the file."""
        self._f.close()
