"""Retrograde's words for rolling and rerolling (book, 2 - Roll Dice: "roll
all your dice.  Keep as many dice as you want and reroll the rest"), and
which dice a simulated seat keeps when it rerolls.

At the real cabinet the seat keeps dice by hand and the camera reads the
whole tray (every reading is all of the seat's dice): the words say "keep
what you like, roll the rest", never a count to roll.  In the simulator the
table keeps, for a person, the dice that fit the card the seat's cursor
last pointed at this round (its target; the HDMI lit it), and for a bot the
dice its plan keeps (``bots/retrograde.py`` ``keep``); the words name them
before the press ("keep 3 for B, roll 3")."""
from __future__ import annotations

from typing import Any

from engines.retrograde.components import default_components
from engines.words import plural

from firmware.screens.retrograde_plans import card_letters

#: What the seat's OLED says of a reroll at the real cabinet (its gist,
#: after ": ", where one line has no room for the whole).
KEEP_BY_HAND = "reroll: keep what you like, roll the rest"


def fitting_dice(dice: list[int] | None, card_id: str | None) -> list[int]:
    """The values of ``dice`` (pips 1-6) that fit target card ``card_id``:
    those showing one of its two droid colours, in the dice's order; [] with
    no dice or no card.

    Raises:
        KeyError: ``card_id`` names no target card.
    """
    if not dice or not card_id:
        return []
    colours = default_components().card(card_id).colours
    return [v for v in dice if v in colours]


def _rolling_again(game: Any, seat: int) -> bool:
    """True when ``seat`` already has dice this round (a reroll, not the
    round's first roll)."""
    return game.view(seat)["seats"][seat]["dice"] is not None


def dice_words(game: Any, request: dict[str, Any], kept: list[int] | None) -> str:
    """The seat's words while the game waits for its dice (the dice
    station's prompt): the round's first roll "roll all 6 dice!"; a reroll
    at the real cabinet (``kept`` None) "reroll: keep what you like, roll
    the rest"; in the simulator, the dice the table kept: "keep 3, roll 3
    dice" ("roll all 6 dice!" when it kept none)."""
    n = int(request.get("count", 6))
    if request.get("player") is None or not _rolling_again(game, int(request["player"])):
        return f"roll all {n} dice!"
    if kept is None:
        return KEEP_BY_HAND
    if not kept:
        return f"roll all {n} dice!"
    return f"keep {len(kept)}, roll {plural(n - len(kept), 'die', 'dice')}"


def reroll_words(view: dict[str, Any], seat: int, target: str | None, simulated: bool) -> str:
    """What a seat's press on "reroll" does, said before the press: at the
    real cabinet "keep what you like, roll the rest"; in the simulator,
    with the card its cursor last rested on (``target``) while it is face
    up, "keep 3 for B, roll 3" (the dice that fit it stay), else "no card:
    roll all 6" (as :func:`kept_dice` keeps)."""
    if not simulated:
        return KEEP_BY_HAND
    dice = view["seats"][seat]["dice"] or []
    letters = card_letters(view)
    if target not in (view.get("face_up_ids") or []):     # none looked at, or another seat took it
        return f"no card: roll all {len(dice)}"
    kept = fitting_dice(dice, target)
    return f"keep {len(kept)} for {letters[target]}, roll {len(dice) - len(kept)}"


def kept_dice(game: Any, seat: int, target: str | None) -> list[int]:
    """Simulator, a person's reroll: the seat's dice that fit ``target``
    (the card its cursor last pointed at, while still face up), [] with
    none: the table rolls the others."""
    view = game.view(seat)
    if target not in (view.get("face_up_ids") or []):
        return []
    return fitting_dice(view["seats"][seat]["dice"], target)
