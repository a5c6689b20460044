"""Pure rules engines for the cabinet's five games.

Standard library only: no I/O, no clocks, no devices.  See
:mod:`engines.base` for the engine contract every game implements and
``engines/README.md`` for a summary.
"""
from .base import (Action, ComponentDataError, EngineError, Event, Game, IllegalAction,
                   SetupError, ranking_from_keys)
from .registry import GAMES, GameInfo, GameUnavailable, engine_class, game_from_json, game_ids, new_game

__all__ = [
    "Action", "ComponentDataError", "EngineError", "Event", "Game", "IllegalAction", "SetupError",
    "ranking_from_keys", "GAMES", "GameInfo", "GameUnavailable", "engine_class", "game_from_json",
    "game_ids", "new_game",
]
