"""Retrograde in words for the first-game walkthrough
(:mod:`firmware.screens.walkthrough`): what each step of a round asks of a
seat (roll, claim a target card, blast droids, unlock a power-up) and
which button does it."""
from __future__ import annotations

from typing import Any

#: what the arrows choose, by action type
_NOUNS = {"claim": "a target card", "reroll": "rolling again", "plan": "a blast plan",
          "blast": "droids to blast", "comet": "a comet to blast", "coin": "a die to copy with a coin",
          "trophy": "a die to circle a trophy", "done": "done", "keep": "keeping a power-up for later",
          "unlock": "a power-up", "odd": "a power-up", "even": "a power-up", "boss": "a boss"}
#: what the button then does
_VERBS = {"claim": "claim it (the first press wins)", "reroll": "roll again (then roll in your tray)",
          "plan": "blast as the plan says", "blast": "blast them", "comet": "blast it", "coin": "spend the coin",
          "trophy": "circle the trophy", "done": "finish blasting", "keep": "keep it", "unlock": "unlock it",
          "odd": "use it", "even": "use it", "boss": "fight the boss"}
_SHORT = {"claim": "claim", "reroll": "reroll", "plan": "blast", "blast": "blast", "comet": "blast",
          "coin": "coin", "trophy": "trophy", "done": "done", "keep": "keep", "unlock": "unlock",
          "odd": "use", "even": "use", "boss": "boss"}
#: what is happening, by phase
_NOW = {"roll": "everyone rolls at once: claim a target card your dice can blast",
        "stop": "Stop! the last target card must be claimed now",
        "blast": "it is your turn to blast droids on your sheet with your dice",
        "unlock": "you may unlock a power-up"}


def walkthrough_words(game, seat: int, view: dict[str, Any], shown, context: dict[str, Any]) -> Any:
    """The first-game walkthrough's words for ``seat``: roll its dice when
    the camera waits for them, else what its choices (``shown``) do; None
    when the game is not waiting for it."""
    from firmware.screens.walkthrough import Words, oled_words, todo_words
    if not shown.choices:
        if any(r.get("player") == seat for r in game.chance_requests()):
            return Words("roll your dice", "when the count says roll!, roll all your dice in your tray "
                         "(the camera reads them)", ("roll your dice!", "roll!"))
        return None
    now = _NOW.get(view.get("phase"), "it is your turn")
    return Words(now, todo_words(shown, _NOUNS, _VERBS), oled_words(shown, _SHORT))


def first_round(game) -> bool:
    """True during round 1 of the game's rounds."""
    return game.view(None).get("round") == 1
