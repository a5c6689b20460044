"""Café International Junior in words for the first-game walkthrough
(:mod:`firmware.screens.walkthrough`): what a turn asks of a seat (seat
guests, swap a joker, discard, end the turn) and which button does it."""
from __future__ import annotations

from typing import Any

_NOUNS = {"place": "a guest and a table side", "exchange": "a guest to swap for a joker",
          "discard": "a guest to discard",
          "end_turn": "ending your turn"}
_VERBS = {"place": "seat the guest", "exchange": "swap them", "discard": "discard the guest",
          "end_turn": "end your turn and draw back up"}
_SHORT = {"place": "seat", "exchange": "swap", "discard": "discard", "end_turn": "end turn"}


def walkthrough_words(game, seat: int, view: dict[str, Any], shown, context: dict[str, Any]) -> Any:
    """The first-game walkthrough's words for ``seat`` on its turn: what
    this turn still allows (seating guests, or discarding once no more
    guests are seated) from its choices (``shown``); None when it is not
    its turn."""
    from firmware.screens.walkthrough import Words, oled_words, todo_words
    if not shown.choices or view.get("current_player") != seat:
        return None
    mode = (view.get("turn") or {}).get("mode", "")
    kinds = {a.get("type") for a in shown.choices}
    if mode == "place":
        now = "you may seat more guests, or end your turn"
    elif mode == "discard":
        now = "you may discard more guests, or end your turn"
    elif "place" in kinds:
        now = "it is your turn: seat guests at tables showing their flag"
    else:
        now = "it is your turn: no guest fits, so discard or end your turn"
    return Words(now, todo_words(shown, _NOUNS, _VERBS), oled_words(shown, _SHORT))


def first_round(game) -> bool:
    """True until every seat has had its first turn."""
    view = game.view(None)
    return not view.get("over") and int(view.get("turn_number") or 1) <= game.num_players
