"""The moves in words (issue 38, Build 6): what the replay says of each
move and the log a paused game pages back through.

A game's screens module may give ``log_words(events, view, keep) ->
lines`` (Café Junior's and Ginza's feeds: tables by their place, dice reads
left out); other games get the engine's event texts with "Player N" said
"Seat N"."""
from __future__ import annotations

from typing import Any

from firmware.screens.cafe_junior_feed import seat_words
from firmware.screens.games import cabinet_game

#: Lines a log keeps at most (older moves drop off the front).
KEEP = 400


def move_words(game_id: str, events: list[str], view: dict[str, Any]) -> list[str]:
    """The engine's event texts of one or more moves, in the table's words
    (oldest first; events the game's feed leaves out give no line).

    Args:
        events: the engine's event texts, in the order applied.
        view: the public view after them (places on the board).
    """
    declared = cabinet_game(game_id)
    fn = declared.hook("log_words") if declared is not None else None
    if fn is not None:
        return list(fn(list(events), view, KEEP))
    return [w for w in (seat_words(t) for t in events) if w]
