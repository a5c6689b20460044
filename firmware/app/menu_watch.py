"""The menu's "Watch a game" row (issue 38, Build 6): the newest saved
game, finished or not, watched move by move
(:mod:`firmware.app.replay_window`) on the menu's own screen and seats."""
from __future__ import annotations

import logging
import warnings
from pathlib import Path
from typing import Any, Callable

log = logging.getLogger("cabinet.menu")


def newest_game(cfg: dict[str, Any], words: Callable[[Any, float], str]) -> tuple[Path, str] | None:
    """The newest game in the state folder (as ``cabinet resume`` orders
    them, finished or not) and ``words(game, mtime)`` for it; None when
    there is none.  A damaged newest save is offered all the same: watching
    it says why it cannot be watched."""
    from firmware.runtime import journal as journal_mod
    from firmware.runtime.places import state_dir
    folder = state_dir(cfg) / "journals"
    if not folder.is_dir():
        return None
    for root, mtime in journal_mod.families_newest_first(folder):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", journal_mod.TruncatedJournalWarning)
                chosen, _, game = journal_mod.resolve(root)
        except journal_mod.JournalError:
            return Path(root), "damaged save"
        return chosen, words(game, mtime)
    return None


def watch_in_menu(cfg: dict[str, Any], path: Path, cabinet: Any, renderer: Any, size: tuple[int, int]) -> str:
    """Watch ``path``'s game on the menu's screen with its seats; returns
    the menu's message: "" after watching, else why it cannot be watched
    (a damaged save, in words; the file is not changed)."""
    from firmware.app.replay_window import watch
    from firmware.runtime.replay import Replay, ReplayRefused
    try:
        replay = Replay.open(path)
    except ReplayRefused as exc:
        log.error("%s", exc)
        return f"not watched: {exc}"
    watch(cfg, replay, size, cabinet=cabinet, renderer=renderer)
    return ""
