"""The saved games the menu offers: every unfinished game to resume (each
named by its game, players, progress and when it was played, a damaged
save named, never passed over) and the newest game to watch again.

:func:`find_resume` fills a :class:`firmware.app.menu.Menu`'s Resume and
Watch rows from the state folder's journals.
"""
from __future__ import annotations

import datetime as _dt
import logging
import time
from pathlib import Path
from typing import Any

from engines import GAMES

log = logging.getLogger("cabinet.menu")

#: a game's name on a Resume row where its full name leaves too little room
#: for the rest on the menu's line (at 1280 x 720)
RESUME_NAMES = {"cafe-junior": "Café Junior"}


def when_words(t: float, now: float | None = None) -> str:
    """When a game was last played, as a person says it: "14:02" (today),
    "yesterday 09:10", "Mon 28 Nov 14:02" (``t``, ``now``: epoch seconds)."""
    when = _dt.datetime.fromtimestamp(t)
    today = _dt.datetime.fromtimestamp(time.time() if now is None else now).date()
    days = (today - when.date()).days
    day = "" if days == 0 else "yesterday " if days == 1 else when.strftime("%a %d %b ")
    return f"{day}{when.strftime('%H:%M')}"


def progress_words(game: Any) -> str:
    """How far a game went, in its own terms: "round 2 of 8", "turn 5",
    "6 orders left" ("" where the view says nothing of it)."""
    v = game.view(None)
    if isinstance(v.get("round"), int) and v.get("rounds"):
        return f"round {max(1, v['round'])} of {v['rounds']}"
    if isinstance(v.get("round"), int) and v["round"] >= 1:
        return f"round {v['round']}"
    if isinstance(v.get("turn_number"), int):
        return f"turn {v['turn_number']}"
    if isinstance(v.get("deck_count"), int):
        return f"{v['deck_count']} order{'s' if v['deck_count'] != 1 else ''} left"
    return ""


def unfinished_games(cfg: dict[str, Any], now: float | None = None,
                     seats: dict[Path, tuple[int, frozenset[int], dict[int, str]]] | None = None,
                     ) -> tuple[list[tuple[Path, str]], str]:
    """Every unfinished game in the state folder, newest first, as
    (journal path to resume - of its family the member with the longest
    valid continuation - and the game in words: its name, players,
    progress and when it was played), and why the newest save cannot be
    resumed ("" if it can): a damaged save is named, never silently
    passed over, and the older games stay offered by name.  ``seats``,
    when given, is filled with each offered journal's seats as saved:
    (seat count, the 0-based seats bots played, their bot levels)."""
    import warnings

    from firmware.runtime import journal as journal_mod
    from firmware.runtime.places import state_dir
    folder = state_dir(cfg) / "journals"
    if not folder.is_dir():
        return [], ""
    found, problem = [], ""
    for i, (root, mtime) in enumerate(journal_mod.families_newest_first(folder)):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", journal_mod.TruncatedJournalWarning)
                chosen, contents, game = journal_mod.resolve(root)
        except journal_mod.JournalError as exc:
            log.error("%s", exc)
            if i == 0:
                problem = f"the newest saved game is damaged and was not resumed: {exc}"
            continue
        if game.is_terminal():
            continue
        name = RESUME_NAMES.get(game.game_id) or (GAMES[game.game_id].name if game.game_id in GAMES
                                                   else game.game_id)
        words = [name, f"{game.num_players} player{'s' if game.num_players != 1 else ''}",
                 progress_words(game), when_words(mtime, now)]
        found.append((chosen, ", ".join(w for w in words if w)))
        if seats is not None:
            meta = contents.header.get("meta", {}) or {}
            seats[chosen] = (game.num_players, frozenset(int(b) for b in meta.get("bots", [])),
                             {int(k): str(v) for k, v in (meta.get("bot_levels") or {}).items()})
    return found, problem


def find_resume(menu: Any, cfg: dict[str, Any]) -> None:
    """Set the menu's (:class:`firmware.app.menu.Menu`) Resume rows: every
    unfinished game (and its seats as saved), and why the newest save cannot
    be resumed (damaged: named, never skipped silently); and its Watch row: the newest saved
    game."""
    menu.saved_seats = {}
    menu.resumable, menu.resume_problem = unfinished_games(cfg, seats=menu.saved_seats)
    from firmware.app.menu_watch import newest_game
    menu.watchable = newest_game(cfg, lambda game, mtime: ", ".join(w for w in (
        GAMES[game.game_id].name if game.game_id in GAMES else game.game_id, f"{game.num_players} players",
        "finished" if game.is_terminal() else progress_words(game), when_words(mtime)) if w))
    menu.focus = min(menu.focus, len(menu.rows()) - 1)
