"""The shared screen in words, for when the game's own screen cannot be
laid out (a layout bug, logged: the screen tests hunt them).  PT30: a
Ginza mat whose token count did not fit froze the table on the last
board it drew for the rest of the game, so nobody saw who won, and
``cabinet replay`` stopped with an error at that step.  The table then
says the game's latest moves in words, who won once it is over, and that
its picture could not be drawn."""
from __future__ import annotations

from typing import Any

from engines import Game
from engines.results import game_result

#: The shared screen's notice while the game's own screen cannot be drawn.
PLAIN_NOTICE = "the table could not be drawn: the game goes on"


def plain_screen(game: Game, context: dict[str, Any], size: tuple[int, int], measure: Any = None) -> Any:
    """The shared screen in words at ``size`` px: the game's name, the
    notice :data:`PLAIN_NOTICE`, its latest moves (``context``'s
    ``last_events``, newest last) and, once the game is over, who won
    (the result's headline, as the report gives it).  Built from the
    public view only; a kit ``Scene``.

    Raises:
        LayoutError: a word wider than the screen (never with the games'
            words).
    """
    from firmware.screens.draw import default_measure
    from firmware.screens.log_scene import log_scene
    from firmware.screens.moves_log import move_words
    lines = move_words(game.game_id, list(context.get("last_events") or []), game.view(None))
    if game.is_terminal():
        lines.append(game_result(game).headline)
    scene = log_scene(lines, 1, size, measure or default_measure(), title=game.display_name,
                      notice=PLAIN_NOTICE, heading="The latest moves")
    scene.facts["plain"] = True
    return scene
