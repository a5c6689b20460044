"""Journals as files: replay one, the family of a game's journal and its
resume copies, which member to resume (:func:`resolve`), the play sequence
(:mod:`firmware.runtime.journal` has the whole story)."""
from __future__ import annotations

import os
import re
import warnings
from pathlib import Path
from typing import Any

from engines import Game, IllegalAction, SetupError, new_game

from firmware.runtime.journal_lines import (JournalContents, JournalError, TruncatedJournalWarning, _header_version,
                                            _read_bytes, decode_line, read)

_FAMILY = re.compile(r"^(?P<root>.+?)(?:\.resumed-(?P<k>\d+))?$")


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
